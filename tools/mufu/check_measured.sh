#!/bin/sh
# ctest mufu_measured: decodes the H200 measurements (tools/mufu/data, unpack.sh) into a scratch
# folder and compares warpsim's special-function model with every one of them (mufu_check).
# usage: check_measured.sh MUFU_CHECK   (needs cc and xz)
set -eu
here=$(cd "$(dirname "$0")" && pwd)
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$here/unpack.sh" "$scratch" >/dev/null
"$1" "$scratch"
