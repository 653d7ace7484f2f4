#!/usr/bin/env python3
"""alu27's session's cold fetch (docs/calibration.md "(first19)"): alu27 (2026-12-04 17:37Z) fetched a first launch's
cold code 16-24% slower than every other H200 session (probe_alu3's one-warp first launches 19.1-20.5 cycles a line,
bench_sync[0] 115-119, where the others give 16.3-17.7 and 91-96: the built-in fit). tests/calibration/
fetch-alu27.preset is the same rule with a slower fetch (ifetch.line 19, ifetch.latency 50). Checked, with it over
the built-in preset: probe_alu3's spans at one warp (a block of 32, a process's first launch; raw runs in
device-2026-12-04-alu27.tar.xz, probes/probe_alu3.py) within BOUND (default 10%) of the H200's for every kind but
those named with --informational KIND (printed, not checked; ctest calibration_fetch_alu27 names the MUFU forms with
ptxas's fix-ups, sqrt alone and beside an op, rcp: warpsim places one SASS instruction a PTX instruction, a quarter of
their lines, "(cold17)"; the forms beside a POPC, _x; hadd alone (ptxas's PRMT packing) and hfma2, bfma2 alone, "(half17)"),
and bench_sync[0] and [1] (64 NOPs from the kernel's first line; 64 NOPs after a WARPSYNC) within BOUND of the
median of alu27's five hwrun runs of it (alu27/measure.tar.gz).
Usage: check_fetch_alu27.py WARPSIM SRCDIR [--bound B] [--informational KIND,...]"""
import io
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
import probe_alu  # noqa: E402  (warpsim's span, one way for every probe)
import probe_alu3  # noqa: E402  (the H200's spans)
import raw_runs  # noqa: E402  (the runs and the PTX, unpacked; the command line)
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import check_probe_alu3  # noqa: E402  (a figure's line, counted or informational)


def bench_sync_h200(tarball):
    """The median of alu27's hwrun runs of bench_sync, slot by slot (alu27/measure.tar.gz's regions/bench_sync.run*.json)."""
    with tarfile.open(tarball) as tar:
        inner = tar.extractfile('alu27/measure.tar.gz').read()
    runs = []
    with tarfile.open(fileobj=io.BytesIO(inner)) as tar:
        for m in tar.getmembers():
            if m.isfile() and os.path.basename(m.name).startswith('bench_sync.run') and m.name.endswith('.json'):
                runs.append(json.load(tar.extractfile(m))['buffers']['out'])
    return [statistics.median(r[s] for r in runs) for s in range(len(runs[0]))]


def main(argv):
    a = raw_runs.options(argv, 10, __doc__)
    preset = os.path.join(a.src, 'tests/calibration/fetch-alu27.preset')
    tarball = os.path.join(a.src, 'tests/calibration/device-2026-12-04-alu27.tar.xz')
    fails, errors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        ptx = raw_runs.unpack(tarball, 'alu27', os.path.join(a.src, 'tests/calibration/probes/probe_alu3.ptx.xz'), tmp)
        for f in sorted(os.listdir(tmp)):
            if not f.endswith('.txt'):
                continue
            kind = f[:-4]
            spans = probe_alu3.spans(os.path.join(tmp, f))
            if 32 not in spans:
                continue
            h200 = spans[32][0]
            try:
                w = probe_alu.warpsim(a.warpsim, ptx, 'alu3_' + kind, 32, 3, 5, extra=['--preset', preset])
            except subprocess.CalledProcessError:  # a raw run of a kernel the PTX does not have (bfind_2sm)
                continue
            err = (w - h200) / h200 * 100
            check_probe_alu3.tally(f'{kind} at 1 warps: warpsim {w}, H200 {h200:.0f} ({err:+.1f}%)', err,
                                   kind in a.informational, a.bound, errors, fails)
    h200 = bench_sync_h200(tarball)
    out = subprocess.run([a.warpsim, 'run', os.path.join(a.src, 'programs/bench_sync.ptx'),
                          '@' + os.path.join(a.src, 'programs/bench_sync.args'), '--preset', preset],
                         capture_output=True, text=True, check=True).stdout.split('\n')
    ws = [int(v) for v in out[out.index('== out u64[3]') + 1].split()]
    for slot in (0, 1):
        err = (ws[slot] - h200[slot]) / h200[slot] * 100
        check_probe_alu3.tally(f'bench_sync[{slot}]: warpsim {ws[slot]}, H200 (alu27) {h200[slot]:.0f} ({err:+.1f}%)',
                               err, False, a.bound, errors, fails)
    print(f'{len(errors)} checked: mean error {sum(errors) / len(errors):.1f}%, max {max(errors):.1f}%, '
          f'{len(errors) - len(fails)} within {a.bound:g}%')
    return 1 if fails or not errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
