#!/usr/bin/env python3
"""fwin38: a mechanistic model of one sub-partition running far code (probe_fwin K 0: 512 lines of 8 FFMAs a warp,
each warp one FFMA a cycle, the sub-partition one issue a cycle), to see which pick and fetch give the card's shape
at 1-8 warps without a share parameter.

Fetch: ifetch.h's stream per warp (a request every PERIOD cycles, LATENCY to arrive, AHEAD lines ahead, RESTART
later after a line the warp waited for), lines held in a FIFO of N lines per sub-partition (the last N requested;
a warp whose line is gone requests it again on its own stream), requests through PORTS ports each busy PORT cycles.
Pick: rr (warpsim's round robin over ready warps), gto (the last issuer while ready, else the lowest slot ready),
prio (the lowest slot ready), grp<n> (slots in groups of n: the lowest group with a ready warp, rr within it)."""
import sys
from collections import OrderedDict

LINES, PER = 512, 8


def run(W, pick='rr', N=10**9, PERIOD=16, LATENCY=40, AHEAD=4, RESTART=2, PORT=0, SPWAIT=0, trace=False):
    l0 = OrderedDict()                 # line -> arrival cycle (FIFO by request)
    for l in range(AHEAD + 1):
        l0[l] = 0
    last = [-10**9] * W                # stream's latest request
    port_free = 0
    pc = [0] * W
    end = [None] * W
    prev = [-1] * W
    hist = [[] for _ in range(W)]      # cycle at each line boundary
    rr = 0
    gto = 0

    def request(w, l, now):
        nonlocal port_free
        at = max(last[w] + PERIOD, now)
        if PORT:
            at = max(at, port_free)
            port_free = at + PORT
        last[w] = at
        l0[l] = at + LATENCY
        l0.move_to_end(l)
        while len(l0) > N:
            l0.popitem(last=False)

    def enter(w, l, now, waited):
        if waited:
            last[w] += RESTART
        for j in range(l + 1, min(l + AHEAD, LINES - 1) + 1):
            if j not in l0:
                request(w, j, now)

    cyc = 0
    done = 0
    busy = set()                       # cycles the sub-partition issued
    while done < W:
        ready = []
        for w in range(W):
            if end[w] is not None:
                continue
            l = pc[w] // PER
            if l not in l0:            # gone (or never there): the warp's own stream fetches it
                request(w, l, cyc)
            if l0[l] <= cyc:
                ready.append(w)
        if ready:
            if pick == 'rr':
                w = min(ready, key=lambda v: (v - rr) % W)
                rr = (w + 1) % W
            elif pick == 'gto':
                w = gto if gto in ready else min(ready)
                gto = w
            elif pick == 'prio':
                w = min(ready)
            elif pick.startswith('grp'):
                n = int(pick[3:])
                g = min(v // n for v in ready)
                cand = [v for v in ready if v // n == g]
                w = min(cand, key=lambda v: (v - rr) % W)
                rr = (w + 1) % W
            l = pc[w] // PER
            if pc[w] % PER == 0:
                waited = l0[l] == cyc or l0[l] > prev[w] + 1
                if SPWAIT:             # the restart only where the sub-partition sat idle for the line
                    waited = waited and (l0[l] - 1) not in busy
                enter(w, l, cyc, waited and l > AHEAD)
                hist[w].append(cyc)
            prev[w] = cyc
            busy.add(cyc)
            pc[w] += 1
            if pc[w] == LINES * PER:
                end[w] = cyc + 1
                done += 1
        cyc += 1
    return end, hist


def describe(W, end, hist):
    order = sorted(range(W), key=lambda w: end[w])
    first = end[order[0]]
    out = []
    for w in order:
        at = sum(1 for c in hist[w] if c < first)
        out.append(f"w{w} end {end[w]} (line {at} at {first})")
    return f"span {max(end)}: " + ", ".join(out)


if __name__ == '__main__':
    card = {1: 9114, 2: 8327, 3: 16186, 4: 19213, 8: 35639}
    args = dict(a.split('=') for a in sys.argv[1:])
    pick = args.pop('pick', 'rr')
    kw = {k: int(v) for k, v in args.items()}
    for W in (1, 2, 3, 4, 8):
        end, hist = run(W, pick, **kw)
        print(f"W {W} card {card[W]} model {max(end)} ({100 * (max(end) - card[W]) / card[W]:+.1f}%)  "
              + describe(W, end, hist))
