#!/usr/bin/env python3
"""Two FFMAs and an IMAD a step at 4.55 cycles however many warps issue them (mad19 ffm, mff): the FMA pipe's halves
AND ptxas's yield bits, on ptxas's own SASS (issue 15, docs/calibration.md "(ffm30)").

One sub-partition issues a kernel's timed region (sass_replay.region: the last two clock reads) as ptxas wrote it,
each warp an instruction no earlier than its last one plus that one's stall count, warps `stagger` (2) cycles apart:
- the ALU pipe (LOP3, ISETP, IADD3) takes an instruction every 2 cycles;
- the FMA pipe is two 16-lane halves (NVIDIA's FMAheavy and FMAlite, "(half18)"): an IMAD (or HADD2.F32) holds the
  heavy half 2 cycles; an FFMA, FADD or FMUL holds the lite half 2 cycles where it is free, else the heavy one (with
  --one, fma_halves_model's one FMA pipe: an FFMA a cycle, holding nothing);
- each cycle one warp of those whose next instruction can issue (stall run out, its pipe free) goes, by the pick:
  rr     the loose round robin (warpsim's, from the warp after the last issuer);
  imad   a warp whose next is an IMAD first, then rr (warpsim's pick.pipe 1, "(pick18)");
  yield  the last issuer while it can issue and its last instruction kept ptxas's yield bit (bit 45 of the second
         word set: ptxas clears it on about one instruction in 12 cycles of stall counts, "(turn21)", "(yield23)"),
         then rr.
Prints cycles a step a sub-partition (the region's span / (warps x 256)) at 1 / 2 / 4 / 8 warps a sub-partition for
each pick with one FMA pipe and with the halves, beside the H200's warm figures (h200f's mad19, probe_jobs.py rates).

usage: halves_yield_model.py SASS KERNEL...   (probe_mad19.sass: mad19_ffm ...; alu27's probe_alu3.sass: alu3_fma_m)
       halves_yield_model.py --compare RAW PREFIX  (a probe_streams job unpacked: mad19/ mad19, ffm30/ ffm30): each
                                              kind's model (halves, yield pick) against its warm figures
       halves_yield_model.py --check TAR [ALU27 [FFM30]] (tests/calibration/device-2026-12-06-h200f-mad19.tar.xz,
                                              device-2026-12-04-alu27.tar.xz, device-2026-12-06-h100g-ffm30.tar.xz)
--check: with the halves and the yield pick every mad19 kind's warm figure at 1-8 warps a sub-partition within 10% of
the H200's, ffm and mff included, but the three the H200 leaves a warp waiting in (fm and fmi at 4 warps a
sub-partition, fmi at 8: "(turn21h)", not this rule's); and neither half alone fits ffm (the halves with warpsim's
imad pick, the yield pick with one FMA pipe: ffm beyond 10% at 2-8 warps a sub-partition). With ALU27, alu27's
probe_alu3 pairs (mad_f, fma_m, fadd_m, h2f_f, fma_l, fadd_l, lop3_f, mad_l) within 10% at 1-8 warps a sub-partition
too (mad_f's 2.7, which warpsim fits with pipe.imad_read 1.7, included) but fma_m and h2f_f at 4 (a warp waiting).
With FFM30, the eight kinds of .devjobs/ffm30 (fmf, fffm, ffffm, ffmm, fml, ffl, ffmi, ffm: predicted from SASS made
before the run) within 10% at 1-8 warps a sub-partition, and fffm and ffffm beyond 10% at 2-8 with either rule alone.
The one-warp figures are warm ones: a block of 128 threads after the first launch."""
import os
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_alu3 import spans, STEPS  # noqa: E402
from sass_replay import region  # noqa: E402
import sass_text  # noqa: E402

WARPS = (1, 2, 4, 8)
# the figures the H200 leaves a warp waiting in (a pick order this model does not hold, "(turn21h)"), not checked
WAITING = {("fm", 4), ("fmi", 4), ("fmi", 8)}
ALU27_WAITING = {("fma_m", 4), ("h2f_f", 4)}  # alu27's fma_m and h2f_f at 16 warps ("(mad19)": 806, 820 cycles)


