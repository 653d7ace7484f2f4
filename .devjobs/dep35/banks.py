#!/usr/bin/env python3
"""The register reads of a timed region by bank, from ptxas's SASS (docs/calibration.md "(dep35)").

Hypothesis under test (read33's reading of pick33 dep): a sub-partition reads each of its two register banks (bank =
register number mod 2, Volta and later) one register a cycle; a source operand served by the operand reuse cache
(the previous instruction of the warp had the same register in the same slot with `.reuse`) reads no bank. So a
stream of instructions issues no faster than max(instructions, reads of bank 0, reads of bank 1) cycles.

usage: banks.py LISTING[.xz|tarball] [PREFIX]   per function (PREFIX_*: those only) the region's instructions, its
         reads of bank 0 / 1, the reads the reuse cache served, and the instructions that read two or more registers of
         one bank (their count and the first few)
       banks.py rates TARBALL PREFIX           the same per device kind of a probe_alu3-style job (probe/KIND.txt)
         with the card's warm cycles a step at 1/2/4/8 warps a sub-partition against the bank bound (reads of the
         busier bank a step, times the warps)
       banks.py dep35 RAW [WARPSIM PTX]         .devjobs/dep35's results (RAW: the tarball's dep35/ unpacked): per
         build (probe: -O3, probe_O0: ptxas -O0) and kind the region's reads by bank, the card's warm span at 1, 2,
         4, 8 warps a sub-partition and at 16 (KIND_2sm: two blocks of 1024 an SM, the span less the second block's
         start), the bank bound (warps x reads of the busier bank) and the issue bound (warps x instructions); with
         WARPSIM and the job's PTX, warpsim's warm span (ifetch.line 0) of the -O3 kinds at 1-8 warps
"""
import collections
import os
import re
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "calibration", "probes"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "calibration"))
import sass_text  # noqa: E402
from ptxas_addr_offsets import split_ops  # noqa: E402  (operands split at top-level commas)

REG = re.compile(r"(?<![A-Z_])R(\d+)(\.reuse)?\b")
NO_DEST = ("ST", "STS", "STG", "STL", "BRA", "EXIT", "BAR", "RED", "WARPSYNC", "BSYNC", "BSSY", "CALL", "RET", "NOP")


def sources(insn):
    """[(slot, register, reuse flag)] of an Insn's general-register sources (RZ and uniform registers left out). The
    first operand is the destination unless the opcode writes none; a predicate destination (ISETP P0, P1, ...) too."""
    ops = split_ops(insn.operands)
    base = insn.opcode.split(".")[0]
    first = 0 if base in NO_DEST else 1
    while first < len(ops) and re.fullmatch(r"!?U?P[T0-6]", ops[first]) and base.endswith("SETP"):
        first += 1
    out = []
    for slot, op in enumerate(ops[first:]):
        for m in REG.finditer(op):
            if "UR" + m.group(1) in op and op.find("UR" + m.group(1)) == m.start() - 1:
                continue
            out.append((slot, int(m.group(1)), bool(m.group(2))))
    return out


def reads(insns):
    """[(Insn, bank reads (b0, b1), reuse hits)] in program order. The reuse cache holds a register per operand slot:
    a source hits where the last register read in its slot was the same one, read with the reuse flag; a slot that an
    instruction does not read keeps its register (pick33 ind: the segment's last FFMA sets `R0.reuse, R13.reuse`
    before the CS2R, and the FFMA after the CS2R issues in the cycle after it, 9 cycles a segment at one warp)."""
    out, cached = [], {}
    for x in insns:
        src = sources(x)
        b, hit, seen = [0, 0], 0, set()
        for slot, r, _ in src:
            if cached.get(slot) == r:
                hit += 1
            elif r not in seen:  # one register in two slots is read once (pack30: `HFMA2 R5, R11, R6, R6`)
                b[r % 2] += 1
            seen.add(r)
        for slot, r, f in src:
            cached[slot] = r if f else None
        out.append((x, tuple(b), hit))
    return out


def region(insns):
    c = sass_text.clock_reads(insns)
    return insns[c[-2] + 1:c[-1]] if len(c) >= 2 else insns


def summary(insns):
    """(instructions, bank 0 reads, bank 1 reads, reuse hits, [conflicting Insn texts]) of a region."""
    r = reads(region(insns))
    conf = [x.text for x, b, _ in r if max(b) >= 2]
    return (len(r), sum(b[0] for _, b, _ in r), sum(b[1] for _, b, _ in r), sum(h for _, _, h in r), conf)


def listing(path):
    if path.endswith((".tar.xz", ".tgz", ".tar")):
        return sass_text.member(path, "*/.sass") if False else _tar_sass(path)
    return sass_text.read(path)


def _tar_sass(path):
    with tarfile.open(path) as t:
        name = next(m.name for m in t.getmembers() if m.name.endswith(".sass"))
        return t.extractfile(name).read().decode()


