#!/bin/sh
# Regenerate every tests/corpus/NAME.ptx from tests/corpus/NAME.cu with nvcc, exactly as committed:
#   nvcc -arch=sm_90 -ptx tests/corpus/NAME.cu -o tests/corpus/NAME.ptx
# (under `nice`: a CUB kernel takes seconds to compile). Runs from any directory. Fails if nvcc
# is missing, if any compile fails, or if nvcc prints anything (warnings count as failures).
# Usage: tests/corpus/regen-ptx.sh [NAME...]   (no names: every tests/corpus/*.cu)
#        JOBS=N tests/corpus/regen-ptx.sh      compile N at a time (default 1)
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root"

NVCC=${NVCC:-nvcc}
if ! command -v "$NVCC" >/dev/null 2>&1; then
    echo "regen-ptx.sh: nvcc not found (set NVCC or add the CUDA toolkit to PATH)" >&2
    exit 1
fi

if [ $# -gt 0 ]; then
    names="$*"
else
    names=$(for f in tests/corpus/*.cu; do basename "$f" .cu; done)
fi
for name in $names; do
    [ -f "tests/corpus/$name.cu" ] || { echo "regen-ptx.sh: no tests/corpus/$name.cu" >&2; exit 1; }
done

logs=$(mktemp -d)
trap 'rm -rf "$logs"' EXIT
# each compile writes nvcc's messages to $logs/NAME: an empty file means success
export NVCC logs
printf '%s\n' $names | xargs -P "${JOBS:-1}" -I{} sh -c '
    if nice "$NVCC" -arch=sm_90 -ptx "tests/corpus/$1.cu" -o "tests/corpus/$1.ptx" >"$logs/$1" 2>&1; then
        [ -s "$logs/$1" ] || echo "tests/corpus/$1.ptx"
    else
        echo "(nvcc exited with $?)" >>"$logs/$1"
    fi' sh {}

status=0
for name in $names; do
    if [ -s "$logs/$name" ]; then
        echo "regen-ptx.sh: nvcc failed or printed output for tests/corpus/$name.cu:" >&2
        cat "$logs/$name" >&2
        status=1
    fi
done
exit $status