def order(lines, name):
    """[(pipe, stall, yield bit)] of a kernel's timed region: pipe I (IMAD, HADD2.F32), F (FFMA, FADD, FMUL), L (LOP3,
    ISETP, IADD3) or O (anything else: no pipe)."""
    out = []
    for x in region([i for i in sass_text.function(lines, name) if i.ctrl is not None]):
        op = x.opcode
        base = op.split(".")[0]
        pipe = "I" if op.startswith(("IMAD", "HADD2.F32")) else "F" if base in ("FFMA", "FADD", "FMUL") else \
            "L" if base in ("LOP3", "ISETP", "IADD3") else "O"
        out.append((pipe, max(x.stall, 1), x.yld))
    return out


def cycles(s, warps, pick, halves, stagger=2):
    """The cycles one sub-partition takes to issue s (order's list) on `warps` warps."""
    n, pos, ready, last, c = len(s), [0] * warps, [w * stagger for w in range(warps)], -1, 0
    free = {"heavy": 0, "lite": 0, "alu": 0}

    def can(w):
        p = s[pos[w]][0]
        return free["heavy"] <= c if p == "I" else free["alu"] <= c if p == "L" else \
            (not halves or free["lite"] <= c or free["heavy"] <= c) if p == "F" else True

    def rr(w):
        return (w - last - 1) % warps

    while min(pos) < n:
        ok = [w for w in range(warps) if pos[w] < n and ready[w] <= c and can(w)]
        if ok:
            if pick == "imad":
                w = min(ok, key=lambda w: (s[pos[w]][0] != "I", rr(w)))
            elif pick == "yield" and last in ok and pos[last] > 0 and s[pos[last] - 1][2]:
                w = last
            else:
                w = min(ok, key=rr)
            p = s[pos[w]][0]
            if p == "I":
                free["heavy"] = c + 2
            elif p == "L":
                free["alu"] = c + 2
            elif p == "F" and halves:
                free["lite" if free["lite"] <= c else "heavy"] = c + 2
            ready[w], last = c + s[pos[w]][1], w
            pos[w] += 1
        c += 1
    return c


def rates(s, pick, halves):
    return [cycles(s, w, pick, halves) / (w * STEPS) for w in WARPS]


