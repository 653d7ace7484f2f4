#!/usr/bin/env bash
# Builds the libFuzzer targets (the `fuzz` preset: clang, ASan + UBSan) and runs each for a
# short, fixed number of inputs from a seed corpus made of programs/*.ptx, tests/ptx/*.ptx,
# the regressions, the hostile-input suite's small cases and programs/*.args, then replays
# tests/fuzz/regressions/. Fails on any crash, leak or
# sanitizer report. Usage: scripts/fuzz-smoke.sh [RUNS]   (default 20000 per target)
# Longer runs by hand: build/fuzz/tests/fuzz/fuzz_ptx build/fuzz/corpus/ptx -max_len=65536 -jobs=2 -workers=2
set -eu
cd "$(dirname "$0")/.."
runs=${1:-20000}
if ! command -v clang >/dev/null; then
  echo "fuzz-smoke.sh: clang not found (scripts/install-deps.sh installs it)" >&2
  exit 1
fi
cmake --preset fuzz >/dev/null
cmake --build build/fuzz -j"$(nproc)" --target fuzz_ptx fuzz_args
corpus=build/fuzz/corpus
rm -rf "$corpus" build/fuzz/artifacts
mkdir -p "$corpus/ptx" "$corpus/args" build/fuzz/artifacts
cp programs/*.ptx "$corpus/ptx/"
cp tests/ptx/*.ptx "$corpus/ptx/" 2>/dev/null || true
cp tests/fuzz/regressions/ptx/*.ptx "$corpus/ptx/"
# the hostile-input suite's small cases (tests/check_hostile.py: huge widths, nested names, limits)
python3 tests/check_hostile.py --seeds "$corpus" >/dev/null
# fuzz_args: the first byte picks the mode (0 SPEC, 1 ARGSFILE, 2 argv words); no '/'
for f in programs/*.args; do
  { printf '\001'; grep -v / "$f" || true; } > "$corpus/args/$(basename "$f")"
done
i=0
for s in 'u32[32]:iota' 'f32:0x1.8p3' 'in=f64[4]:list:1,2,3,4' 's8:-128' 'x=u16[]:list:1,2' \
         'f32:0f3f800000' 'u64[8]:rand:7' 'f64:-nan' 'f32[2]:fill:inf'; do
  printf '\000%s' "$s" > "$corpus/args/spec$((i++))"
done
# mode 3: --preset text
for f in presets/*.preset tests/calibration/*.preset; do
  { printf '\003'; cat "$f"; } > "$corpus/args/preset-$(basename "$f")"
done
printf '\003schedule.piece 1025\nstq.shfl_left 2.5 x\n\talu\n' > "$corpus/args/preset-bad"
printf '\002--grid\n4,2\n--block=32,2\nu32[4]\nk.ptx\n--kernel\nfoo' > "$corpus/args/argv0"
for t in ptx args; do
  echo "== fuzz_$t: $runs runs"
  # the targets return at once on inputs over 64 KiB (PTX) and 16 KiB (arguments): without
  # -max_len libFuzzer would mutate up to the largest seed (a hostile case of 780 KiB)
  len=65536
  [ $t = args ] && len=16384
  build/fuzz/tests/fuzz/fuzz_$t "$corpus/$t" -runs="$runs" -max_len=$len -timeout=10 -rss_limit_mb=2560 \
      -malloc_limit_mb=1200 -artifact_prefix=build/fuzz/artifacts/ -print_final_stats=1 2>&1 |
    grep -E '^(stat::number_of_executed_units|stat::average_exec_per_sec)|ERROR|SUMMARY|runtime error' || true
  echo "== fuzz_$t: regressions"
  build/fuzz/tests/fuzz/fuzz_$t -runs=0 tests/fuzz/regressions/$t >/dev/null 2>&1 ||
    { echo "fuzz-smoke.sh: a regression input fails fuzz_$t again" >&2; exit 1; }
done
if [ -n "$(ls -A build/fuzz/artifacts)" ]; then
  echo "fuzz-smoke.sh: findings in build/fuzz/artifacts:" >&2
  ls build/fuzz/artifacts >&2
  exit 1
fi
echo "fuzz-smoke.sh: no findings"
