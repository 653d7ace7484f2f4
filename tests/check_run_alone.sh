#!/bin/sh
# check_run_alone.sh WARPSIM SRCDIR
# The timing mode's warps running ahead in cycle order while each is the only warp of its
# sub-partition (run_alone, sim/timing.c) against the general loop (--slow-path timing turns it
# off), byte for byte: tests/ptx/run_alone.ptx (see its comment) in blocks of 3 and 4 warps (it
# runs) and of 5 and 8 (warps share a sub-partition: it must not), through its boundaries (a
# store to shared memory, a barrier, a load, a divergent loop, a division by zero's diagnostic,
# a store to global memory), with the uninitialised-value check and without it; and
# bench/reduce_loop (4 warps) and bench/divergent.
set -u
warpsim=$1 src=$2
cd "$src" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
alone() {
    "$warpsim" run tests/ptx/run_alone.ptx --grid 2 --block "$block" "out=u32[$((2 * block))]" 'iters=s32:12' \
        --mode timing --json "$@"
}
reduce() {
    "$warpsim" run bench/reduce_loop.ptx --grid 1 --block "$block" "out=u32[$block]" 'iters=s32:30' --mode timing --json "$@"
}
divergent() {
    "$warpsim" run bench/divergent.ptx --grid 1 --block "$block" "out=u32[$block]" 'iters=s32:20' --mode timing --json "$@"
}
n=0
for run in alone reduce divergent; do
    for block in 96 128 160 256; do
        for check in "" --no-check-uninit; do
            $run ${check:+"$check"} >"$tmp/fast" 2>&1 || { echo "$run $block $check exited with $?"; head -5 "$tmp/fast"; exit 1; }
            $run ${check:+"$check"} --slow-path timing >"$tmp/slow" 2>&1
            if ! cmp -s "$tmp/fast" "$tmp/slow"; then
                echo "$run, blocks of $block $check: run_alone and --slow-path timing differ:"
                diff "$tmp/fast" "$tmp/slow" | head -20
                exit 1
            fi
            n=$((n + 1))
        done
    done
done
# the kernel reaches its boundaries: the diagnostic of the division and the barrier are there
alone --no-check-uninit >"$tmp/fast" 2>&1
grep -q '"barriers": [1-9]' "$tmp/fast" || { echo "run_alone.ptx: no barrier counted"; head -30 "$tmp/fast"; exit 1; }
grep -q 'division by zero' "$tmp/fast" || { echo "run_alone.ptx: no division-by-zero diagnostic"; exit 1; }
echo "run_alone: $n runs give the same bytes as --slow-path timing"
