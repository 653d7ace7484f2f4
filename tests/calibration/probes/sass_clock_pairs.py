#!/usr/bin/env python3
"""Which registers ptxas gives a clock read, and when that makes it wait for a queued store.

    sass_clock_pairs.py FILE.sass[.xz] ... [-v]

For every `CS2R Rn, SR_CLOCKLO` of cuobjdump -sass output (each function's liveness from its SASS:
a register is live where a later instruction reads it before an unpredicated write), checks two
rules (docs/calibration.md "ptxas's clock registers and the store queue's reads"):
  pair: the clock read takes the lowest aligned pair of registers free there (R1, the stack
        pointer, never free);
  wait: the clock read waits on a store's read barrier (its wait mask holds a barrier whose last
        setter is an STS or STG) exactly when that pair holds a register whose last reader is a
        store not yet waited for (no instruction since waited on a barrier set by that store or a
        later one: the MIO reads the queued stores' registers in order).
Prints, per file, how many clock reads follow each rule; -v lists the ones that do not.
"""
import lzma
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from sass_stq_waits import instructions  # noqa: E402

STORE = ('STS', 'STG')
NOT_DEST = ('STS', 'STG', 'STL', 'ST.', 'RED', 'BAR', 'EXIT', 'BRA', 'NOP', 'ISETP', 'WARPSYNC')
PAIR_DEST = ('CS2R', 'LDC.64', 'IMAD.WIDE', 'LDS.64', 'LDG.E.64')


def regs(tok, n):
    m = re.match(r'[-~|]*R(\d+)', tok)
    return list(range(int(m.group(1)), int(m.group(1)) + n)) if m else []


def operands(text):
    """(opcode, registers written, registers read, predicated, branch target) of one instruction."""
    pred = text.startswith('@')
    body = text.split(None, 1)[1] if pred else text
    op, _, args = body.partition(' ')
    ops = [o.strip() for o in re.split(r',(?![^\[]*\])', args)] if args.strip() else []
    vec = 4 if '.128' in op else 2 if '.64' in op else 1
    defs, uses = [], []
    for k, o in enumerate(ops):
        for mem in re.findall(r'\[([^\]]*)\]', o):
            for base, wide in re.findall(r'R(\d+)(\.64)?', mem):
                uses += list(range(int(base), int(base) + (2 if wide else 1)))
        o = re.sub(r'\[[^\]]*\]', '', o).replace('.reuse', '').strip()
        if op.startswith(NOT_DEST):
            uses += regs(o, vec if op.startswith(STORE) else 1)
        elif k == 0:
            defs += regs(o, 4 if op.startswith('LDS.128') else 2 if op.startswith(PAIR_DEST) else 1)
        else:
            uses += regs(o, 2 if op.startswith('IMAD.WIDE') and k == 3 else 1)
    m = re.search(r'0x([0-9a-f]+)', args) if op.startswith('BRA') else None
    return op, defs, uses, pred, int(m.group(1), 16) if m else None


def live_in(ins, A):
    """The registers live into each instruction (iterated to a fixed point over the branches)."""
    at = {x[1]: i for i, x in enumerate(ins)}
    succ = []
    for i, (op, _, _, pred, target) in enumerate(A):
        s = [] if op.startswith('EXIT') and not pred else [i + 1]
        if op.startswith('BRA'):
            s = ([at[target]] if target in at else []) + ([i + 1] if pred else [])
        succ.append([j for j in s if j < len(ins)])
    live = [set() for _ in ins]
    changed = True
    while changed:
        changed = False
        for i in range(len(ins) - 1, -1, -1):
            op, defs, uses, pred, _ = A[i]
            out = set().union(*(live[j] for j in succ[i]))
            new = set(uses) | (out if pred else out - set(defs))
            if new != live[i]:
                live[i], changed = new, True
    return live


def store_read_pending(ins, A, i, r):
    """Whether register r's last reader before instruction i is a store not yet waited for."""
    for j in range(i - 1, -1, -1):
        op, defs, uses, _, _ = A[j]
        if r in uses:
            if not op.startswith(STORE):
                return False
            for m in range(j + 1, i):
                for b in range(6):
                    if ins[m][4] >> b & 1:
                        s = next((q for q in range(m - 1, -1, -1) if ins[q][3] == b), None)
                        if s is not None and s >= j and A[s][0].startswith(STORE):
                            return False
            return True
        if r in defs:
            return False
    return False


def waits_on_store(ins, A, i):
    """Whether instruction i's wait mask holds a barrier whose last setter is a store."""
    for b in range(6):
        if ins[i][4] >> b & 1:
            s = next((q for q in range(i - 1, -1, -1) if ins[q][3] == b), None)
            if s is not None and A[s][0].startswith(STORE):
                return True
    return False


def check(path, verbose):
    text = (lzma.open(path, 'rt') if path.endswith('.xz') else open(path)).read()
    by_fn = {}
    for x in instructions(text):
        by_fn.setdefault(x[0], []).append(x)
    n = pair = wait = 0
    for fn, ins in by_fn.items():
        A = [operands(x[2]) for x in ins]
        live = live_in(ins, A)
        for i, x in enumerate(ins):
            if 'SR_CLOCKLO' not in x[2]:
                continue
            busy, k = live[i] | {1}, 0
            while k in busy or k + 1 in busy:
                k += 2
            predicted = any(store_read_pending(ins, A, i, r) for r in (k, k + 1))
            sass = waits_on_store(ins, A, i)
            n, pair, wait = n + 1, pair + (A[i][1][0] == k), wait + (predicted == sass)
            if verbose and (A[i][1][0] != k or predicted != sass):
                print(f'  {fn} {x[1]:04x} CS2R R{A[i][1][0]} (lowest free pair R{k}); store wait: '
                      f'rule {"yes" if predicted else "no"}, SASS {"yes" if sass else "no"}')
    print(f'{os.path.basename(path)}: {n} clock reads, {pair} take the lowest free pair, '
          f'{wait} wait on a store exactly as the rule says')
    return n, pair, wait


if __name__ == '__main__':
    files = [a for a in sys.argv[1:] if a != '-v']
    tot = [0, 0, 0]
    for f in files:
        tot = [a + b for a, b in zip(tot, check(f, '-v' in sys.argv))]
    if len(files) > 1:
        print(f'all: {tot[0]} clock reads, {tot[1]} take the lowest free pair, {tot[2]} wait as the rule says')
