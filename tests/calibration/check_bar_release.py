#!/usr/bin/env python3
"""bench_mio_w8[12] (issue 15, branches mio15, mio16): checks what docs/calibration.md ("The barrier's release and the
shared pipe's order, measured") says against the H200 runs it comes from
(tests/calibration/device-2026-12-03-mio15.tar.xz, .devjobs/mio15/run.sh, probes.cu):

- probe_bar_release (1, 2, 4, 8 and 32 warps, warp 0 spinning 3,000 cycles first; 8 warps without the spin):
  every warp's clock read right after __syncthreads() reads 2 cycles after its read before it, in every run
  (on its arrival: the CS2R after BAR.SYNC.DEFER_BLOCKING is not held); the last warp to arrive issues its
  first load 6-8 cycles after its arrival (1 to 8 warps: its load + xor + clock takes that much more than
  the same three without a barrier); two bar.sync in a row with every warp there take 14, 16, 20 and 28
  cycles with 1, 2, 4 and 8 warps, within 2 cycles of the preset's bar + bar.per_warp x (warps - 1);
- probe_mio_order (64 loads of stride 1, 4 or 32 words after a barrier, a clock read after each 8): every
  launch gives the same clocks; at stride 4 and 32 (the block's shared pipe the limit) the warps finish in
  warp order starting at the first warp to reach the barrier (8 warps: w5 w6 w7 w0 w1 w2 w3 w4; 4 warps:
  w1 w2 w3 w0);
- bench_mio_w8_abs (mio10's variant, device-2026-12-03-mio10.tar.xz): in each of its 120 launches the four
  warps that reach the barriers of regions 1 and 2 (stride 4, 32) first are the four that finish those
  regions first (warps 4-7), which is what bench_mio_w8[12] holds: warp 7's wait for warps 0-3; in its
  region 0 (stride 1) w0 and w1 arrive before w4 and w5, yet each warp 4-7 ends before the warp 0-3 of its
  sub-partition (mio16: the order from the first arrival does not give region 0's);
- probe_bar_release with 32 warps: the last warp's first load waits longer than the preset's period (mio16:
  the 6-8 cycles hold up to 8 warps only).
Usage: check_bar_release.py SRCDIR. Exit 1 with the reason when a statement fails."""
import json, re, sys, tarfile

PER_WARP = 9  # probe_bar_release: s, t, b, c, d0, d1, e0, e1, e2; probe_mio_order: t0 and 8 group ends


def runs(tar, top, name, buf):
    text = tar.extractfile(f'{top}/{name}').read().decode()
    return [json.loads(c[c.index('{'):])['buffers'][buf] for c in re.split(r'^== \d+\n', text, flags=re.M)[1:]]


def preset_bar(src):
    keys = {}
    for line in open(f'{src}/presets/sm_90.preset'):
        p = line.split('#')[0].split()
        if len(p) == 2 and p[0] in ('bar', 'bar.per_warp'):
            keys[p[0]] = float(p[1])
    return keys['bar'], keys['bar.per_warp']


def check_release(tar, bar, per_warp, fails):
    for name, spin in [('rel_b32_spin.txt', 1), ('rel_b64_spin.txt', 1), ('rel_b128_spin.txt', 1),
                       ('rel_b256_spin.txt', 1), ('rel_b256_nospin.txt', 0), ('rel_b1024_spin.txt', 1)]:
        rs = runs(tar, 'mio15', name, 'o')
        n = len(rs[0]) // PER_WARP
        at = lambda o, w, k: o[w * PER_WARP + k]
        if len(rs) < 10:
            fails.append(f'{name}: {len(rs)} runs, expected 10')
        on_arrival = sum(at(o, w, 2) - at(o, w, 1) == 2 for o in rs for w in range(n))
        if on_arrival != len(rs) * n:
            fails.append(f'{name}: the clock read after the barrier read 2 cycles after the one before it in '
                         f'{on_arrival} of {len(rs) * n} warps')
        if spin and any(max(range(n), key=lambda w: at(o, w, 2)) != 0 for o in rs):
            fails.append(f'{name}: warp 0 (the spinning warp) is not the last to arrive in every run')
        if n <= 8:
            last = [max(range(n), key=lambda w: at(o, w, 2)) for o in rs]
            waits = {(at(o, w, 3) - at(o, w, 2)) - (at(o, w, 5) - at(o, w, 4)) for o, w in zip(rs, last)}
            if not waits <= set(range(6, 9)):
                fails.append(f'{name}: the last warp\'s first load came {sorted(waits)} cycles after its arrival '
                             '(expected 6-8)')
            chain = {at(o, w, 8) - at(o, w, 7) for o in rs for w in range(n)}
            model = bar + per_warp * (n - 1)
            if len(chain) != 1 or abs(chain.pop() - model) > 2:
                fails.append(f'{name}: two bar.sync in a row took {sorted(chain)} cycles, the preset {model:.1f}')
        else:  # 32 warps: the last warp's first load waits longer than the period (mio16: the short release up to 8 warps)
            model = bar + per_warp * (n - 1)
            waits = [(at(o, 0, 3) - at(o, 0, 2)) - (at(o, 0, 5) - at(o, 0, 4)) for o in rs]
            if min(waits) <= model:
                fails.append(f'{name}: the last warp\'s first load came {min(waits)} cycles after its arrival, not '
                             f'more than the preset\'s period {model:.1f}')
            print(f'probe_bar_release {n} warps: the last warp\'s first load {min(waits)}-{max(waits)} cycles after its '
                  f'arrival (the period {model:.1f})')
        print(f'probe_bar_release {n} warps{"" if spin else " (no spin)"}: {len(rs)} runs, clock after the barrier '
              f'on arrival in {on_arrival} of {len(rs) * n} warps')


