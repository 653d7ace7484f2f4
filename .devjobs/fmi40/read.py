#!/usr/bin/env python3
"""fmi40's reader (docs/calibration.md "(fmi40)"): when each warp of a sub-partition passed each stamp of mad19 fmi's
alternating IMAD/FFMA body, so that one sees where and in which order the 8 warps of a sub-partition part.

For one launch and block size, per sub-partition (%warpid mod 4), its warps by slot (%warpid): t0 and each stamp
s1..sS (sS = t1, after the xor), cycles less the block's first t0; then, per stamp, the order in which the
sub-partition's warps passed it (slots, first to last) and the spread (last - first); and the cycles a segment of the
sub-partition while all its warps are in the region (after the last warp's s1, before the first warp's sS-1).

usage: read.py RAW/fmi40/probe/KIND.txt [LAUNCH [BLOCK]]   the device's lines (default launch 1, every block)
       read.py --warpsim WARPSIM PTX KIND [PRESET [BLOCK]]  warpsim's (one cold launch)"""
import collections
import subprocess
import sys

SEGS = {"fmi-s0": 1, "fmi-s4": 4, "fmi-s8": 8, "fmi-s16": 16, "fmi-s32": 32}
NAME = {1: "_Z2knI5fmi_kLi0EEvPyPjjjjj"}


def name(segs):
    return NAME.get(segs, "_Z2knI6fmis_kLi%dEEvPyPjjjjj" % segs)


def report(block, warps, subs=(0,)):
    """warps: [(warp, warpid, [t0, s1..sS])], the clocks less the block's first t0"""
    sp = collections.defaultdict(list)
    for w, wid, s in warps:
        sp[wid % 4].append((wid, w, s))
    segs = len(warps[0][2]) - 1
    ends = sorted(s[-1] for _, _, s in warps)
    print("%d threads: span %d, ends %d-%d (spread %d)" % (block, ends[-1], ends[0], ends[-1], ends[-1] - ends[0]))
    for k in subs:
        ws = sorted(sp[k])
        print(" sub-partition %d: slot (warp) t0 s1..s%d" % (k, segs))
        for wid, w, s in ws:
            print("  %2d (w%d) %s" % (wid, w, " ".join("%5d" % t for t in s)))
        if segs > 1:
            print("  per stamp, the slots in the order they passed it [spread]:")
            for i in range(1, segs + 1):
                order = sorted(ws, key=lambda x: (x[2][i], x[0]))
                print("   s%-2d %s [%d]" % (i, " ".join("%2d" % x[0] for x in order), order[-1][2][i] - order[0][2][i]))
            lo, hi = max(s[1] for _, _, s in ws), min(s[segs - 1] for _, _, s in ws)
            done = sum(sum(1 for t in s[1:] if lo < t <= hi) for _, _, s in ws)
            if done and hi > lo:
                print("  %.1f cycles a segment of the sub-partition with all %d in (%d-%d)" % ((hi - lo) / done, len(ws),
                                                                                            lo, hi))


def device(path, launch, only):
    by, block = collections.defaultdict(list), None
    for line in open(path):
        f = line.split()
        if f[:1] == ["block"]:
            block = int(f[1])
        elif f and f[0].isdigit() and int(f[0]) == launch and block and (only is None or block == only):
            by[block].append((int(f[2]), int(f[-2]), [int(x) for x in f[3:-2]]))
    for b in sorted(by):
        report(b, by[b], (0, 1, 2, 3) if only else (0,))


def warpsim(ws, ptx, kind, preset, only):
    segs = SEGS[kind]
    for block in [only] if only else [b for b in (128, 256, 512, 1024) if segs < 32 or b <= 512]:
        nw, words = block // 32, segs + 3
        cmd = [ws, "run", ptx, "--kernel", name(segs), "--grid", "1", "--block", str(block), "o=u64[%d]" % (nw * words),
               "sink=u32[%d]" % block, "a=u32:3", "b=u32:5", "seed=u32:0", "late=u32:0xffffffff", "--all-values"]
        if preset:
            cmd += ["--preset", preset]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split("\n")
        i = out.index("== o u64[%d]" % (nw * words)) + 1
        vals = []
        while len(vals) < nw * words:
            vals += [int(x) for x in out[i].split()]
            i += 1
        base = min(vals[w * words] for w in range(nw))
        report(block, [(w, vals[w * words + segs + 1], [t - base for t in vals[w * words:w * words + segs + 1]])
                       for w in range(nw)], (0, 1, 2, 3) if only else (0,))


if __name__ == "__main__":
    a = sys.argv[1:]
    if a and a[0] == "--warpsim" and len(a) in (4, 5, 6):
        warpsim(a[1], a[2], a[3], a[4] if len(a) > 4 and a[4] != "-" else None, int(a[5]) if len(a) == 6 else None)
    elif 1 <= len(a) <= 3 and a[0] != "--warpsim":
        device(a[0], int(a[1]) if len(a) > 1 else 1, int(a[2]) if len(a) > 2 else None)
    else:
        sys.exit(__doc__)
