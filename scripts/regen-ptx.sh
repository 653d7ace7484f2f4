#!/bin/sh
# Regenerate DIR/NAME.ptx from DIR/NAME.cu with nvcc, exactly as committed:
#   nvcc -arch=sm_90 -ptx DIR/NAME.cu -o DIR/NAME.ptx
# (under `nice`: a CUB kernel takes seconds to compile). Runs from any directory (DIR is relative
# to the repository root). Fails if nvcc is missing, if any compile fails, or if nvcc prints
# anything (warnings count as failures).
# Usage: scripts/regen-ptx.sh DIR [NAME...]   (no names: every DIR/*.cu)
#        JOBS=N scripts/regen-ptx.sh DIR      compile N at a time (default 1)
# programs/regen-ptx.sh and tests/corpus/regen-ptx.sh call it for their own folder.
set -eu

root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
[ $# -gt 0 ] || { echo "usage: scripts/regen-ptx.sh DIR [NAME...]" >&2; exit 2; }
dir=${1%/}
shift

NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
    echo "regen-ptx.sh: nvcc not found (set NVCC or add the CUDA toolkit to PATH)" >&2
    exit 1
fi

if [ $# -gt 0 ]; then
    names="$*"
else
    names=$(for f in "$dir"/*.cu; do basename "$f" .cu; done)
fi
for name in $names; do
    [ -f "$dir/$name.cu" ] || { echo "regen-ptx.sh: no $dir/$name.cu" >&2; exit 1; }
done

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# each compile writes nvcc's messages to $logs/NAME: an empty file means success
export NVCC logs dir
printf '%s\n' $names | xargs -P "${JOBS:-1}" -I{} sh -c '
    if nice "$NVCC" -arch=sm_90 -ptx "$dir/$1.cu" -o "$dir/$1.ptx" >"$logs/$1" 2>&1; then
        [ -s "$logs/$1" ] || echo "$dir/$1.ptx"
    else
        echo "(nvcc exited with $?)" >>"$logs/$1"
    fi' sh {}

status=0
for name in $names; do
    if [ -s "$logs/$name" ]; then
        echo "regen-ptx.sh: nvcc failed or printed output for $dir/$name.cu:" >&2
        cat "$logs/$name" >&2
        status=1
    fi
done
exit $status
