#!/usr/bin/env python3
"""model58.py [DIR] (near58): which near cache gives the H100s' near chunks of fwin53's straight-line kernels with lines
indexed by ABSOLUTE load address. DIR holds the four tarballs each unpacked in DIR/near58, DIR/near57, DIR/h100u,
DIR/h100x (default: so unpacked in a temporary folder): near58 (h100z: region<32,0> after pad<N>, 32 load addresses
256 bytes apart), near57 (h100y: seq, pre8, pre16, pre24, eager at 16-40 KiB) and fwin53 (h100u, h100x: seq-16..40,
alt-16..32 at the process's first address). A chunk (0x420 bytes from SASS 0x120, docs/calibration.md "(win53)") is
near (under 100 cycles) where every line it spans hit. Models: LRU or tree pseudo-LRU (PLRU) 64 x 4 of 128-byte lines
by address; near56's rule (LRU, 8 lines before the entry each launch); the entry's first lines kept in no launch; and
lines OTHER code of the process reads at fixed absolute sets (from set o) after each launch's. Prints chunks wrong
per model and data set at launches 2 and 1, a scan, and the chunks the chosen model (near58's) gets wrong;
docs/calibration.md "(near58)". Output: model58.txt."""
import itertools
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'fwin53'))
from lru53 import Cache  # noqa: E402

CAL = os.path.join(HERE, '..', '..', 'tests', 'calibration')
TARS = {'near58': 'device-2026-12-07-h100z-near58.tar.xz', 'near57': 'device-2026-12-07-h100y-near57.tar.xz',
        'h100u': 'device-2026-12-07-h100u-fwin53.tar.xz', 'h100x': 'device-2026-12-07-h100x-fwin53.tar.xz'}
SEQ = 0x7ffddb7ad700  # a process's first kernel under lazy loading (gdb, every card)
TEXT = {8: 0x2580, 16: 0x4680, 24: 0x6780, 32: 0x8b00, 40: 0xac00}  # region<KB, *>'s .text (probe_p.elf)
PAD = lambda n: 0x180 + 0x80 * n  # pad<N>'s .text
GAP = 0x880  # lazy loading puts the next kernel GAP bytes past the previous one's code, at a 256-byte boundary


def next_after(base, text):
    return (base + text + GAP + 255) // 256 * 256


def unpack(root):
    for key, tar in TARS.items():
        d = os.path.join(root, key)
        os.makedirs(d, exist_ok=True)
        subprocess.run(['tar', 'xJf', os.path.join(CAL, tar), '-C', d], check=True)


def chunks_of(path, launch, kb, twin=False):
    key = 'L %d KB %d%s w 0 ' % (launch, kb, 't' if twin else '')
    for line in open(path):
        if line.startswith(key):
            return [int(x) for x in line.split(':')[1].split()]
    raise KeyError((path, key))


