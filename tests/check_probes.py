#!/usr/bin/env python3
"""check_probes.py WARPSIM SRCDIR

Checks warpsim against tests/golden/probes/probe_shfl_mask.txt, what scripts/gpu-probes.sh saw
on the H200 for programs/probe_shfl_mask (lanes outside a shfl.sync's membermask execute it):
where the GPU finished (rc 0), warpsim's buffer lines must be the GPU's; where the GPU stopped
with an error, warpsim must report `not-in-membermask` and say that the H200 faults there.
Exit 0 when all modes agree, 1 otherwise. Needs no GPU.
"""
import json
import os
import subprocess
import sys


def gpu_modes(path):
    """{mode: (rc, [output lines])} from the probes file."""
    modes, cur, lines = {}, None, []
    for line in open(path):
        line = line.rstrip('\n')
        if line.startswith('== probe_shfl_mask mode='):
            cur, lines = int(line.split('=')[-1]), []
        elif line.startswith('rc: ') and cur is not None:
            modes[cur] = (int(line[4:]), lines)
            cur = None
        elif cur is not None:
            lines.append(line)
    return modes


def main():
    warpsim, src = sys.argv[1], sys.argv[2]
    modes = gpu_modes(os.path.join(src, 'tests/golden/probes/probe_shfl_mask.txt'))
    if sorted(modes) != [0, 1, 2, 3]:
        print('probes file: expected modes 0-3, found %s' % sorted(modes))
        return 1
    bad = 0
    for mode, (rc, gpu) in sorted(modes.items()):
        cmd = [warpsim, 'run', os.path.join(src, 'programs/probe_shfl_mask.ptx'), '--block', '32',
               'out=s32[32]', 'mode=s32:%d' % mode]
        if rc == 0:
            out = subprocess.run(cmd, capture_output=True, text=True).stdout.splitlines()
            want = [l for l in gpu if not l.startswith('-- kernel')]
            got = [l for l in out if not l.startswith('-- kernel')]
            ok = got == want
            print('mode %d: H200 finished; warpsim output %s' % (mode, 'identical' if ok else 'differs'))
            if not ok:
                print('  H200:    %s\n  warpsim: %s' % (want, got))
        else:
            j = json.loads(subprocess.run(cmd + ['--json'], capture_output=True, text=True).stdout)
            d = [x for x in j['diagnostics'] if x['kind'] == 'not-in-membermask']
            ok = bool(d) and 'illegal-instruction' in d[0]['message']
            print('mode %d: H200 stopped (%s); warpsim %s' % (
                mode, ' '.join(gpu)[:80], 'reports not-in-membermask and the fault' if ok else 'does NOT report it'))
        bad += not ok
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
