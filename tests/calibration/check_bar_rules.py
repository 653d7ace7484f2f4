#!/usr/bin/env python3
"""The barrier and start rules of the cycle model (preset keys bar.clock, bar.release, bar.release_warps,
bar.stagger, start.*; off in the built-in preset, on in tests/calibration/mio18.preset) against the H200 runs they
come from (docs/calibration.md "The barrier, the warps' start and bench_mio_w8[12] (mio18)"):

- bar.clock and bar.release, probe_bar_release (8 warps, warp 0 spinning 3,000 cycles; mio15's PTX and runs,
  tests/calibration/device-2026-12-03-mio15.tar.xz): every warp's clock read right after __syncthreads() reads
  2 cycles after its read before it (warpsim: 2 or 3); the last warp's load + xor + clock after it ends as many cycles after its
  arrival as on the H200 (46 in every run), within 2; the first warp's load + xor + clock end as many cycles after
  the last arrival as on the H200 (40 in every run of 1, 2, 4 and 8 warps), within 1; two bar.sync in a row still
  take the H200's 28, within 2;
- bar.release_warps, probe_bar_release with 32 warps: the last warp's load + xor + clock end more than the
  period plus their own 30 cycles after its arrival (H200 175), not the short release's;
- bar.stagger, probe_bar_release (8 warps with and without the spin, 4 warps): the warps' loads after the
  barrier end one a cycle, the sub-partitions in turn from the first arrival's (with 4 warps from warp 0), each
  sub-partition's earlier arrival first, in every H200 run and in warpsim (where two neighbours may end in one
  cycle);
- the warps' order, probe_mio_order at stride 32 (8 warps): the four warps that end first are each sub-partition's
  earlier arrival at the barrier, and the first to end is the first to arrive, in the H200's runs and in warpsim's
  (there from the sub-partitions' round robin and bar.stagger: mio16's bar.order is not needed);
- start.*, probe_start (mio17's PTX, tests/calibration/probes/probe_mio17.ptx, one launch: a process's first):
  4 warps start at 0 2 4 6, 8 warps at 7 9 11 13 0 2 4 6 (the H200's commonest cold start, 102 of 132 SMs),
  16 warps in groups of 4, the last group first and each earlier one later (11 9 7 0 the commonest); 32 warps
  (start.warps 32) as the H200's commonest kind of cold start, the groups from the highest down (docs/calibration.md
  "The cold start of 17-32 warps (start32)").
Each check but the order's fails with the built-in preset (the rules off), and each rule's without that rule. Usage: check_bar_rules.py WARPSIM SRCDIR."""
import json, os, re, subprocess, sys, tarfile, tempfile

warpsim, src = sys.argv[1], sys.argv[2]
preset = os.path.join(src, 'tests/calibration/mio18.preset')
fails = []


def check(ok, what):
    print(f'{"ok  " if ok else "FAIL"} {what}')
    if not ok:
        fails.append(what)


def run(ptx, kernel, block, args):
    r = subprocess.run([warpsim, 'run', ptx, '--kernel', kernel, '--grid', '1', '--block', str(block)] + args +
                       ['--json', '--mode', 'timing', '--preset', preset], capture_output=True, text=True)
    m = re.search(r'"o":\s*(\[[^\]]*\])', r.stdout)
    if r.returncode or not m:
        sys.exit(f'check_bar_rules.py: warpsim failed on {kernel}: {r.stderr.strip()}')
    return json.loads(m.group(1))


def h200_runs(tar, name):
    text = tar.extractfile(f'mio15/{name}').read().decode()
    return [json.loads(x)['buffers']['o'] for x in re.split(r'^== \d+\n', text, flags=re.M) if x.strip()]


def leaving(n, arrival, nsp=4):
    """bar.stagger's order: the sub-partitions in turn from the first arrival's (from 0 with a warp a
    sub-partition), each sub-partition's earlier arrival first"""
    first = min(range(n), key=lambda w: (arrival[w], w)) if n > nsp else 0
    mine = {sp: sorted((w for w in range(n) if w % nsp == sp), key=lambda w: (arrival[w], w)) for sp in range(nsp)}
    return [mine[(first + i) % nsp][k] for k in range(max(len(v) for v in mine.values())) for i in range(nsp)
            if k < len(mine[(first + i) % nsp])]


