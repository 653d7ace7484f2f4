#!/usr/bin/env bash
# Installs the Debian packages warpsim needs, if any are missing: with apt-get when run as
# root, otherwise it prints the one command to run and fails.
set -eu
# emscripten, chromium, nodejs: the browser playground and its test (web/, tests/check_web.sh);
# python3-venv: the Python package's and the notebook's tests, which pip-install numpy, pytest,
# nbclient, ipykernel and (optional) numba-cuda into a fresh venv themselves
packages=(cmake make gcc pkg-config python3 libcmocka-dev libsdl2-dev libsdl2-ttf-dev libgif-dev
          libpng-dev fonts-dejavu-core xvfb xauth clang libclang-rt-14-dev
          emscripten chromium nodejs python3-venv)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "installing: ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "warpsim needs these Debian packages; run:" >&2
  echo "  sudo apt-get install -y ${missing[*]}" >&2
  exit 1
fi
