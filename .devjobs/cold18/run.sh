# cold18: which H200 figure of a first launch's cold fetch stands (docs/calibration.md "(cold18)"). alu27 (2026-12-04)
# gave probe_alu3's one-warp first launches 20.3-20.8 cycles a 128-byte line, cold17 (2026-12-05) probe_cold17's
# 17.6 (and alu3_sqrt's byte-identical copy 2097 cycles against alu27's 2638). This runs both binaries in one session,
# each kernel's first launch in a process of its own, three rounds in turn: probe_alu3 again at 20.5 says its module,
# at 17.6 the run or the machine (the GPU's UUID and serial are kept to tell machines apart).
# Run from the repository root on the device: OUT=DIR sh .devjobs/cold18/run.sh (about 1 minute; DIR/cold18.tar.xz).
# Summary: per kernel the first launch (launch 0) against launches 1-2, e.g.
#   awk '$2 == 0 {print FILENAME, $6 - $5}' cold18/alu3_*.txt; awk '$4 == 0 {print FILENAME, $7 - $6}' cold18/c17_*.txt
set -u
PATH=$PATH:/usr/local/cuda/bin
out=${OUT:?}; s=/tmp/cold18; o=$out/cold18; mkdir -p $s $o
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    nvidia-smi --query-gpu=name,uuid,serial,pci.bus_id,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
    echo "CUDA: $(nvcc --version | tail -1)"
} >$o/meta.txt
nvcc -arch=sm_90 -O3 -o $s/p3 tests/calibration/probes/probe_alu3.cu >$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
nvcc -arch=sm_90 -O3 -o $s/pc tests/calibration/probes/probe_cold17.cu >>$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
cuobjdump -sass $s/p3 | xz >$o/probe_alu3.sass.xz
for r in 1 2 3; do
    for k in lop3 fma fadd lop3_f fadd_f mad_m sqrt lg2; do
        timeout 60 $s/p3 $k 1 32 3 >>$o/alu3_$k.txt 2>&1 || echo "rc=$? alu3 $k" >>$o/meta.txt
    done
    for k in ffma8_256 lop3f_512 lop3_256 nop_256 alu3v_sqrt alu3v_lg2; do
        timeout 60 $s/pc $k 3 32 >>$o/c17_$k.txt 2>&1 || echo "rc=$? c17 $k" >>$o/meta.txt
    done
done
echo "end: $(date -u +%H:%M:%SZ), clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>$o/meta.txt
cd $out && tar cJf cold18.tar.xz cold18 && rm -r cold18; ls -l $out
