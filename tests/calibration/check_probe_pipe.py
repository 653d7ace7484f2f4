#!/usr/bin/env python3
"""The shared pipe against the warps of a block (docs/calibration.md "The shared pipe's rate against the warps of a
block, measured (pipe24)"): probe_pipe (tests/calibration/probes/probe_pipe.cu and .ptx) on the H200, its raw runs in
tests/calibration/device-2026-12-04-pipe24.tar.xz (2026-12-04, NVIDIA H200, driver 580.159.04, CUDA 13.0, 1980 MHz).

Each warp of a block issues N independent shared loads after a barrier; lane 0 writes a (a clock read before the
barrier), t0 (after it: it reads on the warp's arrival, mio10) and t1 (after the loads' values). The figure of a
block, E: the last loading warp's t1 less the last arrival (the latest a), which holds the barrier's period, the
loads and the tail, and not the warps' arrival spread (which t1 - t0 and the span from the first t0 hold).

Checked, from the raw runs (one block on each of the 132 SMs, 4 launches: 528 blocks a configuration):
- the pipe's rate does not depend on the warps: for every kind (u32b, u32r: one wavefront; v4b: two; v4l: four) at
  8, 12, 16, 24 and 32 warps, (median E at 64 loads a warp less at 16) / (48 x warps x wavefronts) lies within
  0.95 .. 1.15 cycles a wavefront;
- warpsim (built-in preset and tests/calibration/queue.preset) gives E within 10% of the H200's median for every
  kind at 16, 32 and 64 loads a warp and 24 and 32 warps (the block sizes where ptxas's register budget does not bind
  the issue: at 4-12 warps with 32-64 LDS.128 warpsim's schedule differs, docs/calibration.md).
Usage: check_probe_pipe.py WARPSIM SRCDIR. Exit 1 with the reasons when a statement fails."""
import collections
import json
import os
import statistics
import subprocess
import sys
import tarfile

WAVEFRONTS = {'u32b': 1, 'u32r': 1, 'v4b': 2, 'v4l': 4}
REGS = {'v4b': 32, 'u32b_16': 28}  # ptxas -v of probe_pipe.ptx (sm_90): v4b* 32, u32b_16 28, the others 30


def h200_E(src):
    """{(kind, n, warps): median E} over the one-block-an-SM runs with every warp loading."""
    out = {}
    with tarfile.open(os.path.join(src, 'tests/calibration/device-2026-12-04-pipe24.tar.xz')) as tar:
        for m in tar.getmembers():
            name = os.path.basename(m.name)
            parts = name[:-4].split('_')
            if len(parts) != 5 or parts[2] != '0' or parts[4] != '0xffffffff':
                continue
            blocks = collections.defaultdict(list)
            for line in tar.extractfile(m).read().decode().splitlines():
                f = line.split()
                if len(f) == 9:
                    f = [int(v) for v in f]
                    blocks[(f[0], f[1])].append(f)
            e = [max(r[6] for r in ws) - max(r[4] for r in ws) for ws in blocks.values()]
            out[(parts[0], int(parts[1]), int(parts[3]) // 32)] = statistics.median(e)
    return out


def warpsim_E(warpsim, src, kind, n, warps, extra):
    ptx = os.path.join(src, 'tests/calibration/probes/probe_pipe.ptx')
    regs = REGS.get(kind, REGS.get(f'{kind}_{n}', 30))
    cmd = [warpsim, 'run', ptx, '--kernel', f'{kind}_{n}', '--grid', '1', '--block', str(warps * 32),
           f'o=u64[{warps * 6}]', 'z=u32:0', 'mask=u32:0xffffffff', '--mode', 'timing', '--json', '--regs',
           str(regs)] + extra
    r = subprocess.run(cmd, capture_output=True, text=True)
    if r.returncode:
        raise RuntimeError(f'{" ".join(cmd)}: {r.stderr.strip()}')
    o = json.loads(r.stdout)['buffers']['o']
    rows = [o[w * 6:w * 6 + 6] for w in range(warps)]
    return max(x[3] for x in rows) - max(x[1] for x in rows)


def main(warpsim, src):
    fails = []
    hw = h200_E(src)
    if len(hw) != 72:
        fails.append(f'the archive holds {len(hw)} one-block-an-SM configurations with every warp loading, not 72')
    for kind, wf in WAVEFRONTS.items():
        for warps in (8, 12, 16, 24, 32):
            lo, hi = hw.get((kind, 16, warps)), hw.get((kind, 64, warps))
            if lo is None or hi is None:
                continue
            rate = (hi - lo) / (48 * warps * wf)
            print(f'H200 {kind} {warps} warps: E {lo:g} (16 loads) {hi:g} (64): {rate:.3f} cycles a wavefront')
            if not 0.95 <= rate <= 1.15:
                fails.append(f'H200 {kind} at {warps} warps: {rate:.3f} cycles a wavefront from 16 to 64 loads')
    presets = (('built-in', []), ('queue.preset', ['--preset', os.path.join(src, 'tests/calibration/queue.preset')]))
    for name, extra in presets:
        for kind in WAVEFRONTS:
            for n in (16, 32, 64):
                for warps in (24, 32):
                    h = hw.get((kind, n, warps))
                    if h is None:
                        continue
                    e = warpsim_E(warpsim, src, kind, n, warps, extra)
                    err = 100 * (e - h) / h
                    print(f'{name} {kind}_{n} {warps} warps: H200 E {h:g}, warpsim {e} ({err:+.1f}%)')
                    if abs(err) > 10:
                        fails.append(f'{name} {kind}_{n} at {warps} warps: warpsim E {e}, H200 {h:g} ({err:+.1f}%)')
    for f in fails:
        print('FAIL', f)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1], sys.argv[2]))
