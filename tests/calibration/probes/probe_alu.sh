# Issue 15: probe_alu (tests/calibration/probes/probe_alu.cu): ALU- and FMA-pipe issue rate at 1-32 warps.
# Run on 2026-12-04 12:26Z (tests/calibration/device-2026-12-04-alu24.tar.xz; summary probes/probe_alu-h200.txt).
# (run from .devjobs/alu24/ with probe_alu.cu beside it, as the device job; d= names that folder)
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/alu24;mkdir -p $s;o=$OUT/alu24;mkdir -p $o;d=.devjobs/alu24
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
nvcc -arch=sm_90 -O3 -I tests/calibration/probes -o $s/p $d/probe_alu.cu||exit 1;cuobjdump -sass $s/p>$o/probe_alu.sass
for k in sel add xor fma mad mix;do for b in 32 128 256 512 1024;do
 timeout 60 $s/p $k 1 $b 10 >$o/${k}_1_$b.txt 2>&1||echo "rc=$? $k 1 $b">>$o/meta.txt
 timeout 60 $s/p $k 0 $b 3 >$o/${k}_0_$b.txt 2>&1||echo "rc=$? $k 0 $b">>$o/meta.txt;done;done
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader>>$o/meta.txt;echo "ended $(date -u +%T) after ${SECONDS}s">>$o/meta.txt
cd $OUT&&tar cJf alu24.tar.xz alu24&&rm -r alu24;ls -l $OUT
