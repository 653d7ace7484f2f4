#!/bin/sh
# Side-by-side speed measurements for docs/performance.md, all in one run on one machine:
#   1. the simulator before this work (a source tree given as BASE, e.g. `git archive 8509625`)
#      and now, on the same `warpsim run` commands;
#   2. now, with each fast path turned off in turn (--slow-path converged|exec|shfl|timing);
#   3. --jobs 1, 2, 4 on a 10,000-block grid of programs/block_reduce;
#   4. scaling: threads per block, blocks per grid, program length.
# Builds with gcc -O3 directly (no cmake or cmocka needed). Prints tab-separated rows.
# Usage: bench/compare.sh [BASE_SRC_DIR]
set -eu
root=$(cd "$(dirname "$0")/.." && pwd)
base=${1:-}
out=${OUT_DIR:-/tmp/warpsim-compare}
mkdir -p "$out"

build() { # SRC DEST: the warpsim command from SRC, as the release preset compiles it
    src=$1 dst=$2
    mkdir -p "$dst"
    objs=""
    for f in "$src"/isa/*.c "$src"/sim/*.c "$src"/cli/*.c; do
        case $f in *cmd_viz.c) continue ;; esac
        o="$dst/$(basename "$(dirname "$f")")_$(basename "$f" .c).o"
        extra=""
        case $f in */sim/*) extra="-frounding-math" ;; esac
        gcc -std=c11 -O3 -DNDEBUG -D_GNU_SOURCE -mpopcnt $extra -I"$src/include" -I"$src/include/warpsim" -I"$src/sim" -I"$src/isa" \
            -I"$src/cli" -c "$f" -o "$o" &
        objs="$objs $o"
    done
    wait
    gcc -o "$dst/warpsim" $objs -lm -lpthread
}

secs() { # the wall seconds of a command (best of 2)
    best=""
    for i in 1 2; do
        t0=$(date +%s.%N)
        "$@" >/dev/null 2>&1 || true
        t1=$(date +%s.%N)
        t=$(awk "BEGIN { print $t1 - $t0 }")
        if [ -z "$best" ] || [ "$(awk "BEGIN { print ($t < $best) }")" = 1 ]; then best=$t; fi
    done
    printf '%.3f' "$best"
}

build "$root" "$out/now"
now="$out/now/warpsim"
[ -n "$base" ] && build "$base" "$out/base"

R="$root/bench/reduce_loop.ptx"
run_reduce() { # WARPSIM MODE [--slow-path LIST]
    w=$1 m=$2
    shift 2
    "$w" run "$R" --grid 1 --block 128 out=u32[128] iters=s32:100000 --mode "$m" --no-check-uninit \
        --max-instructions 4000000000 "$@"
}

echo "== 1+2. reduce_loop (grid 1, block 128, 100000 iterations): lane instructions per second"
printf 'build\tmode\tseconds\tlane_insn_per_s\n'
L=$("$now" run "$R" --grid 1 --block 128 out=u32[128] iters=s32:100000 --mode functional --no-check-uninit --json |
    grep '"lane_instructions"' | head -1 | tr -dc '0-9')
for mode in functional timing; do
    if [ -n "$base" ]; then
        t=$(secs run_reduce "$out/base/warpsim" $mode)
        printf 'before\t%s\t%s\t%.3g\n' $mode "$t" "$(awk "BEGIN { print $L / $t }")"
    fi
    for slow in "converged,exec,shfl,timing" "converged" "exec" "shfl" "timing" ""; do
        t=$(secs run_reduce "$now" $mode ${slow:+--slow-path "$slow"})
        printf 'now, off: %s\t%s\t%s\t%.3g\n' "${slow:-none}" $mode "$t" "$(awk "BEGIN { print $L / $t }")"
    done
done

echo "== 3. --jobs on programs/block_reduce, 10000 blocks of 1024 threads (warpsim bench's own timer)"
for mode in functional timing; do
    for j in 1 2 4; do
        printf 'jobs %s\t%s\t' $j $mode
        "$now" bench --only block_reduce --jobs $j --blocks 10000 --mode $mode --json | grep -E '"seconds_per_launch"' | tr -d ' ,\n'
        echo
    done
done

echo "== 4. scaling (functional and timing; seconds, peak KiB)"
"$now" bench --scaling
