#!/usr/bin/env python3
"""warpsim's differential fuzzer: random warp-level PTX kernels (gen.py), run on a GPU through
warpsim-hwrun and in warpsim, compared buffer by buffer.

  fuzz.py gen SEED [OUTDIR]
      write OUTDIR/fuzz_SEED.ptx and .args.
  fuzz.py batch --hwrun PATH --seeds A-B --out FILE.jsonl [--jobs N] [--warpsim PATH] [--gen V]
               [--minimize-dir DIR] [--minimize-max K] [--minimize-budget SECONDS]
      ON THE GPU MACHINE: run kernels A..B through warpsim-hwrun --json, one JSON line per seed:
      {"seed": S, "gen": V, "rc": RC, "stdout": ..., "buffers": {...}, "stderr": "..."} (V: the
      generator version, gen.py; the latest by default; lines without it are version 1). With --warpsim
      (a warpsim binary carried to the machine) it also compares at once and, for the first K
      mismatching seeds, writes minimal reproducers (fuzz_SEED.min.ptx) to DIR, shrunk by deleting
      instructions while the GPU and warpsim still disagree.
  fuzz.py compare --gpu FILE.jsonl[.gz] --warpsim PATH [--seeds A-B] [--jobs N] [--report FILE]
      HERE, WITHOUT A GPU: regenerate the same kernels, run warpsim on each, report every
      mismatch: seed, buffer, thread, register, GPU value vs warpsim value. A kernel whose every
      differing word changes under `warpsim run --poison-undefined` (poisoned with 0xdeadbeef
      or with its complement) is counted apart: its result there depends on what the PTX leaves
      undefined (a shuffle reading a lane that did not execute it) or ptxas decides (a warp the
      H200 may run split, a NaN in a min/max/neg ptxas may fold), each reported by warpsim
      (POISONS: the values tried).
      Exit 1 on any other mismatch (with --expect SEEDS: unless the unexplained seeds are
      exactly SEEDS).
  fuzz.py minimize SEED --hwrun PATH --warpsim PATH [--out FILE]
      shrink one kernel (needs a GPU).

Kernels are regenerated from their seeds, so the JSON lines hold no PTX.
"""
import argparse
import concurrent.futures as cf
import gzip
import json
import os
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gen  # noqa: E402


def seeds_of(spec):
    out = []
    for part in spec.split(','):
        if '-' in part:
            a, b = part.split('-')
            out.extend(range(int(a), int(b) + 1))
        else:
            out.append(int(part))
    return out


def write_kernel(seed, d, ptx=None, version=1):
    name, p, args = gen.generate(seed, version)
    with open(os.path.join(d, name + '.ptx'), 'w') as f:
        f.write(ptx if ptx is not None else p)
    with open(os.path.join(d, name + '.args'), 'w') as f:
        f.write(args)
    return os.path.join(d, name + '.ptx'), os.path.join(d, name + '.args')


def run_tool(tool, ptx, args, timeout=15, extra=()):
    """Runs `tool ptx @args --json` (warpsim: `warpsim run ptx @args --json EXTRA`); returns
    {"rc", "stdout", "buffers", "stderr"}."""
    try:
        p = subprocess.run([tool, ptx, '@' + args, '--json'] if os.path.basename(tool) != 'warpsim'
                           else [tool, 'run', ptx, '@' + args, '--json'] + list(extra),
                           capture_output=True, text=True, timeout=timeout)
    except subprocess.TimeoutExpired:
        return {'rc': 124, 'stdout': None, 'buffers': None, 'stderr': 'timeout'}
    res = {'rc': p.returncode, 'stdout': None, 'buffers': None, 'stderr': p.stderr[-2000:]}
    if p.returncode == 0:
        try:
            j = json.loads(p.stdout)
            res['stdout'] = j.get('stdout')
            res['buffers'] = j.get('buffers')
        except ValueError as e:
            res['rc'] = -1
            res['stderr'] += '\nbad JSON: %s' % e
    return res


