#!/bin/bash
# --jobs 2's second thread: is it slower a block than a co-run's, and which cache lines do the threads share?
# (warpsim release binary carried from the development machine; CPU-only, the GPU is not used)
B=build/release/warpsim
exec > >(tee $OUT/log.txt) 2>&1
date -u; nproc; lscpu | head -25; cat /proc/sys/kernel/perf_event_paranoid
which perf && perf --version
perf stat -e cycles,instructions,cache-misses,L1-dcache-load-misses true 2>&1 | tail -8
for i in 1 2 3; do taskset -c 2,3 $B bench --jobs 2 --speedup --only block_reduce --mode functional; done
ARGS="programs/block_reduce.ptx --grid 20000 --block 1024 --arg in=f32[20480000]:iota --arg out=f32[20000] --mode functional --max-instructions 100000000000"
for j in 1 2; do
  perf stat -e task-clock,cycles,instructions,cache-misses,cache-references,L1-dcache-load-misses,LLC-load-misses,ls_any_fills_from_sys.remote_cache,ls_any_fills_from_sys.int_cache -- taskset -c 2,3 $B run $ARGS --jobs $j > /dev/null
done
perf c2c record -o $OUT/c2c.data -- taskset -c 2,3 $B run $ARGS --jobs 2 > /dev/null 2>&1 && perf c2c report -i $OUT/c2c.data --stdio > $OUT/c2c.txt 2>&1
perf record -e cycles -g -o $OUT/p2.data -- taskset -c 2,3 $B run $ARGS --jobs 2 >/dev/null 2>&1; perf report -i $OUT/p2.data --stdio --sort sym --no-children 2>/dev/null | head -60 > $OUT/p2.txt
rm -f $OUT/*.data
date -u
