#!/bin/sh
# ptxas's verdicts, recorded: runs ptxas -arch=sm_90 on every malformed file (tests/ptx/malformed)
# and every valid program (programs/*.ptx, tests/ptx/*.ptx) and compares what it says with
# tests/ptx/malformed/PTXAS-RESULTS.txt, so that the file CI checks warpsim against (without
# ptxas: tests/check_malformed.sh) is what ptxas says. With --write it rewrites the file.
# Usage: check_ptxas_verdicts.sh PTXAS SOURCE_DIR [--write]
PTXAS=$1 SRC=$2
if [ -z "$PTXAS" ] || ! command -v "$PTXAS" >/dev/null 2>&1; then
    echo "skipped: ptxas is not on this machine (the recorded verdicts are still checked by malformed_ptx)"
    exit 77
fi
cd "$SRC" || exit 1
out=$(mktemp)
trap 'rm -f "$out" "$out.cubin" "$out.a" "$out.b"' EXIT
{
    echo "# What ptxas -arch=sm_90 says of each file: accept or reject."
    echo "# Written by tests/check_ptxas_verdicts.sh PTXAS SOURCE_DIR --write; read by tests/check_malformed.sh."
    echo "# $("$PTXAS" --version | grep -i release)"
    for f in tests/ptx/malformed/*.ptx tests/ptx/*.ptx programs/*.ptx; do
        # device-side launches call the device runtime (cudadevrt, linked later): relocatable, -c
        rdc=; grep -q __cudaCDP2 "$f" && rdc=-c
        if "$PTXAS" -arch=sm_90 $rdc "$f" -o "$out.cubin" >/dev/null 2>&1; then echo "accept $f"; else echo "reject $f"; fi
    done
} >"$out"
if [ "$3" = "--write" ]; then
    cp "$out" tests/ptx/malformed/PTXAS-RESULTS.txt
    exit 0
fi
# the version line may differ between machines; the verdicts may not
grep -v '^#' tests/ptx/malformed/PTXAS-RESULTS.txt | sort >"$out.a"
grep -v '^#' "$out" | sort >"$out.b"
if ! diff -u --label recorded --label ptxas "$out.a" "$out.b"; then
    echo "FAIL: ptxas's verdicts differ from tests/ptx/malformed/PTXAS-RESULTS.txt"
    exit 1
fi
echo "ptxas agrees with PTXAS-RESULTS.txt on $(grep -vc '^#' "$out") files"
