# Issue 15, bench_mio_w8[12]: the command run on the H200 through the device tool, 2026-12-03 11:08-11:11Z (the device
# receives the session checkout, not this worktree, so everything it needs is made from programs/ in the command
# itself: the *_abs variants by the perl line, which .devjobs/mio10/abs.py reproduces byte for byte, and the probe).
# Results: tests/calibration/device-2026-12-03-mio10.tar.xz, summary meta-2026-12-03-mio10.txt, docs/calibration.md.
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/m;mkdir -p $s;o=$OUT;sh programs/hwrun/build.sh $s/hw>/dev/null||exit 1
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
for n in 8 4;do perl -pe 's/if \(threadIdx\.x == 0\) out\[(\d+)\] = t1 - t0;/if (lane == 0) { out[(threadIdx.x >> 5) * 18 + 2 * $1] = t0; out[(threadIdx.x >> 5) * 18 + 2 * $1 + 1] = t1; }/; $_="" if /blockDim\.x - 32/; s/void (bench_mio_w\d)\(/void $1_abs(/' programs/bench_mio_w$n.cu>$s/a$n.cu;nvcc -arch=sm_90 -ptx $s/a$n.cu -o $s/a$n.ptx||exit 1;done
echo 'extern "C" __global__ void p(unsigned long long*o){unsigned long long a=clock64(),t;if(threadIdx.x<32)while(clock64()-a<5000);t=clock64();__syncthreads();unsigned long long b=clock64();if((threadIdx.x&31)==0){o[threadIdx.x/32*3]=a;o[threadIdx.x/32*3+1]=t;o[threadIdx.x/32*3+2]=b;}}'>$s/p.cu;nvcc -arch=sm_90 -ptx $s/p.cu -o $s/p.ptx
for f in a8 p;do ptxas -arch=sm_90 $s/$f.ptx -o $s/$f.cubin&&cuobjdump -sass $s/$f.cubin>$o/$f.sass;done
r(){ n=$1;f=$2;shift 2;k=1;while [ $k -le $n ];do echo "== $k";timeout 20 $s/hw "$@" --json 2>&1;k=$((k+1));done>$o/$f;}
r 20 probe.txt $s/p.ptx --grid 1 --block 256 'o=u64[24]'
r 200 w8.txt programs/bench_mio_w8.ptx @programs/bench_mio_w8.args;date -u +%T
r 120 w8abs.txt $s/a8.ptx --grid 1 --block 256 'out=u64[144]' 'sink=u32[256]';date -u +%T
r 40 w4abs.txt $s/a4.ptx --grid 1 --block 128 'out=u64[72]' 'sink=u32[128]'
r 10 w4.txt programs/bench_mio_w4.ptx @programs/bench_mio_w4.args
date -u +%T>>$o/meta.txt;ls -l $o;grep -c '"out"\|"o"' $o/*.txt
