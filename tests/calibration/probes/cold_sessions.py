#!/usr/bin/env python3
"""Every one-warp cold first launch measured on a GH100 card (H200 and H100) in tests/calibration, side by side
(docs/calibration.md "(cold28)").

usage: cold_sessions.py SRCDIR                     the sessions, their cycles a line, the kernels two or more measured
       cold_sessions.py SRCDIR --check [WARPSIM]  asserts what those tables show and, with WARPSIM, that warpsim's
                                                  one-warp first launch of each probe_alu3 kernel a second H200 session
                                                  ran (alu25, cold17) is within 10% of that session's figure, and of
                                                  every kernel within 10% of some session's figure (H200 or H100)
                                                  (ctest calibration_cold_sessions)

A figure is the span of a block of 32 threads (one warp) in a process's first launch of the kernel (cold code: the
first fetch of its lines), the median over the processes where there are several; "warm" is the median of the later
launches in the same process. A kernel's lines are its timed region's SASS instructions (between the two clock reads)
over 8 (128 bytes); first / line is the whole span over them, the prologue's lines included. "fast" kinds issue a line
in under 12 cycles warm (their first launch runs at the fetch's rate), "edge" kinds in 15-17 (ptxas's 2-cycle
code: the fetch hidden or not, "(cold18)"). Kernels of different probes are the same code where their regions' SASS
is the same instruction for instruction (registers and immediates left out): probe_alu2's lop3, fma, fadd, fmul, mad,
popc and their _l, _m are probe_alu3's (SAME_AS_ALU2), probe_cold17's alu3v_sqrt and alu3v_lg2 probe_alu3's sqrt
and lg2; --check asserts it from the SASS each session's tarball holds."""
import hashlib
import os
import re
import statistics
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_cold17 import sass_regions  # noqa: E402
import sass_text  # noqa: E402

# (tag, tarball under tests/calibration, card, top folder, the probe's layout, its SASS, the kernels' prefix, runs)
SESSIONS = (
    ('alu24', 'device-2026-12-04-alu24.tar.xz', 'H200', 'alu24', 'g1', 'probe_alu.sass', 'alu_', '*_1_32.txt'),
    ('alu25', 'device-2026-12-04-alu25.tar.xz', 'H200', 'alu25', 'g1', 'probe_alu2.sass', 'alu2_', '*_1_32.txt'),
    ('alu27', 'device-2026-12-04-alu27.tar.xz', 'H200', 'alu27', 'alu3', 'probe_alu3.sass', 'alu3_', 'probe/*.txt'),
    ('cold17', 'device-2026-12-05-cold17.tar.xz', 'H200', 'cold17', 'c17', 'probe_cold17.sass', 'cold17_',
     'w1/*.txt'),
    ('h100', 'device-2026-12-05-h100-alu3r.tar.xz', 'H100', 'alu3r', 'alu3', 'probe_alu3.sass', 'alu3_',
     'probe/*.txt'),
    ('h100b', 'device-2026-12-05-h100b-alu3r.tar.xz', 'H100', 'alu3r', 'alu3', 'probe_alu3.sass', 'alu3_',
     'probe/*.txt'),
    ('h100c', 'device-2026-12-05-h100c-alu3r.tar.xz', 'H100', 'alu3r', 'alu3', 'probe_alu3.sass', 'alu3_',
     'probe/*.txt'),
    ('h100d', 'device-2026-12-05-h100d-fit25.tar.xz', 'H100', 'fit25', 'alu3', 'probe_alu3.sass', 'alu3_',
     'probe/*.txt'),
)
META = {'alu24': None, 'alu25': None, 'alu27': 'meta-2026-12-04-alu27.txt',
        'cold17': 'meta-2026-12-05-cold17.txt', 'h100': 'meta-2026-12-05-h100-alu3r.txt',
        'h100b': 'meta-2026-12-05-h100b-alu3r.txt', 'h100c': 'meta-2026-12-05-h100c-alu3r.txt',
        'h100d': 'meta-2026-12-05-h100d-fit25.txt'}
SAME_AS_ALU2 = ('lop3', 'lop3_l', 'lop3_m', 'fma', 'fma_l', 'fma_m', 'fadd', 'fadd_l', 'fadd_m', 'fmul', 'fmul_l',
                'fmul_m', 'mad', 'mad_l', 'mad_m', 'popc', 'popc_l', 'popc_m')
SAME_AS_C17 = {'sqrt': 'alu3v_sqrt', 'lg2': 'alu3v_lg2'}


