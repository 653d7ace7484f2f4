#!/usr/bin/env python3
"""check_rename.py WARPSIM SRCDIR: the preset's schedule.rename (sim/rename.h) changes when instructions issue,
never what they compute nor how the PTX's registers are named. For every program (programs/*.args and
tests/corpus/*.args, run with `--json`):
- the functional mode gives the same bytes with schedule.rename 1 as with 0 (it never renames);
- the timing mode gives the same exit status, stdout, diagnostics and buffers, but for the buffer `out` of a
  kernel that reads a clock (the benchmarks' cycles);
- for each program whose timing output the key changes (those with loads renamed), the text trace (`--trace`):
  every instruction's record (the PTX line, the instruction as written, each register it writes with its
  lanes' values) is, as a multiset, the same with 0 and 1: only the order and the cycles differ, and every
  register named is the PTX's.
Fails on any difference, or when no program's timing changes (the key would do nothing). Both runs read
schedule.mio_gap 0 over sm_90's 2: with ptxas's interval between two shared loads no program's loads go ahead of
the reuse of their registers, and no program's timing changes with the key (docs/calibration.md "(tree15)")."""
import collections, glob, json, os, re, subprocess, sys, tempfile

warpsim, src = os.path.abspath(sys.argv[1]), sys.argv[2]
os.chdir(src)
preset = tempfile.NamedTemporaryFile('w', suffix='.preset', delete=False)
preset.write('schedule.mio_gap 0\nschedule.rename 1\n')
preset.close()
ON = ['--preset', preset.name]
plain = tempfile.NamedTemporaryFile('w', suffix='.preset', delete=False)
plain.write('schedule.mio_gap 0\n')
plain.close()
OFF = ['--preset', plain.name]


def run(prog, args, *opts):
    r = subprocess.run([warpsim, 'run', prog, '@' + args, *opts], capture_output=True, text=True, timeout=600)
    return r.returncode, r.stdout, r.stderr


def clock_lines(prog):
    """the PTX lines whose instruction writes a value computed from a clock (it reads one, or a register that
    holds one): their records' values may differ"""
    insns = []
    for no, line in enumerate(open(prog), 1):
        code = line.split('//')[0].strip()
        m = re.match(r'(@!?%[\w$]+\s+)?[a-z][\w.:]*\s+([^;]*);', code)
        if m:
            regs = re.findall(r'%[\w$]+', m.group(2))
            if regs:
                insns.append((no, regs[0], set(regs[1:]), 'clock' in m.group(2) or 'globaltimer' in m.group(2)))
    tainted, lines, grew = set(), set(), True
    while grew:
        grew = False
        for no, dest, srcs, clock in insns:
            if (clock or srcs & tainted) and no not in lines:
                lines.add(no)
                tainted.add(dest)
                grew = True
    return lines


def records(trace, clocked):
    """the trace's instruction records, without their cycles (nor their values, for the lines in clocked): a
    multiset"""
    out, cur = collections.Counter(), None
    for line in trace.split('\n'):
        m = re.match(r'block (\d+) warp (\d+)  cycle \d+  line (\d+)(.*)$', line)
        if m:
            if cur:
                out['\n'.join(cur)] += 1
            cur = [f'block {m.group(1)} warp {m.group(2)} line {m.group(3)}{m.group(4)}']
            keep = int(m.group(3)) not in clocked
        elif cur is not None and line.strip() and not line.startswith(('--', '==')):
            if keep:
                cur.append(line)
        elif cur is not None and line.strip() and not line.startswith(('--', '==')):
            cur.append(line)
        elif cur is not None:
            out['\n'.join(cur)] += 1
            cur = None
    if cur:
        out['\n'.join(cur)] += 1
    return out


fails, changed, n = [], [], 0
try:
    for args in sorted(glob.glob('programs/*.args') + glob.glob('tests/corpus/*.args')):
        prog = args[:-5] + '.ptx'
        if not os.path.exists(prog):
            continue
        n += 1
        if run(prog, args, '--json', '--mode', 'functional', *OFF) != run(prog, args, '--json', '--mode', 'functional', *ON):
            fails.append(f'{prog}: the functional mode differs with schedule.rename 1')
        off, on = run(prog, args, '--json', *OFF), run(prog, args, '--json', *ON)
        if off == on:
            continue
        changed.append(prog)
        clock = re.search(r'%clock|%globaltimer', open(prog).read()) is not None
        try:
            a, b = json.loads(off[1]), json.loads(on[1])
        except ValueError:
            fails.append(f'{prog}: exit {off[0]} / {on[0]}, not JSON: {off[2][:200]!r} / {on[2][:200]!r}')
            continue
        for key in ('stdout', 'diagnostics', 'buffers'):
            x, y = a.get(key), b.get(key)
            if key == 'buffers' and clock:
                x, y = ({k: v for k, v in d.items() if k != 'out'} for d in (x, y))
            if x != y or off[0] != on[0]:
                fails.append(f'{prog}: {key} differ with schedule.rename 1 in the timing mode')
        t_off, t_on = run(prog, args, '--trace', *OFF), run(prog, args, '--trace', *ON)
        clocked = clock_lines(prog)
        r_off, r_on = records(t_off[1], clocked), records(t_on[1], clocked)
        if r_off != r_on or not r_off:
            extra = list((r_on - r_off).elements())[:1]
            fails.append(f'{prog}: the trace\'s records differ with schedule.rename 1 ({sum(r_off.values())} and '
                         f'{sum(r_on.values())} records); one only with it: {extra}')
        else:
            print(f'{prog}: {sum(r_on.values())} trace records, the same with schedule.rename 1 in another order')
finally:
    os.unlink(preset.name)
    os.unlink(plain.name)
if not changed:
    fails.append('no program\'s timing changes with schedule.rename 1')
for f in fails:
    print('FAIL', f)
print(f'{n} programs; the timing of {len(changed)} changes with schedule.rename 1 ({", ".join(changed)}); '
      f'{len(fails)} failures')
sys.exit(1 if fails else 0)
