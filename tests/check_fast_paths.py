#!/usr/bin/env python3
"""check_fast_paths.py WARPSIM SRCDIR [--jobs N] [--sets SET,...] [--only SUBSTRING,...] [--slow LIST,...]
                      [--mode MODE] [--list]

The fast paths (ws_slow_path: the converged run loop, sim/exec_fast.c's executors, the full-warp shuffle, the decoded
interpreter, the timing register-use cache and timing_info's decided facts, the kept picks of sim/timing.c's
earliest()) replace general code and must not change a byte. This runs every kernel that has its arguments in the
tree, `warpsim run ... --json --mode timing`, once with the fast paths and once with each of `--slow-path all` and
`--slow-path timing`, and reports every difference in the output or the exit status (tests/check_slow_path.sh does
so for programs/ with goldens and six bench_* kernels; this is the wider net). Sets (--sets, default all of them):

  programs     programs/NAME.ptx with NAME.args
  corpus       tests/corpus/NAME.ptx with NAME.args
  heldout      tests/heldout's kernels, with check_heldout.py's launches and buffers
  calibration  tests/calibration/kernels/ and probes/ PTX with .args
  ptx          tests/ptx/*.ptx with a `// check_fast_paths: WORDS` line (its launch): kernels built for a fast path's
               corner (fetch_caught_pick.ptx: a catch moves a line in flight another warp's kept pick waits for)
  far          the calibration's far-code and cold-code probes as its checks run them (probe_fwin40, probe_fwin53
               and probe_fwin54 unpacked from probes/*.ptx.xz, probe_fwin from the fwin19 device job), each in a
               first launch (the built-in preset: the cold fetch, ifetch.caught) and warm (ifetch.line 0: the far
               fetch, ifetch.far_keep, pick.far_order), at 1, 4, 8 and 16 warps

The ctest fast_paths_differential runs `--sets ptx,programs,heldout,calibration,far --jobs 2` (about a minute on
two cores); the corpus set adds ~350 kernels: run it by hand, e.g.
    tests/check_fast_paths.py build/release/warpsim . --jobs 2 --sets corpus
Exit 0 when every run gives the same bytes, 1 with the differences listed (the first differing lines of each)."""
import argparse
import concurrent.futures
import glob
import lzma
import os
import re
import subprocess
import sys
import tarfile
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SETS = ('ptx', 'programs', 'corpus', 'heldout', 'calibration', 'far')


# kernels with .args that warpsim does not run, and why
NOT_RUN = {
    'calibration/bench_s2r': "reads %cluster_ctarank, which warpsim's parser does not take",
}


# differences known today, each with its cause: such a kernel passes only while it still differs (a fixed one must
# leave this list), and its difference is printed
KNOWN = {}


def entries(path):
    """the kernels (.entry names) of a PTX module"""
    with open(path) as f:
        return re.findall(r'\.entry\s+([A-Za-z_$][\w$]*)', f.read())


def args_cases(src, folder, label):
    """(name, argv) for each folder/NAME.ptx with a NAME.args beside it: each of its kernels where the .args names
    none and the module has several (probe_shfl_steps)"""
    out = []
    for a in sorted(glob.glob(os.path.join(src, folder, '*.args'))):
        base = os.path.splitext(os.path.relpath(a, src))[0]
        name = '%s/%s' % (label, os.path.basename(base))
        if not os.path.exists(os.path.join(src, base + '.ptx')) or name in NOT_RUN:
            continue
        argv = [base + '.ptx', '@' + base + '.args']
        with open(a) as f:
            named = '--kernel' in ' '.join(line.split('#', 1)[0] for line in f).split()
        kernels = entries(os.path.join(src, base + '.ptx'))
        if named or len(kernels) < 2:
            out.append((name, argv))
        else:
            out += [('%s:%s' % (name, k), argv + ['--kernel', k]) for k in kernels]
    return out


