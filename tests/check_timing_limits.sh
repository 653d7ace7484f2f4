#!/bin/sh
# check_timing_limits.sh WARPSIM SRCDIR
# The timing mode's shortcuts for blocks of lone warps (sim/timing.c: the next pick made at the
# issue, the rest of a pass that would update nobody skipped, the free movs the next pass would
# issue first issued at the end of the pass before: issue_movs) stop where the reference does,
# --json against --slow-path timing (every pass run, every cycle charged as it passes), each with
# the uninitialised-value check on (a plain run) and off (--no-check-uninit, as warpsim bench runs;
# issue_movs runs only then):
# - bench kernels of four warps stopped by the cycle and instruction limits at every cycle and
#   instruction of their first iterations;
# - runs of 10 to 8,400 free movs (a pass's pick loop takes at most 4,096 steps, which issue_movs
#   counts for it: t->steps), a pack of two registers the step entry does not take (left to the
#   pass) and a guarded mov, in blocks of 1, 3 and 4 warps, stopped by the limits or not.
set -u
warpsim=$1 src=$2
cd "$src" || exit 2
dir=$(mktemp -d "${TMPDIR:-/tmp}/timing_limits.XXXXXX") || exit 2
trap 'rm -rf "$dir"' EXIT
n=0
# same LABEL ARGS...: warpsim ARGS --json, with the check on and off, gives the bytes of --slow-path timing
same() {
    label=$1
    shift
    for check in "" --no-check-uninit; do
        fast=$("$warpsim" "$@" --json $check 2>&1)
        slow=$("$warpsim" "$@" --json $check --slow-path timing 2>&1)
        if [ "$fast" != "$slow" ]; then
            echo "$label $check: the timing mode and --slow-path timing differ:"
            printf '%s\n' "$fast" >"$dir/fast"
            printf '%s\n' "$slow" | diff "$dir/fast" - | head -20
            exit 1
        fi
        n=$((n + 1))
    done
}
for kernel in reduce_loop scan_loop divergent bank_conflicts; do
    for limit in $(seq 1 200) $(seq 211 37 1500); do
        for opt in --max-cycles --max-instructions; do
            same "$kernel $opt $limit" run "bench/$kernel.ptx" --grid 1 --block 128 'out=u32[128]' 'iters=s32:20' \
                --mode timing "$opt" "$limit"
        done
    done
done
# movs N: each iteration N free movs in a row, then the pack, an add, a guarded mov
movs() {
    printf '.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry movs(.param .u64 out, .param .u32 iters)\n{\n'
    printf '    .reg .pred %%p<3>;\n    .reg .b32 %%r<12>;\n    .reg .b64 %%rd<6>;\n    .reg .f64 %%fd<3>;\n'
    printf '    mov.u32 %%r1, %%tid.x;\n    ld.param.u32 %%r9, [iters];\n    mov.u32 %%r10, 0;\n    mov.u32 %%r3, 0;\n'
    printf 'LOOP:\n    add.s32 %%r2, %%r1, %%r10;\n'
    i=0
    while [ "$i" -lt "$1" ]; do
        printf '    mov.u32 %%r3, %d;\n    mov.u32 %%r4, %%r3;\n' "$i"
        i=$((i + 2))
    done
    printf '    mov.b64 %%fd1, {%%r3, %%r4};\n    mov.b64 %%rd1, %%fd1;\n    cvt.u32.u64 %%r5, %%rd1;\n'
    printf '    add.s32 %%r6, %%r5, %%r2;\n    setp.lt.u32 %%p1, %%r1, 64;\n@%%p1 mov.u32 %%r6, %%r2;\n'
    printf '    add.s32 %%r10, %%r10, 1;\n    setp.lt.s32 %%p2, %%r10, %%r9;\n@%%p2 bra LOOP;\n'
    printf '    ld.param.u64 %%rd2, [out];\n    cvta.to.global.u64 %%rd3, %%rd2;\n    mul.wide.u32 %%rd4, %%r1, 4;\n'
    printf '    add.s64 %%rd5, %%rd3, %%rd4;\n    st.global.u32 [%%rd5], %%r6;\n    ret;\n}\n'
}
for count in 10 4100 8400; do
    movs "$count" >"$dir/movs$count.ptx"
    for limit in "" "--max-instructions 4100" "--max-instructions 9000" "--max-cycles 3" "--max-cycles 1100"; do
        for block in 128 96 32; do
            same "$count movs, block $block, $limit" run "$dir/movs$count.ptx" --grid 1 --block "$block" \
                'out=u32[128]' 'iters=s32:2' --mode timing $limit
        done
    done
done
echo "$n limited runs, the same bytes as --slow-path timing"
