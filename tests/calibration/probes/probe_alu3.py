#!/usr/bin/env python3
"""probe_alu3's H200 figures (issue 15, alu27): each PTX form's SASS, issue rate and pipe, with warpsim's beside.

usage: probe_alu3.py RAW_DIR [WARPSIM PTX [--preset FILE]] [--rates]
  RAW_DIR: device-2026-12-04-alu27.tar.xz unpacked (alu27/): probe/KIND.txt and probe/KIND_2sm.txt (the nvcc -O3
           build), probe_O0/ (the ptxas -O0 build), "block launch bl warp t0 t1 warpid smid" a warp, and
           probe_alu3.sass, probe_alu3_O0.sass (cuobjdump -sass of the two builds)
  PTX: nvcc -arch=sm_90 -O3 -ptx of probe_alu3.cu (probe_alu3.ptx.xz is read unpacked)
Per kind: the SASS opcodes between the kernel's two clock reads (a warp's), then per block size (1 warp; 1, 2, 4, 8
warps a sub-partition) the block's span (the last warp's t1 less the first warp's t0), the H200's median over the
processes' first launch (cold code, as warpsim models a run) and over the later launches (warm), warpsim's one run
(grid 1), and from the warm span the cycles a step of a sub-partition (span / (warps a sub-partition x 256 steps)).
KIND_2sm: two blocks of 1024 threads on each SM (meant as 16 warps a sub-partition), SMs 0-3: the SM's span (its
warps' last t1 less their first t0), how much later its second block started and how long the two ran side by side
(medians). Where the second block started within 2% of the span the two ran as 16 warps a sub-partition (--rates
gives span / (16 x 256)); elsewhere the second often started when the first ended, which gives no rate. --rates prints one line a kind: the warm cycles a step at 1, 2, 4, 8 (and 16) warps a sub-partition, and the SASS."""
import lzma, os, statistics, sys, tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_alu import warpsim  # noqa: E402
from probe_alu2 import sass_counts  # noqa: E402

BLOCKS = (32, 128, 256, 512, 1024)
STEPS = 256  # 8 streams x 32 rounds


def spans(path):
    """{block: (median first-launch span, median warm span)} of one block on one SM (grid 1), or for a file of
    several blocks an SM (KIND_2sm) {block: (None, median warm span of an SM)} (launch 0 counted as warm there: the
    SM's two blocks)."""
    per = {}
    for line in open(path):
        f = line.split()
        if len(f) != 8 or not f[0].isdigit():
            continue
        block, la, bl, _, t0, t1, _, sm = map(int, f)
        key = (block, la, sm) if "_2sm" in path else (block, la, bl)
        a = per.setdefault(key, [1 << 64, 0])
        a[0], a[1] = min(a[0], t0), max(a[1], t1)
    res = {}
    for block in sorted({k[0] for k in per}):
        first = [v[1] - v[0] for k, v in per.items() if k[0] == block and k[1] == 0]
        warm = [v[1] - v[0] for k, v in per.items() if k[0] == block and (k[1] > 0 or "_2sm" in path)]
        res[block] = (None if "_2sm" in path else statistics.median(first), statistics.median(warm))
    return res


def two_blocks(path):
    """KIND_2sm: (median span of an SM, median start gap of its two blocks, median overlap of their runs) over the
    SMs and launches."""
    per = {}
    for line in open(path):
        f = line.split()
        if len(f) != 8 or not f[0].isdigit():
            continue
        _, la, bl, _, t0, t1, _, sm = map(int, f)
        a = per.setdefault((la, sm), {}).setdefault(bl, [1 << 64, 0])
        a[0], a[1] = min(a[0], t0), max(a[1], t1)
    span, gap, over = [], [], []
    for b in per.values():
        if len(b) != 2:
            continue
        (s0, e0), (s1, e1) = sorted(b.values())
        span.append(max(e0, e1) - s0)
        gap.append(s1 - s0)
        over.append(min(e0, e1) - s1)
    return statistics.median(span), statistics.median(gap), statistics.median(over)