def diff(gpu, sim, limit=20):
    """Lists of (buffer, index, gpu value, warpsim value); [] when equal."""
    out = []
    if gpu['rc'] != 0 or sim['rc'] != 0:
        return [('rc', 0, gpu['rc'], sim['rc'])]
    if gpu['stdout'] != sim['stdout']:
        out.append(('stdout', 0, gpu['stdout'], sim['stdout']))
    for k, g in gpu['buffers'].items():
        s = sim['buffers'].get(k)
        if s is None or len(s) != len(g):
            out.append((k, -1, len(g), None if s is None else len(s)))
            continue
        for i, (a, b) in enumerate(zip(g, s)):
            if a != b:
                out.append((k, i, a, b))
                if len(out) >= limit:
                    return out
    return out


# The poison values of the --poison-undefined runs. The first two differ in every bit, so a
# word that depends on a poisoned one through any single bit (a clz, a predicate, a selected
# byte) changes in at least one of them even where the other gives the defined result by
# coincidence. Both are large, though, and a consumer that saturates maps both to one answer:
# a shift by 32 or more gives 0 (v2 seed 661: the H200's split warp read 0, a shift by 0), a
# signed max with a negative poison gives the other operand (v2 seed 320). The smallest positive
# and the most negative values catch those; they run only while differing words remain
# unexplained.
POISONS = (0xdeadbeef, 0x21524110, 0x00000001, 0x80000000)


def undefined_only(gpu, sim, warpsim, ptx, args):
    """True when every word where warpsim differs from the GPU is one that --poison-undefined
    changes (with one of the POISONS): it depends on something the PTX leaves undefined or
    ptxas decides (a shuffle that read a lane which did not execute it, a warp the H200 may run
    split, a min/max of a NaN with itself; warpsim reports each), which a PTX-level simulator
    cannot know."""
    differing = set((k, i) for k, i, _, _ in diff(gpu, sim, limit=10 ** 9))
    dependent = set()
    for v in POISONS:
        poisoned = run_tool(warpsim, ptx, args, extra=['--poison-value', '0x%08x' % v])
        dependent |= set((k, i) for k, i, _, _ in diff(sim, poisoned, limit=10 ** 9))
        if differing <= dependent:
            break
    return bool(differing) and 'rc' not in (k for k, _ in differing) and differing <= dependent


def describe(seed, d, nthreads_reg=gen.NV):
    lines = []
    for (buf, i, a, b) in d:
        if buf == 'out':
            t, r = divmod(i, nthreads_reg)
            lines.append('seed %d: thread %d (lane %d) %%v%d: GPU 0x%08x, warpsim 0x%08x' % (seed, t, t & 31, r, a, b))
        else:
            lines.append('seed %d: %s[%s]: GPU %r, warpsim %r' % (seed, buf, i, a, b))
    return lines


def body_range(lines):
    a = lines.index('\t// body') + 1
    b = lines.index('\t// end body')
    return a, b


def deletable(line):
    s = line.strip()
    return s and not s.endswith(':') and 'bra ' not in s and not s.startswith('//')


def minimize(seed, hwrun, warpsim, budget=60.0, log=None, version=1):
    """Deletes body instructions while the GPU and warpsim still disagree. Returns (ptx, diff)."""
    _, ptx, _ = gen.generate(seed, version)
    lines = ptx.rstrip('\n').split('\n')
    t0 = time.time()
    with tempfile.TemporaryDirectory() as d:
        def check(ls):
            p, a = write_kernel(seed, d, '\n'.join(ls) + '\n', version)
            g = run_tool(hwrun, p, a)
            if g['rc'] != 0:
                return None
            s = run_tool(warpsim, p, a)
            if s['rc'] != 0:
                return None
            df = diff(g, s)
            return df or None
        cur = check(lines)
        if not cur:
            return None, None
        for chunk in (8, 4, 2, 1):
            a, b = body_range(lines)
            i = a
            while i < b and time.time() - t0 < budget:
                idx = [k for k in range(i, min(i + chunk, b)) if deletable(lines[k])]
                if not idx:
                    i += chunk
                    continue
                trial = [l for k, l in enumerate(lines) if k not in idx]
                r = check(trial)
                if r:
                    lines, cur = trial, r
                    a, b = body_range(lines)
                else:
                    i += chunk
        return '\n'.join(lines) + '\n', cur


