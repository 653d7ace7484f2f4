#!/usr/bin/env bash
# check_nvrtc_wheel.sh WARPSIM SRCDIR
# CUDA C++ on a machine with no CUDA toolkit, in a fresh Python virtual environment, with no
# toolkit on PATH and no CUDA_HOME:
#  1. with only the nvidia-cuda-nvrtc wheel, `warpsim run programs/butterfly_allreduce.cu` (a
#     __shfl_xor_sync butterfly, printf) prints the H200's output (tests/golden), and
#     tests/cuda/cg_tile_xor.cu (cooperative_groups tiles and __shfl_xor_sync) gives the H200's
#     buffers (tests/golden/nvrtc) with the headers that NVRTC (13.5 and later) carries itself,
#     installed into warpsim's cache (also by three runs at once); an NVRTC without headers of
#     its own (the toolkit's, when it is older, laid out without its include directory) is
#     refused with NVRTC's message and the pip commands;
#  2. with nvidia-cuda-runtime (cooperative_groups.h) and nvidia-cuda-cccl (the cuda/std and
#     nv/target headers it includes) added, cg_tile_xor.cu gives the H200's buffers with those
#     headers (NVRTC's own are not installed), and the PTX is the wheel's NVRTC's;
#  3. the same with NVRTC and the headers laid out as the CUDA 12 wheels lay them out (each
#     package in its own site-packages/nvidia/NAME), made from the CUDA 13 wheels' files.
# The wheels come from PyPI, or from WARPSIM_WHEEL_DIR (pip --find-links, no network). Skipped
# (77), saying why, when they cannot be installed.
set -u
warpsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
skip() { echo "SKIPPED: $*"; exit 77; }
python3 -m venv "$tmp/venv" > "$tmp/venv.log" 2>&1 || skip "python3 -m venv does not work here: $(tail -1 "$tmp/venv.log")"
pip=(install --quiet --disable-pip-version-check --timeout 20 --retries 1)
[ -n "${WARPSIM_WHEEL_DIR:-}" ] && pip+=(--no-index --find-links "$WARPSIM_WHEEL_DIR")
install() {
    if ! timeout 900 "$tmp/venv/bin/pip" "${pip[@]}" "$@" > "$tmp/pip.log" 2>&1; then
        tail -3 "$tmp/pip.log"
        skip "pip could not install $* (no network? set WARPSIM_WHEEL_DIR)"
    fi
    echo "wheels: $("$tmp/venv/bin/pip" list --format=freeze 2>/dev/null | grep '^nvidia' | tr '\n' ' ')"
}
install nvidia-cuda-nvrtc
version=$("$tmp/venv/bin/pip" show nvidia-cuda-nvrtc | sed -n 's/^Version: //p')
# the environment of a machine without the toolkit: PATH without it, the venv active, a fresh
# cache ($tmp/cache, or $cache)
path=$(printf '%s' "$PATH" | tr ':' '\n' | grep -v cuda | paste -sd: -)
clean() {
    env -u CUDA_HOME -u CUDA_PATH -u WARPSIM_NVRTC -u LD_LIBRARY_PATH PATH="$tmp/venv/bin:$path" \
        VIRTUAL_ENV="$tmp/venv" XDG_CACHE_HOME="${cache:-$tmp/cache}" "$@"
}
cd "$src" || exit 2
clean python3 tests/check_golden.py "$warpsim" . butterfly_allreduce --source cu || exit 1
golden_cg() { clean python3 tests/check_golden.py "$warpsim" . cg_tile_xor --programs tests/cuda --golden tests/golden/nvrtc --source cu; }
golden_cg || { echo "with only the nvrtc wheel, cg_tile_xor.cu (cooperative_groups) failed"; exit 1; }
own=$(ls -d "$tmp"/cache/warpsim/nvrtc-headers-*/ 2>/dev/null | head -1)
[ -n "$own" ] && [ -f "${own}cooperative_groups.h" ] && [ -f "${own}.nvrtc_headers_version" ] ||
    { echo "NVRTC's own headers are not in warpsim's cache:"; ls -a "$tmp/cache/warpsim"; exit 1; }
echo "with only the nvrtc wheel: cooperative_groups from NVRTC's own headers, in $(basename "$own")"
# three first runs at once, each compiling, into one fresh cache: they install the headers once
for i in 1 2 3; do
    cache=$tmp/cache3 clean "$warpsim" run tests/cuda/cg_tile_xor.cu @tests/cuda/cg_tile_xor.args \
        --cu-opt "-DRUN=$i" > "$tmp/par$i" 2> "$tmp/par$i.err" &
