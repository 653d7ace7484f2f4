#!/usr/bin/env python3
"""report54.py RAW (beside54): the candidates grid54.py leaves, segment by segment against the card, and how they
move with the warps' order (by time / line for line), in-flight merging and the stream (X lines past the end, R past
each region's branch); their straight-line errors run by run. RAW as grid54.py's."""
import os, statistics, sys
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "../fwin40"))
import read_fwin40
import brun54, policy54, seq54
from policy54 import RRIP, Stack

CANDIDATES = [("LRU (lru53)", lambda: Stack(8, 7, 7, 7, 'k')),
              ("demote (keep53)", lambda: Stack(8, 0, 7, 7, 'keep')),
              ("hit to k 6, prefetch hit kept", lambda: Stack(8, 6, 7, 7, 'keep')),
              ("RRIP 2b, insert 0, hit -> 1", lambda: RRIP(8, 3, 0, 0, 1, 'keep')),
              ("RRIP 2b, insert 2, hit -> 1", lambda: RRIP(8, 3, 2, 2, 1, 'keep')),
              ("RRIP 2b, insert 1, hit -> 0", lambda: RRIP(8, 3, 1, 1, 0, 'keep'))]


def segs(xs):
    return " ".join("%2.0f" % x for x in xs)


def card_by_launch(raw, run, role):
    """the card's B missed lines launch by launch (1-9) from the h100o's spans of ROLE's warps, at the brief's 17.6 a
    kept line and 46 a missed one (b-128's 15063 as 213 missed: 0 missed would be 9014)"""
    per, spans = read_fwin40.load("%s/fwin46/probe/%s.txt" % (raw, run))
    block = sorted(spans)[0]
    out = []
    for la in range(1, 10):
        ends = [st[-1] - st[0] for w, wid, r, st in per[(block, la)] if r == role]
        out.append((statistics.median(ends) - 9014) / 28.4)
    return out


def main(argv):
    raw = argv[1] if len(argv) > 1 else "/tmp/b54"
    data = seq54.load(raw)
    if os.path.isdir(raw + "/fwin46"):
        for run in ("b-128", "b1-256"):
            print("card %s B missed by launch 1-9 (spans): %s" % (run, " ".join("%.0f" % x for x in card_by_launch(raw, run, 3))))
    print("missed lines a segment (B's 16; launches 2-9 mean), total")
    for name in brun54.CARD:
        c = brun54.card_missed(name)
        print("  %-34s %-7s %s  %.0f" % ("card h100o", name, segs(c), sum(c)))
    for label, fac in CANDIDATES:
        s1 = seq54.score(data, fac, past_end=24)
        s48 = seq54.score(data, fac, past_end=48)
        worst = sorted(s1[2].items(), key=lambda kv: -kv[1])[:3]
        print("%s: %s; (1) X24 %.4f (no L1 %.4f), X48 %.4f; worst %s" % (
            label, fac().name(), s1[0], s1[1], s48[0], ", ".join("%s %.2f" % kv for kv in worst)))
        for kw_label, kw in (("time, merge, X24", dict(past_end=24)),
                             ("line for line, merge, X24", dict(past_end=24, by_time=False)),
                             ("time, no merge, X24", dict(past_end=24, merge=False)),
                             ("time, merge, X48 R24", dict(past_end=48, ahead=24))):
            tot = []
            for name in brun54.CARD:
                by_time = kw.get("by_time", True)
                k = {a: b for a, b in kw.items() if a != "by_time"}
                m, per_launch = brun54.run(fac, name, 0x1700, by_time, **k)
                tot.append(sum(m))
                if name == "b1-256" or kw_label.startswith("time, merge, X24"):
                    print("  %-34s %-7s %s  %.0f  (launches 1-9 %s)" % (kw_label, name, segs(m), sum(m),
                                                                   " ".join(map(str, per_launch[1:10]))))
            print("  %-34s alone %.0f pair %.0f beside %.0f: beside / alone %.2f" % (kw_label, tot[0], tot[1], tot[2],
                                                                                      tot[2] / max(tot[0], 1)))


if __name__ == "__main__":
    main(sys.argv)
