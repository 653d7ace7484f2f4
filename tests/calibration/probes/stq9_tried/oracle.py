"""Clock-read indices that wait (from the SASS) for each probe_stq3 kernel: t0 of piece s = 2s, t1 = 2s+1."""
import subprocess, re
out = subprocess.run(['python3', 'tests/calibration/probes/sass_stq_waits.py', 'tests/calibration/sass/probe_stq3.sass.xz'], capture_output=True, text=True).stdout
runs = {}
for l in out.splitlines()[1:]:
    f, a, n, rest = l.split(None, 3)
    runs.setdefault(f, []).append((int(a, 16), int(n), rest))
pieces = {}
for l in open('tests/calibration/probes/probe_stq3-h200.txt'):
    if l.startswith('#'): continue
    head, _, what = l.partition('#')
    k, s, m = head.split()[:3]
    pieces.setdefault(k, []).append((int(s), what.split(':')[0].strip(), int(m), what.split(':', 1)[1].strip()))
def oracle(k):
    rs = sorted(runs[k]); i = 0; idx = []; spins = 0; prev = None
    for s, p, m, sec in sorted(pieces[k]):
        if sec != prev:
            prev = sec
            if not sec.startswith('s0 '): spins += 1
        n = int(p.split(' x')[1]) if ' x' in p else 64
        t0w, t1w = True, False
        if p != 'ld' and n >= 8:
            a, cnt, rest = rs[i]; i += 1
            if 'stg in' in rest: t0w = False
            if 'stg -' in rest: t0w = False
            if 'region end' in rest: t1w = True
        if s == 0: t0w = False
        if t0w: idx.append(2 * s + 2 * spins)
        if t1w: idx.append(2 * s + 1 + 2 * spins)
    return ','.join(map(str, idx))
if __name__ == '__main__':
    for k in pieces: print(k, oracle(k))
