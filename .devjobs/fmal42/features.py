#!/usr/bin/env python3
"""fmal42: every probe_alu3 kind (H200, alu27, nvcc -O3 build) and every mad19 kind (h200f) at 1 / 2 / 4 / 8 warps a
sub-partition: cycles an op on the card and in warpsim, and the timed region's SASS features (docs/calibration.md
"(fmal42)").

Cycles an op: span / (warps a sub-partition x ops of the timed region); the card's span is probe_alu3's warm median
(alu27) and mad19's first-launch median (h200f, as rf41 and check_device_jobs), warpsim's one run (grid 1).
Features of the timed region (ops between the clock reads, ULDC / CS2R / S2R left out):
  mix      opcodes with >= 64 ops
  F        f32 FMA-pipe ops (FFMA, FMUL, FADD)
  F2       of those, ops reading two registers from the file (a .reuse'd register of the same slot and bank in the op
           before counted as a hit, as rf41's reads.py)
  Fn       of F, ops whose result the next op reads
  Fp       of F, ops that read the previous op's result
  Fb       of F, ops with two register sources in one bank (number mod 2)
  Fd       of F, ops whose destination is in the bank of their first register source (slot a)
  Fda      of Fd, ops whose slot-a source carries no .reuse flag
  stalls   S01 / S02 / more
  reuse    ops with a .reuse flag

usage: features.py WARPSIM   (unpacks the two tarballs into a temporary directory)"""
import os, re, sys, tarfile, tempfile

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "../..")
P = os.path.join(ROOT, "tests/calibration/probes")
sys.path.insert(0, P)
import lzma  # noqa: E402
import sass_text  # noqa: E402
from probe_alu import warpsim  # noqa: E402
from probe_alu3 import spans  # noqa: E402

SKIP = ("ULDC", "CS2R", "S2R")
FPIPE = ("FFMA", "FMUL", "FADD")
MAD19 = ["fm", "lm", "lf", "ml", "mfi", "lfi", "fli", "fmi", "fl", "mf", "ffm", "mff"]


def regs(x):
    dst, srcs = None, []
    for slot, o in enumerate(x.operands.split(",")):
        m = re.match(r"\s*-?\|?R(\d+)(\.reuse)?", o)
        if not m or m.group(1) == "Z":
            continue
        if slot == 0 and not x.opcode.startswith(("ST", "BAR")):
            dst = int(m.group(1))
        else:
            srcs.append((slot, int(m.group(1)), bool(m.group(2))))
    return dst, srcs


def features(region):
    mix = {}
    for x in region:
        o = x.opcode.split(".")[0]
        mix[o] = mix.get(o, 0) + 1
    cache, f, f2, fn, fp, fb, reuse, fd, fda = {}, 0, 0, 0, 0, 0, 0, 0, 0
    st = [0, 0, 0]
    parsed = [regs(x) for x in region]
    for i, x in enumerate(region):
        dst, srcs = parsed[i]
        file_reads = []
        for slot, r, flag in srcs:
            if cache.get((slot, r % 2)) != r:
                file_reads.append(r)
        for slot, r, flag in srcs:
            if flag:
                cache[(slot, r % 2)] = r
            else:
                cache.pop((slot, r % 2), None)
        reuse += any(flag for _, _, flag in srcs)
        st[min(x.stall, 3) - 1 if x.stall else 0] += 1
        if x.opcode.split(".")[0] in FPIPE:
            f += 1
            f2 += len(set(file_reads)) >= 2
            rs = {r for _, r, _ in srcs}
            fb += len(rs) == 2 and len({r % 2 for r in rs}) == 1
            if dst is not None and srcs and dst % 2 == srcs[0][1] % 2:
                fd += 1
                fda += not srcs[0][2]
            if i + 1 < len(region) and dst is not None and dst in {r for _, r, _ in parsed[i + 1][1]}:
                fn += 1
            if i > 0 and parsed[i - 1][0] is not None and parsed[i - 1][0] in rs:
                fp += 1
    mixs = " ".join("%d %s" % (v, o) for o, v in sorted(mix.items(), key=lambda t: -t[1]) if v >= 64)
    return mixs, f, f2, fn, fp, fb, fd, fda, st, reuse


