#!/usr/bin/env python3
"""bench_mio_w8[12] (issue 15): checks what tests/calibration/h200-issue15.txt says of that slot against the
H200 runs it comes from (tests/calibration/device-2026-12-03-mio10.tar.xz, .devjobs/mio10/run.sh):

- the mechanism: a %clock64 read right after bar.sync (CS2R SR_CLOCKLO after BAR.SYNC.DEFER_BLOCKING) does
  not wait for the barrier. probe_bar_clock: warp 0 spins 5,000 cycles before __syncthreads(); every other
  warp's clock64() after it must read before warp 0's clock64() before it, in every run. bench_mio_w8_abs
  (every warp's absolute t0 and t1): in every run some warp reads region 3's t0 before the last warp ends
  region 2, so the last warp's out[12] = t1 - t0 holds its wait at the barrier;
- the figure: out[12] of bench_mio_w8 itself varies (939-1150 in 200 launches: the wait is how far the last
  warp ran ahead in the 16,416-cycle stride-32 region before); the data file holds its median (the slot is
  not checked: warpsim's clock reads wait for the barrier). The region from the barrier's completion, t1 of
  the last warp minus the latest t0 of the 8 warps (the last arrival's clock read), is what warpsim's
  out[12] gives; it is printed, with its median over the variant's launches.
Usage: check_mio_clock.py SRCDIR. Exit 1 with the reason when a statement fails."""
import json, re, statistics, sys, tarfile

NS = 9  # regions of bench_mio_w*; the variant's out[warp * 2 * NS + 2 * region] = t0, + 1 = t1


def runs(tar, name, buf):
    text = tar.extractfile(f'mio10/{name}').read().decode()
    return [json.loads(c[c.index('{'):])['buffers'][buf] for c in re.split(r'^== \d+\n', text, flags=re.M)[1:]]


def main(src):
    fails = []
    with tarfile.open(f'{src}/tests/calibration/device-2026-12-03-mio10.tar.xz') as tar:
        probe = runs(tar, 'probe.txt', 'o')
        w8 = runs(tar, 'w8.txt', 'out')
        var = runs(tar, 'w8abs.txt', 'out')
    # probe: o[3w] = t before the spin, o[3w + 1] before __syncthreads(), o[3w + 2] after it
    passed = sum(all(o[3 * w + 2] < o[1] for w in range(1, 8)) for o in probe)
    if len(probe) < 20 or passed != len(probe):
        fails.append(f'probe_bar_clock: the clock read after the barrier came before warp 0 arrived in {passed} '
                     f'of {len(probe)} runs (expected all of at least 20)')
    early = sum(min(o[w * 2 * NS + 6] for w in range(8)) < max(o[w * 2 * NS + 5] for w in range(8)) for o in var)
    if len(var) < 100 or early != len(var):
        fails.append(f'bench_mio_w8_abs: a t0 of region 3 read before region 2 ended in {early} of {len(var)} runs')
    raw = sorted(o[12] for o in w8)
    span = [o[7 * 2 * NS + 7] - max(o[w * 2 * NS + 6] for w in range(8)) for o in var]
    figure = int(statistics.median(raw))
    print(f'bench_mio_w8[12] out[12] over {len(raw)} launches: min {raw[0]}, median {statistics.median(raw):g}, '
          f'max {raw[-1]}; from the barrier\'s completion over {len(span)}: {min(span)}-{max(span)}, '
          f'median {statistics.median(span):g}')
    data = {}
    with open(f'{src}/tests/calibration/h200-issue15.txt') as f:
        for line in f:
            p = line.split()
            if len(p) == 3 and not line.startswith('#'):
                data[(p[0], int(p[1]))] = int(p[2])
    if data.get(('bench_mio_w8', 12)) != figure:
        fails.append(f'h200-issue15.txt: bench_mio_w8 12 is {data.get(("bench_mio_w8", 12))}, the runs say {figure}')
    for f in fails:
        print('FAIL', f)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else '.'))
