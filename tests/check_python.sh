#!/usr/bin/env bash
# check_python.sh WARPSIM SRCDIR WORKDIR
# The Python package as a user gets it: a fresh virtual environment (WORKDIR/venv, made anew),
# a wheel built from SRCDIR (`pip wheel`: setup.py builds the C library with CMake, kept in
# WORKDIR/build so that a second run compiles only what changed) and installed, then
# python/tests/test_warpsim.py: every golden program gives the command line's buffers.
# numpy and pytest come from PyPI or WARPSIM_WHEEL_DIR (pip --find-links, no network); numba-cuda
# too, for the numba kernel's test, which is skipped with a note when it cannot be installed.
# The whole test is skipped (77), saying why, when numpy and pytest cannot be installed.
# The venv stays for the notebook test (check_notebook.sh).
set -u
warpsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$(cd "$2" && pwd)
work=$3
skip() { echo "SKIPPED: $*"; exit 77; }
mkdir -p "$work" && work=$(cd "$work" && pwd)
rm -rf "$work/venv" "$work/wheels"
python3 -m venv "$work/venv" > "$work/venv.log" 2>&1 || skip "python3 -m venv does not work here: $(tail -1 "$work/venv.log")"
pip=("$work/venv/bin/pip" install --quiet --disable-pip-version-check --timeout 20 --retries 1)
[ -n "${WARPSIM_WHEEL_DIR:-}" ] && pip+=(--no-index --find-links "$WARPSIM_WHEEL_DIR")
if ! timeout 600 "${pip[@]}" numpy pytest > "$work/pip.log" 2>&1; then
    tail -3 "$work/pip.log"
    skip "pip could not install numpy and pytest (no network? set WARPSIM_WHEEL_DIR)"
fi
if timeout 600 "${pip[@]}" numba-cuda > "$work/pip-numba.log" 2>&1; then
    echo "numba-cuda $("$work/venv/bin/pip" show numba-cuda 2>/dev/null | sed -n 's/^Version: //p') installed"
else
    echo "NOTE: pip could not install numba-cuda ($(tail -1 "$work/pip-numba.log")): its test is skipped"
fi
# the wheel: built without build isolation (setuptools and wheel from the venv, nothing else fetched)
timeout 600 "${pip[@]}" setuptools wheel > "$work/pip.log" 2>&1 || { tail -3 "$work/pip.log"; skip "pip could not install setuptools"; }
if ! WARPSIM_PY_BUILD_DIR="$work/build" WARPSIM_PY_JOBS=2 timeout 900 "$work/venv/bin/pip" wheel --quiet --no-deps \
        --no-build-isolation --disable-pip-version-check -w "$work/wheels" "$src" > "$work/wheel.log" 2>&1; then
    tail -30 "$work/wheel.log"
    echo "FAILED: pip wheel $src"
    exit 1
fi
wheel=$(ls "$work"/wheels/warpsim-*.whl)
echo "wheel: $(basename "$wheel") ($(du -h "$wheel" | cut -f1))"
"${pip[@]}" --no-index "$wheel" || { echo "FAILED: pip install $wheel"; exit 1; }
# from a folder that is not the source tree: the installed package is what is imported
cd "$work" && WARPSIM="$warpsim" WARPSIM_SRC="$src" "$work/venv/bin/python" -m pytest -q -rs -p no:cacheprovider \
    "$src/python/tests/test_warpsim.py"
