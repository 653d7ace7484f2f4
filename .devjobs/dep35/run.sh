# dep35: an FFMA that reads two registers of one register bank (docs/calibration.md "(dep35)"). pick33's dep on an
# H100 (h100j) issued one `FFMA R2, R0, R2, R69` (three registers read, two of bank 0, no reuse flag) every 2 cycles a
# sub-partition at 4 warps a sub-partition; alu27's ptxas -O0 fma and mad (H200) did the same at 16 warps. This job
# measures it directly: probe_dep35's kinds (.devjobs/dep35/README), each built twice, nvcc -O3 (probe/) and with
# ptxas -O0 (probe_O0/: stall 15 everywhere, no reuse flags, two-register FFMAs of one bank in d2_0, d2_1, d2_3), at
# one block of 32-1024 threads (KIND.txt) and at 2 blocks of 1024 on every SM (KIND_2sm.txt, 16 warps a
# sub-partition); and pick33's ind, dep, fm again at 128-1024 threads with probe_pick33.cu's __launch_bounds__(1024)
# (their 1024-thread launches failed on h100j: 79 registers a thread).
# Run from the repository root on the device: OUT=DIR sh .devjobs/dep35/run.sh (about 30 s). DIR/dep35.tar.xz holds
# dep35/probe/KIND.txt and KIND_2sm.txt, dep35/probe_O0/ the same, probe_dep35.sass, probe_dep35_O0.sass,
# probe_dep35.ptx, dep35/pick33/KIND.txt with probe_pick33.sass, meta.txt, nvcc.log. Read with
# python3 .devjobs/dep35/banks.py dep35 RAW (the README's table).
set -u
. .devjobs/lib.sh  # job, meta, build, ends, pack
job dep35
mkdir -p $o/probe_O0 $o/pick33
meta $o/meta.txt
build .devjobs/dep35/probe_dep35.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -Xptxas -O0 -o $s/p0 .devjobs/dep35/probe_dep35.cu >>$o/nvcc.log 2>&1 || echo "rc=$? O0 build" >>$o/meta.txt
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_dep35.ptx .devjobs/dep35/probe_dep35.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_dep35.sass 2>>$o/nvcc.log
cuobjdump -sass $s/p0 >$o/probe_dep35_O0.sass 2>>$o/nvcc.log
for kind in $($s/p list); do
    timeout 30 $s/p $kind 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
    timeout 30 $s/p $kind 10 2sm >$o/probe/${kind}_2sm.txt 2>&1 || echo "rc=$? $kind 2sm" >>$o/meta.txt
    timeout 30 $s/p0 $kind 10 >$o/probe_O0/$kind.txt 2>&1 || echo "rc=$? O0 $kind" >>$o/meta.txt
    timeout 30 $s/p0 $kind 10 2sm >$o/probe_O0/${kind}_2sm.txt 2>&1 || echo "rc=$? O0 $kind 2sm" >>$o/meta.txt
done
nvcc -arch=sm_90 -O3 -o $s/pick .devjobs/pick33/probe_pick33.cu >>$o/nvcc.log 2>&1 || echo "rc=$? pick33 build" >>$o/meta.txt
cuobjdump -sass $s/pick >$o/pick33/probe_pick33.sass 2>>$o/nvcc.log
for kind in ind dep fm; do
    timeout 30 $s/pick $kind 128,256,512,1024 10 >$o/pick33/$kind.txt 2>&1 || echo "rc=$? pick33 $kind" >>$o/meta.txt
done
ends $o/meta.txt
pack dep35