def rotation_from(first, n):
    return [(first + k) % n for k in range(n)]


def check_order(tar, fails):
    for name in ['mio_s1.txt', 'mio_s4.txt', 'mio_s32.txt', 'mio_s32_b128.txt']:
        rs = runs(tar, 'mio15', name, 'o')
        n = len(rs[0]) // PER_WARP
        rel = {tuple(x - min(o[w * PER_WARP] for w in range(n)) for x in o) for o in rs}
        if len(rel) != 1:
            fails.append(f'{name}: {len(rel)} different launches, expected every launch alike')
        o = rs[0]
        t0 = [o[w * PER_WARP] for w in range(n)]
        end = [o[w * PER_WARP + 8] for w in range(n)]
        order = sorted(range(n), key=lambda w: end[w])
        first = min(range(n), key=lambda w: t0[w])
        print(f'probe_mio_order {name}: finishing order {" ".join(f"w{w}" for w in order)}, first arrival w{first}')
        if name != 'mio_s1.txt' and order != rotation_from(first, n):
            fails.append(f'{name}: the warps finish in {order}, not in warp order from the first arrival w{first}')


def check_variant(src, fails):
    ns = 9
    with tarfile.open(f'{src}/tests/calibration/device-2026-12-03-mio10.tar.xz') as tar:
        var = runs(tar, 'mio10', 'w8abs.txt', 'out')
    # mio16: in region 0 (stride 1) each sub-partition's warp 4-7 ends before its warp 0-3, though w0 and w1
    # arrive before w4 and w5: neither the first arrival's warp order nor each sub-partition's arrival order
    region0 = 0
    for o in var:
        t0 = [o[w * 2 * ns] for w in range(8)]
        end = [o[w * 2 * ns] + o[w * 2 * ns + 1] for w in range(8)]
        region0 += (t0[0] < t0[4] and t0[1] < t0[5] and all(end[w + 4] < end[w] for w in range(4)))
    print(f'bench_mio_w8_abs: region 0: w0, w1 arrive before w4, w5 and each warp 4-7 ends before warp 0-3 of its '
          f'sub-partition in {region0} of {len(var)}')
    if region0 != len(var):
        fails.append(f'bench_mio_w8_abs: region 0\'s arrivals and ends as stated in {region0} of {len(var)}')
    alike = 0
    for o in var:
        ok = True
        for g in (1, 2):
            t0 = [o[w * 2 * ns + 2 * g] for w in range(8)]
            t1 = [o[w * 2 * ns + 2 * g + 1] for w in range(8)]
            first_in = set(sorted(range(8), key=lambda w: t0[w])[:4])
            first_out = set(sorted(range(8), key=lambda w: t1[w])[:4])
            ok = ok and first_in == first_out == {4, 5, 6, 7}
        alike += ok
    print(f'bench_mio_w8_abs: warps 4-7 reach regions 1 and 2 first and finish them first in {alike} of {len(var)}')
    if len(var) < 100 or alike != len(var):
        fails.append(f'bench_mio_w8_abs: warps 4-7 first in and first out of regions 1 and 2 in {alike} of {len(var)}')


def main(src):
    fails = []
    bar, per_warp = preset_bar(src)
    with tarfile.open(f'{src}/tests/calibration/device-2026-12-03-mio15.tar.xz') as tar:
        check_release(tar, bar, per_warp, fails)
        check_order(tar, fails)
    check_variant(src, fails)
    for f in fails:
        print('FAIL', f)
    return 1 if fails else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else '.'))
