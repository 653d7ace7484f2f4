#!/usr/bin/env python3
"""Parse back every trace format of `warpsim run` for every programs/*.ptx, and check them.

usage: test_traces.py WARPSIM SOURCE_DIR

For each program and both modes (timing, functional) one run writes --trace-json, --perfetto and
--vcd at once (the run command fans events out to all three) plus --json on stdout, then:
  JSON lines  every line is JSON; the first is the header (format warpsim-trace, version 1);
              each event has a known type; one exec event per warp instruction of the summary.
  Perfetto    json.load of the whole file; the Chrome trace event format's rules that
              ui.perfetto.dev and chrome://tracing rely on: a traceEvents array, every event
              with ph/pid/tid/ts, complete slices ("X") with a positive dur, slices on one
              track (pid, tid) never overlapping, every track named by thread_name metadata,
              instants with a valid scope; one slice per exec event of the JSON lines trace.
  VCD         a small reader: the header's scopes and $var declarations, unique identifiers,
              $enddefinitions, non-decreasing timestamps, every change to a declared signal
              with a value no wider than it; then the final value of every lane of every
              register signal and each warp's last active mask equal what the JSON lines
              trace says the kernel wrote in block 0.
Long programs (the shuffle sweeps run 10^5 warp instructions) are stopped with
--max-instructions and --max-cycles: the traces must be complete and valid up to the stop all the same.
"""
import glob
import json
import os
import subprocess
import sys
import tempfile

LIMIT = 15000
KNOWN = {"exec", "printf", "diag", "barrier", "stall", "block_begin", "block_end"}
failures = []


def fail(prog, msg):
    failures.append(f"{prog}: {msg}")
    print(f"FAIL {prog}: {msg}")


def check_jsonl(prog, path, stats):
    with open(path) as f:
        lines = f.read().splitlines()
    header = json.loads(lines[0])
    if header.get("type") != "header" or header.get("format") != "warpsim-trace" or header.get("version") != 1:
        fail(prog, f"JSON lines header {header}")
    events = [json.loads(l) for l in lines[1:]]
    for e in events:
        if e.get("type") not in KNOWN or "cycle" not in e or "block" not in e:
            fail(prog, f"JSON lines event {e}")
            break
        if e["type"] == "exec":
            for d in e["dst"]:
                if len(d["values"]) != 32:
                    fail(prog, f"dst values not 32 lanes: {e}")
    execs = [e for e in events if e["type"] == "exec"]
    if len(execs) != stats["warp_instructions"]:
        fail(prog, f"{len(execs)} exec events but {stats['warp_instructions']} warp instructions")
    return header, events


def check_perfetto(prog, path, events):
    with open(path) as f:
        doc = json.load(f)
    evs = doc["traceEvents"]
    named = set()
    slices = {}
    for e in evs:
        for key in ("ph", "pid", "tid", "ts", "name"):
            if key not in e:
                fail(prog, f"Perfetto event without {key}: {e}")
                return
        if not all(isinstance(e[k], int) for k in ("pid", "tid", "ts")):
            fail(prog, f"Perfetto pid/tid/ts not integers: {e}")
            return
        ph = e["ph"]
        if ph == "M":
            if e["name"] == "thread_name":
                named.add((e["pid"], e["tid"]))
        elif ph == "X":
            if not isinstance(e.get("dur"), int) or e["dur"] <= 0:
                fail(prog, f"slice without a positive dur: {e}")
                return
            slices.setdefault((e["pid"], e["tid"]), []).append((e["ts"], e["ts"] + e["dur"], e.get("cat")))
        elif ph == "i":
            if e.get("s") not in ("t", "p", "g"):
                fail(prog, f"instant with a bad scope: {e}")
        else:
            fail(prog, f"unexpected phase {ph}")
    for track, s in slices.items():
        if track not in named:
            fail(prog, f"track {track} has no thread_name")
        s.sort()
        for (a0, a1, _), (b0, b1, _) in zip(s, s[1:]):
            if b0 < a1:
                fail(prog, f"overlapping slices on track {track}: {a0}-{a1} and {b0}-{b1}")
                break
    n = sum(1 for s in slices.values() for x in s if x[2] == "insn")
    nexec = sum(1 for e in events if e["type"] == "exec")
    if n != nexec:
        fail(prog, f"{n} Perfetto slices but {nexec} exec events")


