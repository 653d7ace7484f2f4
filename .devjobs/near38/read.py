#!/usr/bin/env python3
"""near38's reader (docs/calibration.md "(near38)"): per block of one launch, sub-partition 0's warps (%warpid mod 4)
in start order with t0-t1 (cycles from the block's first t0), the span, the t0 spread of each sub-partition (median
over the four: the prologue's spread), and the last end's lead over the next (median over the four sub-partitions:
~0 when the warps end together, a few hundred when the last warp is starved, as fm's on h200f).

usage: read.py RAW/near38/probe/KIND.txt [LAUNCH]       the device's lines (LAUNCH 0, the first, by default)
       read.py --warpsim WARPSIM PTX KIND                warpsim's (cold at 1024, warm with ifetch.line 0 at 128-512, as
                                                         check_device_jobs.py), PTX .devjobs/near38/probe_near38.ptx"""
import collections, os, re, statistics, subprocess, sys, tempfile

BLOCKS = (128, 256, 512, 1024)


def report(block, warps):
    """warps: [(warp, t0, t1, warpid)]"""
    base = min(w[1] for w in warps)
    sp = collections.defaultdict(list)
    for w, t0, t1, wid in warps:
        sp[wid % 4].append((t0 - base, t1 - base, w))
    spread = statistics.median(max(x[0] for x in v) - min(x[0] for x in v) for v in sp.values())
    ends = [sorted(x[1] for x in v) for v in sp.values() if len(v) > 1]
    lead = statistics.median(e[-1] - e[-2] for e in ends) if ends else 0
    k0 = sorted(sp)[0]
    desc = ", ".join("w%d %d-%d" % (w, a, b) for a, b, w in sorted(sp[k0]))
    span = max(w[2] for w in warps) - base
    print("%4d: span %5d, t0 spread %3d, last end's lead %4d | sp %d: %s" % (block, span, spread, lead, k0, desc))


def device(path, launch):
    by = collections.defaultdict(list)
    for line in open(path):
        f = line.split()
        if len(f) != 8 or not f[0].isdigit():
            continue
        block, la, _, w, t0, t1, wid, _ = map(int, f)
        if la == launch:
            by[block].append((w, t0, t1, wid))
    for b in sorted(by):
        report(b, by[b])


def warpsim(ws, ptx, kind):
    # the PTX's entries in probe_near38.cu's KINDS order
    names = re.findall(r"\.entry (\w+)", open(ptx).read())
    kinds = re.findall(r"^    F\((\w+), ", open(ptx[:-4] + ".cu").read(), re.M)
    name = names[kinds.index(kind)]
    with tempfile.TemporaryDirectory() as tmp:
        warm = os.path.join(tmp, "warm.preset")
        open(warm, "w").write("ifetch.line 0\n")
        for block in BLOCKS:
            nw = block // 32
            cmd = [ws, "run", ptx, "--kernel", name, "--grid", "1", "--block", str(block), "out=u64[%d]" % (4 * nw),
                   "sink=u32[%d]" % block, "a=u32:3", "b=u32:5", "s=u32:0", "l=u32:%d" % 0xffffffff]
            if block <= 512:
                cmd += ["--preset", warm]
            out = subprocess.run(cmd, capture_output=True, text=True, check=True).stdout.split("\n")
            i = out.index("== out u64[%d]" % (4 * nw)) + 1
            vals = []
            while len(vals) < 4 * nw:
                vals += [int(x) for x in out[i].split()]
                i += 1
            report(block, [(w, vals[4 * w], vals[4 * w + 1], vals[4 * w + 2]) for w in range(nw)])


if __name__ == "__main__":
    a = sys.argv[1:]
    if len(a) == 4 and a[0] == "--warpsim":
        warpsim(a[1], a[2], a[3])
    elif len(a) in (1, 2) and a[0] != "--warpsim":
        device(a[0], int(a[1]) if len(a) == 2 else 0)
    else:
        sys.exit(__doc__)
