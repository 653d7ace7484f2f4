#!/usr/bin/env python3
"""Read .devjobs/banks40's results (docs/calibration.md "(banks40)").

usage: read.py RAW [WARPSIM [PRESET]]   RAW: the tarball's banks40/ unpacked (or a tarball); per build (probe: -O3,
         probe_O0: ptxas -O0) and kind: the region's SASS, its register reads by bank (.devjobs/dep35/banks.py: bank =
         register number mod 2, a reuse hit reads none; a 64-bit operand counted once, by its first register), the
         instructions that read two or more registers of one bank, the card's warm span at 1 / 2 / 4 / 8 warps a
         sub-partition as cycles a step (256 steps), and at 16 (two blocks of 1024 an SM, the window where all 16
         warps of a sub-partition run: rate16); with WARPSIM, its warm span (ifetch.line 0) of the -O3 kinds at 1-8
         warps in the same unit, and with PRESET also with that preset file's keys
       read.py O0 ALU27_RAW                alu27's (H200, 2026-12-04) ptxas -O0 kinds that ran at 16 warps a
         sub-partition (fma, mad, mad_m, mov_f, mov_m), rate16 against the bank models
"""
import collections
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "dep35"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "calibration", "probes"))
sys.path.insert(0, os.path.join(HERE, "..", "..", "tests", "calibration"))
import banks  # noqa: E402  (reads, region, summary: the bank count of dep35)
import sass_text  # noqa: E402
from probe_alu3 import spans, two_blocks  # noqa: E402

KINDS = [x + f for x in "fmlahd" for f in ("3", "3f", "2f")]
STEPS = 256


def rate16(path, n, alone=None):
    """Cycles an instruction a sub-partition while all 16 warps of it run (median over SMs, sub-partitions and
    launches): per sub-partition (warp % 4) the window from the later block's last start to the earlier block's first
    end; the earlier block's warps taken at their own even pace, the later block's as having issued all but what they
    could issue outside the window at `alone` cycles an instruction a warp (one block of 1024 alone: its span / n;
    None: the earlier block's own pace, slower, so the figure leans low)."""
    per = collections.defaultdict(list)
    for line in open(path):
        f = line.split()
        if len(f) != 8 or not f[0].isdigit():
            continue
        _, la, bl, w, t0, t1, _, sm = map(int, f)
        per[(la, sm, w % 4)].append((bl, t0, t1))
    out = []
    for ws in per.values():
        first = {}
        for b, t0, _ in ws:
            first[b] = min(first.get(b, t0), t0)
        if len(first) != 2:
            continue
        early, late = sorted(first, key=first.get)
        a = [(s, e) for b, s, e in ws if b == early]
        b = [(s, e) for b, s, e in ws if b == late]
        lo, hi = max(s for s, _ in b), min(e for _, e in a)
        if hi - lo < 500:
            continue
        pace = alone or statistics.median(e - s for s, e in a) / n  # a warp's cycles an instruction
        a_in = sum(n * (hi - lo) / (e - s) for s, e in a)
        b_in = sum(max(0.0, n - max(0, e - hi) / pace - max(0, lo - s) / pace) for s, e in b)
        out.append((hi - lo) / (a_in + b_in))
    return statistics.median(out) if out else None


def warpsim(ws, ptx, kernel, block, preset):
    n = block // 32
    out = subprocess.run([ws, "run", ptx, "--kernel", kernel, "--grid", "1", "--block", str(block),
                          "out=u64[%d]" % (4 * n), "sink=u32[%d]" % block, "seed=u32:0", "--preset", preset],
                         capture_output=True, text=True, check=True).stdout.split("\n")
    i = out.index("== out u64[%d]" % (4 * n)) + 1
    vals = []
    while len(vals) < 4 * n:
        vals += [int(v) for v in out[i].split()]
        i += 1
    return max(vals[1::4]) - min(vals[0::4])


def kernel(k):
    return "_Z7banks40ILi%dELi%dEEvPyPjj" % ("fmlahd".index(k[0]), ("3", "3f", "2f").index(k[1:]))


def unpack(raw):
    if os.path.isdir(raw):
        return raw
    tmp = tempfile.mkdtemp()
    with tarfile.open(raw) as t:
        t.extractall(tmp, filter="data")
    return os.path.join(tmp, "banks40")


