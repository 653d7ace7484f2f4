#!/bin/sh
# The tables of diagnostic kinds (docs/diagnostics.md), stall reasons, verbs and each verb's
# options (docs/cli.md) must be what tools/names_doc.c generates today from warpsim.h's
# WS_DIAG_KINDS and WS_STALL_REASONS and from cli/options.c's option tables (the ones the
# warpsim command parses with and prints as --help).
# usage: check_names_doc.sh NAMES_DOC SOURCE_DIR
set -u
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
fails=0
for doc in docs/diagnostics.md docs/cli.md; do
    if ! "$1" "$2/$doc" "$tmp"; then
        fails=$((fails + 1))
    elif ! diff -u "$2/$doc" "$tmp"; then
        echo "$doc is out of date: run 'cmake --build build/dev --target names-doc' and commit it"
        fails=$((fails + 1))
    else
        echo "$doc: its tables are current"
    fi
done
[ "$fails" -eq 0 ]
