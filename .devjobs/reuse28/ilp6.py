#!/usr/bin/env python3
"""reuse28: bench_shared_ilp region 6 (ld.shared ILP 8 + xor broadcast, out[6]; H200 549) read against ptxas's SASS
(tests/calibration/sass/bench_shared_ilp.sass.xz 0x2ca0-0x3290), no device: docs/calibration.md "(reuse28)".
Run from the repository root:
  ilp6.py live           ptxas's registers in the region (those it writes), the values live after each instruction
                         (a value from its write to its last read) and the peak: ptxas's register bound on the loads
  ilp6.py sass OUT.ptx   programs/bench_shared_ilp.ptx with region 6 (between its clock reads) replaced by the SASS's
                         96 instructions in their order: each LDS an ld.volatile.shared.u32 into a fresh register, each
                         LOP3 0x96 one lop3.b32, the last LOP3 (0x3c) an xor into %r255; run it with `schedule 0`
                         (PTX order) over a preset to get warpsim's timing of ptxas's own order
  ilp6.py zero OUT.ptx   the same file with each accumulator's first `xor acc, acc(0), ld` folded into the load (the load
                         writes the accumulator, its mov of 0 gone): ptxas's pairs (LOP3 of the loads 0, 8, 16), as
                         fold.zero of ren23 (.devjobs/ren23/fold_zero.diff) did in the list schedule"""
import lzma, re, sys

SASS = 'tests/calibration/sass/bench_shared_ilp.sass.xz'
PTX = 'programs/bench_shared_ilp.ptx'
FIRST, LAST = 0x2ca0, 0x3290


def region():
    ins = []
    for line in lzma.open(SASS, 'rt'):
        m = re.search(r'/\*([0-9a-f]{4})\*/\s+(.*?);', line)
        if m and FIRST <= int(m.group(1), 16) <= LAST:
            ins.append(m.group(2).strip())
    return ins


def regs(i):
    return [int(x) for x in re.findall(r'\bR(\d+)\b', i)]


def ptx_bounds(lines):
    """region 6's lines: after the 13th clock read (mov.u64 %rd37, %clock64) up to the next one"""
    a = next(k for k, l in enumerate(lines) if 'mov.u64 %rd37, %clock64' in l)
    b = next(k for k, l in enumerate(lines) if 'mov.u64 %rd38, %clock64' in l)
    return a + 1, b


def live():
    ins = region()
    written = sorted({regs(i)[0] for i in ins})
    print(f'{len(ins)} instructions, {sum(i.startswith("LDS") for i in ins)} LDS; registers written: {len(written)}:',
          ' '.join(f'R{r}' for r in written))
    ev = [(regs(i)[0], regs(i)[1:] if i.startswith('LOP3') else []) for i in ins]
    cur, seq = set(), []
    for k, (d, srcs) in enumerate(ev):
        for s in srcs:
            nxt = next((('r' if s in sj else 'w') for dj, sj in ev[k + 1:] if s in sj or dj == s), None)
            if nxt != 'r':
                cur.discard(s)
        cur.add(d)
        seq.append(len(cur))
    print('peak live', max(seq))
    print(' '.join(('L' if ins[k].startswith('LDS') else 'X') + str(c) for k, c in enumerate(seq)))


def sass(out):
    ins, cur, n, body = region(), {}, 0, []
    for k, i in enumerate(ins):
        f = [x.strip(' ,') for x in re.split(r'[ ,]+', i)]
        if f[0] == 'LDS':
            n += 1
            cur[f[1]] = f'%q{n}'
            body.append(f'\tld.volatile.shared.u32 %q{n}, [%r87];')
            continue
        assert f[0] == 'LOP3.LUT', i
        d, a, b, c, lut = f[1:6]
        a, b, c = cur[a], cur[b], cur.get(c) # the sources before the destination's new name (LOP3 R6, R72, R6, R71)
        if k == len(ins) - 1:
            dst = '%r255'
        else:
            n += 1
            dst = cur[d] = f'%q{n}'
        if lut == '0x96':
            body.append(f'\tlop3.b32 {dst}, {a}, {b}, {c}, 0x96;')
        else:
            assert lut == '0x3c' and f[4] == 'RZ', i
            body.append(f'\txor.b32 {dst}, {a}, {b};')
    lines = open(PTX).read().split('\n')
    a, b = ptx_bounds(lines)
    open(out, 'w').write('\n'.join(lines[:a] + [f'\t.reg .b32 %q<{n + 1}>;'] + body + lines[b:]))


def zero(out):
    lines = open(PTX).read().split('\n')
    a, b = ptx_bounds(lines)
    accs = {f'%r{r}' for r in range(255, 263)}
    reg, new, seen, k = lines[a - 3:b], [], set(), 0 # from the movs of the accumulators (before the clock)
    while k < len(reg):
        l = reg[k].strip()
        if l.startswith('mov.u32') and l.split()[1].rstrip(',') in accs - {'%r255'}:
            k += 1
            continue
        if l.startswith('ld.volatile.shared.u32') and k + 1 < len(reg) and reg[k + 1].strip().startswith('xor.b32'):
            acc = reg[k + 1].split()[1].rstrip(',')
            if acc not in seen:
                seen.add(acc)
                new.append(reg[k].replace(l.split()[1], acc + ','))
                k += 2
                continue
        new.append(reg[k])
        k += 1
    assert len(seen) == 8
    open(out, 'w').write('\n'.join(lines[:a - 3] + new + lines[b:]))


if __name__ == '__main__':
    {'live': lambda: live(), 'sass': lambda: sass(sys.argv[2]), 'zero': lambda: zero(sys.argv[2])}[sys.argv[1]]()
