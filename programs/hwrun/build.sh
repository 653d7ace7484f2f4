#!/bin/sh
# Builds warpsim-hwrun, the hardware runner, with a plain compiler command line.
#   programs/hwrun/build.sh [OUTPUT]        (default: build/hwrun/warpsim-hwrun)
# Environment: CC (default cc), CUDA_HOME (default /usr/local/cuda), CFLAGS (extra flags).
# Links against libcuda; where no driver is installed (a build machine without a GPU), the
# toolkit's stub library in $CUDA_HOME/lib64/stubs satisfies the linker, and the real
# libcuda.so.1 of the GPU machine is loaded at run time.
set -eu

root=$(cd "$(dirname "$0")/../.." && pwd)
CC=${CC:-cc}
CUDA_HOME=${CUDA_HOME:-/usr/local/cuda}
out=${1:-$root/build/hwrun/warpsim-hwrun}

if [ ! -f "$CUDA_HOME/include/cuda.h" ]; then
    echo "build.sh: $CUDA_HOME/include/cuda.h not found (set CUDA_HOME)" >&2
    exit 1
fi

libdirs=""
for d in "$CUDA_HOME/lib64" "$CUDA_HOME/lib64/stubs" "$CUDA_HOME/targets/x86_64-linux/lib/stubs" \
         "$CUDA_HOME/targets/sbsa-linux/lib/stubs"; do
    [ -d "$d" ] && libdirs="$libdirs -L$d"
done

mkdir -p "$(dirname "$out")"
# shellcheck disable=SC2086 # libdirs and CFLAGS are lists of words
"$CC" -std=c11 -O2 -g -Wall -Wextra -Wpedantic ${CFLAGS:-} \
    -I"$root/cli" -I"$root/isa" -isystem "$CUDA_HOME/include" \
    "$root/programs/hwrun/hwrun.c" "$root/cli/launch.c" "$root/cli/report.c" "$root/cli/json.c" \
    "$root/isa/demangle.c" \
    $libdirs -lcuda -lm -o "$out"
echo "built $out"
