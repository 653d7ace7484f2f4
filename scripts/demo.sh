#!/usr/bin/env bash
# Builds everything and runs the main demonstration: the seed's 5-step shfl_down warp
# reduction, with its lane-by-lane trace.
set -eu
cd "$(dirname "$0")/.."
scripts/install-deps.sh
log=$(mktemp)
echo "building warpsim (cmake --preset dev; the log is in $log)"
if ! { cmake --preset dev && cmake --build build/dev -j"$(nproc)"; } >"$log" 2>&1; then
  cat "$log"
  exit 1
fi
cat <<'INTRO'

The 5-step warp reduction: 32 lanes each load one float (0..31); five shfl.sync.down steps
(offsets 16, 8, 4, 2, 1) fold them together until lane 0 holds the sum, 496. Below, each
executed PTX instruction is followed by a table of the 32 lanes in four rows of eight: 'from'
is the lane each lane read in a shuffle ('self' when the source is out of range), then the
value every lane wrote. Rows that are the same in every lane are shown once.

$ warpsim run programs/warp_reduce_down.ptx @programs/warp_reduce_down.args --trace
INTRO
build/dev/warpsim run programs/warp_reduce_down.ptx @programs/warp_reduce_down.args --trace
