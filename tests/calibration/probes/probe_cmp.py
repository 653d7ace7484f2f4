#!/usr/bin/env python3
"""Compares a probe's H200 medians with warpsim's timing mode, slot by slot.

    probe_cmp.py WARPSIM DATA PTX [--min CYCLES] [--kernel NAME ...]

DATA is a probe's measurements (probe_stq3-h200.txt: 'KERNEL SLOT MEDIAN MIN MAX  # what'); each kernel
named there runs once in warpsim (--grid 1 --block 32 'out=u64[64]' 'sink=u32[32]', the probes'
launch) and each slot prints as 'KERNEL SLOT H200 WARPSIM ERROR  # what'; then the mean error of
the slots of at least --min cycles (default 20) per kernel.
"""
import json
import subprocess
import sys
from collections import defaultdict


def load(path):
    rows = []
    for line in open(path):
        if line.startswith('#') or not line.strip():
            continue
        head, _, what = line.partition('#')
        k, slot, med = head.split()[:3]
        rows.append((k, int(slot), float(med), what.strip()))
    return rows


def simulate(warpsim, ptx, kernel, block=32):
    out = subprocess.run([warpsim, 'run', ptx, '--kernel', kernel, '--grid', '1', '--block', str(block),
                          'out=u64[64]', f'sink=u32[{block}]', '--mode', 'timing', '--json'],
                         check=True, capture_output=True, text=True).stdout
    return json.loads(out)['buffers']['out']


def main(argv):
    args, least, only = [], 20.0, set()
    it = iter(argv)
    for a in it:
        if a == '--min':
            least = float(next(it))
        elif a == '--kernel':
            only.add(next(it))
        else:
            args.append(a)
    warpsim, data, ptx = args
    rows = [r for r in load(data) if not only or r[0] in only]
    sim = {k: simulate(warpsim, ptx, k) for k in dict.fromkeys(r[0] for r in rows)}
    errs = defaultdict(list)
    for k, slot, hw, what in rows:
        ws = sim[k][slot]
        e = (ws - hw) / hw * 100 if hw else 0.0
        if hw >= least:
            errs[k].append(abs(e))
        print(f'{k} {slot} {hw:.0f} {ws} {e:+.1f}%  # {what}')
    for k, e in errs.items():
        print(f'# {k}: {len(e)} slots of {least:.0f} cycles or more, mean error {sum(e) / len(e):.1f}%')


if __name__ == '__main__':
    main(sys.argv[1:])
