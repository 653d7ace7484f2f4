# all25: the ready device jobs in one call (fit25 runs alu3r's probe_alu3 set and more), only on an H200 (every call since 2026-12-05 03:04Z came on an H100,
# which three sessions' data already cover). Run from the repository root: OUT=DIR bash .devjobs/all25.sh
set -u
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "GPU: $name"
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
case "$name" in
*H200*) ;;
*) echo "not an H200: fit25 alone (its per-process spreads on this card)"
   OUT=$OUT timeout 240 bash .devjobs/fit25/run.sh >$OUT/fit25.log 2>&1 || echo "rc=$? fit25"
   tail -2 $OUT/fit25.log; ls -l $OUT; exit 0 ;;
esac
for j in fit25 cold18 starve24 f32w24 rcp20 pack21 half19 turn21 mad19 hmid23; do
    echo "== $j $(date -u +%H:%M:%SZ)"
    OUT=$OUT timeout 240 bash .devjobs/$j/run.sh >$OUT/$j.log 2>&1 || echo "rc=$? $j"
    tail -2 $OUT/$j.log
done
ls -l $OUT
