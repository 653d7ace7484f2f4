#!/usr/bin/env bash
# check_nvrtc.sh WARPSIM SRCDIR
# warpsim run/step on CUDA C++ (cli/nvrtc.h), with whichever NVRTC warpsim finds (the toolkit's
# here; tests/check_nvrtc_wheel.sh does the pip wheels): a template kernel named by --kernel
# gives the H200's buffers in both modes; its trace shows CUDA lines; --ptx-out keeps the PTX;
# the PTX cache is used again, and not when an included file changes; a compile error is shown
# as NVRTC words it, and a missing NVRTC names the pip command. Skipped (77) without NVRTC.
set -u
warpsim=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
src=$2
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
export XDG_CACHE_HOME=$tmp/cache
cd "$src" || exit 2
status=0
fail() { echo "FAIL: $*"; status=1; }
printf '__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }\n' > "$tmp/probe.cu"
if "$warpsim" run "$tmp/probe.cu" p=s32[32] 2>&1 | grep -q "needs NVRTC"; then
    echo "SKIPPED: no NVRTC here (pip install nvidia-cuda-nvrtc, or a CUDA toolkit)"
    exit 77
fi
for mode in timing functional; do
    python3 tests/check_golden.py "$warpsim" . cg_tile_xor --programs tests/cuda --golden tests/golden/nvrtc \
        --source cu --mode $mode || status=1
done
# -lineinfo: the trace names the .cu line of each instruction (the __shfl_xor_sync is line 17)
"$warpsim" run tests/cuda/cg_tile_xor.cu @tests/cuda/cg_tile_xor.args --trace > "$tmp/trace" 2>&1
grep -q '(cg_tile_xor.cu:17)  shfl.sync.bfly.b32' "$tmp/trace" || fail "the trace shows no CUDA line for the shuffle"
# a diagnostic's PTX line goes with the PTX's name (the cached file), never with the .cu file's name,
# and the CUDA line beside it; with no cache to keep the PTX in, the name says it is NVRTC's PTX
grep -q "^$tmp/cache/warpsim/nvrtc-[0-9a-f]*\.ptx:[0-9]* (cooperative_groups.h:[0-9]*): note: .*\[split-warp\]" "$tmp/trace" ||
    fail "a diagnostic of a .cu run does not name the cached PTX: $(grep -m1 split-warp "$tmp/trace")"
XDG_CACHE_HOME=/proc/none "$warpsim" run tests/cuda/cg_tile_xor.cu @tests/cuda/cg_tile_xor.args 2>&1 |
    grep -q "^tests/cuda/cg_tile_xor.cu (NVRTC's PTX):[0-9]* (cooperative_groups.h:[0-9]*): note:" ||
    fail "without a cache, a diagnostic of a .cu run names the .cu file with a PTX line"
# another instantiation, named with spaces; and a name that instantiates nothing
"$warpsim" run tests/cuda/cg_tile_xor.cu --kernel 'tile_allreduce< 8 >' --block 32 in=s32[32]:iota sum=s32[32] \
    tile_sum=s32[32] ballot=u32[32] rank=s32[32] > "$tmp/t8" 2>&1 || fail "tile_allreduce< 8 >: $(tail -3 "$tmp/t8")"