def region_code(text):
    """{kernel: (md5 of the region's opcodes and modifiers, registers and immediates left out)} of cuobjdump text."""
    funcs = {name: [x.text for x in insns] for name, insns in sass_text.functions(text).items()}
    out = {}
    for name, ins in funcs.items():
        clk = [i for i, t in enumerate(ins) if 'SR_CLOCKLO' in t]
        if len(clk) >= 2:
            ops = [re.sub(r'U?R\d+|U?P\d|0x[0-9a-f]+|-?\d+\.\d+', '', t) for t in ins[clk[0] + 1:clk[-1]]]
            out[name] = hashlib.md5('\n'.join(ops).encode()).hexdigest()
    return out


def spans(text, layout):
    """{kernel file's block-32 runs: (first-launch span, median warm span)} of one raw file's text. alu3: "block
    launch blk warp t0 t1 warpid sm"; g1 (probe_alu, probe_alu2 at grid 1): "launch blk warp t0 t1 warpid sm";
    c17: "kernel block mask launch warp t0 t1 warpid sm" (pass 1)."""
    per = {}
    for line in text.splitlines():
        f = line.split()
        if layout == 'alu3' and len(f) == 8 and f[0] == '32':
            la, t0, t1 = int(f[1]), int(f[4]), int(f[5])
        elif layout == 'g1' and len(f) == 7:
            la, t0, t1 = int(f[0]), int(f[3]), int(f[4])
        elif layout == 'c17' and len(f) == 9 and f[1] == '32':
            la, t0, t1 = int(f[3]), int(f[5]), int(f[6])
        else:
            continue
        a = per.setdefault(la, [1 << 64, 0])
        a[0], a[1] = min(a[0], t0), max(a[1], t1)
    if 0 not in per or len(per) < 2:
        return None
    return per[0][1] - per[0][0], statistics.median(v[1] - v[0] for k, v in per.items() if k > 0)


def session(src, tag):
    """(meta {date, card, uuid, driver, clocks}, {kernel: (first, warm, region SASS, code md5)}) of one session."""
    _, tarball, card, top, layout, sass, prefix, runs = next(s for s in SESSIONS if s[0] == tag)
    figures, text = {}, ''
    with tarfile.open(os.path.join(src, 'tests/calibration', tarball)) as tar:
        members = {m.name: m for m in tar.getmembers() if m.isfile()}
        text = sass_text.member(tar, top + '/' + sass)
        meta = sass_text.member(tar, top + '/meta.txt') if top + '/meta.txt' in members else ''
        pattern = re.compile(re.escape(top + '/') + runs.replace('*', '[^/]*').replace('.txt', r'\.txt') + '$')
        for name, m in members.items():
            if pattern.match(name):
                s = spans(tar.extractfile(m).read().decode(), layout)
                kernel = re.sub(r'(_1)?_32$', '', os.path.basename(name)[:-4])
                if s:
                    figures[kernel] = s
    regions = sass_regions(None, text)
    code = region_code(text)
    out = {}
    for kernel, (first, warm) in figures.items():
        full = prefix + kernel if prefix != 'cold17_' else kernel
        if full in regions:
            out[kernel] = (first, warm, regions[full][0], code[prefix + kernel])
    if META[tag]:
        meta += open(os.path.join(src, 'tests/calibration', META[tag])).read()
    uuid = re.search(r'GPU-[0-9a-f]{8}', meta)
    date = re.search(r'20\d\d-\d\d-\d\dT\d\d:\d\d', meta)
    return {'date': date.group(0) if date else '', 'card': card, 'uuid': uuid.group(0) if uuid else 'not recorded',
            'driver': '580.159.04' if '580.159.04' in meta else '?'}, out


def rates(figures, low, high):
    """(median, min, max, count) of first / line over the kernels whose warm code issues a line in [low, high)."""
    v = [first / (n / 8) for first, warm, n, _ in figures.values() if n >= 100 and low <= warm / (n / 8) < high]
    return (statistics.median(v), min(v), max(v), len(v)) if v else None


def load(src):
    return {s[0]: session(src, s[0]) for s in SESSIONS}


