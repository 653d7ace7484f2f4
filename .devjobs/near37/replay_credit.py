#!/usr/bin/env python3
"""replay_credit.py SRCDIR (near37): one warp of ptxas's SASS order replayed under forms of pipe.half_credit, against
the card's warm one-warp rate (128 threads: one warp a sub-partition), for the kernels of the committed tarballs whose
timed region has half ops (HADD2, HFMA2.MMA) beside FFMAs that read no half op's value: hmid23 fi (h200f, the H100s
h100 / h100b the same SASS and rate) and probe_pair33's fi, fi2, fi4, f2i, hfi (h100j; h100k the same).

The replay (sass_replay.py --pipes' pipes): each instruction no earlier than the one before plus that one's stall
count (S01 throughout these regions); HADD2 / HMUL2 the IMAD pipe 2 cycles and both FMA halves 2; an add's HFMA2.MMA
the ALU pipe 1 (pipe.mma_alu); HFMA2 both FMA halves 2; LOP3 / IADD3 ... the ALU pipe 2; an FFMA the FMA pipe 1, or
2 (pipe.fma_half) where it spends a credit. Forms: the credits given by every half op or by the HADD2s alone (warpsim
before pipe.mma_credit), capped at N; "M waits": the HFMA2.MMA also waits for the FMA pipe; "none": no FFMA held."""
import os, sys, tarfile, tempfile

HERE = os.path.dirname(os.path.abspath(__file__))


def kind(x):
    op = x.opcode
    if op.startswith("HFMA2.MMA"):
        return "M"
    if op.startswith(("HADD2", "HMUL2")) and "F32" not in op:
        return "H"
    if op.startswith("HFMA2"):
        return "h"
    if op.startswith(("FFMA", "FADD", "FMUL")):
        return "F"
    if op.startswith(("IMAD", "HADD2.F32")):
        return "I"
    if op.startswith(("LOP3", "PRMT", "IADD3", "SEL", "SHF", "ISETP", "LEA")):
        return "L"
    return "x"


def replay(reg, cap, givers="HhM", mwait=False, hold=True):
    """The region's issue span (first to last issue) of one warp."""
    t, prev, first, free, credit = 0, None, None, {}, 0
    for x in reg:
        k = kind(x)
        if prev is not None:
            t = prev[0] + prev[1]
        use = {"I": [("imad", 2)], "H": [("imad", 2), ("fma", 2)], "h": [("fma", 2)], "L": [("alu", 2)],
               "M": [("alu", 1)]}.get(k, [])
        if k == "F":
            held = hold and credit > 0
            credit -= held
            use = [("fma", 2 if held else 1)]
        if mwait and k == "M":
            t = max(t, free.get("fma", 0))
        for p, _ in use:
            t = max(t, free.get(p, 0))
        for p, c in use:
            free[p] = t + c
        if k in givers:
            credit = min(cap, credit + 1)
        prev = (t, x.stall)
        first = t if first is None else first
    return prev[0] - first


def main(argv):
    src = argv[1] if len(argv) > 1 else os.path.join(HERE, "..", "..")
    cal = os.path.join(src, "tests", "calibration")
    sys.path.insert(0, os.path.join(cal, "probes"))
    import sass_text
    from probe_alu3 import spans
    jobs = (("device-2026-12-06-h200f-hmid23.tar.xz", "hmid23", "probe_hmid23.sass", ("fi",)),
            ("device-2026-12-06-h100j-pair33.tar.xz", "pair33", "probe_pair33.sass", ("fi", "fi2", "fi4", "f2i", "hfi")))
    forms = (("every half op, N 8 (pipe.mma_credit 1)", dict(cap=8)), ("every half op, N 4", dict(cap=4)),
             ("every half op, N 1000", dict(cap=1000)), ("HADD2s alone, N 8 (pipe.mma_credit 0)", dict(cap=8, givers="Hh")),
             ("every half op, N 8, M waits", dict(cap=8, mwait=True)), ("none held", dict(cap=8, hold=False)))
    print("| kernel | card (one warp, warm) | " + " | ".join(f[0] for f in forms) + " |")
    print("| --- | ---: |" + " ---: |" * len(forms))
    with tempfile.TemporaryDirectory() as tmp:
        for tar, job, sass, kinds in jobs:
            with tarfile.open(os.path.join(cal, tar)) as t:
                t.extractall(tmp, filter="data")
            fns = sass_text.functions(open(os.path.join(tmp, job, sass)).read())
            for k in kinds:
                ins = [x for x in fns[job + "_" + k] if x.ctrl is not None]
                s = sass_text.clock_reads(ins)
                reg = ins[s[-2] + 1:s[-1]]
                card = spans(os.path.join(tmp, job, "probe", k + ".txt"))[128][1] / 256
                cells = []
                for _, kw in forms:
                    r = replay(reg, **kw) / 256
                    cells.append("%.2f (%+.1f%%)" % (r, (r - card) / card * 100))
                print("| %s %s (%s) | %.2f | %s |" % (job, k, tar.split("-")[4], card, " | ".join(cells)))


if __name__ == "__main__":
    main(sys.argv)
