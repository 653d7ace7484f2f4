# Issue 15, lat16: the device job (run from the repository root on one H200; copied to .devjobs/lat16/run.sh).
# Builds probes/probe_lat16.cu (nvcc -arch=sm_90 -O3), keeps cuobjdump -sass, runs each kind 5 launches at S = 128
# then 5 at S = 256 in one process (the first of each cold code), writes meta.txt; $OUT/lat16.tar.xz.
# Summary: python3 tests/calibration/probes/probe_lat16.py lat16 [WARPSIM PTX] (PTX: probes/probe_lat16.ptx.xz unpacked).
set -u
PATH=$PATH:/usr/local/cuda/bin
start=$(date +%s); out=${OUT:?}; s=/tmp/lat16; o=$out/lat16; mkdir -p $s $o/probe
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
    echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
    echo "clocks (SM, max SM, memory, MHz): $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader | head -1)"
    echo "CUDA: $(nvcc --version | tail -1)"
} >$o/meta.txt
nvcc -arch=sm_90 -O3 -o $s/p tests/calibration/probes/probe_lat16.cu >$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
cuobjdump -sass $s/p >$o/probe_lat16.sass
for kind in $($s/p list); do
    timeout 30 $s/p $kind 5 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
echo "end: $(date -u +%H:%M:%SZ) after $(( $(date +%s) - start ))s, clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>$o/meta.txt
cd $out && tar cJf lat16.tar.xz lat16 && rm -r lat16; ls -l $out
