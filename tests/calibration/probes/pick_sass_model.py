#!/usr/bin/env python3
"""One sub-partition's issue of a probe_alu3 kind's timed region as ptxas wrote it (issue 15, docs/calibration.md
"(pick18)"): the IMAD-pipe (IMAD, HADD2.F32: I) and FMA-pipe (FFMA, FADD, FMUL: F) instructions of the region of
probe_alu3.sass in their order, each warp waiting its instruction's stall count (sass_replay.kernel), the IMAD pipe
taking an I every 2 cycles; each cycle one warp of those that can issues, by the pick: rr (warpsim's loose round
robin), last (the last issuer first), imad (a warp whose next is an I first, then the round robin: pick.pipe 1),
oldest (the warp that issued longest ago). Prints the cycles at 4, 8, 16, 32 warps (1, 2, 4, 8 a sub-partition) and
each over the 4-warp figure, beside the H200's (probe_alu3-h200 first launches: the cold start and the launch are in
the H200's figures, not here, so the ratios are what to compare).
usage: pick_sass_model.py PROBE_ALU3.SASS [KIND ...]"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_replay import kernel, region  # noqa: E402

H200 = {"fma_m": (795, 1066, 2444, 4241), "fadd_m": (793, 1065, 2125, 4240), "fmul_m": (793, 1065, 2125, 4240),
        "h2f_f": (795, 1064, 2438, 4644), "mad_f": (840, 1406, 2786, 5453)}


def order(lines, kind):
    out = []
    for _, text, stall, *_ in region(kernel(lines, "alu3_" + kind)):
        op = text.split()[1] if text.startswith("@") else text.split()[0]
        pipe = "I" if op.startswith(("IMAD", "HADD2.F32")) else "F" if op.split(".")[0] in ("FFMA", "FADD", "FMUL") \
            else "O"
        out.append((pipe, max(stall, 1)))
    return out


def cycles(s, warps, pick):
    n, pos, ready, pipe, last, c, at = len(s), [0] * warps, [0] * warps, 0, -1, 0, [-1] * warps
    while min(pos) < n:
        can = [w for w in range(warps) if pos[w] < n and ready[w] <= c and (s[pos[w]][0] != "I" or pipe <= c)]
        if can:
            key = {"rr": lambda w: (w - last - 1) % warps, "last": lambda w: (w != last, (w - last - 1) % warps),
                   "imad": lambda w: (s[pos[w]][0] != "I", (w - last - 1) % warps),
                   "oldest": lambda w: (at[w], w)}[pick]
            w = min(can, key=key)
            if s[pos[w]][0] == "I":
                pipe = c + 2
            ready[w], at[w], last = c + s[pos[w]][1], c, w
            pos[w] += 1
        c += 1
    return c


def main(argv):
    lines = open(argv[1]).read().split("\n")
    for kind in argv[2:] or list(H200):
        s = order(lines, kind)
        h = H200[kind]
        print(f"{kind} ({sum(x[0] == 'I' for x in s)} I, {sum(x[0] == 'F' for x in s)} F): H200 " +
              " / ".join(f"{v} ({v / h[0]:.2f})" for v in h))
        for pick in ("rr", "last", "imad", "oldest"):
            r = [cycles(s, w // 4, pick) for w in (4, 8, 16, 32)]
            print(f"  {pick:6s} " + " / ".join(f"{v} ({v / r[0]:.2f})" for v in r))


if __name__ == "__main__":
    main(sys.argv)
