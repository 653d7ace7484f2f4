# fda43 (issue 15, ledger lines mad19 fmi-a/-b 1024, -11.1%): which SASS feature costs mad19 fmi its issue at 8
# warps a sub-partition (docs/calibration.md "(fmal42)", "(fda43)"): (a) an FFMA whose destination is in its slot-a
# register's bank, no reuse flag, or (b) an FFMA beside another FMA-pipe op. probe_fda43 is mad19's kernel
# (probe_streams.h) with the FFMA in two forms that differ in (a) alone (`fma vl, vl, ul, w`: FFMA Rd, Rd, Rb;
# `fma vl, ul, w, vl`: FFMA Rd, Rb, UR4, Rd, the destination in the other bank), beside IMAD, LOP3 or FFMA (b).
# Run from the repository root on the device: OUT=DIR sh .devjobs/fda43/run.sh (9 kinds, sets a and b, one block of
# 32-1024 threads, 10 launches each: about 25 s, most of it nvcc; estimated). DIR/fda43.tar.xz holds
# fda43/probe/KIND-a.txt and KIND-b.txt (mad19's lines), fmi, fmic, fli, flic at 512-1024 threads by 128 in
# KIND-a-warps.txt, probe_fda43.sass, probe_fda43.ptx, meta.txt. Read with:
# python3 .devjobs/fda43/read.py build/release/warpsim RAW/fda43
set -u
. .devjobs/lib.sh # job, meta, build, sets, ends, pack
job fda43
meta $o/meta.txt
build .devjobs/fda43/probe_fda43.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_fda43.ptx .devjobs/fda43/probe_fda43.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_fda43.sass 2>>$o/nvcc.log
sets
# 4 to 8 warps a sub-partition one warp at a time (slots 0-3 one group, 4-7 the other: fmi40, f32w24): a loss that
# grows with each warp past 4 or one that comes with the fifth
for kind in fmi fmic fli flic; do
    timeout 60 $s/p $kind 1 512,640,768,896,1024 10 0 5 >$o/probe/$kind-a-warps.txt 2>&1 || echo "rc=$? $kind warps" >>$o/meta.txt
done
ends $o/meta.txt
pack fda43
ls -l $out
