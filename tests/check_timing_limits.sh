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
#   pass) and a guarded mov, in blocks of 1, 3 and 4 warps, stopped by the limits or not;
# - the bench kernels with warm code, where lone warps replay their segments' issue plans, and with cold
#   code (plans only where a segment's lines have arrived).
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
# issue plans (plan_pick): a lone warp that enters a straight-line segment as a warp did before (the same
# ready cycles relative to its entry) takes that warp's picks. These runs turn the fetch model off
# (ifetch.line 0: warm code, as a later launch has; cold code below); loops long enough to enter each
# segment many times, stopped at cycles and instructions throughout, in blocks of 1 to 4 warps and grids
# of several blocks (a plan kept from block to block)
printf 'ifetch.line 0\n' >"$dir/warm.preset"
# warm_limits PTX LABEL ITERS FROM STEP TO: a block of four warps stopped at the cycles and instructions
# FROM, FROM + STEP, ... up to TO
warm_limits() {
    for limit in $(seq "$4" "$5" "$6"); do
        for opt in --max-cycles --max-instructions; do
            same "$2 warm $opt $limit" run "$1" --grid 1 --block 128 'out=u32[128]' "iters=s32:$3" --mode timing \
                --preset "$dir/warm.preset" "$opt" "$limit"
        done
    done
}
for kernel in reduce_loop scan_loop divergent bank_conflicts; do
    same "$kernel warm" run "bench/$kernel.ptx" --grid 1 --block 128 'out=u32[128]' 'iters=s32:40' --mode timing \
        --preset "$dir/warm.preset"
    warm_limits "bench/$kernel.ptx" "$kernel" 40 97 61 1500
    for shape in "--grid 3 --block 32" "--grid 2 --block 96" "--grid 2 --block 100"; do
        same "$kernel warm $shape" run "bench/$kernel.ptx" $shape 'out=u32[300]' 'iters=s32:70' \
            --mode timing --preset "$dir/warm.preset"
    done
done
# a loop whose first segment is entered after a short or a long path in turn, with its shuffle's result
# (read first thing) pending for a different time: the same producers, other ready cycles (a plan keyed
# on the producers alone would replay the other path's picks: 2424 cycles against 2256)
cat >"$dir/alt.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .entry alt(.param .u64 out, .param .u32 iters)
{
    .reg .pred %p<3>;
    .reg .b32 %r<20>;
    .reg .b64 %rd<6>;
    mov.u32 %r1, %tid.x;
    ld.param.u32 %r9, [iters];
    mov.u32 %r10, 0;
    mov.u32 %r3, %r1;
    mov.u32 %r12, 0;
    mov.u32 %r13, 0;
LOOP:
    add.s32 %r6, %r3, 1;
    add.s32 %r7, %r6, %r1;
    xor.b32 %r8, %r7, %r6;
    shfl.sync.bfly.b32 %r3, %r8, 1, 31, -1;
    add.s32 %r10, %r10, 1;
    and.b32 %r11, %r10, 1;
    setp.eq.s32 %p1, %r11, 0;
@%p1 bra EVEN;
    add.s32 %r12, %r12, 1;
    add.s32 %r13, %r13, 2;
    add.s32 %r14, %r12, 3;
    add.s32 %r15, %r13, 4;
    add.s32 %r12, %r14, 5;
    add.s32 %r13, %r15, 6;
    add.s32 %r14, %r12, 7;
    add.s32 %r15, %r13, 8;
    add.s32 %r12, %r14, 9;
    add.s32 %r13, %r15, 10;
    bra.uni NEXT;
EVEN:
    add.s32 %r16, %r10, 1;
NEXT:
    setp.lt.s32 %p2, %r10, %r9;
@%p2 bra LOOP;
    add.s32 %r3, %r3, %r12;
    ld.param.u64 %rd2, [out];
    cvta.to.global.u64 %rd3, %rd2;
    mul.wide.u32 %rd4, %r1, 4;
    add.s64 %rd5, %rd3, %rd4;
    st.global.u32 [%rd5], %r3;
    ret;
}
PTX
for block in 32 96 128; do
    same "alternating paths, block $block" run "$dir/alt.ptx" --grid 1 --block "$block" 'out=u32[128]' \
        'iters=s32:60' --mode timing --preset "$dir/warm.preset"
