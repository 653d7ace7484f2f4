#!/usr/bin/env python3
"""uni30: where ptxas parks a loaded value in a uniform register. Usage: park.py LISTING[.xz]... (cuobjdump -sass).
Per function with any: the R2URs whose source register a load (LDS, LDG, LD, LDL, LDSM) wrote last, and the uniform
ALU ops (ULOP3, UIADD3, ULEA, ...) of the function (docs/calibration.md "(uni30)": lds28_i8_o 11 and 6, its 5 ULOP3
and the base's ULEA). The R2URs of a descriptor (`R2UR UR4, R12` of an LDC'd pair) or of a convergence check
(`R2UR P0, URZ, R0`) are not counted."""
import lzma
import os
import re
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '../../tests/calibration/probes'))
import sass_text  # noqa: E402

UALU = re.compile(r'^U(LOP3|IADD3|IMAD|SHF|SEL|ISETP|PRMT|FLO|POPC|BREV|LEA)')
LOADS = ('LDS', 'LDG', 'LD', 'LDL', 'LDSM')


def parked(lines, name):
    """(R2URs of a loaded value, uniform ALU ops) of function name."""
    last, park, ualu = {}, 0, 0
    for x in sass_text.function(lines, name):
        ops = [o.strip() for o in x.operands.split(',')]
        if x.opcode == 'R2UR' and len(ops) > 1 and last.get(ops[-1].split('.')[0], '').split('.')[0] in LOADS:
            park += 1
        ualu += bool(UALU.match(x.opcode))
        if ops and re.match(r'^R\d+$', ops[0]):  # the registers it writes: 2 for .64, 4 for .128
            m = re.search(r'\.(64|128)\b', x.opcode)
            for j in range(int(m.group(1)) // 32 if m else 1):
                last['R%d' % (int(ops[0][1:]) + j)] = x.opcode
    return park, ualu


for path in sys.argv[1:]:
    lines = (lzma.open(path, 'rt') if path.endswith('.xz') else open(path)).read().split('\n')
    for name in [m.group(1) for m in map(sass_text.FUNCTION.search, lines) if m]:
        p, u = parked(lines, name)
        if p:
            print(f'{os.path.basename(path)} {name}: {p} R2UR of a loaded value, {u} uniform ALU ops')
