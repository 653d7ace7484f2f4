#!/usr/bin/env python3
"""Summary of the cold18 device job (.devjobs/cold18/run.sh; docs/calibration.md "(first19)").
Usage: summary.py DIR (the unpacked cold18/ directory).

Per probe process (alu3_KIND_COND, c17_KERNEL_COND; COND r1-r3 the rounds, holdMB with another process holding MB
of device memory, eager): the first launch's span (warp 0's t1 - t0 at a block of 32), the warm span (launch 2), the
region's 128-byte lines (from the clock reads' SASS offsets), first / line, the same kernel's figure in alu27
(2026-12-04) and cold17 (2026-12-05), and the SM clock: over the 2 ms spins of the gauges before and after the
process, and across the process itself (the gauges' clock64 and globaltimer on SM 124 that bracket it)."""
import glob
import json
import os
import re
import statistics
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../tests/calibration/probes'))
import sass_text  # noqa: E402

# first-launch spans of the same kernels (warp 0, a block of 32, the kernel's first launch in its process)
ALU27 = {'lop3': 654, 'fma': 650, 'fadd': 649, 'lop3_f': 1312, 'fadd_f': 1312, 'mad_m': 1314, 'sqrt': 2638,
         'lg2': 2097}
COLD17 = {'ffma8_256': 560, 'lop3f_512': 1123, 'lop3_256': 528, 'nop_256': 514, 'nop_1024': 2213,
          'ffma8_1024': 2265, 'alu3v_sqrt': 2097, 'alu3v_lg2': 2097}
# hwrun slots: bench_sync[0] (64 NOPs from the kernel's first line), bench_memord's L2 chains
HW = {'bench_sync': {0: (94, 117), 1: (176, 185)},
      'bench_memord': {14: (20228, 17589), 15: (19546, 16950), 16: (19514, 16910), 21: (20426, 17797)}}


def clock_offsets(path):
    """{function: [SASS byte offsets of its CS2R SR_CLOCKLO reads]} of a cuobjdump -sass listing (.xz)."""
    offs = {}
    for fn, insns in sass_text.functions(sass_text.read(path)).items():
        clk = [x.addr for x in insns if x.opcode == 'CS2R' and re.match(r'R\d+, SR_CLOCKLO', x.operands)]
        if clk:
            offs[fn] = clk
    return offs


def lines_of(offs, fn):
    o = offs.get(fn)
    return o[-1] // 128 - o[0] // 128 + 1 if o and len(o) >= 2 else None


def spans(path, alu3):
    """(first span, warm span, first t0, smid) of warp 0 at a block of 32, or None."""
    first = warm = None
    for line in open(path):
        p = line.split()
        try:
            if alu3 and len(p) == 8 and p[0] == '32' and p[2] == '0' and p[3] == '0':
                launch, t0, t1, sm = int(p[1]), int(p[4]), int(p[5]), int(p[7])
            elif not alu3 and len(p) == 9 and p[4] == '0':
                launch, t0, t1, sm = int(p[3]), int(p[5]), int(p[6]), int(p[8])
            else:
                continue
        except ValueError:
            continue
        if launch == 0:
            first = (t1 - t0, t0, sm)
        elif launch == 2:
            warm = t1 - t0
    return (first[0], warm, first[1], first[2]) if first else None


def gauges(path):
    """[(tag, [(smid, c0, c1, g0, g1, MHz)])] in the file's order."""
    out = []
    for line in open(path):
        p = line.split()
        if p[:1] == ['after']:
            out.append((p[1], []))
        elif p[:1] == ['gauge'] and out and len(p) >= 8:
            out[-1][1].append(tuple(int(x) for x in p[2:7]) + (float(p[7]),))
    return out


