# fetch32: the first launch's fetch of cold code with several warps (fetch31 measured one warp): .devjobs/fetch31's
# probe (probe_fetch31.cu, built again here) run with each block size the first launch of a process of its own, so that
# launch 0 of every block size is cold code (fetch31's blocks of 128-1024 followed ten launches of 32: warm).
# Question (docs/calibration.md "(fetch31)", "(fetch32)"): warpsim's cold fetch is one stream a warp whose lines every
# warp of the block shares (sim/ifetch.h). On the H100 h100h one warp issuing a line in 14.1 cycles or slower lost
# nothing in its first launch and one at 12.1-13.1 took 17.5 a line. Does a second warp on the same code (on another
# sub-partition: 64 and 128 threads; on the same one: 256, 512, 1024) share the lines the first brought (a span as one
# warp's at 2-8 warps), or is the fetch the SM's, shared in its rate (t14 slower at 4 warps than at 1)?
# Run from the repository root on the device: OUT=DIR sh .devjobs/fetch32/run.sh (7 kinds x 6 block sizes, 42
# processes of 3 launches, and 15 of probe_alu3 at one warp: about 30-50 s); DIR/fetch32.tar.xz holds fetch32/probe/bB/KIND.txt (B: 32, 64, 128, 256,
# 512, 1024 threads; "block launch bl warp t0 t1 warpid smid" a warp, launch 0 cold, 1-2 warm; probe_alu3.py's spans()
# reads each), alu3/KIND-R.txt (probe_alu3's hfma2_l, bfma2_l, hadd2_m, lop3_f, fma at 32 threads, processes R 1-3),
# probe_fetch32.sass, probe_fetch32.ptx (the same kernels as fetch31's: fetch31_KIND), meta.txt.
# What decides: per kind and block the first launch's span (the block's, first t0 to last t1) against the warm span
# (launches 1-2), in cycles a line of the region's SASS (fetch31's table: t12 193.0 lines ... t16 193.2).
set -u
. .devjobs/lib.sh
job fetch32
meta $o/meta.txt
build .devjobs/fetch31/probe_fetch31.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_fetch32.ptx .devjobs/fetch31/probe_fetch31.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_fetch32.sass
for b in 32 64 128 256 512 1024; do
    mkdir -p $o/probe/b$b
    for kind in t12 t13 t14 t145 t15 t16 l16; do
        timeout 30 $s/p $kind 1 $b 3 >$o/probe/b$b/$kind.txt 2>&1 || echo "rc=$? $kind $b" >>$o/meta.txt
    done
done
# probe_alu3's one-warp first launches that tell this session's cold fetch from h200f's and h100h's: hfma2_l,
# bfma2_l (14.4 cycles a line warm: h200f and the first H100 waited, 18.6 a line; h100b-d did not), hadd2_m (15.4: none
# waited), lop3_f and fma (fast code: 17.4 a line on h200f, 15.8-16.1 on h100b-c); 3 processes each, launch 0 cold
build tests/calibration/probes/probe_alu3.cu $s/a $o/nvcc-alu3.log
mkdir -p $o/alu3
for kind in hfma2_l bfma2_l hadd2_m lop3_f fma; do
    for r in 1 2 3; do
        timeout 30 $s/a $kind 1 32 3 >$o/alu3/$kind-$r.txt 2>&1 || echo "rc=$? alu3 $kind $r" >>$o/meta.txt
    done
done
ends $o/meta.txt
pack fetch32
ls -l $out
