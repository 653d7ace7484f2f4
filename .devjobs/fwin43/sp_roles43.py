#!/usr/bin/env python3
"""fwin43: one sub-partition of far code (fwin38/fwin40's model: 512 lines of 8 FFMAs a warp, one issue a cycle, a
warp one FFMA a cycle; ifetch.h's stream a warp: a request PERIOD cycles after its last, LAT to arrive, AHEAD lines
ahead of the line it enters, RESTART after a line it waited for; a FIFO WINDOW of the lines requested last) with
fwin40's roles a slot (probe_fwin40: 0 region A, 1 exits, 2 a kept loop (always ready, no fetch), 3 region B (lines
of its own), 4 asleep until DELAY, then region A) and the picks:
  rr      warpsim's loose round robin: the search starts after the warp that issued last
  turn    a rotating priority whose pointer moves one slot every cycle, whoever issued: the first ready slot at or
          after cycle mod N (N: TURN=hw, the block's slots of the sub-partition, exited ones too; TURN=live, the
          slots that did not exit); a slot that cannot issue gives its turn to the next
  gto     the warp that issued last while it is ready, else ORDER's first ready
  prio    ORDER's first ready
HELD: slots that issue nothing until the first other warp of the sub-partition ends (the card's starved fourth,
slot 0 at 512 threads: docs/calibration.md "(fwin37)", "(fwin40)" 4); a held slot whose role is not 0 is not held.
Usage: sp_roles43.py [KEY=VALUE ...] RUN...  (RUN: NAME:ROLES[:DELAY], ROLES slot 3..0 as fwin40's run.sh, e.g.
base:0000 x0:0001 k3:2000 s0:0004:25000; W = len(ROLES)). Prints each slot's end, the span, and the shares of
the issue over cycles 500-2500 (the window fwin37's third ran at 32.06 cycles a line: 25%)."""
import sys
from collections import OrderedDict, deque

LINES, PER, BOFF = 512, 8, 100000


