#!/usr/bin/env python3
"""analyse.py ARCHIVE [WARPSIM [PRESET...]]: the warps' load issue in bench_mio_w8's own code (docs/calibration.md
"(mio21)"), from the H200 runs of tests/calibration/device-2026-12-03-mio21.tar.xz and, given WARPSIM (a warpsim
binary), the same PTX in warpsim (timing mode, the built-in preset and each PRESET file).

Each run's out[18 + w * W + i] (probe.py): i 0-17 t0, t1 of regions 0-8; then K clocks a region of 0-3 (issue: the
first and the last ld.shared, K 2; issue16: the first, the 16th and the last, K 3); %warpid, %smid last.
In the probe's SASS (the device's ptxas 13.0, issue.sass) the first load's clock is the CS2R right after the
first LDS (stall 1: the LDS issued 1 cycle before it; t0's CS2R 3 cycles before the LDS), and the last load's clock
9 cycles after the 64th LDS (4 LOP3 of 2 cycles' stall between them), unless the warp waits to issue; the tables
give the clocks as read. Times are from R, region r's last arrival (the latest t0 over the 8 warps: t0 reads on
arrival, mio15's bar.clock), medians over the processes."""
import collections, json, os, re, statistics, subprocess, sys, tarfile, tempfile

ARGS = {'issue': (242, 2), 'issue16': (274, 3), 'keep': (162, 0)}


def runs(tar, kind):
    try:
        text = tar.extractfile('mio21/%s.txt' % kind).read().decode()
    except KeyError:
        return []
    out = []
    for x in re.split(r'^== \d+\n', text, flags=re.M):
        if x.strip():
            try:
                out.append(json.loads(x)['buffers']['out'])
            except (ValueError, KeyError):
                print('  (a run of %s without output: %s)' % (kind, x.strip()[:80]))
    return out


class Run:
    """one launch's per-warp figures: t0[r], t1[r] (regions 0-8), first[r], last[r], mid[r] (regions 0-3)"""
    def __init__(self, o, k):
        W = 18 + 4 * k + (2 if k else 0)
        g = lambda w, i: o[18 + w * W + i]
        self.t0 = [[g(w, 2 * r) for w in range(8)] for r in range(9)]
        self.t1 = [[g(w, 2 * r + 1) for w in range(8)] for r in range(9)]
        self.first = [[g(w, 18 + k * r) for w in range(8)] for r in range(4)] if k else None
        self.last = [[g(w, 18 + k * r + k - 1) for w in range(8)] for r in range(4)] if k else None
        self.mid = [[g(w, 18 + k * r + 1) for w in range(8)] for r in range(4)] if k == 3 else None
        self.warpid = [g(w, W - 2) for w in range(8)] if k else None
        self.smid = g(0, W - 1) if k else None
        self.out = o[:18]


def order(vals):
    return tuple(sorted(range(8), key=lambda w: (vals[w], w)))


def release(arr):
    """bar.stagger's release order (mio18): the sub-partitions (w mod 4) in turn from the first arrival's, each its
    earlier arrival first"""
    first, out = arr[0] % 4, []
    for rnd in range(2):
        for k in range(4):
            out.append([w for w in arr if w % 4 == (first + k) % 4][rnd])
    return tuple(out)


def fmt(o):
    return ' '.join('w%d' % w for w in o)


def med(xs):
    return statistics.median(xs) if xs else float('nan')


