#!/usr/bin/env python3
"""fwin40: fwin38's sub-partition model of far code (probe_fwin K 0: 512 lines of 8 FFMAs a warp, one FFMA a cycle a
warp, one issue a cycle a sub-partition; ifetch.h's stream a warp: a request PERIOD cycles after the stream's last,
LAT to arrive, AHEAD lines ahead of the line the warp enters, RESTART after a line it waited for; a FIFO WINDOW of
the lines a sub-partition requested last) with the fetch-path candidates for the pair's slowdown at 4 warps a
sub-partition, each a parameter (0: off):
  SMPORT  the SM's fetch path: the 4 sub-partitions' requests through one port, SMPORT cycles a request (the 4
          sub-partitions simulated; 16 warps at 512 threads, 8 at 256)
  PORT    the same a sub-partition
  Q       a sub-partition's requests in flight at most Q (a fetch queue); HOLD=use: a request keeps its entry until a
          warp issues from its line (a starved warp's request stays), HOLD=arrive: until the line arrives
  BYTES   an L1.5/L2 path of BYTES bytes a cycle for the SM (128-byte lines: a request takes 128/BYTES cycles of it)
  WINDOW  the FIFO (eviction: lagging warps' requests push out the lines the pair fetched)
  REREQ   a warp whose line is not there re-requests it every REREQ cycles while it is not there (a starved warp's
          fetch keeps the path busy)
  ABSENT  the last ABSENT slots of ORDER are not ready until the first warp ends (a list a,b,c,d,e: for 1 2 3 4 8
          warps; the card's starved warps are 0,0,1,1,4) (the starved warps held by something
          outside the fetch and the pick, e.g. a constant load: docs/calibration.md "(fwin40)" 4)
Picks over ready warps: rr (warpsim), gto (the last issuer while ready, else ORDER's first ready), prio (ORDER's
first ready). ORDER: the slots by priority, e.g. 1230 (the card's far order at 512: pair 1 2, third 3, last 0).
Usage: sp_model40.py [KEY=VALUE ...]  (prints 1 2 3 4 8 warps against h100m's spans and the 4-warp shape)."""
import sys
from collections import OrderedDict, deque

LINES, PER = 512, 8
CARD = {1: 9114, 2: 8327, 3: 16186, 4: 19213, 8: 35639}


