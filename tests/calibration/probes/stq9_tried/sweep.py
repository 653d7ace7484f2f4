import os, sys, json, subprocess, random, collections
sys.path.insert(0, 'tests/calibration/probes'); sys.path.insert(0, 'tests/calibration/probes/stq9_tried')
from probe_cmp import load
from oracle import oracle
W = 'build/ci/warpsim'
rows = load('tests/calibration/probes/probe_stq3-h200.txt')
ref = {}
for f in ('tests/calibration/h200-issue15.txt', 'tests/calibration/h200.txt'):
    for l in open(f):
        if l.startswith('#') or not l.strip(): continue
        p = l.split(); ref[(p[0], int(p[1]))] = int(p[2])
BENCH = {'bench_st_wide': ('2,4,6,7,8,9,11,12,13,14', range(8)), 'bench_throughput': ('3,4,5,6', range(4)),
         'bench_mio_w4': ('16,17', [8, 17]), 'bench_shared_st': ('2,4,6,8,10,12', range(7))}
ORC = {k: oracle(k) for k in dict.fromkeys(r[0] for r in rows)}
def run(args, orc, preset):
    env = dict(os.environ)
    if orc is not None: env['WS_STQ_ORACLE'] = orc
    out = subprocess.run([W, 'run'] + args + ['--mode', 'timing', '--json', '--preset', preset], env=env, capture_output=True, text=True, check=True).stdout
    return json.loads(out)['buffers']['out']
def evaluate(keys, use_oracle=True, verbose=False, probes=True):
    pf = '/tmp/sw_%d.preset' % os.getpid()
    open(pf, 'w').write(''.join(f'{k} {v}\n' for k, v in keys.items()))
    res = {}
    for b, (o, slots) in BENCH.items():
        out = run([f'programs/{b}.ptx', f'@programs/{b}.args'], o if use_oracle else None, pf)
        for s in slots:
            res[(b, s)] = (ref[(b, s)], out[s])
    if probes:
        for k, o in ORC.items():
            out = run(['tests/calibration/probes/probe_stq3.ptx', '--kernel', k, '--grid', '1', '--block', '32', 'out=u64[64]', 'sink=u32[32]'], o if use_oracle else None, pf)
            for kk, s, hw, what in rows:
                if kk == k and hw >= 20: res[(k, s)] = (hw, out[s])
    errs = {k: abs(w - h) / h * 100 for k, (h, w) in res.items()}
    bench = [e for k, e in errs.items() if k[0].startswith('bench')]
    probe = [e for k, e in errs.items() if k[0].startswith('probe')]
    if verbose:
        for k, (h, w) in res.items():
            if k[0].startswith('bench'): print(k, h, w, f'{(w-h)/h*100:+.1f}%')
    return (sum(e <= 10 for e in bench), len(bench), max(bench), sum(e <= 10 for e in probe), len(probe), sum(probe) / max(1, len(probe)))
if __name__ == '__main__':
    print(evaluate({}, True, True))
    print(evaluate({}, False, False))
