# turn21 (issue 15): which warps of a sub-partition the H200 leaves waiting in a pipe-bound region, and by what rule
# (docs/calibration.md "(turn21)"). alu27's per-warp clocks: fma_l, fadd_l, fmul_l at 1024 threads run 5 warps a
# sub-partition to the end (about 3000-3450 cycles) and the 3 that started last (warps 0-11, 40 cycles apart each)
# after them (to 4840); mad_l's warps start 500-1000 cycles apart (the running ones starve the others' prologue);
# lop3_f, lop3_m, fadd_m end together; fma_m, h2f_f at 512 leave the last-started warp (0-3) waiting 800 cycles.
# This job reuses .devjobs/mad19/probe_mad19.cu (probe_alu3's method: 8 streams of 256 steps a warp, one block on one
# SM, 10 launches a process; LATE L: the warps 4L..4L+3, one a sub-partition, start 300 cycles after the others).
# What decides: with LATE 7 (warps 28-31, the first to start in alu27) the late enders are warps 28-31 plus the last
# other starters if the H200 favours the warps that reached the region first (age: a pick model of "oldest first"),
# warps 0-11 still if it favours low or high warp ids (a fixed priority), and no warp if the delay alone decides
# nothing (round robin, warpsim's). Kinds: fl, lf, ml, lm, fm, mf (probe_alu3's fma_l, lop3_f, mad_l, lop3_m, fma_m,
# mad_f). Then mad19's own job (about a minute), which was never run.
# Run from the repository root on the device: OUT=DIR sh .devjobs/turn21/run.sh (under 2 minutes); DIR/turn21.tar.xz
# holds turn21/probe/KIND-late-L.txt ("block launch bl warp t0 t1 warpid smid" a warp, as alu27/probe/KIND.txt; read
# with tests/calibration/probes/probe_alu3.py's spans()) and meta.txt; DIR/mad19.tar.xz as .devjobs/mad19/run.sh.
set -u
. .devjobs/lib.sh  # job, meta, build, ends, pack
job turn21
meta $o/meta.txt
build .devjobs/mad19/probe_mad19.cu $s/p $o/nvcc.log
for kind in fl lf ml lm fm mf; do
    # no late warp (alu27's case), then each group of 4 late in turn at 1024 threads (8 warps a sub-partition)
    timeout 30 $s/p $kind 1 512,1024 10 0 5 >$o/probe/$kind-late-none.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
    for late in 0 3 7; do
        timeout 30 $s/p $kind 1 1024 10 0 5 $late >$o/probe/$kind-late-$late.txt 2>&1 ||
            echo "rc=$? $kind late $late" >>$o/meta.txt
    done
done
ends $o/meta.txt
pack turn21
OUT=$out bash .devjobs/mad19/run.sh