def cmd_gen(a):
    os.makedirs(a.outdir, exist_ok=True)
    print(write_kernel(a.seed, a.outdir, version=a.gen)[0])


def cmd_batch(a):
    seeds = seeds_of(a.seeds)
    t0 = time.time()
    mism = []
    with tempfile.TemporaryDirectory() as d, open(a.out, 'w') as out:
        done = [0]

        def one(seed):
            if a.deadline and time.time() - t0 > a.deadline:
                return None
            p, ar = write_kernel(seed, d, version=a.gen)
            t1 = time.time()
            g = run_tool(a.hwrun, p, ar, timeout=a.timeout)
            g['seed'] = seed
            g['gen'] = a.gen
            g['wall_s'] = round(time.time() - t1, 3)
            if a.warpsim:
                s = run_tool(a.warpsim, p, ar)
                g['match'] = not diff(g, s)
            return g
        with cf.ThreadPoolExecutor(a.jobs) as ex:
            for g in ex.map(one, seeds):
                if g is None:
                    continue
                done[0] += 1
                out.write(json.dumps(g, sort_keys=True) + '\n')
                out.flush()
                if done[0] % 100 == 0:
                    print('batch: %d done, %.1f s' % (done[0], time.time() - t0), file=sys.stderr, flush=True)
                if g['rc'] != 0:
                    print('seed %d: hwrun rc %d: %s' % (g['seed'], g['rc'], g['stderr'][-300:]), file=sys.stderr)
                if g.get('match') is False:
                    mism.append(g['seed'])
    print('batch: %d of %d kernels run in %.1f s; %d mismatching warpsim%s' % (
        done[0], len(seeds), time.time() - t0, len(mism), (': ' + ' '.join(map(str, mism[:50]))) if mism else ''))
    if a.warpsim and a.minimize_dir and mism:
        os.makedirs(a.minimize_dir, exist_ok=True)
        tb = time.time()
        for seed in mism[:a.minimize_max]:
            if time.time() - tb > a.minimize_budget:
                break
            ptx, df = minimize(seed, a.hwrun, a.warpsim, budget=min(60.0, a.minimize_budget - (time.time() - tb)),
                               version=a.gen)
            if ptx:
                with open(os.path.join(a.minimize_dir, 'fuzz_%d.min.ptx' % seed), 'w') as f:
                    f.write(ptx)
                    f.write(''.join('// ' + l + '\n' for l in describe(seed, df)))
                print('minimized seed %d: %d lines' % (seed, ptx.count('\n')))


