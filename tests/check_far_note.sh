#!/usr/bin/env bash
# check_far_note.sh WARPSIM SRCDIR (farnote50)
# warpsim run's far-code note (docs/diagnostics.md "Far code"): a launch whose warps ran code past the instruction
# caches' reach (the preset's ifetch.far, 40 KiB) gets `FILE:LINE: note: far code: ...` at the kernel's entry, and
# --json's stats far_code (true) with the measured band; any other launch gets neither, and its output is as before.
# The kernels are generated here: straight-line FFMAs, 3000 of them past 40 KiB (48 KiB of SASS), 100 well inside.
set -u
warpsim=$1 src=$2
cd "$src" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0

ok() { n=$((n + 1)); echo "ok   $1"; }
fail() { n=$((n + 1)); fails=$((fails + 1)); echo "FAIL $1"; }

# kernel NAME FFMAS [skip]: out[tid] = a chain of FFMAS fmas; with skip the chain sits after the kernel's store and
# ret, behind a branch no thread takes (a kernel past 40 KiB whose warps never fetch past it)
kernel() {
  local name=$1 count=$2 skip=${3:-} i
  {
    printf '.version 8.0\n.target sm_90\n.address_size 64\n\n.visible .entry %s(\n    .param .u64 out\n)\n{\n' "$name"
    printf '    .reg .f32 %%f<3>;\n    .reg .b32 %%r<2>;\n    .reg .b64 %%rd<4>;\n    .reg .pred %%p<2>;\n'
    printf '    mov.u32 %%r1, %%tid.x;\n    cvt.rn.f32.u32 %%f1, %%r1;\n    mov.f32 %%f2, 0f3F800000;\n'
    if [ -n "$skip" ]; then
      printf '    setp.ge.u32 %%p1, %%r1, 4096;\n    @%%p1 bra BODY;\n'
    else
      for ((i = 0; i < count; i++)); do printf '    fma.rn.f32 %%f2, %%f2, %%f1, %%f2;\n'; done
    fi
    printf '    ld.param.u64 %%rd1, [out];\n    cvta.to.global.u64 %%rd2, %%rd1;\n    mul.wide.u32 %%rd3, %%r1, 4;\n'
    printf '    add.s64 %%rd2, %%rd2, %%rd3;\n    st.global.f32 [%%rd2], %%f2;\n    ret;\n'
    if [ -n "$skip" ]; then
      printf 'BODY:\n'
      for ((i = 0; i < count; i++)); do printf '    fma.rn.f32 %%f2, %%f2, %%f1, %%f2;\n'; done
      printf '    ret;\n'
    fi
    printf '}\n'
  } > "$tmp/$name.ptx"
}
kernel far 3000
kernel farwin 4608 # 72 KiB: its warps fetch past ifetch.window's 64 KiB of the entry
kernel near 100
kernel farskip 3000 skip
entry_line=5 # the .entry line of every kernel above

# run NAME ARGS...: warpsim run on $tmp/NAME.ptx; stdout in $tmp/out, stderr in $tmp/err, status in rc
run() {
  local name=$1
  shift
  "$warpsim" run "$tmp/$name.ptx" "$@" > "$tmp/out" 2> "$tmp/err"
  rc=$?
}
note_pattern="^$tmp/far[a-z]*\.ptx:$entry_line: note: far code: .*varies by card and by launch \(measured: one warp a"
note_pattern+=" sub-partition [0-9.]+-[0-9.]+ cycles a line across [0-9]+ cards; 4 warps a sub-partition: one kernel's"
note_pattern+=" launches up to [0-9]+% apart; a block on each of 132 SMs: up to [0-9]+% longer than one alone\); the"
note_pattern+=" hardware does not pin this cycle figure down"

# json_field KEY: the stats' KEY in $tmp/out's JSON, or "absent"
json_field() {
  python3 -c 'import json, sys; print(json.dumps(json.load(open(sys.argv[1]))["stats"].get(sys.argv[2], "absent")))' \
    "$tmp/out" "$1"
}

# far code that runs: the note, once, at the entry; the JSON's fields
run far --grid 1 --block 128 out=f32[128]
if [ "$rc" -eq 0 ] && [ "$(grep -Ec "$note_pattern" "$tmp/err")" -eq 1 ] && [ "$(wc -l < "$tmp/err")" -eq 1 ]; then
  ok "far kernel: note at the entry"
else
  fail "far kernel: no note at $entry_line (status $rc):"; sed 's/^/    /' "$tmp/err" | head -5
fi
run far --grid 1 --block 128 out=f32[128] --json
if [ "$rc" -eq 0 ] && [ "$(json_field far_code)" = true ] && [ "$(json_field far_code_blocks)" = 1 ] &&
  [ "$(json_field far_code_pace_min)" != absent ] && [ "$(json_field far_code_launch_spread_pct)" != absent ] &&
  [ "$(json_field far_code_grid_pct)" != absent ] &&
  grep -Eq 'far code: ' <<< "$(json_field far_code_note)" && [ ! -s "$tmp/err" ]; then
  ok "far kernel: --json far_code true with the band, nothing on stderr"
