# pick33: which warp a sub-partition of the H100/H200 issues (docs/calibration.md "(pick33)"). warpsim's round robin
# against a greedy pick (the warp that issued last again while it can, else the oldest): the committed stamps (t0/t1
# a warp) fit greedy in fwin19 at 16 KiB and loop32's two-warp loops, but mad19 fm/fmi/mf keep their warps together
# at 2 warps a sub-partition where a plain greedy pick in warpsim lets one warp take the IMAD pipe. This job stamps
# every warp 32 times inside its region (a clock read after each segment), so the order of issue is read directly.
# Run from the repository root on the device: OUT=DIR sh .devjobs/pick33/run.sh (4 kinds, each its own process, one
# block of 128, 256, 512, 1024 threads, 10 launches: about 10 s). DIR/pick33.tar.xz holds pick33/probe/KIND.txt
# ("block launch warp warpid smid s0 s1 ... s32", a warp a line, stamps relative to warp 0's s0), probe_pick33.sass,
# probe_pick33.ptx, meta.txt. Read with .devjobs/pick33/order.py RAW.
set -u
. .devjobs/lib.sh
job pick33
meta $o/meta.txt
build .devjobs/pick33/probe_pick33.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_pick33.ptx .devjobs/pick33/probe_pick33.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_pick33.sass 2>>$o/nvcc.log
for kind in $($s/p list); do
    timeout 30 $s/p $kind 128,256,512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
ends $o/meta.txt
pack pick33
