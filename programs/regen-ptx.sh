#!/bin/sh
# Regenerate every programs/NAME.ptx from programs/NAME.cu with nvcc, exactly as committed:
#   nvcc -arch=sm_90 -ptx programs/NAME.cu -o programs/NAME.ptx
# Runs from any directory (it changes to the repository root first). Fails if nvcc is
# missing, if any compile fails, or if nvcc prints anything (warnings count as failures).
# Usage: programs/regen-ptx.sh [NAME...]   (no names: every programs/*.cu)
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"

NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
    echo "regen-ptx.sh: nvcc not found (set NVCC or add the CUDA toolkit to PATH)" >&2
    exit 1
fi

if [ $# -gt 0 ]; then
    names="$*"
else
    names=$(for f in programs/*.cu; do basename "$f" .cu; done)
fi

log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
for name in $names; do
    if ! "$NVCC" -arch=sm_90 -ptx "programs/$name.cu" -o "programs/$name.ptx" >"$log" 2>&1; then
        echo "regen-ptx.sh: nvcc failed on programs/$name.cu:" >&2
        cat "$log" >&2
        status=1
    elif [ -s "$log" ]; then
        echo "regen-ptx.sh: nvcc printed output for programs/$name.cu:" >&2
        cat "$log" >&2
        status=1
    else
        echo "programs/$name.ptx"
    fi
done
exit $status