def main(d):
    offs = {}
    for name in ('probe_alu3.sass.xz', 'probe_cold17.sass.xz'):
        if os.path.exists(os.path.join(d, name)):
            offs.update(clock_offsets(os.path.join(d, name)))
    g = gauges(os.path.join(d, 'gauge.txt')) if os.path.exists(os.path.join(d, 'gauge.txt')) else []
    order = {tag: i for i, (tag, _) in enumerate(g)}
    spin = [r[5] for _, rs in g for r in rs]
    if spin:
        print('gauges: %d spins of 2 ms, SM clock min %.1f median %.1f max %.1f MHz (SMs %s)' % (
            len(spin), min(spin), statistics.median(spin), max(spin),
            sorted({r[0] for _, rs in g for r in rs})))
    print('| process | SASS lines | first | warm | first / line | alu27 | cold17 | MHz across | MHz spins |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    per_line = {}  # (binary, cond) -> [first / line of the fast kernels]
    for path in sorted(glob.glob(os.path.join(d, 'alu3_*.txt')) + glob.glob(os.path.join(d, 'c17_*.txt'))):
        tag = os.path.basename(path)[:-4]
        alu3 = tag.startswith('alu3_')
        kind, cond = tag.split('_', 1)[1].rsplit('_', 1)
        s = spans(path, alu3)
        if not s:
            print(f'| {tag} | no launch |')
            continue
        first, warm, t0, sm = s
        lines = lines_of(offs, ('alu3_' if alu3 else 'cold17_') + kind)
        across = spins = ''
        i = order.get(tag)
        if i is not None and i > 0 and g[i - 1][1] and g[i][1]:
            b, a = g[i - 1][1][-1], g[i][1][0]
            if b[0] == a[0] == sm and b[2] < t0 < a[1] and a[3] > b[4]:
                across = '%.1f' % ((a[1] - b[2]) * 1e3 / (a[3] - b[4]))
            spins = '%.1f, %.1f' % (b[5], a[5])
        ref = (ALU27 if alu3 else COLD17).get(kind)
        fpl = first / lines if lines else None
        print('| %s | %s | %d | %s | %s | %s | %s | %s | %s |' % (
            tag, lines or '?', first, warm if warm is not None else '?', '%.2f' % fpl if fpl else '?',
            ALU27.get(kind, '') if alu3 else '', COLD17.get(kind, '') if not alu3 else '', across, spins))
        # the kernels that outrun the fetch (warm under 12 cycles a line) say the fetch's rate
        if fpl and warm is not None and warm / lines < 12 and ref:
            per_line.setdefault(('probe_alu3' if alu3 else 'probe_cold17', cond), []).append((fpl, first / ref))
    print()
    for path in sorted(glob.glob(os.path.join(d, 'hw_*.txt'))):
        tag = os.path.basename(path)[:-4]
        b = next((k for k in HW if tag.startswith('hw_' + k + '_')), None)
        try:
            out = json.load(open(path))['buffers']['out']
        except (ValueError, KeyError, OSError):
            print(f'{tag}: no result')
            continue
        print('%s: %s' % (tag, ', '.join('[%d] %d (h200 tables %d, alu27 %d)' % (s, out[s], *HW[b][s])
                                         for s in sorted(HW[b]))))
    print()
    print('fast kernels (warm < 12 cycles a line), median first / line and first / the earlier run\'s figure:')
    for (binary, cond), v in sorted(per_line.items()):
        print('  %-12s %-10s %5.2f a line, %.3f of %s' % (binary, cond, statistics.median(x for x, _ in v),
                                                       statistics.median(r for _, r in v),
                                                       'alu27' if binary == 'probe_alu3' else 'cold17'))
    smi = os.path.join(d, 'smi.csv')
    if os.path.exists(smi):
        rows = [r.split(', ') for r in open(smi) if r[:1].isdigit()]
        mhz = [int(r[1].split()[0]) for r in rows if len(r) > 1 and r[1].split()[0].isdigit()]
        if mhz:
            print('nvidia-smi (rounds 2-3, every 200 ms): %d samples, SM %d-%d MHz; reasons %s' % (
                len(mhz), min(mhz), max(mhz), sorted({r[-1].strip() for r in rows})))
    print("""
What decides (docs/calibration.md "(first19)"):
- the SM clock: the hypothesis (the fetch a fixed time, its cycles following the clock) needs the clock about 14%
  lower (1700 against 1980 MHz) where the fast kernels take cold17's figures than where they take alu27's; "MHz
  across" and the spins within 1% of one another for processes of both figures rule it out, and a clock that
  moves with the figures (1700 with cold17's) confirms it;
- the session: probe_alu3 at about 1.0 of alu27 and probe_cold17 at about 1.17 of cold17 (both slow), or probe_alu3
  at about 0.86 of alu27 and probe_cold17 at 1.0 (both fast): the figure belongs to the session, as bench_sync[0]
  (94 or 117) says as well; probe_alu3 slow and probe_cold17 fast in the same rounds: the module;
- the placement: the hold rows differing from the rounds (some 17.6, some 20.5 a line) put it on where the code
  lands; bench_memord's chains moving the other way (17000 against 19500) as in alu27 say the data's placement
  moved as well.""")


if __name__ == '__main__':
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    main(sys.argv[1])
