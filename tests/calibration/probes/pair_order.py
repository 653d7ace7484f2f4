#!/usr/bin/env python3
"""ptxas's order of probe_alu3's FP32-then-LOP3 pairs against LOP3-then-FFMA (issue 15, docs/calibration.md "(f32w27)").

usage: pair_order.py SASS | --check TAR | --timing WARPSIM SRCDIR
  SASS: alu27/probe_alu3.sass (in tests/calibration/device-2026-12-04-alu27.tar.xz). For fma_l, fadd_l, fmul_l (a step
  `v = op(v, u[, w]); v = lop3(v, u, k)`: an FFMA/FADD/FMUL, then a LOP3 reading it) and lop3_f (a LOP3, then an FFMA
  reading it), each region instruction is named by its stream s (0-7) and round r by following the registers from
  the VIADDs that set the streams; printed: the one-pipe neighbours (FF, LL), the first ops issued out of stream
  order, the values live after each instruction (the 8 streams, R0's thread index, the op values whose reader has
  not issued, the old values a reader still needs), and the cycles from each first op to its reader (ptxas's stall
  counts). Then a top-down list schedule of the same dependence graph (5 cycles across datapaths, 4 within, the
  ALU pipe 2 cycles a LOP3, the FMA pipe 1; the ready one on the longest path first, program order between equals;
  a value not issued while it would make more than B values live), for B 11, 12, 13 and none, with the ALU pipe
  held or not in the pick and 5 or 6 cycles from an FMA-pipe op to its LOP3: whether any of these gives ptxas's
  neighbours of both kinds.
--check TAR: the facts in "(f32w27)" hold on the alu27 tarball (see check()).
--timing WARPSIM SRCDIR: each kind's PTX (tests/calibration/probes/probe_alu3.ptx.xz) rewritten in ptxas's order
  (one PTX instruction a SASS op, a register a value; the 5 ops ptxas merges into the final xors after the others in
  program order) and run with `schedule 0` (issued in that order) at 4, 8, 16, 32 warps (128-512 threads warm,
  ifetch.line 0; 1024 as check_probe_alu3.py), against alu27's first launches, beside warpsim's own order (the
  kernel as compiled, its list schedule). Checked: in ptxas's order fma_l, fadd_l, fmul_l within 5% at 4-16 warps
  and 10% at 32, lop3_f within 5% at all four; and the rewritten kernels compute what the originals do (their sink).
"""
import os
import re
import sys
from collections import Counter

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_replay import kernel as sass_kernel  # noqa: E402
import sass_text  # noqa: E402

KINDS = (("fma_l", "F"), ("fadd_l", "F"), ("fmul_l", "F"), ("lop3_f", "L"))


def region(lines, kernel):
    """(text, stall) of kernel's instructions between its first two CS2R SR_CLOCKLO, and the stream registers (R -> s)."""
    out = [(text, stall) for _, text, stall, *_ in sass_kernel(lines, kernel)]
    streams = {"0": 0}
    for text, _ in out:
        m = re.match(r"VIADD R(\d+), R0(?:\.reuse)?, 0x(\d)$", text)
        if m:
            streams[m.group(1)] = int(m.group(2))
    clocks = [i for i, (t, _) in enumerate(out) if "SR_CLOCKLO" in t]
    return out[clocks[0] + 1:clocks[1]], streams


def steps(lines, kernel, first):
    """ptxas's order: (op F or L, stream, round, issue cycle) of each pair op, up to the final xors."""
    body, streams = region(lines, kernel)
    reg = {r: ("v", s) for r, s in streams.items()}
    rounds, seq, cyc = [0] * 8, [], 0
    for text, stall in body:
        op = text.split()[0]
        kind = "L" if op.startswith("LOP3") else "F" if op in ("FFMA", "FADD", "FMUL") else None
        if kind is None or ", 0x6c," not in text and kind == "L":
            if seq and not op.startswith("ULDC"):
                break
            cyc += stall
            continue
        regs = re.findall(r"\bR(\d+)\b", text)
        vals = [reg.get(r) for r in regs[1:]]
        if kind == first:
            ss = [v[1] for v in vals if v and v[0] == "v"]
            s = [x for x in ss if (x + 1) % 8 in ss][0]
            seq.append((kind, s, rounds[s], cyc))
            reg[regs[0]] = ("t", s)
        else:
            s = [v[1] for v in vals if v and v[0] == "t"][0]
            seq.append((kind, s, rounds[s], cyc))
            reg[regs[0]] = ("v", s)
            rounds[s] += 1
        cyc += stall
    return seq


