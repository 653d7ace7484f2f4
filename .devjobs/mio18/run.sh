# Issue 15, bench_mio_w8[12] (branch mio18): the command for the H200 through the device tool. The device receives
# the session checkout (/work/main), where this folder is copied untracked; .devjobs/mio17/probes.cu (merged) is
# the queue probe. (1) bench_mio_w8's own code as a process's first launch with every warp's t0 and t1 of each
# region kept (keep.py: nothing stored between the regions but the bench's own out[] stores), 60 processes, and the
# bench itself 20; (2) one sub-partition's queue with 3 and 4 warps in it (masks 0x111 at 12 warps, 0x1111 at 16;
# 0x11 at 16 for reference), N = 16 and 32 loads of stride 32, 20 launches x 8 blocks as mio17.
# Results: one archive $OUT/mio18.tar.xz (meta.txt, keep.sass, probes.sass, one file a configuration).
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/mio18/dev;mkdir -p $s;o=$OUT/mio18;mkdir -p $o;d=.devjobs/mio18
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
sh programs/hwrun/build.sh $s/hw>/dev/null||exit 1
python3 $d/keep.py programs/bench_mio_w8.cu $s/k.cu&&nvcc -arch=sm_90 -ptx $s/k.cu -o $s/k.ptx||exit 1;cp $s/k.ptx $o/keep.ptx
ptxas -arch=sm_90 -v $s/k.ptx -o $s/k.cubin 2>>$o/meta.txt&&cuobjdump -sass $s/k.cubin>$o/keep.sass
nvcc -arch=sm_90 -O3 -o $s/p .devjobs/mio17/probes.cu||exit 1;cuobjdump -sass $s/p>$o/probes.sass
h(){ n=$1;f=$2;shift 2;k=1;while [ $k -le $n ];do echo "== $k";timeout 20 $s/hw "$@" --json 2>&1;k=$((k+1));done>$o/$f;}
h 60 keep.txt $s/k.ptx --grid 1 --block 256 'out=u64[162]' 'sink=u32[256]';date -u +%T>>$o/meta.txt
h 20 w8.txt programs/bench_mio_w8.ptx @programs/bench_mio_w8.args;date -u +%T>>$o/meta.txt
r(){ rf=$1;shift;echo "# $*">$o/$rf;timeout 60 $s/p "$@">>$o/$rf 2>&1||echo "rc=$? $rf">>$o/meta.txt;}
for n in 16 32;do r q_n${n}_s32_b384_m0x111.txt queue$n -8 384 20 32 0x111;r q_n${n}_s32_b512_m0x1111.txt queue$n -8 512 20 32 0x1111;r q_n${n}_s32_b512_m0x11.txt queue$n -8 512 20 32 0x11;done
date -u +%T>>$o/meta.txt;cd $OUT&&tar cJf mio18.tar.xz mio18&&rm -r mio18;ls -l $OUT
