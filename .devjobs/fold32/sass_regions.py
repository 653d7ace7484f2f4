#!/usr/bin/env python3
"""fold32: the timed regions of a kept SASS listing (tests/calibration/sass/NAME.sass.xz), read without a device
(docs/calibration.md "(fold32)"). Run from the repository root:
  sass_regions.py order NAME          each region between two CS2R SR_CLOCKLO: its instructions as letters (L an LDS,
                                      S a SHFL, x a LOP3, ? anything else) and its LOP3 count
  sass_regions.py replay NAME         each region replayed in order, a crude model: one instruction a cycle, an LDS or
                                      SHFL at most every 4 cycles, its value 27 cycles on (23 and 30: the bounds), a
                                      LOP3's 4 on; what ptxas's order alone costs (bench_mio_w1's shfl.bfly region
                                      295 cycles, shfl.idx 284, shfl.down 283: H200 305 / 283 / 283)
  sass_regions.py live NAME FIRST LAST  the registers of the region [FIRST, LAST] (hex addresses): those it writes,
                                      those read after it and not written in it, those below the highest the kernel
                                      uses that it leaves unused (bench_shared_ilp 2cb0 3290: R1 and R74;
                                      bench_throughput 1cd0 22c0: R1 alone)"""
import lzma, re, sys


def load(name):
    ins = []
    for line in lzma.open(f'tests/calibration/sass/{name}.sass.xz', 'rt'):
        m = re.search(r'/\*([0-9a-f]{4})\*/\s+(.*?);', line)
        if m:
            ins.append((int(m.group(1), 16), re.sub(' +', ' ', m.group(2).strip())))
    return ins


def regions(ins):
    clk = [i for i, (a, b) in enumerate(ins) if 'SR_CLOCKLO' in b]
    return [(ins[clk[r]][0], [b for a, b in ins[clk[r] + 1:clk[r + 1]]]) for r in range(0, len(clk) - 1, 2)]


def letter(b):
    return 'L' if b.startswith('LDS') else 'S' if b.startswith('SHFL') else 'x' if b.startswith('LOP3') else '?'


def replay(body, gap=4, mio=27, alu=4):
    ready, t, last = {}, 0, -100
    for b in body:
        regs = re.findall(r'\bR(\d+)\b', b)
        d, srcs = (regs[0] if regs else None), regs[1:]
        at = max([t] + [ready.get(s, 0) for s in srcs])
        if b.startswith(('LDS', 'SHFL')):
            at = max(at, last + gap)
            last = at
            ready[d] = at + mio
        elif d:
            ready[d] = at + alu
        t = at + 1
    return max([t] + list(ready.values()))


def dst_src(b):
    b = b.split(' ', 1)[1] if b.startswith('@') else b
    regs = [int(x) for x in re.findall(r'\bR(\d+)\b', b)]
    if b.startswith(('STS', 'STG', 'BAR', 'BRA', 'EXIT', 'RET')):
        return [], regs
    return regs[:1], regs[1:]


def live(ins, first, last):
    region = [b for a, b in ins if first <= a <= last]
    after = [b for a, b in ins if a > last]
    written = {r for b in region for r in dst_src(b)[0]}
    read_after, killed = set(), set()
    for b in after: # straight-line order: enough for the calibration kernels' regions
        d, s = dst_src(b)
        read_after |= {x for x in s if x not in killed}
        if not b.startswith('@'):
            killed |= set(d)
    live_in, w = set(), set()
    for b in region:
        d, s = dst_src(b)
        live_in |= {x for x in s if x not in w}
        w |= set(d)
    hi = max(int(x) for a, b in ins for x in re.findall(r'\bR(\d+)\b', b))
    print('highest register R%d' % hi)
    print('written in the region:', ' '.join(f'R{r}' for r in sorted(written)))
    print('read in it before written:', ' '.join(f'R{r}' for r in sorted(live_in)))
    print('read after it, not written in it:', ' '.join(f'R{r}' for r in sorted(read_after - written)))
    print('unused by it:', ' '.join(f'R{r}' for r in sorted(set(range(hi + 1)) - written - live_in - read_after)))


if __name__ == '__main__':
    what, name = sys.argv[1], sys.argv[2]
    ins = load(name)
    if what == 'order':
        for at, body in regions(ins):
            seq = ''.join(letter(b) for b in body)
            print(f'{at:#06x} {len(body):3d} instructions, {seq.count("x"):2d} LOP3: {seq}')
    elif what == 'replay':
        for at, body in regions(ins):
            print(f'{at:#06x} ' + ' '.join(f'{replay(body, mio=m)}' for m in (23, 27, 30)) + ' (LDS/SHFL 23, 27, 30)')
    elif what == 'live':
        live(ins, int(sys.argv[3], 16), int(sys.argv[4], 16))
