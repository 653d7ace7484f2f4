#!/usr/bin/env bash
# check_calibration.sh WARPSIM SRCDIR [--table] [--data FILE] [--preset FILE] [--guard MEAN MAX WITHIN]
# Runs every calibration benchmark and timed region of FILE (default tests/calibration/h200.txt;
# tests/calibration/h200-issue15.txt holds the measurements of issue 15) in warpsim's timing mode,
# with --regs N where tests/calibration/regs.txt gives ptxas's count for it (ptxas_regs.sh writes
# it; rule 5 of sim/schedule.c needs it), and compares out[slot] with the H200's cycles. Fails when an error exceeds its bound: 10% for
# microbenchmarks and timed regions (tests/calibration/kernels/time_*), 15% for the seed kernels
# (bench_reduce_*), and the shfl / mailbox ratio within 15% with the same sign. Slots listed as
# "informational" in tests/calibration/slots.txt are printed but not checked (ptxas rewrites them;
# see docs/calibration.md); a slot ending in "[bound N%]" is checked within N%. Prints the mean
# and the largest error over the checked slots.
# --table prints the markdown table of docs/calibration.md.
# --preset FILE: every run reads FILE over the built-in preset (warpsim run ... --preset FILE), e.g.
# tests/calibration/mio18.preset for the barrier and start rules that are off by default.
# --guard MEAN MAX WITHIN: a regression guard for a set not yet within its bounds: fails only when
# the mean error exceeds MEAN%, the largest MAX%, or fewer than WITHIN slots are within their bound
# (the mean and max over the microbenchmarks and over the timed regions are printed too).
set -u
warpsim=$1 src=$2
shift 2
table= data=tests/calibration/h200.txt guard= preset=
while [ $# -gt 0 ]; do
    case $1 in
    --table) table=--table ;;
    --data) data=$2; shift ;;
    --preset) preset=$2; shift ;;
    --guard) guard="$2 $3 $4"; shift 3 ;;
    *) echo "check_calibration.sh: unknown argument '$1'" >&2; exit 2 ;;
    esac
    shift
done
cd "$src" || exit 2
python3 - "$warpsim" "$table" "$data" "$guard" "$preset" <<'PY'
import json, os, re, subprocess, sys
warpsim, table, data = sys.argv[1], sys.argv[2] == '--table', sys.argv[3]
guard = [float(g) for g in sys.argv[4].split()] if sys.argv[4] else None
preset = ['--preset', sys.argv[5]] if sys.argv[5] else []
hw, names, info, bounds = {}, {}, set(), {}
for line in open(data):
    if line.startswith('#') or not line.strip(): continue
    p, s, v = line.split(); hw[(p, int(s))] = int(v)
for line in open('tests/calibration/slots.txt'):
    if line.startswith('#') or not line.strip(): continue
    p, s, name = line.rstrip('\n').split(' ', 2)
    if name.endswith(' [informational]'):
        info.add((p, int(s))); name = name[:-len(' [informational]')]
    b = re.search(r' \[bound (\d+)%\]$', name)
    if b:
        bounds[(p, int(s))] = int(b.group(1)) / 100; name = name[:b.start()]
    names[(p, int(s))] = name
def path(p):
    """programs/NAME (the microbenchmarks) or tests/calibration/kernels/NAME (the timed regions)"""
    for d in ('programs', 'tests/calibration/kernels'):
        if os.path.exists(f'{d}/{p}.ptx'): return f'{d}/{p}'
    return f'programs/{p}'
regs = {}
for line in open('tests/calibration/regs.txt'):
    if line.startswith('#') or not line.strip(): continue
    p, n = line.split(); regs[p] = n
sim, fails = {}, 0
for p in sorted({p for p, _ in hw}):
    base = path(p)
    if p.startswith('time_'): # the region's name: the first line of its .args
        names[(p, 0)] = open(base + '.args').readline().lstrip('# ').strip().replace('timed region: ', '')
    r = subprocess.run([warpsim, 'run', base + '.ptx', f'@{base}.args', '--json', '--mode', 'timing'] +
                       (['--regs', regs[p]] if p in regs else []) + preset, capture_output=True, text=True)
    m = re.search(r'"out":\s*(\[[^\]]*\])', r.stdout)
    if r.returncode or not m:
        print(f'FAIL {p}: warpsim failed ({r.returncode}): {r.stderr.strip()}'); fails += 1; continue
    for i, v in enumerate(json.loads(m.group(1))): sim[(p, i)] = v
if table:
    print('| benchmark | measures | H200 cycles | warpsim cycles | error | bound |')
    print('| --- | --- | ---: | ---: | ---: | ---: |')
errs, within, by_set = [], 0, {}
for key in sorted(hw):
    h, s = hw[key], sim.get(key)
    if s is None: print(f'FAIL {key}: no result'); fails += 1; continue
    err = (s - h) / h
    bound = bounds.get(key, 0.15 if key[0].startswith('bench_reduce') else 0.10)
    ok = key in info or abs(err) <= bound
    if key not in info:
        errs.append(abs(err)); within += ok
        by_set.setdefault('timed regions' if key[0].startswith('time_') else 'microbenchmarks', []).append((abs(err), ok))
    if table:
        print(f'| {key[0]}[{key[1]}] | {names.get(key, "")} | {h} | {s} | {err:+.1%} | {"not checked" if key in info else f"{bound:.0%}"} |')
    else:
        print(f'{"ok  " if ok else "FAIL"} {key[0]}[{key[1]}] {names.get(key, "")}: H200 {h}, warpsim {s}, error {err:+.1%}' + (' (informational)' if key in info else f' (bound {bound:.0%})'))
    fails += not ok and not guard
a, b = ('bench_reduce_shfl', 0), ('bench_reduce_mailbox', 0)
if a in sim and b in sim and a in hw and b in hw:
    rh, rs = hw[a] / hw[b], sim[a] / sim[b]
    err = (rs - rh) / rh
    ok = abs(err) <= 0.15 and (rh < 1) == (rs < 1)
    line = f'shfl/mailbox ratio: H200 {rh:.3f}, warpsim {rs:.3f}, error {err:+.1%} (bound 15%, same side of 1)'
    print(f'\n{line}' if table else f'{"ok  " if ok else "FAIL"} {line}')
    fails += not ok
if errs:
    print(f'\n{len(errs)} checked slots: mean error {sum(errs) / len(errs):.1%}, max {max(errs):.1%}, {within} within their bound')
    for name, es in sorted(by_set.items()):
        print(f'  {len(es)} {name}: mean {sum(e for e, _ in es) / len(es):.1%}, max {max(e for e, _ in es):.1%}, '
              f'{sum(ok for _, ok in es)} within')
if guard and errs:
    mean = sum(errs) / len(errs)
    if mean > guard[0] / 100 or max(errs) > guard[1] / 100 or within < guard[2]:
        print(f'FAIL guard: mean {mean:.1%} (at most {guard[0]}%), max {max(errs):.1%} (at most {guard[1]}%), '
              f'{within} within (at least {guard[2]:.0f})')
        fails += 1
sys.exit(1 if fails else 0)
PY
