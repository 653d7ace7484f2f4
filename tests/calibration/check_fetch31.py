#!/usr/bin/env python3
"""The first launch's fetch of cold code against fetch31 on an H100 (h100h, 2026-12-06 09:45Z; docs/calibration.md
"(fetch31)", "(fetch32)"): .devjobs/fetch31's straight-line kinds (t12 ... t16, l16, p165 ... p20, d18, d20 and the
5 / 31 KiB s / x kinds: IMADs, LOP3s and POPCs whose warm issue rate is set between 12 and 20 cycles a 128-byte line),
one warp (a block of 32), the kernel's first launch in its process (cold code), from
tests/calibration/device-2026-12-06-h100h-fetch31.tar.xz (the raw runs and the PTX warpsim runs); and fetch32's
several warps (h100i, 2026-12-06 11:34Z, tests/calibration/device-2026-12-06-h100i-fetch32.tar.xz; "(fetch32)",
"(fetch33)"): t12, t13, t14, t145, t15, t16, l16 in blocks of 64 and 128 (2 and 4 warps, one a sub-partition), each
the first launch of its own process, the block's span (first t0 to last t1) against warpsim's. The H100 repeats
the H200's warm figures in every job run on both; the cold fetch is the session's (docs/calibration.md "(cold28)").

Checked: warpsim's span within BOUND (default 10%) of the H100's first launch for every straight-line kind and block
but those named with --informational KIND (every block) or KIND:WARPS (fetch32's block of WARPS warps; printed, not
checked); --preset OVERLAY (a path under SRCDIR): warpsim's keys over the built-in preset (ctest calibration_fetch31
runs the built-in one: sm_90's ifetch.line 14, h100h's stream, since ifetch.held; the overlay fetch-h100h.preset of
"(fetch32)" is gone, "(fetch33)"). Each line gives the region's SASS lines (instructions between the clock reads / 8),
the H100's first-launch and warm (median of launches 1-9, fetch32's 1-2) cycles a line, warpsim's first launch a line
and its error; with --warm also warpsim's warm span (ifetch.line 0) a line at one warp, which says how much of an
error is the fetch's.
Usage: check_fetch31.py WARPSIM SRCDIR [--bound B] [--informational KIND,...] [--preset OVERLAY] [--warm 1]"""
import os
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
import probe_alu  # noqa: E402  (warpsim's span, one way for every probe)
import probe_alu3  # noqa: E402  (the device's spans)
import probe_jobs  # noqa: E402  (a job's kernel arguments)
import raw_runs  # noqa: E402  (the command line)
import sass_replay  # noqa: E402  (the region's SASS)
import sass_text  # noqa: E402
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_probe_alu3  # noqa: E402  (a figure's line, counted or informational)

TARBALL = 'tests/calibration/device-2026-12-06-h100h-fetch31.tar.xz'
TARBALL32 = 'tests/calibration/device-2026-12-06-h100i-fetch32.tar.xz'
BLOCKS32 = (64, 128)  # fetch32's blocks of several warps, one a sub-partition (256 and more: issue-bound, 2 a one)
LOOPS = ('k8', 'k8a', 'k8n', 'k8i', 'k16')  # fwin K 8's loop and its variants: not the fetch


def main(argv):
    a = raw_runs.options(argv, 10, __doc__)
    extra = ['--preset', os.path.join(a.src, a.opts['--preset'])] if '--preset' in a.opts else []
    errors, fails = [], []
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(os.path.join(a.src, TARBALL)) as tar:
            tar.extractall(tmp, filter='data')
        raw = os.path.join(tmp, 'fetch31')
        ptx = os.path.join(raw, 'probe_fetch31.ptx')
        lines = open(os.path.join(raw, 'probe_fetch31.sass')).read().split('\n')
        names = set(sass_text.functions(lines))
        warm_preset = os.path.join(tmp, 'warm.preset')
        with open(warm_preset, 'w') as f:
            f.write('ifetch.line 0\n')
        print('| kind | lines | H100 first a line | H100 warm a line | warpsim first a line | error |%s'
              % (' warpsim warm a line |' if '--warm' in a.opts else ''))
        print('| --- | ---: | ---: | ---: | ---: | ---: |%s' % (' ---: |' if '--warm' in a.opts else ''))
        kinds = sorted(f[:-4] for f in os.listdir(os.path.join(raw, 'probe')) if f.endswith('.txt'))
        for kind in (k for k in kinds if k not in LOOPS):
            first, warm = probe_alu3.spans(os.path.join(raw, 'probe', kind + '.txt'))[32]
            fn = 'fetch31_' + kind
            if fn not in names:
                sys.exit('%s: no SASS for %s' % (sys.argv[0], fn))
            nl = len(sass_replay.region(sass_replay.kernel(lines, fn))) / 8
            _, w, args = probe_jobs.params(kind)
            ws = probe_alu.warpsim(a.warpsim, ptx, fn, 32, 3, w, extra=args + extra)
            err = (ws - first) / first * 100
            line = '| %s | %.1f | %.2f | %.2f | %.2f | %+.1f%% |' % (kind, nl, first / nl, warm / nl, ws / nl, err)
            if '--warm' in a.opts:
                line += ' %.2f |' % (probe_alu.warpsim(a.warpsim, ptx, fn, 32, 3, w, extra=args + ['--preset', warm_preset])
                                     / nl)
            check_probe_alu3.tally(line, err, kind in a.informational, a.bound, errors, fails)
        several(a, tmp, extra, errors, fails)
    print('%d figures, mean |error| %.1f%%, max %.1f%%; %d beyond %.0f%%' %
          (len(errors), sum(errors) / len(errors), max(errors), len(fails), a.bound))
    if fails:
        print('FAIL: ' + ', '.join(f.split('|')[1].strip() for f in fails))
        return 1
    return 0


def several(a, tmp, extra, errors, fails):
    """fetch32's first launches of 2 and 4 warps, one a sub-partition: the block's span a line, H100 against warpsim."""
    with tarfile.open(os.path.join(a.src, TARBALL32)) as tar:
        tar.extractall(tmp, filter='data')
    raw = os.path.join(tmp, 'fetch32')
    ptx = os.path.join(raw, 'probe_fetch32.ptx')
    lines = open(os.path.join(raw, 'probe_fetch32.sass')).read().split('\n')
    print('| kind | warps | lines | H100 first a line | H100 warm a line | warpsim first a line | error |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    for kind in sorted(f[:-4] for f in os.listdir(os.path.join(raw, 'probe', 'b64')) if f.endswith('.txt')):
        nl = len(sass_replay.region(sass_replay.kernel(lines, 'fetch31_' + kind))) / 8
        for block in BLOCKS32:
            first, warm = probe_alu3.spans(os.path.join(raw, 'probe', 'b%d' % block, kind + '.txt'))[block]
            _, w, args = probe_jobs.params(kind)
            ws = probe_alu.warpsim(a.warpsim, ptx, 'fetch31_' + kind, block, 3, w, extra=args + extra)
            err = (ws - first) / first * 100
            line = '| %s | %d | %.1f | %.2f | %.2f | %.2f | %+.1f%% |' % (kind, block // 32, nl, first / nl, warm / nl,
                                                                         ws / nl, err)
            info = kind in a.informational or '%s:%d' % (kind, block // 32) in a.informational
            check_probe_alu3.tally(line, err, info, a.bound, errors, fails)


if __name__ == '__main__':
    sys.exit(main(sys.argv))
