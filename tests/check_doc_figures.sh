#!/bin/sh
# The cycle counts README.md, docs/python.md and viz/examples/README.md quote from runs a reader
# repeats must be what warpsim prints now: the timing model moves with calibration, and a figure
# the reader cannot reproduce reads as a bug.
# usage: check_doc_figures.sh WARPSIM SOURCE_DIR
set -u
W=$1
cd "$2" || exit 2
fails=0
# cycles WORDS...: the cycles of `warpsim run WORDS...`
cycles() { "$W" run "$@" 2>/dev/null | sed -n 's/^-- kernel .* cycles=\([0-9]*\) .*/\1/p'; }
# quoted FILE TEXT: FILE says TEXT
quoted() {
    if grep -qF -- "$2" "$1"; then
        echo "ok: $1: $2"
    else
        echo "FAIL: $1 does not say '$2' (what warpsim prints now)"
        fails=$((fails + 1))
    fi
}
reduce=$(cycles programs/warp_reduce_down.ptx @programs/warp_reduce_down.args)
conflict=$(cycles @viz/examples/transpose_conflict.args)
padded=$(cycles @viz/examples/transpose_padded.args)
[ -n "$reduce" ] && [ -n "$conflict" ] && [ -n "$padded" ] || { echo "FAIL: a run printed no cycles"; exit 1; }
quoted README.md "print(out[0], r.cycles)   # 496.0 $reduce"
quoted docs/python.md "# 496.0, $reduce, 5"
quoted README.md "the kernel takes $conflict cycles"
quoted README.md "one wavefront, $padded cycles"
quoted viz/examples/README.md "32-way conflicts, $conflict cycles"
quoted viz/examples/README.md "none, $padded cycles"
[ "$fails" -eq 0 ]
