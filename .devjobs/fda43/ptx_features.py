#!/usr/bin/env python3
"""fda43: can the PTX predict fmal42's SASS features (docs/calibration.md "(fmal42)", "(fda43)")?

For every probe_alu3 kind (alu27's SASS) and mad19 kind (h200f's SASS) it counts, over the timed region's f32
FMA-pipe ops (fma / mul / add / sub .f32: FFMA, FMUL, FADD), PTX-level predictors next to fmal42's SASS columns:
  A1   the PTX op's destination is its first source (`fma.rn.f32 %r45, %r45, %r50, %r8`; the brief's (a))
  A    of A1 or a destination equal to its second source: the accumulator (the source it overwrites) was not written
       by the real op just before it in PTX order (free movs, pack / unpack, left out)
  Ar   of A, another real op within two before or after it in PTX order reads the same value in slot a, slot a as
       the PTX predicts it (an FMA-pipe op's accumulator unless fresh, then its other multiplicand; else the first
       source): the stand-in for ptxas's slot-a .reuse flag (ptxas moves the two together: fma_f's `FFMA R13,
       R5.reuse, R4` before line 1's `FFMA R10, R5, R10`; sim/timing_tables.c fma_read3_ops looks one op back in
       warpsim's model of ptxas's order)
  Aa   A - Ar: the PTX's prediction of Fda
  N    the real op just before or after it in PTX order is an FMA-pipe op (FFMA/FMUL/FADD, IMAD: mad.lo / mul.lo,
       HADD2.F32: cvt.f32.f16, HADD2 / HFMA2: f16x2 add / fma)
and from the SASS (fmal42's features.py): F, Fd, Fda, the .reuse flags on an F op's slot a (Fr = Fd - Fda counted on
Fd ops), and NS: F ops whose neighbour in the SASS is an FMA-pipe op.

usage: ptx_features.py   (unpacks the committed tarballs into a temporary directory; prints a markdown table)"""
import lzma, os, re, sys, tarfile, tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..")
P = os.path.join(ROOT, "tests/calibration/probes")
sys.path.insert(0, P)
sys.path.insert(0, os.path.join(ROOT, ".devjobs/fmal42"))
import sass_text  # noqa: E402
from features import regs, SKIP, MAD19  # noqa: E402
from probe_alu3 import spans  # noqa: E402

FPIPE_SASS = ("FFMA", "FMUL", "FADD")
FMAPIPE_SASS = ("FFMA", "FMUL", "FADD", "IMAD", "HADD2", "HFMA2")  # HADD2.F32 counted as HADD2
FREE = re.compile(r"^(mov\.b(32|64)|mov\.u(32|64))\b")


def f32_pipe(op):
    return re.match(r"^(fma\.rn\.f32|mul(\.rn)?\.f32|add(\.rn)?\.f32|sub(\.rn)?\.f32)\b", op) is not None


def fma_pipe(op):
    return f32_pipe(op) or re.match(r"^(mad\.lo\.[su]32|mul\.lo\.[su]32|cvt\.f32\.f16|(add|fma\.rn|mul)\.f16x2)\b",
                                    op) is not None


def statements(text):
    """The PTX region's statements in order, inline-asm braces opened, .reg declarations and comments left out."""
    out = []
    for ln in text.splitlines():
        ln = ln.split("//")[0]
        for s in ln.replace("{", ";").replace("}", ";").split(";"):
            s = s.strip()
            if s and not s.startswith(".reg") and not s.startswith("@"):
                out.append(s)
    return out


def parse(s):
    m = re.match(r"^(\S+)\s+(.*)$", s)
    if not m:
        return s, []
    ops = [o.strip() for o in re.split(r",(?![^{]*})", m.group(2))]
    return m.group(1), ops


def region_ptx(ptx, entry, first_clock):
    body = re.search(r"\.entry %s\(.*?\n}" % re.escape(entry), ptx, re.S).group(0)
    lines = body.splitlines()
    clocks = [i for i, ln in enumerate(lines) if "%clock64" in ln]
    return "\n".join(lines[clocks[first_clock] + 1:clocks[-1]])


