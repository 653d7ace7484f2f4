#!/bin/sh
# check_timing_limits.sh WARPSIM SRCDIR
# The timing mode's shortcuts for blocks of lone warps (sim/timing.c: the next pick made at the
# issue, the rest of a pass that would update nobody skipped) stop where the reference does: bench
# kernels of four warps stopped by the cycle and instruction limits at every cycle and instruction
# of their first iterations, --json against --slow-path timing (every pass run, every cycle charged
# as it passes).
set -u
warpsim=$1 src=$2
cd "$src" || exit 2
n=0
for kernel in reduce_loop scan_loop divergent bank_conflicts; do
    for limit in $(seq 1 200) $(seq 211 37 1500); do
        for opt in --max-cycles --max-instructions; do
            set -- run "bench/$kernel.ptx" --grid 1 --block 128 'out=u32[128]' 'iters=s32:20' --mode timing --json \
                "$opt" "$limit"
            fast=$("$warpsim" "$@" 2>&1)
            slow=$("$warpsim" "$@" --slow-path timing 2>&1)
            if [ "$fast" != "$slow" ]; then
                echo "$kernel $opt $limit: the timing mode and --slow-path timing differ:"
                f=${TMPDIR:-/tmp}/timing_limits.$$
                printf '%s\n' "$fast" >"$f"
                printf '%s\n' "$slow" | diff "$f" - | head -20
                rm -f "$f"
                exit 1
            fi
            n=$((n + 1))
        done
    done
done
echo "$n limited runs, the same bytes as --slow-path timing"
