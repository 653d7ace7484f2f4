#!/usr/bin/env python3
"""Read fetch33's stamps (docs/calibration.md "(read33f)"): per file of the first launch (launch 0, cold) the block's
end, each warp's segments (the cycles between its 17 clock reads t0 s1 .. s15 t1) and where the block is released
(the first segment from which warp 0 runs under CAUGHT cycles a segment to the 15th); with WARPSIM, warpsim's the
same for the kernel, then a summary table (first and warm launch's ends, released, warpsim's error).

usage: read_stamps.py PROBEDIR [WARPSIM PTX] [KIND-bB[-lateW-D][-rR] ...]
  PROBEDIR: the tarball's fetch33/probe; PTX: its fetch33/probe_fetch33.ptx; no names: every file.
A line of a file: "launch warp warpid smid t0 s1 .. s15 t1" (clocks less the block's least t0).
"""
import os
import subprocess
import sys
import tempfile

CAUGHT = 190  # cycles a segment, below h100j's caught pace (197-198) and above every kind's warm one


def load(path):
    rows = {}
    for line in open(path):
        f = line.split()
        if len(f) == 21:
            rows.setdefault(int(f[0]), []).append([int(x) for x in f[4:]])
    return rows


def segs(st):
    return [st[i + 1] - st[i] for i in range(len(st) - 1)]


def released(cold):
    """The first segment (1-15) from which the cold warp's segments are all under CAUGHT (h100j's caught pace is
    197-198 cycles a segment for every kind; the warm ones 132-184); None without the inner stamps."""
    if min(cold[1:-1]) < 0:
        return None
    c = segs(cold)[:-1]  # the 16th holds the tail after the rounds
    at = None
    for i in range(len(c) - 1, -1, -1):
        if c[i] > CAUGHT:
            break
        at = i + 1
    return at


def params(name):
    kind, block = name.split('-')[0], int(name.split('-')[1][1:])
    lw, ld = 0xffffffff, 0
    for p in name.split('-')[2:]:
        if p.startswith('late'):
            lw = int(p[4:])
    if 'late' in name:
        ld = int(name.split('-')[3])
    return kind, block, lw, ld


def warpsim(ws, ptx, name, extra):
    kind, block, lw, ld = params(name)
    nw = block // 32
    out = subprocess.run([ws, 'run', ptx, '--kernel', 'fetch33_' + kind, '--grid', '1', '--block', str(block),
                          'o=u64[%d]' % (nw * 19), 'sink=u32[%d]' % block, 'a=u32:3', 'b=u32:5', 's=u32:0',
                          'lw=u32:%d' % lw, 'ld=u32:%d' % ld, *extra], capture_output=True, text=True,
                         check=True).stdout.split('\n')
    i = out.index('== o u64[%d]' % (nw * 19)) + 1
    vals = []
    while len(vals) < nw * 19:
        vals += [int(v) for v in out[i].split()]
        i += 1
    ws_rows = [vals[w * 19 + 2:w * 19 + 19] for w in range(nw)]
    base = min(r[0] for r in ws_rows)
    return [[v - base for v in r] for r in ws_rows]


def show(tag, rows, warm):
    end = max(r[-1] for r in rows)
    rel = released(rows[0]) if warm else None
    print('%-34s end %5d released from segment %s' % (tag, end, rel if rel else '-'))
    for w, r in enumerate(rows):
        print('    w%d t0 %4d: %s' % (w, r[0], ' '.join('%3d' % s for s in segs(r))))


def main():
    a = sys.argv[1:]
    if not a:
        sys.exit(__doc__)
    d, ws, ptx = a[0], None, None
    if len(a) >= 3 and os.access(a[1], os.X_OK) and a[2].endswith('.ptx'):
        ws, ptx = a[1], a[2]
    names = a[3 if ws else 1:] or sorted(n[:-4] for n in os.listdir(d) if n.endswith('.txt'))
    if ws:
        warm_preset = os.path.join(tempfile.mkdtemp(), 'warm.preset')
        open(warm_preset, 'w').write('ifetch.line 0\n')
    summary = []
    for n in names:
        rows = load(os.path.join(d, n + '.txt'))
        card = (max(r[-1] for r in rows[0]), max(r[-1] for r in rows[1]), released(rows[0][0]))
        show(n + ' card cold', rows[0], rows.get(1))
        show(n + ' card warm', rows[1], None)
        if ws:
            w_warm = warpsim(ws, ptx, n, ['--preset', warm_preset])
            show(n + ' warpsim cold', warpsim(ws, ptx, n, []), w_warm)
            show(n + ' warpsim warm', w_warm, None)
            cold = warpsim(ws, ptx, n, [])
            summary.append((n, card, (max(r[-1] for r in cold), max(r[-1] for r in w_warm), released(cold[0]))))
        else:
            summary.append((n, card, None))
    print('\n| file | card first | card warm | card released from | warpsim first | warpsim warm | released | error |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for n, c, w in summary:
        line = '| %s | %d | %d | %s |' % (n, c[0], c[1], c[2] or '-')
        if w:
            line += ' %d | %d | %s | %+.1f%% |' % (w[0], w[1], w[2] or '-', (w[0] - c[0]) / c[0] * 100)
        print(line)


if __name__ == '__main__':
    main()
