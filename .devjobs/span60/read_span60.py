#!/usr/bin/env python3
"""read_span60.py FILE [BLOCK] (span60): launch by launch, which warp of each sub-partition falls behind in
probe_fwin40's runs at 3 or 4 warps a sub-partition. FILE: a run of a card's fwin40 job (fwin40/probe/NAME.txt) or
seq60's output with `stamps` (the same lines). Per launch: its span, then per sub-partition (a letter): '-' where every
staying slot runs its 16 segments without a gap of more than HELD cycles (the warps share the issue to the end), else
the slot that waited longest, the segment it waited in (1-16; 1: it ran nothing of the region until then; 0: it
was held before its t0, the region's first stamp, as warpsim's pick.far_order holds it), the
cycle that segment ended (~C: the warp's release) and its pace after (cycles a line over its remaining segments). docs/calibration.md "(span60)"."""
import collections, os, statistics, sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "fwin40"))
from read_fwin40 import LINES, load  # noqa: E402

HELD = 2500  # a segment (32 lines) at 3 warps sharing the issue takes 257-1100 cycles; a warp held for the pair 8000


def shape(ws):
    """(slot, segment, its end, pace after) of the sub-partition's warp that waited longest, or None."""
    worst = None
    for _, wid, _, st in ws:
        gaps = [st[0]] + [st[i] - st[i - 1] for i in range(1, len(st))]  # st[0]: t0 from the launch's first t0
        g = max(gaps)
        if g > HELD and (worst is None or g > worst[0]):
            seg = gaps.index(g)
            after = (st[-1] - st[seg]) / ((len(st) - 1 - seg) * LINES) if seg < len(st) - 1 else float("nan")
            worst = (g, wid // 4, seg, st[seg], after)
    return worst and worst[1:]


def launches(path, block=None):
    """[(block, launch, span, [per sub-partition: shape or None])]"""
    per, spans = load(path)
    out = []
    for (b, la) in sorted(per):
        if block and b != block:
            continue
        bysp = collections.defaultdict(list)
        for w in per[(b, la)]:
            bysp[w[1] % 4].append(w)
        out.append((b, la, spans[b][la] if b in spans else None, [shape(bysp[sp]) for sp in sorted(bysp)]))
    return out


def main(argv):
    for b, la, span, sh in launches(argv[1], int(argv[2]) if len(argv) > 2 else None):
        cells = ["-" if s is None else "s%d@%d~%d %.1f" % s for s in sh]
        print("block %d launch %d span %s: %s" % (b, la, span, " | ".join(cells)))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
