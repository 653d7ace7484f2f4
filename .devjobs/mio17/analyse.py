#!/usr/bin/env python3
"""Summarise mio17's H200 runs (tests/calibration/device-2026-12-03-mio17.tar.xz) into the tables of
tests/calibration/meta-2026-12-03-mio17.txt: python3 .devjobs/mio17/analyse.py ARCHIVE.
Clocks in the runs are relative to the block's first clock read (see probes.cu's host program)."""
import collections, io, statistics, sys, tarfile

def med(x):
    return int(statistics.median(x))

def lines(tar, name):
    f = tar.extractfile('mio17/' + name)
    return [l.split() for l in io.TextIOWrapper(f) if l[:1].isdigit()]

def blocks(rows, per_process=False):
    """{(launch, block): {warp: [fields...]}}; per_process: one launch a process, numbered by repeat."""
    out, k = collections.defaultdict(dict), -1
    for r in rows:
        v = [None if x == '-' else int(x) for x in r]
        if per_process and v[2] == 0:
            k += 1
        out[(k if per_process else v[0], v[1])][v[2]] = v[3:]
    return out

def start(tar):
    print('(1) start stagger: each warp\'s first clock read (2nd SASS instruction) less the block\'s first;')
    print('    one block on each of the 132 SMs, 25 launches in one process; launch 0 is the process\'s first.')
    for b in (128, 256, 512, 1024):
        B = blocks(lines(tar, f'start_b{b}.txt'))
        nw, reg = b // 32, collections.Counter()
        quads = collections.Counter()
        for (l, _), ws in B.items():
            s = [ws[w][0] for w in range(nw)]
            reg[l > 0, s == [2 * w for w in range(nw)]] += 1
            if l == 0:
                quads[tuple(min(s[i:i + 4]) for i in range(0, nw, 4))] += 1
        later = reg[True, True], reg[True, True] + reg[True, False]
        first = reg[False, True], reg[False, True] + reg[False, False]
        print(f'  {nw:2d} warps: launches 1-24: 2 x warp in {later[0]}/{later[1]} blocks; launch 0: in {first[0]}/{first[1]};'
              f' launch 0 groups of 4 warps start at (commonest): ' + ', '.join(f'{c}x {q}' for q, c in quads.most_common(3)))
    for b in (256, 1024):
        B = blocks(lines(tar, f'start_b{b}.txt'))
        ex = [[B[(0, k)][w][0] for w in range(b // 32)] for k in range(2)]
        print(f'  e.g. {b // 32} warps, launch 0, SMs 0-1: {ex[0]} / {ex[1]}')
    rot = collections.Counter()
    for (l, _), ws in blocks(lines(tar, 'start_b256.txt')).items():
        rot[tuple(ws[w][2] for w in range(4))] += 1
    print('  %warpid of warps 0-3 (8 warps; 4-7 alike +4):', ', '.join(f'{c}x {p}' for p, c in rot.most_common()))

def queue(tar):
    print('(2) one sub-partition\'s queue: 8 warps, the warps of the mask issue N ld.shared after the barrier,')
    print('    a clock after each issue and after each value; 19 launches (1-19) x 8 SMs, medians. "accepted":')
    print('    loads issued before the first gap > 30 cycles between two issues; "done": the clock after its last')
    print('    load\'s value (the last group: loads sharing a scoreboard complete together); both from the')
    print('    first issue of any active warp. "first": which warp has all its loads done first (blocks).')
    def stall(iss):
        return next((k for k in range(1, len(iss)) if iss[k] - iss[k - 1] > 30), len(iss))
    def done(c):
        j = max([k for k in range(1, len(c)) if c[k] - c[k - 1] > 30] or [0])
        return c[j]
    for t in (1, 32):
        for m, act in (('0x01', [0]), ('0x11', [0, 4]), ('0x03', [0, 1]), ('0xff', [0, 4, 1, 5, 2, 6, 3, 7])):
            for n in (1, 2, 4, 8, 16, 32):
                B = blocks(lines(tar, f'q_n{n}_s{t}_m{m}.txt'))
                I0, A, D = (collections.defaultdict(list) for _ in range(3))
                F = collections.Counter()
                for (l, _), ws in B.items():
                    if l == 0:
                        continue
                    iss = {w: ws[w][3:3 + n] for w in act}
                    c = {w: ws[w][3 + n:3 + 2 * n] for w in act}
                    ref = min(iss[w][0] for w in act)
                    for w in act:
                        I0[w].append(iss[w][0] - ref); A[w].append(stall(iss[w])); D[w].append(done(c[w]) - ref)
                    F[min(act, key=lambda w: (done(c[w]), w))] += 1
                shown = act if len(act) <= 2 else [4, 0, 1]
                print(f'  s{t:<2} {m} N={n:2d}:' + ''.join(f' w{w} first issue {med(I0[w]):3d} accepted {med(A[w]):2d} done {med(D[w]):4d};' for w in shown)
                      + ' first ' + ', '.join(f'w{w} {c}' for w, c in F.most_common(3)))

def series(tar):
    print('(2b) stride 32, N=32: each load\'s issue clock and the clock after its value, medians over launches')
    print('    1-19 x 8 SMs, from the first issue of any active warp (the "after its value" clocks come in groups:')
    print('    loads that share a scoreboard are waited for together).')
    for m, act in (('0x01', [0]), ('0x11', [4, 0]), ('0x03', [0, 1])):
        B = blocks(lines(tar, f'q_n32_s32_m{m}.txt'))
        S = {w: [[] for _ in range(64)] for w in act}
        for (l, _), ws in B.items():
            if l == 0:
                continue
            ref = min(ws[w][3] for w in act)
            for w in act:
                for k in range(64):
                    S[w][k].append(ws[w][3 + k] - ref)
        for w in act:
            print(f'  {m} w{w} issue {[med(x) for x in S[w][:32]]}')
            print(f'  {m} w{w} value {[med(x) for x in S[w][32:]]}')

def region0(tar):
    print('(3) bench_mio_w8\'s region 0 (probe_region0<F>): F bit 0 the st.shared initialising loop, bit 1 the')
    print('    global load of sink; one block on each SM (launch 0 = the process\'s first, launches 1-24) and')
    print('    20 processes of one launch of one block (F=3, like mio10). Orders: warps, earliest first.')
    def show(name, B, sel):
        bl = [ws for (l, _), ws in B.items() if sel(l)]
        arr, end, st, first47 = collections.Counter(), collections.Counter(), collections.Counter(), 0
        for ws in bl:
            arr[tuple(sorted(range(8), key=lambda w: (ws[w][1], w)))] += 1
            e = tuple(sorted(range(8), key=lambda w: (ws[w][3], w)))
            end[e] += 1
            first47 += set(e[:4]) == {4, 5, 6, 7}
            st[tuple(ws[w][0] for w in range(8))] += 1
        print(f'  {name}: {len(bl)} blocks; warps 4-7 the first four to end in {first47}')
        print('     start ' + ', '.join(f'{c}x {p}' for p, c in st.most_common(2)))
        print('     arrival ' + ', '.join(f'{c}x {p}' for p, c in arr.most_common(2)))
        print('     end ' + ', '.join(f'{c}x {p}' for p, c in end.most_common(2)))
        ws = bl[0]
        print('     e.g. (s, arrival, t0, t1) ' + ' '.join(f'w{w}{tuple(ws[w][:4])}' for w in range(8)))
    for f in (3, 2, 1, 0):
        B = blocks(lines(tar, f'r0_f{f}.txt'))
        show(f'F={f} launch 0', B, lambda l: l == 0)
        show(f'F={f} launches 1-24', B, lambda l: l > 0)
    show('F=3 one block, 20 processes', blocks(lines(tar, 'r0_g1_f3_proc.txt'), True), lambda l: True)

if __name__ == '__main__':
    with tarfile.open(sys.argv[1]) as tar:
        print(tar.extractfile('mio17/meta.txt').read().decode().strip())
        start(tar); queue(tar); series(tar); region0(tar)
