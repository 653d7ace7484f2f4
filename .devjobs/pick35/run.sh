# pick35: does a sub-partition of the H100/H200 leave a warp whose next op needs the IMAD pipe waiting while another
# warp of it runs mad19 mfi's IMAD/FFMA pairs (docs/calibration.md "(pick35)")? warpsim's greedy prototype (pick.greedy
# 5: the warp that issued last again while its yield bit is kept, else the round robin's next) hands the issue over in
# the cycle after an IMAD, when the IMAD pipe is still held, so an IMAD-only warp waits until the mfi warp ends (mix at
# 256 threads: runs of 32); the round robin interleaves them (runs of 1). pick33's probe with two kinds, mfi and mix.
# Run from the repository root on the device: OUT=DIR sh .devjobs/pick35/run.sh (2 kinds, each its own process, one
# block of 128, 256, 512, 1024 threads, 10 launches: a few seconds). DIR/pick35.tar.xz holds pick35/probe/KIND.txt
# ("block launch warp warpid smid s0 s1 ... s32", a warp a line, stamps relative to warp 0's s0), probe_pick35.sass,
# probe_pick35.ptx, meta.txt. Read with: python3 .devjobs/pick35/read.py RAW/pick35/probe/mix.txt [LAUNCH].
set -u
. .devjobs/lib.sh
job pick35
meta $o/meta.txt
build .devjobs/pick35/probe_pick35.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_pick35.ptx .devjobs/pick35/probe_pick35.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_pick35.sass 2>>$o/nvcc.log
for kind in $($s/p list); do
    timeout 30 $s/p $kind 128,256,512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
ends $o/meta.txt
pack pick35
