#!/usr/bin/env python3
"""model60.py (fsize60): near58's near-cache model (.devjobs/near58/model58.py: tree pseudo-LRU 64 x 4 by address, the
entry's first 2 lines not kept, other code's 4 lines at sets 36-39 after each launch) against memset59's runs on the
H100 h100aa, and what it says of pack30's probe_fsize<2304>; docs/calibration.md "(fsize60)". Output: model60.txt.

1. memset59's probe_fwin53 seq-16..40 at the process's first address (set 46), with the cudaMemset before each launch
   and without (NO_MEMSET): chunks wrong at launches 1 and 2 with the other lines and without them.
2. probe_fsize<2304> (0x9300 bytes of SASS, 294 lines; the timed region 0xe0-0x9100) at set 46: the lines each launch
   keeps, and the spans a linear reading gives (a kept line at the code's own 8 cycles, a missed one at the card's far
   pace: h100g 16.5, h100aa 17.85 cycles a line, fsize<2816>'s warm = cold launches).
3. seq-32's chunks against the lines the model keeps: a chunk with one line missed takes a missed chunk's cycles.
4. A line-level fetch sketch (a stream A lines ahead, missed lines P cycles apart arriving Lat after their request, a
   kept line at most X lines past a missed one fetched as a missed one) over seq-32 (both memset59 runs, launches 1 and
   2; h100u's with the memset are the same to the cycle) and fsize."""
import itertools
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, '..', 'near58'))
sys.path.insert(0, os.path.join(HERE, '..', 'fwin53'))
from model58 import OTHER, PLRU, SEQ, TEXT  # noqa: E402

CAL = os.path.join(HERE, '..', '..', 'tests', 'calibration')
FSIZE = 0x9300  # fsize<2304>'s .text (pack30's probe_fsize.sass)
SETS36 = range(36, 40)


def launches(text, other, n=4, base=SEQ, skip=2):
    """[per launch: per line of the kernel, kept from before]: near58's model, the other lines after each launch."""
    c = PLRU(64)
    first, end = base // 128, (base + text + 127) // 128
    out = []
    for _ in range(n):
        out.append([c.access(l) if l >= first + skip else False for l in range(first, end)])
        for s in other:
            c.access(OTHER + s)
    return out


