# all60: this session's device jobs in one call. On any card: span60 (what picks fwin40's 4-warp span launch by
# launch) and regb60 (whether region B's kept lines beside region A are the launch before's). On an H200 also fwin40,
# fwin53 and fwin54 (far code on the H200: every far-code figure so far is an H100's). Run from the repository root:
# OUT=DIR bash .devjobs/all60.sh
set -u
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "GPU: $name"
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
jobs="${JOBS:-span60 regb60}"
case "$name" in *H200*) jobs="$jobs fwin40 fwin53 fwin54" ;; esac
for j in $jobs; do
    echo "== $j $(date -u +%H:%M:%SZ)"
    OUT=$OUT timeout 200 bash .devjobs/$j/run.sh >$OUT/$j.log 2>&1 || echo "rc=$? $j"
    tail -2 $OUT/$j.log
done
ls -l $OUT