done
warm_limits "$dir/alt.ptx" "alternating paths" 60 131 53 2300
# plans while the fetch model is live (a process's first launch: cold code): a segment is planned only where all
# its lines have arrived by its entry (code_there), so that a plan recorded or replayed never meets a fetch wait.
# cold.ptx: warp 0 reaches TAIL and LOOP while their lines are still coming; warp 1, after a longer chain, reaches
# them with the same key (the same producers, every live-in old, both by a branch) once they are there: a plan
# warp 0 recorded there would give warp 1 warp 0's fetch waits (it does when the test of the lines is left out)
cold() {
    printf '.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry cold(.param .u64 out, .param .u32 iters)\n{\n'
    printf '    .reg .pred %%p<4>;\n    .reg .b32 %%r<40>;\n    .reg .b64 %%rd<6>;\n    mov.u32 %%r1, %%tid.x;\n'
    printf '    ld.param.u32 %%r9, [iters];\n    mov.u32 %%r10, 0;\n    ld.param.u64 %%rd2, [out];\n'
    printf '    cvta.to.global.u64 %%rd3, %%rd2;\n    add.s32 %%r20, %%r1, 1;\n'
    for i in $(seq 30); do printf '    mad.lo.s32 %%r20, %%r20, %%r1, 7;\n'; done
    printf '    setp.lt.u32 %%p3, %%r1, 32;\n@%%p3 bra TAIL;\n'
    for i in $(seq 40); do printf '    mad.lo.s32 %%r20, %%r20, %%r1, 9;\n'; done
    printf '    bra.uni TAIL;\nTAIL:\n'
    for i in $(seq 62 69); do printf '    add.s32 %%r%d, %%r1, %d;\n' $((21 + i % 8)) "$i"; done
    printf '    setp.lt.s32 %%p1, %%r10, %%r9;\n@%%p1 bra LOOP;\n    add.s32 %%r21, %%r20, 1;\nLOOP:\n'
    printf '    add.s32 %%r10, %%r10, 1;\n'
    for i in $(seq 0 69); do printf '    add.s32 %%r%d, %%r1, %d;\n' $((21 + i % 8)) "$i"; done
    printf '    setp.lt.s32 %%p2, %%r10, %%r9;\n@%%p2 bra LOOP;\n    add.s32 %%r3, %%r20, %%r21;\n'
    printf '    add.s32 %%r3, %%r3, %%r28;\n    mul.wide.u32 %%rd4, %%r1, 4;\n    add.s64 %%rd5, %%rd3, %%rd4;\n'
    printf '    st.global.u32 [%%rd5], %%r3;\n    ret;\n}\n'
}
cold >"$dir/cold.ptx"
printf 'ifetch.ahead 1\nifetch.latency 200\n' >"$dir/slow_fetch.preset"
for preset in "" "--preset $dir/slow_fetch.preset"; do
    for block in 64 96 128; do
        same "cold code $preset, block $block" run "$dir/cold.ptx" --grid 2 --block "$block" 'out=u32[128]' \
            'iters=s32:6' --mode timing $preset
        same "alternating paths, cold code $preset, block $block" run "$dir/alt.ptx" --grid 1 --block "$block" \
            'out=u32[128]' 'iters=s32:60' --mode timing $preset
    done
done
for limit in $(seq 131 41 1200); do
    for opt in --max-cycles --max-instructions; do
        same "cold code $opt $limit" run "$dir/cold.ptx" --grid 1 --block 128 'out=u32[128]' 'iters=s32:6' \
            --mode timing "$opt" "$limit"
    done
done
echo "$n limited runs, the same bytes as --slow-path timing"
