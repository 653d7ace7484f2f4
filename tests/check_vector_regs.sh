#!/bin/sh
# Vector registers are shorthand for brace lists of scalar registers (PTX ISA, "Vectors"):
# tests/ptx/vector_regs.ptx and tests/ptx/vector_regs_braces.ptx, the same kernel written both
# ways, must leave the same buffers, in both modes, and the buffers must not be all zero (the
# kernel ran). Usage: check_vector_regs.sh WARPSIM SOURCE_DIR
WS=$1 SRC=$2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fail=0
for mode in functional timing; do
    for f in vector_regs vector_regs_braces; do
        # buffers only: the two differ in instruction count and registers, not in results
        "$WS" run "$SRC/tests/ptx/$f.ptx" --mode "$mode" --grid 1 --block 32 --json \
            --werror in=u32[160]:rand:7 out=u32[400] > "$tmp/json" ||
            { echo "FAIL: $f ($mode) did not run"; fail=1; }
        sed -n '/"buffers"/,/^  },/p' "$tmp/json" > "$tmp/$f.$mode"
    done
    if ! grep -q '"out": \[[0-9, ]*[1-9]' "$tmp/vector_regs.$mode" || ! cmp -s "$tmp/vector_regs.$mode" "$tmp/vector_regs_braces.$mode"; then
        echo "FAIL: $mode: vector registers and brace lists give different buffers"
        diff "$tmp/vector_regs.$mode" "$tmp/vector_regs_braces.$mode" | head -20
        fail=1
    fi
done
[ $fail -eq 0 ] && echo "ok: vector registers give the buffers brace lists give, in both modes"
exit $fail
