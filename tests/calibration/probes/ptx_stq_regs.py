#!/usr/bin/env python3
"""The prototype of sim/stq_regs.c: ptxas's registers emulated on the PTX, checked against the SASS.

    ptx_stq_regs.py FILE.ptx[.xz] FILE.sass[.xz] [-v]

Runs the steps of sim/stq_regs.c (docs/calibration.md "ptxas's registers and the store queue's
reads") on each kernel of the PTX: uniform values, pointers reloaded before each use, pure ops moved
to their first reader, cvt.u32.u64 of a widened value, vector stores' copy tuples, then the lowest
free aligned registers; and prints, for each kernel, how many of its clock reads wait on a queued
store's register read as the SASS's control words say (sass_clock_pairs.py's waits_on_store),
clock read by clock read in order (-v lists them; DBG=1 prints the registers at each clock read).
A prototype: the C code is the model; they gave the same waits on bench_st_wide and bench_mio_w4."""
import re, sys, lzma, os
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
REG = re.compile(r'%(rd|r|rs|f|fd|p)(\d+)')
PURE = ('add', 'sub', 'mul', 'mad', 'shl', 'shr', 'and', 'or', 'xor', 'cvt', 'mov', 'selp', 'not', 'neg', 'min', 'max', 'cvta')

def kernels(text):
    for m in re.finditer(r'\.entry\s+(\w+)\s*\((.*?)\)\s*\{(.*?)\n\}', text, re.S):
        yield m.group(1), m.group(3)

def parse(body):
    ins = []
    for line in body.split('\n'):
        line = line.split('//')[0].strip()
        if not line or line.startswith('.') or line.endswith(':'):
            continue
        for stmt in line.split(';'):
            stmt = stmt.strip()
            if not stmt: continue
            pred = None
            if stmt.startswith('@'):
                pred, stmt = stmt.split(None, 1)
            op, _, args = stmt.partition(' ')
            ops = [a.strip() for a in re.split(r',(?![^{]*\})', args)] if args.strip() else []
            ins.append((op, ops, pred))
    return ins

def regs_in(s):
    return [(k, int(n)) for k, n in REG.findall(s) if k != 'p']

def classify(ins):
    out = []
    for op, ops, pred in ins:
        base = op.split('.')[0]
        store = base in ('st', 'red', 'atom') and not op.startswith('st.param')
        clock = base == 'mov' and any('%clock' in o for o in ops)
        if base in ('st', 'bra', 'bar', 'ret', 'red') or base.startswith('setp'):
            defs, uses = [], [r for o in ops for r in regs_in(o)]
            if base == 'setp' or base.startswith('setp'):
                uses = [r for o in ops[1:] for r in regs_in(o)]
        else:
            defs = regs_in(ops[0]) if ops else []
            uses = [r for o in ops[1:] for r in regs_in(o)]
        out.append(dict(op=op, base=base, defs=defs, uses=uses, store=store, clock=clock,
                        pure=base in PURE and not clock and not any('%tid' in o or '%laneid' in o for o in ops),
                        text=op + ' ' + ', '.join(ops)))
    return out

def vector_copies(I):
    """A vector store's data is an aligned tuple: ptxas copies the PTX's registers into one (one
    tuple for the run of stores with the same operands), live from the run's first store to its last."""
    tup, first = {}, {}
    for i, x in enumerate(I):
        m = re.search(r'\.v(2|4)\.', x['op'])
        if x['store'] and m and '{' in x['text']:
            key = (m.group(1), x['text'].split('{', 1)[1])
            if key not in tup:
                tup[key] = ('rq' if m.group(1) == '4' else 'rd', 1000 + len(tup))
                first[i] = key
    # a quad of copies is allocated before the region's opening clock read (ptxas assigns wider
    # tuples first: bench_st_wide.sass 0x1830 CS2R R22 after the quads R4..R19 of the v4 region;
    # a v2 region's pairs after its clock read, 0x1300 CS2R R8 then R10..R23)
    moved = {}
    for i, key in list(first.items()):
        if key[0] == '4':
            j = max((q for q in range(i) if I[q]['clock']), default=i)
            moved[j] = key; del first[i]
    first.update(moved)
    out = []
    for i, x in enumerate(I):
        if i in first:
            t = tup[first[i]]
            src = next(y for y in I[i:] if y['store'] and '{' in y['text'] and re.search(r'\.v%s\.' % first[i][0], y['op']))
            out.append(dict(op='copy', base='copy', defs=[t], uses=regs_in(src['text'].split('{', 1)[1]),
                            store=False, clock=False, pure=False, text='copy'))
        m = re.search(r'\.v(2|4)\.', x['op'])
        if x['store'] and m and '{' in x['text']:
            x = dict(x)
            x['uses'] = regs_in(x['text'].split('[', 1)[1].split(']')[0]) + [tup[(m.group(1), x['text'].split('{', 1)[1])]]
        out.append(x)
    return out

def fold_cvt_back(I):
    """cvt.u32.u64 %r, %rd where %rd = cvt.u64.u32 %x: a read of %x (ptxas keeps the 32-bit value)."""
    wide = {}
    out = []
    for x in I:
        if x['op'].startswith('cvt.u64.u32') and x['defs'] and x['uses']:
            wide[x['defs'][0]] = x['uses'][0]
        if x['op'].startswith('cvt.u32.u64') and x['uses'] and x['uses'][0] in wide:
            x = dict(x); x['uses'] = [wide[x['uses'][0]]]; x['op'] = 'mov.u32'
        out.append(x)
    return out

