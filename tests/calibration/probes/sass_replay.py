#!/usr/bin/env python3
"""A one-warp replay of a kernel's clock64-timed region from the control bits of its SASS (issue 15, lat16).

usage: sass_replay.py SASS KERNEL... [--lat L] [--show N] [--pipes] [--hold H] | --check TAR
  SASS: cuobjdump -sass output (each instruction's two 64-bit words as printed, e.g. alu27/probe_alu3.sass in
        device-2026-12-04-alu27.tar.xz). Per kernel: the cycles a step, (last issue - first issue) / 256, of the
        instructions between the two CS2R SR_CLOCKLO reads; --show N prints the first N with their control bits.
The replay: an instruction issues no earlier than the one before it plus that one's stall count, and not before
every scoreboard in its wait mask is released; a variable-latency op (POPC, FLO, BREV, F2F, MUFU) releases its
write scoreboard L cycles (--lat, 17) after it issues, a read scoreboard 2 after. ptxas's stall counts hold the
fixed latencies and the XU pipe's 8 cycles (POPC S08 alone; a POPC S01 then a LOP3 S07), so a scoreboard wait
between two XU ops adds to their 8 (docs/calibration.md "(lat16)").
--pipes (docs/calibration.md "(half20)"): the sub-partition's pipes too, as warpsim models them: the ALU pipe
(LOP3, PRMT, IADD3, SEL, SHF, ISETP) and the IMAD pipe (IMAD, HADD2, HADD2.F32) 2 cycles an instruction, an add's
HFMA2.MMA (`HFMA2.MMA R, R, 1, 1, R`) the ALU pipe 1 (pipe.mma_alu), a half op but HFMA2.MMA and HADD2.F32 (HADD2,
HMUL2, HFMA2) both halves of the FMA pipe 2, and in a region with such a half op an FFMA, FADD or FMUL the FMA pipe
2 (pipe.fma_half; elsewhere they pair); an instruction issues once its pipes are free. --hold H: an fma's HFMA2 or
HFMA2.MMA holds the issue H cycles before its stall count runs (the next issues H - 1 + its stall count later).
--check TAR: tests/calibration/device-2026-12-04-alu27.tar.xz; the replay of the kinds in CHECK at L 17 must be
within 5% of the H200's cycles a step at one warp (warm; probe_alu3.py --rates), and at L 15 and 19 the 12-cycle
kinds must not be (the replay decides POPC's, FLO's, BREV's and F2F's latency to within 2 cycles)."""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_text  # noqa: E402

# probe_alu3 kinds and the H200's cycles a step at one warp, warm (alu27: probe_alu3.py RAW --rates, first figure)
CHECK = {"popc": 8.15, "popc_l": 12.08, "bfind_l": 12.08, "brev_l": 12.08, "f2h_l": 12.08, "f2h_m": 12.09,
         "popc_m": 12.09, "lop3_x": 12.10, "fadd_x": 12.09, "h2f_x": 12.09, "clz": 12.08, "clz_l": 11.12,
         "ex2f_l": 8.39, "ex2f_m": 8.39, "tanh_l": 8.39, "popc_x": 16.16, "ex2f_x": 16.16}


def kernel(lines, name):
    """[(address, text, stall, yield, write sb, read sb, wait mask)] of one kernel of cuobjdump -sass text (lines);
    sb 7: none."""
    return [("%04x" % x.addr, x.text, x.stall, x.yld, x.wb, x.rb, x.wait) for x in sass_text.function(lines, name)
            if x.ctrl is not None]


def region(ins):
    """The instructions between the last two clock reads: the timed region (probe_streams.h's kernels read the clock
    in their late warps' spin before it)."""
    s = [i for i, x in enumerate(ins) if "SR_CLOCKLO" in x[1]]
    return ins[s[-2] + 1:s[-1]]


