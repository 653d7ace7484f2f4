#!/usr/bin/env python3
"""The XU pipe's forms and the conversions' pipes against the H200 (docs/calibration.md "(alu27)"): probe_alu3
(tests/calibration/probes/probe_alu3.cu, .ptx.xz), its raw runs in tests/calibration/device-2026-12-04-alu27.tar.xz
(2026-12-04 17:37Z, NVIDIA H200, driver 580.159.04, CUDA 13.0, 1980 MHz). Each warp runs 8 streams of 256 steps of
one PTX form, alone and followed in each step by a LOP3 (_l), an IMAD (_m), an FFMA (_f) or a POPC (_x); the figure
is the block's span in a process's first launch (cold code, as warpsim's run), the median over the runs
(probes/probe_alu3.py).

Checked: with 8 warps a sub-partition (1024 threads), where the pipes' rate decides the span, warpsim's span within
BOUND (default 10%) of the H200's for every form warpsim models on a pipe: the MUFU forms (.ftz, and rsqrt, ex2, lg2,
sqrt, sin, tanh, rcp with ptxas's fix-ups), F2F (cvt.rn.f16.f32, cvt.rn.bf16.f32, cvt.f64.f32, cvt.rn.f32.f64), FLO
and BREV (bfind, clz, brev), POPC, F2FP (cvt.rn.f16x2.f32, cvt.rn.bf16x2.f32), HADD2.F32 (cvt.f32.f16), DADD, DMUL
and DFMA (add.f64, mul.f64, fma.rn.f64: their hold of the issue, docs/calibration.md "(f64x)"), LOP3 and IMAD; but
the figures named with --informational KIND (printed, not checked; ctest calibration_probe_alu3 names none since
mad_f came within with pipe.imad_read 1.7, docs/calibration.md "(xdp24)"). With fewer
warps the spans are latency- or issue-bound; checked there (docs/calibration.md "(lat15)"), with the registers
renamed as ptxas allocates (schedule.rename_alu) and the schedule holding the pipes (schedule.pipes; h2f_l with
schedule.free_slot, the 16-bit unpack in no schedule cycle, "(xu16)", "(f64x)"): at one warp (a block of 32, a
process's first launch, cold code as warpsim's run) the MUFU forms (.ftz, and sin) followed by a LOP3, IMAD or FFMA
(LOW_FORMS); at one warp a sub-partition (a block of 128, whose first launch follows the ten of 32 threads in the
same process: warm code, warpsim with ifetch.line 0) those, the fix-up forms (ex2, rsqrt, lg2, sqrt) and the
ALU/IMAD/FMA pairs of LOW_PAIRS; at both, with the list schedule counting ptxas's short XU latency
(schedule.xu_reader, "(xu16)"), clz, F2F.BF16.F32 and F2F.F16.F32 (the F2F form of a zero-extended half,
conv.form, "(f2h17)") followed by a LOP3, IMAD or FFMA and d2f (LOW_XU); at both, with ptxas's stall counts spacing
a warp's XU ops (schedule.xu_stall, "(xust17)"; F2F.F16/BF16.F32 once its zero-extension is free, fold.zext), POPC,
FLO (bfind), BREV, F2F.F64.F32 and F2F.F32.F64 followed by a LOP3, IMAD or FFMA, f2h and f2bf alone, and the forms
followed by a POPC that it brings within (LOW_SPACED; the MUFU forms beside a POPC whose SASS reads the source
before the MUFU, ex2, rsqrt, lg2, sqrt with ptxas's fix-ups and sin, with schedule.xu_fixup, "(mufu19)"; rcp, whose
four fix-ups the list schedule counts as ptxas places them, the form by its MUFU on the XU pipe, "(rcp20)"). Not
checked there: clz alone and beside a POPC (-32%, -22%: ptxas's IADD3 of clz waits between two FLOs), an
FADD/FMUL/FFMA followed by an IMAD and an IMAD followed by an FFMA at one warp (-14% to -15%: cold code, "(cold17)"),
the f64 forms alone or beside an op at one warp (-14% to -15%, cold code; at one warp a sub-partition they are
checked, LOW_F64: the list schedule holds the f64 pipe and gives the pair's movs no cycle, so DADD and LOP3 go by
turns as in ptxas's SASS, "(f64r18)"), and the half forms but LOW_HALF and LOW_SPACED's. With ptxas's stall count after
an IMAD before an FFMA (stall.imad_fma), its IMAD/FMA turns in the schedule ("(alt18)") and a warp whose next takes the
IMAD pipe issuing first (pick.pipe, "(pick18)"), TURNS (an FADD, FMUL or FFMA followed by an IMAD, a HADD2.F32 by an
FFMA) at 1, 2 and 8 warps a sub-partition, mad_f at 1 and fadd_m, fmul_m at 4; not checked: fma_m and h2f_f at 4
warps a sub-partition (-14.2%: the H200's 2.39 cycles a step where fadd_m's, of the same pipes, takes 2.07).
Checked with pipe.imad_read's part of a cycle ("(xdp24)"): mad_f at 2, 4 and 8 warps a sub-partition (the H200's 2.7
a step, the same pipes as fma_m; "(pick18)"); with stall.half_read: hadd2_m, badd2_m, hadd2_f, badd2_f at one
(HALF_READ). The half forms (HALF,
docs/calibration.md "(half17)") at 8 warps a
sub-partition but HALF_OUT, printed; those beside an FFMA (HALF_FMA, "(half19)") at 2, 4 and 8; add.f16x2 and add.bf16x2
beside a LOP3 (HALF_ALU, "(half20)") at 1, 2, 4 and 8; add.f16 alone, ptxas's packing (HALF_PACK, "(hadd24)"), at 1, 2, 4
and 8. rcp alone and beside a LOP3, IMAD or FFMA at one warp a sub-partition (LOW_HOLD): rcp_m, rcp_f, rcp_l are
kernels of 33 KiB, past the 32 KiB the instruction caches keep between launches (ifetch.hold, "(rcp27)"), their warm
launches fetching every line again (rcp_m, rcp_f -16% without it).
Usage: check_probe_alu3.py WARPSIM SRCDIR [--bound B] [--preset FILE] [--informational KIND,...] (KIND: at 8 warps a
sub-partition; KIND:WARPS, e.g. lop3_f:4: at 1 or 4 warps; --preset FILE: warpsim's keys over the built-in preset,
the warm runs with ifetch.line 0 after them, e.g. fetch-alu27.preset, docs/calibration.md "(first19)"). With --all, checks nothing: every kind of the raw runs at every block
size they have (32 threads cold, as the check; 128, 256 and 512 warm, ifetch.line 0; 1024 as the check) with its
error, and how many are beyond BOUND (the whole picture, for the issue's "every microbenchmark"); each one-warp first
launch (cold code) also with the range of every session's figure of the same code (probes/cold_sessions.py: the H200's
alu27, alu25 and cold17, the four H100s) and its distance from the nearest H200 and the nearest of all, and how many
are beyond BOUND of every H200 session and of every session (two H200 sessions measured the same code 16-27% apart,
so one session's first launch is not the card's: docs/calibration.md "(cold28)"). --raw TARBALL reads
another run of the same job in place of alu27's (its top folder's probe/KIND.txt), e.g.
tests/calibration/device-2026-12-05-h100-alu3r.tar.xz (.devjobs/alu3r on an H100, docs/calibration.md "(h100r)").
--kinds K1,K2,... runs only those kinds (with --all: their figures at every block size; the counts printed are
theirs), e.g. the kinds a schedule key moves.
--regs FILE gives each kernel ptxas's register count (KERNEL N lines: tests/calibration/probes/probe_alu3.regs, ptxas -v),
so that the list schedule keeps its values within them (schedule.c rule 5, docs/calibration.md "(regs23)")."""
import os
import subprocess
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), 'probes'))
import probe_alu  # noqa: E402  (warpsim's span, one way for every probe)
import probe_alu3  # noqa: E402  (the H200's spans)
import cold_sessions  # noqa: E402  (every session's one-warp first launches of the same code)
import raw_runs  # noqa: E402  (the runs and the PTX, unpacked)

