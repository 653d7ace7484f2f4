#!/usr/bin/env python3
"""grid54.py RAW [OUT] (beside54): every policy of policy54.families() on
  (1) seq54.py: the share of straight-line chunks past the window wrong (launches 0, 1, 2, 5; and without launch 1),
      with lru53's 24 lines past the end (X 24) and with 48;
  (2) brun54.py: region B's missed lines (launches 2-9) alone, as a pair and beside A (warps by time, in-flight
      requests merged, load address mod 16 KiB 0x1700 as beside53.py's; the count does not depend on it), with
      lru53's stream (X 24, nothing past the regions' branches) and with X 48 and 24 lines past each region's branch.
Writes OUT (results/grid54.tsv) and prints each family's best. The card: B alone 298 missed lines by segments (213 by
spans), as a pair 279, beside A 158 (104): beside / alone 0.53 (0.49), pair / alone 0.94.
RAW: a folder holding fwin53/ and fwin54/ (the h100u and h100v tarballs unpacked). About 6 minutes on one core."""
import os, sys
import brun54, policy54, seq54

BASE = 0x1700
RATIO = 0.51  # beside / alone, between the segments' 0.53 and the spans' 0.49
STREAMS = {"x24": dict(past_end=24, ahead=0), "x48": dict(past_end=48, ahead=24)}
COLS = ["family", "policy", "seq24", "seq24_noL1", "seq48", "seq48_noL1"] + [
    "%s_%s" % (s, c) for s in STREAMS for c in ("alone", "pair", "beside", "segerr")]


def ratio_miss(row, s):
    """how far a row's B runs are from the card's shape: |beside / alone - 0.51| + |pair / alone - 0.94|"""
    alone = max(row[s + "_alone"], 1)
    return abs(row[s + "_beside"] / alone - RATIO) + abs(row[s + "_pair"] / alone - 0.94)


def main(argv):
    raw = argv[1] if len(argv) > 1 else "/tmp/b54"
    out = argv[2] if len(argv) > 2 else os.path.join(os.path.dirname(os.path.abspath(__file__)), "results/grid54.tsv")
    os.makedirs(os.path.dirname(out), exist_ok=True)
    data = seq54.load(raw)
    card = {n: brun54.card_missed(n) for n in brun54.CARD}
    rows = []
    with open(out, "w") as f:
        f.write("\t".join(COLS) + "\n")
        for fam, factories in policy54.families():
            for fac in factories:
                row = {"family": fam, "policy": fac().name()}
                row["seq24"], row["seq24_noL1"], _ = seq54.score(data, fac, past_end=24)
                row["seq48"], row["seq48_noL1"], _ = seq54.score(data, fac, past_end=48)
                for s, kw in STREAMS.items():
                    err = 0.0
                    for name, key in (("b-128", "alone"), ("bb-256", "pair"), ("b1-256", "beside")):
                        model, _ = brun54.run(fac, name, BASE, **kw)
                        row["%s_%s" % (s, key)] = sum(model)
                        err += sum(abs(m - c) for m, c in zip(model, card[name])) / 16 / 3
                    row[s + "_segerr"] = err
                rows.append(row)
                f.write("\t".join(v if isinstance(v, str) else "%.4g" % v for v in (row[c] for c in COLS)) + "\n")

    def show(label, r, s):
        print("  %-34s %-34s (1) X24 %.4f / %.4f, X48 %.4f | (2) %s: alone %.0f pair %.0f beside %.0f (%.2f) seg.err %.1f"
              % (label, r["policy"], r["seq24"], r["seq24_noL1"], r["seq48"], s, r[s + "_alone"], r[s + "_pair"],
                 r[s + "_beside"], r[s + "_beside"] / max(r[s + "_alone"], 1), r[s + "_segerr"]))

    for fam, _ in policy54.families():
        fr = [r for r in rows if r["family"] == fam]
        print(fam)
        show("best (1)", min(fr, key=lambda r: (r["seq24"], ratio_miss(r, "x24"))), "x24")
        show("best (2) shape, lru53's stream", min(fr, key=lambda r: (ratio_miss(r, "x24"), r["seq24"])), "x24")
        ok = [r for r in fr if r["seq24"] <= 0.03] or fr
        show("best (2) shape with (1) <= 3%", min(ok, key=lambda r: (ratio_miss(r, "x24"), r["seq24"])), "x24")
        show("best (2) segments, X 48 stream", min(fr, key=lambda r: r["x48_segerr"]), "x48")


if __name__ == "__main__":
    main(sys.argv)