def run(roles, pick='turn', ORDER='1230', WINDOW=96, PERIOD=16, LAT=40, AHEAD=4, RESTART=2, HELD='0', TURN='hw',
        DELAY=25000, LIMIT=200000, LDC=0, T0STEP=9, FREE=4, KEPT=0):
    W = len(roles)
    role = [int(roles[W - 1 - s]) for s in range(W)]  # role[slot]; ROLES is written slot W-1 .. 0
    order = [int(c) for c in ORDER if int(c) < W] + [s for s in range(W) if str(s) not in ORDER]
    rank = {s: i for i, s in enumerate(order)}
    held0 = {int(c) for c in str(HELD).split(',') if c != '' and int(c) < W and role[int(c)] == 0}
    live = [s for s in range(W) if role[s] != 1]
    if not set(live) - held0:  # a hold waits for another warp's end: none, none held
        held0 = set()
    win = OrderedDict((l, 0) for l in list(range(AHEAD + 1)) + list(range(BOFF, BOFF + AHEAD + 1)))
    pc, end = [0] * W, [None] * W
    last, prev = [-10**9] * W, [-1] * W
    want = [deque() for _ in range(W)]
    issued = [[] for _ in range(W)]
    for s in range(W):
        if role[s] == 1:
            end[s] = 0
    gto = None
    cyc = 0
    # LDC > 0: each region-A warp passes t0 T0STEP cycles after the slot above it (the card's order: the highest slot
    # first) and its constant load returns LDC cycles later at the earliest, on the first cycle whose write the
    # sub-partition's issue FREE cycles before left free (a cycle it issued nothing): until then it is not ready
    t0 = {s: T0STEP * (W - 1 - s) for s in range(W)}
    back = {s: (None if LDC and role[s] in (0, 4) else 0) for s in range(W)}
    busy = set()

    def line(s):
        return (BOFF if role[s] == 3 else 0) + pc[s] // PER

    def present(l, now):
        a = win.get(l)
        return a is not None and a <= now

    while any(e is None for e in end) and cyc < LIMIT:
        for s in sorted(range(W), key=lambda v: rank[v]):  # the streams' requests
            if end[s] is not None or role[s] == 2 or (role[s] == 4 and cyc < DELAY):
                continue
            l = line(s)
            if l not in win and l not in want[s]:
                want[s].appendleft(l)
            while want[s] and want[s][0] in win:
                want[s].popleft()
            if want[s] and cyc >= last[s] + PERIOD:
                l2 = want[s].popleft()
                last[s] = cyc
                win[l2] = cyc + LAT
                win.move_to_end(l2)
                while len(win) > WINDOW:
                    win.popitem(last=False)
        first_end = any(end[s] is not None and role[s] != 1 for s in range(W) if s not in held0)
        held = set() if first_end else held0
        if LDC:
            for s in range(W):
                if back[s] is None and cyc >= t0[s] + LDC + (DELAY if role[s] == 4 else 0) and cyc - FREE not in busy:
                    back[s] = cyc
        ready = [s for s in range(W) if end[s] is None and s not in held and not (role[s] == 4 and cyc < DELAY) and
                 back[s] is not None and (role[s] == 2 or KEPT or present(line(s), cyc))]
        if ready:
            if pick == 'rr':
                w = min(ready, key=lambda v: (v - (gto + 1 if gto is not None else 0)) % W)
            elif pick == 'turn':
                if TURN == 'mod4':  # the pointer over 4 positions (slot mod 4), the round robin within one
                    p = cyc % 4
                    w = min(ready, key=lambda v: ((v % 4 - p) % 4, (v - (gto + 1 if gto is not None else 0)) % W))
                else:
                    ring = list(range(W)) if TURN == 'hw' else live
                    p = ring[cyc % len(ring)]
                    w = min(ready, key=lambda v: (ring.index(v) - ring.index(p)) % len(ring))
            elif pick == 'gto':
                w = gto if gto in ready else min(ready, key=lambda v: rank[v])
            else:
                w = min(ready, key=lambda v: rank[v])
            gto = w
            if role[w] != 2 and not KEPT and pc[w] % PER == 0:
                l = line(w)
                waited = win[l] == cyc or win[l] > prev[w] + 1
                if waited and pc[w] // PER > AHEAD:
                    last[w] += RESTART
                base = l - pc[w] // PER
                for j in range(l + 1, base + min(pc[w] // PER + AHEAD, LINES - 1) + 1):
                    if j not in win and j not in want[w]:
                        want[w].append(j)
            prev[w] = cyc
            issued[w].append(cyc)
            busy.add(cyc)
            pc[w] += 1
            if pc[w] == LINES * PER:
                end[w] = cyc + 1
        cyc += 1
    return [e if e is not None else cyc for e in end], issued


CARD = {'one': 9114, 'two': 8327, 'three': 16186, 'base': 19213, 'eight': 35639}


def role_of(roles, s):
    return int(roles[len(roles) - 1 - s])


def report(name, roles, kw):
    end, issued = run(roles, **kw)
    W = len(roles)
    span = max(e for e in end)
    share = " ".join(f"{s}:{sum(1 for c in issued[s] if 500 <= c < 2500) / 2000:.2f}" for s in range(W - 1, -1, -1))
    ends = " ".join(f"{s}:{end[s]}" for s in range(W - 1, -1, -1) if role_of(roles, s) != 1)
    card = f" ({100 * (span - CARD[name]) / CARD[name]:+.1f}% of h100m {CARD[name]})" if name in CARD else ""
    print(f"{name:8} {roles:8} span {span:6}{card:27}  ends (slot W-1..0) {ends:48}  shares 500-2500 {share}")


def main(argv):
    kw, runs = {}, []
    for a in argv:
        if '=' in a:
            k, v = a.split('=', 1)
            kw[k] = v if k in ('pick', 'ORDER', 'HELD', 'TURN') else int(v)
        else:
            runs.append(a)
    for r in runs:
        f = r.split(':')
        k2 = dict(kw)
        if len(f) > 2:
            k2['DELAY'] = int(f[2])
        report(f[0], f[1], k2)


if __name__ == '__main__':
    main(sys.argv[1:])