def runs(root):
    """(data set, name, [(kernel base, text, measured key or None)] in launch order per iteration, pre kernels, iterations,
    {key: {launch: cycles}})"""
    out = []
    p58 = os.path.join(root, 'near58', 'near58', 'probe')
    for n in range(0, 64, 2):  # pad N and N+1 (N odd) load region at the same address: the even ones
        base = next_after(SEQ, PAD(n))
        f = os.path.join(p58, 'pad-%d.txt' % n)
        out.append(('near58', 'pad-%d' % n, [(base, TEXT[32], 'k')], [(SEQ, PAD(n))], 4,
                    {'k': {la: chunks_of(f, la, 32) for la in (1, 2, 3)}}))
    p57 = os.path.join(root, 'near57', 'near57', 'probe')
    eager = {16: 0x7ffdd3f4c600, 24: 0x7ffdd3f40700, 32: 0x7ffdd3f37300, 40: 0x7ffdd3f22a00}  # gdb-eager-each
    for kb in (16, 24, 32, 40):
        for name, pre in (('seq', None), ('pre8', 8), ('pre16', 16), ('pre24', 24), ('eager', None)):
            f = os.path.join(p57, '%s-%d.txt' % (name, kb))
            if name == 'eager':
                base, pres = eager[kb], []
            elif pre:
                base, pres = next_after(SEQ, TEXT[pre]), [(SEQ, TEXT[pre])]
            else:
                base, pres = SEQ, []
            out.append(('near57', '%s-%d' % (name, kb), [(base, TEXT[kb], 'k')], pres, 12,
                        {'k': {la: chunks_of(f, la, kb) for la in (1, 2, 5)}}))
    for card in ('h100u', 'h100x'):
        pr = os.path.join(root, card, 'fwin53', 'probe')
        for kb in (16, 24, 32, 40):
            f = os.path.join(pr, 'seq-%d.txt' % kb)
            out.append((card, 'seq-%d' % kb, [(SEQ, TEXT[kb], 'k')], [], 12,
                        {'k': {la: chunks_of(f, la, kb) for la in (1, 2, 5)}}))
        for kb in (16, 24, 32):
            f = os.path.join(pr, 'alt-%d.txt' % kb)
            b1 = next_after(SEQ, TEXT[kb])
            out.append((card, 'alt-%d' % kb, [(SEQ, TEXT[kb], 'a'), (b1, TEXT[kb], 'b')], [], 6,
                        {'a': {la: chunks_of(f, la, kb) for la in (1, 2, 5)},
                         'b': {la: chunks_of(f, la, kb, True) for la in (1, 2, 5)}}))
    return out


def LRU(sets, ways=4):
    """LRU sets x ways (.devjobs/fwin53/lru53.py's cache)."""
    return Cache(sets, ways, "lru")


class PLRU:
    """4 ways, tree pseudo-LRU: bit 0 picks the half to replace, bits 1 and 2 the way within each half; an access
    points the bits on its path away from its way. An empty way is filled first."""

    def __init__(self, sets, ways=4):
        self.sets, self.tags, self.bits = sets, [[None] * 4 for _ in range(sets)], [[0, 0, 0] for _ in range(sets)]

    def access(self, line):
        i = line % self.sets
        t, b = self.tags[i], self.bits[i]
        hit = line in t
        w = t.index(line) if hit else t.index(None) if None in t else (b[1] if b[0] == 0 else 2 + b[2])
        t[w] = line
        if w < 2:
            b[0], b[1] = 1, 1 - w
        else:
            b[0], b[2] = 0, 3 - w
        return hit


OTHER = 1 << 60  # tags of the other code: far from any kernel's lines