def ptx_features(text):
    """Value-numbered walk: every write makes a new value; a 64-bit register holds two (lo, hi)."""
    val, nxt = {}, [0]

    def new():
        nxt[0] += 1
        return nxt[0]

    def get(r):
        if r not in val:
            val[r] = new()
        return val[r]

    real = []  # (op, dest value, [source values], f32, fmapipe, acc index or None)
    for s in statements(text):
        op, ops = parse(s)
        if not ops:
            continue
        if op in ("mov.b64",) and ops[0].startswith("{"):  # unpack {lo, hi}, %rd
            src = get(ops[1])
            lo, hi = [x.strip() for x in ops[0].strip("{}").split(",")]
            val[lo] = ("lo", src) if not isinstance(src, tuple) else src
            val[hi] = ("hi", src)
            if isinstance(src, tuple) and src[0] == "pair":
                val[lo], val[hi] = src[1], src[2]
            continue
        if op in ("mov.b64",) and ops[1].startswith("{"):  # pack %rd, {lo, hi}
            lo, hi = [x.strip() for x in ops[1].strip("{}").split(",")]
            val[ops[0]] = ("pair", get(lo), get(hi))
            continue
        if op == "mov.b32" and ops[0].startswith("{"):  # 16-bit unpack
            src = get(ops[1])
            a, b = [x.strip() for x in ops[0].strip("{}").split(",")]
            val[a], val[b] = ("h0", src), ("h1", src)
            continue
        if FREE.match(op) or op.startswith("setp") or op.startswith("selp") and False:
            if FREE.match(op) and len(ops) == 2 and ops[1].startswith("%"):
                val[ops[0]] = get(ops[1])  # a copy: the same value
            elif len(ops) >= 1 and ops[0].startswith("%"):
                val[ops[0]] = new()
            continue
        srcs = [get(o) for o in ops[1:] if o.startswith("%") or o in val]
        srcnames = ops[1:]
        d_old = val.get(ops[0])
        acc = None
        if fma_pipe(op):
            for i in (0, 1):
                if i < len(srcnames) and srcnames[i] == ops[0]:
                    acc = i
                    break
        d = new()
        real.append((op, d, srcs, f32_pipe(op), fma_pipe(op), acc, [get(o) if o in val else None
                                                                   for o in srcnames[:2]]))
        val[ops[0]] = d
    def fresh(i, v):
        return i > 0 and real[i - 1][1] == v

    def slot_a(i):
        """ptxas's slot-a value as the PTX predicts it: an FMA-pipe op's accumulator (the multiplicand its
        destination overwrites) unless the op just before wrote it (then the other multiplicand: f2h2_f's `FFMA R10,
        R5, R10`), else its first source."""
        op, d, srcs, f32, fp, acc, ab = real[i]
        if fp and acc is not None and ab[1 - acc] is not None:
            return ab[1 - acc] if fresh(i, ab[acc]) else ab[acc]
        return srcs[0] if srcs else None

    sa = [slot_a(i) for i in range(len(real))]
    a1 = a = ar = n = f = 0
    for i, (op, d, srcs, f32, fp, acc, ab) in enumerate(real):
        if not f32:
            continue
        f += 1
        nb = [real[j] for j in (i - 1, i + 1) if 0 <= j < len(real)]
        n += any(x[4] for x in nb)
        if acc is None:
            continue
        a1 += acc == 0
        if fresh(i, ab[acc]):
            continue
        a += 1
        if any(sa[j] == sa[i] for j in range(max(i - 2, 0), min(i + 3, len(real))) if j != i):
            ar += 1
    return f, a1, a, ar, a - ar, n


def sass_features(region):
    parsed = [regs(x) for x in region]
    f = fd = fda = ns = 0
    for i, x in enumerate(region):
        o = x.opcode.split(".")[0]
        if o not in FPIPE_SASS:
            continue
        f += 1
        dst, srcs = parsed[i]
        if dst is not None and srcs and dst % 2 == srcs[0][1] % 2:
            fd += 1
            fda += not srcs[0][2]
        nb = [region[j].opcode.split(".")[0] for j in (i - 1, i + 1) if 0 <= j < len(region)]
        ns += any(b in FMAPIPE_SASS for b in nb)
    return f, fd, fda, ns


WARPS = ((1, 128), (2, 256), (4, 512), (8, 1024))


def kinds(tmp):
    """[(kind, the timed region's SASS, the card's cycles an op at 1 / 2 / 4 / 8 warps a sub-partition, the timed
    region's PTX)] of every probe_alu3 kind (alu27: warm medians) and mad19 kind (h200f: first-launch medians), the
    committed tarballs unpacked into tmp; ULDC / CS2R / S2R left out of the SASS region, as fmal42's features.py."""
    for tb in ("device-2026-12-04-alu27.tar.xz", "device-2026-12-06-h200f-mad19.tar.xz"):
        with tarfile.open(os.path.join(ROOT, "tests/calibration", tb)) as t:
            t.extractall(tmp, filter="data")
    out = []
    for prefix, listing, ptx, clock, names in (
            ("alu3", "alu27/probe_alu3.sass", "probe_alu3.ptx.xz", 0, None),
            ("mad19", "mad19/probe_mad19.sass", "probe_mad19.ptx.xz", 2, MAD19)):
        text = lzma.open(os.path.join(P, ptx)).read().decode()
        funcs = sass_text.functions(sass_text.read(os.path.join(tmp, listing)))
        for kind in names or sorted(n[len(prefix) + 1:] for n in funcs):
            path = os.path.join(tmp, "alu27/probe", kind + ".txt") if prefix == "alu3" else \
                os.path.join(tmp, "mad19/probe", kind + "-a.txt")
            if not os.path.exists(path):
                continue
            ins = funcs[prefix + "_" + kind]
            c = sass_text.clock_reads(ins)
            region = [x for x in ins[c[clock] + 1:c[-1]] if not x.opcode.startswith(SKIP)]
            s = spans(path)
            card = [s[b][prefix == "alu3"] / (w * len(region)) for w, b in WARPS]
            out.append((kind if prefix == "alu3" else "mad19 " + kind, region, card,
                        region_ptx(text, prefix + "_" + kind, clock)))
    return out


def main():
    print("| kind | F (SASS / PTX) | Fd (SASS) | A1 | A | Fda (SASS) | Aa | Fd-Fda (SASS) | Ar | NS (SASS) | N | "
          "card 8 - card 4 |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for kind, region, card, ptx in kinds(tmp):
            (f, fd, fda, ns), (pf, a1, a, ar, aa, n) = sass_features(region), ptx_features(ptx)
            if f or pf:
                print("| %s | %d / %d | %d | %d | %d | %d | %d | %d | %d | %d | %d | %+.3f |" % (
                    kind, f, pf, fd, a1, a, fda, aa, fd - fda, ar, ns, n, card[3] - card[2]))


if __name__ == "__main__":
    main()
