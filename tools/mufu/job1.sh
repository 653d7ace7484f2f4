#!/usr/bin/env bash
# Device job 1 of the special-function-unit study (tools/mufu/README.md): measure the sets of
# sets.h on the GPU, pack them (codec.c), xz them, and bring back the leading sets that fit in
# 15 MB, with the goldens of the programs in $J/programs. Run from the repository root with the
# study's files in $J (default .devjobs/sfu).
set -u
J=${J:-.devjobs/sfu}
W=/tmp/sfu
rm -rf $W; mkdir -p $W/raw $W/pk $W/rt $W/bundle $W/g
exec > >(tee $OUT/log1.txt) 2>&1
t0=$(date +%s)
echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv
nvcc --version | tail -2; gcc --version | head -1; nproc; command -v xz python3
nvcc -O2 -arch=sm_90 -I$J $J/collect.cu -o $W/collect || { echo "collect build failed"; exit 1; }
cuobjdump -sass $W/collect > $W/bundle/collect.sass
$W/collect $W/raw || { echo "collect failed"; exit 1; }
echo "collected at +$(( $(date +%s) - t0 )) s"
gcc -O2 -ffp-contract=off -fopenmp $J/codec.c -o $W/codec -lm || exit 1
$W/codec pack $W/raw $W/pk || echo "pack reported errors"
$W/codec unpack $W/pk $W/rt || echo "unpack reported errors"
for f in $W/raw/*.raw; do cmp -s $f $W/rt/$(basename $f) || echo "round trip differs: $f"; done
echo "packed at +$(( $(date +%s) - t0 )) s"
if command -v xz >/dev/null; then
    ls $W/pk | xargs -P 16 -I{} sh -c "xz -7 -c $W/pk/{} > $W/pk/{}.xz"
else
    ls $W/pk | xargs -P 16 -I{} python3 -c "import lzma,sys; open(sys.argv[2],'wb').write(lzma.compress(open(sys.argv[1],'rb').read(), preset=7))" $W/pk/{} $W/pk/{}.xz
fi
echo "compressed at +$(( $(date +%s) - t0 )) s"
budget=15300000; used=0
for name in $(grep -o '{"[a-z0-9_]*"' $J/sets.h | tr -d '{"'); do
    f=$W/pk/$name.pk.xz
    [ -f $f ] || { echo "set $name: missing"; continue; }
    s=$(stat -c %s $f)
    if [ $((used + s)) -le $budget ]; then cp $f $W/bundle/; used=$((used + s)); echo "set $name: $s bytes"
    else echo "set $name: $s bytes, left out (budget)"; fi
done
PROGRAM_DIR=$J/programs GOLDEN_NAME=sfu_golden FUZZ_SEEDS=none OUT=$W/g bash scripts/gpu-golden.sh
cp $W/g/sfu_golden.tar.gz $W/bundle/ 2>/dev/null
(cd $W/raw && sha256sum *.raw) > $W/bundle/raw.sha256
cp $OUT/log1.txt $W/bundle/ 2>/dev/null
tar -cf $OUT/sfu1.tar -C $W/bundle .
ls -la $OUT; echo "done at +$(( $(date +%s) - t0 )) s"
