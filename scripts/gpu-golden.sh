#!/usr/bin/env bash
# Runs ON the GPU machine (the device tool): builds programs/hwrun, runs every PROGRAM_DIR/*.ptx
# with its .args through warpsim-hwrun --json into GOLDEN_DIR/NAME.json (gzipped, NAME.json.gz, when over 500 kB; exactly the runner's
# JSON), writes GOLDEN_DIR/METADATA.txt, runs the differential fuzzer batch (tools/fuzz/fuzz.py)
# on the GPU, and packs everything into $OUT/GOLDEN_NAME.tar.gz (or ./golden-out/ without $OUT;
# compressed: the device tool brings back files of at most 16 MiB, and a larger archive is an
# error here).
#   scripts/gpu-golden.sh                 environment:
#     PROGRAM_DIR   the programs to run (default programs)
#     GOLDEN_NAME   the archive's name (default golden: $OUT/golden.tar.gz)
#     GOLDEN_DIR    where the archive is unpacked, for METADATA.txt (default tests/golden for
#                   programs, PROGRAM_DIR/golden otherwise)
#     GOLDEN_GLOB   which programs (default *), GOLDEN_TIMEOUT seconds per program (20)
#     FUZZ_SEEDS    the fuzz batch (default 1-2000; none: no fuzzing), FUZZ_JOBS (12),
#     WARPSIM       a warpsim binary for on-the-spot comparison and minimisation; default
#                   build/dev/warpsim when present,
#     HWRUN         skip the build and use this runner; for dry runs
# Then, on the development machine: tar -xzf GOLDEN_NAME.tar.gz -C GOLDEN_DIR  (see docs/hardware.md).
# The corpus:  PROGRAM_DIR=tests/corpus GOLDEN_NAME=corpus FUZZ_SEEDS=none scripts/gpu-golden.sh
#              then tar -xzf corpus.tar.gz -C tests/corpus/golden
set -uo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
cd "$root"
out=${OUT:-$root/golden-out}
mkdir -p "$out"
stage=$(mktemp -d)
pdir=${PROGRAM_DIR:-programs}
pdir=${pdir%/}
gname=${GOLDEN_NAME:-golden}
if [ "$pdir" = programs ]; then gdir=${GOLDEN_DIR:-tests/golden}; else gdir=${GOLDEN_DIR:-$pdir/golden}; fi
[ -d "$pdir" ] || { echo "gpu-golden.sh: no directory $pdir" >&2; exit 1; }
case $gname in *[!A-Za-z0-9_.-]*|'') echo "gpu-golden.sh: bad GOLDEN_NAME '$gname'" >&2; exit 1;; esac
seeds=${FUZZ_SEEDS:-1-2000}
jobs=${FUZZ_JOBS:-12}
warpsim=${WARPSIM:-}
[ -z "$warpsim" ] && [ -x build/dev/warpsim ] && warpsim=$root/build/dev/warpsim

if [ -n "${HWRUN:-}" ]; then
    hwrun=$HWRUN
else
    hwrun=$root/build/hwrun/warpsim-hwrun
    sh programs/hwrun/build.sh "$hwrun" || { echo "gpu-golden.sh: building warpsim-hwrun failed" >&2; exit 1; }
fi

