#!/bin/sh
# Second device job of branch sync15 (issue 15): probe_sync15b.cu (gen_probe_sync15b.py), N NOPs right after
# bench_sync[0]'s 64 cold NOPs with no constant load between the regions, 3 processes x 7 launches.
# Writes $OUT/probe_sync15b.txt (meta, then the cycles) and $OUT/probe_sync15b.sass.xz.
set -u
PATH=$PATH:/usr/local/cuda/bin
here=$(cd "$(dirname "$0")" && pwd)
o=${OUT:-/tmp}
t=$o/probe_sync15b.txt
b=$(mktemp -d)
{
  echo "# date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "# gpu: $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader | head -1)"
  echo "# $(nvcc --version | tail -1)"
} >"$t"
nvcc -O3 -arch=sm_90 -o "$b/probe" "$here/probe_sync15b.cu" 2>>"$t" || { cat "$t"; exit 1; }
cuobjdump -sass "$b/probe" >"$o/probe_sync15b.sass" && xz -9f "$o/probe_sync15b.sass"
for p in 1 2 3; do
  echo "# process $p" >>"$t"
  "$b/probe" >>"$t" 2>&1
done
echo "# end: $(date -u +%H:%M:%SZ), clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>"$t"
rm -rf "$b"
cat "$t"