LOW_FORMS = ('ex2f', 'rsqrtf', 'rcpf', 'lg2f', 'sqrtf', 'tanh', 'sin')  # _l, _m, _f at 32 and 128 threads
LOW_FIXUP = ('ex2', 'rsqrt', 'lg2', 'sqrt')  # _l, _m, _f at 128 threads (at 32 the first launch is cold-code bound)
LOW_PAIRS = ('lop3_l', 'lop3_m', 'lop3_f', 'mad_l', 'mad_m', 'f2h2_l', 'f2h2_m', 'f2h2_f', 'f2bf2_l', 'f2bf2_m', 'f2bf2_f',
             'h2f_l', 'h2f_m', 'fadd_l', 'fmul_l', 'fma_l', 'fadd_f', 'fmul_f', 'fma_f')  # at 128 threads
LOW_XU = ('clz_l', 'clz_m', 'clz_f', 'f2bf_l', 'f2bf_m', 'f2bf_f', 'f2h_l', 'f2h_m', 'f2h_f',
          'd2f')  # at 32 and 128 threads (schedule.xu_reader; f2h: conv.form)
LOW_SPACED = ('popc_l', 'popc_m', 'popc_f', 'bfind_l', 'bfind_m', 'bfind_f', 'brev_l', 'brev_m', 'brev_f', 'f2d_l',
              'f2d_m', 'f2d_f', 'lop3_x', 'mad_x', 'fadd_x', 'fmul_x', 'fma_x', 'h2f_x', 'f2h2_x', 'f2bf2_x', 'hadd_x',
              'hadd2_x', 'badd2_x', 'bfma2_x', 'hfma2_x', 'dadd_x', 'dmul_x', 'dfma_x', 'popc_x', 'bfind_x', 'brev_x',
              'f2d_x', 'd2f_l', 'd2f_m', 'd2f_f', 'f2h', 'f2bf', 'f2h_x', 'f2bf_x', 'rcpf_x', 'ex2_x', 'rsqrt_x', 'lg2_x',
              'sqrt_x', 'sin_x', 'rcp_x')  # at 32 and 128 threads (schedule.xu_stall; f2h, f2bf with fold.zext; rcpf_x