# metadata
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    if command -v nvidia-smi >/dev/null 2>&1; then
        echo "gpu: $(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)"
        echo "driver: $(nvidia-smi --query-gpu=driver_version --format=csv,noheader | head -1)"
        echo "compute capability: $(nvidia-smi --query-gpu=compute_cap --format=csv,noheader 2>/dev/null | head -1)"
        echo "nvidia-smi CUDA version: $(nvidia-smi | sed -n 's/.*CUDA Version: *\([0-9.]*\).*/\1/p' | head -1)"
        echo "clocks (SM, max SM, MHz): $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)"
    else
        echo "gpu: none (nvidia-smi not found: a dry run)"
    fi
    echo "nvcc: $(nvcc --version 2>/dev/null | tail -n 2 | tr '\n' ' ')"
    echo "host: $(uname -srm)"
    echo "git: $(git rev-parse HEAD 2>/dev/null) (working tree as sent; tracked changes: $(git status --porcelain 2>/dev/null | wc -l) paths)"
    echo "runner: $hwrun (programs/hwrun/build.sh: cc -std=c11 -O2, CUDA driver API, PTX JIT-compiled by the driver)"
    echo "command: warpsim-hwrun $pdir/NAME.ptx @$pdir/NAME.args --json > $gdir/NAME.json"
    [ "$seeds" = none ] || echo "fuzz: python3 tools/fuzz/fuzz.py batch --hwrun warpsim-hwrun --seeds $seeds --jobs $jobs --out fuzz-gpu.jsonl"
} > "$stage/METADATA.txt"
cat "$stage/METADATA.txt"

status=0
n=0
for ptx in "$pdir"/${GOLDEN_GLOB:-*}.ptx; do
    [ -f "$ptx" ] || { echo "gpu-golden.sh: no $pdir/${GOLDEN_GLOB:-*}.ptx" >&2; status=1; break; }
    name=$(basename "$ptx" .ptx)
    [ -f "$pdir/$name.args" ] || { echo "skip $name (no .args)"; continue; }
    t1=$(date +%s.%N)
    if timeout ${GOLDEN_TIMEOUT:-20} "$hwrun" "$ptx" "@$pdir/$name.args" --json > "$stage/$name.json" 2> "$stage/$name.err"; then
        n=$((n + 1))
        echo "$name: ok ($(echo "$(date +%s.%N) - $t1" | bc 2>/dev/null || echo ?) s)"
        [ -s "$stage/$name.err" ] && { echo "$name: stderr:"; head -5 "$stage/$name.err"; }
        rm -f "$stage/$name.err"
        # a large golden (the sweeps) is kept as NAME.json.gz: the tracked tree must stay small
        # enough for the device runner (tests/golden_files.py reads both)
        [ "$(stat -c %s "$stage/$name.json")" -gt 500000 ] && gzip -9n "$stage/$name.json"
    else
        rc=$?
        echo "gpu-golden.sh: $name failed (rc $rc):"; head -20 "$stage/$name.err"
        rm -f "$stage/$name.json"
        status=1
    fi
done
echo "golden: $n programs" | tee -a "$stage/METADATA.txt"

# differential fuzzer
if [ "$seeds" != none ]; then
    extra=()
    [ -n "$warpsim" ] && extra=(--warpsim "$warpsim" --minimize-dir "$stage/fuzz-min" --minimize-max 12 --minimize-budget ${FUZZ_MIN_BUDGET:-60})
    PYTHONUNBUFFERED=1 python3 tools/fuzz/fuzz.py batch --hwrun "$hwrun" --seeds "$seeds" --jobs "$jobs" \
        --deadline "${FUZZ_DEADLINE:-0}" --timeout "${FUZZ_TIMEOUT:-15}" \
        --out "$stage/fuzz-gpu.jsonl" "${extra[@]}" 2>&1 | tee "$stage/fuzz-batch.log" | grep -v '^seed .*hwrun rc' | tail -n 60
    [ "${PIPESTATUS[0]}" -eq 0 ] || status=1
fi

tarball=$out/$gname.tar.gz
tar -C "$stage" -czf "$tarball" . && ls -l "$tarball" || status=1
# the device tool brings back files of at most 16 MiB: a larger archive would be lost silently
if [ -f "$tarball" ] && [ "$(stat -c %s "$tarball")" -gt $((16 * 1024 * 1024)) ]; then
    echo "gpu-golden.sh: $tarball is over 16 MiB; removed (run fewer programs: GOLDEN_GLOB, FUZZ_SEEDS)" >&2
    rm -f "$tarball"
    status=1
fi
rm -rf "$stage"
exit $status
