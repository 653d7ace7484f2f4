# bench_mio_w8[12] (branch mio19): how deep the shared loads' queue is with 1-4 sub-partitions busy, and whether
# two sub-partitions share one (mio17's probe_queue_N, .devjobs/mio17/probes.cu, unchanged; stride 32; 8 warps, one
# block on each of 8 SMs, 20 launches in one process). Masks: one warp on 1-4 sub-partitions (0x01 0x03 0x05 0x09
# 0x07 0x0f), two warps on 1, 2 and 4 (0x11 0x33 0x55 0xff). Results: $OUT/mio19.tar.xz.
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/mio19/dev;mkdir -p $s;o=$OUT/mio19;mkdir -p $o;d=.devjobs/mio17
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
nvcc -arch=sm_90 -O3 -o $s/p $d/probes.cu||exit 1;cuobjdump -sass $s/p>$o/probes.sass
r(){ rf=$1;shift;echo "# $*">$o/$rf;timeout 60 $s/p "$@">>$o/$rf 2>&1||echo "rc=$? $rf">>$o/meta.txt;}
for n in 16 32;do for m in 0x01 0x03 0x05 0x09 0x07 0x0f 0x11 0x33 0x55 0xff;do r q_n${n}_s32_m$m.txt queue$n -8 256 20 32 $m;done;done
date -u +%T>>$o/meta.txt;cd $OUT&&tar cJf mio19.tar.xz mio19&&rm -r mio19;ls -l $OUT