# with fold.neg; ex2_x, rsqrt_x, lg2_x, sqrt_x, sin_x with schedule.xu_fixup: docs/calibration.md "(mufu19)"; rcp_x
# with the form counted on the XU pipe in the list schedule: "(rcp20)")
FORMS = ('ex2f', 'rsqrtf', 'rcpf', 'lg2f', 'sqrtf', 'tanh', 'sin', 'ex2', 'rsqrt', 'lg2', 'sqrt', 'rcp', 'f2h', 'f2bf',
         'f2d', 'd2f', 'f2h2', 'f2bf2', 'h2f', 'bfind', 'clz', 'brev', 'popc', 'dadd', 'dmul', 'dfma', 'lop3', 'mad')
# the half forms (docs/calibration.md "(half17)"): HADD2 (add.f16 beside a form), add.f16x2/.bf16x2 (HADD2 and
# HFMA2.MMA in turn), fma.rn.f16x2/.bf16x2 (HFMA2 and HFMA2.MMA, holding the issue), alone and with _l, _m, _f, _x at
# 8 warps a sub-partition; printed, not checked: HALF_OUT (none: hadd, ptxas's PRMT packing, fold.pack, "(hadd24)", is
# checked there and at 1, 2 and 4 warps a sub-partition, HALF_PACK). Beside an FFMA
# (the FMA pipe's halves, pipe.fma_half: "(half19)") also at 2 and 4 warps a sub-partition: HALF_FMA; add.f16x2 and
# add.bf16x2 beside a LOP3 (an add's HFMA2.MMA holds the ALU pipe a cycle, pipe.mma_alu: "(half20)") at 1, 2 and 4
# warps a sub-partition: HALF_ALU
HALF = ('hadd', 'hadd2', 'hfma2', 'badd2', 'bfma2')
HALF_OUT = ()
HALF_PACK = ('hadd',)  # at 128, 256 and 512 threads too (fold.pack, pipe.prmt: docs/calibration.md "(hadd24)")
HALF_FMA = ('hadd_f', 'hadd2_f', 'badd2_f', 'hfma2_f', 'bfma2_f')  # at 256 and 512 threads too
HALF_ALU = ('hadd2_l', 'badd2_l')  # at 128, 256 and 512 threads too
HALF_STALL = ('hfma2', 'bfma2', 'hfma2_m', 'bfma2_m')  # at 128, 256 and 512 threads too (stall.hfma2, stall.half_fma)
LOW_HALF = ('hadd_m', 'hadd2', 'badd2', 'hfma2_l', 'bfma2_l')  # at 128 threads (half.mma, pipe.half, pipe.hfma2)
HALF_READ = ('hadd2_m', 'badd2_m', 'hadd2_f', 'badd2_f')  # at 128 threads (stall.half_read: docs/calibration.md "(xdp24)")
LOW_F64 = ('dadd', 'dadd_l', 'dadd_m', 'dadd_f', 'dmul', 'dmul_l', 'dmul_m', 'dmul_f', 'dfma', 'dfma_l', 'dfma_m',
           'dfma_f')  # at 128 threads (schedule.f64, schedule.free_slot 3, pipe.held_mov: docs/calibration.md "(f64r18)")
