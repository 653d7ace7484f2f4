#!/usr/bin/env bash
# check_cudart_exports.sh OURS [REAL]
# warpsim's libcudart.so.13 (OURS) must define every function NVIDIA's (REAL, default the CUDA
# toolkit's) exports, at the same symbol version -- implemented, or a stub naming it
# (runtime/unsupported.def) -- and nothing else. Skipped (77) where the toolkit is not installed.
set -u
ours=$1
real=${2:-}
if [ -z "$real" ]; then
    for d in "${CUDA_HOME:-}" /usr/local/cuda; do
        [ -n "$d" ] && [ -f "$d/lib64/libcudart.so.13" ] && { real=$d/lib64/libcudart.so.13; break; }
    done
fi
if [ -z "$real" ] || ! command -v nm > /dev/null; then
    echo "SKIPPED: no CUDA 13 toolkit libcudart.so.13 (or no nm) to compare with"
    exit 77
fi
list() { nm -D --defined-only "$1" | awk '$2 == "T" {print $3}' | sort; }
missing=$(comm -23 <(list "$real") <(list "$ours"))
extra=$(comm -13 <(list "$real") <(list "$ours"))
status=0
[ -n "$missing" ] && { echo "missing from $ours (add them to runtime/unsupported.def or write them):"; echo "$missing"; status=1; }
[ -n "$extra" ] && { echo "exported by $ours but not by $real:"; echo "$extra"; status=1; }
[ $status = 0 ] && echo "all $(list "$real" | wc -l) functions of $real, at their version"
exit $status
