#!/bin/sh
# warpsim with the lines of $EXTRA (a file) added to the preset it is given (or to sm_90)
WS=${WS:-build/release/warpsim}
tmp=$(mktemp /tmp/pick35-w.XXXXXX.preset)
found=0; prev=""; out=""
for a in "$@"; do
  if [ "$prev" = "--preset" ]; then cat "$a" > "$tmp"; found=1; a="$tmp"; fi
  out="$out '$(printf %s "$a" | sed "s/'/'\\\\''/g")'"
  prev="$a"
done
cat "$EXTRA" >> "$tmp"
if [ $found = 1 ]; then eval "set -- $out"; else eval "set -- $out --preset $tmp"; fi
"$WS" "$@"; rc=$?; rm -f "$tmp"; exit $rc
