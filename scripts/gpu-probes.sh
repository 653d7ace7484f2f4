#!/usr/bin/env bash
# Runs ON the GPU machine: programs/probe_* cases whose GPU behaviour is a fault or a hang rather
# than output (so no golden file can hold them). Each case: its exit status, stdout and stderr,
# written to $OUT/probes.txt (or ./golden-out/probes.txt). Results go to docs/hardware.md.
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${OUT:-$root/golden-out}
mkdir -p "$out"
hwrun=${HWRUN:-$root/build/hwrun/warpsim-hwrun}
[ -x "$hwrun" ] || sh programs/hwrun/build.sh "$hwrun" || { echo "gpu-probes.sh: building warpsim-hwrun failed" >&2; exit 1; }
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    command -v nvidia-smi >/dev/null && nvidia-smi --query-gpu=name,driver_version --format=csv,noheader
    for mode in 0 1 2 3; do
        echo "== probe_shfl_mask mode=$mode"
        timeout 20 "$hwrun" programs/probe_shfl_mask.ptx --block 32 'out=s32[32]' "mode=s32:$mode" 2>&1
        echo "rc: $?"
    done
    # per-lane membermasks that may fault or hang: one launch per case (programs/probe_lanemask_odd.cu)
    for mode in 0 1 2 3 4 5 6 7 8 9 10 11; do
        echo "== probe_lanemask_odd mode=$mode"
        timeout 20 "$hwrun" programs/probe_lanemask_odd.ptx --block 32 'in=u32[32]:rand:11' 'out=u32[64]' "mode=s32:$mode" 2>&1
        echo "rc: $?"
    done
} | tee "$out/probes.txt"
# the SASS ptxas makes of the probes (what the collectives became: WARPSYNC, VOTE, REDUX, ...)
if command -v ptxas >/dev/null && command -v cuobjdump >/dev/null; then
    for name in ${SASS_PROBES:-probe_lanemask probe_lanemask_odd}; do
        ptxas -arch=sm_90 "programs/$name.ptx" -o "/tmp/$name.cubin" && cuobjdump -sass "/tmp/$name.cubin" > "$out/$name.sass"
    done
fi
