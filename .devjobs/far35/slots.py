#!/usr/bin/env python3
"""slots.py RAW (far35): misc32's probe_fsw stamps (RAW: tests/calibration/device-2026-12-06-h100i-misc32.tar.xz
unpacked, misc32/) by slot (%warpid / 4; sub-partition %warpid mod 4): per size and block the end orders of each
sub-partition's warps by slot (launches 1-9, the three most common), the median end and t0 of each slot, and at 512 and
1024 threads the last warp's end less the first end of its sub-partition (cycles a line of the kernel's)."""
import collections, os, statistics, sys


def main(raw):
    for n in (1024, 2304, 4096, 6144):
        per = collections.defaultdict(list)
        for line in open(os.path.join(raw, "probe", "n%d.txt" % n)):
            f = line.split()
            if len(f) == 7 and f[0].isdigit():
                b, la, w, t0, t1, wid, sm = map(int, f)
                per[(b, la)].append((wid, t0, t1))
        for b in (256, 512, 1024):
            orders, ends, starts, solo = collections.Counter(), collections.defaultdict(list), \
                collections.defaultdict(list), []
            for la in range(1, 10):
                for sp in range(4):
                    mine = sorted((x for x in per[(b, la)] if x[0] % 4 == sp), key=lambda x: x[2])
                    orders[tuple(x[0] // 4 for x in mine)] += 1
                    solo.append(mine[-1][2] - mine[0][2])
                    for x in mine:
                        ends[x[0] // 4].append(x[2])
                        starts[x[0] // 4].append(x[1])
            print("N %d block %d: end orders by slot %s; median end by slot %s; t0 %s; last less first end %d (%.1f a "
                  "line)" % (n, b, orders.most_common(3), {s: int(statistics.median(v)) for s, v in sorted(ends.items())},
                             {s: int(statistics.median(v)) for s, v in sorted(starts.items())},
                             statistics.median(solo), statistics.median(solo) / (n / 8)))


if __name__ == "__main__":
    main(sys.argv[1])