def heldout_cases(src):
    sys.path.insert(0, os.path.join(src, 'tests', 'heldout'))
    import check_heldout  # noqa: E402 (KERNELS: name -> (grid, block, buffers, reference))
    out = []
    for name, (grid, block, bufs, _) in sorted(check_heldout.KERNELS.items()):
        out.append(('heldout/' + name, ['tests/heldout/%s.ptx' % name, '--kernel', name, '--grid', grid, '--block',
                                        block] + bufs))
    return out


def far_cases(src, tmp):
    """the calibration's far and cold-code probes as tests/calibration/check_far_order.py, check_fwin40.py and
    check_fwin53.py run them, cold (the built-in preset) and warm (ifetch.line 0)"""
    cal = os.path.join(src, 'tests', 'calibration')
    ptx = {}
    for probe in ('probe_fwin40', 'probe_fwin53', 'probe_fwin54'):
        ptx[probe] = os.path.join(tmp, probe + '.ptx')
        with lzma.open(os.path.join(cal, 'probes', probe + '.ptx.xz')) as f, open(ptx[probe], 'wb') as g:
            g.write(f.read())
    with tarfile.open(os.path.join(cal, 'device-2026-12-06-h200f-fwin19.tar.xz')) as t:
        t.extract('fwin19/probe_fwin.ptx', tmp, filter='data')
    ptx['probe_fwin'] = os.path.join(tmp, 'fwin19', 'probe_fwin.ptx')
    warm = os.path.join(tmp, 'warm.preset')
    with open(warm, 'w') as f:
        f.write('ifetch.line 0\n')
    out = []
    for launch, extra in (('cold', []), ('warm', ['--preset', warm])):
        for block in (32, 128, 256, 512):
            n = block // 32
            for k in (0, 16):
                out.append(('far/fwin19-K%d-%d-%s' % (k, block, launch),
                            [ptx['probe_fwin'], '--kernel', '_Z4fwinILi%dEEvPyPjffj' % k, '--grid', '1', '--block',
                             str(block), 'out=u64[%d]' % max(64, 2 * n), 'sink=u32[1024]', 'a=f32:1.0001',
                             'b=f32:0.5', 'h=u32:1006648320'] + extra))
            # fwin40's roles (4 bits a slot, slot 0 lowest; 1 exits): all far, x0 (slot 0 exits), b03, k123
            for roles in (0x0000, 0x0001, 0x2002, 0x3330, 0x4444):
                out.append(('far/fwin40-%04x-%d-%s' % (roles, block, launch),
                            [ptx['probe_fwin40'], '--kernel', '_Z6fwin40ILi0EEvPyPjffjjjPKf', '--grid', '1',
                             '--block', str(block), 'o=u64[640]', 'sink=u32[1024]', 'a=f32:1.0001', 'b=f32:0.5',
                             'roles=u32:%d' % roles, 'spmask=u32:15', 'delay=u32:0', 'bp=f32[1]'] + extra))
        for probe, maxkb, sizes in (('probe_fwin53', 160, (8, 64, 160)), ('probe_fwin54', 192, (120, 192))):
            for kb in sizes:
                out.append(('far/%s-seq%d-%s' % (probe, kb, launch),
                            [ptx[probe], '--kernel', '_Z6regionILi%dELi0EEvPyff' % kb, '--grid', '1', '--block', '32',
                             'o=u64[%d]' % (4 * (maxkb + 3)), 'a=f32:1.0001', 'b=f32:0.5'] + extra))
    return out


def ptx_cases(src):
    """tests/ptx/NAME.ptx with a `// check_fast_paths: WORDS` line: (ptx/NAME, [the PTX, WORDS])"""
    out = []
    for p in sorted(glob.glob(os.path.join(src, 'tests', 'ptx', '*.ptx'))):
        with open(p) as f:
            words = [line.split(':', 1)[1].split() for line in f if line.startswith('// check_fast_paths:')]
        if words:
            out.append(('ptx/' + os.path.basename(p)[:-4], [os.path.relpath(p, src)] + words[0]))
    return out


def run(warpsim, src, argv):
    p = subprocess.run([warpsim, 'run'] + argv, cwd=src, capture_output=True)
    return p.returncode, p.stdout, p.stderr