def h200_rates(raw):
    """{kind: warm cycles a step at 1, 2, 4, 8 warps a sub-partition} of a probe_streams job unpacked at raw
    (probe/KIND.txt, or KIND-a.txt: set a; the other sets and the late runs left out)."""
    out = {}
    for f in sorted(os.listdir(os.path.join(raw, "probe"))):
        name = f[:-4][:-2] if f.endswith("-a.txt") else f[:-4]
        if f.endswith(".txt") and "-" not in name:
            s = spans(os.path.join(raw, "probe", f))
            out[name] = [s[b][1] / (b // 128 * STEPS) for b in (128, 256, 512, 1024)]
    return out


def compare(raw, prefix):
    """[(kind, the model's rates (halves, yield pick), the H200's)] of a job unpacked at raw (its one .sass)."""
    sass = [f for f in os.listdir(raw) if f.endswith(".sass")][0]
    lines = open(os.path.join(raw, sass)).read().split("\n")
    h = h200_rates(raw)
    return [(k, rates(order(lines, prefix + "_" + k), "yield", True), h[k]) for k in sorted(h)], lines


def fmt(r):
    return " / ".join("%.2f" % v for v in r)


def unpacked(tar, prefix):
    """compare() of a job's tarball (its folder PREFIX/)."""
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(tar) as t:
            t.extractall(tmp)
        return compare(os.path.join(tmp, prefix), prefix)


def check(tar, alu27=None, ffm30=None):
    expect = sass_text.Checks()
    rows, lines = unpacked(tar, "mad19")
    h = {k: v for k, _, v in rows}
    for k, got, want in rows:
        err = [(g - v) / v * 100 for g, v in zip(got, want)]
        ok = all(abs(e) <= 10 or (k, w) in WAITING for e, w in zip(err, WARPS))
        expect(ok, "%-4s halves + yield %s, H200 %s (%s)" % (k, fmt(got), fmt(want),
                                                              " ".join("%+.1f%%" % e for e in err)))
    for k in ("ffm", "mff"):
        s = order(lines, "mad19_" + k)
        for pick, halves, what in (("imad", True, "halves + warpsim's imad pick"), ("yield", False, "yield, one pipe")):
            got = rates(s, pick, halves)
            expect(all(abs(g - v) > 0.1 * v for g, v in zip(got[1:], h[k][1:])),
                   "%-4s %s: %s, beyond 10%% at 2-8 warps a sub-partition" % (k, what, fmt(got)))
    if alu27:  # probe_alu3's pairs on alu27's H200 (yield_pick_model.H200), mad_f's 2.7 (pipe.imad_read's) among them
        from yield_pick_model import H200
        lines = sass_text.member(alu27, "alu27/probe_alu3.sass").split("\n")
        for k, want in sorted(H200.items()):
            got = rates(order(lines, "alu3_" + k), "yield", True)
            err = [(g - v) / v * 100 for g, v in zip(got, want)]
            ok = all(abs(e) <= 10 or (k, w) in ALU27_WAITING for e, w in zip(err, WARPS))
            expect(ok, "alu27 %-6s halves + yield %s, H200 %s (%s)" % (k, fmt(got), fmt(want), " ".join(
                "%+.1f%%" % e for e in err)))
    if ffm30:  # the kinds the rule predicted before they ran (docs/calibration.md "(ffm30)"), every figure
        rows, lines = unpacked(ffm30, "ffm30")
        for k, got, want in rows:
            err = [(g - v) / v * 100 for g, v in zip(got, want)]
            expect(all(abs(e) <= 10 for e in err), "ffm30 %-5s halves + yield %s, H100 %s (%s)" % (
                k, fmt(got), fmt(want), " ".join("%+.1f%%" % e for e in err)))
        want = {k: v for k, _, v in rows}
        for k in ("fffm", "ffffm"):
            s = order(lines, "ffm30_" + k)
            for pick, halves, what in (("imad", True, "halves + imad pick"), ("yield", False, "yield, one pipe")):
                got = rates(s, pick, halves)
                expect(all(abs(g - v) > 0.1 * v for g, v in zip(got[1:], want[k][1:])),
                       "ffm30 %-5s %s: %s, beyond 10%% at 2-8 warps a sub-partition" % (k, what, fmt(got)))
    return expect.status()


def main(argv):
    if len(argv) in (3, 4, 5) and argv[1] == "--check":
        sys.exit(check(*argv[2:]))
    if len(argv) == 4 and argv[1] == "--compare":
        rows, _ = compare(argv[2], argv[3])
        for k, got, want in rows:
            print("%-6s model %s  H200 %s  (%s)" % (k, fmt(got), fmt(want), " ".join(
                "%+.1f%%" % ((g - v) / v * 100) for g, v in zip(got, want))))
        return
    if len(argv) < 3:
        sys.exit(__doc__)
    lines = open(argv[1]).read().split("\n")
    for name in argv[2:]:
        s = order(lines, name)
        print("%s (%d I, %d F, %d L; %d with the yield bit clear)" % (
            name, sum(x[0] == "I" for x in s), sum(x[0] == "F" for x in s), sum(x[0] == "L" for x in s),
            sum(not x[2] for x in s)))
        for pick in ("rr", "imad", "yield"):
            for halves in (0, 1):
                print("  %-5s %-12s %s" % (pick, "halves" if halves else "one FMA pipe", fmt(rates(s, pick, halves))))


if __name__ == "__main__":
    main(sys.argv)
