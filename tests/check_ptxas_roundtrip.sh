#!/usr/bin/env bash
# check_ptxas_roundtrip.sh WARPSIM PTXAS SRCDIR
# Prints every programs/*.ptx and tests/ptx/*.ptx back with `warpsim print` and assembles the
# printed text with `ptxas -arch=sm_90`: the printer must write PTX that ptxas accepts.
set -u
warpsim=$1 ptxas=$2 src=$3
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0
for f in "$src"/programs/*.ptx "$src"/tests/ptx/*.ptx; do
  [ -e "$f" ] || continue
  n=$((n + 1))
  name=$(basename "$f" .ptx)
  if ! "$warpsim" print "$f" > "$tmp/$name.ptx" 2> "$tmp/err"; then
    echo "FAIL $name: warpsim print failed: $(cat "$tmp/err")"
    fails=$((fails + 1))
    continue
  fi
  # device-side launches call the device runtime (cudadevrt, linked later): relocatable code, -c
  rdc=; grep -q __cudaCDP2 "$tmp/$name.ptx" && rdc=-c
  if ! "$ptxas" -arch=sm_90 $rdc "$tmp/$name.ptx" -o "$tmp/$name.cubin" > "$tmp/err" 2>&1; then
    echo "FAIL $name: ptxas rejects the printed PTX:"
    sed 's/^/    /' "$tmp/err" | head -20
    fails=$((fails + 1))
    continue
  fi
  echo "ok   $name"
done
[ "$n" -gt 0 ] || { echo "no PTX files found under $src"; exit 1; }
echo "$((n - fails)) of $n printed programs accepted by ptxas"
[ "$fails" -eq 0 ]
