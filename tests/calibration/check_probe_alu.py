#!/usr/bin/env python3
"""The ALU and IMAD pipes' issue rate against the H200 (docs/calibration.md "(alu24)" and "(pipes25)"): probe_alu
(tests/calibration/probes/probe_alu.cu and .ptx), its raw runs in tests/calibration/device-2026-12-04-alu24.tar.xz
(2026-12-04 12:26Z, NVIDIA H200, driver 580.159.04, CUDA 13.0, 1980 MHz). Each warp runs 8 streams of 256 steps of
one kind (sel, add, xor, fma, mad, mix) at 1, 4, 8, 16 and 32 warps; the figure is the block's span (the last
warp's t1 less the first warp's t0) in a process's first launch (cold code, as warpsim's run), median over the
runs (probes/probe_alu.py).

Checked: warpsim's span within BOUND (default 10%) of the H200's for each kind and warp count, with the built-in
preset (or --preset FILE over it), but the figures named with --informational KIND:WARPS (printed, not checked; the
closing table of docs/calibration.md says why each is out).
Usage: check_probe_alu.py WARPSIM SRCDIR [--bound B] [--preset FILE] [--informational KIND:WARPS,...]."""
import os
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
import probe_alu  # noqa: E402  (the H200's spans and warpsim's, one way for both scripts)
import raw_runs  # noqa: E402  (the command line)


def main(argv):
    a = raw_runs.options(argv, 10, __doc__)
    warpsim, src, bound, informational = a.warpsim, a.src, a.bound, a.informational
    extra = ['--preset', os.path.join(src, a.opts['--preset'])] if '--preset' in a.opts else []
    fails, checked, errors = [], 0, []
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(os.path.join(src, 'tests/calibration/device-2026-12-04-alu24.tar.xz')) as tar:
            tar.extractall(tmp, filter='data') if hasattr(tarfile, 'data_filter') else tar.extractall(tmp)
        raw = os.path.join(tmp, 'alu24')
        ptx = os.path.join(src, 'tests/calibration/probes/probe_alu.ptx')
        for kind in probe_alu.KINDS:
            for block in probe_alu.BLOCKS:
                first, _ = probe_alu.spans(os.path.join(raw, f'{kind}_1_{block}.txt'))
                sim = probe_alu.warpsim(warpsim, ptx, "alu_" + kind, block, extra=extra)
                err = 100 * (sim - first) / first
                name = f'{kind}:{block // 32}'
                note = ' (informational)' if name in informational else ''
                print(f'{kind} {block // 32} warps: H200 {first:g}, warpsim {sim} ({err:+.1f}%){note}')
                if note:
                    continue
                checked += 1
                errors.append(abs(err))
                if abs(err) > bound:
                    fails.append(f'{kind} at {block // 32} warps: warpsim {sim}, H200 {first:g} ({err:+.1f}%)')
    print(f'{checked} checked: mean error {sum(errors) / max(len(errors), 1):.1f}%, max {max(errors, default=0):.1f}%, '
          f'{checked - len(fails)} within {bound:g}%')
    for f in fails:
        print('FAIL', f)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
