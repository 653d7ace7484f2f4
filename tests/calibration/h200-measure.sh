#!/bin/sh
# Runs ON the GPU machine (the device tool): the measurements of docs/calibration.md, packed into
# $OUT/measure.tar.gz:
#   meta.txt                 GPU, driver, CUDA, clocks, date
#   regions/NAME.runK.json   warpsim-hwrun NAME.ptx @NAME.args --json: every programs/bench_*.ptx and
#                            tests/calibration/kernels/time_*.ptx (clock64-timed regions), RUNS runs
#   launch/NAME.txt          'launch GRID MEDIAN_US MIN_US' of each program of launch_programs.txt at
#                            every grid size in GRIDS (cuEvent around each launch, 21 runs each)
#   sass/NAME.sass.xz        cuobjdump -sass of ptxas -arch=sm_90 of every PTX measured
# Usage: tests/calibration/h200-measure.sh   (environment: RUNS (3), GRIDS, OUT, ONLY: a pattern)
set -u
PATH=$PATH:/usr/local/cuda/bin
root=$(cd "$(dirname "$0")/../.." && pwd)
cd "$root" || exit 2
out=${OUT:-$root/calibration-out}
GRIDS=${GRIDS:-1,2,4,8,33,66,132,133,264,265,396,528,660,1056,1320,2640,3960,6600,9900,13200}
stage=$(mktemp -d)
mkdir -p "$stage/regions" "$stage/launch" "$stage/sass"
hw=$stage/warpsim-hwrun
sh programs/hwrun/build.sh "$hw" >"$stage/build.log" 2>&1 || { cat "$stage/build.log"; exit 1; }
{
    echo "date: $(date -u +%Y-%m-%dT%H:%MZ)"
    echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
    echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
    echo "clocks (SM, max SM, memory, MHz): $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,clocks.mem --format=csv,noheader | head -1)"
    echo "SMs: $(nvidia-smi -q | grep -i 'multiprocessor' | head -1)"
    echo "CUDA: $(nvcc --version | tail -1)"
    echo "ptxas: $(ptxas --version | tail -1)"
} >"$stage/meta.txt"
cat "$stage/meta.txt"
sass() { ptxas -arch=sm_90 "$1" -o "$stage/x.cubin" && cuobjdump -sass "$stage/x.cubin" >"$stage/sass/$2.sass" && xz -9f "$stage/sass/$2.sass"; rm -f "$stage/x.cubin"; }
for ptx in programs/bench_*.ptx tests/calibration/kernels/time_*.ptx; do
    name=$(basename "$ptx" .ptx)
    case $name in ${ONLY:-*}) ;; *) continue ;; esac
    k=1
    while [ "$k" -le "${RUNS:-3}" ]; do
        timeout 30 "$hw" "$ptx" "@${ptx%.ptx}.args" --json >"$stage/regions/$name.run$k.json" 2>"$stage/regions/$name.run$k.err" ||
            { echo "$name run $k failed:"; head -5 "$stage/regions/$name.run$k.err"; }
        k=$((k + 1))
    done
    sass "$ptx" "$name"
done
echo "regions done: $(ls "$stage/regions" | grep -c json) runs"
gmax=$(echo "$GRIDS" | tr ',' '\n' | sort -n | tail -1)
grep -v '^#' tests/calibration/launch_programs.txt | while read -r name ptx block args; do
    [ -n "$name" ] || continue
    case $name in ${ONLY:-*}) ;; *) continue ;; esac
    n=$((gmax * block))
    # {G}*K and {N}: the buffers of the largest grid
    a=$(echo "$args" | sed "s/{N}/$n/g" | awk -v g="$gmax" '{ while (match($0, /\{G\}\*[0-9]+/)) { k = substr($0, RSTART + 4, RLENGTH - 4); $0 = substr($0, 1, RSTART - 1) (g * k) substr($0, RSTART + RLENGTH) } gsub(/\{G\}/, g); print }')
    # shellcheck disable=SC2086 # a: a list of argument words
    timeout 300 "$hw" "$ptx" --kernel "$(basename "$ptx" .ptx)" --grid 1 --block "$block" $a --time-grids "$GRIDS" \
        >/dev/null 2>"$stage/launch/$name.txt" || { echo "$name launches failed:"; tail -3 "$stage/launch/$name.txt"; }
    echo "$name: $(head -1 "$stage/launch/$name.txt") ... $(tail -1 "$stage/launch/$name.txt")"
    sass "$ptx" "launch_$name"
done
echo "meta at the end: $(date -u +%H:%M:%SZ), clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>"$stage/meta.txt"
mkdir -p "$out"
tar -C "$stage" --exclude=warpsim-hwrun -czf "$out/measure.tar.gz" . && ls -l "$out/measure.tar.gz"
rm -rf "$stage"
