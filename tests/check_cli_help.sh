#!/usr/bin/env bash
# check_cli_help.sh WARPSIM: every verb `warpsim --help` lists answers `warpsim VERB --help` with
# its usage on stdout, nothing on stderr, and exit status 0; and `warpsim --help` lists every exit
# status the command gives (0 to 5, viz's no-display 5 too).
set -u
warpsim=$1
verbs=$("$warpsim" --help | awk '/^verbs:/ {on = 1; next} on && /^  [a-z]/ {print $1}')
[ -n "$verbs" ] || { echo "warpsim --help lists no verbs"; exit 1; }
status=0
for v in $verbs; do
    "$warpsim" "$v" --help > /tmp/help.$$ 2> /tmp/help-err.$$
    rc=$?
    if [ $rc != 0 ] || ! grep -q "^usage: warpsim $v" /tmp/help.$$ || [ -s /tmp/help-err.$$ ]; then
        echo "warpsim $v --help: exit $rc, stdout: $(head -1 /tmp/help.$$), stderr: $(head -1 /tmp/help-err.$$)"
        status=1
    fi
done
for n in 0 1 2 3 4 5; do
    if ! "$warpsim" --help | grep -q "^exit status:.* $n [a-z]"; then
        echo "warpsim --help does not list exit status $n: $("$warpsim" --help | grep -A1 '^exit status')"
        status=1
    fi
done
rm -f /tmp/help.$$ /tmp/help-err.$$
[ $status = 0 ] && echo "--help of every verb: $(echo $verbs)"
exit $status