def show(path, prefix=None):
    funcs = sass_text.functions(listing(path))
    print("| function | region | bank 0 | bank 1 | reuse hits | 2+ reads of one bank | first such |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | --- |")
    for name, insns in funcs.items():
        if prefix and not name.startswith(prefix + "_"):
            continue
        n, b0, b1, hit, conf = summary(insns)
        print("| %s | %d | %d | %d | %d | %d | %s |" % (name, n, b0, b1, hit, len(conf), conf[0] if conf else ""))


def rates(tarball, prefix):
    from probe_alu3 import BLOCKS, spans
    text = _tar_sass(tarball)
    funcs = sass_text.functions(text)
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(tarball) as t:
            t.extractall(tmp, filter="data")
        job = os.listdir(tmp)[0]
        d = os.path.join(tmp, job, "probe")
        print("| kind | region | bank 0 / 1 reads | reuse hits | 2+ same-bank insns | card warm span at 1 / 2 / 4 / 8 "
              "warps a sub-partition | bound: warps x max(region, bank reads) | card / bound at 8 |")
        print("| --- | ---: | --- | ---: | ---: | --- | --- | ---: |")
        for f in sorted(os.listdir(d)):
            kind = f[:-4].split("-")[0]
            insns = funcs.get(prefix + "_" + kind)
            if not insns:
                continue
            n, b0, b1, hit, conf = summary(insns)
            s = spans(os.path.join(d, f))
            warm = [s[b][1] for b in BLOCKS if b >= 128 and b in s]
            bound = [w * max(n, b0, b1) for w in (1, 2, 4, 8)]
            print("| %s | %d | %d / %d | %d | %d | %s | %s | %.2f |" % (
                f[:-4], n, b0, b1, hit, len(conf), " / ".join("%d" % x for x in warm), " / ".join(map(str, bound)),
                warm[-1] / bound[len(warm) - 1] if warm else 0))


DEP35_KINDS = ("d3", "d2_0", "d2_1", "d2_2", "d2_3", "d2u", "dd", "ind3", "ind3r", "two3")


def dep35(raw, ws=None, ptx=None):
    from probe_alu import warpsim  # its a= and b= are the kernel's u (f32 bits 5) and seed
    from probe_alu3 import spans, two_blocks
    warm = None
    if ws:
        tmp = tempfile.mkdtemp()
        warm = os.path.join(tmp, "warm.preset")
        with open(warm, "w") as f:
            f.write("ifetch.line 0\n")
    print("| build | kind | region | bank 0 / 1 | card at 1 / 2 / 4 / 8 / 16 warps a sub-partition | bank bound | issue "
          "bound |%s" % (" warpsim 1 / 2 / 4 / 8 |" if ws else ""))
    print("| --- | --- | ---: | --- | --- | --- | --- |%s" % (" --- |" if ws else ""))
    for build, sass in (("probe", "probe_dep35.sass"), ("probe_O0", "probe_dep35_O0.sass")):
        funcs = sass_text.functions(sass_text.read(os.path.join(raw, sass)))
        for k in DEP35_KINDS:
            name = "_Z5dep35ILi%dEEvPyPjfj" % DEP35_KINDS.index(k)
            n, b0, b1, _, _ = summary(funcs.get(name, []))
            card = []
            path = os.path.join(raw, build, k + ".txt")
            if os.path.exists(path):
                s = spans(path)
                card = [s[b][1] for b in (128, 256, 512, 1024) if b in s]
            two = os.path.join(raw, build, k + "_2sm.txt")
            if os.path.exists(two) and any(len(x.split()) == 8 for x in open(two)):
                span, gap, _ = two_blocks(two)  # two blocks an SM: the span less the second block's start (16 warps)
                card.append(span - gap)
            line = "| %s | %s | %d | %d / %d | %s | %s | %s |" % (
                build, k, n, b0, b1, " / ".join("%d" % c for c in card),
                " / ".join(str(w * max(b0, b1)) for w in (1, 2, 4, 8, 16)),
                " / ".join(str(w * n) for w in (1, 2, 4, 8, 16)))
            if ws and build == "probe":
                line += " %s |" % " / ".join(str(warpsim(ws, ptx, name, b, extra=["--preset", warm]))
                                             for b in (128, 256, 512, 1024))
            elif ws:
                line += " |"
            print(line)


def main(argv):
    if len(argv) in (3, 5) and argv[1] == "dep35":
        dep35(*argv[2:])
    elif len(argv) >= 2 and argv[1] == "rates" and len(argv) == 4:
        rates(argv[2], argv[3])
    elif len(argv) in (2, 3) and argv[1] not in ("rates", "dep35"):
        show(argv[1], argv[2] if len(argv) == 3 else None)
    else:
        sys.exit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
