# banks40: which ops pay a second register-read cycle for two registers of one bank, and whether it holds the
# sub-partition's issue (docs/calibration.md "(banks40)"). dep35 (H100 h100l) found that an FFMA reading three
# registers, or two of one bank (bank = register number mod 2), takes 2 cycles; alu27's ptxas -O0 mov_f and mov_m on
# the H200 (16 warps a sub-partition) fit the same for FFMA and IMAD. This job measures the other ops, IMAD, LOP3,
# IADD3, HFMA2, DFMA (and FFMA again, on whatever card comes), reading three registers (X3), beside another warp's
# FFMA (X3f) and, as the control, two registers (X2f): probe_banks40's 18 kinds (.devjobs/banks40/README), each built
# twice, nvcc -O3 (probe/) and with ptxas -O0 (probe_O0/: stall 15 everywhere, no reuse flags, ptxas -O0's registers:
# two-register ops of one bank beside ones of two banks), at one block of 32-1024 threads (KIND.txt) and at 2 blocks
# of 1024 on every SM (KIND_2sm.txt, 16 warps a sub-partition).
# Run from the repository root on the device: OUT=DIR sh .devjobs/banks40/run.sh (about 30 s: the three builds at
# once, then 36 processes). DIR/banks40.tar.xz holds banks40/probe/KIND.txt and KIND_2sm.txt, banks40/probe_O0/ the
# same, probe_banks40.sass, probe_banks40_O0.sass, probe_banks40.ptx, meta.txt, nvcc*.log. Read with
# python3 .devjobs/banks40/read.py RAW [build/release/warpsim] (RAW: the tarball's banks40/).
set -u
. .devjobs/lib.sh  # job, meta, build, ends, pack
job banks40
mkdir -p $o/probe_O0
rm -f $s/p $s/p0
meta $o/meta.txt
build .devjobs/banks40/probe_banks40.cu $s/p $o/nvcc.log &
nvcc -arch=sm_90 -O3 -Xptxas -O0 -o $s/p0 .devjobs/banks40/probe_banks40.cu >$o/nvcc_O0.log 2>&1 || echo "rc=$? O0 build" >>$o/meta.txt &
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_banks40.ptx .devjobs/banks40/probe_banks40.cu >$o/nvcc_ptx.log 2>&1 &
wait
[ -x $s/p ] || { cat $o/nvcc.log; exit 1; }
cuobjdump -sass $s/p >$o/probe_banks40.sass 2>>$o/nvcc.log
cuobjdump -sass $s/p0 >$o/probe_banks40_O0.sass 2>>$o/nvcc.log
for kind in $($s/p list); do
    timeout 20 $s/p $kind 10 +2sm $o/probe/${kind}_2sm.txt >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
    timeout 20 $s/p0 $kind 10 +2sm $o/probe_O0/${kind}_2sm.txt >$o/probe_O0/$kind.txt 2>&1 || echo "rc=$? O0 $kind" >>$o/meta.txt
done
ends $o/meta.txt
pack banks40
