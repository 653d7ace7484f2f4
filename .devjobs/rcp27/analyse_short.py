#!/usr/bin/env python3
"""rcp27's shortened run (short.sh): warm spans and cycles a 128-byte line per kind and R, against warpsim.

usage: python3 .devjobs/rcp27/analyse_short.py DIR/rcp27-dir.tar.xz [WARPSIM] (from the repository root; WARPSIM: build probe_alu3's PTX
with R rounds as run.sh does, with nvcc -ptx, and run it as check_probe_alu3 does: warm code at 128-512 threads,
ptxas's register counts not given). Lines: the region's SASS (between the two CS2R SR_CLOCKLO) / 8; KiB the kernel's."""
import os, re, subprocess, sys, tarfile, tempfile
sys.path.insert(0, 'tests/calibration/probes')
sys.path.insert(0, 'tests/calibration')
import probe_alu3  # noqa: E402
import sass_text  # noqa: E402
from probe_alu import warpsim as ws_span  # noqa: E402


def sass(path):
    res = {}
    for name, insns in sass_text.functions(sass_text.read(path)).items():
        ins = [(x.addr, x.text) for x in insns]
        clk = [i for i, (_, t) in enumerate(ins) if 'SR_CLOCKLO' in t]
        end = max(a for a, t in ins if t.split()[0] not in ('NOP', 'BRA')) + 16  # to the last EXIT
        res[name] = (end / 1024, (clk[-1] - clk[0]) / 8 if len(clk) >= 2 else None)
    return res


def main():
    tb, ws = sys.argv[1], sys.argv[2] if len(sys.argv) > 2 else None
    tmp = tempfile.mkdtemp()
    tarfile.open(tb).extractall(tmp)
    top = os.path.join(tmp, 'rcp27')
    warm = os.path.join(tmp, 'warm.preset')
    open(warm, 'w').write('ifetch.line 0\n')
    src = open('tests/calibration/probes/probe_alu3.cu').read()
    print('| kind | R | KiB | lines | block | launch 1 | launches 1-9 median (32: launch 0) | cycles a line | warpsim | error |')
    print('| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |')
    for rdir in sorted(os.listdir(os.path.join(top, 'probe')), key=lambda r: int(r[1:])):
        r = int(rdir[1:])
        s = sass(os.path.join(top, f'probe_{rdir}.sass.xz'))
        ptx = None
        if ws:
            cu = os.path.join(tmp, f'p{r}.cu')
            open(cu, 'w').write(re.sub(r'(?m)^#define R 32$', f'#define R {r}', src))
            ptx = os.path.join(tmp, f'p{r}.ptx')
            subprocess.run(['nvcc', '-arch=sm_90', '-O3', '-ptx', '-I', 'tests/calibration/probes', '-o', ptx, cu],
                           check=True)
        for f in sorted(os.listdir(os.path.join(top, 'probe', rdir))):
            kind = f[:-4]
            path = os.path.join(top, 'probe', rdir, f)
            sp = probe_alu3.spans(path)
            kib, lines = s.get('alu3_' + kind, (0, None))
            for block in (32, 128, 256, 512):
                first = [l.split() for l in open(path) if l.split()[:2] == [str(block), '1']]
                l1 = max(int(x[5]) for x in first) - min(int(x[4]) for x in first)
                w = sp[block][1] if block > 32 else sp[block][0]  # warpsim's one warp is cold code: launch 0
                sim = ws_span(ws, ptx, 'alu3_' + kind, block, 3, 5,
                              extra=['--preset', warm] if 128 <= block <= 512 else []) if ws else None
                err = f'{(sim - w) / w * 100:+.1f}%' if sim else ''
                print(f'| {kind} | {r} | {kib:.1f} | {lines:.0f} | {block} | {l1} | {w:.0f}{" (1-9 " + str(round(sp[32][1])) + ")" if block == 32 else ""} | {sp[block][1] / lines:.2f} | '
                      f'{sim if sim else ""} | {err} |')


main()
