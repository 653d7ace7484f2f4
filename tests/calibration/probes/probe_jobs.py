#!/usr/bin/env python3
"""Summaries of the device jobs built as probe_alu3 (.devjobs/alu3r, mad19, rcp20, pack21, turn21, half19), run on
2026-12-05 (docs/calibration.md "(h100r)", "(pack21h)", "(rcp20h)", "(turn21h)", "(mad19h)", "(half19h)").

usage: probe_jobs.py compare RAW_A RAW_B [WARPSIM PTX]
       probe_jobs.py rates RAW PREFIX [WARPSIM PTX]
       probe_jobs.py late RAW
       probe_jobs.py fwin RAW [WARPSIM PTX]
       probe_jobs.py --check SRCDIR (the findings on the committed tarballs; ctest calibration_h100_jobs)
  RAW: a job's tarball unpacked (alu3r/, mad19/, rcp20/, pack21/, turn21/, fwin19/): probe/KIND.txt, "block launch bl
       warp t0 t1 warpid smid" a warp, read with probe_alu3.py's spans(); fwin19: kK.txt, the host's spans.
compare: probe_alu3 run twice (RAW_A alu27's alu27/, RAW_B alu3r's alu3r/): per block size over the kinds in both, the
  first-launch spans' differences (B against A: median, max |diff|, kinds beyond 5%); then per one-warp kind (a
  block of 32: a process's first launch, cold code) B's and A's span a line of the region's SASS (instructions
  between the clock reads, 8 a 128-byte line; the kinds whose warm code issues a line in under 12 cycles, those the
  fetch sets) and, with WARPSIM, warpsim's span and its error against each.
rates: per kind (probe/KIND.txt; KIND-a / -b: the value sets of .devjobs/lib.sh, -lateL / -late-L: the group of 4
  late warps) the cycles a step: one warp's first launch / 256, then the warm span / (warps a sub-partition x 256) at
  1, 2, 4, 8 warps a sub-partition; with WARPSIM the kernel PREFIX_KIND's the same way (32 and 1024 threads cold,
  128-512 warm with ifetch.line 0, as check_probe_alu3.py) against the first launches.
late: per file with 1024 threads, per launch 1-9 and sub-partition (%warpid mod 4), the largest gap between two
  warps' ends and the warps after it; printed: the median gap and the warps most often after it, with their starts'
  rank (0: the sub-partition's first warp to reach t0).
fwin: per K and block the first and median warm span and cycles an FFMA a sub-partition (span / (warps a
  sub-partition x 4096)); with WARPSIM, warpsim's warm span (ifetch.line 0) of the kernel fwin<K>."""
import collections, os, statistics, subprocess, sys, tarfile, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_alu import warpsim  # noqa: E402
from probe_alu2 import sass_counts  # noqa: E402
from probe_alu3 import BLOCKS, STEPS, spans  # noqa: E402
from sass_replay import kernel, region, replay  # noqa: E402
import sass_text  # noqa: E402

SETS = {"a": (0, 5), "b": (0x3f800000, 0x3f800001)}  # .devjobs/lib.sh sets: SEED, W


def kinds(raw):
    d = os.path.join(raw, "probe")
    return sorted(f[:-4] for f in os.listdir(d) if f.endswith(".txt"))


def params(name):
    """(kernel kind, [warpsim's s= and l= arguments]) of a raw file's name: KIND, KIND-SET, KIND-a-lateL,
    KIND-late-L or KIND-late-none (turn21: set a)."""
    parts = name.split("-")
    seed, w, late = 0, 5, 0xffffffff
    for p in parts[1:]:
        if p in SETS:
            seed, w = SETS[p]
        elif p.startswith("late") and p[4:].isdigit():
            late = int(p[4:])
        elif p.isdigit():
            late = int(p)
    return parts[0], w, ["s=u32:%d" % seed, "l=u32:%d" % late]


def presets(tmp):
    warm = os.path.join(tmp, "warm.preset")
    with open(warm, "w") as f:
        f.write("ifetch.line 0\n")
    return warm


def ws_span(ws, ptx, kernel, block, w, extra, warm):
    return warpsim(ws, ptx, kernel, block, 3, w, extra + (["--preset", warm] if 128 <= block <= 512 else []))


def sass(raw, prefix):
    """{kind: (Counter of the region's opcodes, sass_replay's cycles a step with the pipes)} of the job's SASS."""
    path = [os.path.join(raw, f) for f in os.listdir(raw) if f.endswith(".sass")]
    if not path:
        return {}
    lines = open(path[0]).read().split("\n")
    names = [n for n in sass_text.functions(lines) if n.startswith(prefix + "_")]
    res = {}
    for n in names:
        ins = kernel(lines, n)
        ops = collections.Counter(x[1].split()[1] if x[1].startswith("@") else x[1].split()[0] for x in region(ins))
        res[n[len(prefix) + 1:]] = (ops, replay(ins, 17, pipes=True) / STEPS)
    return res


