# all50: this session's device jobs in one call. On any card: fwin50, fwin19 (half19's job: K 0 at 32-1024, the card's
# one-warp far pace), fwin40, fwin48 (the ledger's figures and the shapes again on this card). On an H200 also the
# jobs written for one: dep35, banks40, fetch35, pair33. Run from the repository root: OUT=DIR bash .devjobs/all50.sh
# (JOBS and H200_JOBS name other jobs: all60.sh)
set -u
name=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
echo "GPU: $name"
nvidia-smi --query-gpu=name,uuid,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader
jobs="${JOBS:-fwin50 half19 fwin40 fwin48}"
case "$name" in *H200*) jobs="$jobs ${H200_JOBS-dep35 banks40 fetch35 pair33}" ;; esac
for j in $jobs; do
    echo "== $j $(date -u +%H:%M:%SZ)"
    OUT=$OUT timeout 200 bash .devjobs/$j/run.sh >$OUT/$j.log 2>&1 || echo "rc=$? $j"
    tail -2 $OUT/$j.log
done
ls -l $OUT
