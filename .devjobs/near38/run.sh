# near38 (issue 15): which of two causes lets mad19 mfi's four warps of a sub-partition end together on the H200 at 512
# threads where fmi's end in start order and fm's fourth is starved (warpsim starves the fourth in all three): (1) the
# region's opening (mfi's 11 FFMAs before the first IMAD) or (2) the start spread of the ALU prologue (7 IADD3 +
# 7 IADD3.X); docs/calibration.md "(near37)", "(near38)". Kinds and what each separates: README, probe_near38.cu.
# Run from the repository root on the device: OUT=DIR sh .devjobs/near38/run.sh (10 kinds, each its own process, one
# block of 128, 256, 512, 1024 threads, 10 launches, mad19's set a: about 15 s with the build). DIR/near38.tar.xz holds
# near38/probe/KIND.txt ("block launch bl warp t0 t1 warpid smid" a warp, mad19's lines; read with
# tests/calibration/probes/probe_alu3.py's spans() or .devjobs/near38/read.py), probe_near38.sass, probe_near38.ptx,
# meta.txt.
set -u
. .devjobs/lib.sh # job, meta, build, ends, pack
job near38
meta $o/meta.txt
build .devjobs/near38/probe_near38.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_near38.ptx .devjobs/near38/probe_near38.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_near38.sass 2>>$o/nvcc.log
for kind in $($s/p list); do
    timeout 20 $s/p $kind 1 128,256,512,1024 10 0 5 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
ends $o/meta.txt
pack near38
ls -l $out