def cmd_compare(a):
    gpu = {}
    with (gzip.open(a.gpu, 'rt') if a.gpu.endswith('.gz') else open(a.gpu)) as f:
        for line in f:
            if line.strip():
                j = json.loads(line)
                gpu[j['seed']] = j
    seeds = seeds_of(a.seeds) if a.seeds else sorted(gpu)
    report = []
    undefined, bad = [], []
    missing = [s for s in seeds if s not in gpu]
    with tempfile.TemporaryDirectory() as d:
        def one(seed):
            p, ar = write_kernel(seed, d, version=gpu[seed].get('gen', 1))
            s = run_tool(a.warpsim, p, ar)
            df = diff(gpu[seed], s)
            return seed, df, bool(df) and undefined_only(gpu[seed], s, a.warpsim, p, ar)
        with cf.ThreadPoolExecutor(a.jobs) as ex:
            for seed, df, ub in ex.map(one, [s for s in seeds if s in gpu]):
                if not df:
                    continue
                (undefined if ub else bad).append(seed)
                report.extend(describe(seed, df))
                if ub:
                    report.append('seed %d: undefined: every differing word depends on a shuffle that read a lane '
                                  'which did not execute it (--poison-undefined changes them all)' % seed)
                report.append('seed %d: reproduce: python3 tools/fuzz/fuzz.py gen %d /tmp/fz && '
                              'warpsim run /tmp/fz/fuzz_%d.ptx @/tmp/fz/fuzz_%d.args' % (seed, seed, seed, seed))
    listed = lambda xs: (' (' + ' '.join(map(str, xs)) + ')') if xs else ''
    summary = ('compare: %d kernels, %d identical, %d differing only where the program reads undefined values%s, '
               '%d unexplained%s; %d seeds missing from the GPU file' % (
                   len(seeds) - len(missing), len(seeds) - len(missing) - len(undefined) - len(bad),
                   len(undefined), listed(undefined), len(bad), listed(bad), len(missing)))
    text = '\n'.join(report + [summary]) + '\n'
    if a.report:
        with open(a.report, 'w') as f:
            f.write(text)
    sys.stdout.write(text)
    if a.expect is not None:  # the unexplained seeds must be exactly these, already understood
        want = seeds_of(a.expect) if a.expect else []
        if sorted(bad) != sorted(want):
            print('compare: expected the unexplained seeds to be %s' % (want or 'none'))
            return 1
        return 0
    return 1 if bad else 0


def cmd_minimize(a):
    ptx, df = minimize(a.seed, a.hwrun, a.warpsim, budget=a.budget, version=a.gen)
    if not ptx:
        print('seed %d: no mismatch' % a.seed)
        return 0
    text = ptx + ''.join('// ' + l + '\n' for l in describe(a.seed, df))
    if a.out:
        open(a.out, 'w').write(text)
    sys.stdout.write(text)
    return 1


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = ap.add_subparsers(dest='cmd', required=True)
    g = sub.add_parser('gen'); g.add_argument('seed', type=int); g.add_argument('outdir', nargs='?', default='.')
    g.add_argument('--gen', type=int, default=gen.LATEST, help='generator version (gen.py)')
    b = sub.add_parser('batch')
    b.add_argument('--hwrun', required=True); b.add_argument('--seeds', required=True); b.add_argument('--out', required=True)
    b.add_argument('--jobs', type=int, default=os.cpu_count() or 4); b.add_argument('--warpsim')
    b.add_argument('--minimize-dir'); b.add_argument('--minimize-max', type=int, default=10)
    b.add_argument('--minimize-budget', type=float, default=120.0)
    b.add_argument('--deadline', type=float, default=0, help='start no kernel after this many seconds')
    b.add_argument('--timeout', type=float, default=15, help='seconds per kernel run')
    b.add_argument('--gen', type=int, default=gen.LATEST, help='generator version (gen.py)')
    c = sub.add_parser('compare')
    c.add_argument('--gpu', required=True); c.add_argument('--warpsim', required=True); c.add_argument('--seeds')
    c.add_argument('--jobs', type=int, default=os.cpu_count() or 4); c.add_argument('--report')
    c.add_argument('--expect', help='seeds known to differ unexplained (A-B,C,...): pass only when exactly these do')
    m = sub.add_parser('minimize')
    m.add_argument('seed', type=int); m.add_argument('--hwrun', required=True); m.add_argument('--warpsim', required=True)
    m.add_argument('--out'); m.add_argument('--budget', type=float, default=120.0)
    m.add_argument('--gen', type=int, default=gen.LATEST, help='generator version (gen.py)')
    a = ap.parse_args()
    return {'gen': cmd_gen, 'batch': cmd_batch, 'compare': cmd_compare, 'minimize': cmd_minimize}[a.cmd](a) or 0


if __name__ == '__main__':
    sys.exit(main())
