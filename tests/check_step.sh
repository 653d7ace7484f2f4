#!/bin/sh
# warpsim step, driven from standard input as a user would script it.
# usage: check_step.sh WARPSIM SOURCE_DIR
set -u
W=$1
S=$2
P="$S/programs/warp_scan.ptx @$S/programs/warp_scan.args"
fails=0
check() { # NAME OUTPUT PATTERN: fail unless the output has a line matching the pattern
    if ! printf '%s\n' "$2" | grep -q -- "$3"; then
        echo "FAIL $1: no line matching '$3' in:"
        printf '%s\n' "$2" | sed 's/^/  | /'
        fails=$((fails + 1))
    fi
}

# exactly the brief's example: two steps, print a register not written yet, quit
out=$(printf 'n\nn\np %%r7\nq\n' | "$W" step $P)
rc=$?
[ $rc -eq 0 ] || { echo "FAIL example: exit $rc"; fails=$((fails + 1)); }
check example "$out" '^warp 0, instruction 3 of 49: line 28'
check example "$out" '%r7: not written yet in warp 0'

# continue to the first shuffle (line 38), print its result across the lanes, step back
out=$(printf 'c 38\np %%r7\nb\nn\nq\n' | "$W" step $P)
check continue "$out" '^warp 0, instruction [0-9]* of 49: line 38'
check print "$out" 'lanes  0- 7: *0 *0 *1 *2 *3 *4 *5 *6$'
check print "$out" 'lanes 24-31: *23 *24 *25 *26 *27 *28 *29 *30$'
check back "$out" '^warp 0, instruction [0-9]* of 49: line 37'

# the end of input ends the session; moving past the end says so
out=$(printf 'c 9999\nb\nb\nb\n' | "$W" step $P)
check eof "$out" 'does not reach line 9999'
check eof "$out" 'at its first instruction'

# one instruction recorded: counted in the singular
one=$(mktemp)
printf '.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 p) { ret; }\n' > "$one"
out=$("$W" step "$one" 'p=u32[1]' < /dev/null)
rm -f "$one"
check singular "$out" '^warpsim step: kernel k, block 0: 1 instruction recorded in 1 warp;'

# several warps: w picks one (block_scan has 8 warps a block)
out=$(printf 'w 5\np %%r1\nq\n' | "$W" step "$S/programs/block_scan.ptx" "@$S/programs/block_scan.args")
check warp "$out" '^warp 5, instruction 1 of'

# a bad command or register is bad input (2), after the rest of the session
printf 'p %%nope\nq\n' | "$W" step $P >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL bad register: exit $rc, expected 2"; fails=$((fails + 1)); }
"$W" step "$S/programs/nope.ptx" </dev/null >/dev/null 2>&1
rc=$?
[ $rc -eq 2 ] || { echo "FAIL missing file: exit $rc, expected 2"; fails=$((fails + 1)); }

[ $fails -eq 0 ] && echo "check_step: ok" || echo "check_step: $fails failed"
[ $fails -eq 0 ]
