# pack30: probe_fsize on the H200: straight-line code of N FFMAs (36-96 KiB) warm, blocks of 32-1024, 10 launches a
# process (each N its own process: launch 0 of the block of 32 is the first, cold). What it settles: the size past
# which a warm kernel's lines come at the cold fetch's rate (probe_fwin K 0, 64 KiB: 17.8 cycles a line in every
# launch; rcp_m, 33 KiB: 10-11.5), warpsim's ifetch.far (docs/calibration.md "(pack30)"); and whether 4 warps a
# sub-partition (512 threads) take 1.17 cycles an FFMA at every size past it (fwin19 K 0: 19215 cycles, 8327 at 256).
# Run from the repository root on the device: OUT=DIR sh .devjobs/pack30/run.sh; DIR/pack30.tar.xz.
set -u
. .devjobs/lib.sh
job pack30
meta $o/meta.txt
build .devjobs/pack30/probe_fsize.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_fsize.sass
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_fsize.ptx .devjobs/pack30/probe_fsize.cu >>$o/nvcc.log 2>&1
for n in 2304 2816 3328 3840 4096 4608 6144; do
    timeout 30 $s/p $n 32,128,256,512,1024 10 >$o/probe/n$n.txt 2>&1 || echo "rc=$? n=$n" >>$o/meta.txt
done
ends $o/meta.txt
pack pack30
