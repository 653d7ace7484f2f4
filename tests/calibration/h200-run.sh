#!/bin/sh
# Runs ON the GPU machine (the device tool): builds the hardware runner, runs calibration
# benchmarks RUNS times each (default 5), and dumps their SASS (ptxas -arch=sm_90, cuobjdump),
# packing everything into $OUT/calibration.tar.gz:
#   meta.txt            GPU, driver, CUDA, clocks, date
#   NAME.runK.json      warpsim-hwrun programs/NAME.ptx @programs/NAME.args --json
#   NAME.sass           cuobjdump -sass of ptxas's cubin (what the driver's JIT makes of the PTX)
# Usage: tests/calibration/h200-run.sh bench_sfu bench_div ...   (environment: RUNS, OUT)
set -u
PATH=$PATH:/usr/local/cuda/bin
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
out=${OUT:-$root/calibration-out}
stage=$(mktemp -d)
hw=$stage/warpsim-hwrun
sh programs/hwrun/build.sh "$hw" >"$stage/build.log" 2>&1 || { cat "$stage/build.log"; exit 1; }
{
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
    echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
    echo "clocks (SM, max SM, MHz): $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)"
    echo "CUDA: $(nvcc --version | tail -1)"
    echo "ptxas: $(ptxas --version | tail -1)"
} >"$stage/meta.txt"
cat "$stage/meta.txt"
for name in "$@"; do
    k=1
    while [ "$k" -le "${RUNS:-5}" ]; do
        timeout 20 "$hw" "programs/$name.ptx" "@programs/$name.args" --json >"$stage/$name.run$k.json" 2>"$stage/$name.run$k.err" ||
            { echo "$name run $k failed:"; head -20 "$stage/$name.run$k.err"; }
        k=$((k + 1))
    done
    python3 -c "import json,sys; d=json.load(open(sys.argv[1])); print(sys.argv[2], [b for b in d['buffers'] if b['name']=='out'][0]['values'] if isinstance(d['buffers'],list) else d['buffers']['out'])" \
        "$stage/$name.run1.json" "$name" 2>&1 | head -3
    ptxas -arch=sm_90 "programs/$name.ptx" -o "$stage/$name.cubin" && cuobjdump -sass "$stage/$name.cubin" >"$stage/$name.sass"
    rm -f "$stage/$name.cubin"
done
mkdir -p "$out"
tar -C "$stage" -czf "$out/calibration.tar.gz" . && ls -l "$out/calibration.tar.gz"
rm -rf "$stage"
