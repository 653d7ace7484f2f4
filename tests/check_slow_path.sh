#!/bin/sh
# check_slow_path.sh WARPSIM SRCDIR NAME MODE
# The fast paths (ws_slow_path: the converged run loop, sim/exec_fast.c's specialised executors,
# the full-warp shuffle, the timing register-use cache) replace general code and must not change
# a byte: programs/NAME.ptx with its .args, --json in MODE, with them and with --slow-path all.
set -u
warpsim=$1 src=$2 name=$3 mode=$4
cd "$src" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
"$warpsim" run "programs/$name.ptx" "@programs/$name.args" --json --mode "$mode" >"$tmp/fast" 2>&1
fast=$?
"$warpsim" run "programs/$name.ptx" "@programs/$name.args" --json --mode "$mode" --slow-path all >"$tmp/slow" 2>&1
slow=$?
if [ "$fast" -ne 0 ]; then
    echo "$name ($mode): warpsim exited with $fast"
    head -5 "$tmp/fast"
    exit 1
fi
if [ "$slow" -ne 0 ] || ! cmp -s "$tmp/fast" "$tmp/slow"; then
    echo "$name ($mode): the fast paths (exit $fast) and --slow-path all (exit $slow) differ:"
    diff "$tmp/fast" "$tmp/slow" | head -20
    exit 1
fi
echo "$name ($mode): the fast paths and --slow-path all give the same $(wc -c <"$tmp/fast") bytes"
