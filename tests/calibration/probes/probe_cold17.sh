# Issue 15, cold17: the device job (run from the repository root on one H200: OUT=DIR sh tests/calibration/probes/probe_cold17.sh).
# Builds probes/probe_cold17.cu (nvcc -arch=sm_90 -O3), keeps cuobjdump -sass, and runs its kernels 5 launches each
# (launch 0 the kernel's first in its process: cold code; 1-4 warm), each way of running in a directory of its own:
#   w1       every kernel in a process of its own, one warp (a block of 32): the main figures
#   w1r      a few of them again (another process): how far one process's first launch repeats
#   form_w1  one process a kind, its five lengths in turn (64 .. 1024): whether a kernel's first launch is cold
#            when the process has run others before it (the multi-warp runs below rely on it)
#   w1x w2d w2s w4  one process a kind: warp 0 of a block of 160 (warps 1-4 leave before t0); warps 0 and 1 (two
#            sub-partitions, a block of 64); warps 0 and 4 of 160 (one sub-partition); warps 0-3 of 128 (one each)
#   eager    CUDA_MODULE_LOADING=EAGER (every kernel's code loaded at the module's load), a process a kernel
#   all      every kernel in one process, in the list's order
# then meta.txt and $OUT/cold17.tar.xz. About 220 processes (~0.3 s each on the H200, alu27) and the build: ~2 min.
# Summary: python3 tests/calibration/probes/probe_cold17.py cold17 [WARPSIM PTX] (PTX: probes/probe_cold17.ptx.xz unpacked).
set -u
PATH=$PATH:/usr/local/cuda/bin
start=$(date +%s); out=${OUT:?}; s=/tmp/cold17; o=$out/cold17; mkdir -p $s $o
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
    echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
    echo "clocks (SM, max SM, memory, MHz): $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader | head -1)"
    echo "CUDA: $(nvcc --version | tail -1)"
    echo "CUDA_MODULE_LOADING: ${CUDA_MODULE_LOADING:-unset}"
} >$o/meta.txt
nvcc -arch=sm_90 -O3 -o $s/p tests/calibration/probes/probe_cold17.cu >$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
cuobjdump -sass $s/p >$o/probe_cold17.sass
# run DIR NAME KINDS [BLOCK MASK]: one process, its lines in DIR/NAME.txt (CUDA_MODULE_LOADING=$load where set)
load=
run() {
    mkdir -p $o/$1
    env ${load:+CUDA_MODULE_LOADING=$load} timeout 60 $s/p $3 5 ${4:-32} ${5:-0xffffffff} >$o/$1/$2.txt 2>&1 ||
        echo "rc=$? $1 $2" >>$o/meta.txt
}
lens="64 128 256 512 1024"
forms=$($s/p list | sed -n 's/_64$//p')
for k in $($s/p list); do run w1 $k $k; done
echo "w1 ended after $(( $(date +%s) - start ))s" >>$o/meta.txt
for k in nop_256 nop_1024 ffma8_256 ffma8_1024 lop3_1024 sqrt_1024 lg2_1024 alu3v_sqrt alu3v_lg2; do run w1r $k $k; done
for f in $forms; do run form_w1 $f $(for l in $lens; do printf '%s_%s,' $f $l; done | sed 's/,$//'); done
for f in nop ffma8 ffma2 lop3 imad lop3f fmuli pfmuli sqrt lg2 ex2f8; do
    ks=$(for l in $lens; do printf '%s_%s,' $f $l; done | sed 's/,$//')
    run w1x $f $ks 160 0x1
    run w2d $f $ks 64 0x3
    run w2s $f $ks 160 0x11
    run w4 $f $ks 128 0xf
done
echo "warps ended after $(( $(date +%s) - start ))s" >>$o/meta.txt
load=EAGER
for f in nop ffma8 lop3 sqrt lg2; do
    for l in $lens; do run eager ${f}_$l ${f}_$l; done
done
load=
run all all $($s/p list | paste -sd, -)
echo "end: $(date -u +%H:%M:%SZ) after $(( $(date +%s) - start ))s, clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>$o/meta.txt
cd $out && tar cJf cold17.tar.xz cold17 && rm -r cold17; ls -l $out