def sources(k, s, r, first):
    u = ("v", (s + 1) % 8, r if s == 7 else r - 1)
    return [("v", s, r - 1), u] if k == first else [("t", s, r), u]


def live_counts(seq, first):
    """Values live after each instruction of seq (R0's thread index, v0's first value, counted throughout)."""
    left = Counter()
    for k, s, r, _ in seq:
        for v in set(sources(k, s, r, first)):
            left[v] += 1
    live, out = set(("v", s, -1) for s in range(8)), []
    for k, s, r, _ in seq:
        for v in set(sources(k, s, r, first)):
            left[v] -= 1
            if not left[v] and v != ("v", 0, -1):
                live.discard(v)
        live.add(("t", s, r) if k == first else ("v", s, r))
        out.append(len(live))
    return out


def facts(lines, kind, first):
    seq = steps(lines, "alu3_" + kind, first)
    ops = [x[0] for x in seq]
    starts = [(x[2], x[1]) for x in seq if x[0] == first]
    at = {x[:3]: x[3] for x in seq}
    second = "L" if first == "F" else "F"
    dist = Counter(at[(second, s, r)] - c for k, s, r, c in seq if k == first and (second, s, r) in at)
    live = live_counts(seq, first)
    return {"n": len(seq), "ff": sum(a == b == "F" for a, b in zip(ops, ops[1:])),
            "ll": sum(a == b == "L" for a, b in zip(ops, ops[1:])),
            "out": sum(b < a for a, b in zip(starts, starts[1:])), "live": max(live[:-16]),
            "dist": dict(sorted(dist.items())), "cycles": seq[-1][3] - seq[0][3]}


def model(first, budget, alu_held, fma_to_alu, rounds=32):
    """(FF, LL) of a top-down list schedule of the pair's graph (see the usage)."""
    second = "L" if first == "F" else "F"
    ins = []
    for r in range(rounds):
        for s in range(8):
            ins += [(first, s, r), (second, s, r)]
    dst = {x: (("t",) if x[0] == first else ("v",)) + x[1:] for x in ins}
    prod = {dst[x]: i for i, x in enumerate(ins)}
    srcs = [sources(k, s, r, first) for k, s, r in ins]
    lat = {("F", "F"): 4, ("L", "L"): 4, ("F", "L"): fma_to_alu, ("L", "F"): 5}
    n = len(ins)
    succ = [[] for _ in range(n)]
    npred = [0] * n
    for j in range(n):
        for v in set(srcs[j]):
            if v in prod:
                succ[prod[v]].append(j)
                npred[j] += 1
    height = [0] * n
    for i in range(n - 1, -1, -1):
        height[i] = max([lat[(ins[i][0], ins[j][0])] + height[j] for j in succ[i]], default=1)
    left = Counter(v for j in range(n) for v in set(srcs[j]))
    live = set(("v", s, -1) for s in range(8))
    at, free, done, order, cyc = [0] * n, {"F": 0, "L": 0}, [False] * n, [], 0
    hold = {"F": 1, "L": 2 if alu_held else 1}
    while len(order) < n:
        cands = []
        for j in range(n):
            if done[j] or npred[j]:
                continue
            dies = sum(1 for v in set(srcs[j]) if left[v] == 1 and v != ("v", 0, -1))
            fits = budget is None or len(live) + 1 - dies <= budget
            cands.append((j, max(at[j], free[ins[j][0]]), fits))
        ok = [c for c in cands if c[2]] or cands
        now = [c for c in ok if c[1] <= cyc]
        if now:
            j = max(now, key=lambda c: (height[c[0]], -c[0]))[0]
        else:
            j, cyc, _ = min(ok, key=lambda c: (c[1], -height[c[0]], c[0]))
        done[j] = True
        order.append(ins[j][0])
        for v in set(srcs[j]):
            left[v] -= 1
            if not left[v] and v != ("v", 0, -1):
                live.discard(v)
        live.add(dst[ins[j]])
        free[ins[j][0]] = cyc + hold[ins[j][0]]
        for k in succ[j]:
            npred[k] -= 1
            at[k] = max(at[k], cyc + lat[(ins[j][0], ins[k][0])])
        cyc += 1
    return (sum(a == b == "F" for a, b in zip(order, order[1:])), sum(a == b == "L" for a, b in zip(order, order[1:])))


