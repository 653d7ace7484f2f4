# f32w24 (issue 15): why probe_alu3's fadd/fmul/fma lose ~6% per step at 8 warps a sub-partition (1024 threads) against
# 4 (512), fadd_f/fadd_l/dadd ~4%, while fadd_m, lop3_f, mad, MUFU kinds lose nothing (docs/calibration.md "(f32w24)").
# Hypothesis: the H200/H100 issue the warps of these kinds in a staggered order (alu27: fadd's warps read t0 265
# cycles apart by groups and end 1331..2352), so the warps that end early issue their epilogue (~32 SASS: S2R,
# LDC, IMAD.WIDE, SEL, 5 STG...) inside the block's span while the issue port is saturated by the others.
# Test: the same probe with a bar.sync right after t1 (build "bar"): the early warps' epilogues then wait for the
# last t1. If the loss is those epilogues, fadd at 1024 threads drops from ~2354 to ~2 x its 512-thread span (~2214).
# Run from the repository root on the device: OUT=DIR sh .devjobs/f32w24/run.sh (about 2 minutes: two nvcc builds of
# probe_alu3.cu in parallel, then 2 x 12 kinds x (512, 1024) x 10 launches). DIR/f32w24.tar.xz holds
# f32w24/probe/KIND.txt (as built, "block launch bl warp t0 t1 warpid smid") and f32w24/probe/KIND-bar.txt, the SASS
# of both builds and meta.txt. Read with tests/calibration/probes/probe_alu3.py's spans().
set -u
. .devjobs/lib.sh # job, meta, build, ends, pack
job f32w24
meta $o/meta.txt
p=tests/calibration/probes
sed 's/finish(o, sink, t0, x);/{ unsigned long long t1_ = clock_after(x); __syncthreads(); record(o, sink, t0, t1_, x); }/' \
    $p/probe_alu3.cu >$s/probe_alu3_bar.cu
grep -q 't1_ = clock_after' $s/probe_alu3_bar.cu || { echo "bar variant not made" >>$o/meta.txt; exit 1; }
cp $p/probe_host.h $s/
(nvcc -arch=sm_90 -O3 -I $p -o $s/p $p/probe_alu3.cu >$s/nvcc.log 2>&1) &
(nvcc -arch=sm_90 -O3 -I $s -o $s/pb $s/probe_alu3_bar.cu >$s/nvcc_bar.log 2>&1) &
wait
[ -x $s/p ] && [ -x $s/pb ] || { cat $s/nvcc.log $s/nvcc_bar.log; exit 1; }
cuobjdump -sass -fun alu3_fadd $s/p >$o/probe_alu3_fadd.sass 2>&1
cuobjdump -sass -fun alu3_fadd $s/pb >$o/probe_alu3_bar_fadd.sass 2>&1
for kind in fadd fmul fma fadd_f fma_f fadd_l fma_l dadd fadd_m lop3_f mad ex2; do
    timeout 60 $s/p $kind 1 512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
    timeout 60 $s/pb $kind 1 512,1024 10 >$o/probe/$kind-bar.txt 2>&1 || echo "rc=$? $kind bar" >>$o/meta.txt
done
ends $o/meta.txt
pack f32w24; ls -l $out
