#!/usr/bin/env bash
# Installs the Debian packages warpsim needs, if any are missing: with apt-get when run as
# root, otherwise it prints the one command to run and fails.
set -eu
packages=(cmake make gcc pkg-config python3 libcmocka-dev libsdl2-dev libsdl2-ttf-dev libgif-dev
          libpng-dev fonts-dejavu-core xvfb xauth clang libclang-rt-14-dev)
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
