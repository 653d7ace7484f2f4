# Issue 15: probe_alu2 (tests/calibration/probes/probe_alu2.cu): each integer/float PTX form's SASS and issue rate at
# 1-32 warps, one block on one SM, 10 launches a process (the first cold, the rest warm).
# Run on 2026-12-04 in two device calls: 14:27Z (the first 81 kinds, alu25/) and 14:33Z (the 17 kinds added after it
# (iadd3, lea, f2i, u2f, mulhi2, addi) and mad, fadd_l, mulwide_l, sub_l again, alu25b/), the same probe_alu2.cu but
# for the added forms (the first 81 kernels' SASS is the same in both runs' cuobjdump). Raw, both folders:
# tests/calibration/device-2026-12-04-alu25.tar.xz; summary probes/probe_alu2-h200.txt (probes/probe_alu2.py).
# (run from .devjobs/alu25/ with probe_alu2.cu beside it, as the device job; d= names that folder; R=alu25 or alu25b)
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/alu25;mkdir -p $s;R=${R:-alu25};o=$OUT/$R;mkdir -p $o;d=.devjobs/alu25
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
nvcc -arch=sm_90 -O3 -I tests/calibration/probes -o $s/p $d/probe_alu2.cu||exit 1;cuobjdump -sass $s/p>$o/probe_alu2.sass
if [ $R = alu25 ];then K=$($s/p list|grep -vE '^(iadd3|lea|f2i|u2f|mulhi2|addi)');else
 K="iadd3 iadd3_l iadd3_m lea lea_l lea_m f2i f2i_l f2i_m u2f u2f_l u2f_m mulhi2 mulhi2_l mulhi2_m addi_l addi_m mad fadd_l mulwide_l sub_l";fi
for k in $K;do for b in 32 128 256 512 1024;do
 timeout 60 $s/p $k 1 $b 10 >$o/${k}_1_$b.txt 2>&1||echo "rc=$? $k 1 $b">>$o/meta.txt;done;done
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader>>$o/meta.txt;echo "ended $(date -u +%T) after ${SECONDS}s">>$o/meta.txt
cd $OUT&&tar cJf $R.tar.xz $R&&rm -r $R;ls -l $OUT