def chunk_lines(i, base=SEQ):
    a = base + 0x120 + 0x420 * i
    return range(a // 128 - base // 128, (a + 0x420 + 127) // 128 - base // 128)


def model_chunks(hit, kb):
    return ''.join('#' if all(hit[l] for l in chunk_lines(i)) else '.' for i in range(kb))


def card_chunks(path, la, kb):
    for line in open(path):
        if line.startswith('L %d KB %d w 0 ' % (la, kb)):
            return [int(x) for x in line.split(':')[1].split()]
    raise KeyError((path, la, kb))


def near(cycles):
    return ''.join('#' if x < 100 else '.' for x in cycles)


def sketch(hit, marks, A, P, Lat, X):
    """Cycles at byte offsets `marks` of a warp issuing one 16-byte instruction a cycle over the lines (hit: kept)."""
    n = len(hit)
    slow = [not h for h in hit]
    last = -10 ** 9
    for l in range(n):
        if not hit[l]:
            last = l
        elif l - last <= X:
            slow[l] = True
    ready = [0 if l <= A else None for l in range(n)]
    nxt, lastreq, t, cur, at_mark = A + 1, -10 ** 9, 0, -1, {}
    want = {b // 16 for b in marks}
    for k in range(n * 8):
        l = k // 8
        if l != cur:
            while nxt <= l + A and nxt < n:
                if slow[nxt]:
                    lastreq = max(lastreq + P, t)
                    ready[nxt] = lastreq + Lat
                else:
                    ready[nxt] = t
                nxt += 1
            cur = l
        t = max(t + 1, ready[l])
        if k in want:
            at_mark[k] = t
    return [at_mark[b // 16] for b in marks]


def main():
    root = tempfile.mkdtemp()
    for tar in ('device-2026-12-07-h100aa-memset59.tar.xz', 'device-2026-12-06-h100g-pack30.tar.xz'):
        subprocess.run(['tar', 'xJf', os.path.join(CAL, tar), '-C', root], check=True)
    probe = os.path.join(root, 'memset59', 'probe')
    print('== 1. memset59 (h100aa): chunks wrong, near58\'s model with / without the other lines at sets 36-39 ==')
    for run, card_other in (('seq', True), ('nomemset-seq', False)):
        for kb in (16, 24, 32, 40):
            f = os.path.join(probe, '%s-%d.txt' % (run, kb))
            row = []
            for other in (SETS36, ()):
                hits = launches(TEXT[kb], other)
                wrong = sum(sum(a != b for a, b in zip(near(card_chunks(f, la, kb)), model_chunks(hits[la], kb)))
                            for la in (1, 2))
                row.append(wrong)
            print('%-13s %2d KiB (%s memset): wrong at launches 1+2 with the other lines %2d, without %2d; card L2 %s'
                  % (run, kb, 'with' if card_other else 'no', row[0], row[1], near(card_chunks(f, 2, kb))))
    print('\n== 2. fsize<2304> at set 46: lines kept per launch (0-3) of the timed region\'s 290 ==')
    for name, other in (('with the other lines', SETS36), ('without', ())):
        hits = launches(FSIZE, other)
        kept = [sum(h[1:291]) for h in hits]
        print('%-22s kept %s; steady pattern %s' % (name, kept, ''.join('#' if x else '.' for x in hits[2])))
    for card, pace, warm, second, cold in (('h100g', 16.5, 4020, 3697, 4774), ('h100aa', 17.85, 4284, 3909, 5159)):
        k_w, k_s = (cold - warm) / (pace - 8), (cold - second) / (pace - 8)
        print('%-6s linear reading (cold %d, far %.2f a line, near 8): warm %d -> %.0f lines near, second %d -> %.0f'
              % (card, cold, pace, warm, k_w, second, k_s))
    print('\n== 3. seq-32 warm (memset59 with the memset, launch 2): a chunk\'s cycles against its lines kept ==')
    hit = launches(TEXT[32], SETS36)[2]
    cyc = card_chunks(os.path.join(probe, 'seq-32.txt'), 2, 32)
    for i, c in enumerate(cyc):
        print('%2d %4d %-10s' % (i, c, ''.join('#' if hit[l] else '.' for l in chunk_lines(i))), end='\n' if i % 4 == 3 else '  ')
    print('\n== 4. the line-level sketch: mean |error| a chunk over seq-32\'s 128 chunks; seq-32 L2 (3650), fsize (h100g '
          '4020, h100aa 4284) ==')
    runs = {(True, la): card_chunks(os.path.join(probe, 'seq-32.txt'), la, 32) for la in (1, 2)}
    runs.update({(False, la): card_chunks(os.path.join(probe, 'nomemset-seq-32.txt'), la, 32) for la in (1, 2)})
    bounds = [0x120 + 0x420 * i for i in range(33)]
    rows = []
    for A, P, Lat, X in itertools.product((2, 4, 6), (14, 16, 18, 19), (40, 50, 60, 70, 80), (0, 2, 4, 6, 8)):
        err, tot = 0, 0
        for (memset, la), cy in runs.items():
            ts = sketch(launches(TEXT[32], SETS36 if memset else ())[la], bounds, A, P, Lat, X)
            sim = [b - a for a, b in zip(ts, ts[1:])]
            err += sum(abs(a - b) for a, b in zip(sim, cy))
            tot = sum(sim) if (memset, la) == (True, 2) else tot
        a, b = sketch(launches(FSIZE, SETS36)[2], [0xe0, 0x9100], A, P, Lat, X)
        rows.append((err / 128, A, P, Lat, X, tot, b - a))
    rows.sort()
    print('A P Lat X: chunk error, seq-32, fsize (errors against h100u / h100g / h100aa); the best 12, then X 0\'s best 3')
    for r in rows[:12] + [r for r in rows if r[4] == 0][:3]:
        print('%d %2d %2d %d: %5.1f  %d (%+.1f%%)  %d (%+.1f%% / %+.1f%%)' % (r[1], r[2], r[3], r[4], r[0], r[5],
              (r[5] - 3650) / 36.5, r[6], (r[6] - 4020) / 40.2, (r[6] - 4284) / 42.84))


if __name__ == '__main__':
    main()
