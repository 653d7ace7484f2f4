#!/usr/bin/env python3
"""lds28 (and uni30, whose probe is lds28's with more kinds): the device's figures against warpsim's. Usage:
analyse.py TARBALL [WARPSIM [PRESET]]
(run from the repository root). For each kind and block: the median over launches 1-9 of warp 0's t1 - t0 (thread 0's
for the one-lane and cub kinds), the least and most, and with WARPSIM warpsim's figure for the same kernel of the
job's PTX (timing mode, --regs from the job's probe_JOB.res (ptxas's count: rule 5 of sim/schedule.c), --preset
PRESET if given, e.g. tests/calibration/mio18.preset, or a file with it and schedule.reuse 1). Then the differences that
decide (run.sh's head): c16_o - c4_o, c8_o - c4_o (a load's latency beyond LDS's, per load), i16_o - i4_o, and
brvp_o - brsp_o, brv_o - brs_o."""
import json, os, statistics, subprocess, sys, tarfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../tests/calibration/probes'))
import sass_text  # noqa: E402

tb = sys.argv[1]
warpsim = sys.argv[2] if len(sys.argv) > 2 else None
preset = ['--preset', sys.argv[3]] if len(sys.argv) > 3 else []
t = tarfile.open(tb)
files = {os.path.basename(m.name): m for m in t.getmembers() if m.isfile()}
meta = t.extractfile(files['meta.txt']).read().decode()
print(meta.strip())
job = next((n[6:-4] for n in files if n.startswith('probe_') and n.endswith('.ptx')), 'lds28')  # kernels' prefix
ptx, regs = None, {}
if 'probe_%s.res' % job in files:
    regs = sass_text.registers(t.extractfile(files['probe_%s.res' % job]).read().decode())
if warpsim and 'probe_%s.ptx' % job in files:
    ptx = '/tmp/%s_probe.ptx' % job
    open(ptx, 'wb').write(t.extractfile(files['probe_%s.ptx' % job]).read())
dev, sim = {}, {}
for name in sorted(files):
    if not name.endswith('.txt') or name == 'meta.txt' or name == 'nvcc.log':
        continue
    kind = name[:-4]
    by = {}
    for line in t.extractfile(files[name]).read().decode().split('\n'):
        f = line.split()
        if len(f) != 5 or not f[0].isdigit():
            continue
        block, launch, warp, t0, t1 = map(int, f)
        if warp == 0 and launch >= 1:
            by.setdefault(block, []).append(t1 - t0)
    for block, v in sorted(by.items()):
        dev[(kind, block)] = (statistics.median(v), min(v), max(v))
        if ptx:
            r = subprocess.run([warpsim, 'run', ptx, '--kernel', job + '_' + kind, '--block', str(block), 'o=u64[64]',
                                'sink=u32[1024]', '--mode', 'timing', '--json'] + preset +
                               (['--regs', regs[job + '_' + kind]] if job + '_' + kind in regs else []), capture_output=True, text=True)
            try:
                o = json.loads(r.stdout)['buffers']['o']
                sim[(kind, block)] = o[1] - o[0]
            except (ValueError, KeyError):
                sim[(kind, block)] = None
print('| kind | block | device median (min-max) | warpsim | error |')
print('| --- | ---: | ---: | ---: | ---: |')
for (kind, block), (m, lo, hi) in sorted(dev.items()):
    s = sim.get((kind, block))
    err = f'{(s - m) / m * 100:+.1f}%' if s is not None and m else ''
    print(f'| {kind} | {block} | {m:g} ({lo}-{hi}) | {"" if s is None else s} | {err} |')


def diff(a, b, block, per=1):
    if (a, block) in dev and (b, block) in dev:
        d = (dev[(a, block)][0] - dev[(b, block)][0]) / per
        w = ''
        if (a, block) in sim and (b, block) in sim and sim[(a, block)] is not None and sim[(b, block)] is not None:
            w = f' (warpsim {(sim[(a, block)] - sim[(b, block)]) / per:g})'
        print(f'{a} - {b} at {block}{" per load" if per > 1 else ""}: {d:g}{w}')


for block in (32, 256):
    for m in 'obl':
        diff(f'c16_{m}', f'c4_{m}', block, 16)
        diff(f'c8_{m}', f'c4_{m}', block, 16)
        diff(f'i16_{m}', f'i4_{m}', block)
        diff(f'i8_{m}', f'i4_{m}', block)
    diff('c16_o', 'c16_b', block, 16)
for block in (128, 256):
    for m in 'ob':
        diff(f'brvp_{m}', f'brsp_{m}', block)
        diff(f'brv_{m}', f'brs_{m}', block)
