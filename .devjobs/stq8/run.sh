#!/bin/sh
# Runs ON the H200 (device tool): probe_stq3 (tests/calibration/probes/gen_stq3.py), 5 runs of each
# kernel, and bench_st_wide, bench_throughput, bench_mio_w4 again (5 runs) as the reference of the
# same job. Writes $OUT/stq3.txt (meta, then '== NAME run K' and warpsim-hwrun's JSON report) and
# $OUT/sass.tar.xz (cuobjdump -sass of ptxas -arch=sm_90 of each PTX run).
set -u
PATH=$PATH:/usr/local/cuda/bin
out=${OUT:?}
hw=/tmp/warpsim-hwrun
sh programs/hwrun/build.sh "$hw" >/tmp/build.log 2>&1 || { cat /tmp/build.log; exit 1; }
p=tests/calibration/probes/probe_stq3.ptx
{
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
    echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
    echo "clocks (SM, max SM, memory, MHz): $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader | head -1)"
    echo "CUDA: $(nvcc --version | tail -1)"
    for k in probe_stq3_chain probe_stq3_prefix probe_stq3_after probe_stq3_after2 probe_stq3_count; do
        for r in 1 2 3 4 5; do
            echo "== $k run $r"
            timeout 30 "$hw" "$p" --kernel "$k" --grid 1 --block 32 'out=u64[64]' 'sink=u32[32]' --json 2>&1
        done
    done
    for b in bench_st_wide bench_throughput bench_mio_w4; do
        for r in 1 2 3 4 5; do
            echo "== $b run $r"
            timeout 30 "$hw" "programs/$b.ptx" "@programs/$b.args" --json 2>&1
        done
    done
    echo "end: $(date -u +%H:%M:%SZ), clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)"
} >"$out/stq3.txt"
mkdir -p /tmp/sass
for f in "$p" programs/bench_st_wide.ptx programs/bench_throughput.ptx; do
    n=$(basename "$f" .ptx)
    ptxas -arch=sm_90 "$f" -o /tmp/sass/$n.cubin && cuobjdump -sass /tmp/sass/$n.cubin >/tmp/sass/$n.sass
    rm -f /tmp/sass/$n.cubin
done
tar -C /tmp/sass -cJf "$out/sass.tar.xz" .
ls -l "$out"
grep -c '"out"' "$out/stq3.txt"
