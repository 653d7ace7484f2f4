#!/bin/sh
# Run every command of docs/guide.md's ```sh blocks, from the repository root, with the built
# warpsim first on the PATH. A command must exit 0, or the status its trailing "# exits N"
# comment names, and print what tests/expected/guide.out records for it, byte for byte: the
# guide's prose describes that output. The file holds, per command, a "$ COMMAND" line, its
# standard output, then its standard error with each line prefixed "2> " (not for a pipeline:
# `warpsim ... | head` may stop warpsim before it writes its warnings). After a deliberate change of the output (or of the guide), regenerate the file with
#   tests/check_guide.sh build/dev/warpsim . --update
# and read its diff before committing it.
# usage: check_guide.sh WARPSIM SOURCE_DIR [--update]
set -u
W=$(cd "$(dirname "$1")" && pwd)
cd "$2" || exit 2
update=${3:-}
PATH="$W:$PATH"
export PATH
fails=0
n=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# one command a line; lines inside ```sh ... ``` only
awk '/^```sh$/ {on = 1; next} /^```/ {on = 0} on && NF && $1 != "#"' docs/guide.md >"$tmp/cmds"
while IFS= read -r cmd; do
    n=$((n + 1))
    want=0
    case $cmd in
    *"# exits "[0-9]*) want=${cmd##*# exits } ;;
    esac
    printf '$ %s\n' "$cmd" >>"$tmp/out"
    sh -c "$cmd" >>"$tmp/out" 2>"$tmp/err" </dev/null
    rc=$?
    case $cmd in
    *"|"*) ;;
    *) sed 's/^/2> /' "$tmp/err" >>"$tmp/out" ;;
    esac
    if [ "$rc" -ne "$want" ]; then
        echo "FAIL (exit $rc, expected $want): $cmd"
        fails=$((fails + 1))
    fi
done <"$tmp/cmds"
[ "$n" -gt 0 ] || { echo "no commands found in docs/guide.md"; exit 1; }
expected=tests/expected/guide.out
if [ "$update" = --update ]; then
    cp "$tmp/out" "$expected" && echo "wrote $expected ($n commands)"
elif ! cmp -s "$expected" "$tmp/out"; then
    echo "FAIL: the guide's commands print other than $expected records (- recorded, + now):"
    diff -u "$expected" "$tmp/out" | sed -n '3,60p'
    echo "(a deliberate change: tests/check_guide.sh WARPSIM . --update, and read the diff)"
    fails=$((fails + 1))
fi
echo "$((n - fails)) of $n commands passed, with the output $expected records"
[ "$fails" -eq 0 ]
