#!/usr/bin/env python3
"""check_golden.py WARPSIM SRCDIR NAME [--known FILE]

Runs `warpsim run programs/NAME.ptx @programs/NAME.args --json` from SRCDIR and compares its
"stdout" and "buffers" with tests/golden/NAME.json, the JSON that warpsim-hwrun printed on a GPU
(tests/golden/METADATA.txt says which). Integers must match exactly. Floats are compared as the
text both programs print (shortest round-trip decimal; NaNs with their payload as "nan:0x..."),
so they are bit-exact too, -0 included, unless NAME is listed in TOLERANCE below with its
tolerance. Exit 0 on a match, 1 on a mismatch (the first 20 differing elements are printed), 2 when
warpsim fails or a file is missing. Needs no GPU.

--known FILE names a list of known differences (tests/golden/KNOWN-DIFFERENCES.txt), one line
per program, the rest of a line after '#' being the reason:
  NAME differs SHA      warpsim runs (exit 0) and differs from the golden in exactly the way
                        recorded: SHA is the first 12 hex digits of the SHA-256 of the sorted
                        list of differences that a failing run prints. Exit 0 then; exit 1 when
                        it matches the golden (delete the line) or differs in another way (the
                        new SHA is printed); exit 2 as always when warpsim fails to run.
"""
import hashlib
import json
import math
import os
import struct
import subprocess
import sys

# Programs whose float results may differ from the GPU within a documented tolerance:
#   NAME: (within(buffer, index, gpu value, warpsim value) -> bool, the tolerance in words).
# Every other program's inputs make float results exact, and it is compared bit for bit.

# sweep_approx: r[f * 16384 + t] holds the bits of .approx function f (see its .cu). The H200's
# special-function unit interpolates tables warpsim does not model; these are the largest
# differences measured (docs/hardware.md point 14): (ulps, absolute error), either suffices.
APPROX_N = 16384
APPROX_TOLERANCE = [(1, 0), (1, 0),                    # rcp.approx, .ftz
                    (1, 0), (1, 0),                    # sqrt.approx, .ftz
                    (2, 0), (2, 0),                    # rsqrt.approx, .ftz
                    (2, 0), (2, 0),                    # ex2.approx, .ftz
                    (2, 2.0 ** -20), (2, 2.0 ** -20),  # lg2.approx, .ftz
                    (0, 2.0 ** -21), (0, 2.0 ** -21)]  # sin.approx, cos.approx


def f32_ordered(u):
    """u32 float bits to an integer that counts ulps (adjacent floats differ by 1)."""
    return (u & 0x7fffffff) if not u >> 31 else -(u & 0x7fffffff)


def approx_within(buf, i, a, b):
    if buf != 'r':
        return False
    ulps, absolute = APPROX_TOLERANCE[i // APPROX_N]
    x, y = (struct.unpack('<f', struct.pack('<I', int(v)))[0] for v in (a, b))
    if math.isnan(x) or math.isnan(y):
        return False  # NaNs must match bit for bit
    return abs(f32_ordered(int(a)) - f32_ordered(int(b))) <= ulps or abs(x - y) <= absolute


TOLERANCE = {
    'sweep_approx': (approx_within, 'per function: rcp, sqrt 1 ulp; rsqrt, ex2 2 ulp; lg2 2 ulp or 2^-20; '
                                    'sin, cos 2^-21 absolute'),
}


def load(text):
    # floats stay text, so that comparison is bit-exact (json would make -0.0 == 0.0)
    return json.loads(text, parse_float=str, parse_constant=str)


def parse_known(path, name):
    """The SHA recorded for name in the known-difference list path, or None."""
    with open(path) as f:
        for line in f:
            words = line.split('#', 1)[0].split()
            if not words or words[0] != name:
                continue
            if len(words) != 3 or words[1] != 'differs':
                raise ValueError('%s: bad line for %s (want "NAME differs SHA"): %s' % (path, name, line.strip()))
            return words[2]
    return None


def digest(bad):
    return hashlib.sha256('\n'.join(sorted(bad)).encode()).hexdigest()[:12]


def main():
    args, known_path = sys.argv[1:], None
    if '--known' in args:
        i = args.index('--known')
        known_path = os.path.abspath(args[i + 1]) if i + 1 < len(args) else None
        del args[i:i + 2]
        if known_path is None:
            args = []
    if len(args) != 3:
        print(__doc__, file=sys.stderr)
        return 2
    warpsim, src, name = args
    os.chdir(src)
    gpath = os.path.join('tests', 'golden', name + '.json')
    try:
        with open(gpath) as f:
            gold = load(f.read())
        known = parse_known(known_path, name) if known_path else None
    except (OSError, ValueError) as e:
        print('check_golden: %s' % e)
        return 2
    p = subprocess.run([warpsim, 'run', 'programs/%s.ptx' % name, '@programs/%s.args' % name, '--json'],
                       capture_output=True, text=True)
    if p.returncode != 0:
        print('check_golden: warpsim exited with %d:\n%s' % (p.returncode, p.stderr[-3000:]))
        return 2
    sim = load(p.stdout)
    within = TOLERANCE.get(name, (None, ''))[0]
    bad = []
    if sim.get('stdout') != gold.get('stdout'):
        g, s = (gold.get('stdout') or '').split('\n'), (sim.get('stdout') or '').split('\n')
        for i in range(max(len(g), len(s))):
            a = g[i] if i < len(g) else '<none>'
            b = s[i] if i < len(s) else '<none>'
            if a != b:
                bad.append('stdout line %d: GPU %r, warpsim %r' % (i + 1, a, b))
    n = 0
    gb, sb = gold.get('buffers') or {}, sim.get('buffers') or {}
    for k in gb:
        if k not in sb:
            bad.append('buffer %s: missing in warpsim output' % k)
            continue
        if len(gb[k]) != len(sb[k]):
            bad.append('buffer %s: GPU %d elements, warpsim %d' % (k, len(gb[k]), len(sb[k])))
            continue
        for i, (a, b) in enumerate(zip(gb[k], sb[k])):
            n += 1
            if a != b and not (within and within(k, i, a, b)):
                bad.append('%s[%d]: GPU %s, warpsim %s' % (k, i, a, b))
    for k in sb:
        if k not in gb:
            bad.append('buffer %s: not in the golden file' % k)
    if known:  # a known difference: it must be exactly the recorded one
        if bad and digest(bad) == known:
            print('%s: %d differences against %s, exactly as recorded in %s (%s)'
                  % (name, len(bad), gpath, known_path, known))
            return 0
        if not bad:
            print('%s: matches the GPU golden, but %s records a difference: delete its line' % (name, known_path))
            return 1
    if bad:
        print('%s: %d differences against %s (GPU: %s; SHA of the differences: %s%s)'
              % (name, len(bad), gpath, gpu_name(), digest(bad), ', recorded: %s' % known if known else ''))
        for line in bad[:20]:
            print('  ' + line)
        return 1
    tol = ' (within the tolerance: %s)' % TOLERANCE[name][1] if name in TOLERANCE else ''
    print('%s: stdout and %d buffer elements match the GPU golden%s' % (name, n, tol))
    return 0


def gpu_name():
    try:
        with open(os.path.join('tests', 'golden', 'METADATA.txt')) as f:
            for line in f:
                if line.startswith('gpu:'):
                    return line[4:].strip()
    except OSError:
        pass
    return '?'


if __name__ == '__main__':
    sys.exit(main())
