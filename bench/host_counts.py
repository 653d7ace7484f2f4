#!/usr/bin/env python3
"""host_counts.py WARPSIM [--mode functional|timing] [--simd V | --extra 'ARGS'] [--kernels a,b] [--check-uninit]

Host instructions per simulated instruction, counted by callgrind (valgrind --tool=callgrind
--toggle-collect=ws_sim_launch: the launch only, not parsing or printing), for warpsim bench's
kernels at small sizes in one mode (default functional; --mode timing: block_reduce_256 runs the same
threads as block_reduce in blocks of 256; with both in --kernels, the last line prints the per-lane
cost of 1024- against 256-thread blocks, issue #14's "1024-thread blocks cost no more per lane than
256-thread blocks"). The count does not move with the machine's load, so it shows an improvement on
a busy machine. Run from the repository root; valgrind cannot run AVX-512 code, so measure the sse2
and avx2 variants (docs/performance.md). The runs pass --no-check-uninit, as warpsim bench does;
--check-uninit keeps the check on, as a plain `warpsim run` has it."""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile

KERNELS = {
    'reduce_loop': ['bench/reduce_loop.ptx', '--grid', '1', '--block', '128', 'out=u32[128]', 'iters=s32:5000'],
    'block_reduce': ['programs/block_reduce.ptx', '--grid', '20', '--block', '1024', 'in=f32[20480]:iota',
                     'out=f32[20]'],
    'block_reduce_256': ['programs/block_reduce.ptx', '--grid', '80', '--block', '256', 'in=f32[20480]:iota',
                         'out=f32[80]'],
    'scan_loop': ['bench/scan_loop.ptx', '--grid', '1', '--block', '128', 'out=u32[128]', 'iters=s32:5000'],
    'divergent': ['bench/divergent.ptx', '--grid', '1', '--block', '128', 'out=u32[128]', 'iters=s32:2000'],
    'bank_conflicts': ['bench/bank_conflicts.ptx', '--grid', '1', '--block', '128', 'out=u32[128]',
                       'iters=s32:5000'],
    # the uninitialized-register check's worst case (docs/diagnostics.md): measure with --check-uninit
    'selection_loop': ['bench/selection_loop.ptx', '--grid', '1', '--block', '32', 'out=u32[32]', 'iters=s32:5000'],
}
NOT_DEFAULT = ('block_reduce_256', 'selection_loop')


def main():
    ap = argparse.ArgumentParser(usage=__doc__.split('\n')[0])
    ap.add_argument('warpsim')
    ap.add_argument('--mode', default='functional', choices=['functional', 'timing'])
    ap.add_argument('--simd')
    ap.add_argument('--extra', default='')
    ap.add_argument('--kernels', default=','.join(k for k in KERNELS if k not in NOT_DEFAULT))
    ap.add_argument('--check-uninit', action='store_true')
    a = ap.parse_args()
    extra = (['--simd', a.simd] if a.simd else []) + a.extra.split()
    print('%-15s %14s %14s %12s %12s' % ('kernel', 'lane insns', 'host insns', 'host/lane', 'host/warp'))
    per_lane = {}
    for name in a.kernels.split(','):
        cmd = [a.warpsim, 'run'] + KERNELS[name] + ['--mode', a.mode] + ([] if a.check_uninit else ['--no-check-uninit']) + extra
        st = json.loads(subprocess.run(cmd + ['--json'], capture_output=True, text=True, check=True).stdout)['stats']
        with tempfile.TemporaryDirectory() as d:
            out = os.path.join(d, 'cg.out')
            p = subprocess.run(['valgrind', '--tool=callgrind', '--toggle-collect=ws_sim_launch',
                                '--callgrind-out-file=' + out] + cmd, capture_output=True, text=True)
            m = re.search(r'Collected : (\d+)', p.stderr)
            if p.returncode or not m:
                print('%-15s callgrind failed: %s' % (name, p.stderr.strip().splitlines()[-1:]))
                continue
        ir = int(m.group(1))
        print('%-15s %14d %14d %12.2f %12.1f' % (name, st['lane_instructions'], ir, ir / st['lane_instructions'],
                                                 ir / st['warp_instructions']))
        sys.stdout.flush()
        per_lane[name] = ir / st['lane_instructions']
    if 'block_reduce' in per_lane and 'block_reduce_256' in per_lane:
        print('1024- / 256-thread blocks, host instructions per lane instruction: %.3fx' %
              (per_lane['block_reduce'] / per_lane['block_reduce_256']))


if __name__ == '__main__':
    sys.exit(main())
