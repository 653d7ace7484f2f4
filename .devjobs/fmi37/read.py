#!/usr/bin/env python3
"""fmi37's reader (docs/calibration.md "(fmi37)"; pick35's read.py with 16 segments, the kind fmi and 1024 threads): per sub-partition (%warpid mod 4) of one launch, each warp's first
and last stamp (s1, s32, relative to the block's first s0) and its kind in mix (m: mfi's segments, i: IMADs alone); the
mean run (segments a warp ends in a row before another warp of its sub-partition ends one) and the span.

usage: read.py RAW.txt [LAUNCH]            the device's lines ("block launch warp warpid smid s0 ... s32")
       read.py --warpsim WARPSIM PTX KIND [PRESET]   warpsim's (kind mfi, mix or fmi; 256, 512, 1024 threads)"""
import collections, subprocess, sys

NSEG = 16


def report(block, warps, mix):
    """warps: [(warp, warpid, [s0..s32])]; mix: mark each warp m (mfi's segments) or i (IMADs alone)"""
    base = min(s[0] for _, _, s in warps)
    sp = collections.defaultdict(list)
    for w, wid, s in warps:
        sp[wid % 4].append((w, s))
    runs = []
    for k in sorted(sp):
        ev = sorted((t, w) for w, s in sp[k] for t in s[1:])
        r, last = 0, None
        for _, w in ev:
            if w != last:
                runs.append(r) if last is not None else None
                r, last = 0, w
            r += 1
        runs.append(r)
    k0 = sorted(sp)[0]
    desc = " ".join("w%d%s %d-%d" % (w, ("i" if (w // 4) % 2 else "m") if mix else "", s[1] - base, s[NSEG] - base)
                    for w, s in sorted(sp[k0], key=lambda x: x[1][1]))
    span = max(s[NSEG] for _, _, s in warps) - base
    # while every warp of sub-partition k0 is in the region (after the last one's first stamp, before the first one's
    # last): the cycles a segment of the sub-partition (8 ops a segment; 4 pairs, or 8 IMADs in mix's i warps)
    lo = max(s[1] for _, s in sp[k0])
    hi = min(s[NSEG] for _, s in sp[k0])
    done = sum(sum(1 for t in s[1:] if lo < t <= hi) for _, s in sp[k0])
    rate = ", %.1f cycles a segment with all %d in" % ((hi - lo) / done, len(sp[k0])) if done and hi > lo else ""
    print("%d threads: sp %d [%s], mean run %.1f, span %d%s" % (block, k0, desc, sum(runs) / len(runs), span, rate))


def device(path, launch):
    by = collections.defaultdict(list)
    for line in open(path):
        f = line.split()
        if len(f) != 5 + NSEG + 1 or not f[0].isdigit():
            continue
        if int(f[1]) == launch:
            by[int(f[0])].append((int(f[2]), int(f[3]), [int(x) for x in f[5:]]))
    for b in sorted(by):
        report(b, by[b], "mix" in path.split("/")[-1])


def warpsim(ws, ptx, kind, preset):
    name = {"mfi": "_Z2pkILi0EEvPyPjjj", "mix": "_Z2pkILi1EEvPyPjjj", "fmi": "_Z2pkILi2EEvPyPjjj"}[kind]
    for block in (256, 512, 1024):
        nw = block // 32
        cmd = [ws, "run", ptx, "--kernel", name, "--grid", "1", "--block", str(block),
               "o=u64[%d]" % (nw * (NSEG + 3)), "sink=u32[%d]" % block, "ka=u32:3", "kb=u32:5", "--all-values"]
        if preset:
            cmd += ["--preset", preset]
        out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split("\n")
        i = out.index("== o u64[%d]" % (nw * (NSEG + 3))) + 1
        vals = []
        while len(vals) < nw * (NSEG + 3):
            vals += [int(x) for x in out[i].split()]
            i += 1
        warps = [(w, vals[w * (NSEG + 3) + NSEG + 1], vals[w * (NSEG + 3):w * (NSEG + 3) + NSEG + 1]) for w in range(nw)]
        report(block, warps, kind == "mix")


if __name__ == "__main__":
    a = sys.argv[1:]
    if a and a[0] == "--warpsim" and len(a) in (4, 5):
        warpsim(a[1], a[2], a[3], a[4] if len(a) == 5 else None)
    elif len(a) in (1, 2) and a[0] != "--warpsim":
        device(a[0], int(a[1]) if len(a) == 2 else 1)
    else:
        sys.exit(__doc__)