LOW_HOLD = ('rcp', 'rcp_l', 'rcp_m', 'rcp_f')  # at 128 threads (ifetch.hold: docs/calibration.md "(rcp27)")
TURNS = ('fma_m', 'fadd_m', 'fmul_m', 'h2f_f')  # at 128, 256 and 1024 threads (stall.imad_fma, pick.pipe: "(pick18)")
BLOCK = 1024  # 8 warps a sub-partition


def tally(line, err, informational, bound, errors, fails):
    """Print a figure's line: 'info' where informational (not counted), else counted in errors, 'FAIL' (and in
    fails) beyond bound."""
    if informational:
        print(f'info {line}')
        return
    errors.append(abs(err))
    if abs(err) > bound:
        fails.append(line)
    print(f'{"FAIL" if abs(err) > bound else "ok  "} {line}')


def main(argv):
    a = raw_runs.options(argv, 10, __doc__, flags=('--all',))
    warpsim, src, bound, informational, show_all = a.warpsim, a.src, a.bound, a.informational, '--all' in a.flags
    fails, errors = [], []
    with tempfile.TemporaryDirectory() as tmp:
        tarball = os.path.join(src, a.opts.get('--raw', 'tests/calibration/device-2026-12-04-alu27.tar.xz'))
        ptx = raw_runs.unpack(tarball, raw_runs.top_folder(tarball),
                              os.path.join(src, 'tests/calibration/probes/probe_alu3.ptx.xz'), tmp)
        raw, gpu = tmp, raw_runs.card(tarball)
        # (kind, block, its name in --informational): every form at 8 warps a sub-partition; then one warp, and one
        # warp a sub-partition (warm code: the H200's first launch of 128 threads follows ten launches of 32 in the
        # same process)
        runs = [(kind, BLOCK, kind) for form in FORMS + HALF
                for kind in [form] + [form + s for s in ('_l', '_m', '_f', '_x')]
                if os.path.exists(os.path.join(raw, kind + '.txt'))]
        informational |= set(HALF_OUT)
        low = [(k + s, b) for k in LOW_FORMS for s in ('_l', '_m', '_f') for b in (32, 128)]
        low += [(k + s, 128) for k in LOW_FIXUP for s in ('_l', '_m', '_f')] + [(k, 128) for k in LOW_PAIRS]
        low += [(k, b) for k in LOW_XU + LOW_SPACED for b in (32, 128)] + [(k, 128) for k in LOW_HALF + LOW_F64]
        low += [(k, b) for k in TURNS for b in (128, 256)] + [('mad_f', 128), ('fadd_m', 512), ('fmul_m', 512)]
        low += [(k, 128) for k in HALF_READ] + [('mad_f', 256), ('mad_f', 512)]  # "(xdp24)"
        low += [(k, b) for k in HALF_FMA for b in (256, 512)] + [(k, b) for k in HALF_ALU for b in (128, 256, 512)]
        low += [(k, b) for k in HALF_STALL for b in (128, 256, 512)] + [('hfma2_f', 128), ('bfma2_f', 128)]
        low += [(k, b) for k in HALF_PACK for b in (128, 256, 512)] + [(k, 128) for k in LOW_HOLD]
        runs += [(k, BLOCK, k) for k in TURNS if (k, BLOCK, k) not in runs]
        runs += [(kind, block, f'{kind}:{block // 32}') for kind, block in low]
        if show_all:
            runs = [(f[:-4], block, None) for f in sorted(os.listdir(raw)) if f.endswith('.txt')
                    for block in sorted(probe_alu3.spans(os.path.join(raw, f)))]
            loaded = cold_sessions.load(src)  # the one-warp first launches' range over the sessions ("(cold28)")
            sessions = cold_sessions.same_code(loaded)
            h200_tags = {t for t, (meta, _) in loaded.items() if meta['card'] == 'H200'}
            firsts = [0, 0, 0, 0]  # one-warp figures; beyond bound of the reference, of each H200 session, of each
        if '--kinds' in a.opts:  # only these kinds (a change that moves a few: their figures, in less time)
            only = set(a.opts['--kinds'].split(','))
            runs = [r for r in runs if r[0] in only]
        overlay = open(os.path.join(src, a.opts['--preset'])).read() if '--preset' in a.opts else ''
        regs = {}  # --regs FILE: each kernel's ptxas count (KERNEL N lines), for rule 5's budget
        for line in open(os.path.join(src, a.opts['--regs'])) if '--regs' in a.opts else []:
            if line.strip() and not line.startswith('#'):
                regs[line.split()[0]] = line.split()[1]
        cold, warm = os.path.join(tmp, 'cold.preset'), os.path.join(tmp, 'warm.preset')
        with open(cold, 'w') as f:
            f.write(overlay)
        with open(warm, 'w') as f:  # a key's last line decides
            f.write(overlay + '\nifetch.line 0\n')
        for kind, block, name in runs:
            h200 = probe_alu3.spans(os.path.join(raw, kind + '.txt'))[block][0]
            try:
                given = ['--regs', regs['alu3_' + kind]] if 'alu3_' + kind in regs else []
                w = probe_alu.warpsim(warpsim, ptx, 'alu3_' + kind, block, 3, 5,
                                      extra=given + (['--preset', warm] if 128 <= block <= 512 else
                                                     ['--preset', cold] if overlay else []))
            except subprocess.CalledProcessError:
                if show_all:  # a raw run of a kernel the PTX does not have (bfind_2sm)
                    continue
                raise
            err = (w - h200) / h200 * 100
            line = f'{kind} at {block // 32} warps: warpsim {w}, {gpu} {h200:.0f} ({err:+.1f}%)'
            if show_all:
                errors.append(abs(err))
                if abs(err) > bound:
                    fails.append(line)
                row = sessions.get(kind, {}) if block == 32 else {}
                if row:  # a cold first launch: the range of the sessions that ran the same code
                    h2 = [v for t, v in row.items() if t in h200_tags]
                    near = [min(abs(w - v) / v * 100 for v in vals) for vals in (h2, list(row.values()))]
                    firsts = [firsts[0] + 1, firsts[1] + (abs(err) > bound), firsts[2] + (near[0] > bound),
                              firsts[3] + (near[1] > bound)]
                    line += (f' [H200 {min(h2):.0f}-{max(h2):.0f} in {len(h2)}, GH100 {min(row.values()):.0f}-'
                             f'{max(row.values()):.0f} in {len(row)}: {near[0]:.1f}%, {near[1]:.1f}% from the nearest]')
                print(f'{"out " if abs(err) > bound else "ok  "} {line}')
                continue
            tally(line, err, name in informational, bound, errors, fails)
    if show_all:
        print(f'{len(errors)} figures: mean error {sum(errors) / len(errors):.1f}%, {len(fails)} beyond {bound:g}%')
        print(f'{firsts[0]} one-warp first launches (cold code): {firsts[1]} beyond {bound:g}% of {gpu}, '
              f'{firsts[2]} beyond {bound:g}% of every H200 session that ran the same code, {firsts[3]} of every session, H200 or H100 '
              f'(docs/calibration.md "(cold28)")')
        return 0
    print(f'{len(errors)} checked: mean error {sum(errors) / len(errors):.1f}%, max {max(errors):.1f}%, '
          f'{len(errors) - len(fails)} within {bound:g}%')
    return 1 if fails or not errors else 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
