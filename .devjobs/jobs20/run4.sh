#!/bin/bash
# --jobs 2's extra CPU time against a co-run: hardware counters (perf carried in build/perfkit), glibc tunables,
# every kernel. CPU only. warpsim release binary carried from the development machine.
B=$PWD/build/release/warpsim
tar xJf build/perfkit.tar.xz -C /tmp; K=/tmp/perfkit
perf() { $K/lib/ld-linux-x86-64.so.2 --library-path $K/lib $K/perf "$@"; }
exec > >(tee $OUT/log3.txt) 2>&1
date -u; ldd --version | head -1; uname -r
sp() { taskset -c ${CPUS:-2,3} $B bench --jobs ${J:-2} --speedup --only ${KER:-block_reduce} --mode ${MODE:-functional} "$@" | grep -E "^[a-z_0-9]+ +(functional|timing) "; }
perf stat -e cycles,instructions,r02c3,r04d2 true 2>&1 | head -12
ARGS="programs/block_reduce.ptx --grid 20000 --block 1024 --arg in=f32[20480000]:iota --arg out=f32[20000] --mode functional --max-instructions 100000000000"
# raw Intel (Sapphire Rapids) events: r02c3 MACHINE_CLEARS.MEMORY_ORDERING, r04d2 MEM_LOAD_L3_HIT_RETIRED.XSNP_FWD (a line another core had modified),
# r02d2 XSNP_NO_FWD, r01d2 XSNP_MISS, r08d1 MEM_LOAD_RETIRED.L1_MISS, r10d1 L2_MISS, r20d1 L3_MISS
EV=cycles,instructions,r02c3,r04d2,r02d2,r01d2,r08d1,r10d1,r20d1
for j in 1 2 1 2; do echo "== perf stat jobs $j"; perf stat -e $EV -- taskset -c 2,3 $B run $ARGS --jobs $j > /dev/null; done
echo "== perf stat, 2 processes of half the grid (a co-run)"
HALF="programs/block_reduce.ptx --grid 10000 --block 1024 --arg in=f32[10240000]:iota --arg out=f32[10000] --mode functional --max-instructions 100000000000"
perf stat -e $EV -- bash -c "taskset -c 2 $B run $HALF > /dev/null & taskset -c 3 $B run $HALF > /dev/null; wait"
echo "== per thread, jobs 2"
perf record -s -e cycles,r02c3,r04d2 -o $OUT/t.data -- taskset -c 2,3 $B run $ARGS --jobs 2 > /dev/null 2>&1
perf report -i $OUT/t.data -T --stdio 2>&1 | tail -30
echo "== where the memory-ordering clears and cross-core hits are (jobs 2)"
perf record -e r02c3,r04d2 -o $OUT/m.data -- taskset -c 2,3 $B run $ARGS --jobs 2 > /dev/null 2>&1
perf report -i $OUT/m.data --stdio --sort sym 2>&1 | grep -v "^$" | head -80
perf annotate -i $OUT/m.data --stdio 2>/dev/null | head -300 > $OUT/annotate.txt
echo "== c2c"
perf c2c record -o $OUT/c2c.data -- taskset -c 2,3 $B run $ARGS --jobs 2 > /dev/null 2>&1 && perf c2c report -i $OUT/c2c.data --stdio 2>&1 | head -200 > $OUT/c2c.txt
rm -f $OUT/*.data
date -u
