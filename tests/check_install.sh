#!/bin/sh
# cmake --install into a temporary prefix, then build and run examples/embed against it, once
# with find_package(warpsim) and once with pkg-config.
# usage: check_install.sh BUILD_DIR SOURCE_DIR
set -eu
build=$1
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
cmake --install "$build" --prefix "$tmp/prefix" >/dev/null
for f in include/warpsim/warpsim.h include/warpsim/isa.h include/warpsim/opcodes.def; do
    [ -f "$tmp/prefix/$f" ] || { echo "not installed: $f"; exit 1; }
done
libdir=$(ls -d "$tmp"/prefix/lib*/pkgconfig | head -1)
libdir=${libdir%/pkgconfig}
[ -f "$libdir/libwarpsim.a" ] || { echo "not installed: libwarpsim.a"; exit 1; }
# move the installed tree: the package files find their prefix from where they are
mv "$tmp/prefix" "$tmp/moved"
libdir=$(echo "$libdir" | sed "s|$tmp/prefix|$tmp/moved|")

echo "== find_package(warpsim)"
cmake -S "$src/examples/embed" -B "$tmp/b1" -DCMAKE_PREFIX_PATH="$tmp/moved" >/dev/null
cmake --build "$tmp/b1" >/dev/null
"$tmp/b1/embed"

echo "== pkg-config warpsim"
PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs warpsim
PKG_CONFIG_PATH="$libdir/pkgconfig" cmake -S "$src/examples/embed" -B "$tmp/b2" -DWARPSIM_USE_PKGCONFIG=ON >/dev/null
PKG_CONFIG_PATH="$libdir/pkgconfig" cmake --build "$tmp/b2" >/dev/null
"$tmp/b2/embed"

echo "== plain cc with pkg-config"
# shellcheck disable=SC2046
cc -std=c11 -o "$tmp/embed3" "$src/examples/embed/embed.c" $(PKG_CONFIG_PATH="$libdir/pkgconfig" pkg-config --cflags --libs warpsim)
"$tmp/embed3"
echo "install: ok"
