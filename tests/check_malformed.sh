#!/bin/sh
# warpsim refuses PTX that ptxas refuses, and accepts what it accepts:
# - every tests/ptx/malformed/*.ptx exits 2 at load time, naming file:line:column of the line
#   marked "expect-error" (one error per file);
# - for every file in PTXAS-RESULTS.txt (ptxas's recorded verdicts, tests/check_ptxas_verdicts.sh)
#   warpsim's accept/refuse is ptxas's, and every malformed file and program is recorded there.
# Usage: check_malformed.sh WARPSIM SOURCE_DIR
WS=$1 SRC=$2
cd "$SRC" || exit 1
RES=tests/ptx/malformed/PTXAS-RESULTS.txt
fail=0 n=0
err=$(mktemp)
trap 'rm -f "$err"' EXIT
for f in tests/ptx/malformed/*.ptx; do
    n=$((n + 1))
    line=$(grep -n 'expect-error' "$f" | head -1 | cut -d: -f1)
    "$WS" print "$f" >/dev/null 2>"$err"
    rc=$?
    if [ $rc -ne 2 ]; then
        echo "FAIL: $f: exit $rc, expected 2 (refused at load time)"
        fail=1
    elif ! grep -q "^$f:$line:[0-9][0-9]*: error: " "$err"; then
        echo "FAIL: $f: the message does not name $f:$line:COLUMN:"
        cat "$err"
        fail=1
    fi
done
for f in tests/ptx/malformed/*.ptx tests/ptx/*.ptx programs/*.ptx; do
    if ! grep -q " $f\$" "$RES"; then
        echo "FAIL: $f has no recorded ptxas verdict in $RES (run tests/check_ptxas_verdicts.sh PTXAS . --write)"
        fail=1
    fi
done
grep -v '^#' "$RES" | while read -r verdict f; do
    if "$WS" print "$f" >/dev/null 2>"$err"; then got=accept; else got=reject; fi
    if [ "$got" != "$verdict" ]; then
        echo "FAIL: $f: ptxas says $verdict, warpsim says $got"
        cat "$err"
        exit 1
    fi
done || fail=1
[ $fail -eq 0 ] && echo "ok: $n malformed files refused at the marked line; warpsim agrees with ptxas on $(grep -vc '^#' "$RES") files"
exit $fail