grep -A1 '^== sum' "$tmp/t8" | grep -q '^28 28 28 28 28 28 28 28$' || fail "tile_allreduce<8> sums: $(cat "$tmp/t8")"
"$warpsim" run tests/cuda/cg_tile_xor.cu --kernel 'tile_allreduce<float>' > "$tmp/bad" 2>&1
[ $? = 2 ] && grep -q 'error' "$tmp/bad" || fail "a bad template argument: $(cat "$tmp/bad")"
# --ptx-out, and the cache: a second run compiles nothing (its cached PTX is not rewritten)
"$warpsim" run tests/cuda/cg_tile_xor.cu @tests/cuda/cg_tile_xor.args --ptx-out "$tmp/k.ptx" > /dev/null || fail "--ptx-out"
grep -q '^\.weak \.entry _Z14tile_allreduceILi16EEvPKiPiS2_PjS2_' "$tmp/k.ptx" || fail "--ptx-out wrote no kernel"
grep -q '\.loc' "$tmp/k.ptx" || fail "the PTX has no line info"
cached=$(ls "$XDG_CACHE_HOME"/warpsim/nvrtc-*.ptx | xargs ls -t | head -1)
before=$(stat -c %y "$cached")
"$warpsim" run tests/cuda/cg_tile_xor.cu @tests/cuda/cg_tile_xor.args > /dev/null || fail "second run"
[ "$(stat -c %y "$cached")" = "$before" ] || fail "the second run compiled again"
# a "quoted" include is part of the key: changing it makes a new PTX
printf '#define VALUE 7\n' > "$tmp/value.h"
printf '#include "value.h"\n__global__ void k(int *p) { p[threadIdx.x] = VALUE; }\n' > "$tmp/inc.cu"
"$warpsim" run "$tmp/inc.cu" p=s32[8] --block 8 | grep -q '^7 7 7 7 7 7 7 7$' || fail "inc.cu with VALUE 7"
printf '#define VALUE 9\n' > "$tmp/value.h"
"$warpsim" run "$tmp/inc.cu" p=s32[8] --block 8 | grep -q '^9 9 9 9 9 9 9 9$' || fail "inc.cu did not see value.h change"
# README.md's "Your own kernel" command
"$warpsim" run examples/reduce.cu --kernel 'reduce<16>' 'in=f32[32]:iota' 'out=f32[2]' > "$tmp/readme" 2>&1
grep -A1 '^== out' "$tmp/readme" | grep -qx '120 376' || fail "README's examples/reduce.cu: $(cat "$tmp/readme")"
# --cu-opt reaches NVRTC
printf '__global__ void k(int *p) { p[threadIdx.x] = N; }\n' > "$tmp/opt.cu"
"$warpsim" run "$tmp/opt.cu" p=s32[4] --block 4 --cu-opt -DN=5 | grep -q '^5 5 5 5$' || fail "--cu-opt -DN=5"
# warpsim step takes .cu too
printf 'n\nq\n' | "$warpsim" step "$tmp/opt.cu" p=s32[4] --block 4 --cu-opt -DN=3 > "$tmp/step" 2>&1 || fail "step: $(tail -3 "$tmp/step")"
# a compile error: NVRTC's message, exit 2
printf '__global__ void k(int *p) { p[0] = undeclared; }\n' > "$tmp/bad.cu"
"$warpsim" run "$tmp/bad.cu" p=s32[1] > "$tmp/err" 2>&1
rc=$?
{ [ $rc = 2 ] && grep -q 'bad.cu:1: error: identifier "undeclared" is undefined' "$tmp/err"; } ||
    fail "compile error: exit $rc, $(cat "$tmp/err")"
# a syntax error: FILE:LINE: error: what NVRTC expected (the project's form, not NVRTC's FILE(LINE))
printf '__global__ void k(int *p) {\n  p[0] = 1\n  p[1] = 2;\n}\n' > "$tmp/syntax.cu"
"$warpsim" run "$tmp/syntax.cu" p=s32[2] > "$tmp/err" 2>&1
rc=$?
{ [ $rc = 2 ] && grep -q '^.*/syntax\.cu:3: error: expected a ";"$' "$tmp/err" && ! grep -q 'syntax\.cu(' "$tmp/err"; } ||
    fail "syntax error: exit $rc, $(cat "$tmp/err")"
# no NVRTC: one message with the pip command
WARPSIM_NVRTC=none "$warpsim" run "$tmp/opt.cu" p=s32[4] > "$tmp/none" 2>&1
rc=$?
{ [ $rc = 2 ] && grep -q '^    pip install nvidia-cuda-nvrtc$' "$tmp/none"; } || fail "without NVRTC: exit $rc, $(cat "$tmp/none")"
WARPSIM_NVRTC=/no/such/libnvrtc.so "$warpsim" run "$tmp/opt.cu" p=s32[4] > "$tmp/none" 2>&1
[ $? = 2 ] && grep -q 'WARPSIM_NVRTC=/no/such/libnvrtc.so is no NVRTC library' "$tmp/none" || fail "a bad WARPSIM_NVRTC"
[ $status = 0 ] && echo "CUDA C++ through NVRTC: every check passed"
exit $status
