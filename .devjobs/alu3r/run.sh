# alu3r: probe_alu3 again (every kind at blocks of 32-1024 on one SM, 10 launches a process; as alu27's probe part,
# 2026-12-04), to see which of alu27's figures repeat on another day (its one-warp first launches above all).
# Run from the repository root on the device: OUT=DIR sh .devjobs/alu3r/run.sh; DIR/alu3r.tar.xz (alu3r/probe/KIND.txt
# as alu27/probe, probe_alu3.sass, meta.txt).
set -u
PATH=$PATH:/usr/local/cuda/bin
out=${OUT:?}; s=/tmp/alu3r; o=$out/alu3r; mkdir -p $s $o/probe
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    nvidia-smi --query-gpu=name,uuid,serial,pci.bus_id,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
    echo "CUDA: $(nvcc --version | tail -1)"
} >$o/meta.txt
nvcc -arch=sm_90 -O3 -o $s/p tests/calibration/probes/probe_alu3.cu >$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
cuobjdump -sass $s/p >$o/probe_alu3.sass
for kind in $($s/p list | grep -v '^mov'); do
    timeout 60 $s/p $kind 1 32,128,256,512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
echo "end: $(date -u +%H:%M:%SZ) after ${SECONDS}s, clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>$o/meta.txt
cd $out && tar cJf alu3r.tar.xz alu3r && rm -r alu3r; ls -l $out
