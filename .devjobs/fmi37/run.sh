# fmi37: the order a sub-partition of the H200/H100 issues 8 warps of mad19 fmi's and mfi's IMAD/FFMA pairs in
# (docs/calibration.md "(fmi37)"): pick35's probe with 16 segments and __launch_bounds__(1024) so that 1024 threads run
# (pick35's 1024 failed: too many resources), and the kind fmi (the FFMA of each pair first). mad19 fmi at 1024 threads
# is 2.36 cycles a step on h200f, warpsim 2.10 (-11.1%, the ledger); the stamps say whether the card's sub-partition
# slows once all 8 warps are in the region, and in which order it issues them.
# Run from the repository root on the device: OUT=DIR sh .devjobs/fmi37/run.sh (3 kinds, each its own process, one
# block of 128, 256, 512, 1024 threads, 10 launches: a few seconds). DIR/fmi37.tar.xz holds fmi37/probe/KIND.txt
# ("block launch warp warpid smid s0 s1 ... s16", a warp a line, stamps relative to warp 0's s0), probe_fmi37.sass,
# probe_fmi37.ptx, meta.txt. Read with: python3 .devjobs/fmi37/read.py RAW/fmi37/probe/fmi.txt [LAUNCH].
set -u
. .devjobs/lib.sh
job fmi37
meta $o/meta.txt
build .devjobs/fmi37/probe_fmi37.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_fmi37.ptx .devjobs/fmi37/probe_fmi37.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_fmi37.sass 2>>$o/nvcc.log
for kind in $($s/p list); do
    timeout 30 $s/p $kind 128,256,512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
ends $o/meta.txt
pack fmi37
