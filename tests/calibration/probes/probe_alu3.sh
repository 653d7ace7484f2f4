# Issue 15, alu27: the device job (run from .devjobs/alu27/ with probe_alu3.cu and h200-measure-regions.sh beside it;
# h200-measure-regions.sh is tests/calibration/h200-measure.sh less its whole-launch part:
#   sed -e '/^gmax=/,/^done$/d' tests/calibration/h200-measure.sh). Run 2026-12-04T17:36:56Z on one NVIDIA H200
# (driver 580.159.04, CUDA 13.0, SM clock 1980 MHz), 260 s: raw tests/calibration/device-2026-12-04-alu27.tar.xz,
# summaries probes/probe_alu3-h200.txt (probes/probe_alu3.py) and tests/calibration/meta-2026-12-04-alu27.txt.
# alu27: runs ON the H200 (device tool), from .devjobs/alu27/ (probe_alu3.cu and h200-measure-regions.sh beside it).
# (1) B: every clock64-timed region of h200-measure.sh (RUNS=5; a copy without the whole launches), then
#     time_cub_block_reduce_raking_sum_int_b1024 21 times more, each a process of its own;
# (2) A: probe_alu3 (nvcc -O3, and ptxas -O0 for the register copies), every kind at blocks of 32-1024 threads on
#     one SM, 10 launches a process; a few kinds with 2 blocks of 1024 on every SM (16 warps a sub-partition);
#     cuobjdump -sass of both builds.
set -u
PATH=$PATH:/usr/local/cuda/bin
out=${OUT:?}; d=.devjobs/alu27; s=/tmp/alu27; o=$out/alu27; mkdir -p $s $o/probe $o/probe_O0 $o/raking
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
    echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
    echo "clocks (SM, max SM, memory, MHz): $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader | head -1)"
    echo "CUDA: $(nvcc --version | tail -1)"
} >$o/meta.txt
# the probe's two builds, on the CPU while the regions run on the GPU
( nvcc -arch=sm_90 -O3 -I tests/calibration/probes -o $s/p $d/probe_alu3.cu && cuobjdump -sass $s/p >$o/probe_alu3.sass
  nvcc -arch=sm_90 -O3 -I tests/calibration/probes -Xptxas -O0 -o $s/p0 $d/probe_alu3.cu && cuobjdump -sass $s/p0 >$o/probe_alu3_O0.sass ) >$s/nvcc.log 2>&1 &
cpid=$!
OUT=$o RUNS=5 sh $d/h200-measure-regions.sh >$o/measure.log 2>&1
echo "regions ended $(date -u +%T) after ${SECONDS}s" >>$o/meta.txt
k=tests/calibration/kernels/time_cub_block_reduce_raking_sum_int_b1024
hw=$s/warpsim-hwrun
sh programs/hwrun/build.sh "$hw" >$s/build.log 2>&1 || cat $s/build.log
for r in $(seq 1 21); do
    timeout 30 "$hw" $k.ptx @$k.args --json >$o/raking/run$r.json 2>$o/raking/run$r.err
done
echo "raking ended $(date -u +%T) after ${SECONDS}s" >>$o/meta.txt
wait $cpid; cat $s/nvcc.log >>$o/meta.txt
[ -x $s/p ] || { echo "no probe"; exit 1; }
for kind in $($s/p list | grep -v '^mov'); do
    timeout 60 $s/p $kind 1 32,128,256,512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
for kind in popc brev bfind clz lop3 mad fma fadd ex2f tanh dadd f2h h2f hadd2; do
    timeout 60 $s/p $kind -2 1024 5 >$o/probe/${kind}_2sm.txt 2>&1 || echo "rc=$? $kind -2" >>$o/meta.txt
done
echo "probe ended $(date -u +%T) after ${SECONDS}s" >>$o/meta.txt
for kind in mov mov_l mov_m mov_f mov_x lop3 lop3_l mad mad_m fma; do
    timeout 60 $s/p0 $kind 1 32,128,256,512,1024 10 >$o/probe_O0/$kind.txt 2>&1 || echo "rc=$? O0 $kind" >>$o/meta.txt
    timeout 60 $s/p0 $kind -2 1024 5 >$o/probe_O0/${kind}_2sm.txt 2>&1 || echo "rc=$? O0 $kind -2" >>$o/meta.txt
done
echo "end: $(date -u +%H:%M:%SZ) after ${SECONDS}s, clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>$o/meta.txt
cd $out && tar cJf alu27.tar.xz alu27 && rm -r alu27; ls -l $out
