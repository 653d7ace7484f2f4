#!/usr/bin/env python3
"""check_probes.py WARPSIM SRCDIR

Checks warpsim against what scripts/gpu-probes.sh saw on the H200 (tests/golden/probes/) for the
probe programs whose cases may fault: programs/probe_shfl_mask (lanes outside a shfl.sync's
membermask execute it) and programs/probe_lanemask_odd (undefined per-lane membermasks). Where
the GPU finished (rc 0), warpsim's buffer lines must be the GPU's; where the GPU stopped with an
error, warpsim must report `not-in-membermask` and say that the H200 faults there.
Exit 0 when all modes agree, 1 otherwise. Needs no GPU.
"""
import json
import os
import subprocess
import sys


# probe: (the file of GPU results, the launch arguments before mode, the modes run)
PROBES = {
    'probe_shfl_mask': ('probe_shfl_mask.txt', ['--block', '32', 'out=s32[32]'], list(range(4))),
    'probe_lanemask_odd': ('probe_lanemask_odd.txt', ['--block', '32', 'in=u32[32]:rand:11', 'out=u32[64]'],
                           list(range(12))),
}


def gpu_modes(path, probe):
    """{mode: (rc, [output lines])} of one probe from the probes file."""
    modes, cur, lines = {}, None, []
    for line in open(path):
        line = line.rstrip('\n')
        if ' mode=' in line and line.startswith('== probe_'):  # another probe's case begins
            cur = None
        if line.startswith('== %s mode=' % probe):
            cur, lines = int(line.split('=')[-1]), []
        elif line.startswith('rc: ') and cur is not None:
            modes[cur] = (int(line[4:]), lines)
            cur = None
        elif cur is not None:
            lines.append(line)
    return modes


def check_probe(warpsim, src, probe):
    path, args, want_modes = PROBES[probe]
    modes = gpu_modes(os.path.join(src, 'tests/golden/probes', path), probe)
    if sorted(modes) != want_modes:
        print('%s: expected modes %s, found %s' % (path, want_modes, sorted(modes)))
        return 1
    bad = 0
    for mode, (rc, gpu) in sorted(modes.items()):
        cmd = [warpsim, 'run', os.path.join(src, 'programs/%s.ptx' % probe)] + args + ['mode=s32:%d' % mode]
        if rc == 0:
            out = subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()
            want = [l for l in gpu if not l.startswith('-- kernel')]
            got = [l for l in out if not l.startswith('-- kernel')]
            ok = got == want
            print('%s mode %d: H200 finished; warpsim output %s' % (probe, mode, 'identical' if ok else 'differs'))
            if not ok:
                print('  H200:    %s\n  warpsim: %s' % (want, got))
        else:
            j = json.loads(subprocess.run(cmd + ['--json'], capture_output=True, text=True).stdout)
            d = [x for x in j['diagnostics'] if x['kind'] == 'not-in-membermask']
            ok = bool(d) and 'illegal-instruction' in d[0]['message']
            print('%s mode %d: H200 stopped (%s); warpsim %s' % (
                probe, mode, ' '.join(gpu)[:80], 'reports not-in-membermask and the fault' if ok else 'does NOT report it'))
        bad += not ok
    return bad


def main():
    warpsim, src = sys.argv[1], sys.argv[2]
    bad = sum(check_probe(warpsim, src, probe) for probe in PROBES)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
