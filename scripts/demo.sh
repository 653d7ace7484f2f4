#!/usr/bin/env bash
# Builds everything and runs the main demonstration: the seed's 5-step shfl_down warp
# reduction, with its lane-by-lane trace.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
cmake --preset release >/dev/null
cmake --build build/release -j"$(nproc)"
echo
echo "== warpsim run programs/warp_reduce_down.ptx @programs/warp_reduce_down.args --trace"
build/release/warpsim run programs/warp_reduce_down.ptx @programs/warp_reduce_down.args --trace