def same_code(all_sessions):
    """{probe_alu3 kind: {tag: first}} for every probe_alu3 kind, with alu25's and cold17's figures of the same code."""
    a3 = [t for t, s in all_sessions.items() if s[1] and next(x for x in SESSIONS if x[0] == t)[4] == 'alu3']
    out = {}
    for kind in all_sessions['alu27'][1]:
        row = {t: all_sessions[t][1][kind][0] for t in a3 if kind in all_sessions[t][1]}
        if kind in SAME_AS_ALU2 and kind in all_sessions['alu25'][1]:
            row['alu25'] = all_sessions['alu25'][1][kind][0]
        if kind in SAME_AS_C17 and SAME_AS_C17[kind] in all_sessions['cold17'][1]:
            row['cold17'] = all_sessions['cold17'][1][SAME_AS_C17[kind]][0]
        out[kind] = row
    return out


def report(all_sessions):
    print('| session | date (UTC) | card | uuid | driver | one-warp kernels | fast: first / line, median (range, n) |'
          ' edge: first / line |')
    print('| --- | --- | --- | --- | --- | ---: | --- | --- |')
    for tag, (meta, figures) in all_sessions.items():
        cells = []
        for low, high in ((0, 12), (15, 17)):
            r = rates(figures, low, high)
            cells.append('%.2f (%.2f-%.2f, %d)' % r if r else '-')
        print('| %s | %s | %s | %s | %s | %d | %s | %s |' % (tag, meta['date'], meta['card'], meta['uuid'],
                                                            meta['driver'], len(figures), cells[0], cells[1]))
    tags = [t for t, _ in all_sessions.items() if t not in ('alu24',)]
    print('\n| kind | lines | warm / line (alu27) | %s |' % ' | '.join(tags))
    print('| --- | ---: | ---: |%s' % (' ---: |' * len(tags)))
    rows = same_code(all_sessions)
    for kind in sorted(rows, key=lambda k: (k not in SAME_AS_ALU2 and k not in SAME_AS_C17, k)):
        if kind not in SAME_AS_ALU2 and kind not in SAME_AS_C17 and not kind.startswith(('hfma2', 'bfma2')):
            continue
        first, warm, n, _ = all_sessions['alu27'][1][kind]
        print('| %s | %.1f | %.2f | %s |' % (kind, n / 8, warm / (n / 8),
                                             ' | '.join('%d' % rows[kind][t] if t in rows[kind] else '-'
                                                        for t in tags)))


def check(all_sessions):
    """The findings of docs/calibration.md "(cold28)"; returns the failed ones."""
    want = sass_text.Checks()
    s = {t: f for t, (_, f) in all_sessions.items()}
    for kind in SAME_AS_ALU2:  # the same region SASS in probe_alu2 and probe_alu3
        want(s['alu25'][kind][3] == s['alu27'][kind][3],
             'alu2_%s is alu3_%s instruction for instruction' % (kind, kind))
    for kind, c17 in SAME_AS_C17.items():
        want(s['cold17'][c17][3] == s['alu27'][kind][3],
             'cold17_%s is alu3_%s instruction for instruction' % (c17, kind))
    # code that the fetch bounds (warm under 17 cycles a line, its first launch above its warm span somewhere)
    bound = [k for k in SAME_AS_ALU2 if s['alu27'][k][1] / (s['alu27'][k][2] / 8) < 17]
    want(len(bound) == 15, '15 of the shared kernels issue a line in under 17 cycles warm (%d)' % len(bound))
    for kind in bound:
        a25, a27, h = s['alu25'][kind][0], s['alu27'][kind][0], s['h100'][kind][0]
        want(abs(a25 - h) / h <= 0.01, '%s: H200 alu25 %d within 1%% of H100 h100 %d' % (kind, a25, h))
        want(a27 / a25 >= 1.15, '%s: H200 alu27 %d at least 15%% over H200 alu25 %d (%+.1f%%)' %
             (kind, a27, a25, (a27 / a25 - 1) * 100))
    h100s = ('h100', 'h100b', 'h100c', 'h100d')
    want(s['cold17']['alu3v_sqrt'][0] == 2097 and all(s[t]['sqrt'][0] == 2097 for t in h100s),
         'sqrt: H200 cold17 and every H100 2097')
    want(s['alu27']['sqrt'][0] == 2638 and s['alu27']['lg2'][0] == 2097, 'sqrt 2638 and lg2 2097 in alu27')
    # no figure is within 10% of both H200 sessions where they lie more than 1.1 / 0.9 apart
    apart = sorted(k for k in bound + list(SAME_AS_C17)
                   for other in [s['alu25'][k][0] if k in SAME_AS_ALU2 else s['cold17'][SAME_AS_C17[k]][0]]
                   if s['alu27'][k][0] / other > 1.1 / 0.9)
    want(apart == ['lop3', 'lop3_l', 'mad', 'mad_m', 'sqrt'], 'two H200 sessions more than 1.1/0.9 apart: %s' %
         ', '.join(apart))
    med = {t: rates(s[t], 0, 12)[0] for t in s}
    h200 = [med[t] for t in ('alu24', 'alu25', 'cold17')]
    want(max(h200) / min(h200) < 1.03, 'fast kinds: H200 alu24, alu25, cold17 within 3%% (%s)' %
         ', '.join('%.2f' % x for x in h200))
    want(med['alu27'] / max(h200) > 1.15, 'fast kinds: H200 alu27 %.2f a line, over 15%% above the others' %
         med['alu27'])
    h100 = [med[t] for t in ('h100', 'h100b', 'h100c', 'h100d')]
    want(min(h200) <= max(h100) and max(h100) / min(h100) > 1.08,
         'fast kinds: the H100s %s a line, one at the H200s\' figure' % ', '.join('%.2f' % x for x in h100))
    # hfma2, bfma2 alone: edge code (alu27 warm 15.3 a line); first launch at or under warm on every H100, alu27's 22%
    # over, as alu27's lop3 and mad (edge) and none of the other sessions'
    for kind in ('hfma2', 'bfma2'):
        want(all(s[t][kind][0] <= s[t][kind][1] for t in ('h100', 'h100b', 'h100c', 'h100d')),
             '%s: first launch at or under its warm span on every H100' % kind)
        want(s['alu27'][kind][0] / s['alu27'][kind][1] > 1.2, '%s: alu27 first %d over warm %d by %+.1f%%' %
             (kind, s['alu27'][kind][0], s['alu27'][kind][1], (s['alu27'][kind][0] / s['alu27'][kind][1] - 1) * 100))
    for kind in ('lop3', 'mad'):
        want(s['alu27'][kind][0] / s['alu27'][kind][1] > 1.2 and s['alu25'][kind][0] == s['alu25'][kind][1],
             '%s: alu27 first %d over warm %d; alu25 first = warm %d' % (kind, s['alu27'][kind][0],
                                                                         s['alu27'][kind][1], s['alu25'][kind][0]))
    return want.failed


