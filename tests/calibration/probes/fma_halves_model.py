#!/usr/bin/env python3
"""One sub-partition's issue of a kernel's clock64-timed region in ptxas's order (issue 15, docs/calibration.md
"(mad19)"), with the FMA pipe as one pipe or as two 16-lane halves: pick_sass_model.py's replay (each warp waits its
instruction's stall count; the IMAD pipe (IMAD, HADD2.F32: I) takes an I every 2 cycles) with the ALU pipe (LOP3,
ISETP, IADD3: L) every 2 cycles too, and an FMA-pipe instruction (FFMA, FADD, FMUL: F) either free (one pipe, an F a
cycle) or, with --halves, holding one of two halves 2 cycles: the half free of I's (the lite one) when it is free,
else the I's half (the heavy one), which an I then waits for. Warps start `stagger` cycles apart; each cycle one
warp issues of those that can (their pipe free): rr (warpsim's loose round robin) or imad (a warp whose next is an
I first: pick.pipe 1). Prints the cycles a step of the sub-partition at 1, 2, 4 and 8 warps a sub-partition (the
region's span / (warps x 256)) for each pick, one pipe and halves, beside the H200's warm figures for alu27's kinds
(probe_alu3.py RAW --rates).
usage: fma_halves_model.py SASS KERNEL... (alu27/probe_alu3.sass: alu3_mad_f ...; .devjobs/mad19's probe_mad19.sass:
mad19_mf ...) | --check TAR
--check TAR: tests/calibration/device-2026-12-04-alu27.tar.xz; with one warp a sub-partition mad_f over fma_m (their
first launches of 128 threads on the H200: 840 / 795 = 1.057) must come within 1% with the halves and not with one
FMA pipe, and fma_m, fadd_m, h2f_f, lop3_f and fma_l must not move with the halves (their order has no FFMA-FFMA
neighbour before an IMAD)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from halves_yield_model import cycles, order  # noqa: E402  (the replay; its yield pick is not used here)
import sass_text  # noqa: E402

# alu27's warm cycles a step at 1, 2, 4, 8 warps a sub-partition (probe_alu3.py RAW --rates)
H200 = {"alu3_mad_f": (3.28, 2.75, 2.72, 2.66), "alu3_fma_m": (3.10, 2.08, 2.39, 2.07),
        "alu3_fadd_m": (3.09, 2.08, 2.08, 2.07), "alu3_h2f_f": (3.10, 2.08, 2.38, 2.27),
        "alu3_fma_l": (2.32, 2.29, 2.28, 2.36), "alu3_fadd_l": (2.31, 2.29, 2.28, 2.37),
        "alu3_lop3_f": (2.13, 2.10, 2.09, 2.08), "alu3_mad_l": (2.14, 2.09, 2.09, 2.14)}


def check(tar):
    lines = sass_text.member(tar, "alu27/probe_alu3.sass").split("\n")
    one = {k: [cycles(order(lines, "alu3_" + k), 1, "imad", h) for h in (0, 1)]
           for k in ("mad_f", "fma_m", "fadd_m", "h2f_f", "lop3_f", "fma_l")}
    h200 = 840 / 795
    ratio = [one["mad_f"][h] / one["fma_m"][h] for h in (0, 1)]
    expect = sass_text.Checks()
    for h in (0, 1):
        expect((abs(ratio[h] - h200) <= 0.01 * h200) == bool(h), "mad_f / fma_m at one warp a sub-partition, %s: "
               "%.3f (H200 %.3f)" % ("halves" if h else "one FMA pipe", ratio[h], h200))
    for k in ("fma_m", "fadd_m", "h2f_f", "lop3_f", "fma_l"):
        expect(one[k][0] == one[k][1], "%s at one warp a sub-partition: %d cycles, %d with the halves" % (
            k, one[k][0], one[k][1]))
    return expect.status()


def main(argv):
    if len(argv) == 3 and argv[1] == "--check":
        sys.exit(check(argv[2]))
    if len(argv) < 3:
        sys.exit(__doc__)
    lines = open(argv[1]).read().split("\n")
    for name in argv[2:]:
        s = order(lines, name)
        h = H200.get(name)
        print(f"{name} ({sum(x[0] == 'I' for x in s)} I, {sum(x[0] == 'F' for x in s)} F, "
              f"{sum(x[0] == 'L' for x in s)} L)" + (": H200 " + " / ".join(f"{v:.2f}" for v in h) if h else ""))
        for pick in ("imad", "rr"):
            for halves in (0, 1):
                r = [cycles(s, w, pick, halves) / (w * 256) for w in (1, 2, 4, 8)]
                print(f"  {pick:4s} {'halves' if halves else 'one FMA pipe'}: " + " / ".join(f"{v:.2f}" for v in r))


if __name__ == "__main__":
    main(sys.argv)
