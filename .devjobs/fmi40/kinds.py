#!/usr/bin/env python3
"""fmi40's table of h200f's mad19 kinds at 8 warps a sub-partition (docs/calibration.md "(fmi40)"): per kind, ptxas's
reuse flags in the region (mad19_KIND of probe_mad19.sass), the card's cycles an op (first launch: span / (8 x ops)),
the t0 and end spreads (median over the 4 sub-partitions), how much later slots 0-3 end than slots 4-7 (mean, median
sub-partition), and sub-partition 0's slots in the order they ended.

usage: kinds.py [TARBALL]   (default tests/calibration/device-2026-12-06-h200f-mad19.tar.xz; set a, 1024 threads)"""
import os
import sys
import tarfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "../../tests/calibration/probes"))
import sass_text  # noqa: E402

KINDS = ["fm", "lm", "lf", "ml", "mfi", "lfi", "fli", "fmi", "fl", "mf", "ffm", "mff"]


def median(v):
    return sorted(v)[len(v) // 2 - (1 - len(v) % 2)]  # the lower middle of an even count, as fmi38's readers


def main(a):
    path = a[0] if a else os.path.join(HERE, "../../tests/calibration/device-2026-12-06-h200f-mad19.tar.xz")
    with tarfile.open(path) as tar:
        listing = sass_text.member(tar, "*/probe_mad19.sass")
        print("| kind | ops | reuse flags | cycles an op | t0 spread | end spread | slots 0-3 end later by | end order (sp 0) |")
        print("| --- | ---: | ---: | ---: | ---: | ---: | ---: | --- |")
        for kind in KINDS:
            ins = sass_text.function(listing, "mad19_" + kind)
            c = sass_text.clock_reads(ins)
            region = ins[c[2] + 1:c[-1]]
            flags = sum(bin(x.reuse).count("1") for x in region)
            rows = [r.split() for r in sass_text.member(tar, "*/probe/%s-a.txt" % kind).split("\n")]
            rows = [[int(f) for f in r] for r in rows if len(r) == 8 and r[0] == "1024" and r[1] == "0"]
            base = min(r[4] for r in rows)
            span = max(r[5] for r in rows) - base
            sps = [[(r[6] // 4, r[4] - base, r[5] - base) for r in rows if r[6] % 4 == k] for k in range(4)]
            t0s = median([max(w[1] for w in s) - min(w[1] for w in s) for s in sps])
            ends = median([max(w[2] for w in s) - min(w[2] for w in s) for s in sps])
            late = median([sum(w[2] for w in s if w[0] < 4) / 4 - sum(w[2] for w in s if w[0] >= 4) / 4 for s in sps])
            order = " ".join(str(w[0]) for w in sorted(sps[0], key=lambda w: w[2]))
            print("| %s | %d | %d | %.2f | %d | %d | %d | %s |" % (kind, len(region), flags, span / 8 / len(region), t0s,
                                                                   ends, late, order))


if __name__ == "__main__":
    main(sys.argv[1:])
