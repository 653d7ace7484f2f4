#!/usr/bin/env python3
"""Timelines of the corpus' timed regions (issue 15, cub7): every warp's clock at chosen points.

Writes tests/calibration/probes/timeline_<region>_<variant>.ptx and .args from the region's kernel
(tests/calibration/kernels/time_<region>.ptx): the same PTX with a third parameter, `stamps`
(u64[threads x K]), a `mov.u64 %tlN, %clock64` after each chosen line, the region's own two clock
reads kept as the first and last stamps, and, before the kernel's last `ret`, every thread's K stamps
stored to stamps[tid x K + k] (0 where the thread did not pass the point). Run the same .ptx with
warpsim-hwrun on the H200 and with `warpsim run --mode timing`: the stamps of lane 0 of each warp,
less warp 0's first, compare where each warp spends its cycles (probe_timeline.py).
Variant `ends` keeps only the region's two clock reads (every warp's start and end, the region
unchanged); other variants add stamps, which ptxas does not move code across.
Measured: probe_timeline-h200.txt (H200 and warpsim, every warp), docs/calibration.md "The corpus regions' timelines".
Usage: gen_timeline.py OUTDIR   (environment KERNELS: the kernels' folder, default ../kernels)
"""
import os
import re
import sys

ROOT = os.path.dirname(os.path.abspath(__file__))
KERNELS = os.environ.get("KERNELS", os.path.join(ROOT, "..", "kernels"))

# region -> variant -> the lines after which a stamp is read: (regex, occurrence from 1)
REGIONS = {
    'cub_block_reduce_warp_sum_int_b128': {
        'ends': [],
        'steps': [(r'^\s*redux\.sync', 1), (r'^\s*st\.shared\.u32', 1), (r'^\$L__BB0_2:', 1),
                  (r'^\s*bar\.sync', 1), (r'^\$L__BB0_4:', 1)],
    },
    'cub_block_reduce_rakingcomm_sum_int_b128': {
        'ends': [],
        'steps': [(r'^\s*st\.shared\.u32', 1), (r'^\$L__BB0_2:', 1), (r'^\s*bar\.sync', 1),
                  (r'^\s*add\.s32\s+%r24', 1), (r'^\s*redux\.sync', 1), (r'^\$L__BB0_4:', 1)],
    },
    'cub_block_reduce_raking_sum_int_b128': {
        'ends': [],
    },
    # tl26: each warp's arrival at the barrier (a stamp after the store before it) and its release
    'cub_block_reduce_raking_sum_int_b1024': {
        'ends': [],
        'bar': [(r'^\s*st\.shared\.u32', 1), (r'^\s*bar\.sync', 1)],
    },
    'cub_block_scan_warpscans_exclusivesum_int_b1024': {
        'ends': [],
        'steps': [(r'^\s*setp\.ne\.s32\s+%p1,', 1), (r'^\$L__BB0_2:', 1), (r'^\s*bar\.sync', 1)],
        # pipe24: each warp's arrival (the clock after bar.sync reads on arrival) and its first load's return
        'bar': [(r'^\s*bar\.sync', 1)],
        'first': [(r'^\s*bar\.sync', 1), (r'^\s*add\.s32\s+%r58,', 1)],
        # tl26: the stamp before the bar.sync (after the add before it) and after it
        'bar2': [(r'^\s*add\.s32\s+%r47,', 1), (r'^\s*bar\.sync', 1)],
    },
    'cg_reduce_less_tile16_float': {
        'ends': [],
    },
}


def instrument(ptx, kernel, points, nstamps):
    lines = ptx.split('\n')
    start = next(i for i, l in enumerate(lines) if re.match(rf'\.visible \.entry {kernel}\(', l))
    end = next(i for i in range(start, len(lines)) if lines[i] == '}')
    body = lines[start:end]
    marks, seen = {}, {}
    for i, l in enumerate(body):  # the region's own clock reads and the chosen lines
        m = re.match(r'\s*mov\.u64 (%rd\d+), %clock64;', l)
        if m:
            marks[i] = ('own', m.group(1))
        for j, (rx, nth) in enumerate(points):
            if re.search(rx, l):
                seen[j] = seen.get(j, 0) + 1
                if seen[j] == nth:
                    marks[i] = ('new', None)
    assert len(seen) == len(points), (kernel, points, seen)
    out, k, brace = [], 0, body.index('{')
    last_ret = max(j for j, x in enumerate(body) if x.strip() == 'ret;')
    for i, l in enumerate(body):
        if i == last_ret:
            out += ['\tld.param.u64 \t%tla0, [tl_stamps];', '\tcvta.to.global.u64 \t%tla0, %tla0;',
                    '\tmov.u32 \t%tlr0, %tid.x;', f'\tmul.wide.u32 \t%tla1, %tlr0, {8 * nstamps};',
                    '\tadd.s64 \t%tla0, %tla0, %tla1;']
            out += [f'\tst.global.u64 \t[%tla0+{8 * j}], %tl{j};' for j in range(nstamps)]
        if l.startswith('\t.param .u64') and body[i + 1].startswith(')'):
            out += [l + ',', '\t.param .u64 tl_stamps']
            continue
        out.append(l)
        if i == brace:
            out += [f'\t.reg .b64 \t%tl<{nstamps}>;', '\t.reg .b64 \t%tla<2>;', '\t.reg .b32 \t%tlr<1>;']
            out += [f'\tmov.u64 \t%tl{j}, 0;' for j in range(nstamps)]
        if i in marks:
            kind, reg = marks[i]
            out.append(f'\tmov.u64 \t%tl{k}, {reg};' if kind == 'own' else f'\tmov.u64 \t%tl{k}, %clock64;')
            k += 1
    assert k == nstamps, (kernel, k)
    return '\n'.join(lines[:start] + out + lines[end:])



def main():
    if len(sys.argv) != 2:
        sys.exit('usage: gen_timeline.py OUTDIR')
    outdir = sys.argv[1]
    for region, variants in REGIONS.items():
        src = os.path.join(KERNELS, f'time_{region}')
        ptx, args = open(src + '.ptx').read(), open(src + '.args').read()
        threads = int(re.search(r'--block (\d+)', args).group(1))
        for variant, points in variants.items():
            name = f'timeline_{region}_{variant}'
            kernel = f'time_{region}'
            nstamps = 2 + len(points)
            text = instrument(ptx, kernel, points, nstamps)
            with open(os.path.join(outdir, name + '.ptx'), 'w') as f:
                f.write(text)
            with open(os.path.join(outdir, name + '.args'), 'w') as f:
                f.write(f'# timeline of time_{region} ({variant}): stamps[tid * {nstamps} + k], '
                        f'k = the region\'s start, {", ".join(p[0] for p in points) or "-"}, its end\n')
                f.write(''.join(l + '\n' for l in args.split('\n') if l and not l.startswith('#')))
                f.write(f'stamps=u64[{threads * nstamps}]\n')


main()
