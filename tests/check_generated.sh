#!/bin/sh
# A committed generated file must be what its tool writes today (docs/isa.md from the opcode
# table, sim/preset_sm90.h from presets/sm_90.preset).
# usage: check_generated.sh SOURCE_DIR FILE TARGET TOOL [TOOL_ARGS...]
#   FILE is relative to SOURCE_DIR; the tool is run as TOOL [TOOL_ARGS...] OUT; TARGET is the build
#   target that regenerates FILE.
set -eu
src=$1 file=$2 target=$3
shift 3
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$@" "$tmp"
if ! diff -u "$src/$file" "$tmp"; then
    echo "$file is out of date: run 'cmake --build build/dev --target $target' and commit it"
    exit 1
fi
echo "$file is current"
