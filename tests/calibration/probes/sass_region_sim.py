#!/usr/bin/env python3
"""Cycles of one clock64-timed SASS region of one warp, from the SASS's own control codes (issue 15).

What it models: in-order issue; each instruction waits for the dependency barriers in its wait mask
and then issues its stall count later; a shared access or shuffle holds the sub-partition's MIO pipe
PIPE (4) cycles; shared loads and shuffles complete in order, LAT cycles after issue (a barrier set
by one is released when it and every MIO op before it are done); S2UR/S2R 35 cycles.
It reads the control bits of each 128-bit instruction (the second word: stall bits 41-44, write
barrier 46-48, wait mask 52-57). Used in docs/calibration.md "Instruction fetch and the LOP3 tree
(calilp6)" to show that the H200's cycles of bench_shared_ilp[6] and bench_throughput[5] are those
of ptxas's placement of the loads' and shuffles' consumers.
Usage: sass_region_sim.py FILE.sass[.xz] FUNCTION START END  (hex offsets of the two CS2R ..CLOCKLO)
"""
import os
import re
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_text  # noqa: E402

PIPE, S2R = 4, 35


def load(path, func, start, end):
    return [dict(stall=x.stall, wb=x.wb, wait=x.wait, text=x.text)
            for x in sass_text.function(sass_text.read(path), func) if start <= x.addr <= end]


def cycles(ins, lat):
    t, barrier, pipe, done_last, first = 0, [0] * 6, 0, 0, None
    for x in ins:
        ready = max([t] + [barrier[k] for k in range(6) if x['wait'] >> k & 1])
        op = re.sub(r'^@\S+ ', '', x['text']).split()[0]
        if 'CLOCK' in x['text']:
            if first is not None:
                return ready - first
            first = ready
        done = ready
        if op.startswith(('LDS', 'STS', 'SHFL')):
            ready = max(ready, pipe)
            pipe = ready + PIPE
            done_last = done = max(done_last, ready + lat)  # in order
        elif op.startswith(('S2UR', 'S2R')):
            done = ready + S2R
        if x['wb'] != 7:
            barrier[x['wb']] = max(barrier[x['wb']], done)
        t = ready + max(x['stall'], 1)
    return None


def main():
    path, func, start, end = sys.argv[1], sys.argv[2], int(sys.argv[3], 16), int(sys.argv[4], 16)
    ins = load(path, func, start, end)
    print(' '.join(f'lat {lat}: {cycles(ins, lat)}' for lat in (23, 24, 26)))


main()