def median(v):
    return sorted(v)[len(v) // 2]


with tempfile.TemporaryDirectory() as tmp, tarfile.open(os.path.join(src, 'tests/calibration/device-2026-12-03-mio15.tar.xz')) as tar:
    ptx = os.path.join(tmp, 'probes.ptx')
    with open(ptx, 'wb') as f:
        f.write(tar.extractfile('mio15/probes.ptx').read())
    # probe_bar_release: per warp s, t (before the barrier), b (right after it), c (load + xor + clock), d0, d1, e0, e1, e2
    hw = h200_runs(tar, 'rel_b256_spin.txt')
    o = run(ptx, 'probe_bar_release', 256, ['o=u64[72]', 'sink=u32[256]', 'spin=u32:3000'])
    gap = {o[w * 9 + 2] - o[w * 9 + 1] for w in range(8)}
    hw_gap = {r[w * 9 + 2] - r[w * 9 + 1] for r in hw for w in range(8)}
    # warpsim's bar.sync may issue a cycle late where two warps of a sub-partition are ready together
    check(hw_gap == {2} and max(gap) <= 3, f'bar.clock: the clock read after bar.sync reads 2 cycles after the one before it '
          f'(H200 {sorted(hw_gap)}, warpsim {sorted(gap)}), not after the release')
    last = max(range(8), key=lambda w: o[w * 9 + 1])
    after = o[last * 9 + 3] - o[last * 9 + 1]
    hw_after = median([r[max(range(8), key=lambda w: r[w * 9 + 1]) * 9 + 3] - r[max(range(8), key=lambda w: r[w * 9 + 1]) * 9 + 1] for r in hw])
    check(abs(after - hw_after) <= 2, f'bar.release: the last warp\'s load + xor + clock end {after} cycles after its arrival (H200 {hw_after})')
    # bar.release: the first warp's load + xor + clock end 40 cycles after the last arrival in every H200 run of 1, 2, 4
    # and 8 warps (its leaving place no matter: with 8 warps warpsim's arrivals may tie, the H200's do not)
    for blk, name, spin in [(32, 'rel_b32_spin.txt', 3000), (64, 'rel_b64_spin.txt', 3000), (128, 'rel_b128_spin.txt', 3000),
                            (256, 'rel_b256_spin.txt', 3000), (256, 'rel_b256_nospin.txt', 0)]:
        n = blk // 32
        r = run(ptx, 'probe_bar_release', blk, [f'o=u64[{n * 9}]', f'sink=u32[{blk}]', f'spin=u32:{spin}'])
        first = min(r[w * 9 + 3] for w in range(n)) - max(r[w * 9 + 1] for w in range(n))
        hw_first = median([min(h[w * 9 + 3] for w in range(n)) - max(h[w * 9 + 1] for w in range(n)) for h in h200_runs(tar, name)])
        check(abs(first - hw_first) <= 1, f'bar.release ({name[4:-4]}): the first warp\'s load + xor + clock end {first} cycles '
              f'after the last arrival (H200 {hw_first})')
    for blk, name in [(256, 'rel_b256_spin.txt'), (256, 'rel_b256_nospin.txt'), (128, 'rel_b128_spin.txt')]:
        n = blk // 32
        mine = run(ptx, 'probe_bar_release', blk, [f'o=u64[{n * 9}]', f'sink=u32[{blk}]',
                                                   'spin=u32:' + ('0' if 'nospin' in name else '3000')])
        for who, r in [('H200', h) for h in h200_runs(tar, name)] + [('warpsim', mine)]:
            want = leaving(n, [r[w * 9 + 1] for w in range(n)])
            c = sorted((r[w * 9 + 3], w) for w in range(n))
            ok = [w for _, w in c] == want and c[-1][0] - c[0][0] == n - 1
            if who == 'warpsim': # its issue slots may make two neighbours end in one cycle
                e = [r[w * 9 + 3] for w in want]
                ok = all(a <= b for a, b in zip(e, e[1:])) and n - 2 <= e[-1] - e[0] <= n
            if who == 'warpsim' or not ok: # every H200 run holds it; a failing one is named
                check(ok, f'bar.stagger ({who}, {name[4:-4]}): the loads after the barrier end one a cycle in the order '
                          f'{want} (got {[w for _, w in c]})')
    # bar.release_warps: with 32 warps the last warp's load + xor + clock take longer than the period (bar +
    # bar.per_warp x 31 = 68.6) plus the 30 cycles they take without a barrier: the short release stops at 8 warps
    big = run(ptx, 'probe_bar_release', 1024, ['o=u64[288]', 'sink=u32[1024]', 'spin=u32:3000'])
    for who, r in [('H200', h200_runs(tar, 'rel_b1024_spin.txt')[0])] + [('warpsim', big)]:
        late = max(range(32), key=lambda w: r[w * 9 + 1])
        took = r[late * 9 + 3] - r[late * 9 + 1]
        check(took >= 69 + 30, f'bar.release_warps ({who}): with 32 warps the last warp\'s load + xor + clock end {took} '
                               f'cycles after its arrival, not the short release\'s ~46')
    period, hw_period = o[8] - o[7], median([r[8] - r[7] for r in hw])
    check(abs(period - hw_period) <= 2, f'bar.release: two bar.sync in a row take {period} cycles (H200 {hw_period}: the period, not the release)')
    # probe_mio_order: per warp g[0] (the clock right after the barrier: its arrival) and the ends of 8 groups of 8 loads
    o = run(ptx, 'probe_mio_order', 256, ['o=u64[72]', 'sink=u32[256]', 'stride=u32:32'])
    for who, r in [('H200', h200_runs(tar, 'mio_s32.txt')[0]), ('warpsim', o)]:
        firsts = {min((w for w in range(8) if w % 4 == sp), key=lambda w: (r[w * 9], w)) for sp in range(4)}
        ends = sorted(range(8), key=lambda w: (r[w * 9 + 8], w))
        first = min(range(8), key=lambda w: (r[w * 9], w))
        check(set(ends[:4]) == firsts and ends[0] == first,
              f'order ({who}): the first four to end {ends[:4]} are each sub-partition\'s earlier arrival {sorted(firsts)}, '
              f'the first the first arrival w{first}')
# probe_start: per warp s (its first clock), b, %warpid, %smid
mio17 = os.path.join(src, 'tests/calibration/probes/probe_mio17.ptx')
for warps, want in [(4, [0, 2, 4, 6]), (8, [7, 9, 11, 13, 0, 2, 4, 6])]:
    o = run(mio17, 'probe_start', warps * 32, [f'o=u64[{warps * 4}]'])
    got = [o[w * 4] - min(o[::4]) for w in range(warps)]
    check(got == want, f'start: {warps} warps start at {got} (H200, a first launch: {want})')
o = run(mio17, 'probe_start', 512, ['o=u64[64]'])
starts = [min(o[w * 4] for w in range(g * 4, g * 4 + 4)) - min(o[::4]) for g in range(4)]
check(starts[3] == 0 and starts[0] > starts[1] > starts[2] > starts[3],
      f'start: 16 warps\' groups start at {starts} (H200: the last group first, 11 9 7 0 the commonest)')
# 32 warps (start.warps 32, sm_90's default): the H200's
# commonest kind of cold start (mio17, launch 0, device-2026-12-03-mio17.tar.xz) starts one group first and the
# others from the highest down; each group's start in warpsim within 5 cycles of that kind's median at its rank (the
# round robin delays a warp due with another of its sub-partition), warps 28-31 first, warp 0 within 3 of the H200's.
with tarfile.open(os.path.join(src, 'tests/calibration/device-2026-12-03-mio17.tar.xz')) as tar:
    first = {}
    for l in tar.extractfile('mio17/start_b1024.txt').read().decode().splitlines():
        x = l.split()
        if l[0] != '#' and x[0] == '0':
            first.setdefault(int(x[1]), {})[int(x[2])] = int(x[3])
ranks, w0s = [[] for _ in range(8)], []
for d in first.values():
    g = [min(d[w] for w in range(4 * k, 4 * k + 4)) for k in range(8)]
    order = sorted(range(8), key=lambda k: (g[k], k))
    if order[1:] == sorted(order[1:], reverse=True):
        for r, k in enumerate(order):
            ranks[r].append(g[k])
        w0s.append(d[0])
hw = [median(v) for v in ranks]
check(len(w0s) >= 40, f'start: 32 warps, H200: {len(w0s)} of {len(first)} SMs start one group first and the others from the '
      f'highest down, at {hw}, warp 0 at {median(w0s)}')
o = run(mio17, 'probe_start', 1024, ['o=u64[128]'])
s = [o[w * 4] - min(o[::4]) for w in range(32)]
g = [min(s[4 * k:4 * k + 4]) for k in range(8)]
mine = [g[7 - r] for r in range(8)]
check(s[28:] == [0, 2, 4, 6] and all(abs(a - b) <= 5 for a, b in zip(mine, hw)) and abs(s[0] - median(w0s)) <= 3,
      f'start: 32 warps\' groups start at {mine} from the highest down, warp 0 at {s[0]}')
sys.exit(1 if fails else 0)