def first_differences(a, b, most=6):
    """the first differing lines of a and b, at most `most`"""
    out = []
    la, lb = a.decode(errors='replace').splitlines(), b.decode(errors='replace').splitlines()
    for i in range(max(len(la), len(lb))):
        x = la[i] if i < len(la) else '(none)'
        y = lb[i] if i < len(lb) else '(none)'
        if x != y:
            at = next((j for j, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
            at = max(0, at - 60)  # from a little before the first differing character
            out.append('    line %d: fast: %s%s\n             slow: %s%s'
                       % (i + 1, '...' if at else '', x[at:at + 160], '...' if at else '', y[at:at + 160]))
            if len(out) >= most:
                break
    return out


def check(warpsim, src, name, argv, mode, slows):
    base = argv + ['--json', '--mode', mode]
    fast = run(warpsim, src, base)
    errors = []
    if fast[0] not in (0, 1, 3):  # a diagnostic as error (1) or a limit (3) is output to compare too
        return ['%s: exit %d with the fast paths: %s' % (name, fast[0], fast[2].decode(errors='replace')[:300])]
    for slow in slows:
        got = run(warpsim, src, base + ['--slow-path', slow])
        if got == fast:
            continue
        errors.append('%s: the fast paths (exit %d, %d bytes) and --slow-path %s (exit %d, %d bytes) differ'
                      % (name, fast[0], len(fast[1]), slow, got[0], len(got[1])))
        errors += first_differences(fast[1] + fast[2], got[1] + got[2])
    return errors


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split('\n\n')[0])
    ap.add_argument('warpsim')
    ap.add_argument('src')
    ap.add_argument('--jobs', type=int, default=2)
    ap.add_argument('--sets', default=','.join(SETS))
    ap.add_argument('--only')
    ap.add_argument('--slow', default='all,timing')
    ap.add_argument('--mode', default='timing')
    ap.add_argument('--list', action='store_true')
    a = ap.parse_args()
    warpsim, src = os.path.abspath(a.warpsim), os.path.abspath(a.src)
    sets = a.sets.split(',')
    unknown = [s for s in sets if s not in SETS]
    if unknown:
        sys.exit('check_fast_paths.py: unknown set %s (sets: %s)' % (', '.join(unknown), ', '.join(SETS)))
    with tempfile.TemporaryDirectory() as tmp:
        cases = []
        for s in sets:
            if s == 'ptx':
                cases += ptx_cases(src)
            elif s == 'programs':
                cases += args_cases(src, 'programs', 'programs')
            elif s == 'corpus':
                cases += args_cases(src, os.path.join('tests', 'corpus'), 'corpus')
            elif s == 'heldout':
                cases += heldout_cases(src)
            elif s == 'calibration':
                cases += args_cases(src, os.path.join('tests', 'calibration', 'kernels'), 'calibration')
                cases += args_cases(src, os.path.join('tests', 'calibration', 'probes'), 'calibration')
            else:
                cases += far_cases(src, tmp)
        if a.only:
            cases = [c for c in cases if any(o in c[0] for o in a.only.split(','))]
        if not cases:
            sys.exit('check_fast_paths.py: no kernel to run')
        if a.list:
            for name, argv in cases:
                print(name, ' '.join(argv))
            return 0
        slows = a.slow.split(',')
        bad = 0
        with concurrent.futures.ThreadPoolExecutor(max_workers=max(1, a.jobs)) as ex:
            futures = [ex.submit(check, warpsim, src, name, argv, a.mode, slows) for name, argv in cases]
            for (name, _), f in zip(cases, futures):
                errors = f.result()
                if name in KNOWN:
                    if errors:
                        print('%s: a known difference (%s):\n%s' % (name, KNOWN[name], '\n'.join(errors)), flush=True)
                    else:
                        bad += 1
                        print('%s: listed as a known difference but gives the same bytes now: take it off KNOWN'
                              % name, flush=True)
                elif errors:
                    bad += 1
                    print('\n'.join(errors), flush=True)
        print('%d of %d kernels (%s mode) give the same bytes with the fast paths as with --slow-path %s'
              % (len(cases) - bad, len(cases), a.mode, ' and '.join(slows)))
        return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
