#!/usr/bin/env python3
"""Writes tests/calibration/kernels/subwarp_*.ptx and .args: one program per kernel of
tests/calibration/subwarp_bench.cu (the sub-warp collectives measured on the H200, issue 15;
docs/calibration.md "Sub-warp collectives"). The .ptx is nvcc 13.0's for the whole file, cut to
the one entry (its template instance), so that each measured kernel is its own calibration program.
Usage: tests/calibration/gen_subwarp.py   (needs nvcc; run from anywhere)"""
import os, re, subprocess, sys, tempfile

here = os.path.dirname(os.path.abspath(__file__))
src = os.path.join(here, 'subwarp_bench.cu')
kdir = os.path.join(here, 'kernels')
with tempfile.TemporaryDirectory() as tmp:
    ptx = os.path.join(tmp, 'subwarp_bench.ptx')
    subprocess.run(['nvcc', '-O3', '-arch=sm_90', '-ptx', src, '-o', ptx], check=True)
    text = open(ptx).read()
# the header (up to the first entry) and each .entry with its body
head_end = text.index('.visible .entry')
head = text[:head_end]
head = head[:head.rfind('\n\t// .globl')] + '\n' if '// .globl' in head else head
entries = re.findall(r'(\t// \.globl\t(\S+)\n(?:.*\n)*?\.visible \.entry \2\((?:.*\n)*?\n\}\n)', text)
table = re.findall(r'E\((\w+), (\d+)\)', open(src).read())
comments = dict(re.findall(r'// (.*)\nK\((\w+)\)', open(src).read())[::1])
what = {k: c for c, k in re.findall(r'// (.*)\nK\((\w+)\)', open(src).read())}
n = 0
for kname, w in table:
    mangled = None
    for body, name in entries:
        if re.fullmatch(r'_Z\d+%sILi%sEEvPyPjPKj' % (kname, w), name):
            mangled, code = name, body
    if not mangled:
        sys.exit(f'gen_subwarp.py: no entry for {kname}<{w}>')
    prog = f'subwarp_{kname}_w{w}'
    with open(os.path.join(kdir, prog + '.ptx'), 'w') as f:
        f.write(head + code)
    with open(os.path.join(kdir, prog + '.args'), 'w') as f:
        f.write(f'# sub-warp collective: {kname}<{w}> of tests/calibration/subwarp_bench.cu: {what.get(kname, "")}\n')
        f.write('# out[0] = cycles of the region (thread 0)\n')
        f.write(f'--kernel {mangled} --grid 1 --block 32\nout=u64[1]\nsink=u32[32]\nzero=u32[32]\n')
    n += 1
print(f'{n} programs in {kdir}')
