#!/usr/bin/env bash
# check_program.sh WARPSIM SRCDIR NAME stdout|report
# Runs programs/NAME.ptx with its .args and compares with tests/expected/NAME.stdout (the
# kernel's printf output only) or NAME.report (the whole text report), byte for byte.
set -u
warpsim=$1 src=$2 name=$3 kind=$4
cd "$src" || exit 2
out=$("$warpsim" run "programs/$name.ptx" "@programs/$name.args" --json) || { echo "warpsim failed: $?"; exit 1; }
if [ "$kind" = stdout ]; then
  got=$("$warpsim" run "programs/$name.ptx" "@programs/$name.args" | head -n "$(wc -l < "tests/expected/$name.stdout")")
  want=$(cat "tests/expected/$name.stdout")
else
  got=$("$warpsim" run "programs/$name.ptx" "@programs/$name.args" | grep -v '^-- kernel')
  want=$(grep -v '^-- kernel' "tests/expected/$name.report")
fi
if [ "$got" != "$want" ]; then
  echo "MISMATCH for $name ($kind):"
  diff <(echo "$want") <(echo "$got") | head -40
  exit 1
fi
echo "$name: $kind matches ($(echo "$want" | wc -l) lines)"
