# Issue 15, bench_mio_w8[12] (branch mio15): the command for the H200 through the device tool. The device
# receives the session checkout (/work/main), where this folder is copied untracked; everything else comes
# from programs/. Two probes (probes.cu): when the first load after __syncthreads() issues and what the clock
# read right after it reads (probe_bar_release: 1 to 32 warps, warp 0 arriving last after a spin, or all
# together), and the order in which the shared pipe serves the warps (probe_mio_order: 8 warps, 64 loads
# of stride 1, 4 or 32 in 8 groups, a clock after each group). Results under $OUT, one archive.
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/mio15/dev;mkdir -p $s;o=$OUT/mio15;mkdir -p $o;d=.devjobs/mio15
sh programs/hwrun/build.sh $s/hw>/dev/null||exit 1
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
nvcc -arch=sm_90 -ptx $d/probes.cu -o $s/p.ptx 2>/dev/null||exit 1;cp $s/p.ptx $o/probes.ptx
ptxas -arch=sm_90 $s/p.ptx -o $s/p.cubin&&cuobjdump -sass $s/p.cubin>$o/probes.sass
r(){ n=$1;f=$2;shift 2;k=1;while [ $k -le $n ];do echo "== $k";timeout 20 $s/hw "$@" --json 2>&1;k=$((k+1));done>$o/$f;}
for b in 32 64 128 256 1024;do r 10 rel_b${b}_spin.txt $s/p.ptx --kernel probe_bar_release --grid 1 --block $b "o=u64[$((b/32*9))]" "sink=u32[$b]" spin=u32:3000;done
r 10 rel_b256_nospin.txt $s/p.ptx --kernel probe_bar_release --grid 1 --block 256 'o=u64[72]' 'sink=u32[256]' spin=u32:0
for t in 1 4 32;do r 20 mio_s$t.txt $s/p.ptx --kernel probe_mio_order --grid 1 --block 256 'o=u64[72]' 'sink=u32[256]' stride=u32:$t;done
r 10 mio_s32_b128.txt $s/p.ptx --kernel probe_mio_order --grid 1 --block 128 'o=u64[36]' 'sink=u32[128]' stride=u32:32
date -u +%T>>$o/meta.txt;cd $OUT&&tar cJf mio15.tar.xz mio15&&rm -r mio15;ls -l $OUT