def table(name, rs, regions=range(4)):
    n = len(rs)
    print('\n## %s: %d launch%s' % (name, n, 'es' if n != 1 else ''))
    print('out[3], out[12] (the bench\'s slots in this code): medians %s, %s; range %s-%s, %s-%s' % (
        med([r.out[3] for r in rs]), med([r.out[12] for r in rs]), min(r.out[3] for r in rs),
        max(r.out[3] for r in rs), min(r.out[12] for r in rs), max(r.out[12] for r in rs)))
    for reg in regions:
        print('\nregion %d (from R, its last arrival), medians: arrival t0 / first load / %slast load / end t1' % (
            reg, '16th load / ' if rs[0].mid else ''))
        for w in range(8):
            R = lambda r: max(r.t0[reg])
            cells = [med([r.t0[reg][w] - R(r) for r in rs])]
            if rs[0].first:
                cells.append(med([r.first[reg][w] - R(r) for r in rs]))
                if rs[0].mid:
                    cells.append(med([r.mid[reg][w] - R(r) for r in rs]))
                cells.append(med([r.last[reg][w] - R(r) for r in rs]))
            cells.append(med([r.t1[reg][w] - R(r) for r in rs]))
            print('  w%d  ' % w + ' / '.join('%g' % c for c in cells))
        kinds = [('arrival (t0)', lambda r: r.t0[reg]), ('end (t1)', lambda r: r.t1[reg])]
        if rs[0].first:
            kinds[1:1] = [('first load', lambda r: r.first[reg]), ('last load', lambda r: r.last[reg])]
        for label, f in kinds:
            c = collections.Counter(order(f(r)) for r in rs)
            top = c.most_common(3)
            print('  %-12s order: %s' % (label, '; '.join('%s (%d)' % (fmt(o), k) for o, k in top)))
        lastc = collections.Counter(order(r.t1[reg])[-1] for r in rs)
        print('  last to end: %s' % ', '.join('w%d %d' % (w, k) for w, k in lastc.most_common()))
        # rule checks
        rel = sum(order(r.first[reg]) == release(order(r.t0[reg])) for r in rs) if rs[0].first else None
        if rel is not None:
            print('  first-load order = bar.stagger release of the arrivals: %d of %d' % (rel, n))
            same = sum(order(r.last[reg]) == order(r.t1[reg]) for r in rs)
            fl = sum(order(r.first[reg]) == order(r.last[reg]) for r in rs)
            print('  last-load order = end order: %d of %d; first-load order = last-load order: %d of %d' % (
                same, n, fl, n))
            sub = sum(all(r.first[reg][w] < r.first[reg][w ^ 4] for w in range(4)) for r in rs)
            print('  warps 0-3 load first in their sub-partition pair (w < w+4 by first load): %d of %d' % (sub, n))
            pair = [sum(r.last[reg][w + 4] < r.last[reg][w] for r in rs) for w in range(4)]
            print('  w+4 issues its last load before w (each sub-partition\'s pair): %s of %d' % (
                ', '.join('w%d/w%d %d' % (w + 4, w, c) for w, c in enumerate(pair)), n))
            # spread: the earlier warp of each pair (w, w+4) by end, how far apart the four earlier ones end
            def spread(r):
                lead = [min(r.t1[reg][w], r.t1[reg][w + 4]) for w in range(4)]
                lag = [max(r.t1[reg][w], r.t1[reg][w + 4]) for w in range(4)]
                return max(lead) - min(lead), max(lag) - min(lag), med([b - a for a, b in zip(lead, lag)])
            sp = [spread(r) for r in rs]
            print('  the pairs (w, w+4): the 4 leading warps end within %g, the 4 lagging within %g, lag - lead %g '
                  '(medians)' % tuple(med([s[i] for s in sp]) for i in range(3)))
            issue = [max(r.last[reg]) - min(r.last[reg]) for r in rs]
            print('  last loads spread over %g cycles, first loads over %g (medians)' % (
                med(issue), med([max(r.first[reg]) - min(r.first[reg]) for r in rs])))


def main():
    tar = tarfile.open(sys.argv[1])
    meta = tar.extractfile('mio21/meta.txt').read().decode().splitlines()
    print('# ' + ' | '.join(l for l in meta if not l.startswith(('ptxas info', '    '))))
    w8 = runs(tar, 'w8')
    if w8:
        print('bench_mio_w8 itself: %d launches, out[3] median %s (%s-%s), out[12] median %s (%s-%s)' % (
            len(w8), med([o[3] for o in w8]), min(o[3] for o in w8), max(o[3] for o in w8),
            med([o[12] for o in w8]), min(o[12] for o in w8), max(o[12] for o in w8)))
    hw = {}
    for kind, (size, k) in ARGS.items():
        rs = [Run(o, k) for o in runs(tar, kind)]
        if rs:
            hw[kind] = rs
            table('H200 %s' % kind, rs)
            if k:
                rot = collections.Counter(tuple(x % 4 for x in r.warpid[:4]) for r in rs)
                print('\n  %%warpid mod 4 of warps 0-3: %s; w and w+4 share it in %d of %d; SMs %d distinct' % (
                    ', '.join('%s %d' % (x, c) for x, c in rot.most_common()),
                    sum(all(r.warpid[w] % 4 == r.warpid[w + 4] % 4 for w in range(4)) for r in rs), len(rs),
                    len(set(r.smid for r in rs))))
    if len(sys.argv) > 2:
        ws, tmp = sys.argv[2], tempfile.mkdtemp()
        for kind, (size, k) in ARGS.items():
            if not k:
                continue
            ptx = os.path.join(tmp, kind + '.ptx')
            with open(ptx, 'wb') as f:
                f.write(tar.extractfile('mio21/%s.ptx' % kind).read())
            for preset in [None] + sys.argv[3:]:
                cmd = [ws, 'run', ptx, '--grid', '1', '--block', '256', 'out=u64[%d]' % size, 'sink=u32[256]',
                       '--json'] + (['--preset', preset] if preset else [])
                o = json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)
                table('warpsim %s, %s' % (kind, preset or 'built-in preset'), [Run(o['buffers']['out'], k)])


main()