def check_warpsim(warpsim, src, all_sessions):
    """warpsim's one-warp first launch (the built-in preset) of every probe_alu3 kind two H200 sessions ran, against
    the second session's figure (within 10%) and alu27's (printed); returns the failed ones."""
    import lzma
    import probe_alu
    fails = []
    with tempfile.TemporaryDirectory() as tmp:
        ptx = os.path.join(tmp, 'probe_alu3.ptx')
        with open(ptx, 'wb') as f:
            f.write(lzma.open(os.path.join(src, 'tests/calibration/probes/probe_alu3.ptx.xz')).read())
        ranged = 0
        for kind, row in sorted(same_code(all_sessions).items()):
            try:
                w = probe_alu.warpsim(warpsim, ptx, 'alu3_' + kind, 32, 3, 5)
            except Exception:  # a raw run of a kernel the PTX does not have (bfind_2sm)
                continue
            near = min(row.values(), key=lambda v: abs(w - v) / v)
            ranged += 1
            if abs(w - near) / near > 0.1:  # the range: within 10% of some session's figure of the same code
                fails.append('%s at 1 warp: warpsim %d, every session %d-%d' % (kind, w, min(row.values()),
                                                                                  max(row.values())))
                print('FAIL ' + fails[-1])
            other = [(t, v) for t, v in row.items() if t in ('alu25', 'cold17')]
            if not other:
                continue
            tag, h200 = other[0]
            err, e27 = (w - h200) / h200 * 100, (w - row['alu27']) / row['alu27'] * 100
            line = '%s at 1 warp: warpsim %d, H200 %s %d (%+.1f%%), H200 alu27 %d (%+.1f%%)' % (
                kind, w, tag, h200, err, row['alu27'], e27)
            print('%s %s' % ('ok  ' if abs(err) <= 10 else 'FAIL', line))
            if abs(err) > 10:
                fails.append(line)
        print('%d one-warp first launches of probe_alu3 against the range of every session\'s figure of the same code'
              % ranged)
    return fails


def main(argv):
    if len(argv) < 2:
        sys.exit(__doc__)
    all_sessions = load(argv[1])
    if '--check' in argv:
        fails = check(all_sessions)
        rest = [a for a in argv[2:] if a != '--check']
        if rest:
            fails += check_warpsim(rest[0], argv[1], all_sessions)
        print('%d failed' % len(fails))
        return 1 if fails else 0
    report(all_sessions)
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
