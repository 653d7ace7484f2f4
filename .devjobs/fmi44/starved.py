#!/usr/bin/env python3
"""fmi44's reader of fmi40's stamps (docs/calibration.md "(fmi44)"): per stamped kind and block, over the launches
(median), how long the slot of each sub-partition that passes its first stamp last waits (its s1 against the median
s1 of the others), when the others are done (their median end) and when it ends, and the span.

usage: starved.py RAW/fmi40   (the unpacked tarball: RAW/fmi40/probe/fmi-sN.txt)"""
import collections
import os
import statistics
import sys


def rows(path):
    by, block = collections.defaultdict(list), None
    for line in open(path):
        f = line.split()
        if f[:1] == ["block"]:
            block = int(f[1])
        elif f and f[0].isdigit() and block:
            by[(block, int(f[0]))].append((int(f[-2]), [int(x) for x in f[3:-2]]))
    return by


def main(raw):
    print("| kind | block | span | the late slot's s1 | the others' s1 | the others' end | the late slot's end | late slot (sp 0) |")
    print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
    for kind in ("fmi-s4", "fmi-s8", "fmi-s16", "fmi-s32"):
        by = rows(os.path.join(raw, "probe", kind + ".txt"))
        for block in sorted({b for b, _ in by}):
            if block < 512:
                continue
            acc = collections.defaultdict(list)
            for (b, la), ws in by.items():
                if b != block:
                    continue
                base = min(s[0] for _, s in ws)
                acc["span"].append(max(s[-1] for _, s in ws) - base)
                for sp in range(4):
                    mine = sorted((s[1] - base, wid, s[-1] - base) for wid, s in ws if wid % 4 == sp)
                    late, rest = mine[-1], mine[:-1]
                    acc["s1"].append(late[0])
                    acc["rs1"].append(statistics.median(r[0] for r in rest))
                    acc["rend"].append(statistics.median(r[2] for r in rest))
                    acc["end"].append(late[2])
                    if sp == 0:
                        acc["slot"].append(late[1])
            m = lambda k: statistics.median(acc[k])  # noqa: E731
            print("| %s | %d | %d | %d | %d | %d | %d | %s |" % (
                kind, block, m("span"), m("s1"), m("rs1"), m("rend"), m("end"),
                " ".join(str(x) for x in sorted(set(acc["slot"])))))


if __name__ == "__main__":
    main(sys.argv[1])
