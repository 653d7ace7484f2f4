#!/usr/bin/env python3
"""shapes53.py (fit53): over the whole modulo grid (and the folded index at base 0), which models make the card's
launch-to-launch shapes at all, whatever their error: a model's kept shares, not its cycles.
  L1!=L2: launch 1 keeps another set of B's lines than launch 2 (mean |share difference| >= 0.1, any run);
  (a): B's first segment of each period (1, 5, 9, 13) kept at most 25% in launches 2-9, all 13 back-to-back runs,
       and the other segments at least 40% (the card's: fast or partial; a model that keeps nothing is not (a));
  (b): launch 1 keeps segments 5-6 and 13-14 of p:b-128 and o:b-128 (the card's 32 KiB period) by 0.5 more than
       launch 2, and segments 1-2, 9-10 within 0.25 of it;
  (c): two shapes by turns: some run's launches 2 and 3 differ by >= 0.2 (mean share) where 2 and 4 agree (<= 0.05).
usage: shapes53.py   (counts per policy, and the first models that pass (b) or (c))"""
import collections, itertools

import fit53


def mean(xs):
    return sum(xs) / len(xs)


def flags(m):
    d = lambda lab, a, b, ks=range(16): mean([abs(m[lab][a][k] - m[lab][b][k]) for k in ks])
    l1 = any(d(lab, 1, 2) >= 0.1 for lab in m)
    rest = [k for k in range(16) if k % 4]
    a = all(m[lab][la][k] <= 0.25 for lab in fit53.SCORED for la in range(2, 10) for k in (0, 4, 8, 12)) and all(
        mean([m[lab][la][k] for k in rest]) >= 0.4 for lab in fit53.SCORED for la in range(2, 10))
    b = all(mean([m[lab][1][k] - m[lab][2][k] for k in (4, 5, 12, 13)]) >= 0.5
            and d(lab, 1, 2, (0, 1, 8, 9)) <= 0.25 for lab in ("p:b-128", "o:b-128"))
    c = any(d(lab, 2, 3) >= 0.2 and d(lab, 2, 4) <= 0.05 for lab in m)
    return l1, a, b, c


def main():
    R = fit53.Runs()
    count = collections.defaultdict(lambda: [0, 0, 0, 0, 0])
    hits = []
    for pol, s, w, line, n, idx in itertools.product(fit53.POLICIES, [16, 32, 64, 128, 256, 512, 1024],
                                                    [2, 3, 4, 6, 8, 12, 16], [64, 128, 256], [0, 2, 8],
                                                    ["mod", "xor"]):
        if s * w * line > 256 * 1024 or (pol == "plru" and w & (w - 1)):
            continue
        m = fit53.model_of(R, (pol, s, w, line, n, idx))
        f = flags(m)
        c = count[pol]
        c[0] += 1
        for i, x in enumerate(f):
            c[i + 1] += x
        if (f[2] or f[3]) and len(hits) < 20:
            hits.append((pol, s, w, line, n, idx, f))
    print("policy: models, L1!=L2, (a), (b), (c)")
    for pol, c in count.items():
        print(f"{pol}: {c[0]}, {c[1]}, {c[2]}, {c[3]}, {c[4]}")
    for h in hits:
        print("passes (b) or (c):", h)


if __name__ == "__main__":
    main()
