#!/usr/bin/env bash
# Runs on the H200: the CUDA programs built on the development machine (nvcc 13.0 -cudart shared),
# each's stdout, stderr and exit status; the cooperative_groups kernel through warpsim-hwrun.
set -uo pipefail
J=$PWD/.devjobs/cudacpp
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
sh "$J/../../programs/hwrun/build.sh" "$R/hwrun" > hwrun-build.log 2>&1 || true
if [ -x "$R/hwrun" ]; then
    (cd "$J" && timeout 30 "$R/hwrun" cg_tile_xor.ptx @cg_tile_xor.args --json > "$R/cg_tile_xor.json" 2> "$R/cg_tile_xor.err"; echo "hwrun rc $?")
    rm -f "$R/hwrun"
fi
tar czf "$OUT/cudacpp.tar.gz" -C "$R" .
ls -la "$OUT"
