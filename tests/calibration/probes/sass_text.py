#!/usr/bin/env python3
"""The calibration scripts' one reader of `cuobjdump -sass` listings and of the device tarballs that hold them.

Why it exists: a dozen scripts (tests/calibration/probes/*.py, .devjobs/*/...py) each carried their own splitter of a
listing into functions, their own regular expression for an instruction line and their own decoding of its control
bits, and several their own reading of a tarball member and their own `ok` / `FAIL` lines: copies that differed in
small ways (4 or 5 address digits, the guard kept or not, the `;` kept or not). They all read a listing here now
(docs/calibration.md "(sass29)"); ctest calibration_sass_text checks it on a committed listing.

A listing, as cuobjdump prints it for sm_70 and later:

            Function : alu3_fma
    ...
            /*0040*/                   @!P0 BRA 0x90 ;                 /* 0x000000000010a947 */
                                                                       /* 0x000fea0003800000 */

Each instruction is one 128-bit word printed as two 64-bit halves, the second on the next line. The control bits
are the second half's bits 41-63 (Volta and later): stall count 41-44, yield 45, write barrier 46-48, read barrier
49-51 (7: none), wait mask 52-57 (barriers 0-5), reuse flags 58-61.

usage: sass_text.py LISTING[.xz] [FUNCTION]   each function and its instruction count, or FUNCTION's instructions
       with their control bits (what this module reads of them)
"""
import collections
import lzma
import re
import sys
import tarfile

FUNCTION = re.compile(r"Function : (\S+)")
INSN = re.compile(r"^\s*/\*([0-9a-f]{4,})\*/\s+(.*?)\s*;")
WORD = re.compile(r"^\s*/\* 0x([0-9a-f]{16}) \*/")


def _bits(shift, width, doc):
    return property(lambda self: (self.ctrl >> shift) & ((1 << width) - 1), doc=doc)


class Insn(collections.namedtuple("Insn", "addr text guard opcode operands ctrl")):
    """One instruction: addr (int), text (as printed, guard included, without the `;`), guard (`@!P0` or ''),
    opcode (`LOP3.LUT`), operands (the rest of the text, '' for none), ctrl (the second word >> 41, or None where the
    next line is not the second word); its fields stall, yld, wb, rb, wait, reuse."""
    __slots__ = ()
    stall = _bits(0, 4, "The stall count.")
    yld = _bits(4, 1, "The yield bit.")
    wb = _bits(5, 3, "The write barrier, 7 for none.")
    rb = _bits(8, 3, "The read barrier, 7 for none.")
    wait = _bits(11, 6, "The wait mask, bit N for barrier N.")
    reuse = _bits(17, 4, "The reuse flags.")


def parse(line, next_line=None):
    """The Insn of an instruction line (next_line: the line after it, the second word), or None for another line."""
    m = INSN.match(line)
    if not m:
        return None
    text = m.group(2)
    first, _, rest = text.partition(" ")
    guard = first if first.startswith("@") else ""
    opcode, _, operands = rest.strip().partition(" ") if guard else (first, "", rest)
    w = WORD.match(next_line) if next_line is not None else None
    return Insn(int(m.group(1), 16), text, guard, opcode, operands.strip(), int(w.group(1), 16) >> 41 if w else None)


def _lines(listing):
    return listing.split("\n") if isinstance(listing, str) else listing


def instructions(listing):
    """(function or None before the first, Insn) of each instruction of a listing (its text, or its lines)."""
    lines, fn = _lines(listing), None
    for i, line in enumerate(lines):
        m = FUNCTION.search(line)
        if m:
            fn = m.group(1)
            continue
        insn = parse(line, lines[i + 1] if i + 1 < len(lines) else None)
        if insn:
            yield fn, insn


def functions(listing):
    """{function: [Insn]} of a listing, in its order (cuobjdump lists the last-defined kernel first)."""
    out = {}
    for fn, insn in instructions(listing):
        if fn is not None:
            out.setdefault(fn, []).append(insn)
    return out


def function(listing, name):
    """[Insn] of one function ([] where the listing has none of that name)."""
    return functions(listing).get(name, [])


def clock_reads(insns):
    """The indices of the clock reads (`CS2R R, SR_CLOCKLO`) in [Insn]: a timed region lies between two."""
    return [i for i, x in enumerate(insns) if "SR_CLOCKLO" in x.text]


def registers(res_usage):
    """ptxas's register count of each function, {name: "N"}, from `cuobjdump -res-usage` text: a line
    ` Function NAME:` and, below it, one starting `REG:N` (warpsim's --regs takes N)."""
    regs, fn = {}, None
    for line in res_usage.split("\n"):
        if line.strip().startswith("Function "):
            fn = line.split()[1].rstrip(":")
        elif fn and line.strip().startswith("REG:"):
            regs[fn] = line.split()[0][4:]
    return regs


def read(path):
    """A file's text, unpacked where its name ends in .xz."""
    with (lzma.open(path, "rt") if path.endswith(".xz") else open(path)) as f:
        return f.read()


def member(tar, name):
    """The text of a tarball's member: tar a path or an open TarFile; name the member's name, or `*/NAME` for the
    first member whose name ends in /NAME."""
    if not isinstance(tar, tarfile.TarFile):
        with tarfile.open(tar) as t:
            return member(t, name)
    if name.startswith("*/"):
        name = next(m.name for m in tar.getmembers() if m.name.endswith(name[1:]))
    return tar.extractfile(name).read().decode()


class Checks:
    """A --check's findings: each printed as `ok   WHAT` or `FAIL WHAT`; failed holds the failed ones' WHAT."""

    def __init__(self):
        self.failed = []

    def __call__(self, ok, what):
        print(("ok   " if ok else "FAIL ") + what)
        if not ok:
            self.failed.append(what)
        return ok

    def status(self):
        """The exit status: 1 where a finding failed."""
        return 1 if self.failed else 0


def main(argv):
    if len(argv) not in (2, 3):
        sys.exit(__doc__)
    funcs = functions(read(argv[1]))
    if len(argv) == 2:
        for name, insns in funcs.items():
            print("%s %d" % (name, len(insns)))
        return 0
    for x in funcs.get(argv[2], []):
        print("%04x %-6s %-24s %-40s S%02d Y%d W%d R%d wait %02x reuse %x" % (
            x.addr, x.guard, x.opcode, x.operands, x.stall, x.yld, x.wb, x.rb, x.wait, x.reuse))
    return 0 if argv[2] in funcs else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv))
