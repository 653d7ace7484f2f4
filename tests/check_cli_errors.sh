#!/usr/bin/env bash
# check_cli_errors.sh WARPSIM SRCDIR
# Runs the built warpsim on bad inputs and checks the exit status and the message text, then a
# few good paths (the shfl table, --json). Every check prints one line; the script fails if any
# check fails.
set -u
warpsim=$1 src=$2
cd "$src" || exit 2
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT
fails=0 n=0

# expect NAME STATUS PATTERN -- ARGS...: warpsim ARGS exits with STATUS and stderr (or stdout
# for status 0) matches the extended regular expression PATTERN.
expect() {
  local name=$1 want=$2 pattern=$3
  shift 4
  n=$((n + 1))
  "$warpsim" "$@" > "$tmp/out" 2> "$tmp/err"
  local rc=$?
  local text
  if [ "$want" -eq 0 ]; then text=$(cat "$tmp/out"); else text=$(cat "$tmp/err"); fi
  if [ "$rc" -ne "$want" ]; then
    echo "FAIL $name: exit status $rc, expected $want"
    sed 's/^/    /' "$tmp/err" | head -10
    fails=$((fails + 1))
  elif ! grep -Eq -- "$pattern" <<< "$text"; then
    echo "FAIL $name: output does not match /$pattern/:"
    sed 's/^/    /' <<< "$text" | head -10
    fails=$((fails + 1))
  else
    echo "ok   $name"
  fi
}

# a malformed module: an unknown instruction at line 7, column 2
cat > "$tmp/bad.ptx" <<'PTX'
.version 9.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 a)
{
	.reg .b32 %r<3>;
	frob.u32 %r1, %r2;
	ret;
}
PTX
# a missing ';' (reported at the next token: line 7, column 2)
cat > "$tmp/semi.ptx" <<'PTX'
.version 9.0
.target sm_90
.address_size 64
.visible .entry k(.param .u64 a)
{
	.reg .b32 %r<3>;	mov.u32 %r1, 1
	ret;
}
PTX

reduce=programs/warp_reduce_down.ptx
xor16=programs/shfl_xor_16.ptx

# ---- bad input: exit status 2 ----
expect "missing file" 2 "^/nonexistent/k\.ptx: error: cannot open: No such file" -- run /nonexistent/k.ptx
expect "malformed PTX names file:line:col" 2 "bad\.ptx:7:2: error: unsupported instruction 'frob'" -- run "$tmp/bad.ptx" --block 32 a=u32[32]
expect "malformed PTX shows the line and a caret" 2 "^ +	?\^" -- run "$tmp/bad.ptx" --block 32 a=u32[32]
# a runaway loop without printf: the limit and the option, printf's formatting not named
cat > "$tmp/spin.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .entry spin()
{
	.reg .b32 %r<4>;
	mov.u32 %r1, %tid.x;
$L_top:
	add.u32 %r1, %r1, 1;
	bra.uni $L_top;
}
PTX
for m in functional timing; do
    expect "runaway loop ($m)" 3 "instruction limit reached: 1000 warp instructions, in block 0; raise it with --max-instructions$" -- run "$tmp/spin.ptx" --mode $m --max-instructions 1000
