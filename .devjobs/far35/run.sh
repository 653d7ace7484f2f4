# far35: probe_far35 on the H200: straight-line FFMA code of 16-96 KiB (past ifetch.far from 44 KiB) with 32 clock
# stamps a warp inside the region, blocks of 128-1024 threads (1-8 warps a sub-partition, 3, 5, 6 and 7 too), 10
# launches a process; and 64 KiB with only sub-partition 0's warps (spmask 1), 0 and 1's (3) or 0 and 2's (5) in the
# region. What it settles: fwin19 K 0 at 512 threads (-14.7% in warpsim: 19215 cycles on h200f, 1.17 an FFMA a
# sub-partition): how the warps of a sub-partition drift apart in far code and when a trailing warp refetches
# (docs/calibration.md "(far35)", .devjobs/far35/README).
# Run from the repository root on the device: OUT=DIR sh .devjobs/far35/run.sh (about 20 s); DIR/far35.tar.xz holds
# far35/probe/nN-mM.txt (N FFMAs, spmask M; "N block spmask launch warp warpid smid t0 s1 ... s32" a warp a line,
# then the spans), probe_far35.sass, probe_far35.ptx, meta.txt. Read with .devjobs/far35/read_far35.py RAW.
set -u
. .devjobs/lib.sh
job far35
meta $o/meta.txt
build .devjobs/far35/probe_far35.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_far35.ptx .devjobs/far35/probe_far35.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_far35.sass 2>>$o/nvcc.log
for n in 4096 1024 2304 2816 3328 6144; do
    timeout 20 $s/p $n 128,256,384,512,640,768,896,1024 10 15 >$o/probe/n$n-m15.txt 2>&1 || echo "rc=$? n=$n" >>$o/meta.txt
done
for m in 1 3 5; do
    timeout 20 $s/p 4096 128,256,512,1024 10 $m >$o/probe/n4096-m$m.txt 2>&1 || echo "rc=$? n=4096 m=$m" >>$o/meta.txt
done
ends $o/meta.txt
pack far35
