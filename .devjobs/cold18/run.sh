# cold18: which H200 figure of a first launch's cold fetch stands, and what sets it (docs/calibration.md "(cold18)",
# "(first19)"). alu27 (2026-12-04 17:37Z) gave probe_alu3's one-warp first launches 19.1-20.5 cycles a 128-byte
# line (and bench_sync[0] 115-119 through hwrun), where alu24 and alu25 (the same day, 12:26Z and 14:27Z: the same
# 34-line FFMA region 555-560 against alu27's 650), sync10 (12-03), h200.txt (11-30: bench_sync[0] 91-96) and cold17
# (12-05: 17.6 a line) agree on the faster figure. (first19) found the SM clock at or near 1980 MHz in both alu27 and
# cold17 (their clock64 counts over their scripts' wall-clock stamps, and the host's launch gaps in cycles), and
# alu27's L2 chains (bench_memord[14-16, 20, 21]) 13% faster than 12-01's while its code fetch was 16-24% slower:
# the suspect is where the code lies in the GPU's memory (the L2 partition nearer to or farther from SM 124).
# This job, in one session:
#   (1) three rounds of probe_alu3's fast kinds and probe_cold17's kernels, each a process of its own, and hwrun's
#       bench_sync (cold NOPs from the kernel's first line) and bench_memord (L2 chains) once a round: the session's
#       figure for both binaries (20.5 for both: the session; 17.6 for both: alu27's session was the odd one; 20.5 for
#       probe_alu3 and 17.6 for probe_cold17: the module);
#   (2) the SM clock around every probe process: `clk gauge` (clk.cu) before and after each, %globaltimer against
#       %clock64 on SM 124 over a 2 ms spin, and the pair of gauges brackets the probe's clock64 stamps (the counter
#       runs on across processes); rounds 2 and 3 also sample nvidia-smi every 200 ms (round 1 without it, in case
#       the sampler keeps the GPU in another state); the clocks are not locked (the device's settings stay as they are);
#   (3) the placement: the same kernels while another process holds 1, 16 and 64 GiB of device memory (`clk hold`),
#       so that the probes' memory and code land elsewhere; and probe_alu3 with CUDA_MODULE_LOADING=EAGER.
# Run from the repository root on the device: OUT=DIR sh .devjobs/cold18/run.sh (about 3 minutes; DIR/cold18.tar.xz).
# Summary: python3 .devjobs/cold18/summary.py cold18 (the unpacked directory): every probe process's first-launch
# span against alu27's and cold17's figure for the same kernel, its cycles a line, and the SM clock around it.
# What decides: see the summary's closing lines and docs/calibration.md "(first19)".
set -u
PATH=$PATH:/usr/local/cuda/bin
out=${OUT:?}; s=/tmp/cold18; o=$out/cold18; mkdir -p $s $o
q=name,uuid,serial,pci.bus_id,driver_version,persistence_mode,pstate,clocks.sm,clocks.max.sm,clocks.mem,clocks.max.mem,power.draw,temperature.gpu
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    nvidia-smi --query-gpu=$q --format=csv
    echo "CUDA: $(nvcc --version | tail -1)"
    echo "CUDA_MODULE_LOADING: ${CUDA_MODULE_LOADING:-unset}"
} >$o/meta.txt
nvidia-smi -q -d CLOCK,PERFORMANCE >$o/smi_start.txt 2>&1
nvcc -arch=sm_90 -O3 -o $s/p3 tests/calibration/probes/probe_alu3.cu >$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
nvcc -arch=sm_90 -O3 -o $s/pc tests/calibration/probes/probe_cold17.cu >>$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
nvcc -arch=sm_90 -O3 -o $s/clk .devjobs/cold18/clk.cu >>$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
sh programs/hwrun/build.sh $s/hw >>$o/nvcc.log 2>&1 || echo "no hwrun" >>$o/meta.txt
cuobjdump -sass $s/p3 | xz >$o/probe_alu3.sass.xz
cuobjdump -sass $s/pc | xz >$o/probe_cold17.sass.xz
echo "built after ${SECONDS}s" >>$o/meta.txt
# the sampler's field for why the clock is held down: the newer name, else the older
r=clocks_event_reasons.active
nvidia-smi --query-gpu=$r --format=csv >/dev/null 2>&1 || r=clocks_throttle_reasons.active
gauge() { echo "after $1" >>$o/gauge.txt; timeout 30 $s/clk gauge 2 >>$o/gauge.txt 2>&1 || echo "rc=$? gauge $1" >>$o/meta.txt; }
# one process: TAG COMMAND..., its output in $o/TAG.txt, then a gauge
one() { t=$1; shift; timeout 60 "$@" >$o/$t.txt 2>&1 || echo "rc=$? $t" >>$o/meta.txt; gauge $t; }
# a set: COND ALU3_KINDS C17_KERNELS HWRUN(0/1)
set_() {
    for k in $2; do one alu3_${k}_$1 $s/p3 $k 1 32 3; done
    for k in $3; do one c17_${k}_$1 $s/pc $k 3 32; done
    if [ "$4" = 1 ] && [ -x $s/hw ]; then
        for b in bench_sync bench_memord; do one hw_${b}_$1 $s/hw programs/$b.ptx @programs/$b.args --json; done
    fi
}
a3="lop3 fma fadd lop3_f fadd_f mad_m sqrt lg2"
c17="ffma8_256 lop3f_512 lop3_256 nop_256 nop_1024 ffma8_1024 alu3v_sqrt alu3v_lg2"
gauge start
smi=
for round in 1 2 3; do
    if [ $round = 2 ]; then
        nvidia-smi --query-gpu=timestamp,clocks.sm,clocks.mem,pstate,power.draw,temperature.gpu,$r --format=csv \
            -lms 200 >$o/smi.csv 2>&1 &
        smi=$!
    fi
    set_ r$round "$a3" "$c17" 1
done
[ -n "$smi" ] && kill $smi
echo "rounds ended after ${SECONDS}s" >>$o/meta.txt
for mb in 1024 16384 65536; do
    rm -f $s/hold.out
    $s/clk hold $mb 120 >$s/hold.out 2>&1 &
    hold=$!
    i=0; while [ $i -lt 60 ] && ! grep -q held $s/hold.out 2>/dev/null; do sleep 0.5; i=$((i + 1)); done
    cat $s/hold.out >>$o/meta.txt
    set_ hold$mb "lop3 fma lop3_f sqrt" "ffma8_256 nop_1024 lop3f_512 alu3v_sqrt" 1
    kill $hold; wait $hold 2>/dev/null
done
echo "holds ended after ${SECONDS}s" >>$o/meta.txt
for k in lop3 fma lop3_f sqrt; do one alu3_${k}_eager env CUDA_MODULE_LOADING=EAGER $s/p3 $k 1 32 3; done
nvidia-smi -q -d CLOCK,PERFORMANCE >$o/smi_end.txt 2>&1
echo "end: $(date -u +%H:%M:%SZ) after ${SECONDS}s, $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader | head -1)" >>$o/meta.txt
cd $out && tar cJf cold18.tar.xz cold18 && rm -r cold18; ls -l $out
