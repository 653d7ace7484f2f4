#!/usr/bin/env python3
"""The first launch's fetch of cold code against the H200 (docs/calibration.md "(cold18)"): probe_cold17
(tests/calibration/probes/probe_cold17.cu, .ptx.xz), its raw runs in tests/calibration/device-2026-12-05-cold17.tar.xz
(2026-12-05 03:04Z, NVIDIA H200, driver 580.159.04, CUDA 13.0, 1980 MHz). Each kind is one region form at 64, 128,
256, 512 and 1024 SASS instructions, each length a kernel of its own; the figure is one warp's span (a block of 32) in
the kernel's first launch in a process of its own (run w1), as warpsim's run (a first launch, cold code).

Checked: warpsim's span within BOUND (default 10%) of the H200's for every kernel of run w1 (the forms at their five
lengths: one-cycle code at 17.6 cycles a line, code of 16 cycles a line hiding the fetch, the slower and the MUFU
kinds; the regions run twice in a launch, both passes; the copies; probe_alu3's alu3_lg2 and alu3_sqrt as they were),
but the kernels named with --informational KERNEL (printed, not checked; ctest calibration_probe_cold17 names
nop_64 (+16%: its 9 lines end where the stream's fourth request arrives), pffma_64, pfmuli_64 (-11.5%, -10.3%: ptxas's
84 SASS for 64 PTX steps, 12 lines where warpsim places 8; pfmuli_128, -9.9% before fold.dead, -7.2% with it, is
checked since dead33) and rsqrt_64, rsqrt_128 (-12.5%, -10.2%: as far off warm, rsqrt's issue, not the fetch)).
Usage: check_probe_cold17.py WARPSIM SRCDIR [--bound B] [--informational KERNEL,...] [--run RUN]"""
import lzma
import os
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
import probe_cold17  # noqa: E402  (the H200's spans, warpsim's)
import raw_runs  # noqa: E402  (the command line)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_probe_alu3  # noqa: E402  (a figure's line, counted or informational)


def main(argv):
    a = raw_runs.options(argv, 10, __doc__)
    warpsim, src, bound, informational = a.warpsim, a.src, a.bound, a.informational
    run = a.opts.get('--run', 'w1')
    block, mask = probe_cold17.RUNS[run]
    errors, fails = [], []
    with tempfile.TemporaryDirectory() as tmp:
        spans = {}
        with tarfile.open(os.path.join(src, 'tests/calibration/device-2026-12-05-cold17.tar.xz')) as tar:
            for m in tar.getmembers():  # the run's raw lines (cold17/RUN/KERNEL.txt)
                if m.isfile() and m.name.startswith('cold17/%s/' % run):
                    path = os.path.join(tmp, os.path.basename(m.name))
                    with open(path, 'wb') as f:
                        f.write(tar.extractfile(m).read())
                    spans.update(probe_cold17.h200(path))
        ptx = os.path.join(tmp, 'probe_cold17.ptx')
        with open(ptx, 'wb') as f:
            f.write(lzma.open(os.path.join(src, 'tests/calibration/probes/probe_cold17.ptx.xz')).read())
        for (kernel, b, m), launches in sorted(spans.items()):
            if (b, m) != (block, mask) or 0 not in launches:
                continue
            h200 = launches[0]
            w = probe_cold17.warpsim_run(warpsim, ptx, kernel, b, m)
            err = (w - h200) / h200 * 100
            line = f'{kernel}: warpsim {w}, H200 {h200} ({err:+.1f}%)'
            check_probe_alu3.tally(line, err, kernel in informational, bound, errors, fails)
    if not errors:
        print('no figures')
        return 1
    print(f'{len(errors)} checked: mean error {sum(errors) / len(errors):.1f}%, max {max(errors):.1f}%, '
          f'{len(errors) - len(fails)} within {bound:g}%')
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
