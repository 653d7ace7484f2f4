#!/bin/sh
# Every C file of the tree follows .clang-format (clang-format --dry-run), except those listed
# in tests/format-deviating.txt, which predate it. A listed file that now follows it fails this
# test too, so that its line is deleted and the list only shrinks. New files should not be
# listed; --update rewrites the list from the tree (after merging files written before it).
# usage: check_format.sh CLANG_FORMAT SOURCE_DIR [--update]
set -u
cf=$1
cd "$2" || exit 2
list=tests/format-deviating.txt
if [ "${3:-}" = --update ]; then
    for f in $(git ls-files '*.c' '*.h'); do
        "$cf" --dry-run --Werror --style=file "$f" >/dev/null 2>&1 || echo "$f"
    done >"$list"
    echo "wrote $list: $(grep -c . "$list") files"
    exit 0
fi
fails=0
n=0
for f in $(git ls-files '*.c' '*.h' 2>/dev/null || find . -name '*.[ch]' -not -path './build/*' | sed 's|^\./||'); do
    n=$((n + 1))
    listed=0
    grep -qx "$f" "$list" && listed=1
    if "$cf" --dry-run --Werror --style=file "$f" >/dev/null 2>&1; then
        [ $listed = 1 ] && { echo "$f follows .clang-format now: delete its line in $list"; fails=$((fails + 1)); }
    elif [ $listed = 0 ]; then
        echo "$f does not follow .clang-format (clang-format -i --style=file $f; tables go between"
        echo "  /* clang-format off */ and /* clang-format on */)"
        fails=$((fails + 1))
    fi
done
echo "$n files: $(grep -c . "$list") listed as predating .clang-format, $fails problems"
[ "$fails" -eq 0 ]
