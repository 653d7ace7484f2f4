#!/usr/bin/env python3
"""bench_mio_w8[12], the shared queue's order and greedy issue (docs/calibration.md "Greedy issue and the queue's
order, tried (mio19)"). Subcommands:

  split TAR            mio17's probe_queue_N at stride 32, mask 0x11 (w0 and w4, one sub-partition), every block of
                       every launch of tests/calibration/device-2026-12-03-mio17.tar.xz: how far w0's first load
                       issues after w4's, how many loads each issues before its first gap of more than 30 cycles
                       (accepted), and how much later w0's last value comes than w4's
  fifo                 a toy of one sub-partition's queue (27 loads) in front of the pipe (a 32-way load every 32
                       cycles, a warp's own at most one every 66, value 87 cycles after its start), two warps
                       issuing a load every 4 cycles: the end gap for w0 starting 59 or 11 cycles after w4 or 11
                       before it, with the freed entries going round robin or to the warp that issued last (greedy), and the
                       pipe taking the oldest load (strict) or the oldest whose warp may start one (eligible)
  sass-order SASS PTX OUT
                       writes OUT: the bench's PTX (programs/bench_mio_w8.ptx) with region 2's loads and xors in
                       the order and dependences of ptxas's SASS (tests/calibration/sass/bench_mio_w8.sass.xz):
                       each LDS its own register, each LOP3 an xor of the loads it reads
  probes WARPSIM TAR   mio17's probe_queue at stride 32 (launches 1-19, medians) against warpsim's with
                       tests/calibration/mio18.preset and shared.queue 0, 8, 16, 26, and 12 with 16 shared (shared.queue_shared): per warp, loads accepted (issued
                       before the first gap of more than 30 cycles) / the last value, from the first issue of any
  depth TAR [WARPSIM]  the mio19 device job (tests/calibration/device-2026-12-03-mio19.tar.xz): per mask of probe_queue
                       at stride 32, each warp's loads accepted and their sum
  trace WARPSIM PTX PRESET
                       bench_mio_w8 (or its sass-order variant) with a preset: each warp's t0 and t1 of regions 0-3
                       and, per sub-partition, how many loads its later warp trails in region 2
  sweep WARPSIM PTX    bench_mio_w8's out[] with tests/calibration/mio18.preset plus shared.queue 0-26 and
                       sched.order 0/1 (a warpsim built with .devjobs/mio19/experiment.diff)
"""
import collections, json, lzma, os, re, subprocess, sys, tarfile, tempfile

SRC = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))


def split(tar):
    with tarfile.open(tar) as t:
        for n in (32, 16, 8):
            rows = collections.defaultdict(dict)
            for line in t.extractfile(f'mio17/q_n{n}_s32_m0x11.txt').read().decode().splitlines():
                f = line.split()
                if line.startswith('#') or f[6] == '-':
                    continue
                rows[(f[0], f[1])][int(f[2])] = [int(x) for x in f[6:6 + 2 * n]]  # issues, values
            by = collections.defaultdict(list)  # w0's first issue less w4's: (accepted w4, w0, w0's end less w4's)
            for r in rows.values():
                def accepted(w):
                    return next((i for i in range(1, n) if r[w][i] - r[w][i - 1] > 30), n)
                by[r[0][0] - r[4][0]].append((accepted(4), accepted(0), r[0][2 * n - 1] - r[4][2 * n - 1]))
            print(f'N = {n}, {len(rows)} blocks; w0 first issue - w4 first issue: blocks, accepted w4 + w0 (commonest),'
                  ' w0 end - w4 end (min, median, max)')
            for off, v in sorted(by.items()):
                acc = collections.Counter((a, b) for a, b, _ in v).most_common(1)[0][0]
                gaps = sorted(g for _, _, g in v)
                print(f'  {off:4d}: {len(v):3d}, {acc[0]} + {acc[1]}, {gaps[0]} {gaps[len(gaps) // 2]} {gaps[-1]}')


def probe_rows(t, n, mask, job='mio17'):
    """every block of launches 1-19 (warm) of probe_queue_n at stride 32: per warp of the mask, its N issues and
    values"""
    rows = collections.defaultdict(dict)
    for line in t.extractfile(f'{job}/q_n{n}_s32_m0x{mask:02x}.txt').read().decode().splitlines():
        f = line.split()
        if line.startswith('#') or f[6] == '-' or f[0] == '0':
            continue
        rows[(f[0], f[1])][int(f[2])] = [int(x) for x in f[6:6 + 2 * n]]
    return list(rows.values())


