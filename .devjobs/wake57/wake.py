#!/usr/bin/env python3
"""wake.py (wake57): fwin40 b03's slot 0 (region B) on each card, cycles a line per 32-line segment, launches 1-9,
every sub-partition: the segments it runs after region A's two slots have ended while slot 3 (region B, ahead of it)
still runs ("in slot 3's wake"), and those after slot 3's end. Against warpsim's 16 (ifetch.far_line) there.

usage: wake.py CARD_DIR... (each a device-2026-12-07-<card>-fwin40.tar.xz unpacked: CARD_DIR/fwin40/probe/b03.txt)"""
import os, statistics, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fwin40"))
from read_fwin40 import load  # noqa: E402


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    for card in argv[1:]:
        per, _ = load(os.path.join(card, "fwin40", "probe", "b03.txt"))
        wake, after = [], []
        for (block, launch), rows in per.items():
            if block != 512 or not 1 <= launch <= 9:
                continue
            for sp in range(4):
                slots = {wid // 4: st for (_, wid, _, st) in rows if wid % 4 == sp}
                s0, s3 = slots[0], slots[3]
                a_end = max(slots[1][16], slots[2][16])
                for k in range(1, 17):
                    if s0[k - 1] >= a_end:
                        (wake if s0[k] <= s3[16] else after).append((s0[k] - s0[k - 1]) / 32)
        q = lambda xs: "median %.2f mean %.2f (%d)" % (statistics.median(xs), statistics.mean(xs), len(xs))
        print("%s: in slot 3's wake %s; after slot 3's end %s" % (os.path.basename(card.rstrip("/")), q(wake), q(after)))


if __name__ == "__main__":
    main(sys.argv)