def row(kind, n, card, sim, feat):
    mixs, f, f2, fn, fp, fb, fd, fda, st, reuse = feat
    print("| %s | %s | %s | %s | %d | %d | %d | %d | %d | %d | %d | %d / %d / %d | %d |" % (
        kind, mixs, " / ".join("%.3f" % c for c in card), " / ".join("%.3f" % c for c in sim), f, f2, fn, fp, fb,
        fd, fda, st[0], st[1], st[2], reuse))


def main(argv):
    if len(argv) != 2:
        sys.exit(__doc__)
    ws = argv[1]
    print("| kind | mix | card cycles an op 1 / 2 / 4 / 8 | warpsim 1 / 2 / 4 / 8 | F | F2 | Fn | Fp | Fb | "
          "Fd | Fda | S01 / S02 / S03+ | reuse |")
    print("| --- | --- | --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | ---: |")
    with tempfile.TemporaryDirectory() as tmp:
        for tb in ("device-2026-12-04-alu27.tar.xz", "device-2026-12-06-h200f-mad19.tar.xz"):
            with tarfile.open(os.path.join(ROOT, "tests/calibration", tb)) as t:
                t.extractall(tmp, filter="data")
        for name, xz in (("alu3.ptx", "probe_alu3.ptx.xz"), ("mad19.ptx", "probe_mad19.ptx.xz")):
            with lzma.open(os.path.join(P, xz)) as a, open(os.path.join(tmp, name), "wb") as b:
                b.write(a.read())
        funcs = sass_text.functions(sass_text.read(os.path.join(tmp, "alu27/probe_alu3.sass")))
        for fn_name in sorted(funcs):
            kind = fn_name[len("alu3_"):]
            path = os.path.join(tmp, "alu27/probe", kind + ".txt")
            if not os.path.exists(path):
                continue
            ins = funcs[fn_name]
            c = sass_text.clock_reads(ins)
            region = [x for x in ins[c[0] + 1:c[-1]] if not x.opcode.startswith(SKIP)]
            s = spans(path)
            card = [s[b][1] / (w * len(region)) for w, b in ((1, 128), (2, 256), (4, 512), (8, 1024))]
            sim = [warpsim(ws, os.path.join(tmp, "alu3.ptx"), fn_name, b, 3, 5) / (w * len(region))
                   for w, b in ((1, 128), (2, 256), (4, 512), (8, 1024))]
            row(kind, len(region), card, sim, features(region))
        sys.stdout.flush()
        funcs = sass_text.functions(sass_text.read(os.path.join(tmp, "mad19/probe_mad19.sass")))
        sim_spans = {}
        for ln in open(os.path.join(ROOT, ".devjobs/rf41/figures/device_jobs_main.txt")):
            f = [x.strip() for x in ln.split("|")]
            if len(f) > 6 and f[1] == "mad19":
                sim_spans[(f[2], int(f[3]))] = int(f[5])
        for kind in MAD19:
            ins = funcs["mad19_" + kind]
            c = sass_text.clock_reads(ins)
            region = ins[c[2] + 1:c[-1]]
            s = spans(os.path.join(tmp, "mad19/probe", kind + "-a.txt"))
            card = [s[b][0] / (w * len(region)) for w, b in ((1, 128), (2, 256), (4, 512), (8, 1024))]
            sim = [sim_spans[(kind + "-a", b)] / (w * len(region)) for w, b in ((1, 128), (2, 256), (4, 512),
                                                                                 (8, 1024))]
            row("mad19 " + kind, len(region), card, sim, features(region))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