def accepted_done(r, w, n):
    """loads issued before the first gap of more than 30 cycles, and the last value, from the first issue"""
    first = min(v[0] for v in r.values())
    return (next((i for i in range(1, n) if r[w][i] - r[w][i - 1] > 30), n), r[w][2 * n - 1] - first)


def probes(warpsim, tar):
    cases = [(32, 0x01), (16, 0x11), (32, 0x11), (16, 0x03), (32, 0x03), (8, 0xff), (16, 0xff), (4, 0xff)]
    base = open(os.path.join(SRC, 'tests/calibration/mio18.preset')).read()
    ptx = os.path.join(SRC, 'tests/calibration/probes/probe_mio17.ptx')
    with tarfile.open(tar) as t, tempfile.TemporaryDirectory() as d:
        for n, mask in cases:
            warps = [w for w in range(8) if mask >> w & 1][:2] if mask != 0xff else [0, 4]
            rows = probe_rows(t, n, mask)
            med = {w: [sorted(accepted_done(r, w, n)[k] for r in rows)[len(rows) // 2] for k in (0, 1)] for w in warps}
            line = f'N {n:2d} mask {mask:#04x}: H200 ' + ', '.join(f'w{w} {a}/{e}' for w, (a, e) in med.items())
            for q, pool in ((0, 0), (8, 0), (16, 0), (26, 0), (12, 16)):
                p = os.path.join(d, 'p.preset')
                with open(p, 'w') as f:
                    f.write(base + (f'shared.queue {q}\nshared.queue_issue 1\nshared.queue_shared {pool}\n' if q else ''))
                r = subprocess.run([warpsim, 'run', ptx, '--kernel', f'probe_queue_{n}', '--grid', '1', '--block',
                                    '256', '--arg', f'o=u64[{8 * (2 * n + 5)}]:zero', '--arg', 'sink=u32[256]:zero',
                                    '--arg', 'stride=u32:32', '--arg', f'mask=u32:{mask}', '--json', '--preset', p],
                                   capture_output=True, text=True)
                o = json.loads(re.search(r'"o":\s*(\[[^\]]*\])', r.stdout).group(1))
                got = {w: o[w * (2 * n + 5) + 3:w * (2 * n + 5) + 3 + 2 * n] for w in range(8) if mask >> w & 1}
                line += f'; queue {q}' + (f' + {pool} shared ' if pool else ' ') + ', '.join('w%d %d/%d' % ((w,) + accepted_done(got, w, n)) for w in warps)
            print(line)


def warpsim_queue(warpsim, n, mask, preset):
    """warpsim's probe_queue_n at stride 32 with a preset: per warp of the mask, its issues and values"""
    r = subprocess.run([warpsim, 'run', os.path.join(SRC, 'tests/calibration/probes/probe_mio17.ptx'), '--kernel',
                        f'probe_queue_{n}', '--grid', '1', '--block', '256', '--arg', f'o=u64[{8 * (2 * n + 5)}]:zero',
                        '--arg', 'sink=u32[256]:zero', '--arg', 'stride=u32:32', '--arg', f'mask=u32:{mask}', '--json',
                        '--preset', preset], capture_output=True, text=True)
    o = json.loads(re.search(r'"o":\s*(\[[^\]]*\])', r.stdout).group(1))
    return {w: o[w * (2 * n + 5) + 3:w * (2 * n + 5) + 3 + 2 * n] for w in range(8) if mask >> w & 1}


def depth(tar, warpsim=None):
    """the mio19 device job: per mask, each active warp's loads accepted (issued before its first gap of more than
    30 cycles; medians over launches 1-19 x 8 SMs) and their sum, for N = 16 and 32; with WARPSIM, warpsim's sum
    with tests/calibration/mio18.preset and a queue of 12 a sub-partition and 16 shared"""
    d = tempfile.mkdtemp()
    preset = os.path.join(d, 'p.preset')
    with open(preset, 'w') as f:
        f.write(open(os.path.join(SRC, 'tests/calibration/mio18.preset')).read() +
                'shared.queue 12\nshared.queue_issue 1\nshared.queue_shared 16\n')
    with tarfile.open(tar) as t:
        for n in (16, 32):
            for mask in (0x01, 0x03, 0x05, 0x09, 0x07, 0x0f, 0x11, 0x33, 0x55, 0xff):
                try:
                    rows = probe_rows(t, n, mask, 'mio19')
                except KeyError:
                    continue
                warps = [w for w in range(8) if mask >> w & 1]
                rows = [r for r in rows if all(w in r for w in warps)]
                if not rows:
                    print(f'N {n:2d} mask {mask:#04x}: no runs')
                    continue
                acc = {w: sorted(accepted_done(r, w, n)[0] for r in rows)[len(rows) // 2] for w in warps}
                sums = sorted(sum(accepted_done(r, w, n)[0] for w in warps) for r in rows)
                first = {w: sorted(r[w][0] - min(v[0] for v in r.values()) for r in rows)[len(rows) // 2] for w in warps}
                print(f'N {n:2d} mask {mask:#04x} ({len(rows)} blocks): accepted ' +
                      ' '.join(f'w{w} {acc[w]}' for w in warps) + f'; sum median {sums[len(sums) // 2]} '
                      f'(min {sums[0]}, max {sums[-1]}); first issue ' + ' '.join(f'w{w} {first[w]}' for w in warps) +
                      (f'; warpsim 12 + 16 shared: sum {sum(accepted_done(warpsim_queue(warpsim, n, mask, preset), w, n)[0] for w in warps)}'
                       if warpsim else ''))
    os.remove(preset)
    os.rmdir(d)


def fifo_toy(start, n=32, depth=27, greedy=False, strict=True, own=66, pipe=32, value=87, gap=4):
    issued = {w: 0 for w in start}
    next_issue = dict(start)
    served = {w: 0 for w in start}
    last_start = {w: -10**9 for w in start}
    queue, done, free, last, t = [], {}, 0, None, 0
    while len(done) < len(start):
        if t >= free and queue:
            ok = [i for i, w in enumerate(queue) if t - last_start[w] >= own]
            if strict:
                ok = [0] if t - last_start[queue[0]] >= own else []
            if ok:
                w = queue.pop(ok[0])
                last_start[w], free = t, t + pipe
                served[w] += 1
                if served[w] == n:
                    done[w] = t + value
        if len(queue) < depth:
            ready = [w for w in start if issued[w] < n and next_issue[w] <= t]
            if ready:
                if greedy and last in ready:
                    w = last
                else:  # round robin: the first ready warp after the one that issued last
                    w = min(ready, key=lambda v: (last is not None and v <= last, v))
                issued[w] += 1
                next_issue[w] = t + gap
                queue.append(w)
                last = w
        t += 1
    return done[0] - done[4]


def fifo():
    print("w0 end - w4 end for w0's first issue 59 after w4's, 11 after, 11 before (the H200: split above, median)")
    for greedy in (False, True):
        for strict in (True, False):
            gaps = [fifo_toy({4: 0, 0: d} if d >= 0 else {0: 0, 4: -d}, greedy=greedy, strict=strict)
                    for d in (59, 11, -11)]
            print(f'  {"greedy" if greedy else "round robin"}, {"strict" if strict else "eligible"}: {gaps}')


def sass_order(sass, ptx, out):
    text = lzma.open(sass, 'rt').read().splitlines()
    bars = [i for i, l in enumerate(text) if 'BAR.SYNC' in l]
    ops = [m.group(0) for l in text[bars[2]:bars[3]] for m in [re.search(r'(LDS|LOP3\.LUT)[^;]*', l)] if m]
    writer, seq, loads = {}, [], 0
    for op in ops:
        regs = re.findall(r'\bR\d+\b', op)
        if op.startswith('LDS'):
            loads += 1
            writer[regs[0]] = loads
            seq.append(('ld', loads))
        else:
            seq.append(('xor', [writer[r] for r in regs[1:] if r in writer]))
            writer[regs[0]] = 0
    assert loads == 64, loads
    lines = open(ptx).read().split('\n')
    t0 = next(i for i, l in enumerate(lines) if 'mov.u64 %rd33, %clock64' in l)
    first = next(i for i in range(t0, len(lines)) if 'ld.volatile.shared' in lines[i])
    t1 = next(i for i in range(first, len(lines)) if 'mov.u64 %rd34, %clock64' in lines[i])
    end = next(i for i in range(t1, first, -1) if 'xor.b32 %r148, %r148, %r140;' in lines[i])
    body, chain = [], 0
    for kind, v in seq:
        if kind == 'ld':
            body.append(f'\tld.volatile.shared.u32 %r{700 + v}, [%r149];')
        else:
            s = 141 + chain % 8  # the 8 chains of the PTX, in turn
            chain += 1
            body += [f'\txor.b32 %r{s}, %r{s}, %r{700 + x};' for x in v if x]
    body += [f'\tmov.u32 %r{133 + k}, %r{757 + k};' for k in range(8)]  # the last 8 loads, as the PTX's %r133-140
    lines[first:end + 1] = body
    text = '\n'.join(lines)
    assert '.reg .b32 \t%r<381>;' in text
    open(out, 'w').write(text.replace('.reg .b32 \t%r<381>;', '.reg .b32 \t%r<800>;'))


def trace(warpsim, ptx, preset):
    """each warp's clock reads of regions 0-3 (t0 and t1, less the first t0 of any warp) and, per sub-partition, how
    far its later warp's region-2 loads trail its earlier warp's (entered loads, a histogram over the entries)"""
    clocks, loads = collections.defaultdict(list), collections.defaultdict(list)
    with tempfile.TemporaryDirectory() as d:
        out = os.path.join(d, 't.jsonl')
        subprocess.run([warpsim, 'run', ptx, '@' + os.path.join(SRC, 'programs/bench_mio_w8.args'), '--preset', preset,
                        '--trace-json', out, '--max-output', str(1 << 30)], capture_output=True, check=True)
        for line in open(out):
            if '"exec"' not in line or ('clock64' not in line and 'ld.volatile.shared' not in line):
                continue
            e = json.loads(line)
            if 'clock64' in e['insn']:
                clocks[e['warp']].append(e['dst'][0]['values'][0])
            else:
                loads[e['warp']].append(e['cycle'])
    base = min(c[0] for c in clocks.values())
    for w in sorted(clocks):
        print(f'w{w}:', ' '.join(str(c - base) for c in clocks[w][:8]))
    for sp in range(4):
        entries = sorted([(c, 1) for c in loads[sp + 4][128:192]] + [(c, -1) for c in loads[sp][128:192]])
        lead, hist = 0, collections.Counter()
        for _, d in entries:
            lead += d
            hist[lead] += 1
        print(f'sub-partition {sp}: w{sp + 4} entered this many more region-2 loads than w{sp}: entries',
              dict(sorted(hist.items())))


def sweep(warpsim, ptx):
    base = open(os.path.join(SRC, 'tests/calibration/mio18.preset')).read()
    with tempfile.TemporaryDirectory() as d:
        for q in (0, 4, 8, 12, 16, 20, 26):
            for order in (0, 1):
                p = os.path.join(d, 'p.preset')
                with open(p, 'w') as f:
                    f.write(base + (f'shared.queue {q}\nshared.queue_issue 1\n' if q else '') + f'sched.order {order}\n')
                r = subprocess.run([warpsim, 'run', ptx, '@' + os.path.join(SRC, 'programs/bench_mio_w8.args'),
                                    '--preset', p, '--json'], capture_output=True, text=True)
                m = re.search(r'"out":\s*(\[[^\]]*\])', r.stdout)
                print(f'queue {q:2d} order {order}:', m.group(1) if m else r.stderr.strip())


if __name__ == '__main__':
    cmd = sys.argv[1] if len(sys.argv) > 1 else ''
    if cmd == 'split' and len(sys.argv) == 3:
        split(sys.argv[2])
    elif cmd == 'fifo':
        fifo()
    elif cmd == 'sass-order' and len(sys.argv) == 5:
        sass_order(*sys.argv[2:])
    elif cmd == 'probes' and len(sys.argv) == 4:
        probes(*sys.argv[2:])
    elif cmd == 'depth' and len(sys.argv) in (3, 4):
        depth(*sys.argv[2:])
    elif cmd == 'trace' and len(sys.argv) == 5:
        trace(*sys.argv[2:])
    elif cmd == 'sweep' and len(sys.argv) == 4:
        sweep(*sys.argv[2:])
    else:
        sys.exit(__doc__)
