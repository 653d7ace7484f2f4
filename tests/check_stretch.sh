#!/bin/sh
# check_stretch.sh WARPSIM SRCDIR
# tests/ptx/diverged_stretch.ptx (see its comment) in both modes, --json: the decoded
# stretches of a diverged warp's groups and the uninitialised-value check's plan (sim/warp.c,
# sim/cfg.h) against the general code they replace, byte for byte (--slow-path interp: no
# stretches; uninit: every instruction checked; all), and the two reads before writing it
# contains reported; with the check and without it. The same comparison for programs/div_merge
# (if/else shuffles of different modes merged into one collective, with its diagnostics) and
# bench/divergent (lane-dependent loops, an if/else shuffle pair): merged constant shuffles run
# by their decoded routing (ws_interp_merged_shfl, sim/interp_issue.c), in the timing mode too;
# and for tests/ptx/region_loop.ptx (a diverged warp's steps in one loop: nested divergence,
# exits, a merged shuffle in the region), also with the instruction and cycle limits reached at
# every step, against --slow-path converged.
set -u
warpsim=$1 src=$2
cd "$src" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
stretch() {
    "$warpsim" run tests/ptx/diverged_stretch.ptx --grid 1 --block 64 'out=u32[129]' --mode "$mode" --json "$@"
}
merge() {
    "$warpsim" run programs/div_merge.ptx @programs/div_merge.args --mode "$mode" --json "$@"
}
region() {
    "$warpsim" run tests/ptx/region_loop.ptx --grid 1 --block 64 'out=u32[65]' --mode "$mode" --json "$@"
}
divergent() {
    "$warpsim" run bench/divergent.ptx --grid 1 --block 128 'out=u32[128]' 'iters=s32:40' --mode "$mode" --json "$@"
}
# with the check and without it (the instructions it must look at end a stretch)
for mode in functional timing; do
    for run in stretch merge divergent region; do
        for check in "" --no-check-uninit; do
            $run ${check:+"$check"} >"$tmp/fast" 2>&1 || { echo "$run $check exited with $?"; head -5 "$tmp/fast"; exit 1; }
            for slow in converged interp uninit shfl all; do
                $run ${check:+"$check"} --slow-path $slow >"$tmp/slow" 2>&1
                if ! cmp -s "$tmp/fast" "$tmp/slow"; then
                    echo "$run $mode $check: the fast paths and --slow-path $slow differ:"
                    diff "$tmp/fast" "$tmp/slow" | head -20
                    exit 1
                fi
            done
        done
    done
done
n=$(grep -c '"kind": *"merged-collective"' "$tmp/fast")
if [ "$n" -lt 1 ]; then
    echo "expected merged-collective diagnostics from bench/divergent, found none"
    exit 1
fi
mode=functional
stretch >"$tmp/fast" 2>&1
n=$(grep -c '"kind": *"uninitialized-register"' "$tmp/fast")
if [ "$n" -ne 2 ]; then
    echo "expected 2 uninitialized-register diagnostics, found $n"
    grep -i uninit "$tmp/fast" | head
    exit 1
fi
# a diverged warp's steps in one loop (ws_warp_run_diverged) stop where ws_block_run's loop of
# single steps would: the instruction and cycle limits reached at every step of the region
mode=functional
for limit in $(seq 1 90) $(seq 95 7 160); do
    for opt in --max-instructions --max-cycles; do
        region "$opt" "$limit" >"$tmp/fast" 2>&1
        region "$opt" "$limit" --slow-path converged >"$tmp/slow" 2>&1
        if ! cmp -s "$tmp/fast" "$tmp/slow"; then
            echo "region $opt $limit: the fast paths and --slow-path converged differ:"
            diff "$tmp/fast" "$tmp/slow" | head -20
            exit 1
        fi
    done
done
# bench/divergent's warps converge and diverge again inside the run loop's runs (ws_region_hop,
# ws_region_diverge): stopped by the limits anywhere in its first iterations as by --slow-path
# converged, with the check and without it
for limit in $(seq 1 100) $(seq 107 13 400); do
    for opt in --max-instructions --max-cycles; do
        for check in "" --no-check-uninit; do
            "$warpsim" run bench/divergent.ptx --grid 1 --block 64 'out=u32[64]' 'iters=s32:4' --json "$opt" "$limit" \
                ${check:+"$check"} >"$tmp/fast" 2>&1
            "$warpsim" run bench/divergent.ptx --grid 1 --block 64 'out=u32[64]' 'iters=s32:4' --json "$opt" "$limit" \
                ${check:+"$check"} --slow-path converged >"$tmp/slow" 2>&1
            if ! cmp -s "$tmp/fast" "$tmp/slow"; then
                echo "divergent $opt $limit $check: the fast paths and --slow-path converged differ:"
                diff "$tmp/fast" "$tmp/slow" | head -20
                exit 1
            fi
        done
    done
done
echo "diverged_stretch, div_merge, divergent, region_loop, both modes: the same bytes with --slow-path interp, uninit, shfl and all; 2 reads before writing reported; region_loop and divergent stopped by the limits at every step as by --slow-path converged"
