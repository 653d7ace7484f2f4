#!/usr/bin/env bash
# check_diagnostics.sh WARPSIM SRCDIR NAME
# Runs programs/NAME.ptx @programs/NAME.args --json and checks that every line
#   # expect: KIND LINE LANES [WARP]
# of the .args file has a diagnostic of that kind at that PTX line with exactly those lanes
# (hex) in that warp (default: any), and that no diagnostic of another kind appears unless an
# '# also: KIND' line allows it. Also checks --no-check-uninit and --werror (exit status 1).
set -u
warpsim=$1 src=$2 name=$3
cd "$src" || exit 2
args=programs/$name.args
json=$("$warpsim" run "programs/$name.ptx" "@$args" --json --mode functional) || { echo "warpsim failed: $?"; exit 1; }  # the expectations name warps in the functional order
python3 - "$args" "$json" <<'PY' || exit 1
import json, sys
args, text = sys.argv[1], sys.argv[2]
diags = json.loads(text)["diagnostics"]
expect, allowed = [], set()
for line in open(args):
    w = line.split()
    if w[:2] == ["#", "expect:"]:
        expect.append(w[2:])
        allowed.add(w[2])
    elif w[:2] == ["#", "also:"]:
        allowed.update(w[2:])
bad = 0
for e in expect:
    kind, line, lanes = e[0], int(e[1]), int(e[2], 16)
    warp = int(e[3]) if len(e) > 3 else None
    hits = [d for d in diags if d["kind"] == kind and d["line"] == line and d["lanes"] == lanes
            and (warp is None or d["warp"] == warp)]
    if not hits:
        print(f"MISSING {kind} at line {line} lanes 0x{lanes:08x}" + (f" warp {warp}" if warp is not None else ""))
        bad = 1
    else:
        print(f"ok: {kind} at line {line} lanes 0x{lanes:08x}: {hits[0]['message']}")
for d in diags:
    if d["kind"] not in allowed:
        print(f"UNEXPECTED {d['kind']} at line {d['line']} lanes 0x{d['lanes']:08x}: {d['message']}")
        bad = 1
if not expect:
    print("no '# expect:' lines in " + args); bad = 1
sys.exit(bad)
PY
"$warpsim" run "programs/$name.ptx" "@$args" --werror >/dev/null 2>&1
rc=$?
[ $rc -eq 1 ] || { echo "--werror: exit status $rc, expected 1"; exit 1; }
if grep -qE '^# expect: (uninitialized-|shared-race)' "$args"; then
  n=$("$warpsim" run "programs/$name.ptx" "@$args" --json --no-check-uninit |
      python3 -c 'import json,sys; print(sum(d["kind"].startswith("uninitialized") or d["kind"]=="shared-race" for d in json.load(sys.stdin)["diagnostics"]))')
  [ "$n" = 0 ] || { echo "--no-check-uninit still reports $n uninitialized/race diagnostics"; exit 1; }
fi
echo "$name: diagnostics as expected"
