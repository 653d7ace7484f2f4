#!/bin/sh
# docs/isa.md must be what tools/isa_doc.c generates from the opcode table today.
# usage: check_isa_doc.sh ISA_DOC SOURCE_DIR
set -eu
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$1" "$tmp"
if ! diff -u "$2/docs/isa.md" "$tmp"; then
    echo "docs/isa.md is out of date: run 'cmake --build build/dev --target isa-doc' and commit it"
    exit 1
fi
echo "docs/isa.md is current"