def read_vcd(prog, path):
    """Returns {id: (scope path, name, width)} and the final value of each id (a str of bits or 'x')."""
    with open(path) as f:
        tokens = f.read().split()
    i, scope, vars_, final = 0, [], {}, {}
    while i < len(tokens):
        t = tokens[i]
        if t == "$scope":
            scope.append(tokens[i + 2])
            i += 4
        elif t == "$upscope":
            scope.pop()
            i += 2
        elif t == "$var":
            _, width, ident, name = tokens[i + 1:i + 5]
            if ident in vars_:
                fail(prog, f"VCD identifier {ident} declared twice")
            vars_[ident] = ("/".join(scope), name, int(width))
            i = tokens.index("$end", i) + 1
        elif t in ("$comment", "$timescale", "$date", "$version"):
            i = tokens.index("$end", i) + 1
        elif t == "$enddefinitions":
            i += 2
            break
        else:
            fail(prog, f"VCD header token {t}")
            return vars_, final
    if scope:
        fail(prog, "VCD scopes not closed")
    now = -1
    while i < len(tokens):
        t = tokens[i]
        i += 1
        if t in ("$dumpvars", "$end"):
            continue
        if t[0] == "#":
            tm = int(t[1:])
            if tm < now:
                fail(prog, f"VCD time goes back: #{tm} after #{now}")
            now = tm
        elif t[0] in "bB":
            ident = tokens[i]
            i += 1
            if ident not in vars_:
                fail(prog, f"VCD change to undeclared {ident}")
                continue
            if t[1:] != "x" and len(t) - 1 > vars_[ident][2]:
                fail(prog, f"VCD value {t} wider than {vars_[ident]}")
            final[ident] = t[1:]
        elif t[0] in "01xXzZ":
            ident = t[1:]
            if ident not in vars_ or vars_[ident][2] != 1:
                fail(prog, f"VCD scalar change to {ident}")
            final[ident] = t[0]
        else:
            fail(prog, f"VCD body token {t}")
            return vars_, final
    return vars_, final


def check_vcd(prog, path, header, events):
    vars_, final = read_vcd(prog, path)
    widths = {name: {"pred": 1}.get(ty, int("".join(c for c in ty if c.isdigit()) or 64)) for name, ty in header["registers"]}
    model, active = {}, {}
    for e in events:
        if e["type"] != "exec" or e["block"] != 0:
            continue
        active[e["warp"]] = e["active"]
        for d in e["dst"]:
            for lane, v in enumerate(d["values"]):
                if v is not None:
                    model[(e["warp"], d["reg"].lstrip("%"), lane)] = v & ((1 << widths[d["reg"]]) - 1)
    checked = 0
    for ident, (scope, name, width) in vars_.items():
        parts = scope.split("/")
        warp = int(parts[1][4:])
        value = final.get(ident, "x")
        if len(parts) == 2:
            if name == "active" and warp in active and value != "x" and int(value, 2) != active[warp]:
                fail(prog, f"warp {warp} active {value} != {active[warp]:b}")
            continue
        key = (warp, parts[2], int(name[4:]))
        want = model.get(key)
        got = None if value in ("x", "X") else int(value, 2)
        if want != got:
            fail(prog, f"VCD {scope}/{name} ends {value}, the JSON lines trace says {want}")
            return
        checked += 1
    if model and not checked:
        fail(prog, "VCD has no register signals")


def main():
    warpsim, src = sys.argv[1], sys.argv[2]
    progs = sorted(glob.glob(os.path.join(src, "programs", "*.ptx")))
    if not progs:
        fail("programs", "no programs/*.ptx found")
    with tempfile.TemporaryDirectory() as tmp:
        for ptx in progs:
            name = os.path.basename(ptx)[:-4]
            args = ptx[:-4] + ".args"
            for mode in ("timing", "functional"):
                prog = f"{name} ({mode})"
                jl, pf, vcd = (os.path.join(tmp, name + ext) for ext in (".jsonl", ".json", ".vcd"))
                cmd = [warpsim, "run", ptx] + (["@" + args] if os.path.exists(args) else []) + [
                    "--mode", mode, "--json", "--max-instructions", str(LIMIT)] + (
                    ["--max-cycles", str(LIMIT)] if mode == "timing" else []) + [
                    "--trace-json", jl, "--perfetto", pf, "--vcd", vcd]
                r = subprocess.run(cmd, capture_output=True, text=True)
                if r.returncode not in (0, 3):
                    fail(prog, f"exit {r.returncode}: {r.stderr.strip()[:300]}")
                    continue
                stats = json.loads(r.stdout)["stats"]
                header, events = check_jsonl(prog, jl, stats)
                check_perfetto(prog, pf, events)
                check_vcd(prog, vcd, header, events)
                print(f"ok {prog}: {len(events)} events{' (stopped at the limit)' if r.returncode == 3 else ''}")
    # --vcd-regs: only the registers named; an unknown name is bad input (2)
    with tempfile.TemporaryDirectory() as tmp:
        ptx = os.path.join(src, "programs", "warp_scan.ptx")
        vcd = os.path.join(tmp, "s.vcd")
        r = subprocess.run([warpsim, "run", ptx, "@" + ptx[:-4] + ".args", "--vcd", vcd, "--vcd-regs", "%r1,r2"],
                           capture_output=True, text=True)
        vars_, _ = read_vcd("vcd-regs", vcd)
        regs = {scope.split("/")[2] for scope, _, _ in vars_.values() if scope.count("/") == 2}
        if r.returncode != 0 or regs != {"r1", "r2"}:
            fail("vcd-regs", f"exit {r.returncode}, registers {regs}")
        r = subprocess.run([warpsim, "run", ptx, "@" + ptx[:-4] + ".args", "--vcd", vcd, "--vcd-regs", "%nope"],
                           capture_output=True, text=True)
        if r.returncode != 2 or "nope" not in r.stderr:
            fail("vcd-regs", f"unknown register: exit {r.returncode}: {r.stderr}")
    print(f"{2 * len(progs) + 2 - len(failures)} passed, {len(failures)} failed")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
