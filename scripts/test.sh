#!/usr/bin/env bash
# Builds and runs every test: the warnings-as-errors build, then the whole suite again under
# AddressSanitizer and UndefinedBehaviorSanitizer, then a short, fixed run of every fuzz target.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
for preset in ci asan; do
  echo "== $preset: configure, build, test"
  cmake --preset "$preset" >/dev/null
  cmake --build "build/$preset" -j"$(nproc)"
  ctest --preset "$preset" -j"$(nproc)"
done
echo "== fuzz smoke: every libFuzzer target for 20000 inputs"
scripts/fuzz-smoke.sh 20000
