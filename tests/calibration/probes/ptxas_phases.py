#!/usr/bin/env python3
"""ptxas's order of fma_l, fadd_l, fmul_l as a schedule over its allocated registers (issue 15, docs/calibration.md
"(f32o28)").

usage: ptxas_phases.py SASS | --check TAR | --timing WARPSIM SRCDIR
  SASS: alu27/probe_alu3.sass (in tests/calibration/device-2026-12-04-alu27.tar.xz).
1. The SASS is a list schedule over its own registers: for each kernel of FIXED, a top-down list schedule of the
   region's SASS (the instructions between the two CS2R SR_CLOCKLO but the ULDCs) whose edges are the physical
   registers' read after write (4 cycles within a datapath, 5 from the FMA side (FFMA, FADD, FMUL, IMAD, HADD2) to
   the ALU (LOP3, IADD3, ...) and back), write after read (1) and write after write (1); the ALU and IMAD pipes 2
   cycles an instruction, an FFMA 2 after an IMAD; the ready one on the longest path first, the SASS's order between
   equals. Printed: how many of the region's instructions come out where the SASS has them, with 5 and with 6 from
   an FFMA/FADD/FMUL to an ALU reader.
2. The three phases (phases()): a list order of the pair's graph that keeps at most B values live (the thread index
   counted) and takes the highest of what fits regardless of when it could issue (ptxas's order before its
   registers, a stand-in), then each new value in the register freed longest ago of R (R0 the thread index, never
   freed; the first-in first-out allocation), then the top-down list schedule of 1 over those registers. Printed:
   FF and LL neighbours and the cycles for fma_l (FFMA, then LOP3), lop3_f (LOP3, then FFMA) and mad_l's shape (the
   first op on a 2-cycle pipe, as IMAD), for B 10-13, R B to B + 3, and R 13 with other allocations.
--check TAR: the facts of "(f32o28)" hold (see check()).
--timing WARPSIM SRCDIR: the kernels' PTX rewritten in the three phases' order (B 12, R 13: ptxas's 13 registers of
  the region, R0 and R4-R15) and run with `schedule 0` as pair_order.py --timing runs ptxas's own order; checked:
  fma_l, fadd_l, fmul_l within 5% of alu27 at 4-16 warps and 10% at 32, lop3_f within 5% at all four.
"""
import os
import re
import sys
from collections import Counter, deque

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import pair_order  # noqa: E402
import sass_replay  # noqa: E402
import sass_text  # noqa: E402

ALU = {"LOP3", "IADD3", "SHF", "SEL", "PRMT", "ISETP", "LEA", "FSEL", "FSETP", "IMNMX", "FMNMX", "VIADD", "IABS"}
IMAD_PIPE = {"IMAD", "HADD2", "HFMA2", "HMUL2"}
FMA = {"FFMA", "FADD", "FMUL"}
# probe_alu3 kinds whose region is fixed-latency SASS of these pipes and whose SASS the list schedule of 1 gives
FIXED = ("fadd", "fma", "fmul", "fadd_f", "fma_f", "fmul_f", "fadd_l", "fma_l", "fmul_l", "lop3", "lop3_f", "lop3_l",
         "lop3_m", "mad", "mad_l", "mad_m", "h2f", "h2f_l", "hadd_l", "mov_f", "mov_l", "mov_m")
NEAR = ("fadd_m", "fma_m", "fmul_m", "hadd_f", "hadd_m")  # within 10 of their 517: the FMA pipe's turns, not modelled


def pipe_of(op):
    return "A" if op in ALU else "I" if op in IMAD_PIPE else "F" if op in FMA else None


