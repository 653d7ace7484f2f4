#!/bin/sh
# docs/cli.md's list of verbs and each verb's options must be what tools/cli_doc.c writes from
# the option tables of cli/options.c today: the tables the warpsim command parses with and
# prints as --help, so that the document cannot drift from the program.
# usage: check_cli_doc.sh CLI_DOC SOURCE_DIR
set -u
tmp=$(mktemp)
trap 'rm -f "$tmp"' EXIT
"$1" "$2/docs/cli.md" "$tmp" || exit 1
if ! diff -u "$2/docs/cli.md" "$tmp"; then
    echo "docs/cli.md is out of date: run 'cmake --build build/dev --target cli-doc' and commit it"
    exit 1
fi
echo "docs/cli.md: its verbs and options are current"
