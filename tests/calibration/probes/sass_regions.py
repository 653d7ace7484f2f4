#!/usr/bin/env python3
"""Where ptxas put the consumers of a timed region's loads and shuffles, and the registers it had.

For each clock64-timed region of one SASS function (between two `CS2R ..., SR_CLOCKLO`):
  - across: registers live at the region's start and at its end and not written in it;
  - written: registers written in it (what ptxas gave the region's own values);
  - before use: LDS/SHFL issued before the first LOP3 that reads one;
  - lags: for each LOP3 that reads a load's or shuffle's value, how many LDS/SHFL were issued
    after the newest one it reads (0: the one just issued; the warp's shared loads and shuffles
    complete in order, so it waits for all of them: the MIO pipe drains).
The function's highest register is printed first. Liveness is a straight-line backward pass over
the function (its branches ignored: the timed regions are straight-line code).
Used in docs/calibration.md "ptxas's registers in a timed region (ilp7)".
Usage: sass_regions.py FILE.sass[.xz] FUNCTION
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_text  # noqa: E402


def load(path, func):
    return [(x.addr, x.text) for x in sass_text.function(sass_text.read(path), func)]


def regs(opnd, width=1):
    out = []
    for r, wide in re.findall(r'\bR(\d+)(\.64)?', opnd):
        out += [int(r) + i for i in range(2 if wide else width)]
    return out


NO_DST = ('STS', 'STG', 'ST', 'BRA', 'EXIT', 'BAR', 'RED', 'NOP', 'WARPSYNC', 'BSYNC', 'BSSY', 'ISETP', 'FSETP', 'PLOP3')


def parse(text):
    """(registers written, registers read, guarded, opcode)"""
    guarded = text.startswith('@')
    op, _, rest = re.sub(r'^@!?U?P\w+ ', '', text).partition(' ')
    opnds = [o.strip() for o in rest.split(',')] if rest else []
    base = op.split('.')[0]
    width = 4 if '.128' in op else 2 if '.64' in op else 1
    if base == 'SHFL':  # SHFL.BFLY P?, Rd, Ra, b, c: the predicate comes first when written
        opnds = [o for o in opnds if not o.startswith('P')]
    if base in NO_DST or not opnds:
        return [], [r for o in opnds for r in regs(o, width)], guarded, base
    dst = regs(opnds[0], width if base in ('LDS', 'LDG', 'LD', 'LDC', 'CS2R') else 1)
    return dst, [r for o in opnds[1:] for r in regs(o)], guarded, base


def main():
    ins = load(sys.argv[1], sys.argv[2])
    parsed = [parse(t) for _, t in ins]
    live = [set() for _ in range(len(ins) + 1)]
    for i in range(len(ins) - 1, -1, -1):
        dst, src, guarded, _ = parsed[i]
        live[i] = (live[i + 1] - (set() if guarded else set(dst))) | set(src)
    print(f'{sys.argv[2]}: highest register R{max(r for p in parsed for r in p[0] + p[1])}')
    clocks = [i for i, (_, t) in enumerate(ins) if 'CLOCKLO' in t]
    for a, b in zip(clocks, clocks[1:]):
        body = range(a + 1, b)
        written = {r for i in body for r in parsed[i][0]}
        across = (live[a + 1] & live[b]) - written
        issued, producer, lags, before = 0, {}, [], None
        for i in body:
            dst, src, _, op = parsed[i]
            if op in ('LDS', 'SHFL'):
                issued += 1
                for r in dst:
                    producer[r] = issued
            elif op == 'LOP3':
                read = [producer[r] for r in src if r in producer]
                if read:
                    before = issued if before is None else before
                    lags.append(issued - max(read))
                for r in src + dst:
                    producer.pop(r, None)
        if issued:
            print(f'  {ins[a][0]:05x}-{ins[b][0]:05x}: across {len(across)}, written {len(written)}, '
                  f'{issued} LDS/SHFL, {before} before use, lags {" ".join(map(str, lags))}')


main()