def rates(raw):
    """{(build, kind): [cycles a step a sub-partition at 1, 2, 4, 8 warps a sub-partition, 16 or None]}"""
    res = {}
    for build in ("probe", "probe_O0"):
        d = os.path.join(raw, build)
        for f in sorted(os.listdir(d)):
            if not f.endswith(".txt") or f.endswith("_2sm.txt"):
                continue
            k = f[:-4]
            s = spans(os.path.join(d, f))
            r = [s[b][1] / ((b // 128) * STEPS) for b in BLOCKS[1:]]
            two = os.path.join(d, k + "_2sm.txt")
            r.append(two_blocks(two) if os.path.exists(two) else None)
            res[(build, k)] = r
    return res


def main():
    args = [a for a in sys.argv[1:] if a != "--rates"]
    preset = []
    if "--preset" in args:
        i = args.index("--preset")
        preset = ["--preset", args[i + 1]]
        del args[i:i + 2]
    if len(args) not in (1, 3):
        sys.exit(__doc__)
    raw = args[0]
    if "--rates" in sys.argv:
        counts = {"probe": sass_counts(os.path.join(raw, "probe_alu3.sass"), "alu3_"),
                  "probe_O0": sass_counts(os.path.join(raw, "probe_alu3_O0.sass"), "alu3_")}
        for (build, k), r in rates(raw).items():
            c = counts[build][k]
            print("%s%s | %s | %s" % (k, " (-O0)" if build == "probe_O0" else "",
                                      " / ".join("%.2f" % x for x in r[:4]) + ("" if r[4] is None else (
                                          " / %s (2 blocks an SM: span %d, the second block %d cycles after the "
                                          "first)" % ("%.2f" % (r[4][0] / (16 * STEPS)) if r[4][1] < 0.02 * r[4][0]
                                                      else "-", r[4][0], r[4][1]))),
                                      " ".join("%d %s" % (v, o) for o, v in c.most_common())))
        return
    ws = ptx = tmp = None
    if len(args) == 3:
        ws, ptx = args[1], args[2]
        if ptx.endswith(".xz"):
            tmp = tempfile.NamedTemporaryFile("wb", suffix=".ptx", delete=False)
            tmp.write(lzma.open(ptx).read())
            tmp.close()
            ptx = tmp.name
    print("| kind | SASS a warp (timed region) | warps (a sub-partition) | H200 first launch | H200 warm | "
          "cycles/step/SP (warm) | warpsim | error (first launch) |")
    print("| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    for build in ("probe", "probe_O0"):
        d = os.path.join(raw, build)
        counts = sass_counts(os.path.join(raw, "probe_alu3.sass" if build == "probe" else "probe_alu3_O0.sass"),
                             "alu3_")
        order = list(counts)[::-1]  # cuobjdump lists the kernels last-defined first
        for k in [k for k in order if os.path.exists(os.path.join(d, k + ".txt"))]:
            c = counts[k]
            sass = " ".join("%d %s" % (v, o) for o, v in c.most_common())
            label = k + (" (ptxas -O0)" if build == "probe_O0" else "")
            s = spans(os.path.join(d, k + ".txt"))
            for b in BLOCKS:
                first, warm = s[b]
                wps = max(1, b // 128)
                w = warpsim(ws, ptx, "alu3_" + k, b, 3, 5, preset) if ws and build == "probe" else None
                print("| %s | %s | %d (%d) | %.0f | %.0f | %.2f | %s | %s |" % (
                    label, sass if b == 32 else "", b // 32, wps, first, warm, warm / (wps * STEPS),
                    "-" if w is None else w, "-" if w is None else "%+.1f%%" % ((w - first) / first * 100)))
            two = os.path.join(d, k + "_2sm.txt")
            if os.path.exists(two):
                span, gap, over = two_blocks(two)
                print("| %s | | 64 (16): 2 blocks an SM, the second %d cycles after the first, side by side %d | - | "
                      "%d | - | - | - |" % (label, gap, over, span))
    if tmp:
        os.unlink(tmp.name)


if __name__ == "__main__":
    main()