def run(W, pick='gto', ORDER=None, WINDOW=10**9, PERIOD=16, LAT=40, AHEAD=4, RESTART=2, PORT=0, SMPORT=0, Q=0,
        HOLD='arrive', BYTES=0, REREQ=0, ABSENT=0, NSP=None):
    if NSP is None:
        NSP = 4 if (SMPORT or BYTES) else 1
    order = [int(c) for c in str(ORDER)] if ORDER is not None else list(range(W))
    order = [s for s in order if s < W] + [s for s in range(W) if s not in order]
    rank = {s: i for i, s in enumerate(order)}
    smport = SMPORT or (128 / BYTES if BYTES else 0)
    sps = []
    for p in range(NSP):
        win = OrderedDict((l, 0) for l in range(AHEAD + 1))   # line -> arrival cycle
        sps.append(dict(win=win, port=0.0, flight={}, pc=[0] * W, end=[None] * W, last=[-10**9] * W,
                        prev=[-1] * W, want=[deque() for _ in range(W)], asked=[-10**9] * W, hist=[[] for _ in range(W)],
                        rr=0, gto=None))
    sm_port = [0.0]
    cyc = 0
    done = 0

    def present(sp, l, now):
        a = sp['win'].get(l)
        return a is not None and a <= now

    def known(sp, l):
        return l in sp['win']

    def issue_req(sp, w, l, now):
        # the request leaves now (the caller checked the stream, port and queue)
        sp['last'][w] = now
        arr = now + LAT
        sp['win'][l] = arr
        sp['win'].move_to_end(l)
        while len(sp['win']) > WINDOW:
            old, _ = sp['win'].popitem(last=False)
            sp['flight'].pop(old, None)
        if Q:
            sp['flight'][l] = arr

    while done < W * NSP:
        # requests: each warp's stream, in priority order (the port and the queue serve the first asking)
        for p, sp in enumerate(sps):
            if Q:
                fl = sp['flight']
                if HOLD == 'arrive':
                    for l in [l for l, a in fl.items() if a <= cyc]:
                        del fl[l]
            for w in sorted(range(W), key=lambda v: rank[v]):
                if sp['end'][w] is not None:
                    continue
                l = sp['pc'][w] // PER
                if not known(sp, l) and l not in sp['want'][w]:
                    sp['want'][w].appendleft(l)
                if REREQ and not present(sp, l, cyc) and cyc - sp['asked'][w] >= REREQ and known(sp, l):
                    # a re-request of a line in flight: takes the port, not the queue
                    if (not PORT or sp['port'] <= cyc) and (not smport or sm_port[0] <= cyc):
                        sp['asked'][w] = cyc
                        if PORT:
                            sp['port'] = cyc + PORT
                        if smport:
                            sm_port[0] = cyc + smport
                q = sp['want'][w]
                while q and known(sp, q[0]):
                    q.popleft()
                if not q or cyc < sp['last'][w] + PERIOD:
                    continue
                if PORT and sp['port'] > cyc:
                    continue
                if smport and sm_port[0] > cyc:
                    continue
                if Q and len(sp['flight']) >= Q:
                    continue
                l2 = q.popleft()
                issue_req(sp, w, l2, cyc)
                sp['asked'][w] = cyc
                if PORT:
                    sp['port'] = cyc + PORT
                if smport:
                    sm_port[0] = cyc + smport
        # issue: one a sub-partition
        for p, sp in enumerate(sps):
            held = set(order[W - ABSENT:]) if ABSENT and all(e is None for e in sp['end']) else set()
            ready = [w for w in range(W) if sp['end'][w] is None and w not in held and present(sp, sp['pc'][w] // PER, cyc)]
            if not ready:
                continue
            if pick == 'rr':
                w = min(ready, key=lambda v: (v - sp['rr']) % W)
                sp['rr'] = (w + 1) % W
            elif pick == 'gto':
                w = sp['gto'] if sp['gto'] in ready else min(ready, key=lambda v: rank[v])
                sp['gto'] = w
            else:
                w = min(ready, key=lambda v: rank[v])
            pc = sp['pc'][w]
            l = pc // PER
            if pc % PER == 0:
                arr = sp['win'][l]
                waited = arr == cyc or arr > sp['prev'][w] + 1
                if waited and l > AHEAD:
                    sp['last'][w] += RESTART
                for j in range(l + 1, min(l + AHEAD, LINES - 1) + 1):
                    if not known(sp, j) and j not in sp['want'][w]:
                        sp['want'][w].append(j)
                sp['hist'][w].append(cyc)
                if Q and HOLD == 'use':
                    sp['flight'].pop(l, None)
            sp['prev'][w] = cyc
            sp['pc'][w] = pc + 1
            if sp['pc'][w] == LINES * PER:
                sp['end'][w] = cyc + 1
                done += 1
        cyc += 1
        if cyc > 200000:
            break
    sp = sps[0]
    return [e if e is not None else cyc for e in sp['end']], sp['hist']


def shape(W, end, hist):
    first = min(end)
    order = sorted(range(W), key=lambda w: end[w])
    return " ".join(f"w{w}:{end[w]}@{sum(1 for c in hist[w] if c < first)}" for w in order)


def main(argv):
    args = dict(a.split('=', 1) for a in argv)
    pick = args.pop('pick', 'gto')
    kw = {}
    for k, v in args.items():
        kw[k] = v if k in ('HOLD', 'ORDER', 'ABSENT') else float(v) if '.' in v else int(v)
    absent = [int(x) for x in str(kw.pop('ABSENT', '0')).split(',')]
    errs = []
    for i, W in enumerate((1, 2, 3, 4, 8)):
        end, hist = run(W, pick, ABSENT=absent[min(i, len(absent) - 1)], **kw)
        e = 100 * (max(end) - CARD[W]) / CARD[W]
        errs.append(e)
        print(f"W {W} card {CARD[W]} model {max(end)} ({e:+.1f}%)  first end: {shape(W, end, hist)}")
    print(f"max |err| {max(abs(e) for e in errs):.1f}%")


if __name__ == '__main__':
    main(sys.argv[1:])
