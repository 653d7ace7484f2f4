#!/usr/bin/env python3
"""tests/calibration/probes/sass_text.py (the calibration scripts' reader of cuobjdump -sass listings) on committed
listings: the functions of tests/calibration/sass/probe_stq.sass.xz in the listing's order and their instruction
counts, instructions of probe_stq_st and bench_div (a guard, a 5-digit address, the control bits' six fields decoded
from the second word as printed), the clock reads, a tarball member by name and by `*/NAME`, and the ok / FAIL
lines of Checks. ctest calibration_sass_text.

usage: test_sass_text.py SRCDIR"""
import contextlib
import io
import os
import sys


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    cal = os.path.join(argv[1], "tests/calibration")
    sys.path.insert(0, os.path.join(cal, "probes"))
    import sass_text
    from sass_text import Insn

    bad = []

    def want(got, expected, what):
        if got != expected:
            bad.append("%s: %r, expected %r" % (what, got, expected))

    stq = sass_text.functions(sass_text.read(os.path.join(cal, "sass/probe_stq.sass.xz")))
    want([(n, len(v)) for n, v in stq.items()],
         [("probe_stq_seq", 2480), ("probe_stq_ctx", 2240), ("probe_stq_ld", 4992), ("probe_stq_st", 11760)],
         "probe_stq.sass.xz: functions and instruction counts")
    st = {x.addr: x for x in stq.get("probe_stq_st", [])}
    # /*0130*/ STS [R3], R8 ;  /* 0x0000000803007388 */ /* 0x0001e80000000800 */
    want(st.get(0x130), Insn(0x130, "STS [R3], R8", "", "STS", "[R3], R8", 0x0001e80000000800 >> 41),
         "probe_stq_st 0x0130")
    if 0x130 in st:
        x = st[0x130]
        want((x.stall, x.yld, x.wb, x.rb, x.wait, x.reuse), (4, 1, 7, 0, 0, 0), "0x0130's control bits")
    # /*0570*/ @P1 BRA 0x5f0 ;  /* 0x00000000001c1947 */ /* 0x001fea0003800000 */
    want(st.get(0x570), Insn(0x570, "@P1 BRA 0x5f0", "@P1", "BRA", "0x5f0", 0x001fea0003800000 >> 41),
         "probe_stq_st 0x0570")
    if 0x570 in st:
        x = st[0x570]
        want((x.stall, x.yld, x.wb, x.rb, x.wait, x.reuse), (5, 1, 7, 7, 1, 0), "0x0570's control bits")
    # /*1fcb0*/ IMAD.MOV.U32 R9, RZ, RZ, R8.reuse ;  /* 0x000000ffff097224 */ /* 0x100fe400078e0008 */
    want(st.get(0x1fcb0), Insn(0x1fcb0, "IMAD.MOV.U32 R9, RZ, RZ, R8.reuse", "", "IMAD.MOV.U32",
                               "R9, RZ, RZ, R8.reuse", 0x100fe400078e0008 >> 41), "probe_stq_st 0x1fcb0")
    if 0x1fcb0 in st:
        x = st[0x1fcb0]
        want((x.stall, x.yld, x.wb, x.rb, x.wait, x.reuse), (2, 1, 7, 7, 0, 4), "0x1fcb0's control bits")
    ctx = stq.get("probe_stq_ctx", [])
    clk = sass_text.clock_reads(ctx)
    want((len(clk), ctx[clk[0]] if clk else None), (74, Insn(0x90, "CS2R R8, SR_CLOCKLO", "", "CS2R",
                                                             "R8, SR_CLOCKLO", 0x000fe20000015000 >> 41)),
         "probe_stq_ctx's clock reads, the first")

    div = sass_text.function(sass_text.read(os.path.join(cal, "sass/bench_div.sass.xz")), "bench_div")
    want((len(div), div[0] if div else None, div[-1].text if div else None, div[-1].addr if div else None),
         (5704, Insn(0, "LDC R1, c[0x0][0x28]", "", "LDC", "R1, c[0x0][0x28]", 0x000fe20000000800 >> 41), "NOP",
          0x16470), "bench_div: count, first and last instruction")
    want(next((x for x in div if x.addr == 0x10000), None),
         Insn(0x10000, "DFMA R16, R16, R16, R16", "", "DFMA", "R16, R16, R16, R16", 0x000fd00000000010 >> 41),
         "bench_div 0x10000")
    want(sass_text.function(sass_text.read(os.path.join(cal, "sass/bench_div.sass.xz")), "bench_nodiv"), [],
         "a function the listing has not")
    want(sass_text.parse("        /*0010*/                   S2R R2, SR_TID.X ;         /* 0x0000000000027919 */"),
         Insn(0x10, "S2R R2, SR_TID.X", "", "S2R", "R2, SR_TID.X", None), "an instruction without its second word")
    want(sass_text.parse("\t\tFunction : bench_div"), None, "a function's line")

    tar = os.path.join(cal, "device-2026-12-04-alu27.tar.xz")
    text = sass_text.member(tar, "alu27/probe_alu3.sass")
    want(sass_text.member(tar, "*/probe_alu3.sass") == text, True, "a member by */NAME")
    alu3 = sass_text.functions(text)
    want((len(alu3), list(alu3)[:2], len(alu3.get("alu3_fma_l", []))), (185, ["alu3_f2d_x", "alu3_f2d_f"], 576),
         "alu27/probe_alu3.sass: functions, the first two, alu3_fma_l's instructions")

    regs = sass_text.registers(sass_text.member(os.path.join(cal, "device-2026-12-06-h100e-lds28.tar.xz"),
                                                "*/probe_lds28.res"))
    want((len(regs), regs.get("lds28_cub_i128"), regs.get("lds28_brsp_b")), (29, "14", "17"),
         "lds28's probe_lds28.res: ptxas's register counts (cuobjdump -res-usage)")

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        c = sass_text.Checks()
        c(True, "one")
        status_ok = c.status()
        c(False, "two")
    want((out.getvalue(), c.failed, status_ok, c.status()), ("ok   one\nFAIL two\n", ["two"], 0, 1), "Checks")

    for line in bad:
        print("FAIL " + line)
    print("%s: sass_text on probe_stq, bench_div, alu27's probe_alu3 and lds28's register counts" % ("FAIL" if bad else "ok"))
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
