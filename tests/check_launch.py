#!/usr/bin/env python3
"""check_launch.py WARPSIM SRCDIR [--table] [--max-grid N] [--only NAME,...] [--jobs N] [--preset FILE]

Whole launches (docs/calibration.md "Whole launches"): runs every program of
tests/calibration/launch_programs.txt in warpsim's timing mode at every grid size measured on the
H200 (tests/calibration/launch.txt) and compares launch_cycles(grid) / launch_cycles(1) with the
H200's median duration(grid) / duration(1). Fails when an error exceeds 15% (the bound of issue
15). Prints the mean and the largest error. --max-grid skips the larger grids (a quick look).
--jobs N runs N launches at a time (each warpsim with --jobs 2; the whole set, to 13,200 blocks,
takes minutes on a machine with many cores); the output is the same, in the same order. --preset FILE
runs warpsim with that preset over sm_90's (a refit of the launch keys).
"""
import concurrent.futures, json, re, subprocess, sys

def main():
    args = sys.argv[1:]
    warpsim, src = args[0], args[1]
    table = '--table' in args
    max_grid = int(args[args.index('--max-grid') + 1]) if '--max-grid' in args else None
    only = args[args.index('--only') + 1].split(',') if '--only' in args else None
    jobs = int(args[args.index('--jobs') + 1]) if '--jobs' in args else 1
    preset = ['--preset', args[args.index('--preset') + 1]] if '--preset' in args else []
    progs = {}
    for line in open(f'{src}/tests/calibration/launch_programs.txt'):
        if line.startswith('#') or not line.strip():
            continue
        name, ptx, block, *spec = line.split()
        if only is None or name in only:
            progs[name] = (ptx, int(block), spec)
    hw = {}
    for line in open(f'{src}/tests/calibration/launch.txt'):
        if line.startswith('#') or not line.strip():
            continue
        name, g, med, _ = line.split()
        hw[(name, int(g))] = float(med)
    def sim(name, g):
        ptx, block, spec = progs[name]
        words = [re.sub(r'\{G\}\*(\d+)', lambda m: str(g * int(m.group(1))), w).replace('{N}', str(g * block)).replace('{G}', str(g))
                 for w in spec]
        kernel = ptx.rsplit('/', 1)[-1][:-4]
        r = subprocess.run([warpsim, 'run', f'{src}/{ptx}', '--kernel', kernel, '--grid', str(g), '--block', str(block),
                            *words, '--json', '--mode', 'timing', '--jobs', '2',
                            '--max-instructions', '4000000000', *preset], capture_output=True, text=True)
        if r.returncode:
            raise SystemExit(f'FAIL {name} grid {g}: warpsim failed ({r.returncode}): {r.stderr.strip()[:300]}')
        return json.loads(r.stdout)['stats']
    errs, fails = [], 0
    if table:
        print('| program | grid | H200 us | H200 ratio | warpsim launch cycles | warpsim ratio | error |')
        print('| --- | ---: | ---: | ---: | ---: | ---: | ---: |')
    runs = [(name, g) for name in progs for g in sorted(g for n, g in hw if n == name and (g == 1 or max_grid is None or g <= max_grid))]
    with concurrent.futures.ThreadPoolExecutor(jobs) as pool:
        stats = dict(zip(runs, pool.map(lambda r: sim(*r), runs)))
    for name in progs:
        grids = sorted(g for n, g in hw if n == name and (max_grid is None or g <= max_grid))
        one = stats[(name, 1)]['launch_cycles']
        for g in grids:
            s = stats[(name, g)]
            rh, rs = hw[(name, g)] / hw[(name, 1)], s['launch_cycles'] / one
            err = (rs - rh) / rh
            errs.append(abs(err))
            ok = abs(err) <= 0.15
            fails += not ok
            if table:
                print(f'| {name} | {g} | {hw[(name, g)]:.2f} | {rh:.2f} | {s["launch_cycles"]} | {rs:.2f} | {err:+.1%} |')
            else:
                print(f'{"ok  " if ok else "FAIL"} {name} grid {g}: H200 {rh:.2f}x, warpsim {rs:.2f}x, error {err:+.1%} (bound 15%)')
    print(f'\n{len(errs)} launch ratios: mean error {sum(errs) / len(errs):.1%}, max {max(errs):.1%}, '
          f'{sum(e <= 0.15 for e in errs)} within 15%')
    sys.exit(1 if fails else 0)

main()
