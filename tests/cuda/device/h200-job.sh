#!/usr/bin/env bash
# Runs on the H200 (the device tool), from the repository root: the CUDA programs built on the
# development machine (nvcc 13.0 -cudart shared; tests/cuda/bin), each's stdout, stderr and exit
# status; the cooperative_groups kernel through warpsim-hwrun. The job folder JOB (this script's
# folder when copied there, e.g. .devjobs/NAME) holds bin/ (a copy of tests/cuda/bin),
# cg_tile_xor.ptx (nvcc -arch=sm_90 -ptx of a file including tests/cuda/cg_tile_xor.cu with an
# explicit tile_allreduce<16> instantiation) and cg_tile_xor.args. Everything lands in
# $OUT/cudacpp.tar.gz; unpack exec/NAME.{stdout,rc} into tests/golden/exec/ and
# cg_tile_xor.json into tests/golden/nvrtc/ (METADATA.txt there says how it was done).
set -uo pipefail
J=$(cd "$(dirname "$0")" && pwd)
root=$PWD
R=$OUT/r
mkdir -p "$R/exec"
export LD_LIBRARY_PATH=/usr/local/cuda/lib64:${LD_LIBRARY_PATH:-}
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name,driver_version,compute_cap,clocks.max.sm --format=csv,noheader | head -1)"
    echo "nvcc: $(nvcc --version 2>/dev/null | tail -n 2 | tr '\n' ' ')"
    echo "host: $(uname -srm)"
    echo "libcudart: $(ldd "$J/bin/rt_props" | grep cudart)"
} > "$R/METADATA.raw" 2>&1
cat "$R/METADATA.raw"
cd "$R/exec"
for b in "$J"/bin/*; do
    n=$(basename "$b")
    t0=$(date +%s%N)
    timeout 30 "$b" > "$n.stdout" 2> "$n.stderr"
    echo $? > "$n.rc"
    echo "$n: rc $(cat "$n.rc") ($(( ($(date +%s%N) - t0) / 1000000 )) ms)"
done
command -v script >/dev/null && script -qec "$J/bin/rt_printf_order" /dev/null > rt_printf_order.tty 2>&1
cd "$R"
sh "$root/programs/hwrun/build.sh" "$R/hwrun" > hwrun-build.log 2>&1 || true
if [ -x "$R/hwrun" ]; then
    (cd "$J" && timeout 30 "$R/hwrun" cg_tile_xor.ptx @cg_tile_xor.args --json > "$R/cg_tile_xor.json" 2> "$R/cg_tile_xor.err"; echo "hwrun rc $?")
    rm -f "$R/hwrun"
fi
tar czf "$OUT/cudacpp.tar.gz" -C "$R" .
ls -la "$OUT"
