#!/usr/bin/env python3
"""check_simd_variants.py WARPSIM SRCDIR [--jobs N] [--only NAME,...] [--programs DIR --golden DIR]

The decoded interpreter (sim/interp.c) runs converged stretches in the functional mode when
nothing watches and nothing is checked, so every program with a golden (tests/golden/NAME.json)
runs here with --no-check-uninit: `warpsim run programs/NAME.ptx @programs/NAME.args --json
--mode functional --no-check-uninit` once per SIMD variant this CPU has (--simd sse2, avx2,
avx512, from /proc/cpuinfo's flags), and once with --slow-path all (no interpreter, the general
executors and scheduling). Every run must give the same bytes, and a variant the CPU has must
run (one the CPU lacks must be refused with exit 2). --programs tests/corpus --golden
tests/corpus/golden runs the corpus so (too long for every CI run)."""
import argparse
import concurrent.futures
import os
import platform
import subprocess
import sys

import golden_files


def cpu_flags():
    try:
        with open('/proc/cpuinfo') as f:
            for line in f:
                if line.startswith('flags'):
                    return set(line.split(':', 1)[1].split())
    except OSError:
        pass
    return set()


def variants():
    """(name, expected to run) for each variant of this build"""
    if platform.machine() not in ('x86_64', 'AMD64'):
        return [('base', True)]
    f = cpu_flags()
    return [('sse2', True), ('avx2', 'avx2' in f),
            ('avx512', {'avx512f', 'avx512bw', 'avx512vl', 'avx512dq', 'avx2'} <= f)]


def run(cmd, src):
    p = subprocess.run(cmd, cwd=src, capture_output=True)
    return p.returncode, p.stdout + p.stderr


def check(warpsim, src, programs, name, vs):
    base = [warpsim, 'run', '%s/%s.ptx' % (programs, name), '@%s/%s.args' % (programs, name), '--json', '--mode',
            'functional', '--no-check-uninit']
    rc, ref = run(base + ['--slow-path', 'all'], src)
    errors = []
    for v, expected in vs:
        vrc, out = run(base + ['--simd', v], src)
        if not expected:
            if vrc != 2 or b'SIMD variant' not in out:
                errors.append('%s: --simd %s on a CPU without it: exit %d, not the refusal (exit 2)' % (name, v, vrc))
            continue
        if vrc != rc or out != ref:
            errors.append('%s: --simd %s (exit %d, %d bytes) and --slow-path all (exit %d, %d bytes) differ'
                          % (name, v, vrc, len(out), rc, len(ref)))
            for i, (x, y) in enumerate(zip(out.splitlines(), ref.splitlines())):
                if x != y:
                    errors.append('  line %d: %s\n     slow: %s' % (i + 1, x[:200], y[:200]))
                    break
    return errors


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split('\n')[0])
    ap.add_argument('warpsim')
    ap.add_argument('src')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--only')
    ap.add_argument('--programs', default='programs')
    ap.add_argument('--golden', default=os.path.join('tests', 'golden'))
    a = ap.parse_args()
    names = golden_files.names(os.path.join(a.src, a.golden))
    if a.only:
        names = [n for n in names if n in a.only.split(',')]
    if not names:
        print('no programs with goldens found')
        return 1
    vs = variants()
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as ex:
        results = list(ex.map(lambda n: check(os.path.abspath(a.warpsim), a.src, a.programs, n, vs), names))
    errors = [e for r in results for e in r]
    for e in errors:
        print(e)
    ran = [v for v, e in vs if e]
    print('%d programs, variants %s against --slow-path all: %s'
          % (len(names), ', '.join(ran), 'differences' if errors else 'the same bytes'))
    return 1 if errors else 0


if __name__ == '__main__':
    sys.exit(main())