def list_schedule(body, edge, fhold=1):
    """Top-down list schedule of body [(pipe, dst, [srcs])] (dst, srcs: register names) with RAW edge(pa, pb) cycles,
    WAR and WAW 1; the ready one on the longest path first, body's order between equals. (order, cycles)."""
    n = len(body)
    succ, npred = [[] for _ in range(n)], [0] * n
    lastw, reads = {}, {}
    for j, (p, d, rs) in enumerate(body):
        pred = {}
        for r in rs:
            if r in lastw:
                i = lastw[r]
                pred[i] = max(pred.get(i, 0), edge(body[i][0], p))
        for i in reads.get(d, []):
            if i != j:
                pred[i] = max(pred.get(i, 0), 1)
        if d in lastw:
            pred[lastw[d]] = max(pred.get(lastw[d], 0), 1)
        for i, e in pred.items():
            succ[i].append((j, e))
            npred[j] += 1
        for r in rs:
            reads.setdefault(r, []).append(j)
        lastw[d], reads[d] = j, []
    height = [1] * n
    for i in range(n - 1, -1, -1):
        height[i] = max([e + height[j] for j, e in succ[i]], default=1)
    at, done, order, cyc = [0] * n, [False] * n, [], 0
    free = {"A": 0, "I": 0, "F": 0}
    hold = {"A": 2, "I": 2, "F": fhold}
    while len(order) < n:
        cands = [j for j in range(n) if not done[j] and not npred[j]]

        def ready(j):
            return max(at[j], free[body[j][0]])
        now = [j for j in cands if ready(j) <= cyc]
        if now:
            j = max(now, key=lambda j: (height[j], -j))
        else:
            j = min(cands, key=lambda j: (ready(j), -height[j], j))
            cyc = ready(j)
        done[j] = True
        order.append(j)
        p = body[j][0]
        free[p] = cyc + hold[p]
        if p == "I":
            free["F"] = max(free["F"], cyc + 2)  # stall.imad_fma
        for k, e in succ[j]:
            npred[k] -= 1
            at[k] = max(at[k], cyc + e)
        cyc += 1
    return order, cyc


def sass_body(lines, kind):
    """The region's SASS of alu3_KIND as [(pipe, dst, srcs)], or None where an instruction is not of the three
    pipes or is guarded."""
    body = []
    for _, text, *_ in sass_replay.region(sass_replay.kernel(lines, "alu3_" + kind)):
        op = text.split()[0]
        if op.startswith("ULDC"):
            continue
        p = pipe_of(op.split(".")[0])
        if p is None:
            return None
        regs = re.findall(r"\bR(\d+)\b", text)
        body.append((p, regs[0], regs[1:]))
    return body


def fixed_point(lines, kind, fma_to_alu=5):
    """(instructions, how many the list schedule of 1 puts where the SASS has them)."""
    body = sass_body(lines, kind)

    def edge(a, b):
        if a == "F" and b == "A":
            return fma_to_alu
        return 4 if (a == "A") == (b == "A") else 5
    order, _ = list_schedule(body, edge)
    return len(body), sum(a == b for a, b in enumerate(order))


def phases(first, budget, regs, alloc="fifo", fhold=1, rounds=32):
    """The three phases for the pair (FIRST, then the other reading it; see the usage): (FF, LL, cycles, order)."""
    second = "L" if first == "F" else "F"
    ins = [(k, s, r) for r in range(rounds) for s in range(8) for k in (first, second)]
    dst = {x: (("t",) if x[0] == first else ("v",)) + x[1:] for x in ins}
    prod = {dst[x]: i for i, x in enumerate(ins)}
    srcs = [list(dict.fromkeys(pair_order.sources(k, s, r, first))) for k, s, r in ins]
    lat = {("F", "F"): 4, ("L", "L"): 4, ("F", "L"): 5, ("L", "F"): 5}
    n = len(ins)
    succ, npred = [[] for _ in range(n)], [0] * n
    for j in range(n):
        for v in srcs[j]:
            if v in prod:
                succ[prod[v]].append(j)
                npred[j] += 1
    height = [0] * n
    for i in range(n - 1, -1, -1):
        height[i] = max([lat[(ins[i][0], ins[j][0])] + height[j] for j in succ[i]], default=1)
    tid = ("v", 0, -1)
    # phase 1: at most budget values live, the highest that fits first
    left = Counter(v for s in srcs for v in s)
    live, done, pre = set(("v", s, -1) for s in range(8)), [False] * n, []
    while len(pre) < n:
        cands = [j for j in range(n) if not done[j] and not npred[j]]
        fit = [j for j in cands
               if len(live) + 1 - sum(1 for v in srcs[j] if left[v] == 1 and v != tid) <= budget] or cands
        j = max(fit, key=lambda j: (height[j], -j))
        done[j] = True
        pre.append(j)
        for v in srcs[j]:
            left[v] -= 1
            if not left[v] and v != tid:
                live.discard(v)
        live.add(dst[ins[j]])
        for k in succ[j]:
            npred[k] -= 1
    # phase 2: registers in phase 1's order (the last round's values are read after the region: never freed)
    left = Counter(v for s in srcs for v in s)
    reg, free, body = {("v", s, -1): s for s in range(8)}, deque(range(8, regs)), []
    for j in pre:
        rs = [reg[v] for v in srcs[j]]
        for v in srcs[j]:
            left[v] -= 1
            if not left[v] and v != tid and not (v[0] == "v" and v[2] == rounds - 1):
                (free.appendleft if alloc == "lifo" else free.append)(reg[v])
        if not free:
            return None
        d = min(free) if alloc == "low" else free[0]
        free.remove(d)
        reg[dst[ins[j]]] = d
        body.append(("A" if ins[j][0] == "L" else "F" if fhold == 1 else "I", d, rs))
    # phase 3: the list schedule over those registers
    order, cycles = list_schedule(body, lambda a, b: 4 if (a == "A") == (b == "A") else 5)
    ops = [ins[pre[j]][0] for j in order]
    return (sum(a == b == "F" for a, b in zip(ops, ops[1:])), sum(a == b == "L" for a, b in zip(ops, ops[1:])),
            cycles, [ins[pre[j]] for j in order])