def rates(raw, prefix, ws=None, ptx=None):
    code = sass(raw, prefix)
    print("| kind | SASS of the region | replay (one warp, pipes) | 1 warp, first launch | warm at 1 / 2 / 4 / 8 "
          "warps a sub-partition |%s" % (" warpsim 1 warp / 1 / 2 / 4 / 8 | warpsim against the first launches |"
                                         if ws else ""))
    print("| --- | --- | ---: | ---: | --- |%s" % (" --- | --- |" if ws else ""))
    with tempfile.TemporaryDirectory() as tmp:
        warm = presets(tmp)
        for name in kinds(raw):
            s = spans(os.path.join(raw, "probe", name + ".txt"))
            blocks = [b for b in BLOCKS if b in s]
            one = "%.2f" % (s[32][0] / STEPS) if 32 in s else "-"
            hw = " / ".join("%.2f" % (s[b][1] / (b // 128 * STEPS)) for b in blocks if b >= 128)
            ops, rep = code.get(name.split("-")[0], ({}, None))
            line = "| %s | %s | %s | %s | %s |" % (name, " ".join("%d %s" % (n, o) for o, n in ops.most_common())
                                                   if ops else "-", "-" if rep is None else "%.2f" % rep, one, hw)
            if ws:
                kind, w, extra = params(name)
                sim = {b: ws_span(ws, ptx, prefix + "_" + kind, b, w, extra, warm) for b in blocks}
                line += " %s | %s |" % (
                    " / ".join("%.2f" % (sim[b] / (max(1, b // 128) * STEPS)) for b in blocks),
                    " ".join("%+.1f%%" % ((sim[b] - s[b][0]) / s[b][0] * 100) for b in blocks))
            print(line)


def block_diffs(a, b):
    """{block: [B's first-launch span against A's, % a kind]} over the kinds of both runs."""
    both = sorted(set(kinds(a)) & set(kinds(b)))
    sa = {k: spans(os.path.join(a, "probe", k + ".txt")) for k in both}
    sb = {k: spans(os.path.join(b, "probe", k + ".txt")) for k in both}
    return {blk: [(sb[k][blk][0] - sa[k][blk][0]) / sa[k][blk][0] * 100 for k in both
                  if blk in sa[k] and blk in sb[k]] for blk in BLOCKS}, both, sa, sb


def one_warp(a, b):
    """[(kind, lines, B's first span, A's, class)] at a block of 32; class: the warm code's cycles a line, under 15
    "fast" (it outruns the fetch), 15-17 "edge" ("(cold18)": it hides the fetch in most processes), else "slow"."""
    _, both, sa, sb = block_diffs(a, b)
    counts = sass_counts(os.path.join(b, "probe_alu3.sass"), "alu3_")
    rows = []
    for k in both:
        n = sum(counts.get(k, {}).values())
        if not n or 32 not in sb[k]:
            continue
        lines = n / 8
        warm = sb[k][32][1] / lines
        rows.append((k, lines, sb[k][32][0], sa[k][32][0], "fast" if warm < 15 else "edge" if warm < 17 else "slow"))
    return rows


def per_line(rows, cls):
    """(kinds, B a line: median, min, max; A a line: median, min, max; B / A: median, min, max) of a class."""
    c = [r for r in rows if r[4] == cls]
    b, a, ba = [r[2] / r[1] for r in c], [r[3] / r[1] for r in c], [r[2] / r[3] for r in c]
    return (len(c),) + tuple(f(v) for v in (b, a, ba) for f in (statistics.median, min, max))


def compare(a, b, ws=None, ptx=None):
    diffs = block_diffs(a, b)[0]
    print("| block | kinds | median diff | max abs diff | beyond 5% |")
    print("| ---: | ---: | ---: | ---: | ---: |")
    for blk, d in diffs.items():
        print("| %d | %d | %+.1f%% | %.1f%% | %d |" % (blk, len(d), statistics.median(d), max(map(abs, d)),
                                                     sum(abs(x) > 5 for x in d)))
    print("\n| kind (one warp, first launch) | lines | B | A | B / line | A / line | warpsim | against B | against A |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
    rows = one_warp(a, b)
    sims = []
    for k, lines, fb, fa, cls in rows:
        w = warpsim(ws, ptx, "alu3_" + k, 32) if ws else None
        sims.append(w)
        print("| %s%s | %.0f | %.0f | %.0f | %.1f | %.1f | %s | %s | %s |" % (
            k, "" if cls == "fast" else " (%s)" % cls, lines, fb, fa, fb / lines, fa / lines, "-" if w is None else w,
            "-" if w is None else "%+.1f%%" % ((w - fb) / fb * 100),
            "-" if w is None else "%+.1f%%" % ((w - fa) / fa * 100)))
    print()
    for cls in ("fast", "edge", "slow"):
        print("%s kinds %d: B a line median %.1f (%.1f-%.1f), A %.1f (%.1f-%.1f); B / A median %.3f (%.3f-%.3f)"
              % ((cls,) + per_line(rows, cls)))
    if ws:
        for label, i in (("B", 2), ("A", 3)):
            e = [abs(w - r[i]) / r[i] * 100 for r, w in zip(rows, sims)]
            print("warpsim against %s: %d of %d within 10%%, mean %.1f%%, max %.1f%%" % (
                label, sum(x <= 10 for x in e), len(e), statistics.mean(e), max(e)))


def check(src):
    """The findings of docs/calibration.md "(h100r)", "(pack21h)", "(rcp20h)", "(mad19h)" on the committed tarballs:
    alu3r equals alu27 from 128 threads on (median within 0.5%, every kind within 6%), its one-warp first launches
    of fast code take 17.0-18.0 cycles a line (cold17's 17.6) where alu27's take 19.5-21.0; PRMT alone 2.0-2.2 a
    step at 2-8 warps a sub-partition; MUFU.RCP without fix-ups (zm, zf) within 1% of 8.05 there, and set b within
    1% of set a in rcp20 and mad19; ffm and mff 4.5-4.65 a step at 1-8 warps a sub-partition."""
    cal = os.path.join(src, "tests/calibration")
    bad = []
    with tempfile.TemporaryDirectory() as tmp:
        for name in ("device-2026-12-04-alu27", "device-2026-12-05-h100-alu3r", "device-2026-12-05-h100-pack21",
                     "device-2026-12-05-h100-rcp20", "device-2026-12-05-h100-mad19"):
            with tarfile.open(os.path.join(cal, name + ".tar.xz")) as t:
                for m in t.getmembers():  # JOB/probe/KIND.txt and JOB/NAME.sass, written by name
                    parts = m.name.split("/")
                    if m.isfile() and (parts[1:2] == ["probe"] and len(parts) == 3 or
                                       len(parts) == 2 and parts[1].endswith(".sass")):
                        os.makedirs(os.path.join(tmp, *parts[:-1]), exist_ok=True)
                        with open(os.path.join(tmp, *parts), "wb") as f:
                            f.write(t.extractfile(m).read())
        a, b = os.path.join(tmp, "alu27"), os.path.join(tmp, "alu3r")
        for blk, d in block_diffs(a, b)[0].items():
            if blk >= 128 and (abs(statistics.median(d)) > 0.5 or max(map(abs, d)) > 6):
                bad.append("alu3r against alu27 at %d threads: median %+.1f%%, max %.1f%%" % (
                    blk, statistics.median(d), max(map(abs, d))))
        n, bm, _, _, am, _, _, r, _, _ = per_line(one_warp(a, b), "fast")
        print("one warp, %d fast kinds: H100 %.2f a line, alu27 %.2f, ratio %.3f" % (n, bm, am, r))
        if not (17.0 <= bm <= 18.0 and 19.5 <= am <= 21.0):
            bad.append("one warp a line: H100 %.2f, alu27 %.2f" % (bm, am))

        def warm(job, kind, blocks=(256, 512, 1024)):
            s = spans(os.path.join(tmp, job, "probe", kind + ".txt"))
            return [s[blk][1] / (blk // 128 * STEPS) for blk in blocks]

        for job, kind, lo, hi, blocks in (("pack21", "p", 2.0, 2.2, (256, 512, 1024)),
                                          ("rcp20", "zm-a", 7.97, 8.13, (256, 512, 1024)),
                                          ("rcp20", "zf-a", 7.97, 8.13, (256, 512, 1024)),
                                          ("mad19", "ffm-a", 4.5, 4.65, (128, 256, 512, 1024)),
                                          ("mad19", "mff-a", 4.5, 4.65, (128, 256, 512, 1024))):
            r = warm(job, kind, blocks)
            print("%s %s: %s" % (job, kind, " / ".join("%.2f" % x for x in r)))
            if not all(lo <= x <= hi for x in r):
                bad.append("%s %s outside %.2f-%.2f" % (job, kind, lo, hi))
        for job in ("rcp20", "mad19"):
            for k in [k[:-2] for k in kinds(os.path.join(tmp, job)) if k.endswith("-a")]:
                ra, rb = warm(job, k + "-a"), warm(job, k + "-b")
                if any(abs(y / x - 1) > 0.01 for x, y in zip(ra, rb)):
                    bad.append("%s %s: set b %s, set a %s" % (job, k, rb, ra))
    for line in bad:
        print("FAIL " + line)
    print("%s" % ("FAIL" if bad else "ok: every finding holds"))
    return 1 if bad else 0


def late(raw):
    print("| file | warps a sub-partition | median largest end gap | warps after it (launches of 9 x 4 SP) | "
          "their start rank |")
    print("| --- | ---: | ---: | --- | --- |")
    for name in kinds(raw):
        per = collections.defaultdict(list)
        for line in open(os.path.join(raw, "probe", name + ".txt")):
            f = line.split()
            if len(f) == 8 and f[0].isdigit():
                block, la, _, warp, t0, t1, wid, _ = map(int, f)
                if la > 0:
                    per[(block, la, wid % 4)].append((t1, t0, warp))
        for block in sorted({k[0] for k in per}):
            gaps, after, ranks = [], collections.Counter(), collections.Counter()
            for (blk, _, _), ws in per.items():
                if blk != block or len(ws) < 2:
                    continue
                ws.sort()
                g, i = max((ws[j + 1][0] - ws[j][0], j + 1) for j in range(len(ws) - 1))
                gaps.append(g)
                starts = sorted(w[1] for w in ws)
                for t1, t0, warp in ws[i:]:
                    after[warp] += 1
                    ranks[starts.index(t0)] += 1
            if not gaps:
                continue
            print("| %s | %d | %.0f | %s | %s |" % (
                name, block // 128, statistics.median(gaps),
                " ".join("%d:%d" % (w, c) for w, c in sorted(after.items(), key=lambda x: -x[1])[:12]),
                " ".join("%d:%d" % (r, c) for r, c in sorted(ranks.items()))))


def fwin_span(ws, ptx, k, block, warm):
    """warpsim's warm span (ifetch.line 0) of probe_fwin's kernel fwin<K> at one block of `block` threads: the
    last warp's end less the first warp's start."""
    n = block // 32
    res = subprocess.run([ws, "run", ptx, "--kernel", "_Z4fwinILi%dEEvPyPjffj" % k, "--grid", "1", "--block",
                          str(block), "out=u64[%d]" % max(64, 2 * n), "sink=u32[1024]", "a=f32:1.0001", "b=f32:0.5",
                          "h=u32:1006648320", "--preset", warm], capture_output=True, text=True, check=True).stdout
    vals = []
    lines = res.split("\n")
    i = lines.index("== out u64[%d]" % max(64, 2 * n)) + 1
    while len(vals) < 2 * n:
        vals += [int(v) for v in lines[i].split()]
        i += 1
    return max(vals[1:2 * n:2]) - min(vals[0:2 * n:2])


def fwin(raw, ws=None, ptx=None):
    with tempfile.TemporaryDirectory() as tmp:
        warm = presets(tmp)
        print("| K | block | first | warm | cycles an FFMA a sub-partition (warm) |%s" %
              (" warpsim (warm) | against warm |" if ws else ""))
        print("| ---: | ---: | ---: | ---: | ---: |%s" % (" ---: | ---: |" if ws else ""))
        for k in (0, 8, 16, 32, 64, 128, 256):
            path = os.path.join(raw, "k%d.txt" % k)
            if not os.path.exists(path):
                continue
            for line in open(path):
                f = line.split()
                if len(f) < 5 or f[0] != "K":
                    continue
                block = int(f[3].rstrip(":"))
                runs = [int(x) for x in f[4::2]]
                w_sp = max(1, block // 128)
                med = statistics.median(runs[1:])
                out = "| %d | %d | %d | %.0f | %.2f |" % (k, block, runs[0], med, med / (w_sp * 4096))
                if ws:
                    sim = fwin_span(ws, ptx, k, block, warm)
                    out += " %d | %+.1f%% |" % (sim, (sim - med) / med * 100)
                print(out)


def main(argv):
    if len(argv) == 3 and argv[1] == "--check":
        sys.exit(check(argv[2]))
    if len(argv) < 3:
        sys.exit(__doc__)
    mode, rest = argv[1], argv[2:]
    if mode == "compare" and len(rest) in (2, 4):
        compare(*rest)
    elif mode == "rates" and len(rest) in (2, 4):
        rates(*rest)
    elif mode == "late" and len(rest) == 1:
        late(*rest)
    elif mode == "fwin" and len(rest) in (1, 3):
        fwin(*rest)
    else:
        sys.exit(__doc__)


if __name__ == "__main__":
    main(sys.argv)
