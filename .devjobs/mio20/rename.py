#!/usr/bin/env python3
"""rename.py SRC OUT: a trial of ptxas's register renaming, done on the PTX (docs/calibration.md "(mio20)").

Copies SRC's programs/ and tests/calibration/ to OUT (tests/check_calibration.sh and tests/check_launch.py run
there as in SRC) and rewrites every .ptx so that, within each basic block, a register written more than once
takes a fresh register for every write but the last (the last keeps its name, so what is live after the block is
unchanged): the write-after-read and write-after-write orders of the PTX's reused registers, which warpsim's
schedule keeps (sim/schedule.c rule 3) and ptxas does not (it allocates registers after scheduling), go away. Rule
5 (the register budget, tests/calibration/regs.txt) is then what bounds the hoisting. A register with a guarded
write in the block, one written by an instruction whose destination is not a plain register (a vector, p|q), or
one not declared at the function's scope is left alone. Functional results are unchanged (each read reads the
value it read before)."""
import os, re, shutil, sys

NOWRITE = {'st', 'red', 'bar', 'barrier', 'bra', 'ret', 'exit', 'membar', 'fence', 'prefetch', 'prefetchu',
           'trap', 'nanosleep', 'brkpt', 'pmevent'}  # read their registers only
FREEZE = {'cp', 'stmatrix', 'mbarrier', 'griddepcontrol', 'elect', 'setmaxnreg', 'discard', 'applypriority',
          'createpolicy', 'wmma', 'mma', 'ldmatrix', 'tex', 'suld', 'sust', 'call', 'multimem', 'tcgen05', 'wgmma',
          'tld4', 'txq', 'suq', 'sured', 'istypep', 'alloca', 'stacksave', 'stackrestore'}  # left alone
ENDS = {'bra', 'ret', 'exit', 'call', 'trap', 'brkpt'}
LOADS_ONLY = os.environ.get('RENAME_LOADS_ONLY') == '1'  # only registers every write of which is a load
REG = re.compile(r'%[A-Za-z_$][\w$]*')


def declared(body):
    """function-scope .reg declarations: name -> type, and the prefixes of %x<N> ranges"""
    names, prefixes = {}, {}
    for m in re.finditer(r'^\s*\.reg\s+(\.\w+)\s+([^;]+);', body, re.M):
        for d in m.group(2).split(','):
            d = d.strip()
            r = re.match(r'(%[\w$]+)<(\d+)>$', d)
            if r:
                prefixes[r.group(1)] = (m.group(1), int(r.group(2)))
            elif d:
                names[d] = m.group(1)
    return names, prefixes


def type_of(reg, names, prefixes):
    if reg in names:
        return names[reg]
    m = re.match(r'(%[A-Za-z_$]+)(\d+)$', reg)
    if m and m.group(1) in prefixes and int(m.group(2)) < prefixes[m.group(1)][1]:
        return prefixes[m.group(1)][0]
    return None


def parse(line):
    """(guard, op, dest, rest) of an instruction line, or None"""
    code = line.split('//')[0].strip()
    m = re.match(r'^(@!?%[\w$]+\s+)?([a-z][\w.:]*)\s*(.*);$', code)
    if not m:
        return None
    guard, op, ops = m.group(1), m.group(2), m.group(3)
    return guard, op, ops


def rename_function(lines, names, prefixes, fresh):
    out, block = [], []

    def flush():
        # block: list of (index into out, parsed)
        writes, frozen = {}, set()
        for i, (oi, (guard, op, ops)) in enumerate(block):
            root = op.split('.')[0]
            regs = REG.findall(ops)
            if root in NOWRITE:
                continue
            if root in FREEZE:
                frozen.update(regs)
                continue
            first = ops.split(',')[0].strip() if ops else ''
            if not REG.fullmatch(first):
                frozen.update(regs)
                continue
            if guard:
                frozen.add(first)
                continue
            writes.setdefault(first, []).append(i)
            if LOADS_ONLY and root not in ('ld', 'ldu'):
                frozen.add(first)
        cur = {}
        for i, (oi, (guard, op, ops)) in enumerate(block):
            root = op.split('.')[0]
            line = out[oi]
            code, _, comment = line.partition('//')
            first = ops.split(',')[0].strip() if ops else ''
            dest = None
            if root not in NOWRITE and root not in FREEZE and REG.fullmatch(first) \
                    and not guard and first in writes and len(writes[first]) > 1 and first not in frozen \
                    and type_of(first, names, prefixes):
                dest = first
            sub = lambda m: cur.get(m.group(0), m.group(0))
            g = REG.sub(sub, guard) if guard else ''
            if dest:
                rest = ops[len(ops.split(',')[0]):]
                new = dest if writes[dest][-1] == i else fresh(dest, type_of(dest, names, prefixes))
                newops = ops.split(',')[0].replace(dest, new) + REG.sub(sub, rest)
                cur[dest] = new if new != dest else dest
                if new == dest:
                    cur.pop(dest, None)
            else:
                newops = REG.sub(sub, ops)
            indent = code[:len(code) - len(code.lstrip())]
            out[oi] = f'{indent}{g}{op} {newops};' + (f' //{comment}' if comment else '')
        block.clear()

    for line in lines:
        s = line.split('//')[0].strip()
        out.append(line)
        if not s:
            continue
        if s.endswith(':') or s.startswith('{') or s.startswith('}') or s.startswith('.'):
            flush()
            continue
        p = parse(line)
        if p is None:
            flush()
            continue
        block.append((len(out) - 1, p))
        if p[1].split('.')[0] in ENDS:
            flush()
    flush()
    return out


def rename(text):
    # each .entry / .func: its body between the first '{' at column 0 and the matching '}' at column 0
    lines = text.split('\n')
    res, i = [], 0
    while i < len(lines):
        if re.match(r'^\s*(\.visible\s+|\.extern\s+|\.weak\s+)?\.(entry|func)\b', lines[i]):
            j = i
            while j < len(lines) and lines[j].strip() != '{':
                j += 1
            k = j + 1
            while k < len(lines) and lines[k] != '}':
                k += 1
            if j >= len(lines) or k >= len(lines):
                res += lines[i:]
                break
            body = lines[j + 1:k]
            names, prefixes = declared('\n'.join(body))
            extra = {}

            def fresh(reg, typ):
                key = typ
                extra.setdefault(key, 0)
                extra[key] += 1
                return f'%zz{typ[1:]}_{extra[key] - 1}'

            newbody = rename_function(body, names, prefixes, fresh)
            decl = [f'\t.reg {t} %zz{t[1:]}_<{n}>;' for t, n in extra.items()]
            res += lines[i:j + 1] + decl + newbody + [lines[k]]
            i = k + 1
        else:
            res.append(lines[i])
            i += 1
    return '\n'.join(res)


def main():
    src, out = sys.argv[1], sys.argv[2]
    if os.path.exists(out):
        shutil.rmtree(out)
    for d in ('programs', 'tests/calibration', 'tests/corpus'):
        shutil.copytree(os.path.join(src, d), os.path.join(out, d), symlinks=True)
    for f in ('tests/check_launch.py', 'tests/check_calibration.sh'):
        shutil.copy(os.path.join(src, f), os.path.join(out, f))
    n = 0
    for root, _, files in os.walk(out):
        for f in files:
            if f.endswith('.ptx'):
                p = os.path.join(root, f)
                t = open(p).read()
                r = rename(t)
                if r != t:
                    open(p, 'w').write(r)
                    n += 1
    print(f'{n} PTX files renamed')


if __name__ == '__main__':
    main()