def simulate(run, policy, sets=64, before=0, fixed=(), when='end', pads=True, skip=0):
    """The launches of run in a policy cache; fixed: absolute sets whose other lines are read at each launch's
    end ('end': every kernel, the pad kernel too) or start ('start'). Returns {key: {launch: '#.' chunks}}."""
    _, _, kernels, pres, iters, card = run
    c = policy(sets)
    other = [OTHER + s for s in fixed]

    def launch(base, text):
        if when == 'start':
            for line in other:
                c.access(line)
        first, end = base // 128, (base + text + 127) // 128
        for line in range(first - before, first):
            c.access(line)
        hit = {line: c.access(line) if line >= first + skip else False for line in range(first, end)}
        if when == 'end':
            for line in other:
                c.access(line)
        return hit

    for base, text in pres:
        if pads:
            launch(base, text)
    out = {k: {} for _, _, k in kernels}
    for la in range(max(max(v) for v in card.values()) + 1):
        for base, text, key in kernels:
            hit = launch(base, text)
            if la in card[key]:
                kb = len(card[key][la])
                out[key][la] = ''.join('#' if all(hit[l] for l in range((base + 0x120 + 0x420 * i) // 128,
                                                                          (base + 0x120 + 0x420 * i + 0x420 + 127) // 128))
                                       else '.' for i in range(kb))
    return out


def near(cycles):
    return ''.join('#' if x < 100 else '.' for x in cycles)


def wrong(data, model, launches):
    """Chunks wrong per data set over launches."""
    err = {}
    for run, sim in zip(data, model):
        for key, per in run[5].items():
            for la in launches:
                if la in per:
                    e = sum(a != b for a, b in zip(near(per[la]), sim[key][la]))
                    err[run[0]] = err.get(run[0], 0) + e
    return err


def total(data, launches=(2,)):
    t = {}
    for run in data:
        for per in run[5].values():
            for la in launches:
                if la in per:
                    t[run[0]] = t.get(run[0], 0) + len(per[la])
    return t


def score(data, kw):
    model = [simulate(r, **kw) for r in data]
    return wrong(data, model, (2,)), wrong(data, model, (1,)), model


def line(name, e2, e1):
    fmt = lambda e: ' '.join('%s %d' % kv for kv in sorted(e.items()))
    print('%-66s %-42s [%s]' % (name, fmt(e2), fmt(e1)))


def main():
    root = sys.argv[1] if len(sys.argv) > 1 else tempfile.mkdtemp()
    if len(sys.argv) <= 1:
        unpack(root)
    data = runs(root)
    print('chunks a launch per data set:', total(data))
    print('\n== chunks wrong at launch 2 (the steady one; launch 1 in brackets) ==')
    best = dict(policy=PLRU, skip=2, pads=False, fixed=range(36, 40))
    rows = [('near56: LRU 64x4, 8 lines before the entry each launch', dict(policy=LRU, before=8)),
            ('near55: LRU 64x4, the kernel alone', dict(policy=LRU)),
            ('PLRU 64x4, the kernel alone', dict(policy=PLRU)),
            ('near57: LRU 64x4, other lines at sets 36-39 each launch', dict(policy=LRU, fixed=range(36, 40))),
            ('LRU 64x4, the same, the entry\'s first 2 lines not kept', dict(policy=LRU, skip=2, fixed=range(36, 40))),
            ('near58: PLRU 64x4, the same, the first kernel\'s lines not there', best)]
    for name, kw in rows:
        e2, e1, _ = score(data, kw)
        line(name, e2, e1)
    print('\n== scan: policy x lines not kept x other code at sets o..o+m-1 x the first kernel\'s lines there or not ==')
    scan = []
    for pol, skip, pads, o, m in itertools.product((LRU, PLRU), range(5), (True, False), range(34, 39), range(2, 7)):
        kw = dict(policy=pol, skip=skip, pads=pads, fixed=[(o + i) % 64 for i in range(m)])
        e2, e1, _ = score(data, kw)
        scan.append((sum(e2.values()) + sum(e1.values()), sum(e2.values()), pol.__name__, skip, pads, o, m))
    scan.sort()
    print('(L1 + L2 wrong, L2 wrong, policy, skip, first kernel there, o, m), the best 10:')
    for r in scan[:10]:
        print('  ', r)
    eager = [r for r in data if r[1].startswith('eager')]
    fits = sorted((sum(score(eager, dict(best, fixed=[(o + i) % 64 for i in range(4)]))[0].values()), o)
                  for o in range(64))
    print('eager (the module loaded elsewhere): the other lines at sets %d-%d give %d wrong (at 36-39: %d)'
          % (fits[0][1], fits[0][1] + 3, fits[0][0], sum(score(eager, best)[0].values())))
    e2, e1, model = score(data, best)
    print('\n== near58\'s model: the chunks it gets wrong (card, model) ==')
    for run, sim in zip(data, model):
        for key, per in run[5].items():
            for la in (1, 2):
                c, m = near(per[la]), sim[key][la]
                if c != m:
                    print('%-7s %-9s%s L%d %s %s %s' % (run[0], run[1], key if len(run[5]) > 1 else ' ', la, c, m,
                                                       ''.join(' ' if x == y else '^' for x, y in zip(c, m))))


if __name__ == '__main__':
    main()
