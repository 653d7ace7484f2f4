#!/usr/bin/env bash
# check_web.sh SRCDIR WORKDIR
# The playground: web/build.sh builds it with Debian's emscripten into WORKDIR (kept, so that a
# second run compiles only what changed), then tests/check_web.js loads WORKDIR/site/index.html
# in headless Chromium and runs the 5-step reduction (lane 0 = 496, five shuffle frames, the
# arrow keys, the URL, no console error). Skipped (77), saying why, when emscripten, Chromium or
# node is missing (scripts/install-deps.sh installs them).
set -u
src=$(cd "$1" && pwd)
work=$2
skip() { echo "SKIPPED: $*"; exit 77; }
command -v emcmake > /dev/null || skip "no emscripten (emcmake): apt-get install emscripten, or scripts/install-deps.sh"
chromium=$(command -v chromium || command -v chromium-browser || command -v google-chrome) ||
    skip "no Chromium: apt-get install chromium, or scripts/install-deps.sh"
command -v node > /dev/null || skip "no node: apt-get install nodejs"
"$src/web/build.sh" "$work" > "$work.log" 2>&1 || { tail -40 "$work.log"; echo "FAILED: web/build.sh"; exit 1; }
tail -1 "$work.log"
node "$src/tests/check_web.js" "$chromium" "$work/site"
