#!/usr/bin/env python3
"""branch.rejoin (issue 15) against lds28's H100 runs (tests/calibration/device-2026-12-06-h100e-lds28.tar.xz,
.devjobs/lds28; docs/calibration.md "(recon29)"). BlockReduce's last step, thread 0 alone under `@P1 BRA` on
tid != 0 with BSSY/BSYNC (the `o` kinds) against the same code run by warp 0 whole, a branch no lane of warp 0
takes (`b`): the one-lane forms take 14-26 cycles more on the card (brsp 16 and 22 at blocks of 128 and 256, brvp
14 and 15, brs 18 and 26, brv 16 and 18), the cycles where the body's lanes meet the others again. For each of the
8 pairs warpsim's o - b (the job's PTX, ptxas's --regs from its .res, timing mode) must be within --slack cycles
(default 10) of the card's (medians of launches 1-9, warp 0's t1 - t0); with the key 0 warpsim gives o and b alike
(0 or -2) and fails. The 8 o figures and the two timed regions (cub_f256, cub_i128) are printed, not checked.
Usage: check_rejoin.py WARPSIM SRCDIR [--preset FILE] [--slack N]. Exit 1 with the pairs that fail."""
import json, os, statistics, subprocess, sys, tarfile, tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
import sass_text  # noqa: E402

TARBALL = 'tests/calibration/device-2026-12-06-h100e-lds28.tar.xz'
PAIRS = ('brsp', 'brvp', 'brs', 'brv')


def main(argv):
    warpsim, src = argv[1], argv[2]
    preset = ['--preset', argv[argv.index('--preset') + 1]] if '--preset' in argv else []
    slack = int(argv[argv.index('--slack') + 1]) if '--slack' in argv else 10
    dev, regs = {}, {}
    with tarfile.open(os.path.join(src, TARBALL)) as t, tempfile.TemporaryDirectory() as tmp:
        files = {os.path.basename(m.name): m for m in t.getmembers() if m.isfile()}
        regs = sass_text.registers(t.extractfile(files['probe_lds28.res']).read().decode())
        ptx = os.path.join(tmp, 'probe_lds28.ptx')
        with open(ptx, 'wb') as f:
            f.write(t.extractfile(files['probe_lds28.ptx']).read())
        kinds = [f'{p}_{m}' for p in PAIRS for m in 'ob'] + ['cub_f256', 'cub_i128']
        for kind in kinds:
            by = {}
            for line in t.extractfile(files[kind + '.txt']).read().decode().split('\n'):
                f = line.split()
                if len(f) == 5 and f[0].isdigit() and int(f[2]) == 0 and int(f[1]) >= 1:
                    by.setdefault(int(f[0]), []).append(int(f[4]) - int(f[3]))
            for block, v in by.items():
                r = subprocess.run([warpsim, 'run', ptx, '--kernel', 'lds28_' + kind, '--block', str(block),
                                    'o=u64[64]', 'sink=u32[1024]', '--mode', 'timing', '--json', '--regs',
                                    regs['lds28_' + kind]] + preset, capture_output=True, text=True)
                o = json.loads(r.stdout)['buffers']['o']
                dev[(kind, block)] = (statistics.median(v), o[1] - o[0])
    fails = []
    print('| pair | block | card o | card b | card o - b | warpsim o | warpsim b | warpsim o - b |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for p in PAIRS:
        for block in (128, 256):
            (co, so), (cb, sb) = dev[(p + '_o', block)], dev[(p + '_b', block)]
            print(f'| {p} | {block} | {co:g} | {cb:g} | {co - cb:g} | {so} | {sb} | {so - sb} |')
            if abs((so - sb) - (co - cb)) > slack:
                fails.append(f'{p} at {block}: warpsim o - b {so - sb}, the card {co - cb:g} (slack {slack})')
    for kind, block in (('cub_f256', 256), ('cub_i128', 128)):
        c, s = dev[(kind, block)]
        print(f'{kind} at {block}: card {c:g}, warpsim {s} ({(s - c) / c * 100:+.1f}%; printed, not checked)')
    for f in fails:
        print('FAIL', f)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
