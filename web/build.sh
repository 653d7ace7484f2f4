#!/usr/bin/env bash
# web/build.sh [BUILD_DIR]: the playground with Debian's emscripten (emcmake, emcc; nothing is
# downloaded), into BUILD_DIR/site (default build/web/site): index.html, app.js, render.js,
# style.css, sw.js, warpsim.js (the WebAssembly inside) and programs.js. Serve that folder as
# static files (GitHub Pages), or open index.html from disk.
set -eu
src=$(cd "$(dirname "$0")/.." && pwd)
build=${1:-$src/build/web}
command -v emcmake > /dev/null || { echo "web/build.sh: needs emscripten (apt-get install emscripten)" >&2; exit 77; }
# (Debian's emscripten uses its prebuilt, frozen cache of system libraries: EM_CACHE stays unset)
mkdir -p "$build"
# emcc's JavaScript passes need Debian's node-acorn, in /usr/share/nodejs, where a node that is not
# Debian's own (NodeSource's) does not look
export NODE_PATH=${NODE_PATH:+$NODE_PATH:}/usr/share/nodejs
emcmake cmake -S "$src" -B "$build" -DCMAKE_BUILD_TYPE=Release -DWARPSIM_TESTS=OFF > "$build/configure.log" 2>&1 ||
    { cat "$build/configure.log"; exit 1; }
cmake --build "$build" --target warpsim_web warpsim_web_programs -j "${WARPSIM_WEB_JOBS:-2}"
mkdir -p "$build/site"
cp "$src"/web/index.html "$src"/web/app.js "$src"/web/render.js "$src"/web/style.css "$src"/web/sw.js "$build/site/"
cp "$build"/web/warpsim.js "$build"/web/programs.js "$build/site/"
echo "web/build.sh: the playground is in $build/site ($(du -sh "$build/site" | cut -f1))"
