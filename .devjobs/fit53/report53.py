#!/usr/bin/env python3
"""report53.py (fit53): the best model of each policy family from fit53.py's grid (modulo index) and xor53.py's
(folded index, a base per module), re-run and checked: mean and max error a segment (launches 2-9 against the
card's medians; launch 1), the fitted rates, the share of B kept after a scrub (card: none), and the three shapes:
(a) B's first segment of each period (1, 5, 9, 13) slow in every placement (the model's L2-9 >= 1000 cycles there,
all 13 back-to-back runs, and the other segments under 1000 on average: not a model that keeps nothing), (b) launch 1 with a 32 KiB period and launches 2-9 with 16 KiB (the model's launch 1
differs between segments k and k+4 by over 150 on average and agrees between k and k+8, launch 2 agrees between k
and k+4, in the runs where the card shows it: p:b-128, o:b-128, p:b8-128), (c) launches that take two shapes by
turns (the model's launch 2 and 3 differ by over 100 a segment on average where launch 2 and 4 agree, any run).

usage: report53.py MOD.tsv XOR.tsv   (markdown rows on stdout)"""
import statistics, sys

import fit53

R = None


def best_rows(path):
    rows = [l.rstrip("\n").split("\t") for l in open(path)][1:]
    out = {}
    key = lambda r: (float(r[6]), int(r[4]), int(r[1]), int(r[2]), int(r[3]))  # ties: the smaller prefetch, cache
    for r in rows:
        if r[0] not in out or key(r) < key(out[r[0]]):
            out[r[0]] = r
    return {p: out[p] for p in fit53.POLICIES if p in out}


def preds(model, ck, cm):
    p = {}
    for lab in R.runs:
        nl = R.seglines[lab]
        p[lab] = [[nl[k] * (ck * model[lab][la][k] + cm * (1 - model[lab][la][k])) for k in range(16)]
                  for la in range(fit53.LAUNCHES)]
    return p


def mean(xs):
    return sum(xs) / len(xs)


def checks(p):
    a = all(p[lab][la][k] >= 1000 for lab in fit53.SCORED for la in range(2, 10) for k in (0, 4, 8, 12)) and all(
        mean([p[lab][la][k] for k in range(16) if k % 4]) < 1000 for lab in fit53.SCORED for la in range(2, 10))
    b = True
    for lab in ("p:b-128", "o:b-128", "p:b8-128"):
        l1, l2 = p[lab][1], p[lab][2]
        d4 = mean([abs(l1[k] - l1[k + 4]) for k in range(12)])
        d8 = mean([abs(l1[k] - l1[k + 8]) for k in range(8)])
        d42 = mean([abs(l2[k] - l2[k + 4]) for k in range(12)])
        b &= d4 > 150 and d8 < 75 and d42 < 75
    c = any(mean([abs(p[lab][2][k] - p[lab][3][k]) for k in range(16)]) > 100
            and mean([abs(p[lab][2][k] - p[lab][4][k]) for k in range(16)]) < 50 for lab in R.runs)
    return a, b, c


def row(r, kind):
    pol, s, w, line, n, idx = r[0], int(r[1]), int(r[2]), int(r[3]), int(r[4]), r[5]
    if idx == "xor":
        bases = dict(kv.split("=") for kv in r[13].split(","))
        model = {lab: R.kept(lab, pol, s, w, line, n, idx, int(bases[lab.split(":")[0]], 16)) for lab in R.runs}
    else:
        model = fit53.model_of(R, (pol, s, w, line, n, idx))
    l29, l1, ck, cm, per = fit53.score(R, model)
    p = preds(model, ck, cm)
    e29 = [abs(p[lab][la][k] - R.rows[lab][1][k]) for lab in fit53.SCORED for la in range(2, 10) for k in range(16)]
    e1 = [abs(p[lab][1][k] - R.rows[lab][0][k]) for lab in fit53.SCORED for k in range(16)]
    a, b, c = checks(p)
    yn = lambda x: "yes" if x else "no"
    return (f"| {pol} | {kind} | {s} x {w} x {line} B ({s * w * line // 1024} KiB) | {n} | {mean(e29):.0f} / "
            f"{max(e29):.0f} | {mean(e1):.0f} / {max(e1):.0f} | {per['s:b-pre128-e0']:.0f} / {per['o:a-128']:.0f} | {ck:.1f} / {cm:.1f} | "
            f"{fit53.scrub_kept(model):.2f} | {yn(a)} | {yn(b)} | {yn(c)} |")


def main():
    global R
    R = fit53.Runs()
    print("| policy | index | sets x ways x line | prefetch | L2-9 mean / max | L1 mean / max | pre128 / a-128 L2-9 | "
          "ck / cm | scrub kept | (a) | (b) | (c) |")
    print("| --- | --- | --- | ---: | ---: | ---: | ---: | --- | ---: | --- | --- | --- |")
    for path, kind in zip(sys.argv[1:], ("mod", "xor")):
        for pol, r in best_rows(path).items():
            print(row(r, kind))


if __name__ == "__main__":
    main()
