#!/bin/sh
# Device job of branch sync10 (issue 15): builds and runs probe_sync10.cu on the H200, 3 processes.
# Writes $OUT/probe_sync10.txt (meta + the cycles) and $OUT/probe_sync10.sass.xz.
set -u
PATH=$PATH:/usr/local/cuda/bin
cd "$(dirname "$0")" || exit 2
o=${OUT:-/tmp}
{
  echo "# date: $(date -u +%Y-%m-%dT%H:%MZ)"
  echo "# gpu: $(nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader | head -1)"
  echo "# $(nvcc --version | tail -1)"
} >"$o/probe_sync10.txt"
nvcc -O3 -arch=sm_90 -o /tmp/probe_sync10 probe_sync10.cu 2>>"$o/probe_sync10.txt" || { cat "$o/probe_sync10.txt"; exit 1; }
cuobjdump -sass /tmp/probe_sync10 >"$o/probe_sync10.sass" && xz -9f "$o/probe_sync10.sass"
for p in 1 2 3; do echo "# process $p" >>"$o/probe_sync10.txt"; /tmp/probe_sync10 >>"$o/probe_sync10.txt" 2>&1; done
cat "$o/probe_sync10.txt"
