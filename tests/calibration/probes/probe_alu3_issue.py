#!/usr/bin/env python3
"""probe_alu3's pairs beside an FFMA, read from the SASS (docs/calibration.md "(ffma15)"): why the same two
instructions in the other order run at another rate on the H200, and which issue rules reproduce it.

usage: probe_alu3_issue.py RAW_DIR [--kinds K1,K2,...] [--mma CYCLES] [--sass KIND]
  RAW_DIR: device-2026-12-04-alu27.tar.xz unpacked (alu27/: probe/KIND.txt, probe_alu3.sass), or the tarball
  --check: instead of the table, exit 1 unless ptxas's same-pipe neighbours (LL / II / FF) are those
           docs/calibration.md "(ffma15)" gives for lop3_f, fma_l, mad_f, fma_m, h2f_f (ctest probe_alu3_issue)
  --mma CYCLES: how long an HFMA2.MMA holds its own pipe (default 2; the half forms: hadd2, hfma2, badd2, bfma2)
  --sass KIND: that kind's timed region, one SASS instruction a line with its control bits (stall count S, yield
               bit Y, reuse flags r), and nothing else
For each kind: the H200's warm cycles a step a sub-partition with 8 warps a sub-partition (probe_alu3.spans), the
pipes' bound from the SASS counts (ALU 2 cycles, IMAD pipe 2, FMA 1, XU 8: alu25, alu27), the adjacent same-pipe
pairs in ptxas's schedule (LOP3-class LL, IMAD-pipe II, FFMA-class FF), and the cycles a step of a small issue
model of one sub-partition running 8 warps of that SASS (each warp waits its instructions' stall counts; one
instruction a cycle) under several rules: the scheduler (lrr: the next warp after the last issued; gto: the last
issued warp while it can, else the lowest), whether it looks at the pipe before picking (aware) or picks by the
stall counts alone and holds the sub-partition until the picked warp's pipe is free (blind), and the FMA pipe as one
pipe taking an FFMA a cycle (one) or as two 16-lane halves each held 2 cycles (halves: an FFMA takes a free half,
the heavy one first; IMAD and HADD2.F32 the heavy half; HADD2 and HFMA2 both; in one, the IMAD pipe); the last
column is the largest error of the six over the kinds given. No rule was found that puts every kind within
10% (docs/calibration.md "(ffma15)")."""
import os
import sys
import tarfile
import tempfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from probe_alu3 import spans  # noqa: E402
import sass_text  # noqa: E402

STEPS = 256
# ptxas's same-pipe neighbours in the timed region (docs/calibration.md "(ffma15)"): alternating where the pair
# reaches its bound (lop3_f, fma_m), clustered where it does not (fma_l, mad_f); h2f_f alternates and is still over
NEIGHBOURS = {'lop3_f': (4, 0, 0), 'fma_l': (55, 0, 50), 'mad_f': (2, 44, 43), 'fma_m': (2, 1, 2), 'h2f_f': (2, 1, 1)}
KINDS = ('fma', 'fma_f', 'fma_l', 'fma_m', 'fadd_l', 'fadd_m', 'lop3_f', 'lop3_m', 'mad_f', 'mad_l', 'mad', 'mad_m',
         'h2f', 'h2f_f', 'h2f_l', 'h2f_m', 'hadd_f', 'hadd_l', 'hadd_m', 'f2h2_f')


def region(sass, kind):
    """The SASS between kind's two clock reads: (text, stall, yield bit, reuse flags) an instruction. The control
    bits are the top 23 bits of each instruction's second 64-bit word: stall 4 bits, yield 1, write and read
    barriers 3 each, wait mask 6, reuse 4."""
    out = [(x.text, x.stall, x.yld, x.reuse) for x in sass_text.function(sass_text.read(sass), 'alu3_' + kind)]
    clocks = [i for i, o in enumerate(out) if 'SR_CLOCKLO' in o[0]]
    return out[clocks[0] + 1:clocks[1]]


def pipe(text):
    """The pipe of a SASS instruction (alu25, alu27): L the ALU, I the IMAD pipe (IMAD, HADD2.F32), F the FMA pipe,
    H an f16 HADD2/HFMA2, M an HFMA2.MMA, X the XU, O none with a rate here."""
    op = text.split()[1] if text.startswith('@') else text.split()[0]
    base = op.split('.')[0]
    if base in ('FFMA', 'FADD', 'FMUL'):
        return 'F'
    if base == 'IMAD' or op.startswith('HADD2.F32'):
        return 'I'
    if base in ('HADD2', 'HFMA2', 'HMUL2'):
        return 'M' if '.MMA' in op else 'H'
    if base in ('LOP3', 'IADD3', 'SHF', 'PRMT', 'ISETP', 'F2FP', 'SEL', 'FSEL', 'FSETP', 'VIMNMX', 'FMNMX', 'LEA'):
        return 'L'
    if base in ('POPC', 'MUFU', 'F2F', 'FLO', 'BREV'):
        return 'X'
    return 'O'


