#!/usr/bin/env python3
"""One slot of a calibration table, checked or not there, against its H200 cycles within a bound:
check_slot.py WARPSIM SRCDIR PROGRAM SLOT BOUND_PERCENT [--data FILE] [--preset FILE]. Runs programs/PROGRAM in
warpsim's timing mode with --regs from tests/calibration/regs.txt (as tests/check_calibration.sh does) and fails
when out[SLOT] is off the H200's (FILE: default tests/calibration/h200-issue15.txt) by more than BOUND_PERCENT.
For a slot the tables do not check (bench_mio_w8[12]: docs/calibration.md "A fused pair starts a drain, a
constant's copy goes first (ilp24)"), so that a preset's rule does not move it away unseen."""
import json, os, subprocess, sys


def main(argv):
    warpsim, src, prog, slot, bound = argv[1], argv[2], argv[3], int(argv[4]), float(argv[5])
    opts = dict(zip(argv[6::2], argv[7::2]))
    data = opts.get('--data', 'tests/calibration/h200-issue15.txt')
    hw = None
    for line in open(f'{src}/{data}'):
        f = line.split()
        if len(f) == 3 and not line.startswith('#') and f[0] == prog and int(f[1]) == slot:
            hw = int(f[2])
    if hw is None:
        print(f'FAIL {prog}[{slot}]: not in {data}')
        return 1
    regs = [l.split()[1] for l in open(f'{src}/tests/calibration/regs.txt') if l.split()[:1] == [prog]]
    cmd = [warpsim, 'run', f'{src}/programs/{prog}.ptx', f'@{src}/programs/{prog}.args', '--json', '--mode', 'timing']
    cmd += (['--regs', regs[0]] if regs else []) + (['--preset', os.path.join(src, opts['--preset'])] if '--preset' in opts else [])
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        print(f'FAIL {prog}: warpsim failed ({r.returncode}): {r.stderr.strip()}')
        return 1
    sim = json.loads(r.stdout)['buffers']['out'][slot]
    err = (sim - hw) / hw
    ok = abs(err) <= bound / 100
    print(f'{"ok  " if ok else "FAIL"} {prog}[{slot}]: H200 {hw}, warpsim {sim}, error {err:+.1%} (bound {bound:g}%)')
    return 0 if ok else 1


if __name__ == '__main__':
    sys.exit(main(sys.argv))