VARIANTS = [(b, held, fl) for b in (11, 12, 13, None) for held in (1, 0) for fl in (5, 6)]


def report(lines):
    found = {}
    for kind, first in KINDS:
        f = found[kind] = facts(lines, kind, first)
        print(f"{kind}: {f['n']} ops, {f['ff']} FF and {f['ll']} LL neighbours, {f['out']} first ops out of "
              "stream order,"
              f" at most {f['live']} values live, first op to its reader {f['dist']} cycles, {f['cycles']} cycles")
    models = {}
    for b, held, fl in VARIANTS:
        m = models[(b, held, fl)] = (model("F", b, held, fl), model("L", b, held, fl))
        print(f"model: budget {b}, ALU pipe {'held' if held else 'not held'} in the pick, FMA->ALU {fl}: "
              f"fma_l FF/LL {m[0][0]}/{m[0][1]}, lop3_f {m[1][0]}/{m[1][1]}")
    return found, models


def check(tar):
    lines = sass_text.member(tar, "alu27/probe_alu3.sass").split("\n")
    found, models = report(lines)
    expect = sass_text.Checks()
    for kind in ("fma_l", "fadd_l", "fmul_l"):
        f = found[kind]
        late = sum(v for d, v in f["dist"].items() if d >= 6)
        expect(f["ff"] >= 45 and f["ll"] >= 45,
               f"{kind}: ptxas leaves >= 45 FF and LL neighbours ({f['ff']}, {f['ll']})")
        expect(f["out"] >= 60, f"{kind}: >= 60 first ops out of stream order ({f['out']})")
        expect(f["live"] == 12, f"{kind}: at most 12 values live, of R0 and R4-R15's 13 ({f['live']})")
        expect(late >= 0.95 * sum(f["dist"].values()),
               f"{kind}: >= 95% of the LOP3s 6 or more cycles after their op ({late} of {sum(f['dist'].values())})")
    f = found["lop3_f"]
    expect(f["ff"] == 0 and f["ll"] <= 3 and f["out"] == 0 and f["live"] == 11,
           f"lop3_f: by turns in stream order, 11 values live "
           f"({f['ff']} FF, {f['ll']} LL, {f['out']} out, {f['live']})")
    expect(list(f["dist"]) == [5], f"lop3_f: every FFMA 5 cycles after its LOP3 ({f['dist']})")
    both = [v for v, m in models.items() if m[0][0] >= 40 and m[0][1] >= 40 and m[1][0] <= 3 and m[1][1] <= 3]
    expect(not both, f"no list schedule of the model gives both kinds' neighbours ({both})")
    return expect.status()


def reordered(lines, ptx, kind, first, seq=None):
    """Kernel alu3_KIND of the PTX text rewritten in ptxas's order (see the usage), or in SEQ's ((op, stream, round)
    steps, e.g. ptxas_phases.py's model), as a module's text."""
    seq = [x[:3] for x in steps(lines, "alu3_" + kind, first)] if seq is None else list(seq)
    second = "L" if first == "F" else "F"
    done = set(seq)
    seq += [(k, s, r) for r in range(32) for s in range(8) for k in (first, second) if (k, s, r) not in done]
    k = re.search(r"\.visible \.entry alu3_%s\(.*?\n}\n" % kind, ptx, re.S).group(0)
    step = re.search(r"// begin inline asm\n\t((?:fma|add|mul|lop3)\S* %r45, .*?)\n", k).group(1)
    ops = [o.strip() for o in step.split(";") if o.strip()]
    init = {s: "%%r%d" % (45 + 5 * s) for s in range(8)}  # v0 = %r45 (mov of %tid.x), v1 = %r50, ...
    names = {}

    def name(v):
        if v[0] == "v" and v[2] == -1:
            return init[v[1]]
        return names.setdefault(v, "%%q%d" % len(names))
    body = []
    for op, s, r in seq:
        src = sources(op, s, r, first)
        tmpl = ops[0] if op == first else ops[1]
        rest = [x.strip() for x in tmpl.split(None, 1)[1].split(",")][3:]
        dst = name(("t", s, r) if op == first else ("v", s, r))
        body.append("\t%s %s;" % (tmpl.split()[0], ", ".join([dst, name(src[0]), name(src[1])] + rest)))
    i0, i1 = k.index("\tmov.u32 \t%r45, %r9;\n"), k.index("\txor.b32")
    j = k.index("{.reg .pred p;")
    xors = k[i1:j]
    for s in range(8):
        xors = re.sub(r"%s\b" % re.escape(init[s]), name(("v", s, 31)), xors)
    k = k[:i0] + "\tmov.u32 \t%r45, %r9;\n" + "\n".join(body) + "\n" + xors + k[j:]
    k = k.replace("\t.reg .b32 \t%r<1298>;", "\t.reg .b32 \t%r<1298>;\n\t.reg .b32 \t%q<1100>;")
    return ".version 9.0\n.target sm_90\n.address_size 64\n" + k


