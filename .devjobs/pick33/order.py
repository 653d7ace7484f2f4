#!/usr/bin/env python3
"""order.py RAW [WARPSIM [PRESET ...]] (pick33): each warp's 33 stamps (RAW: the job's tarball unpacked, its pick33/;
or dep35's RAW/pick33, with RAW/pick33/probe_pick33.ptx from `nvcc -arch=sm_90 -O3 -ptx` of probe_pick33.cu for WARPSIM)
summed up per kind and block, launches 1-9: per sub-partition (%warpid mod 4) the mean run, how many segments in a row
one warp ends before another warp of its sub-partition ends one (32: one warp at a time, greedy; 1: turns, a round
robin), the order its warps start (s0) and end (s32), and the span. With WARPSIM, the same of warpsim's run of the
job's PTX (warp w on sub-partition w mod 4), once for each PRESET (none: the built-in sm_90)."""
import collections, os, statistics, subprocess, sys

NSEG = 32
KINDS = ("ind", "dep", "fm", "loop")
KERNEL = {"ind": "_Z2pkILi0EEvPyPjjj", "dep": "_Z2pkILi1EEvPyPjjj", "fm": "_Z2pkILi2EEvPyPjjj",
          "loop": "_Z2pkILi3EEvPyPjjj"}


def device(path):
    """{(block, launch): [(warp, sub-partition, [stamps])]}"""
    per = collections.defaultdict(list)
    for line in open(path):
        f = line.split()
        if len(f) == 5 + NSEG + 1 and f[0].isdigit():
            block, la, w, wid, _ = map(int, f[:5])
            per[(block, la)].append((w, wid % 4, [int(x) for x in f[5:]]))
    return per


def runs(warps):
    """Mean run length over the sub-partitions, the start and end orders of sub-partition 0's warps, the span."""
    out, lens = [], []
    by_sp = collections.defaultdict(list)
    for w, sp, st in warps:
        by_sp[sp].append((w, st))
    for sp, ws in sorted(by_sp.items()):
        ev = sorted((st[i], w) for w, st in ws for i in range(1, NSEG + 1))
        n, last = 0, None
        for _, w in ev:
            n += w != last
            last = w
        lens.append(len(ev) / n)
    ws0 = by_sp[min(by_sp)]
    start = [w for w, st in sorted(ws0, key=lambda x: x[1][0])]
    end = [w for w, st in sorted(ws0, key=lambda x: x[1][NSEG])]
    span = max(st[NSEG] for w, sp, st in warps) - min(st[0] for w, sp, st in warps)
    return statistics.mean(lens), start, end, span


def warpsim(ws, ptx, kind, block, preset):
    n = block // 32
    words = n * (NSEG + 3)
    cmd = [ws, "run", ptx, "--kernel", KERNEL[kind], "--grid", "1", "--block", str(block), "o=u64[%d]" % words,
           "sink=u32[1024]", "a=u32:3", "b=u32:5", "--all-values"] + (["--preset", preset] if preset else [])
    out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split("\n")
    i = out.index("== o u64[%d]" % words) + 1
    vals = []
    while len(vals) < words:
        vals += [int(v) for v in out[i].split()]
        i += 1
    base = vals[0]
    return [(w, w % 4, [v - base for v in vals[w * (NSEG + 3):w * (NSEG + 3) + NSEG + 1]]) for w in range(n)]


def main(argv):
    raw = argv[1]
    ws = argv[2] if len(argv) > 2 else None
    presets = argv[3:] or [None]
    ptx = os.path.join(raw, "probe_pick33.ptx")
    print("| kind | block | device: mean run, sp 0's start order, end order, span | " +
          " | ".join("warpsim %s" % (os.path.basename(p) if p else "sm_90") for p in presets if ws) + " |")
    for kind in KINDS:
        path = os.path.join(raw, "probe", kind + ".txt")
        if not os.path.exists(path):  # dep35's job: RAW/pick33/KIND.txt, ind, dep and fm alone
            path = os.path.join(raw, kind + ".txt")
        if not os.path.exists(path):
            continue
        per = device(path)
        for block in (128, 256, 512, 1024):
            la = [runs(per[(block, l)]) for l in range(1, 10) if (block, l) in per]
            if not la:
                continue
            mid = la[len(la) // 2]
            row = "| %s | %d | %.1f, %s, %s, %d |" % (kind, block, statistics.median(x[0] for x in la), mid[1],
                                                         mid[2], statistics.median(x[3] for x in la))
            for p in presets if ws else []:
                r = runs(warpsim(ws, ptx, kind, block, p))
                row += " %.1f, %s, %s, %d |" % r
            print(row)


if __name__ == "__main__":
    main(sys.argv)
