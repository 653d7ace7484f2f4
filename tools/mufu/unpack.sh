#!/usr/bin/env sh
# unpack.sh DIR: decodes the H200 measurements in tools/mufu/data into DIR/NAME.raw (sets.h) and
# checks them against the SHA-256 sums taken on the GPU machine.
set -eu
here=$(cd "$(dirname "$0")" && pwd)
out=${1:?usage: unpack.sh DIR}
mkdir -p "$out/pk"
cc -O2 -ffp-contract=off "$here/codec.c" -o "$out/codec" -lm
for f in "$here"/data/*.pk.xz; do xz -dc "$f" > "$out/pk/$(basename "$f" .xz)"; done
"$out/codec" unpack "$out/pk" "$out"
(cd "$out" && sha256sum -c --quiet "$here/data/raw.sha256")
echo "unpack.sh: $(ls "$out"/*.raw | wc -l) sets in $out, checksums match"