done
for i in 1 2 3; do wait -n || { echo "three runs at once:"; cat "$tmp"/par*; exit 1; }; done
clean "$warpsim" run tests/cuda/cg_tile_xor.cu @tests/cuda/cg_tile_xor.args > "$tmp/one" 2> /dev/null
for i in 1 2 3; do cmp -s "$tmp/one" "$tmp/par$i" || { echo "three runs at once: run $i differs"; cat "$tmp/par$i"*; exit 1; }; done
echo "three first runs at once: all three print the buffers of one run"
# an NVRTC without headers of its own and none beside it: NVRTC's message and the pip commands
old=$(ls /usr/local/cuda/lib64/libnvrtc.so.1[23] 2>/dev/null | head -1)
if [ -z "$old" ] || nm -D "$old" | grep -q nvrtcInstallBundledHeaders; then
    echo "NOTE: not checked here: the message of an NVRTC without headers of its own (none in /usr/local/cuda)"
else
    mkdir -p "$tmp/old/lib"
    for f in "$(dirname "$old")"/libnvrtc*.so*; do ln -s "$f" "$tmp/old/lib/"; done
    clean env WARPSIM_NVRTC="$tmp/old/lib/$(basename "$old")" \
        "$warpsim" run tests/cuda/cg_tile_xor.cu @tests/cuda/cg_tile_xor.args > "$tmp/out" 2>&1
    rc=$?
    if [ $rc != 2 ] || ! grep -q 'cooperative_groups.h' "$tmp/out" || ! grep -q 'pip install nvidia-cuda-runtime' "$tmp/out" ||
        ! grep -q 'pip install -U nvidia-cuda-nvrtc' "$tmp/out"; then
        echo "an NVRTC without headers ($old): cg_tile_xor.cu gave exit $rc and:"; cat "$tmp/out"; exit 1
    fi
    echo "an NVRTC without headers of its own ($old): refused with NVRTC's message and the pip commands"
fi
install nvidia-cuda-runtime nvidia-cuda-cccl
cache=$tmp/cache2 golden_cg || exit 1
if ls -d "$tmp"/cache2/warpsim/nvrtc-headers-* > /dev/null 2>&1; then
    echo "with the header wheels, NVRTC's own headers were used in place of theirs"; exit 1
fi
cache=$tmp/cache2 clean "$warpsim" run tests/cuda/cg_tile_xor.cu @tests/cuda/cg_tile_xor.args \
    --ptx-out "$tmp/k.ptx" > /dev/null || exit 1
if ! grep -q "V$version\b" "$tmp/k.ptx"; then
    echo "the PTX is not from the wheel's NVRTC $version:"
    grep -m1 "Cuda compilation tools" "$tmp/k.ptx"
    exit 1
fi
echo "with the header wheels: their headers, and the PTX from the nvidia-cuda-nvrtc $version wheel ($(grep -m1 '^\.version' "$tmp/k.ptx"))"
# 3. the CUDA 12 wheels' layout: NVRTC in site-packages/nvidia/cuda_nvrtc/lib, cooperative_groups
#    in nvidia/cuda_runtime/include, CUB/libcu++/nv in nvidia/cuda_cccl/include (not beside
#    NVRTC, as the CUDA 13 wheels' nvidia/cu13 are): made here from the CUDA 13 wheels' files,
#    warpsim finds the headers in the sibling packages without being told
site=$(echo "$tmp"/venv/lib/python3*/site-packages)
cu13=$site/nvidia/cu13
fake=$tmp/cu12site/nvidia
mkdir -p "$fake/cuda_nvrtc/lib" "$fake/cuda_runtime/include" "$fake/cuda_cccl"
for f in "$cu13"/lib/libnvrtc*; do ln -s "$f" "$fake/cuda_nvrtc/lib/"; done
for f in "$cu13"/include/*; do [ "$(basename "$f")" = cccl ] || ln -s "$f" "$fake/cuda_runtime/include/"; done
ln -s "$cu13/include/cccl" "$fake/cuda_cccl/include"
env -u CUDA_HOME -u CUDA_PATH -u LD_LIBRARY_PATH -u VIRTUAL_ENV PATH="$path" XDG_CACHE_HOME="$tmp/cache12" \
    WARPSIM_NVRTC="$fake/cuda_nvrtc/lib/libnvrtc.so.13" \
    python3 tests/check_golden.py "$warpsim" . cg_tile_xor --programs tests/cuda --golden tests/golden/nvrtc \
    --source cu || { echo "the CUDA 12 wheels' layout: the headers in nvidia/cuda_runtime and nvidia/cuda_cccl were not found"; exit 1; }
if ls -d "$tmp"/cache12/warpsim/nvrtc-headers-* > /dev/null 2>&1; then
    echo "the CUDA 12 wheels' layout: NVRTC's own headers were used in place of the wheels'"; exit 1
fi
echo "the CUDA 12 wheels' layout (headers in nvidia/cuda_runtime/include and nvidia/cuda_cccl/include): found"
