#!/bin/sh
# Run every command of docs/guide.md's ```sh blocks, from the repository root, with the built
# warpsim first on the PATH. A command must exit 0, or the status its trailing "# exits N"
# comment names.
# usage: check_guide.sh WARPSIM SOURCE_DIR
set -u
W=$(cd "$(dirname "$1")" && pwd)
cd "$2" || exit 2
PATH="$W:$PATH"
export PATH
fails=0
n=0
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
# one command a line; lines inside ```sh ... ``` only
awk '/^```sh$/ {on = 1; next} /^```/ {on = 0} on && NF && $1 != "#"' docs/guide.md >"$tmp"
while IFS= read -r cmd; do
    n=$((n + 1))
    want=0
    case $cmd in
    *"# exits "[0-9]*) want=${cmd##*# exits } ;;
    esac
    sh -c "$cmd" >/dev/null 2>&1 </dev/null
    rc=$?
    if [ "$rc" -ne "$want" ]; then
        echo "FAIL (exit $rc, expected $want): $cmd"
        fails=$((fails + 1))
    fi
done <"$tmp"
[ "$n" -gt 0 ] || { echo "no commands found in docs/guide.md"; exit 1; }
echo "$((n - fails)) passed, $fails failed"
[ "$fails" -eq 0 ]
