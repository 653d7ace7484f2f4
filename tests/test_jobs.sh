#!/bin/sh
# --jobs: a grid run on two host threads gives exactly what one thread gives (buffers, printf
# output in block order, merged diagnostics, summed statistics), for every programs/*.ptx except
# those that read %clock (their cycle counts are the measurement), with its own arguments and
# again with a grid of 8 blocks (where every block writes the same words, the values agree), in
# the timing and the functional mode; plus the bench kernels on larger grids, and launches that
# stop at the instruction or cycle limit. No timing is
# asserted here (docs/performance.md has the speed-ups).
# Usage: tests/test_jobs.sh WARPSIM ROOT
set -u
ws=$1
root=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
fail=0
runs=0

compare() { # name, then the warpsim run arguments
    name=$1
    shift
    "$ws" run "$@" --jobs 1 >"$tmp/a.out" 2>"$tmp/a.err"
    ra=$?
    "$ws" run "$@" --jobs 2 >"$tmp/b.out" 2>"$tmp/b.err"
    rb=$?
    runs=$((runs + 1))
    if [ $ra -ne $rb ] || ! cmp -s "$tmp/a.out" "$tmp/b.out" || ! cmp -s "$tmp/a.err" "$tmp/b.err"; then
        echo "FAIL: $name: --jobs 2 differs from --jobs 1 (exit $ra vs $rb): warpsim run $*"
        diff "$tmp/a.out" "$tmp/b.out" | head -8
        diff "$tmp/a.err" "$tmp/b.err" | head -8
        fail=1
    fi
}

for ptx in "$root"/programs/*.ptx; do
    name=$(basename "$ptx" .ptx)
    args="$root/programs/$name.args"
    [ -f "$args" ] || continue
    if grep -q '%clock' "$ptx"; then
        continue
    fi
    for mode in timing functional; do
        compare "$name/$mode" "$ptx" "@$args" --mode "$mode" --json
        compare "$name/$mode/text" "$ptx" "@$args" --mode "$mode"
    done
    compare "$name/grid8" "$ptx" "@$args" --grid 8 --mode functional --json
done
for k in reduce_loop scan_loop divergent bank_conflicts; do
    compare "bench/$k" "$root/bench/$k.ptx" --grid 16 --block 64 out=u32[1024] iters=s32:50 --json
    compare "bench/$k/timing" "$root/bench/$k.ptx" --grid 16 --block 64 out=u32[1024] iters=s32:20 --mode timing --json
done
compare "block_reduce/64" "$root/programs/block_reduce.ptx" --grid 64 --block 1024 "in=f32[65536]:iota" "out=f32[64]" --json
# the instruction and cycle limits stop both, and what they print is one thread's, byte for byte
# (a launch on several threads that stops at a limit runs again on one: docs/diagnostics.md)
for mode in functional timing; do
    compare "limit/$mode" "$root/bench/reduce_loop.ptx" --grid 16 --block 64 out=u32[1024] iters=s32:1000000 \
        --max-instructions 1000 --mode $mode
    compare "limit/$mode/json" "$root/bench/reduce_loop.ptx" --grid 16 --block 64 out=u32[1024] iters=s32:1000000 \
        --max-instructions 5000 --mode $mode --json
    compare "cycle_limit/$mode" "$root/bench/reduce_loop.ptx" --grid 16 --block 64 out=u32[1024] iters=s32:1000000 \
        --max-cycles 2000 --mode $mode
done
for j in 1 2; do
    "$ws" run "$root/bench/reduce_loop.ptx" --grid 16 --block 64 out=u32[1024] iters=s32:1000000 \
        --max-instructions 1000 --jobs $j >/dev/null 2>&1
    rc=$?
    runs=$((runs + 1))
    if [ $rc -ne 3 ]; then
        echo "FAIL: limit: --jobs $j exited $rc, expected 3 (limit reached)"
        fail=1
    fi
done

if [ $fail -ne 0 ]; then
    exit 1
fi
echo "ok: $runs runs identical with --jobs 1 and --jobs 2"
