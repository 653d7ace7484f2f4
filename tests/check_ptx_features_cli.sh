#!/usr/bin/env bash
# check_ptx_features_cli.sh WARPSIM SRCDIR
# The command line's side of -lineinfo and C++ kernel names: --trace and --trace-json name the
# CUDA line of nvcc -lineinfo PTX beside the PTX line, and so do diagnostics; --kernel takes a demangled name, and an
# ambiguous one lists the kernels with their demangled names.
set -u
warpsim=$1 src=$2
cd "$src" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
check() { # what, command status, pattern, file
  if ! grep -q -- "$3" "$4"; then
    echo "FAIL $1: no '$3' in:"; head -20 "$4"; fail=1
  else
    echo "ok   $1"
  fi
}
"$warpsim" run tests/ptx/lineinfo.ptx --arg out=s32[32] --trace > "$tmp/trace" 2>&1
check "--trace shows the CUDA line of the inlined shuffle" 0 "line 36 (lineinfo.cu:8)  shfl.sync.down.b32" "$tmp/trace"
"$warpsim" run tests/ptx/lineinfo.ptx --arg out=s32[32] --trace-json "$tmp/t.json" > /dev/null 2>&1
check "--trace-json has src" 0 '"line":36,"src":"lineinfo.cu:8","insn":"shfl.sync.down.b32' "$tmp/t.json"
"$warpsim" run tests/ptx/lineinfo.ptx --arg out=s32[16] > /dev/null 2> "$tmp/diag"
check "a diagnostic names the CUDA line" 0 "lineinfo.ptx:45 (lineinfo.cu:9): warning: lane 16" "$tmp/diag"
"$warpsim" run tests/ptx/names.ptx --kernel 'tfoo<int>(int*)' --arg p=s32[1] > "$tmp/run" 2>&1
check "--kernel 'tfoo<int>(int*)' runs _Z4tfooIiEvPT_" 0 "kernel _Z4tfooIiEvPT_ " "$tmp/run"
"$warpsim" run tests/ptx/names.ptx --kernel tfoo --arg p=s32[1] > "$tmp/amb" 2>&1
status=$?
[ "$status" -eq 2 ] || { echo "FAIL --kernel tfoo: status $status, expected 2"; fail=1; }
check "--kernel tfoo is ambiguous" 0 "_Z4tfooIdEvPT_ (void tfoo<double>(double\*))" "$tmp/amb"
exit $fail