done
# a runaway loop in a multi-block grid: blocks 0-2 return, the others spin storing to out. The
# limit counts the blocks in block order, so block 3 stops at it; the note names its warp, the PTX
# line and the instruction it would have run next; and --jobs 1, 2 and 4 print byte for byte the
# same (stdout, stderr) with exit status 3 (docs/diagnostics.md, "Where a run stopped"): a launch
# on several host threads that stops at a limit runs again on one
cat > "$tmp/runaway.ptx" <<'PTX'
.version 8.0
.target sm_90
.address_size 64
.visible .entry runaway(.param .u64 out)
{
	.reg .b32 %r<6>;
	.reg .b64 %rd<4>;
	.reg .pred %p<2>;
	ld.param.u64 %rd1, [out];
	mov.u32 %r1, %ctaid.x;
	mov.u32 %r2, %tid.x;
	mov.u32 %r3, 0;
	setp.lt.u32 %p1, %r1, 3;
	@%p1 bra $L_done;
	mul.wide.u32 %rd2, %r2, 4;
	add.u64 %rd3, %rd1, %rd2;
$L_top:
	add.u32 %r3, %r3, 1;
	st.global.u32 [%rd3], %r3;
	bra.uni $L_top;
$L_done:
	ret;
}
PTX
# same_with_jobs NAME -- ARGS...: warpsim ARGS with --jobs 1, 2 and 4 exits 3 each time and prints
# the same stdout and stderr
same_with_jobs() {
  local name=$1 j rc rc1
  shift 2
  n=$((n + 1))
  "$warpsim" "$@" --jobs 1 > "$tmp/j1.out" 2> "$tmp/j1.err"
  rc1=$?
  for j in 2 4; do
    "$warpsim" "$@" --jobs $j > "$tmp/jn.out" 2> "$tmp/jn.err"
    rc=$?
    if [ "$rc1" -ne 3 ] || [ "$rc" -ne "$rc1" ] || ! cmp -s "$tmp/j1.out" "$tmp/jn.out" || ! cmp -s "$tmp/j1.err" "$tmp/jn.err"; then
      echo "FAIL $name: --jobs $j (exit $rc) differs from --jobs 1 (exit $rc1)"
      diff "$tmp/j1.err" "$tmp/jn.err" | head -6
      diff "$tmp/j1.out" "$tmp/jn.out" | head -6
      fails=$((fails + 1))
      return
    fi
  done
  echo "ok   $name"
}
runaway=(run "$tmp/runaway.ptx" --grid 8 --block 64 'out=u32[64]')
expect "runaway grid: the note names block, warp, PTX line and instruction (functional)" 3 \
  "runaway\.ptx:19: note: the limit stopped block 3, warp 0 here, before st\.global\.u32 \[%rd3\], %r3$" -- \
  "${runaway[@]}" --mode functional --max-instructions 3000
expect "runaway grid: the note names block, warp, PTX line and instruction (timing)" 3 \
  "runaway\.ptx:19: note: the limit stopped block 3, warp 0 here, before st\.global\.u32 \[%rd3\], %r3$" -- \
  "${runaway[@]}" --mode timing --max-instructions 3000
expect "runaway grid: the message names the block" 3 \
  "^warpsim: instruction limit reached: 3000 warp instructions, in block 3; raise it with --max-instructions$" -- \
  "${runaway[@]}" --mode timing --max-instructions 3000 --jobs 4
expect "runaway grid: the cycle limit's note" 3 \
  "runaway\.ptx:[0-9]+: note: the limit stopped block 3, warp [0-9]+ here, before " -- \
  "${runaway[@]}" --mode timing --max-cycles 700
for m in functional timing; do
  same_with_jobs "runaway grid: --jobs 1, 2, 4 print the same ($m, instruction limit)" -- \
    "${runaway[@]}" --mode $m --max-instructions 3000
  same_with_jobs "runaway grid: --jobs 1, 2, 4 print the same ($m, instruction limit 20000)" -- \
    "${runaway[@]}" --mode $m --max-instructions 20000
  same_with_jobs "runaway grid: --jobs 1, 2, 4 print the same ($m, cycle limit)" -- \
    "${runaway[@]}" --mode $m --max-cycles 700
  same_with_jobs "runaway grid: --jobs 1, 2, 4 print the same ($m, --json)" -- \
    "${runaway[@]}" --mode $m --max-instructions 5000 --json