def job(raw, ws=None, extra=None):
    raw = unpack(raw)
    presets = []
    if ws:
        tmp = tempfile.mkdtemp()
        warm = os.path.join(tmp, "warm.preset")
        with open(warm, "w") as f:
            f.write("ifetch.line 0\n")
        presets.append(warm)
        if extra:
            both = os.path.join(tmp, "extra.preset")
            with open(both, "w") as f:
                f.write(open(extra).read() + "\nifetch.line 0\n")
            presets.append(both)
    print("| build | kind | region | bank 0 / 1 | 2+ of one bank (first) | card cycles a step at 1 / 2 / 4 / 8 warps a "
          "sub-partition | 16 warps (rate16 x region / 256) |%s" % "".join(" warpsim %d |" % i for i in
                                                                         range(len(presets))))
    print("| --- | --- | ---: | --- | --- | --- | --- |%s" % (" --- |" * len(presets)))
    for build, sass in (("probe", "probe_banks40.sass"), ("probe_O0", "probe_banks40_O0.sass")):
        funcs = sass_text.functions(sass_text.read(os.path.join(raw, sass)))
        for k in KINDS:
            n, b0, b1, _, conf = banks.summary(funcs.get(kernel(k), []))
            card, r16 = [], None
            path = os.path.join(raw, build, k + ".txt")
            if os.path.exists(path) and any(len(x.split()) == 8 for x in open(path)):
                s = spans(path)
                card = [s[b][1] / STEPS / (b // 128) for b in (128, 256, 512, 1024) if b in s]
            two = os.path.join(raw, build, k + "_2sm.txt")
            if os.path.exists(two) and any(len(x.split()) == 8 for x in open(two)):
                _, _, over = two_blocks(two)
                r = rate16(two, n, s[1024][1] / n if card and 1024 in s else None) if over > 0 else None
                r16 = "%.2f" % (r * n / STEPS) if r else "no overlap"  # a sub-partition's cycles a step
            line = "| %s | %s | %d | %d / %d | %d %s | %s | %s |" % (
                build, k, n, b0, b1, len(conf), ("(`%s`)" % conf[0]) if conf else "",
                " / ".join("%.2f" % c for c in card), r16 or "")
            for p in presets:
                if build == "probe":
                    ptx = os.path.join(raw, "probe_banks40.ptx")
                    line += " %s |" % " / ".join("%.2f" % (warpsim(ws, ptx, kernel(k), b, p) / STEPS / (b // 128))
                                                 for b in (128, 256, 512, 1024))
                else:
                    line += " |"
            print(line)


def alu27_o0(raw):
    """alu27's -O0 kinds that ran at 16 warps a sub-partition against three bank models: cycles an instruction."""
    raw = unpack(raw) if not os.path.isdir(raw) else raw
    if os.path.isdir(os.path.join(raw, "alu27")):
        raw = os.path.join(raw, "alu27")
    funcs = sass_text.functions(sass_text.read(os.path.join(raw, "probe_alu3_O0.sass")))
    print("| kind | region | 8 warps | 16 warps (rate16) | mod 2: an op of 2+ reads of one bank 2 cycles | mod 4 | "
          "three register slots 2 cycles |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for k in ("fma", "mad", "mad_m", "mov_f", "mov_m"):
        r = banks.reads(banks.region(funcs["alu3_" + k]))
        n = len(r)
        s = spans(os.path.join(raw, "probe_O0", k + ".txt"))
        r16 = rate16(os.path.join(raw, "probe_O0", k + "_2sm.txt"), n, s[1024][1] / n)
        mod2 = sum(max(1, max(b)) for _, b, _ in r)
        mod4 = slots = 0
        for x, _, _ in r:
            src = banks.sources(x)
            regs = set(reg for _, reg, _ in src)
            m4 = collections.Counter(reg % 4 for reg in regs)
            mod4 += max([1] + list(m4.values()))
            slots += 2 if len(src) >= 3 else 1
        print("| %s | %d | %.2f | %.2f | %.2f | %.2f | %.2f |" % (
            k, n, s[1024][1] / 8 / n, r16, mod2 / n, mod4 / n, slots / n))


def main(argv):
    if len(argv) == 3 and argv[1] == "O0":
        alu27_o0(argv[2])
    elif 2 <= len(argv) <= 4:
        job(*argv[1:])
    else:
        sys.exit(__doc__)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
