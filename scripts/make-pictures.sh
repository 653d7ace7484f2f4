#!/bin/sh
# Renders the pictures of docs/pictures/ from programs/ and viz/examples/ with `warpsim viz`,
# headless.
# usage: scripts/make-pictures.sh [path/to/warpsim]   (default: build/dev/warpsim)
set -eu
cd "$(dirname "$0")/.."
W=${1:-build/dev/warpsim}
OUT=docs/pictures
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# still NAME STEP VIZ-ARGUMENTS...: frame STEP of a headless replay as OUT/NAME.png
still() {
    name=$1 step=$2
    shift 2
    rm -rf "$TMP/$name"
    "$W" viz "$@" --png "$TMP/$name" >/dev/null
    cp "$TMP/$name/$(printf 'step_%04d.png' "$step")" "$OUT/$name.png"
    echo "$OUT/$name.png"
}

# the 5-step shfl_down reduction on 0..31 shuffled: each shuffle and its add, then the result,
# lane 0 = 496, with the tree of the 32 inputs it came from
"$W" viz @viz/examples/warp_reduce_down.args --only shfl,add.f32 --gif "$OUT/warp_reduce_down.gif" --delay 1500 >/dev/null
echo "$OUT/warp_reduce_down.gif"
still warp_reduce_provenance 11 @viz/examples/warp_reduce_down.args --only shfl,add.f32

still butterfly_allreduce 1 programs/butterfly_allreduce.ptx @programs/butterfly_allreduce.args --only shfl
still butterfly_allreduce_xor4 3 programs/butterfly_allreduce.ptx @programs/butterfly_allreduce.args --only shfl
still warp_scan 3 programs/warp_scan.ptx @programs/warp_scan.args --only shfl
still warp_scan_provenance 11 programs/warp_scan.ptx @programs/warp_scan.args --only shfl,add.f32 --lane 5
still shfl_up_w16_d5 1 programs/shfl_up_w16_d5.ptx @programs/shfl_up_w16_d5.args --only shfl
still shfl_down_w8_d3 1 viz/examples/shfl_down_w8_d3.ptx @viz/examples/shfl_down_w8_d3.args --only shfl
still divergent_shfl 1 viz/examples/divergent_shfl.ptx @viz/examples/divergent_shfl.args --only shfl
still ballot_compact 1 programs/ballot_compact.ptx @programs/ballot_compact.args --only vote

# shared-memory banks: the stride-32 load, the 128-bit load, and the transpose beside its
# padded fix at their first column read (a 32-way conflict, then none), with both kernels' cycles
still bank_stride32 36 viz/examples/bank_strides.ptx @viz/examples/bank_strides.args --only mem
still bank_128bit 39 viz/examples/bank_strides.ptx @viz/examples/bank_strides.args --only mem
still transpose_banks 5 @viz/examples/transpose_conflict.args --only mem --beside viz/examples/transpose_padded.args
