#!/usr/bin/env python3
"""brun54.py (beside54): test (2), region B alone (b-128), as a pair (bb-256) and beside region A (b1-256) on the
h100o ("(fwin47)"), under any policy of policy54.py. fwin40's kernel in ptxas's layout (beside53.py's): the entry
0-0x310, A 0x310-0x10430, B 0x10440-0x20570, the tail 0x209b0-0x20f00, 24 lines fetched past the end. Each launch:
the window (prefetch), then the warps' lines interleaved by time (each warp's clock: a hit costs its kept pace, A 16.4,
B 17.6, a miss 46; a line still in flight costs until it lands), or line for line (beside53's order), then each
warp's tail and the lines past the end. A line of B is missed when the cache lacks it at its first touch in the
launch; a request for a line in flight joins
its fetch and touches no replacement state (merge); AHEAD lines past each region's closing branch are fetched ('x',
A's run into B's first lines). B's 16 segments are 0x1010 bytes from 0x10440 ("(fwin47)")."""

LINE, WINDOW = 128, 0x10000
E_END, A_LO, A_HI, B_LO, B_HI, T_LO, T_HI = 0x310, 0x310, 0x10430, 0x10440, 0x20570, 0x209b0, 0x20f00
SEG = 0x1010
KEPT = {'A': 16.4, 'B': 17.6}
MISS = 46.0
# "(fwin47)" point 3 (c): medians of 36 sub-partition-launches, cycles a segment of 32 lines
CARD = {"b-128": [1216, 1261, 532, 858, 1226, 1238, 532, 691, 1204, 1210, 490, 699, 1264, 1243, 532, 881],
        "bb-256": [1235, 1197, 530, 783, 1255, 1189, 519, 641, 1220, 1173, 531, 619, 1214, 1188, 521, 830],
        "b1-256": [1072, 1218, 513, 889, 866, 513, 513, 713, 842, 513, 525, 898, 1056, 532, 507, 717]}
WARPS = {"b-128": "B", "bb-256": "BB", "b1-256": "AB"}
SEG_LINES = SEG / LINE
CK, CM = 16.4, 38.7  # a kept segment 513-532 (16.0-16.6 a line); an all-slow one 1190-1264 (37.0-39.5)


def card_missed(run):
    """missed lines a segment read from the card's cycles"""
    return [min(max((c - CK * SEG_LINES) / (CM - CK), 0.0), SEG_LINES) for c in CARD[run]]


def lines(lo, hi, base):
    return list(range((base + lo) // LINE, (base + hi - 1) // LINE + 1))


def one_launch(cache, base, roles, by_time, past_end=24, ahead=0, merge=True):
    entry = lines(0, E_END, base)
    region = {'A': lines(A_LO, A_HI, base), 'B': lines(B_LO, B_HI, base)}
    tail = lines(T_LO, T_HI, base)
    past = list(range(tail[-1] + 1, tail[-1] + 1 + past_end))
    for line in range(base // LINE, (base + WINDOW - 1) // LINE + 1):
        cache.access(line, 'p')
    streams = [[(l, 'd') for l in entry + region[r]]
               + [(l, 'x') for l in range(region[r][-1] + 1, region[r][-1] + 1 + ahead)]
               + [(l, 'd') for l in tail] + [(l, 'x') for l in past] for r in roles]
    pos = [0] * len(roles)
    clock = [0.0] * len(roles)
    ready = {}
    seen = set()
    missed_b = set()
    while True:
        live = [w for w in range(len(roles)) if pos[w] < len(streams[w])]
        if not live:
            break
        if by_time:
            w = min(live, key=lambda v: (clock[v], v))
        else:
            w = min(live, key=lambda v: (pos[v], v))
        line, kind = streams[w][pos[w]]
        pos[w] += 1
        if kind == 'x':
            cache.access(line, kind)
            continue
        if merge and ready.get(line, -1.0) > clock[w]:
            clock[w] = ready[line]  # a fetch in flight: the request joins it, the policy sees nothing
            continue
        hit = cache.access(line, kind)
        if line not in seen and not hit and roles[w] == 'B' and line in region['B']:
            missed_b.add(line)
        seen.add(line)
        if hit:
            clock[w] = max(clock[w] + KEPT[roles[w]], ready.get(line, 0.0))
        else:
            clock[w] += MISS
            ready[line] = clock[w]
    segs = [0] * 16
    for line in missed_b:
        off = max(line * LINE - base, B_LO)
        segs[min((off - B_LO) // SEG, 15)] += 1
    return segs, clock


def run(factory, name, base, by_time=True, launches=10, **kw):
    """B's missed lines a segment, the mean over launches 2 to launches-1, and the total of each launch"""
    cache = factory()
    per, totals = [], []
    for la in range(launches):
        segs, _ = one_launch(cache, base, WARPS[name], by_time, **kw)
        totals.append(sum(segs))
        if la >= 2:
            per.append(segs)
    mean = [sum(s[i] for s in per) / len(per) for i in range(16)]
    return mean, totals


def score(factory, base, by_time=True, **kw):
    """mean absolute error in lines a segment over the three runs, each run's (model, card) totals"""
    err, tot = 0.0, {}
    for name in CARD:
        model, _ = run(factory, name, base, by_time, **kw)
        card = card_missed(name)
        err += sum(abs(m - c) for m, c in zip(model, card)) / 16
        tot[name] = (sum(model), sum(card))
    return err / len(CARD), tot


if __name__ == "__main__":
    import policy54
    for name in CARD:
        print(name, "card missed a segment", " ".join("%.0f" % x for x in card_missed(name)),
              "total %.0f" % sum(card_missed(name)))
    for label, f in (("LRU", policy54.lru()), ("demote", lambda: policy54.Stack(8, 0, 7, 7, 'keep'))):
        for base in (0x1700, 0x2300):
            for bt in (False, True):
                e, tot = score(f, base, bt)
                print("%s base %#x %s: err %.1f lines a segment; " % (label, base, "time" if bt else "line", e)
                      + ", ".join("%s %.0f (card %.0f)" % (n, m, c) for n, (m, c) in tot.items()))
