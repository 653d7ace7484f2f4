#!/usr/bin/env python3
"""ptxas's register-bound order in the list schedule (schedule.reuse, docs/calibration.md "(regs25)") against alu27's
H200 (device-2026-12-04-alu27.tar.xz, probe_alu3).

usage: check_regs25.py WARPSIM SRCDIR

At one warp a sub-partition (128 threads, warm code: ifetch.line 0) ptxas keeps probe_alu3's 8 streams and the values
in flight in the registers `ptxas -v` counts (tests/calibration/probes/probe_alu3.regs: 16 or 18), and its order is
bound by them: each HADD2 after the last read of the register it takes, its IMAD or FFMA right after (hadd2_m,
hadd2_f: 3.71 cycles a step replayed, H200 3.94 / 4.09), LOP3 and IMAD by turns with three LOP3 values in flight
(lop3_m: 2.06). With ptxas's count (--regs), schedule.reuse 1 (0 in sm_90) and stall.half_read 0 (the stand-in for
runs without a count) each kind of CHECK must be within 10% of the H200's span; with schedule.reuse 0 (the drain of
"(regs23)") those of OUT must not be (hadd2_f +68%, lop3_m +46%): the rule, not the count alone, gives the order."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
import probe_alu  # noqa: E402
import probe_alu3  # noqa: E402
import raw_runs  # noqa: E402

CHECK = ('hadd2_m', 'badd2_m', 'hadd2_f', 'badd2_f', 'lop3_m', 'f2h2_m', 'hadd_m', 'hadd_f', 'mad_l', 'fadd_l',
         'fadd_f', 'hadd2_l')
OUT = ('hadd2_f', 'badd2_f', 'lop3_m', 'f2h2_m')
BLOCK = 128
ORDER = ('hadd2', 'badd2')
ORDER_BLOCKS = (256, 512)


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    ws, src = argv[1:]
    tarball = os.path.join(src, 'tests/calibration/device-2026-12-04-alu27.tar.xz')
    regs = {}
    for line in open(os.path.join(src, 'tests/calibration/probes/probe_alu3.regs')):
        if line.strip() and not line.startswith('#'):
            regs[line.split()[0]] = line.split()[1]
    fails = []
    with tempfile.TemporaryDirectory() as tmp:
        ptx = raw_runs.unpack(tarball, raw_runs.top_folder(tarball),
                              os.path.join(src, 'tests/calibration/probes/probe_alu3.ptx.xz'), tmp)
        on, off = os.path.join(tmp, 'on.preset'), os.path.join(tmp, 'off.preset')
        with open(on, 'w') as f:
            f.write('ifetch.line 0\nstall.half_read 0\nschedule.reuse 1\n')
        with open(off, 'w') as f:
            f.write('ifetch.line 0\nstall.half_read 0\nschedule.reuse 0\n')
        for kind in CHECK:
            h200 = probe_alu3.spans(os.path.join(tmp, kind + '.txt'))[BLOCK][0]
            given = ['--regs', regs['alu3_' + kind]]
            w_on = probe_alu.warpsim(ws, ptx, 'alu3_' + kind, BLOCK, 3, 5, extra=given + ['--preset', on])
            w_off = probe_alu.warpsim(ws, ptx, 'alu3_' + kind, BLOCK, 3, 5, extra=given + ['--preset', off])
            e_on, e_off = (w_on - h200) / h200 * 100, (w_off - h200) / h200 * 100
            bad = abs(e_on) > 10 or (kind in OUT and abs(e_off) <= 10)
            print(f'{"FAIL" if bad else "ok  "} {kind} at {BLOCK // 32} warps, --regs {regs["alu3_" + kind]}: '
                  f'warpsim {w_on} ({e_on:+.1f}%), schedule.reuse 0 {w_off} ({e_off:+.1f}%), H200 {h200:.0f}')
            if bad:
                fails.append(kind)
        for kind in ORDER:
            for block in ORDER_BLOCKS:
                h200 = probe_alu3.spans(os.path.join(tmp, kind + '.txt'))[block][0]
                w = probe_alu.warpsim(ws, ptx, 'alu3_' + kind, block, 3, 5,
                                      extra=['--regs', regs['alu3_' + kind], '--preset', on])
                e = (w - h200) / h200 * 100
                print(f'{"FAIL" if abs(e) > 10 else "ok  "} {kind} at {block // 32} warps, --regs {regs["alu3_" + kind]}: '
                      f'warpsim {w} ({e:+.1f}%), H200 {h200:.0f}')
                if abs(e) > 10:
                    fails.append(f'{kind}:{block // 32}')
    total = len(CHECK) + len(ORDER) * len(ORDER_BLOCKS)
    print(f'{total - len(fails)} of {total} as ptxas\'s registers give')
    return 1 if fails else 0


if __name__ == '__main__':
    try:
        sys.exit(main(sys.argv))
    except subprocess.CalledProcessError as e:
        sys.exit(f'check_regs25.py: {e}')
