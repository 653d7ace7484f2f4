#!/usr/bin/env python3
"""check_shfl_constants.py WARPSIM

Every constant shuffle routing (shfl.sync up, down, bfly and idx with each b of 0..31 and each
width 32..1 in c, a full membermask) runs decoded (DK_SHFL_PERM, sim/decode.c; each SIMD variant's
shfl_perm in sim/interp_run.h, AVX2's by the two vectors each 8 lanes read) in one generated kernel
of two warps that folds every result and predicate into a hash per thread. The output must be the
same bytes on every SIMD variant this CPU has as with --slow-path all (the executors' own rule)."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_simd_variants import variants  # noqa: E402


def kernel():
    body = []
    for mode in ('up', 'down', 'bfly', 'idx'):
        for b in range(32):
            for width in (32, 16, 8, 4, 2, 1):
                c = ((32 - width) << 8) | (0 if mode == 'up' else 31)
                body.append('shfl.sync.%s.b32 %%r3|%%p1, %%r2, %d, %d, -1;\n'
                            'xor.b32 %%r4, %%r4, %%r3;\nmul.lo.u32 %%r4, %%r4, 16777619;\n'
                            'selp.u32 %%r5, 1, 0, %%p1;\nadd.u32 %%r4, %%r4, %%r5;' % (mode, b, c))
    return ('.version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 out)\n{\n'
            '.reg .pred %p<2>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\nld.param.u64 %rd1, [out];\n'
            'mov.u32 %r1, %tid.x;\nmul.lo.u32 %r2, %r1, 2654435761;\nmov.u32 %r4, 0;\n' + '\n'.join(body) +
            '\nmul.wide.u32 %rd2, %r1, 4;\nadd.s64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r4;\nret;\n}\n')


def main():
    warpsim = sys.argv[1]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, 'shfl_constants.ptx')
        with open(path, 'w') as f:
            f.write(kernel())
        base = [warpsim, 'run', path, '--grid', '1', '--block', '64', 'out=u32[64]', '--mode', 'functional',
                '--no-check-uninit', '--json']
        want = subprocess.run(base + ['--slow-path', 'all'], capture_output=True, text=True)
        if want.returncode:
            print('--slow-path all failed: %s' % want.stderr)
            return 1
        bad = 0
        for name, runs in variants():
            if not runs:
                continue
            got = subprocess.run(base + ([] if name == 'base' else ['--simd', name]), capture_output=True, text=True)
            if got.returncode or got.stdout != want.stdout:
                print('%s: differs from --slow-path all' % name)
                bad += 1
        print('%d constant routings, %s' % (4 * 32 * 6, 'the same on every variant' if not bad else 'DIFFERENT'))
        return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
