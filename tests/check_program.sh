#!/usr/bin/env bash
# check_program.sh WARPSIM SRCDIR NAME
# Runs programs/NAME.ptx with its .args and compares the kernel's printf output (the first
# lines of the text report) with tests/expected/NAME.stdout, byte for byte.
set -u
warpsim=$1 src=$2 name=$3
cd "$src" || exit 2
"$warpsim" run "programs/$name.ptx" "@programs/$name.args" --json >/dev/null || { echo "warpsim failed: $?"; exit 1; }
got=$("$warpsim" run "programs/$name.ptx" "@programs/$name.args" | head -n "$(wc -l < "tests/expected/$name.stdout")")
want=$(cat "tests/expected/$name.stdout")
if [ "$got" != "$want" ]; then
  echo "MISMATCH for $name:"
  diff <(echo "$want") <(echo "$got") | head -40
  exit 1
fi
echo "$name: stdout matches ($(echo "$want" | wc -l) lines)"