done
expect "missing ';'" 2 "semi\.ptx:7:2: error: expected ',' or ';'" -- run "$tmp/semi.ptx" --block 32 a=u32[32]
expect "print of malformed PTX" 2 "bad\.ptx:7:2: error: unsupported instruction 'frob'" -- print "$tmp/bad.ptx"
expect "unknown kernel" 2 "no kernel named 'nope'; it has: warp_reduce_down" -- run "$reduce" --kernel nope @programs/warp_reduce_down.args
printf '.version 9.0\n.target sm_90\n.address_size 64\n.visible .func f()\n{\n\tret;\n}\n' > "$tmp/nokernel.ptx"
expect "a module without a kernel" 2 "nokernel\.ptx has no kernel \(\.entry; __global__ in CUDA C\+\+\)$" -- run "$tmp/nokernel.ptx"
expect "wrong argument count" 2 "kernel warp_reduce_down takes 2 parameters, got 1 argument" -- run "$reduce" --block 32 'in=f32[32]'
expect "wrong argument count names the parameters" 2 "parameter 2: \.u64 warp_reduce_down_param_1" -- run "$reduce" --block 32 'in=f32[32]'
expect "scalar size mismatch" 2 "kernel parameter shfl_xor_16_param_0 is \.u32 \(4 bytes\) but the argument is u64 \(8 bytes\)" -- run "$xor16" --block 32 id=u64:0
expect "buffer for a scalar parameter" 2 "is \.u32 \(4 bytes\) but the argument is a buffer pointer" -- run "$xor16" --block 32 'id=u32[4]'
expect "bad SPEC type f33" 2 "expected a type \(u8 s8 u16 s16 u32 s32 u64 s64 f32 f64\), found 'f33\[4\]'" -- run "$reduce" --block 32 'in=f33[4]' 'out=f32[1]'
expect "bad SPEC count u32[0]" 2 "expected a count from 1 to [0-9]+ elements, found 0" -- run "$reduce" --block 32 'in=u32[0]' 'out=f32[1]'
expect "bad SPEC value u8:300" 2 "expected a u8 value from 0 to 255, found 300 \(out of range\)" -- run "$xor16" --block 32 id=u8:300
expect "bad SPEC error has a column" 2 "argument [0-9]+, column 7:" -- run "$xor16" --block 32 id=u8:300
expect "unknown option" 2 "unknown option '--frobnicate'" -- run "$reduce" @programs/warp_reduce_down.args --frobnicate
expect "unknown verb" 2 "unknown verb 'frob'" -- frob
expect "no verb" 2 "^usage: warpsim VERB" --
expect "shfl without arguments" 2 "^usage: warpsim shfl MODE B" -- shfl
expect "shfl with a bad mode" 2 "^usage: warpsim shfl" -- shfl sideways 3
expect "shfl without b" 2 "^usage: warpsim shfl" -- shfl down
expect "shfl bad width" 2 "--width takes a power of two from 1 to 32, as CUDA's width does, found '65'" -- shfl down 1 --width 65
expect "shfl width 3" 2 "found '3' \(CUDA leaves other widths undefined; .* --c 0x1d1f\)" -- shfl down 1 --width 3
expect "shfl width 0" 2 "found '0'" -- shfl idx 1 --width 0
expect "shfl up width 64" 2 "--c 0xffffe000" -- shfl up 1 --width 64
expect "shfl unknown option" 2 "unknown option '--bogus'" -- shfl down 1 --bogus
expect "shfl --width and --c" 2 "give --width or --c, not both" -- shfl down 1 --width 16 --c 31
expect "vote without --pred" 2 "^usage: warpsim vote" -- vote ballot

# ---- good paths: exit status 0 ----
expect "vote ballot --mask 0: no lane executes" 0 "^no lane executes it, so no lane gets a result" -- vote ballot --pred 0xff --mask 0
expect "shfl down 16: header" 0 "^shfl\.sync\.down\.b32  b=16  c=0x1f" -- shfl down 16
expect "shfl down 16: lane 3 reads lane 19" 0 "^ +3 +19 +yes +19$" -- shfl down 16
expect "shfl down 16: lane 15 reads lane 31" 0 "^ +15 +31 +yes +31$" -- shfl down 16
expect "shfl down 16: lane 20 keeps its value" 0 "^ +20 +20 +no +20  \(out of range: its own value\)" -- shfl down 16
expect "shfl idx 17 --width 16: lane 3 reads lane 1" 0 "^ +3 +1 +yes +1$" -- shfl idx 17 --width 16
expect "shfl idx 17 --width 16: lane 20 reads lane 17" 0 "^ +20 +17 +yes +17$" -- shfl idx 17 --width 16
expect "shfl xor 17 --width 16: lane 16 reads lane 1" 0 "^ +16 +1 +yes +1$" -- shfl xor 17 --width 16
expect "shfl --mask: a non-executing source reads 0" 0 "^ +8 +16 +yes +0  \(source lane does not execute" -- shfl down 8 --mask 0xffff
# the table's columns exactly (printf's "%4u  %6d  %8s  %5lld%s" before the rows were written by hand)
expect "shfl table: an in-range row's columns" 0 "^   3       4       yes      4$" -- shfl down 1 --width 8
expect "shfl table: an out-of-range row's columns" 0 "^   7       7        no      7  \(out of range: its own value\)$" -- shfl down 1 --width 8
expect "shfl table: a non-executing lane's row" 0 "^  31       -         -      - \(does not execute\)$" -- shfl down 1 --mask 0xffff
expect "shfl table: a non-executing source's row" 0 "^  15      16       yes      0  \(source lane does not execute: 0 on the H200\)$" -- shfl down 1 --mask 0xffff
expect "shfl table: values wider than the column" 0 "^   0       1       yes  -123456789012$" -- shfl down 1 --values 5,-123456789012
expect "run prints the result" 0 "496" -- run "$reduce" @programs/warp_reduce_down.args
expect "print round-trips to PTX" 0 "shfl\.sync\.down\.b32" -- print "$reduce"