def ptxas_order(lines, kind, first):
    """ptxas's own order of the pair (from the SASS), and how the report names it."""
    return [x[:3] for x in steps(lines, "alu3_" + kind, first)], "ptxas's order", ""


def timing(warpsim, src, order=ptxas_order):
    """Each kind rewritten in ORDER(sass_lines, kind, first) -> (steps, its name, a note) against the H200."""
    import os
    import subprocess
    import tempfile
    sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
    import probe_alu
    import probe_alu3
    import raw_runs
    tar = os.path.join(src, "tests/calibration/device-2026-12-04-alu27.tar.xz")
    expect = sass_text.Checks()
    with tempfile.TemporaryDirectory() as tmp:
        ptx = raw_runs.unpack(tar, raw_runs.top_folder(tar),
                              os.path.join(src, "tests/calibration/probes/probe_alu3.ptx.xz"), tmp)
        lines = sass_text.member(tar, "alu27/probe_alu3.sass").split("\n")
        text = open(ptx).read()
        presets = {}
        for name, keys in (("s0", "schedule 0\n"), ("s0w", "schedule 0\nifetch.line 0\n"), ("w", "ifetch.line 0\n")):
            presets[name] = os.path.join(tmp, name + ".preset")
            open(presets[name], "w").write(keys)
        for kind, first in KINDS:
            seq, label, note = order(lines, kind, first)
            mine = os.path.join(tmp, kind + ".ptx")
            open(mine, "w").write(reordered(lines, text, kind, first, seq))
            sink = []
            for p in (ptx, mine):
                out = subprocess.run([warpsim, "run", p, "--kernel", "alu3_" + kind, "--grid", "1", "--block", "64",
                                      "out=u64[8]", "sink=u32[64]", "a=u32:5", "b=u32:3", "--mode", "functional"],
                                     capture_output=True, text=True, check=True).stdout
                sink.append(out[out.index("== sink"):])
            expect(sink[0] == sink[1], f"{kind} in {label}{note} computes the same sink")
            for block in (128, 256, 512, 1024):
                h = probe_alu3.spans(os.path.join(tmp, kind + ".txt"))[block][0]
                own = probe_alu.warpsim(warpsim, ptx, "alu3_" + kind, block, 3, 5,
                                        extra=["--preset", presets["w"]] if block <= 512 else [])
                w = probe_alu.warpsim(warpsim, mine, "alu3_" + kind, block, 3, 5,
                                      extra=["--preset", presets["s0w" if block <= 512 else "s0"]])
                err, err_own = (w - h) / h * 100, (own - h) / h * 100
                bound = 10 if block == 1024 and first == "F" else 5
                expect(abs(err) <= bound, f"{kind} at {block // 32} warps: {label} {w} ({err:+.1f}%), "
                       f"warpsim's own {own} ({err_own:+.1f}%), H200 {h:.0f} (bound {bound}%)")
    return expect.status()


def main(argv):
    if len(argv) == 4 and argv[1] == "--timing":
        sys.exit(timing(argv[2], argv[3]))
    if len(argv) == 3 and argv[1] == "--check":
        sys.exit(check(argv[2]))
    if len(argv) != 2:
        sys.exit(__doc__)
    report(open(argv[1]).read().split("\n"))


if __name__ == "__main__":
    main(sys.argv)
