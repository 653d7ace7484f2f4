#!/usr/bin/env python3
"""One sub-partition issuing a probe_alu3 kind's code from the barrier to the timed region's end as ptxas wrote it,
under several warp picks (issue 15, docs/calibration.md "(turn21)").

Each warp runs the region's SASS (probe_alu3.sass, sass_replay.kernel) in order, an instruction no earlier than the
one before it plus that one's stall count; the ALU pipe (LOP3, IADD3, ISETP, ...) and the IMAD pipe (IMAD,
HADD2.F32) take an instruction every 2 cycles, the FMA pipe (FFMA, FADD, FMUL, VIADD) one a cycle. Each cycle one
warp of those that can issue goes, by the pick:
  rr     warpsim's loose round robin (from the warp after the last issuer);
  imad   a warp whose next is an IMAD-pipe instruction first, then rr (warpsim's pick.pipe 1, "(pick18)");
  greedy the last issuer while it can issue, then rr;
  yield  the last issuer while it can issue and its last instruction's yield bit (bit 45 of the second word) is
         set, then rr: ptxas clears the bit on about one instruction in 12 cycles of stall counts, only on one of
         stall count 2 or more, so a warp of S01 instructions (lop3_f, mad_l) never yields;
  prio   the highest warp index of those that can issue (a fixed priority: the H100's turn21 runs leave the
         block's lowest warps waiting in fma_l whichever start late, docs/calibration.md "(turn21h)");
  yprio  yield, then prio in place of rr;
  group  the round robin among the warps of the highest group of 4 (a sub-partition's warps 0-3, 4-7) that can
         issue ("(f32w24)": with --tail it gives fadd, fadd_f, fadd_l, fma_l's loss at 8 warps a sub-partition);
  ygroup yield, then group in place of rr.
Prints cycles a step a sub-partition ((last end - first start) / 256 / warps) at 1 / 2 / 4 / 8 warps a
sub-partition beside the H200's (probe_alu3.py RAW --rates, warm), and at 4 and 8 warps the largest gap between
two warps' ends (the warps after it left waiting) (the H200: docs/calibration.md "(mad19)", "(turn21)").
usage: yield_pick_model.py PROBE_ALU3.SASS [--pick P,...] [--tail] [KIND ...] | --check TAR
--tail: each warp goes on from its second clock read to the EXIT (the stores' ~32 instructions take issue slots)
("(f32w24)").
--check TAR: tests/calibration/device-2026-12-04-alu27.tar.xz; at 2 warps a sub-partition the yield pick must give
fma_m, fadd_m and h2f_f within 3% of the H200 and the plain greedy pick must not (fma_m, h2f_f); lop3_f and fma_l
within 5% at 1-8 warps a sub-partition; mad_f at 2-8 nearer the H200 than warpsim's pick (imad)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_replay import kernel  # noqa: E402
import sass_text  # noqa: E402

# H200 warm cycles a step a sub-partition at 1 / 2 / 4 / 8 warps a sub-partition (alu27, probe_alu3.py --rates)
H200 = {"fma_l": (2.32, 2.29, 2.28, 2.36), "fadd_l": (2.31, 2.29, 2.28, 2.37), "lop3_f": (2.13, 2.10, 2.09, 2.08),
        "mad_l": (2.14, 2.09, 2.09, 2.14), "fma_m": (3.10, 2.08, 2.39, 2.07), "fadd_m": (3.09, 2.08, 2.08, 2.07),
        "h2f_f": (3.10, 2.08, 2.38, 2.27), "mad_f": (3.28, 2.75, 2.72, 2.66)}
ALU = ("LOP3", "IADD3", "ISETP", "SHF", "PRMT", "SEL")


def order(lines, kind, tail=False):
    """[(pipe, cycles it holds, stall, clock read, yield bit)] from the barrier to the second clock read (tail: on to
    the EXIT, so that a warp that ends its region early spends issue slots on its stores while others still run)."""
    ins = kernel(lines, "alu3_" + kind)
    bar = [i for i, x in enumerate(ins) if x[1].startswith("BAR")][0]
    clk = [i for i, x in enumerate(ins) if "SR_CLOCKLO" in x[1]]
    end = [i for i, x in enumerate(ins) if i > clk[1] and x[1].split()[-1].startswith("EXIT")] if tail else []
    out = []
    for _, text, stall, yld, *_ in ins[bar + 1:(end[-1] if end else clk[1]) + 1]:
        op = text.split()[1] if text.startswith("@") else text.split()[0]
        if op.startswith(("IMAD", "HADD2.F32")):
            pipe = ("I", 2)
        elif op.split(".")[0] in ("FFMA", "FADD", "FMUL", "VIADD"):
            pipe = ("F", 1)
        elif op.split(".")[0] in ALU:
            pipe = ("A", 2)
        else:
            pipe = ("O", 0)
        out.append(pipe + (max(stall, 1), "SR_CLOCKLO" in text, yld))
    return out


def run(s, warps, pick):
    """(first clock read, second) of each warp."""
    n, pos, ready, free = len(s), [0] * warps, [0] * warps, {"A": 0, "I": 0, "F": 0, "O": 0}
    last, c, t0, t1 = warps - 1, 0, [None] * warps, [None] * warps
    while min(pos) < n:
        can = [w for w in range(warps) if pos[w] < n and ready[w] <= c and free[s[pos[w]][0]] <= c]
        if can:
            rr = min(can, key=lambda w: (w - last - 1) % warps)
            if pick == "imad":
                w = min(can, key=lambda w: (s[pos[w]][0] != "I", (w - last - 1) % warps))
            elif pick == "greedy":
                w = last if last in can else rr
            elif pick == "yield":
                w = last if last in can and s[pos[last] - 1][4] else rr
            elif pick == "prio":
                w = max(can)
            elif pick == "group":
                top = [x for x in can if x // 4 == max(can) // 4]
                w = min(top, key=lambda w: (w - last - 1) % warps)
            elif pick == "ygroup":
                top = [x for x in can if x // 4 == max(can) // 4]
                w = last if last in can and s[pos[last] - 1][4] else min(top, key=lambda w: (w - last - 1) % warps)
            elif pick == "yprio":
                w = last if last in can and s[pos[last] - 1][4] else max(can)
            else:
                w = rr
            p, cy, st, clk, _ = s[pos[w]]
            if clk:
                t0[w], t1[w] = (c, None) if t0[w] is None else (t0[w], c)
            free[p] = c + cy
            ready[w], pos[w], last = c + st, pos[w] + 1, w
        c += 1
    return t0, t1


def rates(s, pick):
    out = []
    for warps in (1, 2, 4, 8):
        t0, t1 = run(s, warps, pick)
        out.append((max(t1) - min(t0)) / 256 / warps)
    return out


def fmt(v):
    return " / ".join("%.2f" % x for x in v)


def check(tar):
    lines = sass_text.member(tar, "alu27/probe_alu3.sass").split("\n")
    expect = sass_text.Checks()
    for kind in ("fma_m", "fadd_m", "h2f_f", "lop3_f", "fma_l", "mad_f"):
        s, h = order(lines, kind), H200[kind]
        r = {p: rates(s, p) for p in ("yield", "greedy", "imad")}
        res = []
        if kind in ("fma_m", "fadd_m", "h2f_f"):
            res.append((abs(r["yield"][1] / h[1] - 1) <= 0.03, "%s at 2 warps a sub-partition, yield pick: %.2f (H200 "
                        "%.2f)" % (kind, r["yield"][1], h[1])))
            if kind != "fadd_m":
                res.append((abs(r["greedy"][1] / h[1] - 1) > 0.03, "%s at 2, greedy pick: %.2f, not the H200's"
                            % (kind, r["greedy"][1])))
        elif kind == "mad_f":
            res.append((all(abs(r["yield"][i] - h[i]) < abs(r["imad"][i] - h[i]) for i in (1, 2, 3)),
                        "mad_f at 2 / 4 / 8, yield %s, imad %s (H200 %s)" % (fmt(r["yield"][1:]), fmt(r["imad"][1:]),
                                                                             fmt(h[1:]))))
        else:
            res.append((all(abs(r["yield"][i] / h[i] - 1) <= 0.05 for i in range(4)),
                        "%s at 1-8, yield pick: %s (H200 %s)" % (kind, fmt(r["yield"]), fmt(h))))
        for ok, text in res:
            expect(ok, text)
    return expect.status()


def main(argv):
    if len(argv) == 3 and argv[1] == "--check":
        return check(argv[2])
    if len(argv) < 2:
        print(__doc__)
        return 2
    args = argv[2:]
    picks = ["rr", "imad", "greedy", "yield"]
    if "--pick" in args:
        i = args.index("--pick")
        picks, args = args[i + 1].split(","), args[:i] + args[i + 2:]
    tail = "--tail" in args
    args = [a for a in args if a != "--tail"]
    lines = open(argv[1]).read().splitlines()
    print("| kind | pick | cycles a step at 1 / 2 / 4 / 8 warps a sub-partition | end gap at 4 / 8 |")
    print("| --- | --- | --- | --- |")
    for kind in args or list(H200):
        s = order(lines, kind, tail)
        if kind in H200:
            print("| %s | H200 | %s | |" % (kind, " / ".join("%.2f" % r for r in H200[kind])))
        for pick in picks:
            gaps = []
            for warps in (4, 8):
                e = sorted(run(s, warps, pick)[1])
                gaps.append(max(b - a for a, b in zip(e, e[1:])))
            print("| %s | %s | %s | %s |" % (kind, pick, fmt(rates(s, pick)), " / ".join(str(g) for g in gaps)))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
