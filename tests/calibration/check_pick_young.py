#!/usr/bin/env python3
"""pick.young against starve24's H100 (device-2026-12-05-h100c-starve24.tar.xz, docs/calibration.md "(starve24)").

usage: check_pick_young.py WARPSIM SRCDIR

At 512 threads (4 warps a sub-partition) the H100 leaves the last warp of each sub-partition to start waiting about
807 cycles (the largest gap between two warps' ends) in fm (FFMA R, R, UR4 between IMADs), amu (FADD R, R, UR4) and
hf (HADD2.F32, FFMA R, R, UR4), and not in am (FADD R, R), fmr (FFMA R, R, R) or fmrr: 11 cycles. With pick.young 1
warpsim's largest end gap a sub-partition must be over 600 cycles in the first three, with the last warp to reach
the loop (warps 0-3) after it, and under 100 in the others; with pick.young 0 under 100 in all. And each span
within 10% of the H100's median warm span with the key on.
The late runs (KIND-late-L: warps 4L..4L+3 spin 300 cycles before the loop), pick.young 2: in fm the H100 starves
no warp (the late warps reach t0 at 327-347 and end with the others); in hf the late warps reach t0 on time and
wait about 800 cycles at the end. So with pick.young 2 fm's late warps must reach t0 before 500 with an end gap
under 400, hf's end gap must be over 600 with the late warps after it, and each span within 10% of the H100's."""
import os, statistics, subprocess, sys, tarfile, tempfile

STARVE, EVEN = ("fm", "amu", "hf"), ("am", "fmr", "fmrr")
LATE = (("fm", (0, 1, 3), False), ("hf", (0, 1, 3), True))  # kind, late groups, starved


def ends(ws, ptx, kind, preset, late=0xFFFFFFFF, block=512):
    n = block // 32
    out = subprocess.run([ws, "run", ptx, "--kernel", "starve24_" + kind, "--grid", "1", "--block", str(block),
                          "out=u64[%d]" % (4 * n), "sink=u32[%d]" % block, "a=u32:3", "b=u32:5", "s=u32:0",
                          "l=u32:%d" % late, "--preset", preset], capture_output=True, text=True,
                         check=True).stdout.split("\n")
    i = out.index("== out u64[%d]" % (4 * n)) + 1
    v = []
    while len(v) < 4 * n:
        v += [int(x) for x in out[i].split()]
        i += 1
    return [(v[4 * w], v[4 * w + 1]) for w in range(n)]


def gap(stamps):
    """(the largest end gap of a sub-partition, over the four; the warps after it)."""
    best, after = 0, set()
    for sp in range(4):
        ws = sorted(range(sp, len(stamps), 4), key=lambda w: stamps[w][1])
        for a, b in zip(ws, ws[1:]):
            g = stamps[b][1] - stamps[a][1]
            if g > best:
                best, after = g, set(ws[ws.index(b):])
            elif g == best:
                after |= set(ws[ws.index(b):])
    return best, after


def hw_span(path, block=512):
    """The median over launches 1-9 of the block's span (first t0 to last t1) at `block` threads."""
    by = {}
    for line in open(path):
        f = line.split()
        if len(f) >= 6 and f[0].isdigit() and int(f[0]) == block:
            by.setdefault(int(f[1]), []).append((int(f[4]), int(f[5])))
    return statistics.median(max(t1 for _, t1 in r) - min(t0 for t0, _ in r) for launch, r in by.items() if launch)


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    ws, src = argv[1:]
    fails = 0
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(os.path.join(src, "tests/calibration/device-2026-12-05-h100c-starve24.tar.xz")) as t:
            t.extractall(tmp)
        raw = os.path.join(tmp, "starve24")
        ptx = os.path.join(raw, "probe_starve24.ptx")
        on, off = os.path.join(tmp, "on.preset"), os.path.join(tmp, "off.preset")
        with open(on, "w") as f:
            f.write("ifetch.line 0\npick.young 2\n")
        with open(off, "w") as f:
            f.write("ifetch.line 0\npick.young 0\n")
        for kind in STARVE + EVEN:
            s_on, s_off = ends(ws, ptx, kind, on), ends(ws, ptx, kind, off)
            (g_on, after), (g_off, _) = gap(s_on), gap(s_off)
            span = max(t1 for _, t1 in s_on) - min(t0 for t0, _ in s_on)
            hw = hw_span(os.path.join(raw, "probe", kind + ".txt"))
            err = (span - hw) / hw * 100
            ok = g_off < 100 and abs(err) <= 10 and (g_on > 600 and after == {0, 1, 2, 3} if kind in STARVE
                                                      else g_on < 100)
            fails += not ok
            print("%s %s: end gap with the key on %d (warps %s after it), 0 %d; span %d, H100 %d (%+.1f%%)" %
                  ("ok  " if ok else "FAIL", kind, g_on, ",".join(map(str, sorted(after))), g_off, span, hw, err))
        for kind, groups, starved in LATE:
            for late in groups:
                s_on = ends(ws, ptx, kind, on, late)
                g_on, after = gap(s_on)
                t0 = min(a for a, _ in s_on)
                span = max(t1 for _, t1 in s_on) - t0
                first = max(s_on[w][0] for w in range(4 * late, 4 * late + 4)) - t0
                lates = set(range(4 * late, 4 * late + 4))
                hw = hw_span(os.path.join(raw, "probe", "%s-late-%d.txt" % (kind, late)))
                err = (span - hw) / hw * 100
                ok = abs(err) <= 10 and (g_on > 600 and after == lates if starved else first < 500 and g_on < 400)
                fails += not ok
                print("%s %s-late-%d: end gap %d (warps %s after it), late warps' t0 by %d; span %d, H100 %d (%+.1f%%)"
                      % ("ok  " if ok else "FAIL", kind, late, g_on, ",".join(map(str, sorted(after))), first, span,
                         hw, err))
        # pick.young_upto 8 (fmi44): at 1024 threads the H100 starves hf's last warp (span 4633 against fm's 4235)
        # and not fm's or amu's, whose slot-a value the IMAD beside them reads (ptxas's reuse flag)
        four = os.path.join(tmp, "four.preset")
        with open(four, "w") as f:
            f.write("ifetch.line 0\npick.young 2\npick.young_upto 4\n")
        for kind in STARVE:
            s_on, s_four = ends(ws, ptx, kind, on, block=1024), ends(ws, ptx, kind, four, block=1024)
            (g_on, after), (g_four, _) = gap(s_on), gap(s_four)
            span = max(t1 for _, t1 in s_on) - min(t0 for t0, _ in s_on)
            hw = hw_span(os.path.join(raw, "probe", kind + ".txt"), 1024)
            err = (span - hw) / hw * 100
            ok = g_four < 300 and abs(err) <= 5 and (g_on > 300 if kind == "hf" else g_on < 300)
            fails += not ok
            print("%s %s at 1024: end gap %d (warps %s after it), pick.young_upto 4 %d; span %d, H100 %d (%+.1f%%)" %
                  ("ok  " if ok else "FAIL", kind, g_on, ",".join(map(str, sorted(after))), g_four, span, hw, err))
    return 1 if fails else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
