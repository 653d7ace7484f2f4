#!/bin/sh
# check_timing_limits.sh WARPSIM SRCDIR
# The timing mode's shortcuts for blocks of lone warps (sim/timing.c: the next pick made at the
# issue, the pass that would pick and update nobody skipped) stop where the reference does: bench
# kernels of four warps stopped by the cycle and instruction limits at every cycle and instruction
# of their first iterations, --json against --slow-path timing (every pass run, every cycle charged
# as it passes).
set -u
warpsim=$1 src=$2
cd "$src" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
n=0
for kernel in reduce_loop scan_loop divergent bank_conflicts; do
    for limit in $(seq 1 200) $(seq 211 37 1500); do
        for opt in --max-cycles --max-instructions; do
            "$warpsim" run "bench/$kernel.ptx" --grid 1 --block 128 'out=u32[128]' 'iters=s32:20' --mode timing \
                --json "$opt" "$limit" >"$tmp/fast" 2>&1
            "$warpsim" run "bench/$kernel.ptx" --grid 1 --block 128 'out=u32[128]' 'iters=s32:20' --mode timing \
                --json "$opt" "$limit" --slow-path timing >"$tmp/slow" 2>&1
            if ! cmp -s "$tmp/fast" "$tmp/slow"; then
                echo "$kernel $opt $limit: the timing mode and --slow-path timing differ:"
                diff "$tmp/fast" "$tmp/slow" | head -20
                exit 1
            fi
            n=$((n + 1))
        done
    done
done
echo "$n limited runs, the same bytes as --slow-path timing"
