# misc32: probe_fsw (probe_fsize with every warp's stamps) on the H200: straight-line FFMA code of 16, 36, 64 and
# 96 KiB at 128-1024 threads, 10 launches a process. What it settles: fwin19 K 0 at 512 threads (4 warps a
# sub-partition) takes 1.17 cycles an FFMA on h200f (19215 cycles) where warpsim gives 1.00 (-14.7%): whether the
# warps of a sub-partition end together (a rate every warp pays) or apart (warps left behind), and whether code the
# caches keep (16 KiB) does it too (docs/calibration.md "(misc32)").
# Run from the repository root on the device: OUT=DIR sh .devjobs/misc32/run.sh; DIR/misc32.tar.xz.
set -u
. .devjobs/lib.sh
job misc32
meta $o/meta.txt
build .devjobs/misc32/probe_fsw.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p | grep -c FFMA >$o/ffma_count.txt 2>&1
for n in 1024 2304 4096 6144; do
    timeout 30 $s/p $n 128,256,512,1024 10 >$o/probe/n$n.txt 2>&1 || echo "rc=$? n=$n" >>$o/meta.txt
done
ends $o/meta.txt
pack misc32
