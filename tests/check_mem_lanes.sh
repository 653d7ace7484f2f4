#!/bin/sh
# check_mem_lanes.sh WARPSIM SRCDIR
# tests/ptx/mem_lanes.ptx (see its comment), functional with --no-check-uninit (the decoded
# loads and stores of sim/interp_mem.h) on every SIMD variant this CPU has, against
# --slow-path all (the executors), byte for byte: strided, permuted, one shared word for every
# lane (stride 0), consecutive; and with lane 5 out of bounds or misaligned, whose reports must
# stay the executor's (the same message, lane 5 named).
set -u
warpsim=$1 src=$2
cd "$src" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
variants=sse2
grep -qw avx2 /proc/cpuinfo 2>/dev/null && variants="$variants avx2"
grep -qw avx512f /proc/cpuinfo 2>/dev/null && grep -qw avx512bw /proc/cpuinfo && grep -qw avx512vl /proc/cpuinfo &&
    grep -qw avx512dq /proc/cpuinfo && variants="$variants avx512"
[ "$(uname -m)" = x86_64 ] || variants=base
run() {
    "$warpsim" run tests/ptx/mem_lanes.ptx --grid 1 --block 64 'out=u32[320]' 'in=u32[64]:iota' --mode functional \
        --no-check-uninit --json "$@"
}
for case in "8 0 0" "0 0 0" "12 0 0" "4 0 0" "16 5 8192" "8 5 2" "8 5 1"; do
    set -- $case
    args="stride=u32:$1 bad=u32:$2 delta=u32:$3"
    run $args --slow-path all >"$tmp/slow" 2>&1
    for v in $variants; do
        run $args --simd "$v" >"$tmp/fast" 2>&1
        if ! cmp -s "$tmp/fast" "$tmp/slow"; then
            echo "$args: --simd $v and --slow-path all differ:"
            diff "$tmp/fast" "$tmp/slow" | head -20
            exit 1
        fi
    done
done
expect() { # the last case's (or the given case's) report
    if ! grep -q "$1" "$tmp/fast"; then
        echo "expected a report with: $1"
        grep -i '"message"' "$tmp/fast" | head -5
        exit 1
    fi
}
expect 'lane 5: 4-byte shared store access at address 0x429 is not 4-byte aligned'
expect 'lane 5: 2-byte shared store access at address 0x829 is not 2-byte aligned'
run stride=u32:16 bad=u32:5 delta=u32:8192 >"$tmp/fast" 2>&1
expect 'lane 5: 4-byte shared store at address 0x2450 is outside every shared allocation'
expect 'lane 5: 8-byte shared store at address 0x2e50 is outside every shared allocation'
echo "mem_lanes: the same bytes on $variants as with --slow-path all; lane 5's reports as the executor's"