else
  fail "far kernel: --json lacks far_code (status $rc, far_code $(json_field far_code))"
fi
# past the window (docs/calibration.md "(win53)"): the note adds the one card's figures for those lines, and --json
# counts the blocks; a far kernel within it (above) has neither
run farwin --grid 1 --block 128 out=f32[128]
if [ "$rc" -eq 0 ] && grep -Eq "longer than one alone; lines past the kernel's first [0-9]+ KiB, one warp: [0-9.]+-[0-9.]+ cycles a line in a first launch, [0-9.]+ where a later launch fetches them again, on [0-9]+ cards?\); the hardware" "$tmp/err"; then
  ok "kernel past the window: the note quotes its lines' figures"
else
  fail "kernel past the window: no figures for its lines (status $rc):"; sed 's/^/    /' "$tmp/err" | head -3
fi
run farwin --grid 1 --block 128 out=f32[128] --json
if [ "$rc" -eq 0 ] && [ "$(json_field far_code_window_blocks)" = 1 ] && [ "$(json_field far_code_past_later)" != absent ]; then
  ok "kernel past the window: --json far_code_window_blocks 1"
else
  fail "kernel past the window: --json far_code_window_blocks $(json_field far_code_window_blocks)"
fi
run far --grid 1 --block 128 out=f32[128]
if [ "$rc" -eq 0 ] && ! grep -q "lines past the kernel's first" "$tmp/err"; then
  ok "far kernel within the window: no figures for lines past it"
else
  fail "far kernel within the window: figures for lines past it (status $rc)"
fi
# every block counts, on one host thread or several, at 4 warps a sub-partition too
for jobs in 1 3; do
  run far --grid 5 --block 512 out=f32[512] --json --jobs $jobs
  if [ "$rc" -eq 0 ] && [ "$(json_field far_code_blocks)" = 5 ]; then
    ok "far kernel, 5 blocks of 512, --jobs $jobs: far_code_blocks 5"
  else
    fail "far kernel, 5 blocks of 512, --jobs $jobs: far_code_blocks $(json_field far_code_blocks)"
  fi
done
# the bound is the preset's: with ifetch.far 1 (KiB) the small kernel is far code
printf 'ifetch.far 1\n' > "$tmp/far1.preset"
run near --grid 1 --block 32 out=f32[32] --preset "$tmp/far1.preset"
if [ "$rc" -eq 0 ] && grep -q "^$tmp/near.ptx:$entry_line: note: far code: " "$tmp/err"; then
  ok "near kernel under ifetch.far 1: note"
else
  fail "near kernel under ifetch.far 1: no note (status $rc)"
fi

# no far code run: no note, no field
expect_quiet() {
  local what=$1
  if [ "$rc" -ne 0 ] || grep -q "far code" "$tmp/err" "$tmp/out"; then
    fail "$what: a far-code note or field where none belongs (status $rc):"; grep -h "far" "$tmp/err" "$tmp/out" | head -3
  else
    ok "$what: no note"
  fi
}
run near --grid 1 --block 128 out=f32[128]
expect_quiet "near kernel"
run near --grid 1 --block 128 out=f32[128] --json
expect_quiet "near kernel --json"
run farskip --grid 1 --block 128 out=f32[128]
expect_quiet "kernel past 40 KiB whose warps stay within it"
run far --grid 1 --block 128 out=f32[128] --mode functional
expect_quiet "far kernel in the functional mode (no cycle figure)"

# programs/: only the two kernels past 40 KiB whose warps run there get the note (the model times them as far
# code: pick.far_order, ifetch.far_keep); every other program, the 5-step reduction among them, none
far_programs=" bench_match sweep_bfi_imm "
quiet=0 noted=0
for args in programs/*.args; do
  name=$(basename "$args" .args)
  "$warpsim" run "programs/$name.ptx" "@$args" > /dev/null 2> "$tmp/err"
  if grep -q "note: far code" "$tmp/err"; then has=1; else has=0; fi
  if [[ "$far_programs" == *" $name "* ]]; then want=1; else want=0; fi
  if [ "$has" -ne "$want" ]; then
    fail "programs/$name: far-code note $has, expected $want"
  elif [ "$want" -eq 1 ]; then
    noted=$((noted + 1))
  else
    quiet=$((quiet + 1))
  fi
done
if [ "$noted" -eq 2 ] && [ "$quiet" -gt 0 ]; then
  ok "programs/: the note on bench_match and sweep_bfi_imm, on none of the other $quiet"
else
  fail "programs/: $noted of the 2 far programs noted"
fi
"$warpsim" run programs/warp_reduce_down.ptx @programs/warp_reduce_down.args --json > "$tmp/out" 2> "$tmp/err"
rc=$?
expect_quiet "programs/warp_reduce_down (the 5-step reduction), --json"

echo "$((n - fails))/$n far-note checks passed"
[ "$fails" -eq 0 ]
