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
# the public headers, and nothing else: include/warpsim/ of the tree, file for file
want=$(cd "$src" && ls include/warpsim/*.h)
have=$(cd "$tmp/prefix" && find include -type f | sort)
if [ "$have" != "$want" ]; then
    echo "installed headers differ from include/warpsim/*.h:"
    echo "  installed: $(echo $have)"
    echo "  public:    $(echo $want)"
    exit 1
fi
# each public header compiles on its own, with only the installed tree on the include path
for f in $want; do
    printf '#include <warpsim/%s>\nint main(void) { return 0; }\n' "$(basename "$f")" >"$tmp/h.c"
    cc -std=c11 -Wall -Werror -I"$tmp/prefix/include" -c "$tmp/h.c" -o "$tmp/h.o" || { echo "$f does not compile alone"; exit 1; }
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
# the installed warpsim finds the installed viewer (libexec/warpsim/warpsim-viz) after the move
if [ -x "$build/warpsim-viz" ]; then
    echo "== warpsim viz --help (installed)"
    "$tmp/moved/bin/warpsim" viz --help | grep -q "usage: warpsim viz" || { echo "installed warpsim viz failed"; exit 1; }
    ! ldd "$tmp/moved/bin/warpsim" | grep -i sdl || { echo "installed warpsim links SDL"; exit 1; }
fi
echo "install: ok"
