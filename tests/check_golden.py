#!/usr/bin/env python3
"""check_golden.py WARPSIM SRCDIR NAME [--programs DIR] [--golden DIR] [--mode MODE] [--known FILE] [--source EXT]
                   [--slow-path-same]

Runs `warpsim run DIR/NAME.EXT @DIR/NAME.args --json [--mode MODE]` from SRCDIR (DIR: --programs,
default programs; EXT: --source, default ptx, or cu for CUDA C++ that warpsim compiles with NVRTC) and compares its "stdout" and "buffers" with GOLDEN/NAME.json (--golden, default
tests/golden), the JSON that warpsim-hwrun printed on a GPU (GOLDEN/METADATA.txt says which).
Integers must match exactly. Floats are compared as the text both programs print (shortest
round-trip decimal; NaNs with their payload as "nan:0x..."), so they are bit-exact too, -0
included, unless NAME is listed in TOLERANCE below with its tolerance. Exit 0 on a match, 1 on a
mismatch (the first 20 differing elements are printed), 2 when warpsim fails or a file is missing.
Needs no GPU.

--slow-path-same runs it once more with `--slow-path all` (the general executors, scheduling
and shuffle instead of the fast paths) and fails (exit 1) unless that run exits the same and
prints the same bytes, whatever the verdict against the golden.

--known FILE names a list of known differences, one line per program (the rest of a line after
'#' is the reason):
  NAME differs SHA      warpsim runs (exit 0) and differs from the golden in exactly the way
                        recorded: SHA is the first 12 hex digits of the SHA-256 of the sorted
                        list of differences that a failing run prints. Exit 0 then; exit 1 when
                        it matches the golden (delete the line) or differs in another way (the
                        new SHA is printed); exit 2 as always when warpsim fails to run.
  NAME refused TEXT     warpsim refuses the program with exit status 2 (bad input: a construct
                        it does not model, located at file:line) and its message contains TEXT
                        (the rest of the line up to '#', blanks trimmed). Exit 0 then, 1
                        otherwise (an unexpected run or another message); a crash or a limit is
                        never a match.
"""
import argparse
import hashlib
import json
import os
import subprocess
import sys

import golden_files

# Programs whose float results may differ from the GPU within a documented tolerance:
#   NAME: (within(buffer, index, gpu value, warpsim value) -> bool, the tolerance in words).
# Every other program is compared bit for bit.

TOLERANCE = {}  # none today: sweep_approx, the .approx functions, is compared bit for bit too


def load(text):
    # floats stay text, so that comparison is bit-exact (json would make -0.0 == 0.0)
    return json.loads(text, parse_float=str, parse_constant=str)


def parse_known(path, name):
    """The known-difference entry for name in path: (kind, value) or None."""
    with open(path) as f:
        for line in f:
            text = line.split('#', 1)[0].strip()
            if not text:
                continue
            words = text.split(None, 2)
            if words[0] != name:
                continue
            if len(words) < 3 or words[1] not in ('differs', 'refused'):
                raise ValueError('%s: bad line for %s (want "NAME differs SHA" or "NAME refused TEXT"): %s'
                                 % (path, name, line.strip()))
            return words[1], words[2].strip()
    return None


def compare(name, gold, sim):
    """Every difference between the golden and warpsim's output, as lines; and the element count."""
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
    return bad, n


def digest(bad):
    return hashlib.sha256('\n'.join(sorted(bad)).encode()).hexdigest()[:12]


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split('\n')[0])
    ap.add_argument('warpsim')
    ap.add_argument('src')
    ap.add_argument('name')
    ap.add_argument('--programs', default='programs')
    ap.add_argument('--golden', default=os.path.join('tests', 'golden'))
    ap.add_argument('--mode', choices=('timing', 'functional'))
    ap.add_argument('--known')
    ap.add_argument('--slow-path-same', action='store_true')
    ap.add_argument('--source', default='ptx')
    try:
        a = ap.parse_args()
    except SystemExit:
        return 2
    name, gdir = a.name, a.golden
    os.chdir(a.src)
    try:
        gpath = golden_files.path(gdir, name)
        gold = load(golden_files.read(gdir, name))
        known = parse_known(a.known, name) if a.known else None
    except (OSError, ValueError) as e:
        print('check_golden: %s' % e)
        return 2
    cmd = [a.warpsim, 'run', '%s/%s.%s' % (a.programs, name, a.source), '@%s/%s.args' % (a.programs, name), '--json']
    if a.mode:
        cmd += ['--mode', a.mode]
    mode = ' (--mode %s)' % a.mode if a.mode else ''
    p = subprocess.run(cmd, capture_output=True, text=True)
    if a.slow_path_same:
        q = subprocess.run(cmd + ['--slow-path', 'all'], capture_output=True, text=True)
        if (q.returncode, q.stdout, q.stderr) != (p.returncode, p.stdout, p.stderr):
            print('%s%s: the fast paths (exit %d, %d bytes) and --slow-path all (exit %d, %d bytes) differ'
                  % (name, mode, p.returncode, len(p.stdout), q.returncode, len(q.stdout)))
            for x, y in zip(p.stdout.split('\n'), q.stdout.split('\n')):
                if x != y:
                    print('  fast: %s\n  slow: %s' % (x[:200], y[:200]))
                    break
            return 1
    if known and known[0] == 'refused':
        if p.returncode == 2 and known[1] in p.stderr:
            print('%s: refused as recorded in %s%s: %s' % (name, a.known, mode, p.stderr.strip().split('\n')[0]))
            return 0
        print('%s: recorded in %s as refused with "%s", but warpsim exited with %d%s:\n%s'
              % (name, a.known, known[1], p.returncode, mode, p.stderr[-3000:]))
        return 1 if p.returncode in (0, 2) else 2
    if p.returncode != 0:
        print('check_golden: warpsim exited with %d%s:\n%s' % (p.returncode, mode, p.stderr[-3000:]))
        return 2
    sim = load(p.stdout)
    bad, n = compare(name, gold, sim)
    if known:  # differs SHA
        if bad and digest(bad) == known[1]:
            print('%s: %d differences against %s%s, exactly as recorded in %s (%s)'
                  % (name, len(bad), gpath, mode, a.known, known[1]))
            return 0
        if not bad:
            print('%s: matches the GPU golden%s, but %s records a difference: delete its line'
                  % (name, mode, a.known))
            return 1
    if bad:
        print('%s: %d differences against %s%s (GPU: %s; SHA of the differences: %s%s)'
              % (name, len(bad), gpath, mode, gpu_name(gdir), digest(bad),
                 ', recorded: %s' % known[1] if known else ''))
        for line in bad[:20]:
            print('  ' + line)
        return 1
    tol = ' (within the tolerance: %s)' % TOLERANCE[name][1] if name in TOLERANCE else ''
    print('%s: stdout and %d buffer elements match the GPU golden%s%s' % (name, n, mode, tol))
    return 0


def gpu_name(gdir):
    try:
        with open(os.path.join(gdir, 'METADATA.txt')) as f:
            for line in f:
                if line.startswith('gpu:'):
                    return line[4:].strip()
    except OSError:
        pass
    return '?'


if __name__ == '__main__':
    sys.exit(main())
