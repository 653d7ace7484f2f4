#!/bin/sh
# Device job of branch sync15 (issue 15): bench_sync[1]'s divergence check and the NOPs after it, cold and
# warm. Builds and runs probe_sync15.cu (gen_probe_sync15.py) in 3 processes, each kernel launched 7
# times (the first launch finds its code cold); launches programs/bench_sync.ptx 7 times in each of 3
# processes (../sync10/relaunch.c: launch 1 cold as warpsim-hwrun's single launch, 2 to 7 warm).
# Writes $OUT/probe_sync15.txt (meta, then the cycles) and $OUT/probe_sync15.sass.xz.
set -u
PATH=$PATH:/usr/local/cuda/bin
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../.." && pwd)
o=${OUT:-/tmp}
t=$o/probe_sync15.txt
b=$(mktemp -d)
{
  echo "# date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "# gpu: $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader | head -1)"
  echo "# $(nvcc --version | tail -1)"
} >"$t"
nvcc -O3 -arch=sm_90 -o "$b/probe" "$here/probe_sync15.cu" 2>>"$t" || { cat "$t"; exit 1; }
gcc -O2 -o "$b/relaunch" "$root/.devjobs/sync10/relaunch.c" -I/usr/local/cuda/include -L/usr/local/cuda/lib64/stubs -lcuda 2>>"$t" || { cat "$t"; exit 1; }
cuobjdump -sass "$b/probe" >"$o/probe_sync15.sass" && xz -9f "$o/probe_sync15.sass"
for p in 1 2 3; do
  echo "# process $p" >>"$t"
  "$b/probe" >>"$t" 2>&1
done
for p in 1 2 3; do
  echo "# relaunch process $p: programs/bench_sync.ptx, out[0..2] after each launch" >>"$t"
  "$b/relaunch" "$root/programs/bench_sync.ptx" bench_sync 2 3 7 >>"$t" 2>&1 || echo "# relaunch exit $?" >>"$t"
done
echo "# end: $(date -u +%H:%M:%SZ), clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>"$t"
rm -rf "$b"
cat "$t"
