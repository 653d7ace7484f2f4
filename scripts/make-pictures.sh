#!/bin/sh
# Renders the pictures of docs/pictures/ from programs/ with `warpsim viz`, headless.
# usage: scripts/make-pictures.sh [path/to/warpsim]   (default: build/dev/warpsim)
set -eu
cd "$(dirname "$0")/.."
W=${1:-build/dev/warpsim}
OUT=docs/pictures
TMP=$(mktemp -d)
trap 'rm -rf "$TMP"' EXIT
mkdir -p "$OUT"

# still NAME PTX ARGS STEP [viz options]: frame STEP of a --only shfl replay as OUT/NAME.png
still() {
    name=$1 ptx=$2 args=$3 step=$4
    shift 4
    rm -rf "$TMP/$name"
    "$W" viz "$ptx" "@$args" --only shfl --png "$TMP/$name" "$@" >/dev/null
    cp "$TMP/$name/$(printf 'step_%04d.png' "$step")" "$OUT/$name.png"
    echo "$OUT/$name.png"
}

# the 5-step shfl_down reduction, one frame per shuffle
"$W" viz programs/warp_reduce_down.ptx @programs/warp_reduce_down.args --only shfl \
    --gif "$OUT/warp_reduce_down.gif" --delay 1500 >/dev/null
echo "$OUT/warp_reduce_down.gif"

still butterfly_allreduce programs/butterfly_allreduce.ptx programs/butterfly_allreduce.args 1
still butterfly_allreduce_xor4 programs/butterfly_allreduce.ptx programs/butterfly_allreduce.args 3
still warp_scan programs/warp_scan.ptx programs/warp_scan.args 3
still shfl_up_w16_d5 programs/shfl_up_w16_d5.ptx programs/shfl_up_w16_d5.args 1
still divergent_shfl viz/examples/divergent_shfl.ptx viz/examples/divergent_shfl.args 1
"$W" viz programs/ballot_compact.ptx @programs/ballot_compact.args --only vote --png "$TMP/vote" >/dev/null
cp "$TMP/vote/step_0001.png" "$OUT/ballot_compact.png"
echo "$OUT/ballot_compact.png"
