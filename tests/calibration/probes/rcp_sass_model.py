#!/usr/bin/env python3
"""rcp.approx.f32 issued as the SASS ptxas makes of it, against the fit (issue 15, docs/calibration.md "(rcp24)").
ptxas makes of each rcp.approx.f32 seven instructions (probe_alu3.sass alu3_rcp: FSETP.GEU and FSETP.GT of |x|
against the denormal and huge bounds, two FSEL of the scale, an FMUL of x by it, MUFU.RCP, an FMUL of the result by
the scale), and interleaves the 8 streams' forms. warpsim issues the form as one instruction that holds the issue 7
cycles, the XU pipe 8 and the ALU pipe 4 x pipe.alu (2) + pipe.rcp_fixup (1, a fit to the H100: "(fit23)").
This replays one sub-partition's issue of the timed region of probe_alu3's SASS with W warps (1, 2, 4, 8) as pieces:
each warp in ptxas's order, waiting its instruction's stall count and its scoreboards (an XU op's result 17 cycles
after it issues, a read scoreboard 2: sass_replay.py), one instruction a cycle from the warps that can issue, each
on its own pipe: ALU (FSETP, FSEL, LOP3, ISETP, IADD3, SEL, SHF, PRMT) and IMAD (IMAD, HADD2) 2 cycles, XU (MUFU,
POPC, FLO, BREV, F2F) 8, the FMA pipe's FFMA, FMUL, FADD one a cycle (no hold). Picks: rr (a loose round robin),
oldest (the warp that issued longest ago), low (the lowest warp first). With `fit`, each rcp form's first FSEL holds
the ALU pipe 3 cycles (pipe.rcp_fixup's cycle on the pieces). Prints the cycles a step of the sub-partition (the
region's span / (W x 256)) beside the GPU's warm figures (probe_alu3.py RAW --rates).
usage: rcp_sass_model.py SASS [KIND ...] | --check TAR
--check TAR: tests/calibration/device-2026-12-05-h100-alu3r.tar.xz (the H100); the pieces without the fit must leave
rcp_m and rcp_f at one warp a sub-partition more than 15% under the H100 under every pick, and give rcp, rcp_m and
rcp_f at 2-8 warps a sub-partition a larger mean error than the pieces with the fit's cycle under every pick: the
SASS sequence alone does not give the rcp forms' excess (docs/calibration.md "(rcp24)")."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_replay import kernel, region  # noqa: E402
import sass_text  # noqa: E402

# the H100's warm cycles a step at 1, 2, 4, 8 warps a sub-partition (alu3r: probe_alu3.py RAW --rates)
H100 = {"rcp": (9.18, 8.88, 8.85, 8.86), "rcp_m": (10.90, 9.15, 9.14, 9.17), "rcp_f": (10.90, 9.16, 9.15, 9.17),
        "rcp_l": (11.36, 10.24, 10.26, 10.29), "rcp_x": (19.62, 16.35, 16.34, 16.30),
        "ex2_m": (8.48, 8.31, 8.29, 8.25), "sqrt_m": (8.48, 8.32, 8.27, 8.25), "sqrt_l": (8.69, 8.25, 8.33, 8.32)}
PICKS = ("rr", "oldest", "low")
XU = ("MUFU", "POPC", "FLO", "BREV", "F2F")


def pipe_of(op):
    """(pipe, cycles) an instruction holds, or None (the FMA pipe's: one a cycle)."""
    if op.startswith(("IMAD", "HADD2")):
        return ("imad", 2)
    if op.startswith(("LOP3", "PRMT", "IADD3", "SEL", "SHF", "ISETP", "FSETP", "FSEL")):
        return ("alu", 2)
    if op.startswith(XU):
        return ("xu", 8)
    return None


def pieces(reg, fit):
    """[(pipe or None, stall, write sb, read sb, wait mask, XU op)] of the region; with fit, an rcp form's first FSEL
    (`FSEL R, R, 1, !P`: the denormal scale) holds the ALU pipe 3 cycles."""
    out = []
    for _, text, stall, _, wsb, rsb, wait in reg:
        op = text.split()[0]
        p = pipe_of(op)
        if fit and op == "FSEL" and ", 1, !P" in text:
            p = ("alu", 3)
        out.append((p, max(stall, 1), wsb, rsb, wait, op.startswith(XU)))
    return out


def cycles(s, warps, pick, lat=17):
    """The region's span / (warps x 256) for `warps` warps on one sub-partition."""
    n, pos, ok, rel, free, at, last, c, first, end = len(s), [0] * warps, [0] * warps, [{} for _ in range(warps)], \
        {}, [-1] * warps, -1, 0, None, 0
    while min(pos) < n:
        can = []
        for w in range(warps):
            if pos[w] >= n or ok[w] > c:
                continue
            p, _, _, _, wait, _ = s[pos[w]]
            if any(wait >> b & 1 and rel[w].get(b, 0) > c for b in range(6)) or (p and free.get(p[0], 0) > c):
                continue
            can.append(w)
        if can:
            w = {"rr": lambda: min(can, key=lambda v: (v - last - 1) % warps),
                 "oldest": lambda: min(can, key=lambda v: (at[v], v)), "low": lambda: min(can)}[pick]()
            p, stall, wsb, rsb, _, xu = s[pos[w]]
            if p:
                free[p[0]] = c + p[1]
            if wsb < 7:
                rel[w][wsb] = c + (lat if xu else 0)
            if rsb < 7:
                rel[w][rsb] = c + 2
            ok[w], at[w], last = c + stall, c, w
            pos[w] += 1
            first, end = c if first is None else first, c
        c += 1
    return (end - first) / (256 * warps)


def table(lines, kinds):
    """{kind: {(fit, pick): [cycles a step at 1, 2, 4, 8 warps a sub-partition]}}"""
    res = {}
    for k in kinds:
        reg = region(kernel(lines, "alu3_" + k))
        res[k] = {(fit, pick): [cycles(pieces(reg, fit), w, pick) for w in (1, 2, 4, 8)]
                  for fit in (False, True) for pick in PICKS}
    return res


def err(model, gpu):
    return [(m - g) / g * 100 for m, g in zip(model, gpu)]


def show(res):
    for k, r in res.items():
        print("%s: H100 %s" % (k, " / ".join("%.2f" % v for v in H100[k])))
        for (fit, pick), v in r.items():
            print("  %-11s %-6s %s  (%s)" % ("pieces+fit" if fit else "pieces", pick, " / ".join("%.2f" % x for x in v),
                                            ", ".join("%+.1f%%" % e for e in err(v, H100[k]))))


def check(tar):
    lines = sass_text.member(tar, "*/probe_alu3.sass").split("\n")
    res = table(lines, ("rcp", "rcp_m", "rcp_f"))
    show(res)
    expect = sass_text.Checks()
    for pick in PICKS:
        one = [err(res[k][(False, pick)], H100[k])[0] for k in ("rcp_m", "rcp_f")]
        mean = {fit: sum(abs(e) for k in res for e in err(res[k][(fit, pick)], H100[k])[1:]) / 9 for fit in (0, 1)}
        expect(all(e < -15 for e in one) and mean[0] > mean[1], "%-6s pieces rcp_m, rcp_f at 1 warp a sub-partition "
               "%s; rcp, rcp_m, rcp_f at 2-8: mean error %.1f%% (pieces) against %.1f%% (with the fit)" % (
                   pick, ", ".join("%+.1f%%" % e for e in one), mean[0], mean[1]))
    return expect.status()


def main(argv):
    if argv[1:2] == ["--check"] and len(argv) == 3:
        return check(argv[2])
    if len(argv) >= 2:
        show(table(open(argv[1]).read().split("\n"), argv[2:] or list(H100)))
        return 0
    sys.exit(__doc__)


if __name__ == "__main__":
    sys.exit(main(sys.argv))
