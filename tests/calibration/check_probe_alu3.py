#!/usr/bin/env python3
"""The XU pipe's forms and the conversions' pipes against the H200 (docs/calibration.md "(alu27)"): probe_alu3
(tests/calibration/probes/probe_alu3.cu, .ptx.xz), its raw runs in tests/calibration/device-2026-12-04-alu27.tar.xz
(2026-12-04 17:37Z, NVIDIA H200, driver 580.159.04, CUDA 13.0, 1980 MHz). Each warp runs 8 streams of 256 steps of
one PTX form, alone and followed in each step by a LOP3 (_l), an IMAD (_m), an FFMA (_f) or a POPC (_x); the figure
is the block's span in a process's first launch (cold code, as warpsim's run), the median over the runs
(probes/probe_alu3.py).

Checked: with 8 warps a sub-partition (1024 threads), where the pipes' rate decides the span, warpsim's span within
BOUND (default 10%) of the H200's for every form warpsim models on a pipe: the MUFU forms (.ftz, and rsqrt, ex2, lg2,
sqrt, sin, tanh with ptxas's fix-ups), F2F (cvt.rn.f16.f32, cvt.rn.bf16.f32, cvt.f64.f32), FLO and BREV (bfind, clz,
brev), POPC, F2FP (cvt.rn.f16x2.f32, cvt.rn.bf16x2.f32), HADD2.F32 (cvt.f32.f16), LOP3 and IMAD; but the figures
named with --informational KIND (printed, not checked; ctest calibration_probe_alu3 names rcp_l, rcp_m, rcp_f:
rcp.approx.f32's four ALU fix-ups a step are not modelled, -12% to -22% beside a form; h2f_f, lop3_f, mad_f: an
integer op beside an FFMA, -11% to +14%, the FMA pipe's pairs, not resolved by alu27; ffma15 found ptxas's
schedule behind them, not a pipe rule: probes/probe_alu3_issue.py). With fewer warps the spans
are latency-bound and not checked here (docs/calibration.md "(alu27)" gives them: a form followed by a LOP3 at one
warp, MUFU +116%, POPC +50%, F2F -29%).
Usage: check_probe_alu3.py WARPSIM SRCDIR [--bound B] [--informational KIND,...]."""
import lzma
import os
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
import probe_alu  # noqa: E402  (warpsim's span, one way for every probe)
import probe_alu3  # noqa: E402  (the H200's spans)

FORMS = ('ex2f', 'rsqrtf', 'rcpf', 'lg2f', 'sqrtf', 'tanh', 'sin', 'ex2', 'rsqrt', 'lg2', 'sqrt', 'rcp', 'f2h', 'f2bf',
         'f2d', 'f2h2', 'f2bf2', 'h2f', 'bfind', 'clz', 'brev', 'popc', 'lop3', 'mad')
BLOCK = 1024  # 8 warps a sub-partition


def main(argv):
    warpsim, src = argv[1], argv[2]
    opts = dict(zip(argv[3::2], argv[4::2]))
    bound = float(opts.get('--bound', 10))
    informational = set(filter(None, opts.get('--informational', '').split(',')))
    fails, errors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        with tarfile.open(os.path.join(src, 'tests/calibration/device-2026-12-04-alu27.tar.xz')) as tar:
            for m in tar.getmembers():  # the runs (alu27/probe/KIND.txt) as plain files
                if m.isfile() and m.name.startswith('alu27/probe/'):
                    with open(os.path.join(tmp, os.path.basename(m.name)), 'wb') as f:
                        f.write(tar.extractfile(m).read())
        ptx = os.path.join(tmp, 'probe_alu3.ptx')
        with open(ptx, 'wb') as f:
            f.write(lzma.open(os.path.join(src, 'tests/calibration/probes/probe_alu3.ptx.xz')).read())
        raw = tmp
        for form in FORMS:
            for kind in [form] + [form + s for s in ('_l', '_m', '_f', '_x')]:
                path = os.path.join(raw, kind + '.txt')
                if not os.path.exists(path):
                    continue
                h200 = probe_alu3.spans(path)[BLOCK][0]
                w = probe_alu.warpsim(warpsim, ptx, 'alu3_' + kind, BLOCK, 3, 5)
                err = (w - h200) / h200 * 100
                line = f'{kind} at 32 warps: warpsim {w}, H200 {h200:.0f} ({err:+.1f}%)'
                if kind in informational:
                    print(f'info {line}')
                    continue
                errors.append(abs(err))
                if abs(err) > bound:
                    fails.append(line)
                print(f'{"FAIL" if abs(err) > bound else "ok  "} {line}')
    print(f'{len(errors)} checked: mean error {sum(errors) / len(errors):.1f}%, max {max(errors):.1f}%, '
          f'{len(errors) - len(fails)} within {bound:g}%')
    return 1 if fails or not errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