def simulate(prog, sched, blind, halves, warps=8, mma=2):
    """Cycles a step of one sub-partition running `warps` warps of prog ((pipe, stall) an instruction)."""
    hold = {'L': 2, 'X': 8, 'M': mma, 'h': 2, 'l': 2, 'F': 1, 'I': 2, 'H': 2}

    def needs(p):  # the alternatives of units an instruction takes
        if halves and p == 'F':
            return (('h',), ('l',))
        if halves and p == 'I':
            return (('h',),)
        if halves and p == 'H':
            return (('h', 'l'),)
        if not halves and p == 'H':
            return (('I',),)
        return ((p,),) if p != 'O' else ((),)

    pc, ready, free = [0] * warps, [0] * warps, {}
    cycle, last, done, pick, n = 0, -1, 0, None, len(prog)

    def units(w):
        for alt in needs(prog[pc[w]][0]):
            if all(free.get(u, 0) <= cycle for u in alt):
                return alt
        return None

    while done < warps:
        if pick is None:
            if sched == 'gto' and last >= 0:
                order = [last] + [w for w in range(warps) if w != last]
            else:
                order = [(last + k) % warps for k in range(1, warps + 1)]
            for w in order:
                if pc[w] < n and ready[w] <= cycle and (blind or units(w) is not None):
                    pick = w
                    break
        if pick is not None:
            alt = units(pick)
            if alt is not None:
                for u in alt:
                    free[u] = cycle + hold[u]
                ready[pick] = cycle + max(prog[pc[pick]][1], 1)
                pc[pick] += 1
                done += pc[pick] == n
                last, pick = pick, None
        cycle += 1
    return cycle / (warps * STEPS)


def neighbours(prog):
    """Adjacent pairs of two ALU-pipe, two IMAD-pipe (an f16 HADD2 counted there) and two FMA-pipe instructions."""
    seq = ''.join('I' if p == 'H' else p for p, _ in prog)
    return tuple(sum(1 for a, b in zip(seq, seq[1:]) if a == b == p) for p in 'LIF')


def main(argv):
    if argv[1].endswith('.tar.xz'):
        with tempfile.TemporaryDirectory() as tmp:
            with tarfile.open(argv[1]) as tar:
                tar.extractall(tmp, members=[m for m in tar.getmembers() if m.isfile() and (
                    m.name.startswith('alu27/probe/') or m.name == 'alu27/probe_alu3.sass')],
                    **({'filter': 'data'} if hasattr(tarfile, 'data_filter') else {}))
            return main([argv[0], os.path.join(tmp, 'alu27')] + argv[2:])
    raw = argv[1]
    if '--check' in argv:
        sass = os.path.join(raw, 'probe_alu3.sass')
        bad = {k: n for k, want in NEIGHBOURS.items()
               if (n := neighbours([(pipe(t), s) for t, s, _, _ in region(sass, k)])) != want}
        for k, n in bad.items():
            print(f'FAIL {k}: LL / II / FF {n}, expected {NEIGHBOURS[k]}')
        print(f'{len(NEIGHBOURS) - len(bad)} of {len(NEIGHBOURS)} kinds as documented')
        return 1 if bad else 0
    opts = dict(zip(argv[2::2], argv[3::2]))
    sass = os.path.join(raw, 'probe_alu3.sass')
    if '--sass' in opts:
        for text, stall, yld, reuse in region(sass, opts['--sass']):
            print(f'S{stall:02d} {"Y" if yld else "-"} r{reuse:x}  {text}')
        return 0
    kinds = opts.get('--kinds', ','.join(KINDS)).split(',')
    mma = int(opts.get('--mma', 2))
    worst = [0.0] * 6
    rules = [(s, b, h) for h in (False, True) for s, b in (('lrr', False), ('gto', False), ('gto', True))]
    print('| kind | H200 | bound | LL / II / FF | ' +
          ' | '.join(f'{s} {"blind" if b else "aware"} {"halves" if h else "one"}' for s, b, h in rules) + ' |')
    print('| --- ' * (4 + len(rules)) + '|')
    for kind in kinds:
        h200 = spans(os.path.join(raw, 'probe', kind + '.txt'))[1024][1] / (8 * STEPS)
        prog = [(pipe(t), s) for t, s, _, _ in region(sass, kind)]
        load = {}
        for p, _ in prog:
            q = 'I' if p == 'H' else p
            load[q] = load.get(q, 0) + {'L': 2, 'I': 2, 'F': 1, 'X': 8}.get(q, 0)
        adj = neighbours(prog)
        sims = [simulate(prog, *r, mma=mma) for r in rules]
        worst = [max(w, abs(v - h200) / h200 * 100) for w, v in zip(worst, sims)]
        print(f'| {kind} | {h200:.2f} | {max(load.values()) / STEPS:.2f} | {adj[0]} / {adj[1]} / {adj[2]} | ' +
              ' | '.join(f'{v:.2f}' for v in sims) + ' |')
    print('| largest error | | | | ' + ' | '.join(f'{w:.0f}%' for w in worst) + ' |')
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
