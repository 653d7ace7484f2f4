# tl26: the device job (run from .devjobs/tl26/ with probe_tl26.cu and the three timeline kernels of probes/gen_timeline.py,
# compressed as .ptx.xz, beside it; d= names that folder). Run 2026-12-04T15:55Z on one NVIDIA H200, 41 s:
# raw tests/calibration/device-2026-12-04-tl26.tar.xz, summary probes/probe_tl26-h200.txt (probes/probe_tl26.py).
# Runs ON the H200 (device tool), tl26: (1) the timelines of BlockReduce raking<int, 1024> (ends: the region as it is;
# bar: stamps before and after its bar.sync) and BlockScan warp scans<int, 1024> (bar2), and the calibration kernel
# itself, 7 processes each (every launch a process's first: cold code, as the calibration); (2) probe_tl26 (the
# SASS forms alone), blocks of 32-1024 threads, 64 iterations, 10 launches a process; cuobjdump of both.
set -u
PATH=$PATH:/usr/local/cuda/bin
out=${OUT:?}; d=.devjobs/tl26; s=/tmp/tl26; mkdir -p $s $out/tl26/probe $out/tl26/sass
hw=$s/warpsim-hwrun
sh programs/hwrun/build.sh "$hw" >$s/build.log 2>&1 || { cat $s/build.log; exit 1; }
o=$out/tl26
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
    echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
    echo "clocks (SM, max SM, memory, MHz): $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader | head -1)"
    echo "CUDA: $(nvcc --version | tail -1)"
} >$o/meta.txt
k=tests/calibration/kernels/time_cub_block_reduce_raking_sum_int_b1024
for r in 1 2 3 4 5 6 7; do
    echo "== time_cub_block_reduce_raking_sum_int_b1024 run $r"
    timeout 30 "$hw" $k.ptx @$k.args --json 2>&1
done >$o/kernel.txt
for t in timeline_cub_block_reduce_raking_sum_int_b1024_ends timeline_cub_block_reduce_raking_sum_int_b1024_bar \
         timeline_cub_block_scan_warpscans_exclusivesum_int_b1024_bar2; do
    xz -dc $d/$t.ptx.xz >$s/$t.ptx
    for r in 1 2 3 4 5 6 7; do
        echo "== $t run $r"
        timeout 30 "$hw" $s/$t.ptx @$d/$t.args --json 2>&1
    done >$o/$t.txt
    ptxas -arch=sm_90 $s/$t.ptx -o $s/$t.cubin && cuobjdump -sass $s/$t.cubin >$o/sass/$t.sass
done
ptxas -arch=sm_90 $k.ptx -o $s/k.cubin && cuobjdump -sass $s/k.cubin >$o/sass/time_cub_block_reduce_raking_sum_int_b1024.sass
echo "timelines ended $(date -u +%T) after ${SECONDS}s" >>$o/meta.txt
nvcc -arch=sm_90 -O3 -I tests/calibration/probes -o $s/p $d/probe_tl26.cu || exit 1
cuobjdump -sass $s/p >$o/sass/probe_tl26.sass
for kind in $($s/p list); do for b in 32 128 256 512 1024; do
    timeout 60 $s/p $kind 1 $b 10 64 >$o/probe/${kind}_$b.txt 2>&1 || echo "rc=$? $kind $b" >>$o/meta.txt
done; done
echo "end: $(date -u +%H:%M:%SZ) after ${SECONDS}s, clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>$o/meta.txt
cd $out && tar cJf tl26.tar.xz tl26 && rm -r tl26; ls -l $out
