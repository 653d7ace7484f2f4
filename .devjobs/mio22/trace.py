#!/usr/bin/env python3
"""trace.py WARPSIM PTX PRESET: the issue cycles of docs/calibration.md "(mio22)". Runs PTX (bench_mio_w8's, or with
B=bench_mio_w4 that bench's, e.g. a tree of .devjobs/mio22/sweep.sh) with programs/$B.args, --regs 94 and PRESET, and
prints per warp the first/last ld.shared issue of regions 0-2 (cycles from the first clock read of any warp); with
DETAIL=R, each warp's first 24 and last 6 load issues of region R. WARPSIM: a build with .devjobs/mio22/experiment.diff."""
import collections, json, os, subprocess, sys, tempfile

SRC = os.path.normpath(os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..'))
W, ptx, preset = sys.argv[1:4]
bench = os.environ.get('B', 'bench_mio_w8')
clocks, loads = collections.defaultdict(list), collections.defaultdict(list)
with tempfile.TemporaryDirectory() as d:
    out = os.path.join(d, 't.jsonl')
    subprocess.run([W, 'run', ptx, '@' + os.path.join(SRC, 'programs', bench + '.args'), '--regs', '94', '--preset', preset,
                    '--trace-json', out, '--max-output', str(1 << 30)], capture_output=True, check=True, cwd=SRC)
    for line in open(out):
        if '"exec"' not in line:
            continue
        e = json.loads(line)
        if 'clock64' in e['insn']:
            clocks[e['warp']].append(e['cycle'])
        elif 'ld.volatile.shared' in e['insn']:
            loads[e['warp']].append(e['cycle'])
base = min(c[0] for c in clocks.values())
for w in sorted(loads):
    l = loads[w]
    print(f'w{w}: ' + ' | '.join(f'r{r}: {l[64*r]-base}/{l[64*r+63]-base}' for r in range(3) if len(l) >= 64*r+64))
if os.environ.get('DETAIL'):
    r = int(os.environ['DETAIL'])
    for w in sorted(loads):
        l = loads[w][64*r:64*r+64]
        print(f'w{w} region {r} issues:', ' '.join(str(c - base) for c in l[:24]), '...', ' '.join(str(c - base) for c in l[-6:]))
