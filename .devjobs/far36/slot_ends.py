#!/usr/bin/env python3
"""slot_ends.py RAW (far36): probe_far35's stamps (RAW: far35/ of the job's tarball, or warpsim_far35.py's OUTDIR) by
slot (%warpid / 4) instead of by start rank: per size, spmask and block (launches 1-9), the most common end orders of
each sub-partition's slots and each slot's median end of segment 1 and of segment 32 (cycles from the launch's first
t0). A slot whose segment 1 ends near its last segment's start waited from t0 until the warps before it ended."""
import collections, os, statistics, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "far35"))
import read_far35

CASES = [(1024, 15, (512, 1024)), (2816, 15, (512,)), (3328, 15, (512,)), (4096, 15, (384, 512, 1024)),
         (6144, 15, (512, 1024)), (4096, 1, (512, 1024)), (4096, 3, (512, 1024)), (4096, 5, (512, 1024))]


def main(raw):
    for n, m, blocks in CASES:
        per = read_far35.load(os.path.join(raw, "probe", "n%d-m%d.txt" % (n, m)))
        for block in blocks:
            orders = collections.Counter()
            first, end = collections.defaultdict(list), collections.defaultdict(list)
            for la in range(1, 10):
                ws = [x for x in per.get((block, la), []) if x[2][0] >= 0]
                for sp in range(4):
                    mine = sorted((x for x in ws if x[1] % 4 == sp), key=lambda x: x[2][-1])
                    if not mine:
                        continue
                    orders["".join(str(x[1] // 4) for x in mine)] += 1
                    for x in mine:
                        first[x[1] // 4].append(x[2][1])
                        end[x[1] // 4].append(x[2][-1])
            if not end:
                continue
            print("N %d (%d KiB) spmask %d block %d: end order by slot %s" %
                  (n, n * 16 // 1024, m, block, ", ".join("%s x%d" % oc for oc in orders.most_common(3))))
            print("  slot: segment 1 ends / segment 32 ends: " +
                  "  ".join("%d: %d/%d" % (s, statistics.median(first[s]), statistics.median(end[s])) for s in sorted(end)))


if __name__ == "__main__":
    main(sys.argv[1])