# --trace-block/--trace-warp: the trace shows that block and warp only, and all of its steps
n=$((n + 1))
"$warpsim" run programs/block_reduce.ptx @programs/block_reduce.args --trace-block 1 --trace-warp 2 > "$tmp/tr" 2> "$tmp/err"
heads=$(grep -c '^block ' "$tmp/tr"); others=$(grep '^block ' "$tmp/tr" | grep -vc '^block 1 warp 2 ')
if [ "$heads" -gt 20 ] && [ "$others" -eq 0 ]; then echo "ok   --trace-block 1 --trace-warp 2 shows $heads steps of that warp only"
else echo "FAIL --trace-block/--trace-warp: $heads steps, $others of other warps"; fails=$((fails + 1)); fi
expect "--trace-warp needs an index" 2 "--trace-warp takes an index" -- run "$reduce" @programs/warp_reduce_down.args --trace-warp x

# the shfl table has exactly 32 lane rows
n=$((n + 1))
rows=$("$warpsim" shfl down 16 | grep -cE '^ +[0-9]+ +[0-9]+ +(yes|no) ')
if [ "$rows" = 32 ]; then echo "ok   shfl down 16 has 32 lane rows"; else echo "FAIL shfl down 16 has $rows lane rows"; fails=$((fails + 1)); fi

# --json output parses
for args in "shfl down 16 --json" "shfl idx 17 --width 16 --json" "vote ballot --pred 0x3ff --json" \
            "match any --values 1,2,1,2 --json" "run $reduce @programs/warp_reduce_down.args --json"; do
  n=$((n + 1))
  # shellcheck disable=SC2086
  if "$warpsim" $args > "$tmp/json" 2> "$tmp/err" && python3 -m json.tool "$tmp/json" > /dev/null 2> "$tmp/jerr"; then
    echo "ok   --json parses: warpsim $args"
  else
    echo "FAIL --json does not parse: warpsim $args"
    head -5 "$tmp/err" "$tmp/jerr" | sed 's/^/    /'
    fails=$((fails + 1))
  fi
done
# the JSON of shfl down 16 has 32 lanes and lane 3 reads lane 19
n=$((n + 1))
if "$warpsim" shfl down 16 --json | python3 -c '
import json, sys
d = json.load(sys.stdin)
lanes = d["lanes"]
assert len(lanes) == 32, len(lanes)
assert lanes[3]["source"] == 19 and lanes[3]["in_range"] and lanes[3]["value"] == 19, lanes[3]
assert lanes[20]["source"] == 20 and not lanes[20]["in_range"], lanes[20]
assert d["c"] == 31
'; then echo "ok   shfl --json lanes"; else echo "FAIL shfl --json lanes"; fails=$((fails + 1)); fi

# VERB --help lists the options of the verb's table (exit 0); an unknown option points at it and
# an option without its value says what it takes (exit 2)
expect "run --help" 0 "^  --poison-undefined +results the PTX leaves undefined" -- run --help
expect "run --poison-value 0" 2 "poison-value takes a non-zero 32-bit value" -- run programs/warp_reduce_down.ptx @programs/warp_reduce_down.args --poison-value 0
expect "run --help: launch words" 0 "^  --grid X\[,Y\[,Z\]\] +blocks in the grid" -- run --help
for verb in step shfl vote match print bench; do
  expect "$verb --help" 0 "^usage: warpsim $verb " -- $verb --help
done
expect "run option without its value" 2 "--trace-json takes FILE, found the end of the arguments" -- \
  run programs/warp_scan.ptx @programs/warp_scan.args --trace-json
