#!/usr/bin/env python3
"""tl26: the summary of device-2026-12-04-tl26.tar.xz (probes/probe_tl26-h200.txt).

(1) The timelines (probes/gen_timeline.py: cub_block_reduce_raking_sum_int_b1024 ends and bar,
cub_block_scan_warpscans_exclusivesum_int_b1024 bar2): each H200 run's lane-0 stamps of every warp, less the block's
earliest stamp, then warpsim's (built-in and tests/calibration/before-pipes.preset, --regs from tests/calibration/regs.txt) on
the same PTX. (2) probe_tl26 (gen_probe_tl26.py): each kind's loop body (cuobjdump) and its spans.
Usage: probe_tl26.py WARPSIM RAWDIR   (RAWDIR: the tar's tl26/ folder; run from the repository root)
"""
import collections, json, os, re, statistics, subprocess, sys, tempfile

ROOT = os.path.abspath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', '..'))
TIMELINES = [('timeline_cub_block_reduce_raking_sum_int_b1024_ends', 2),
             ('timeline_cub_block_reduce_raking_sum_int_b1024_bar', 4),
             ('timeline_cub_block_scan_warpscans_exclusivesum_int_b1024_bar2', 4)]
KINDS = ['viadd', 'viadd_s', 'viadd_m', 'mov', 'mov_s', 'mov_m', 'neg', 'neg_s', 'neg_m', 'add', 'add_s', 'add_m',
         'sel', 'isetp']
ITERATIONS = 64
sys.path.insert(0, os.path.join(ROOT, 'tests/calibration/probes'))
import sass_text  # noqa: E402


def reports(path):
    text = open(path).read()
    for part in re.split(r'^== .* run \d+\n', text, flags=re.M)[1:]:
        yield json.loads(part[part.index('{'):])


def warps(stamps, k):
    w = [stamps[32 * i * k:32 * i * k + k] for i in range(len(stamps) // k // 32)]
    base = min(x for r in w for x in r if x)
    return [[x - base if x else None for x in r] for r in w]


def line(rows):
    return ' | '.join(' '.join('-' if x is None else str(x) for x in r) for r in rows)


def regs(name):
    for l in open(os.path.join(ROOT, 'tests/calibration/regs.txt')):
        if l.startswith('#') or not l.strip():
            continue
        p, n = l.split()
        if p == name:
            return n
    return None


def warpsim(ws, ptx, args, kernel, preset):
    cmd = [ws, 'run', ptx, '@' + args, '--json', '--regs', regs(kernel)] + (['--preset', preset] if preset else [])
    return json.loads(subprocess.run(cmd, capture_output=True, text=True, check=True).stdout)


def loops(path):
    res = {}
    for name, insns in sass_text.functions(sass_text.read(path)).items():
        ins = [(x.addr, x.opcode, x.operands) for x in insns]
        at = {a: i for i, (a, op, r) in enumerate(ins)}
        for i, (a, op, rest) in enumerate(ins):
            t = re.search(r'0x([0-9a-f]+)', rest) if op == 'BRA' else None
            if t and int(t.group(1), 16) < a:
                res[name] = collections.Counter(o for _, o, _ in ins[at[int(t.group(1), 16)]:i + 1])
    return res


def main():
    ws, raw = sys.argv[1], sys.argv[2]
    pipes = os.path.join(ROOT, 'tests/calibration/before-pipes.preset')
    print('## the calibration kernel (warpsim-hwrun, one process a run): out[0]')
    outs = [r['buffers']['out'][0] for r in reports(os.path.join(raw, 'kernel.txt'))]
    k = 'tests/calibration/kernels/time_cub_block_reduce_raking_sum_int_b1024'
    ks = [warpsim(ws, k + '.ptx', k + '.args', os.path.basename(k), p)['buffers']['out'][0] for p in (None, pipes)]
    print(f'H200: {" ".join(map(str, outs))}; warpsim built-in {ks[0]}, before-pipes.preset {ks[1]}\n')
    gen = tempfile.mkdtemp()
    subprocess.run([sys.executable, os.path.join(ROOT, 'tests/calibration/probes/gen_timeline.py'), gen], check=True)
    for name, n in TIMELINES:
        args = os.path.join(gen, name + '.args')
        print(f'{name}: {open(args).readline()[2:].strip()}')
        for i, r in enumerate(reports(os.path.join(raw, name + '.txt'))):
            print(f'H200 run{i + 1}: {line(warps(r["buffers"]["stamps"], n))}')
        kernel = re.search(r'--kernel (\w+)', open(args).read()).group(1)
        for label, p in (('built-in', None), ('before-pipes.preset', pipes)):
            r = warpsim(ws, os.path.join(gen, name + '.ptx'), args, kernel, p)
            print(f'warpsim {label}: {line(warps(r["buffers"]["stamps"], n))}')
        print()
    print('## probe_tl26: loop body (cuobjdump -sass, from the back branch\'s target to it) and spans')
    print(f'## cold: the first launch\'s span; warm: median of launches 2-10; a warp\'s iteration: warm span / '
          f'({ITERATIONS} x warps a sub-partition)')
    body = loops(os.path.join(raw, 'sass', 'probe_tl26.sass'))
    print('| kind | loop body (SASS) | warps (a sub-partition) | cold | warm | cycles an iteration a warp (warm) |')
    print('| --- | --- | ---: | ---: | ---: | ---: |')
    for kind in KINDS:
        c = body['tl_' + kind]
        for b in (32, 128, 256, 512, 1024):
            spans = collections.defaultdict(lambda: [10**12, 0])
            for l in open(os.path.join(raw, 'probe', f'{kind}_{b}.txt')):
                x = l.split()
                if len(x) == 7:
                    s = spans[int(x[0])]
                    s[0], s[1] = min(s[0], int(x[3])), max(s[1], int(x[4]))
            v = [spans[i][1] - spans[i][0] for i in sorted(spans)]
            nw = b // 32
            per = max(1, nw // 4)
            warm = statistics.median(v[1:])
            text = ' '.join(f'{m} {o}' for o, m in c.most_common()) if b == 32 else ''
            print(f'| {kind} | {text} | {nw} ({per}) | {v[0]} | {warm:g} | {warm / ITERATIONS / per:.1f} |')


main()