def uniform_regs(I):
    """Values from params, symbols and immediates only: uniform or constant bank, no R register."""
    uni = set()
    for x in I:
        if x['base'] == 'ld' and '.param' in x['op']:
            uni.update(x['defs'])
        elif x['pure'] and x['defs'] and all(u in uni for u in x['uses']) and x['base'] != 'cvta':
            uni.update(x['defs'])
    return uni

def sink(I):
    """Move each pure op to just before the first instruction reading its value (iterated)."""
    order = list(range(len(I)))
    for _ in range(4):
        changed = False
        for idx in sorted(order, key=lambda i: -order.index(i)):
            x = I[idx]
            if not x['pure'] or not x['defs']:
                continue
            p = order.index(idx)
            d = x['defs'][0]
            first = next((q for q in range(p + 1, len(order)) if d in I[order[q]]['uses'] or d in I[order[q]]['defs'] or any(u in I[order[q]]['defs'] for u in x['uses'])), None)
            if first is None or first == p + 1:
                continue
            # do not move past a write of a source or a branch/label-crossing instruction
            if any(I[order[q]]['base'] in ('bra', 'bar', 'ret') for q in range(p + 1, first)):
                first = min(first, next(q for q in range(p + 1, first + 1) if q == first or I[order[q]]['base'] in ('bra', 'bar', 'ret')))
            if first - 1 > p:
                order.insert(first - 1, order.pop(p)); changed = True
        if not changed: break
    return [I[i] for i in order]

def allocate(I, nregs=255):
    uni = uniform_regs(I)
    last = {}
    for i, x in enumerate(I):
        for u in x['uses']: last[u] = i
    width = lambda r: 4 if r[0] == 'rq' else 2 if r[0] in ('rd', 'fd') else 1
    phys = {}   # virtual -> first physical
    free = [True] * nregs; free[1] = False
    pending = {}  # physical -> store index
    waits = []   # per clock def: predicted wait
    stores = 0
    remat = {x['defs'][0] for x in I if x['base'] == 'cvta' and x['defs'] and all(u in uni for u in x['uses'])}
    uni = uni | remat
    for i, x in enumerate(I):
        if x['store']: stores += 1
        tmp = []
        for u in set(x['uses']):
            if u in remat:
                k = 0
                while not all(free[k:k + 2]) or k % 2: k += 1
                for p in range(k, k + 2): free[p] = False
                tmp += [k, k + 1]
        for p in tmp:
            free[p] = True
            if x['store']: pending[p] = stores
            else: pending.pop(p, None)
        for u in set(x['uses']):
            if u in uni or u not in phys or last.get(u) != i: continue
            for p in range(phys[u], phys[u] + width(u)):
                free[p] = True
                if x['store']: pending[p] = stores
                else: pending.pop(p, None)
        for d in x['defs']:
            if d in uni: continue
            if d in phys and last.get(d, -1) > i:  # a value written again: keep its register
                continue
            w = width(d)
            k = 0
            while not all(free[k:k + w]) or k % w: k += 1
            phys[d] = k
            hit = [pending[p] for p in range(k, k + w) if p in pending]
            if hit:
                s = max(hit)
                for p in [p for p, q in pending.items() if q <= s]: pending.pop(p)
            for p in range(k, k + w): free[p] = False
            if d not in last:  # never read: free at once
                for p in range(k, k + w): free[p] = True
            if x['clock']:
                waits.append((bool(hit), k))
                if os.environ.get('DBG'):
                    occ = {p: v for v, p0 in phys.items() for p in range(p0, p0 + width(v)) if not free[p]}
                    print('   clock', len(waits) - 1, 'R%d' % k, 'occupied', sorted((p, '%s%d' % v) for p, v in occ.items() if p < 40), 'pending', pending)
    return waits

if __name__ == '__main__':
    from sass_clock_pairs import operands, waits_on_store
    from sass_stq_waits import instructions
    ptx, sass = sys.argv[1], sys.argv[2]
    text = (lzma.open(ptx, 'rt') if ptx.endswith('.xz') else open(ptx)).read()
    stext = (lzma.open(sass, 'rt') if sass.endswith('.xz') else open(sass)).read()
    by_fn = {}
    for x in instructions(stext): by_fn.setdefault(x[0], []).append(x)
    tot = agree = 0
    for name, body in kernels(text):
        I = vector_copies(sink(fold_cvt_back(classify(parse(body)))))
        pw = allocate(I)
        ins = by_fn.get(name, [])
        A = [operands(x[2]) for x in ins]
        sw = [(waits_on_store(ins, A, i), A[i][1][0]) for i, x in enumerate(ins) if 'SR_CLOCKLO' in x[2]]
        n = min(len(pw), len(sw))
        a = sum(pw[j][0] == sw[j][0] for j in range(n))
        tot += n; agree += a
        print(f'{name}: {n} clock reads ({len(pw)} in PTX, {len(sw)} in SASS), {a} predicted right; waits PTX {sum(p[0] for p in pw)} SASS {sum(s[0] for s in sw)}')
        if '-v' in sys.argv:
            for j in range(n):
                print(f'   {j:3d} rule {"W" if pw[j][0] else "-"} R{pw[j][1]}  sass {"W" if sw[j][0] else "-"} R{sw[j][1]}')
    print(f'all: {agree} of {tot}')