expect "run --slow-path bogus" 2 "--slow-path takes converged, exec, shfl, timing, interp, uninit or all, .*found 'bogus'" -- \
  run programs/warp_scan.ptx @programs/warp_scan.args --slow-path exec,bogus
expect "run unknown option" 2 "unknown option '--bogus' \(see warpsim run --help\)" -- run programs/warp_scan.ptx --bogus
# the limits' options: a bad value is exit 2, a limit reached exit 3 with the option that raises it
expect "run --max-output 0" 2 "--max-output takes a number of bytes from 1 to 1073741824, found '0'" -- \
  run programs/shfl_xor_16.ptx @programs/shfl_xor_16.args --max-output 0
expect "run --max-output 100 stops the printf text" 3 "printf output limit reached: 100 bytes, in block 0; raise it with --max-output" -- \
  run programs/shfl_xor_16.ptx @programs/shfl_xor_16.args --max-output 100
expect "run --max-memory below what the kernel needs" 3 "memory limit reached: kernel warp_reduce_down .* of the limit of 40000 bytes .*raise it with --max-memory" -- \
  run "$reduce" @programs/warp_reduce_down.args --max-memory 40000
# the messages name the limit given, not what is left of it after the module's text (#13: "the
# module needs more than 1 bytes" with --max-memory 20000)
expect "run --max-memory 20000: the parse names the limit" 3 "the module needs more than 20000 bytes \([0-9]+ counted when parsing stopped here" -- \
  run "$reduce" @programs/warp_reduce_down.args --max-memory 20000
expect "run --max-memory 100000: the block names the whole limit" 3 "a block of 32 threads .* needs [0-9]+ bytes .*, [0-9]+ of the limit of 100000 bytes are left" -- \
  run "$reduce" @programs/warp_reduce_down.args --max-memory 100000
expect "step --block-index x" 2 "--block-index takes a block index, found 'x'" -- \
  step "$reduce" @programs/warp_reduce_down.args --block-index x

# --regs N: registers a thread for the occupancy of whole launches (sim/grid.c), 1 to 255; a block
# that needs more than an SM's 64K registers is refused as the launch would fail on the H200
expect "run --regs 0" 2 "--regs takes a number of registers a thread from 1 to 255, found '0'" -- \
  run "$reduce" @programs/warp_reduce_down.args --regs 0
expect "run --regs 256" 2 "--regs takes a number of registers a thread from 1 to 255, found '256'" -- \
  run "$reduce" @programs/warp_reduce_down.args --regs 256
expect "run --regs 65 with 1024 threads a block" 2 "kernel block_reduce: 65 registers a thread take 73728 registers for a block of 1024 threads, more than the 65536 of an SM: the launch would fail" -- \
  run programs/block_reduce.ptx @programs/block_reduce.args --regs 65
expect "run --regs 64 with 1024 threads: one block an SM" 0 '"blocks_per_sm": 1,' -- \
  run programs/block_reduce.ptx @programs/block_reduce.args --regs 64 --json
expect "run --regs 64: --json reports it" 0 '"regs_per_thread": 64,' -- \
  run programs/block_reduce.ptx @programs/block_reduce.args --regs 64 --json
expect "run without --regs: two blocks an SM" 0 '"blocks_per_sm": 2,' -- \
  run programs/block_reduce.ptx @programs/block_reduce.args --json
expect "run without --regs: the preset's 32 registers" 0 '"regs_per_thread": 32,' -- \
  run programs/block_reduce.ptx @programs/block_reduce.args --json

# bench --speedup: needs --jobs N; a small grid gives one row whose two sides agree, with the
# co-run's scaling, --jobs N against it, and the others' cores during each side and the steal
expect "bench --speedup without --jobs" 2 "--speedup compares --jobs N" -- bench --speedup
expect "bench --speedup --jobs 2" 0 "block_reduce +functional +8x1024 .*x +[0-9.]+x +[0-9.]+x yes +-?[0-9.]+/-?[0-9.]+/-?[0-9.]+ +-?[0-9.]+$" -- \
  bench --speedup --jobs 2 --only block_reduce --blocks 8 --mode functional --quick

echo "$((n - fails)) of $n checks passed"
[ "$fails" -eq 0 ]
