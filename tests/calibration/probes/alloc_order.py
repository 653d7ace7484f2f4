#!/usr/bin/env python3
"""schedule.alloc's order against ptxas's SASS (issue 15, docs/calibration.md "(phase28)").

usage: alloc_order.py WARPSIM SRCDIR [--preset FILE]
For each of ptxas_phases.py's 22 FIXED kinds of probe_alu3: the timed region's order as warpsim issues it (one warp,
`--trace-warp 0`, the instructions between the two clock reads) with the three phases on (sim/schedule_alloc.h;
schedule.alloc 12, schedule.alloc_regs 13, or FILE's keys) and off (the built-in preset), and in alu27's SASS
(alu27/probe_alu3.sass in tests/calibration/device-2026-12-04-alu27.tar.xz), as pipe classes: F (FFMA, FADD, FMUL),
A (the ALU: LOP3, IADD3, ...), I (IMAD, HADD2, HADD2.F32); printed: the neighbours of one class (FF, AA, II) of each.
Checked (the shape of ptxas_phases.py's Python model, "(f32o28)": B 12, R 13 gives fma_l 39 / 39, lop3_f 2 / 2, mad_l's
shape 2 / 2): with the phases on fma_l, fadd_l and fmul_l cluster (at least 30 FF and 30 AA neighbours; ptxas 50 / 48),
lop3_f goes by turns (at most 20 FF and 20 AA; ptxas 0 / 2; warpsim without the phases 8 / 15, the cuts of its 128-
instruction pieces and the region's ends) and so does mad_l (at most 20 II and 20 AA; ptxas 2 / 7, without 10 / 18);
with them off fma_l alternates (at most 30 FF: the rule is what clusters it). And PACKED_HALF's kinds (f16x2, bf16x2)
issue in the same order with the phases as without: the rule leaves them alone (their figures went farther with it).
"""
import lzma
import os
import re
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import ptxas_phases  # noqa: E402
import sass_text  # noqa: E402

PACKED_HALF = ("hfma2_l", "bfma2_l", "hadd2_f", "badd2_f")  # with the phases their figures went farther ("(phase28)")
PTX_ALU = ("lop3", "and", "or", "xor", "not", "shl", "shr", "selp", "setp", "min", "max", "sub", "add.s32", "add.u32",
           "prmt", "shf")
PTX_IMAD = ("mad", "mul.lo", "cvt.f32.f16", "add.f16", "add.rn.f16", "mul.f16", "fma.rn.f16", "add.bf16")
PTX_FMA = ("fma.rn.f32", "add.f32", "add.rn.f32", "mul.f32", "mul.rn.f32", "add.ftz.f32", "mul.ftz.f32", "fma.rn.ftz")


def ptx_class(op):
    for names, c in ((PTX_FMA, "F"), (PTX_IMAD, "I"), (PTX_ALU, "A")):
        if any(op == n or op.startswith(n + ".") for n in names):
            return c
    return None


def sass_classes(lines, kind):
    body = ptxas_phases.sass_body(lines, kind)
    return [{"A": "A", "I": "I", "F": "F"}[p] for p, _, _ in body]


def warpsim_classes(warpsim, ptx, kind, preset, raw=False):
    """The timed region's pipe classes as warpsim issues them (RAW: its (opcode, operands) lines)."""
    extra = ["--preset", preset] if preset else []
    out = subprocess.run([warpsim, "run", ptx, "--kernel", "alu3_" + kind, "--grid", "1", "--block", "32", "out=u64[4]",
                          "sink=u32[32]", "a=u32:5", "b=u32:3", "--mode", "timing", "--trace-warp", "0", *extra],
                         capture_output=True, text=True, check=True).stdout
    ops = []
    for line in out.split("\n"):
        m = re.match(r"block 0 warp 0\s+cycle \d+\s+line \d+\s+(?:@!?\S+\s+)?(\S+)\s+(.*)", line)
        if m:
            ops.append((m.group(1), m.group(2)))
    clocks = [i for i, (op, args) in enumerate(ops) if "%clock" in args]
    if raw:
        return ops[clocks[-2] + 1:clocks[-1]]
    return [c for c in (ptx_class(op) for op, _ in ops[clocks[-2] + 1:clocks[-1]]) if c]


def neighbours(seq):
    return {c: sum(a == b == c for a, b in zip(seq, seq[1:])) for c in "FAI"}


def main(argv):
    if len(argv) not in (3, 5) or (len(argv) == 5 and argv[3] != "--preset"):
        sys.exit(__doc__)
    warpsim, src = argv[1], argv[2]
    with tempfile.TemporaryDirectory() as tmp:
        preset = argv[4] if len(argv) == 5 else os.path.join(tmp, "alloc.preset")
        if len(argv) == 3:
            open(preset, "w").write("schedule.alloc 12\nschedule.alloc_regs 13\n")
        off = os.path.join(tmp, "off.preset")
        open(off, "w").write("schedule.alloc 0\n")
        ptx = os.path.join(tmp, "probe_alu3.ptx")
        with lzma.open(os.path.join(src, "tests/calibration/probes/probe_alu3.ptx.xz")) as f:
            open(ptx, "wb").write(f.read())
        lines = sass_text.member(os.path.join(src, "tests/calibration/device-2026-12-04-alu27.tar.xz"),
                                 "alu27/probe_alu3.sass").split("\n")
        got = {}
        for kind in ptxas_phases.FIXED:
            sass = neighbours(sass_classes(lines, kind))
            w_off = neighbours(warpsim_classes(warpsim, ptx, kind, off))
            w_on = got[kind] = neighbours(warpsim_classes(warpsim, ptx, kind, preset))
            if kind == "fma_l":
                got["fma_l off"] = w_off

            def fmt(n):
                return " ".join(f"{c}{c} {n[c]}" for c in "FAI" if n[c] or sass[c])
            print(f"{kind}: SASS {fmt(sass)}; warpsim off {fmt(w_off)}; on {fmt(w_on)}")
        for kind in PACKED_HALF:
            got[kind] = [warpsim_classes(warpsim, ptx, kind, p, raw=True) for p in (off, preset)]
    expect = sass_text.Checks()
    for kind in ("fma_l", "fadd_l", "fmul_l"):
        n = got[kind]
        expect(n["F"] >= 30 and n["A"] >= 30, f"{kind} with the phases clusters: {n['F']} FF, {n['A']} AA (>= 30; "
               "ptxas 50 / 48, the Python model 39 / 39)")
    n = got["lop3_f"]
    expect(n["F"] <= 20 and n["A"] <= 20, f"lop3_f with the phases goes by turns: {n['F']} FF, {n['A']} AA (<= 20; "
           "ptxas 0 / 2, warpsim without the phases 8 / 15: the pieces' cuts)")
    n = got["mad_l"]
    expect(n["I"] <= 20 and n["A"] <= 20, f"mad_l with the phases goes by turns: {n['I']} II, {n['A']} AA (<= 20; "
           "ptxas 2 / 7, warpsim without the phases 10 / 18)")
    for kind in PACKED_HALF:
        expect(got[kind][0] == got[kind][1], f"{kind} (f16x2 / bf16x2) in the same order with the phases as without "
               f"({len(got[kind][0])} instructions; sim/schedule_alloc.h leaves packed halves to rule 4)")
    n = got["fma_l off"]
    expect(n["F"] < 30, f"fma_l without the phases does not cluster: {n['F']} FF (< 30)")
    return expect.status()


if __name__ == "__main__":
    sys.exit(main(sys.argv))
