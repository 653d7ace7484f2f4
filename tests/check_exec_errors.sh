#!/usr/bin/env bash
# check_exec_errors.sh WARPSIM SRCDIR: what warpsim exec says when it cannot run a program.
set -u
warpsim=$1 src=$2
status=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# expect STATUS TEXT COMMAND...: the exit status, and TEXT in stderr
expect() {
    local want=$1 text=$2
    shift 2
    "$@" > "$tmp/out" 2> "$tmp/err"
    local rc=$?
    if [ $rc != "$want" ] || ! grep -qF -- "$text" "$tmp/err"; then
        echo "FAIL: $* -> exit $rc (want $want), stderr:"; cat "$tmp/err"; echo "(wanted: $text)"
        status=1
    fi
}
expect 2 "does not load libcudart.so.13" "$warpsim" exec /bin/true
expect 2 "cannot run ./no-such-program" "$warpsim" exec ./no-such-program
expect 2 "unknown option '--bogus'" "$warpsim" exec --bogus /bin/true
expect 2 "--mode takes" "$warpsim" exec --mode fast /bin/true
expect 2 "usage: warpsim exec" "$warpsim" exec
expect 2 "the program called cudaFuncGetAttributes, which warpsim's CUDA runtime does not provide" \
    "$warpsim" exec --ptx-dir "$tmp" "$src/tests/cuda/bin/unsupported_api"
grep -qx before "$tmp/out" || { echo "FAIL: the program's output before the unsupported call is lost"; status=1; }
"$warpsim" exec --help | grep -q "nvcc -cudart shared" || { echo "FAIL: warpsim exec --help"; status=1; }
# a launch that never ends stops at --max-instructions: cudaErrorLaunchTimeout, sticky
expect 0 "instruction limit reached: 10000 warp instructions" \
    "$warpsim" exec --max-instructions 10000 --ptx-dir "$tmp" "$src/tests/cuda/bin/endless"
# ... and says where, as warpsim run does: the PTX line, the block, the warp, the next instruction
grep -qE "^warpsim: kernel spin\(int volatile\*\) launched from .*\.ptx:[0-9]+: note: the limit stopped block 0, warp 0 here, before [@a-z]" "$tmp/err" ||
    { echo "FAIL: endless's limit note:"; cat "$tmp/err"; status=1; }
printf 'launch: cudaSuccess\nsynchronize: cudaErrorLaunchTimeout\nmalloc: cudaErrorLaunchTimeout\n' |
    cmp -s - "$tmp/out" || { echo "FAIL: endless printed:"; cat "$tmp/out"; status=1; }
# printf text beyond --max-output (default 16 MiB) stops the launch the same way; the option is
# checked as warpsim run checks it
expect 2 "--max-output takes a number of bytes from 1 to 1073741824, found '0'" \
    "$warpsim" exec --max-output 0 /bin/true
expect 0 "printf output limit reached: 30 bytes" \
    "$warpsim" exec --max-output 30 --ptx-dir "$tmp" "$src/tests/cuda/bin/rt_printf_order"
grep -qx "round 1: device thread 1" "$tmp/out" &&
    { echo "FAIL: --max-output 30 printed more than 30 bytes of a launch's printf text:"; cat "$tmp/out"; status=1; }
[ $status = 0 ] && echo "warpsim exec: every error as expected"
exit $status
