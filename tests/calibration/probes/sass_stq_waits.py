#!/usr/bin/env python3
"""Which store regions' clock reads wait for the region's last store to read its registers.

    sass_stq_waits.py FILE.sass[.xz] [--function NAME]

For every run of 8 or more shared stores (STS, STS.64, STS.128, STS.U16: a probe's or benchmark's
64-store region) in cuobjdump -sass output, prints the function, the run's first address, its
length and the last store, and the first later clock read (CS2R ... SR_CLOCKLO) that waits on a
read barrier one of the run's stores sets (a wait on barrier N waits for the last store that set
it to read its registers): `region end -K` when it is the clock read right after the run (the
region's t1 then counts the queue until the K-th store from the run's end, 0 its last, has read its
registers), `next t0 -K at ADDR` when a later one waits (the wait falls between timed regions),
`none` when no clock read before the next store run waits on one. Then where the wait on the previous
region's result store falls (the STG.E.64 of t1 - t0 before the run's t0, the clock read before it):
`stg t0` when the t0 (or an instruction before it) waits on its read barrier (between the regions),
`stg in ADDR` when an instruction after the t0 does (in the region: the STG reads its registers after
the stores queued before it have read theirs, docs/calibration.md "The store queue at a region's end,
measured"), `stg -` otherwise (no read barrier, or no wait before the run).
The control word (the second 64 bits of each instruction): bits 41-44 stall, 45 yield, 46-48 the
write barrier, 49-51 the read barrier, 52-57 the wait mask (Volta-and-later encoding).
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import sass_text  # noqa: E402


def instructions(text):
    """(function, address, text, read barrier or None, wait mask) of each instruction."""
    for fn, x in sass_text.instructions(text):
        if x.ctrl is not None:
            yield fn, x.addr, x.text, None if x.rb == 7 else x.rb, x.wait


def result_store_wait(ins, first):
    """Where the wait on the read barrier of the STG before the t0 of the run at ins[first] falls."""
    fn = ins[first][0]
    t0 = next((k for k in range(first - 1, -1, -1) if ins[k][0] == fn and 'SR_CLOCKLO' in ins[k][2]), None)
    stg = None if t0 is None else next((k for k in range(t0 - 1, -1, -1) if ins[k][0] == fn and 'STG' in ins[k][2]), None)
    if stg is None or ins[stg][3] is None:
        return 'stg -'
    b = ins[stg][3]
    for k in range(stg + 1, first):
        if ins[k][4] >> b & 1:
            return 'stg t0' if k <= t0 else f'stg in {ins[k][1]:04x}'
    return 'stg -'


def main(argv):
    path, only = argv[0], argv[argv.index('--function') + 1] if '--function' in argv else None
    text = sass_text.read(path)
    ins = [x for x in instructions(text) if not only or x[0] == only]
    i = 0
    print('# function first-address stores last-store waited-by result-store-wait')
    while i < len(ins):
        if not ins[i][2].startswith('STS'):
            i += 1
            continue
        j, stores = i, 0
        while j < len(ins) and ins[j][0] == ins[i][0] and (ins[j][2].startswith('STS') or ins[j][2].startswith(('IMAD.MOV', 'MOV'))):
            stores += ins[j][2].startswith('STS')
            j += 1
        last = max(k for k in range(i, j) if ins[k][2].startswith('STS'))
        if stores >= 8:
            sts = [k for k in range(i, j) if ins[k][2].startswith('STS')]
            setter = {}  # barrier: how many stores from the run's end the last one setting it is
            for n, k in enumerate(reversed(sts)):
                if ins[k][3] is not None and ins[k][3] not in setter:
                    setter[ins[k][3]] = n
            what, first_clock = 'none', True
            for k in range(last + 1, len(ins)):
                if ins[k][0] != ins[i][0] or ins[k][2].startswith('STS'):
                    break
                if 'SR_CLOCKLO' in ins[k][2]:
                    waited = [n for b, n in setter.items() if ins[k][4] >> b & 1]
                    if waited:
                        what = f'region end -{min(waited)}' if first_clock else f'next t0 -{min(waited)} at {ins[k][1]:04x}'
                        break
                    first_clock = False
            print(f'{ins[i][0]} {ins[i][1]:04x} {stores} {ins[last][2]} {what} {result_store_wait(ins, i)}')
        i = j


if __name__ == '__main__':
    main(sys.argv[1:])
