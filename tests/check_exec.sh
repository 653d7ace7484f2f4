#!/usr/bin/env bash
# check_exec.sh WARPSIM SRCDIR NAME [NVCC [NVCC-FLAGS...]]
# Runs a CUDA program through `warpsim exec` and compares what it prints with what the same
# program printed on an H200 (tests/golden/exec/NAME.stdout and NAME.rc, METADATA.txt says
# which): stdout byte for byte and the exit status; stderr too where NAME.stderr exists, except
# the lines NAME.stderr-ignore matches (an extended regular expression per line).
# Without NVCC: the committed binary tests/cuda/bin/NAME, the one that ran on the H200. With
# NVCC: tests/cuda/NAME.cu (NAME up to its first '.') built now with `NVCC -cudart shared
# NVCC-FLAGS`. Exit 0 on a match, 1 on a difference, 2 when something is missing.
set -u
warpsim=$1 src=$2 name=$3
shift 3
golden=$src/tests/golden/exec
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ $# -gt 0 ]; then
    nvcc=$1
    shift
    cu=$src/tests/cuda/${name%%.*}.cu
    bin=$tmp/$name
    "$nvcc" -cudart shared "$@" "$cu" -o "$bin" > "$tmp/nvcc.log" 2>&1 || { cat "$tmp/nvcc.log"; echo "nvcc failed"; exit 2; }
else
    bin=$src/tests/cuda/bin/$name
fi
[ -x "$bin" ] && [ -f "$golden/$name.stdout" ] || { echo "missing $bin or $golden/$name.stdout"; exit 2; }
"$warpsim" exec --ptx-dir "$tmp/ptx" "$bin" > "$tmp/stdout" 2> "$tmp/stderr"
rc=$?
status=0
if ! cmp -s "$tmp/stdout" "$golden/$name.stdout"; then
    echo "$name: stdout differs from the H200's (< H200, > warpsim exec):"
    diff "$golden/$name.stdout" "$tmp/stdout" | head -40
    status=1
fi
if [ "$rc" != "$(cat "$golden/$name.rc")" ]; then
    echo "$name: exit status $rc, the H200's $(cat "$golden/$name.rc"); stderr:"
    head -20 "$tmp/stderr"
    status=1
fi
if [ -f "$golden/$name.stderr" ]; then
    ignore=$golden/$name.stderr-ignore
    filter() { if [ -f "$ignore" ]; then grep -Ev -f "$ignore" "$1"; else cat "$1"; fi; }
    if ! diff <(filter "$golden/$name.stderr") <(filter "$tmp/stderr") > "$tmp/diff"; then
        echo "$name: stderr differs from the H200's (< H200, > warpsim exec):"
        head -40 "$tmp/diff"
        status=1
    fi
fi
[ $status = 0 ] && echo "$name: the same $(wc -l < "$tmp/stdout") lines and exit status $rc as on the H200"
exit $status