def report(lines):
    fixed = {}
    for kind in FIXED + NEAR:
        n, same5 = fixed_point(lines, kind)
        _, same6 = fixed_point(lines, kind, 6)
        fixed[kind] = (n, same5, same6)
        print(f"{kind}: {same5} of {n} where the SASS has them (FMA->ALU 5), {same6} with 6")
    models = {}
    for b in (10, 11, 12, 13):
        for r in range(b, b + 4):
            m = models[(b, r, "fifo")] = tuple(phases(f, b, r, "fifo", h) for f, h in (("F", 1), ("L", 1), ("F", 2)))
            print(f"phases B {b} R {r} fifo: " + ", ".join(
                f"{name} {x[0]}/{x[1]} {x[2]} cycles" if x else f"{name} does not fit"
                for name, x in zip(("fma_l", "lop3_f", "mad_l's shape"), m)))
    for alloc in ("low", "lifo"):
        for b in (11, 12):
            m = models[(b, 13, alloc)] = tuple(phases(f, b, 13, alloc, h) for f, h in (("F", 1), ("L", 1), ("F", 2)))
            print(f"phases B {b} R 13 {alloc}: " + ", ".join(
                f"{name} {x[0]}/{x[1]} {x[2]} cycles" for name, x in zip(("fma_l", "lop3_f", "mad_l's shape"), m)))
    return fixed, models


def check(tar):
    lines = sass_text.member(tar, "alu27/probe_alu3.sass").split("\n")
    fixed, models = report(lines)
    expect = sass_text.Checks()
    exact = [k for k in FIXED if fixed[k][1] == fixed[k][0]]
    expect(len(exact) == len(FIXED), f"the list schedule over ptxas's registers gives the SASS of all {len(FIXED)} "
           f"kinds of FIXED ({len(exact)})")
    expect(all(fixed[k][1] >= fixed[k][0] - 10 for k in NEAR), "and of NEAR within 10 instructions")
    for kind in ("fma_l", "fadd_l", "fmul_l"):
        expect(fixed[kind][2] <= fixed[kind][0] - 20, f"{kind}: with 6 from the FP32 op to its LOP3 it does not "
               f"({fixed[kind][2]} of {fixed[kind][0]})")
    ok = [(b, r) for (b, r, a), m in models.items() if a == "fifo" and r >= 13 and all(m)
          and m[0][0] >= 30 and m[0][1] >= 30 and max(m[1][:2]) <= 3 and max(m[2][:2]) <= 3]
    expect(len(ok) >= 7, f"the three phases with R >= 13: fma_l clusters (>= 30 FF and LL), lop3_f and mad_l's shape "
           f"go by turns (<= 3) for {len(ok)} of the B, R pairs ({ok})")
    m = models[(12, 13, "fifo")]
    expect(m[0][:2] == (39, 39) and 545 <= m[0][2] <= 560, f"B 12, R 13: fma_l 39/39 neighbours, {m[0][2]} cycles "
           "(ptxas 50/48, 555 by its stall counts)")
    expect(all(max(models[(b, r, "fifo")][1][:2]) <= 3 for b in (10, 11, 12, 13) for r in range(13, b + 4)),
           "lop3_f by turns with every B and R >= 13 (fifo)")
    other = [(b, a) for (b, r, a), m in models.items() if a != "fifo" and max(m[1][:2]) > 3]
    expect(len(other) >= 2, f"with the lowest free register or the last freed, lop3_f clusters too ({other})")
    return expect.status()


def timing(warpsim, src):
    """pair_order.py's timing of a rewritten kernel, in the three phases' order (B 12, R 13)."""
    def order(lines, kind, first):
        ff, ll, _, seq = phases(first, 12, 13)
        return seq, "the three phases' order", f" ({ff}/{ll} neighbours)"
    return pair_order.timing(warpsim, src, order)


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