def pipes_of(txt, halves):
    """[(pipe, cycles)] an instruction holds (--pipes); halves: the region has a half op on the FMA pipe."""
    op = txt.split()[0]
    mma = op.startswith("HFMA2.MMA")
    use = []
    if op.startswith(("IMAD", "HADD2")):
        use.append(("imad", 2))
    if op.startswith(("LOP3", "PRMT", "IADD3", "SEL", "SHF", "ISETP")):
        use.append(("alu", 2))
    if mma and ", 1, 1," in txt:
        use.append(("alu", 1))
    if (op.startswith(("HADD2", "HMUL2")) and "F32" not in op) or (op.startswith("HFMA2") and not mma):
        use.append(("fma", 2))
    if halves and op.startswith(("FFMA", "FADD", "FMUL")):
        use.append(("fma", 2))
    return use


def replay(ins, lat, pipes=False, hold=0, times=None):
    """The region's one-warp issue span in cycles; with a list `times`, each instruction's issue cycle appended."""
    t, prev, rel, first, free = 0, None, {}, None, {}
    reg = region(ins)
    halves = pipes and any(("fma", 2) in pipes_of(x[1], False) for x in reg)
    for _, txt, stall, _, w, r, wait in reg:
        if prev is not None:
            t = prev[0] + prev[1]
        for b in range(6):
            if wait >> b & 1:
                t = max(t, rel.get(b, 0))
        use = pipes_of(txt, halves) if pipes else []
        for pipe, _ in use:
            t = max(t, free.get(pipe, 0))
        for pipe, c in use:
            free[pipe] = t + c
        if hold and txt.startswith("HFMA2") and ", 1, 1," not in txt:
            stall += hold - 1
        if w < 7:
            rel[w] = t + lat
        if r < 7:
            rel[r] = t + 2
        prev = (t, stall)
        first = t if first is None else first
        if times is not None:
            times.append(t)
    return prev[0] - first


def check(tar):
    lines = sass_text.member(tar, "alu27/probe_alu3.sass").split("\n")
    expect = sass_text.Checks()
    for k, h200 in CHECK.items():
        ins = kernel(lines, "alu3_" + k)
        got = {lat: replay(ins, lat) / 256 for lat in (15, 17, 19)}
        ok = abs(got[17] - h200) <= 0.05 * h200
        if h200 > 11 and h200 < 13:  # the kinds whose step the XU latency sets
            ok = ok and all(abs(got[lat] - h200) > 0.05 * h200 for lat in (15, 19))
        expect(ok, "%-8s H200 %.2f replay L15 %.2f L17 %.2f L19 %.2f" % (k, h200, got[15], got[17], got[19]))
    print("%d of %d kinds as the H200" % (len(CHECK) - len(expect.failed), len(CHECK)))
    return expect.status()


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--check":
        sys.exit(check(sys.argv[2]))
    args, lat, show = sys.argv[1:], 17, 0
    if "--lat" in args:
        i = args.index("--lat"); lat = int(args[i + 1]); del args[i:i + 2]
    if "--show" in args:
        i = args.index("--show"); show = int(args[i + 1]); del args[i:i + 2]
    pipes, hold = "--pipes" in args, 0
    if pipes:
        args.remove("--pipes")
    if "--hold" in args:
        i = args.index("--hold"); hold = int(args[i + 1]); del args[i:i + 2]
    if len(args) < 2:
        sys.exit(__doc__)
    for k in args[1:]:
        ins = kernel(open(args[0]).read().split("\n"), k)
        if not ins:
            sys.exit("no kernel %s" % k)
        print("%s: %.2f cycles a step (L %d%s%s)" % (k, replay(ins, lat, pipes, hold) / 256, lat,
                                                      ", pipes" if pipes else "", ", hold %d" % hold if hold else ""))
        for a, txt, st, _, w, r, wait in region(ins)[:show]:
            print("  %s %-46s S%02d W%s R%s wait %s" % (a, txt[:46], st, w if w < 7 else "-", r if r < 7 else "-",
                                                       format(wait, "06b") if wait else "-"))


if __name__ == "__main__":
    main()
