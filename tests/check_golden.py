#!/usr/bin/env python3
"""check_golden.py WARPSIM SRCDIR NAME [--expect-differ FILE]

Runs `warpsim run programs/NAME.ptx @programs/NAME.args --json` from SRCDIR and compares its
"stdout" and "buffers" with tests/golden/NAME.json, the JSON that warpsim-hwrun printed on a GPU
(tests/golden/METADATA.txt says which). Integers must match exactly. Floats are compared as the
text both programs print (shortest round-trip decimal; NaNs with their payload as "nan:0x..."),
so they are bit-exact too, -0 included, unless NAME is listed in TOLERANCE below with its
tolerance. Exit 0 on a match, 1 on a mismatch (the first 20 differing elements are printed), 2 when
warpsim fails or a file is missing. Needs no GPU.

--expect-differ FILE: NAME is a known difference (tests/golden/KNOWN-DIFFERENCES.txt) and FILE
lists, one a line as this script prints them ('out[57]: GPU 1, warpsim 2'), every difference
warpsim must show; '#' lines are comments. Exit 0 only when warpsim runs and differs in exactly
those lines; 1 when it differs otherwise, or matches the GPU (a fix: delete the known difference).
"""
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


def expect_differ(name, bad, path):
    """A known difference passes only when warpsim differs from the GPU exactly as recorded."""
    try:
        with open(path) as f:
            want = [line.strip() for line in f if line.strip() and not line.startswith('#')]
    except OSError as e:
        print('check_golden: %s' % e)
        return 2
    if not bad:
        print('%s: warpsim now matches the GPU golden: delete its line in tests/golden/KNOWN-DIFFERENCES.txt '
              'and %s' % (name, path))
        return 1
    unexpected = [b for b in bad if b not in set(want)]
    missing = [w for w in want if w not in set(bad)]
    if not unexpected and not missing:
        print('%s: differs from the GPU golden in exactly the %d recorded differences (%s)' % (name, len(bad), path))
        return 0
    print('%s: differs from the GPU golden, but not as %s records it' % (name, path))
    for line in unexpected:
        print('  new:  ' + line)
    for line in missing:
        print('  gone: ' + line)
    return 1


def main():
    args, expect = sys.argv[1:], None
    if '--expect-differ' in args:
        i = args.index('--expect-differ')
        expect = os.path.abspath(args[i + 1]) if i + 1 < len(args) else None
        del args[i:i + 2]
        if expect is None:
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
    except OSError as e:
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
    if expect:
        return expect_differ(name, bad, expect)
    if bad:
        print('%s: %d differences against %s (GPU: %s)' % (name, len(bad), gpath, gpu_name()))
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
