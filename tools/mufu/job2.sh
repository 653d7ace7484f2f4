#!/usr/bin/env bash
# Device job 2 of the special-function-unit study (tools/mufu/README.md): the goldens of the
# programs in $J/programs, then verify.cu: warpsim's model (the library's sources and tools/mufu
# in $J/src, built here) against the GPU over every operand. Run from the repository root; writes
# $OUT/log2.txt and $OUT/sfu_golden2.tar.gz.
set -u
J=${J:-.devjobs/sfu}
W=/tmp/sfu2
rm -rf $W; mkdir -p $W/o $W/g
exec > >(tee $OUT/log2.txt) 2>&1
t0=$(date +%s)
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
nvcc --version | tail -1; nproc
if [ -d $J/programs ]; then
    PROGRAM_DIR=$J/programs GOLDEN_NAME=sfu_golden2 FUZZ_SEEDS=none OUT=$W/g timeout 120 bash scripts/gpu-golden.sh
    cp $W/g/sfu_golden2.tar.gz $OUT/ 2>/dev/null
    echo "goldens at +$(( $(date +%s) - t0 )) s"
fi
S=$J/src
pids=""
for f in $(grep -oE "\b(isa|sim)/[a-z_0-9]+\.c" $S/CMakeLists.txt | sort -u); do # the library sources
    gcc -O2 -std=c11 -D_GNU_SOURCE -frounding-math -I$S/include -I$S/include/warpsim -I$S/isa -I$S/sim -c $S/$f -o $W/o/$(basename $f .c).o &
    pids="$pids $!"
done
wait $pids # by id: a bare wait would also wait for the tee above, which never ends
nvcc -O2 -arch=sm_90 -std=c++17 -Xcompiler -fopenmp -I$S/sim -I$S/tools/mufu $S/tools/mufu/verify.cu $W/o/*.o -lm -lgomp -o $W/verify || { echo "verify build failed"; exit 1; }
cuobjdump -sass $W/verify | grep -oE "(MUFU|FMUL|FSETP|FSEL|FADD)[A-Z0-9.]*" | sort | uniq -c > $OUT/verify-sass.txt
echo "built at +$(( $(date +%s) - t0 )) s"
OMP_NUM_THREADS=$(nproc) VERIFY_SECONDS=${VERIFY_SECONDS:-150} timeout ${VERIFY_TIMEOUT:-240} $W/verify
echo "verify exit $?; at +$(( $(date +%s) - t0 )) s"
echo "negative control: the model broken on purpose (VERIFY_BREAK=1), every form must differ"
OMP_NUM_THREADS=$(nproc) VERIFY_BREAK=1 timeout ${VERIFY_TIMEOUT:-240} $W/verify | grep -E "^[a-z]"
echo "done at +$(( $(date +%s) - t0 )) s"
