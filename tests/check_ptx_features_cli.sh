#!/usr/bin/env bash
# check_ptx_features_cli.sh WARPSIM SRCDIR
# The command line's side of -lineinfo and C++ kernel names: --trace and --trace-json name the
# CUDA line of nvcc -lineinfo PTX beside the PTX line, and so do diagnostics; --kernel takes a demangled name, and an
# ambiguous one lists the kernels with their demangled names; --shared-bytes gives extern __shared__
# arrays their size; device-side launches show one line each and a note on what their numbers model.
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
check "--kernel 'tfoo<int>(int*)' runs _Z4tfooIiEvPT_, named as written" 0 "^-- kernel void tfoo<int>(int\*) grid" "$tmp/run"
"$warpsim" run tests/ptx/names.ptx --kernel 'tfoo<int>(int*)' --arg p=s32[1] --json > "$tmp/json" 2>&1
check "--json: the mangled name" 0 '"kernel": "_Z4tfooIiEvPT_",' "$tmp/json"
check "--json: and the demangled one" 0 '"demangled": "void tfoo<int>(int\*)",' "$tmp/json"
"$warpsim" run tests/ptx/names.ptx --kernel tfoo --arg p=s32[1] > "$tmp/amb" 2>&1
status=$?
[ "$status" -eq 2 ] || { echo "FAIL --kernel tfoo: status $status, expected 2"; fail=1; }
check "--kernel tfoo is ambiguous" 0 "_Z4tfooIdEvPT_ (void tfoo<double>(double\*))" "$tmp/amb"
# dynamic shared memory: --shared-bytes on the command line or in an argument file sizes the
# kernel's extern __shared__ array (without it the reads are out of bounds)
"$warpsim" run tests/ptx/param_smem.ptx --kernel dyn_shared out=s32[128] n=s32:1000 --block 128 --shared-bytes 4000 > "$tmp/dyn" 2>&1
check "--shared-bytes 4000 sizes extern __shared__ buf[]" 0 "^2997 3018 3039 3060" "$tmp/dyn"
printf '%s/tests/ptx/param_smem.ptx --kernel dyn_shared --block 128\nout=s32[128] n=s32:1000 --shared-bytes=0xfa0\n' "$PWD" > "$tmp/dyn.args"
"$warpsim" run "@$tmp/dyn.args" > "$tmp/dyn2" 2>&1
check "--shared-bytes in an argument file" 0 "^2997 3018 3039 3060" "$tmp/dyn2"
"$warpsim" run tests/ptx/param_smem.ptx --kernel dyn_shared out=s32[128] n=s32:1000 --block 128 > "$tmp/dyn3" 2>&1
check "no --shared-bytes: out of bounds" 0 "outside every shared allocation" "$tmp/dyn3"
# device-side launches (tests/ptx/cdp.cu): the child's writes, its own line, the note; --json has them
"$warpsim" run tests/ptx/cdp.ptx --kernel 'parent(int*)' --grid 1 --block 32 "o=s32[32]" > "$tmp/cdp" 2>&1
check "a child grid's writes" 0 "^24 25 26 27 28 29 30 31" "$tmp/cdp"
check "a device launch's line" 0 '^-- device launch 0: kernel child(int\*) grid 1,1,1 block 32,1,1: depth=1 parent=-1 ptx_line=[0-9]* from_block=0 stream="default"' "$tmp/cdp"
check "the note: the launch latency is not modelled" 0 "^-- note: .*latency of a device-side launch .* not modelled" "$tmp/cdp"
"$warpsim" run tests/ptx/cdp.ptx --kernel 'parent(int*)' --grid 1 --block 32 "o=s32[32]" --json > "$tmp/cdp.json" 2>&1
check "--json: device_launches" 0 '"device_launches": \[' "$tmp/cdp.json"
check "--json: the note" 0 '"device_launch_note": "each device-launched grid' "$tmp/cdp.json"
# dive nests 2048 deep, as on an H100: the launch from depth 2048 finds 2048 pending (its ancestors')
"$warpsim" run tests/ptx/cdp.ptx --kernel 'dive(int*, int*)' --grid 1 --block 1 "r=s32[2049]" "e=s32[2049]" > "$tmp/dive" 2>&1
check "nesting 2048 deep: a warning" 0 "cdp.ptx:[0-9]*: warning: \[device launch of _Z4divePiS_, depth 2048\] lane 0: .*2048 launches are pending already.*cudaErrorLaunchPendingCountExceeded) \[device-launch\]" "$tmp/dive"
check "nesting 2048 deep: the deepest grid's line" 0 "^-- device launch 2047: kernel dive(int\*, int\*) grid 1,1,1 block 1,1,1: depth=2048 parent=2046 " "$tmp/dive"
exit $fail
