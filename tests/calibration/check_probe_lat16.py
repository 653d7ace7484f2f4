#!/usr/bin/env python3
"""One warp's dependent chains against the H200 (docs/calibration.md "(lat18)"): probe_lat16
(tests/calibration/probes/probe_lat16.cu, .ptx.xz), its raw runs in tests/calibration/device-2026-12-05-lat16.tar.xz
(2026-12-05 03:04Z, NVIDIA H200, driver 580.159.04, CUDA 13.0, 1980 MHz). A kind is N interleaved chains of one step
form (POPC, FLO, BREV, F2F.F16.F32, MUFU.EX2, HADD2.F32, IMAD or LOP3, alone or followed by a LOP3 or an IMAD), its
figure the cycles a step: (span at 256 steps - span at 128) / 128, the median of the warm launches
(probes/probe_lat16.py), warpsim's the same difference with ifetch.line 0.

Checked: warpsim's cycles a step within BOUND (default 3%) of the H200's for every kind but those named with
--informational KIND (printed, not checked; ctest calibration_probe_lat16 names ex2_l_8, eight MUFU.EX2 + LOP3
chains, -4.3%, and popc_ll_1: ptxas's POPC after two LOP3s writes another register than its source, so it issues 4
cycles after the LOP3, not the 6 of bits.feed, "(lat18)").
Usage: check_probe_lat16.py WARPSIM SRCDIR [--bound B] [--informational KIND,...]"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
import probe_lat16  # noqa: E402  (the H200's spans, warpsim's run of a kernel)
import raw_runs  # noqa: E402  (the runs and the PTX, unpacked)
import check_probe_alu3  # noqa: E402  (a figure's line, counted or informational)


def main(argv):
    a = raw_runs.options(argv, 3, __doc__)
    warpsim, src, bound, informational = a.warpsim, a.src, a.bound, a.informational
    fails, errors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        ptx = raw_runs.unpack(os.path.join(src, 'tests/calibration/device-2026-12-05-lat16.tar.xz'), 'lat16',
                              os.path.join(src, 'tests/calibration/probes/probe_lat16.ptx.xz'), tmp)
        warm = os.path.join(tmp, 'warm.preset')
        with open(warm, 'w') as f:
            f.write('ifetch.line 0\n')
        kinds = sorted(f[:-4] for f in os.listdir(tmp) if f.endswith('.txt'))
        if not kinds:
            print('no runs in the tarball')
            return 1
        for kind in kinds:
            h = probe_lat16.h200(os.path.join(tmp, kind + '.txt'))
            h200 = (h[256] - h[128]) / 128
            w = {s: probe_lat16.warpsim(warpsim, ptx, warm, kind, s) for s in (128, 256)}
            ws = (w[256] - w[128]) / 128
            err = (ws - h200) / h200 * 100
            line = f'{kind}: warpsim {ws:.2f} a step, H200 {h200:.2f} ({err:+.1f}%)'
            check_probe_alu3.tally(line, err, kind in informational, bound, errors, fails)
    print(f'{len(errors)} checked: mean error {sum(errors) / len(errors):.1f}%, max {max(errors):.1f}%, '
          f'{len(errors) - len(fails)} within {bound:g}%')
    return 1 if fails or not errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
