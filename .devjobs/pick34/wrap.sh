#!/bin/sh
# warpsim with pick.greedy $PICK_GREEDY added to the preset it is given (or to sm_90)
WS=/work/wt/pick34/build/release/warpsim
tmp=$(mktemp /tmp/pick34/w.XXXXXX.preset)
found=0; n=0
for a in "$@"; do n=$((n+1)); done
args=""
prev=""
set -- "$@"
out=""
for a in "$@"; do
  if [ "$prev" = "--preset" ]; then cat "$a" > "$tmp"; found=1; a="$tmp"; fi
  out="$out '$(printf %s "$a" | sed "s/'/'\\\\''/g")'"
  prev="$a"
done
echo "pick.greedy ${PICK_GREEDY:-0}" >> "$tmp"
if [ $found = 1 ]; then eval "set -- $out"; else eval "set -- $out --preset $tmp"; fi
"$WS" "$@"; rc=$?; rm -f "$tmp"; exit $rc
