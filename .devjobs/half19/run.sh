# half19: probe_fwin on the H200: 4096 FFMAs a thread with one HADD2 every K (0: none), blocks of 128-1024 (1-8 warps
# a sub-partition), 10 launches: how long after a HADD2 its sub-partition's FFMAs stay unpaired (pipe.half_window,
# docs/calibration.md "(half19)": 32 fits probe_alu3's _f kinds, whose FFMAs are never further from a half op).
# warpsim (warm code, ifetch.line 0; cycles of the region at 128 / 256 / 1024 threads), main / this branch (window
# 32) / the window the whole kernel:
#   K 0:   4097 / 8195 / 32783 all three (one FFMA a cycle a sub-partition)
#   K 8:   8193 / 13827 / 49193;  11776 / 19973 / 63332;  11776 / 20484 / 79147
#   K 32:  4993 / 9284 / 36882;   6913 / 11524 / 40814;   8960 / 17156 / 68505
#   K 128: 4321 / 8452 / 33823;   4801 / 9059 / 36243;    8318 / 16389 / 65587
#   K 256: 4210 / 8325 / 33318;   4450 / 8628 / 34492;    8116 / 16112 / 64479
# Run from the repository root on the device: OUT=DIR sh .devjobs/half19/run.sh; DIR/fwin19.tar.xz.
set -u
PATH=$PATH:/usr/local/cuda/bin
out=${OUT:?}; s=/tmp/fwin19; o=$out/fwin19; mkdir -p $s $o
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    nvidia-smi --query-gpu=name,uuid,serial,pci.bus_id,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
    echo "CUDA: $(nvcc --version | tail -1)"
} >$o/meta.txt
nvcc -arch=sm_90 -O3 -o $s/p .devjobs/half19/probe_fwin.cu >$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
cuobjdump -sass $s/p >$o/probe_fwin.sass
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_fwin.ptx .devjobs/half19/probe_fwin.cu
for k in 0 8 16 32 64 128 256; do
    timeout 60 $s/p $k 32,128,256,512,1024 10 >$o/k$k.txt 2>&1 || echo "rc=$? k=$k" >>$o/meta.txt
done
echo "end: $(date -u +%H:%M:%SZ) after ${SECONDS}s" >>$o/meta.txt
cd $out && tar cJf fwin19.tar.xz fwin19 && rm -r fwin19; ls -l $out
