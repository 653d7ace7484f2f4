#!/bin/bash
# --jobs 2's extra CPU time against a co-run: hardware counters (perf carried in build/perfkit), glibc tunables,
# every kernel. CPU only. warpsim release binary carried from the development machine.
B=$PWD/build/release/warpsim
tar xJf build/perfkit.tar.xz -C /tmp; K=/tmp/perfkit
perf() { $K/lib/ld-linux-x86-64.so.2 --library-path $K/lib $K/perf "$@"; }
exec > >(tee $OUT/log3.txt) 2>&1
date -u; ldd --version | head -1; uname -r
sp() { taskset -c ${CPUS:-2,3} $B bench --jobs ${J:-2} --speedup --only ${KER:-block_reduce} --mode ${MODE:-functional} "$@" | grep -E "^[a-z_0-9]+ +(functional|timing) "; }
echo "== baseline"; sp; sp
echo "== arena_max=1"; GLIBC_TUNABLES=glibc.malloc.arena_max=1 sp; GLIBC_TUNABLES=glibc.malloc.arena_max=1 sp
echo "== hugetlb=1"; GLIBC_TUNABLES=glibc.malloc.hugetlb=1 sp; GLIBC_TUNABLES=glibc.malloc.hugetlb=1 sp
echo "== jobs 4"; CPUS=4-7 J=4 sp
echo "== every kernel, functional"; for k in reduce_loop scan_loop divergent bank_conflicts block_reduce_256; do KER=$k sp; done
echo "== timing block_reduce"; MODE=timing sp
perf stat -e cycles,instructions true 2>&1 | tail -6
ARGS="programs/block_reduce.ptx --grid 20000 --block 1024 --arg in=f32[20480000]:iota --arg out=f32[20000] --mode functional --max-instructions 100000000000"
EV=cycles,instructions,machine_clears.memory_ordering,mem_load_l3_hit_retired.xsnp_fwd,mem_load_l3_hit_retired.xsnp_no_fwd,mem_load_l3_hit_retired.xsnp_miss,mem_load_retired.l2_miss,mem_load_retired.l1_miss,dTLB-load-misses
for j in 1 2 1 2; do echo "== perf stat jobs $j"; perf stat -e $EV -- taskset -c 2,3 $B run $ARGS --jobs $j > /dev/null; done
echo "== perf stat, 2 processes of half the grid (a co-run)"
HALF="programs/block_reduce.ptx --grid 10000 --block 1024 --arg in=f32[10240000]:iota --arg out=f32[10000] --mode functional --max-instructions 100000000000"
perf stat -e $EV -- bash -c "taskset -c 2 $B run $HALF > /dev/null & taskset -c 3 $B run $HALF > /dev/null; wait"
echo "== per thread, jobs 2"
perf record -s -e cycles,instructions,machine_clears.memory_ordering -o $OUT/t.data -- taskset -c 2,3 $B run $ARGS --jobs 2 > /dev/null 2>&1
perf report -i $OUT/t.data -T --stdio 2>/dev/null | tail -30
echo "== where the memory-ordering clears and cross-core hits are (jobs 2)"
perf record -e machine_clears.memory_ordering,mem_load_l3_hit_retired.xsnp_fwd -o $OUT/m.data -- taskset -c 2,3 $B run $ARGS --jobs 2 > /dev/null 2>&1
perf report -i $OUT/m.data --stdio --sort sym 2>/dev/null | grep -v "^$" | head -60
perf annotate -i $OUT/m.data --stdio 2>/dev/null | head -300 > $OUT/annotate.txt
echo "== c2c"
perf c2c record -o $OUT/c2c.data -- taskset -c 2,3 $B run $ARGS --jobs 2 > /dev/null 2>&1 && perf c2c report -i $OUT/c2c.data --stdio 2>&1 | head -200 > $OUT/c2c.txt
rm -f $OUT/*.data
date -u
