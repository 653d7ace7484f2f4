/* Each instruction's timing facts (timing_info.h): its latency by form, the pipe slots and issue cycles of the SASS
 * ptxas makes of it, and the tests its issue makes, decided once per kernel (the tables, timing_tables.c) or, with
 * --slow-path timing, at each use (timing.c).
 */
#include "timing_info.h"
#include "fpexact.h"
#include "memory.h"
#include "narrow.h"
#include "timing_latency.h"

#include <string.h>

enum { HALF_NONE, HALF_F2F, HALF_F2FP };

/* conv.form: the SASS form of a cvt from f32 to f16 or bf16 into a 16-bit register, which its readers and rounding
 * decide (fold.h WS_FOLD_F2F): F2F when one zero-extends it (or .rm, .rp), F2FP.PACK_AB with RZ otherwise.
 * HALF_NONE: not such a cvt, or the rule off (an XU slot, conv.f16 for f16 and conv for bf16, as before). */
static int cvt_to_half_sass(const ws_timing *t, uint32_t pc, const ws_insn *in)
{
    ws_type to = (ws_type)in->type;
    if (t->p.conv_form <= 0 || !t->fold.kind || pc >= t->ninfo || in->op != WS_OP_CVT ||
        (ws_type)in->type2 != WS_T_F32 || (to != WS_T_F16 && to != WS_T_BF16))
        return HALF_NONE;
    return t->fold.kind[pc] == WS_FOLD_F2F ? HALF_F2F : HALF_F2FP;
}

/* The latency of instruction pc (in) with the access mc: latency_of, but for a mul.wide whose
 * high half alone is read (narrow.h), an IMAD.WIDE read at its high register: as IMAD.HI; for a
 * 64-bit add whose low half alone is read, a 32-bit one; for a
 * division whose reciprocal ptxas computed before it (fold.h WS_FOLD_RCP), its FMULs; for a half
 * cvt (cvt_to_half_sass), F2F's conv or F2FP's conv.f16 (F2F.F16.F32 17 a step in sass_replay of
 * probe_alu3 f2h_l; F2FP + HADD2.F32 10.1, bench_conv2[1]). */
double ws_timing_insn_latency(const ws_timing *t, uint32_t pc, const ws_insn *in, const mem_cost *mc)
{
    int form = cvt_to_half_sass(t, pc, in);
    if (form != HALF_NONE)
        return form == HALF_F2F ? (t->p.conv_f2h > 0 ? t->p.conv_f2h : t->p.lat[LAT_CONV]) : t->p.conv_f16;
    if (pc < t->ninfo && t->fold.kind && t->fold.kind[pc] == WS_FOLD_RCP) { /* its FMULs alone (fold.h) */
        double fmuls = in->mods & WS_MOD_APPROX ? t->p.div_approx_hoisted : t->p.div_full_hoisted;
        if (fmuls > 0)
            return fmuls;
    }
    /* fold.pack: the PRMT before a scalar half pair's f16x2 op, where it has one, first (fold.h) */
    double prmt = pc < t->ninfo && t->fold.pack && t->fold.pack[pc] > 1 ? t->p.lat[LAT_ALU] : 0;
    /* a scalar mul pair's HFMA2.MMA (half.pack_mul) half.mma's latency as an add's: probe_pack21 hm, bm on the H200
     * 3.31 / 2.14 / 1.79 / 1.77 cycles a step at 1-8 warps a sub-partition, h's to 0.01 (docs/calibration.md "(pack30)") */
    int mul = in->op == WS_OP_MUL && !(t->p.half_pack_mul > 0 && pc < t->ninfo && t->fold.pack && t->fold.pack[pc]);
    if (pc < t->ninfo && t->half_mma && t->half_mma[pc] && !mul && t->p.half_mma > 0)
        return prmt + t->p.half_mma; /* HFMA2.MMA (half_pairs); mul.f16x2 keeps its key, the forms' mean (bench_half) */
    if (prmt > 0)
        return prmt + latency_of(t, in, mc);
    unsigned narrow = pc < t->ninfo ? t->narrow[pc] : WS_NARROW_NONE;
    if (narrow == WS_NARROW_LOW_ONLY) /* one 32-bit IADD3 of the low registers */
        return t->p.lat[ws_optable[in->op].latency];
    return narrow == WS_NARROW_HIGH_ONLY ? t->p.mul_hi : latency_of(t, in, mc);
}

/* A mov of a register or an immediate: ptxas folds it away (a rename, or an immediate operand
 * of its user), so it takes no issue slot and no latency: its destination is ready when its
 * source is. Measured: bench_reduce_shfl. narrow: the instruction's WS_NARROW_* (narrow.h). */
static int is_free_mov(const ws_insn *in, unsigned narrow)
{
    ws_type to = (ws_type)in->type, from = (ws_type)in->type2;
    if (narrow == WS_NARROW_HIGH_REG)
        return 1; /* shr by 32, only its low half read: the source's high register (bench_mul[1]) */
    if (narrow == WS_NARROW_LOW_REG)
        return 1; /* a widening cvt, only its low half read: the source register (bench_conv[6]) */
    if (in->op == WS_OP_CVT && in->ops[1].kind == WS_OPND_REG && !ws_type_is_float(to) && !ws_type_is_float(from) &&
        !(in->mods & WS_MOD_SAT)) {
        if (ws_type_bits(to) == 32 && ws_type_bits(from) == 64)
            return 1; /* cvt.u32.u64: the low register of the pair (bench_mul[0], [4]) */
        if (ws_type_bits(to) == 64 && ws_type_bits(from) == 32 && !ws_type_is_signed(from))
            return 1; /* cvt.u64.u32: the same register and a zero high one (bench_bits[11-12]) */
    }
    /* a pack of 32-bit registers into a 64-bit value (mov.b64 %fd, {%r, %r}) is the register pair
     * ptxas allocated the halves into: the two SHFLs of a double's shuffle write R6 and R7, the DADD
     * reads R6 (time_cg_reduce_plus_tile32_double.sass; probe_bfly_dadd 35 cycles a step) */
    if (in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_VEC && in->ops[0].kind == WS_OPND_REG)
        return 1;
    return in->op == WS_OP_MOV && (in->ops[1].kind == WS_OPND_REG || in->ops[1].kind == WS_OPND_IMM);
}

/* Whether operand i of `in` is an immediate. */
static int is_imm(const ws_insn *in, unsigned i) { return i < in->nops && in->ops[i].kind == WS_OPND_IMM; }

/* The ALU-pipe fix-ups ptxas puts around the MUFU of an .f32 form without .ftz (ws_mufu_fixups; the row's pipe
 * PIPE_MUFU, PIPE_MUFU_APPROX or PIPE_MUFU_RCP, the last two in the .approx forms): an FSETP and an FSEL, for rcp two
 * of each (probe_alu3 ex2, rsqrt, sqrt, lg2: 256 FSETP (+ 256 FSEL) and 512 FMUL or FMUL + FADD beside the 256 MUFU;
 * rcp: 512 FSETP, 512 FSEL, 512 FMUL; docs/calibration.md "(alu27)"); each also has two FMA-pipe instructions (FMUL,
 * FADD: no rate, but issued: issue_cycles). 0: none. */
static unsigned mufu_fixups(const ws_insn *in)
{
    int fix = ws_mufu_fixups(in);
    return fix > 0 ? (unsigned)fix : 0;
}

/* The cycles instruction `in` holds its sub-partition's issue (timing_info.issue; 0: the one cycle every
 * instruction takes), as the H200 issues its SASS (probe_alu3, docs/calibration.md "(alu27)", "(f64x)"):
 * - an .f64 add, sub, neg (PIPE_ADD), mul, mad (PIPE_IMAD) or fma (PIPE_FMA), DADD, DMUL, DFMA: pipe.f64 (2). Alone
 *   they issue every 2.1-2.2 cycles a sub-partition (8 warps), on none of the ALU, IMAD, XU pipes (8.2 a step beside
 *   a POPC), and every other form beside them adds a cycle: 3.1-3.2 a step beside a LOP3, an IMAD or an FFMA, where
 *   two pipes side by side give 2. The sub-partition issues nothing else while it holds them.
 * - a MUFU with its fix-ups (mufu_fixups): the MUFU, the fix-ups and two FMA-pipe instructions, one cycle each
 *   (rcp.approx.f32: 7, ex2, rsqrt, lg2, sqrt: 5). For rcp the H200 takes 8.9 cycles a step alone and 9.2 beside an
 *   IMAD or an FFMA, more than the 8 its XU pipe, its ALU fix-ups and this issue give: pipe.rcp_fixup's fitted ALU
 *   cycle (math_slots). Issuing the seven as pieces in ptxas's order, each on its pipe, does not give it (rcp_m at
 *   one warp a sub-partition 8.75 a step where the H100 takes 10.90; tests/calibration/probes/rcp_sass_model.py,
 *   docs/calibration.md "(rcp24)").
 * - a half fma (HFMA2, HFMA2.MMA): pipe.hfma2 (2). fma.rn.f16x2 and .bf16x2 alone 1.91-2.03 cycles a step a
 *   sub-partition with 2-8 warps, where the same count of HADD2 and HFMA2.MMA (add.f16x2) take 1.08-1.10; one warp
 *   2.39 where ptxas's stall counts give 1.50 (sass_replay.py); beside a LOP3, an IMAD or an FFMA 3.20, 3.25, 3.47
 *   where those pipes give 2. Most of those HFMA2 and HFMA2.MMA read two registers of one bank (`HFMA2 R5, R5, R7,
 *   R4.reuse`), the add forms none: a second cycle of register reads, which ptxas's allocation decides and warpsim,
 *   allocating none, gives every half fma (probe_alu3 hfma2, bfma2; docs/calibration.md "(half17)"). The scalar
 *   forms (HFMA2 of the low halves) are taken to do the same: not measured. */
static unsigned issue_cycles(const ws_timing *t, const ws_insn *in, unsigned fix)
{
    if (is_f64_math(in))
        return (unsigned)t->f64_hold;
    if (in->op == WS_OP_FMA && ws_half_arith_halves(in))
        return (unsigned)t->hfma2_hold;
    fix = t->alu_hold ? fix : 0; /* modelled where the ALU pipe has a rate (math_slots) */
    return fix ? (unsigned)ws_mufu_sass(in, (int)fix) : 0;
}

/* The pipe slots instruction `in` takes (SLOT_*), from its row's pipe column and its form, as the SASS ptxas makes
 * of it issues on the H200 (probe_alu, probe_alu2, probe_alu3: docs/calibration.md "(alu24)", "(alu25)",
 * "(alu27)"); a pipe the preset gives no rate takes none (an add then goes to the other pipe: no wait).
 * - ALU: one slot; two for a 64-bit form (two LOP3, SEL or SHF; ISETP and ISETP.EX); a float form where the row
 *   says so (PIPE_ALU_F32: f32 setp/set FSETP, min/max FMNMX, slct FSEL; PIPE_ALU_ALL: selp, SEL); the others the
 *   FMA pipe's (FADD, FFMA: one a cycle) or not measured (f64). bfe is SHF + SGXT (2); bfi with an
 *   immediate position and length IMAD.SHL + LOP3 (one each), with registers SHF + LOP3 after a BMSK. Where the
 *   position and length change at each bfe or bfi ptxas adds PRMTs and the BMSK (probe_alu2 bfe, bfi: about 5 ALU
 *   instructions); loop-invariant, as in bench_bits[5-6] (H200 520, 528 cycles; 5 slots would give 632), they are
 *   made once, so 2 here. shl.b32 by an immediate is SHF.L.U32 or IMAD.SHL.U32, whichever pipe is free, as an add.
 * - IMAD: mul.lo/mad.lo one IMAD; .hi and .wide (IMAD.HI, IMAD.WIDE) the IMAD pipe twice and the ALU once
 *   (probe_alu2 mulhi, mulwide: 4 cycles alone, 6 beside an IMAD or two LOP3s). 64-bit .lo forms: not measured.
 * - an add, sub or neg: either pipe; at 64 bits IADD3 + IMAD.X, one of each.
 * - XU: popc, and a cvt from f32 to a 32-bit integer (F2I): 8 cycles (probe_alu2); the MUFU forms (rsqrt, ex2, lg2,
 *   sin, cos, tanh; rcp and sqrt .approx), clz and bfind (FLO; clz also an IADD3 on the ALU pipe) and brev (BREV), and
 *   the cvts F2F makes (f32 to f16, bf16 or f64, f64 to f32) share it, 8 cycles each (probe_alu3: 8.0-8.1 a step
 *   alone, 16.0-16.1 beside a POPC) but F2F.F32.F64, pipe.xu_d2f (9: two a step 18.0-18.1, 26.1 beside a POPC). A
 *   MUFU's fix-ups (mufu_fixups) take the ALU pipe. A cvt from a 32-bit integer to f32 is I2FP and from f32
 *   pairs to f16x2/bf16x2 F2FP.PACK_AB, both on the ALU pipe; f16 to f32 is HADD2.F32, on the IMAD pipe (probe_alu3
 *   h2f: 4.06 beside an IMAD, 2.12 beside a LOP3); the other conversions are not measured. (docs/calibration.md
 *   "(alu27)", "(f64x)")
 * - a half add, sub or mul (ws_half_arith_halves): HADD2 and HMUL2 take the IMAD pipe pipe.half cycles (probe_alu3 hadd:
 *   add.f16 beside an IMAD 4.07 a step, beside a LOP3 2.13), HFMA2.MMA (mma: half_pairs) not the IMAD pipe (hadd2:
 *   add.f16x2 half HADD2, half HFMA2.MMA, alone 1.09, beside an IMAD 3.13) but the ALU pipe pipe.mma_alu cycles
 *   (1: beside a LOP3 2.48-2.52 a step with 2-8 warps a sub-partition, where add.f16's HADD2 takes 2.08-2.13; that
 *   of a mul not measured); a half fma none (HFMA2 and HFMA2.MMA hold the issue: issue_cycles; with the ALU cycle
 *   too fma.rn.f16x2 beside a LOP3 would take 3.6 a step where the H200 takes 3.2). (docs/calibration.md "(half17)",
 *   "(half20)")
 * Each slot holds its pipe the preset's cycles (alu_hold, imad_hold, xu_hold): slots[] holds those cycles. Returns
 * whether the form takes the XU pipe, whatever its rate (schedule.xu_stall: xu_spaced). */
static int math_slots(const ws_timing *t, const ws_insn *in, unsigned fold, int add_imad, int mma, int form,
                      uint8_t slots[SLOT_BYTES], uint8_t *side)
{
    uint64_t xu = t->xu_hold; /* the XU slot's cycles */
    int spaced = 1;           /* an XU slot spaced by schedule.xu_stall (below) */
    memset(slots, 0, SLOT_BYTES);
    *side = 0;
    if (ws_half_arith_halves(in)) { /* HADD2, HMUL2 pipe.half cycles; an add's HFMA2.MMA the ALU (below); HFMA2 none */
        if (in->op != WS_OP_FMA && !mma)
            slots[SLOT_IMAD] = (uint8_t)t->half_hold;
        if (mma && in->op != WS_OP_FMA) /* an add's, sub's or mul's HFMA2.MMA: the ALU pipe (pipe.mma_alu; reading a
                                         * prmt's value, half_mma 2, pipe.mma_prmt) */
            slots[SLOT_ALU] = (uint8_t)(mma == 2 ? t->mma_prmt_hold : t->mma_alu_hold);
        if (t->fma_rule && !mma) /* HADD2, HMUL2, HFMA2: both halves of the FMA pipe */
            slots[SLOT_FMA] = (uint8_t)(FMA_HALF | (t->half_hold > 1 ? t->half_hold : 1));
        else if (t->fma_rule && t->mma_credit && in->op != WS_OP_FMA) /* its HFMA2.MMA: a credit (pipe.mma_credit) */
            slots[SLOT_CREDIT] = 1;
        *side = WS_SIDE_HALF;
        return 0;
    }
    ws_type ty = (ws_type)in->type, from = (ws_type)in->type2;
    int wide = ws_type_bits(ty) == 64, fl = ws_type_is_float(ty);
    ws_issue_pipe pipe = (ws_issue_pipe)ws_optable[in->op].pipe;
    if (ty == WS_T_F32 && (pipe == PIPE_ADD || pipe == PIPE_IMAD || pipe == PIPE_FMA)) {
        *side = WS_SIDE_FMA; /* FADD, FMUL, FFMA: no slot (one a cycle), but beside half work (pipe.fma_half) */
        if (t->fma_rule)
            slots[SLOT_FMA] = (uint8_t)t->fma_hold;
    }
    switch (pipe) {
    case PIPE_ALU:
    case PIPE_ALU_F32:
    case PIPE_ALU_ALL:
        if (fl && !(pipe == PIPE_ALU_ALL || (pipe == PIPE_ALU_F32 && ty == WS_T_F32)))
            break;
        if (in->op == WS_OP_BFI && is_imm(in, 3) && is_imm(in, 4))
            slots[SLOT_ALU] = slots[SLOT_IMAD] = 1;
        else if (in->op == WS_OP_SHL && !wide && is_imm(in, 2))
            slots[add_imad ? SLOT_IMAD : SLOT_ANY] =
                1; /* SHF.L.U32 or IMAD.SHL.U32, as an add (probe_alu2 shl_l, shl_m) */
        else
            slots[SLOT_ALU] = in->op == WS_OP_BFE || in->op == WS_OP_BFI || wide ? 2 : 1;
        break;
    case PIPE_IMAD:
        if (fl)
            break;
        if (in->sub == WS_MUL_HI || in->sub == WS_MUL_WIDE) {
            slots[SLOT_ALU] = 1;
            slots[SLOT_IMAD] = 2;
        } else
            slots[SLOT_IMAD] = 1;
        break;
    case PIPE_ADD:
        if (fl)
            break;
        if (fold == WS_FOLD_IMAD || add_imad) /* a mul.lo folded into it (fold.imad), or add_pipes: one IMAD */
            slots[SLOT_IMAD] = 1;
        else if (wide)
            slots[SLOT_ALU] = slots[SLOT_IMAD] = 1;
        else
            slots[SLOT_ANY] = 1;
        break;
    case PIPE_MUFU_APPROX: /* MUFU.RCP, MUFU.SQRT; the IEEE forms are ptxas's sequences (not measured) */
    case PIPE_MUFU_RCP:
        if (!(in->mods & WS_MOD_APPROX))
            break;
        /* fall through */
    case PIPE_MUFU:
    case PIPE_XU:
        slots[SLOT_XU] = 1;
        slots[SLOT_ALU] = (uint8_t)mufu_fixups(in); /* FSETP, FSEL */
        /* POPC, FLO, BREV; not a MUFU, whose SASS has what warpsim issues as one (rcp's -R operand, sin's FMUL.RZ
         * before it, the fix-ups) apart from the MUFU: a neg or the FMUL between two would wait where ptxas's don't */
        spaced = in->op == WS_OP_POPC || in->op == WS_OP_BFIND || in->op == WS_OP_BREV ||
                 (in->op == WS_OP_CLZ && t->p.schedule_xu_clz > 0);
        if (in->op == WS_OP_CLZ)
            slots[SLOT_ALU] = 1; /* FLO and IADD3 31 - it (probe_alu3 clz) */
        break;
    case PIPE_CONV:
        if (ty == WS_T_F32 && !ws_type_is_float(from) && ws_type_bits(from) <= 32)
            slots[SLOT_ALU] = 1; /* I2FP */
        else if (from == WS_T_F32 && !fl && ws_type_bits(ty) <= 32)
            slots[SLOT_XU] = 1; /* F2I */
        else if (from == WS_T_F32 && (ty == WS_T_F16X2 || ty == WS_T_BF16X2 || form == HALF_F2FP))
            slots[SLOT_ALU] = 1; /* F2FP.PACK_AB (probe_alu3 f2h2, f2bf2); a half with RZ (cvt_to_half_sass) */
        else if (ty == WS_T_F32 && from == WS_T_F16) {
            slots[SLOT_IMAD] = 1; /* HADD2.F32 (probe_alu3 h2f) */
            *side = WS_SIDE_HALF;
        } else if (from == WS_T_F32 && (ty == WS_T_F16 || ty == WS_T_BF16 || ty == WS_T_F64)) {
            slots[SLOT_XU] = 1; /* F2F (probe_alu3 f2h, f2bf, f2d) */
            /* f16, bf16: spaced where the zero-extension ptxas folds into it is free (fold.zext; else warpsim issues
             * that cvt.u32.u16 between, where the SASS has nothing) */
            spaced = ty == WS_T_F64 || t->p.fold_zext > 0;
        } else if (from == WS_T_F64 && ty == WS_T_F32) {
            slots[SLOT_XU] = 1; /* F2F.F32.F64 (probe_alu3 d2f: 9 cycles) */
            xu = t->d2f_hold;
            /* spaced: its neg operand is folded (fold.neg) */
        }
        break;
    default: break;
    }
    if (!*side && !slots[SLOT_ANY] && !slots[SLOT_XU] && (slots[SLOT_ALU] != 0) != (slots[SLOT_IMAD] != 0))
        *side = slots[SLOT_ALU] ? WS_SIDE_ALU : WS_SIDE_FMA;    /* one pipe of the two: its datapath (cross.feed) */
    slots[SLOT_ALU] = (uint8_t)(slots[SLOT_ALU] * t->alu_hold); /* at most 4 x 63 (hold_of), + 3 (rcp_fixup) */
    if (slots[SLOT_ALU] && mufu_fixups(in) == 4) /* rcp.approx.f32's two FSETP, two FSEL (pipe.rcp_fixup) */
        slots[SLOT_ALU] = (uint8_t)(slots[SLOT_ALU] + t->rcp_fixup);
    slots[SLOT_IMAD] = (uint8_t)(slots[SLOT_IMAD] * t->imad_hold);
    if (!t->alu_hold || !t->imad_hold)
        slots[SLOT_ANY] = 0;
    int on_xu = slots[SLOT_XU] && spaced;
    slots[SLOT_XU] = (uint8_t)(slots[SLOT_XU] * xu);
    return on_xu;
}

/* A mov of %ntid.* or %nctaid.*: ptxas reads the launch's dimensions from the constant bank (ULDC
 * UR, c[0x0][0x0] .. c[0x0][0x14]), a line no instruction before it has read: the kernel's entry
 * reads c[0x0][0x28] with LDC, which goes around the immediate-constant cache, and the parameters'
 * line (c[0x0][0x208] ..). The block's first such read misses in the immediate-constant cache and
 * the warp issues nothing until the line is there, imc.miss later (probe_shfl_steps: cg's
 * thread_rank() in a region, ULDC c[0x0][0x4] and c[0x0][0x0] after the CS2R, 53-67 cycles over the
 * same region with the rank from %tid.x alone; time_cg_iscan_plus_tile32_*.sass); every warp after
 * it waits for the same line, and a read after the line is there hits. */
static int reads_launch_dims(const ws_insn *in)
{
    if (in->op != WS_OP_MOV || in->nops < 2 || in->ops[1].kind != WS_OPND_SREG)
        return 0;
    unsigned r = in->ops[1].reg;
    return (r >= WS_SREG_NTID_X && r <= WS_SREG_NTID_Z) || (r >= WS_SREG_NCTAID_X && r <= WS_SREG_NCTAID_Z);
}

/* The ALU fix-ups of instruction pc (mufu_fixups), with fold.mufu less those ptxas leaves out (fold.h mufu_less: an
 * ex2 reading an ex2's value none, a form whose source is dead after it no FSEL). */
static unsigned mufu_fixups_at(const ws_timing *t, const ws_insn *in, uint32_t pc)
{
    unsigned fix = mufu_fixups(in);
    if (fix && t->p.fold_mufu > 0 && t->fold.mufu_less && pc < t->ninfo)
        fix -= t->fold.mufu_less[pc] < fix ? t->fold.mufu_less[pc] : fix;
    return fix;
}

/* The SASS instructions of instruction pc in the cold code's lines (ifetch.h): with ifetch.sass its form's
 * (ws_mufu_sass), else one. */
unsigned ws_timing_sass_count(const ws_timing *t, const ws_insn *code, uint32_t pc)
{
    return t->p.ifetch_sass > 0 ? (unsigned)ws_mufu_sass(&code[pc], (int)mufu_fixups_at(t, &code[pc], pc)) : 1;
}

/* pipe.hfma2_pack (docs/calibration.md "(pack30)"): the HFMA2 (not HFMA2.MMA, half_pairs) of a scalar fma pair
 * (fold.pack) whose addend is its multiplier (`fma.rn.f16 a, a, c, c`): ptxas's HFMA2 reads two registers
 * (probe_pack21.sass pack21_hf, pack21_bf: `HFMA2 R5, R11, R6, R6`) where the f16x2 form's reads three, two of one
 * bank (`HFMA2 R5, R5, R7, R4.reuse`, pipe.hfma2's second cycle of reads, "(half17)"): its issue one cycle; the
 * FMA pipe's two (pipe.fma_half's slot) and its HFMA2.MMA's pipe.hfma2 stay. probe_pack21 hf, bf on the H200 (h200f)
 * 1.76 / 1.79 cycles a step at 4 / 8 warps a sub-partition, h's 1.79 / 1.77; with pipe.hfma2's 2 warpsim 2.06 / 1.95
 * (+17%, +8.5%), with 1 1.81 / 1.77. */
static int pack_fma_one_read(const ws_timing *t, const ws_insn *in, uint32_t pc)
{
    return t->p.pipe_hfma2_pack > 0 && in->op == WS_OP_FMA && pc < t->ninfo && t->fold.pack && t->fold.pack[pc] &&
           t->fold.kind[pc] != WS_FOLD_PACK && !(t->half_mma && t->half_mma[pc]) && in->nops >= 4 &&
           in->ops[2].kind == WS_OPND_REG && in->ops[3].kind == WS_OPND_REG && in->ops[2].reg == in->ops[3].reg;
}

/* What issuing instruction pc does to the scoreboard, rounded to whole cycles as the issue
 * rounds them. */
timing_info ws_timing_info_of(const ws_timing *t, const ws_insn *code, uint32_t pc)
{
    const ws_preset *p = &t->p;
    const ws_insn *in = &code[pc];
    ws_latency_class cls = (ws_latency_class)ws_optable[in->op].latency;
    timing_info f = {0};
    unsigned narrow = pc < t->ninfo ? t->narrow[pc] : WS_NARROW_NONE;
    unsigned fold = t->fold.kind && pc < t->ninfo ? t->fold.kind[pc] : WS_FOLD_NONE;
    int hoisted = fold == WS_FOLD_HOIST, packed = fold == WS_FOLD_PACK; /* free, with a latency (write_results) */
    f.free_mov =
        (uint8_t)(is_free_mov(in, narrow) || fold == WS_FOLD_ALU || fold == WS_FOLD_ADDR || fold == WS_FOLD_SAME ||
                  fold == WS_FOLD_ZEXT || fold == WS_FOLD_NEG || fold == WS_FOLD_DEAD || hoisted || packed);
    f.same = fold == WS_FOLD_SAME ? t->fold.same[pc] : WS_NO_REG;
    f.memory = (uint8_t)(ws_op_is_memory(in->op) && fold != WS_FOLD_SAME); /* a folded load: no access */
    int xu = 0;
    if (!f.free_mov) {
        xu = math_slots(t, in, fold, t->add_imad && pc < t->ninfo && t->add_imad[pc],
                        t->half_mma && pc < t->ninfo ? t->half_mma[pc] : 0, cvt_to_half_sass(t, pc, in), f.slots,
                        &f.side);
        unsigned fix = mufu_fixups_at(t, in, pc);
        f.issue = (uint8_t)issue_cycles(t, in, fix);
        if (fix < mufu_fixups(in)) /* ptxas left some out (mufu_fixups_at) */
            f.slots[SLOT_ALU] = (uint8_t)fix;
        if (t->fma_read3 && pc < t->ninfo && t->fma_read3[pc]) /* pipe.fma_read3: an FFMA reading three registers */
            f.issue = (uint8_t)key_cycles(t->p.pipe_fma_read3, 1);
        if (pack_fma_one_read(t, in, pc)) /* pipe.hfma2_pack: an HFMA2 reading two registers */
            f.issue = (uint8_t)key_cycles(t->p.pipe_hfma2_pack, 1); /* at least the issue's cycle */
        unsigned prmt = pair_prmts(t, pc);
        if (prmt) { /* fold.pack: each PRMT before the pair's f16x2 op an issue cycle and pipe.prmt of the ALU pipe */
            f.slots[SLOT_ALU] = (uint8_t)(f.slots[SLOT_ALU] + prmt * t->prmt_hold);
            f.issue = (uint8_t)((f.issue ? f.issue : 1) + prmt);
        }
    }
    if (f.slots[SLOT_FMA] && !(f.slots[SLOT_FMA] & FMA_HALF) && t->half_value && pc < t->ninfo && t->half_value[pc])
        f.slots[SLOT_FMA] |= FMA_HALF_VALUE; /* pipe.half_own: held in the sub-partition's window (hold_fma) */
    int math = 0;
    f.math_one = SLOT_KINDS;
    for (unsigned k = 0; k < SLOT_KINDS; k++)
        if (f.slots[k]) {
            f.math_one = math ? SLOT_KINDS : (uint8_t)k;
            math = 1;
        }
    math |= f.slots[SLOT_CREDIT]; /* hold_math gives its credit */
    f.hold = t->fold.holds && pc < t->ninfo && t->fold.holds[pc];
    f.shfl = cls == LAT_SHFL;
    f.synced = pc > 0 && code[pc - 1].op == WS_OP_BAR_WARP && p->sync_feed > 0;
    /* ld, ldu, atom: from the access; match: from the values. A load of the param, local or const
     * space: its space's latency alone (latency_of reads nothing else of such an access, and
     * mem_commit adds nothing to it) */
    ws_space space = f.memory ? ws_access_space(in) : WS_SPACE_NONE;
    int in_space = space == WS_SPACE_PARAM || space == WS_SPACE_LOCAL || space == WS_SPACE_CONST;
    int from_data = cls == LAT_MATCH || (f.memory && ws_op_writes_op0(in->op) && !in_space);
    mem_cost none = {.space = in_space ? space : WS_SPACE_NONE};
    /* ptxas coalesces register-to-register moves (mov.b32 %r, %f around shuffles): a mov of a
     * register is a rename, its result ready as soon as its source (issue) */
    f.latency = f.free_mov && !hoisted && !packed ? 0
                : from_data                       ? -1
                                                  : ws_llround(ws_timing_insn_latency(t, pc, in, &none));
    /* cross.feed: ptxas gives 5 cycles, not 4, from a fixed-latency op to its reader on another datapath (ALU: LOP3,
     * IADD3, SEL, SHF, PRMT, ISETP, FSETP, I2FP; FMA: IMAD, VIADD, FFMA, FADD, FMUL; the half ops), 4 within one: every
     * such adjacent pair of the kept SASS (LOP3 -> IMAD 499 of 499, IMAD -> LOP3 586 of 780, the others stall counts
     * of 1, 3 or 7; IMAD -> IMAD 38,184 of 38,310 at 4, FFMA -> FMUL, IMAD -> FADD 4), and the H200 follows them:
     * probe_lat16 mad_l (IMAD + LOP3) 10.0 a step, h2f_l (HADD2.F32 + LOP3) 10.0 (docs/calibration.md "(lat18)") */
    if (!t->cross_feed)
        f.side = 0;
    else if (f.side && f.latency > 0 && f.latency <= ws_llround(p->lat[LAT_ALU]))
        f.side |= WS_SIDE_FEEDS;
    f.bits = cls == LAT_POPC || cls == LAT_CLZ || cls == LAT_BFIND || cls == LAT_BREV || ws_mufu_fixups(in) == 0 ||
             (p->conv_f2h > 0 && cvt_to_half_sass(t, pc, in) == HALF_F2F); /* probe_lat16 f2h_l: LOP3 S06 F2F */
    f.fixed = !f.free_mov && !f.memory && (cls == LAT_ALU || cls == LAT_ADD || cls == LAT_MUL || cls == LAT_FMA);
    /* the predicate of a shuffle (shfl.sync r|p) is ready shfl.pred after its value: CUB's warp
     * reductions and scans read it at once (SHFL paired with a predicated FADD in SASS, 36 cycles
     * a step: time_cub_warp_reduce_sum_float); nvcc's __shfl_*_sync leave it unread (bench_reduce_shfl) */
    f.pred = cls == LAT_SHFL ? (int32_t)ws_llround(p->shfl_pred) : 0;
    double fence = fence_of(p, in);
    f.fence = fence >= 0 ? ws_llround(fence) : -1;
    f.branch = cls == LAT_BRANCH && p->lat[LAT_BRANCH] > 1 ? (int32_t)ws_llround(p->lat[LAT_BRANCH]) : 0;
    if (t->branch_taken && kept_bra(t, pc) && !f.branch) /* branch.taken: issue_common and issue() tell a taken one */
        f.branch = -1;
    f.stall = t->stall && pc < t->ninfo && !f.free_mov ? t->stall[pc] : 0;
    f.subwarp = t->subwarp.form && pc < t->ninfo && t->subwarp.form[pc] != SUBWARP_NONE; /* built before */
    f.imc = (uint8_t)(reads_launch_dims(in) && p->imc_miss > 0);
    int cga = t->cga.needs && pc < t->ninfo ? t->cga.needs[pc] : 0; /* built before (CGA_CLOCK: sreg.cga_clock's) */
    f.gate = t->cga.gate && pc < t->ninfo && t->cga.gate[pc] && p->guard_feed > 0;
    f.arrival = pc > 0 && ws_op_class_of(code[pc - 1].op) == CLS_BARRIER && ws_insn_reads_clock(in) && p->bar_clock > 0;
    /* a load of the param or const space (read only: no line, no queue, no bank) whose latency is its space's: issue()
     * would do nothing for it beyond the common steps (mem_commit counts global lines alone) */
    int plain_load = (space == WS_SPACE_PARAM || space == WS_SPACE_CONST) && ws_op_writes_op0(in->op) &&
                     ws_op_class_of(in->op) != CLS_ATOMIC && f.latency >= 0 &&
                     !(t->stq_regs.slot && pc < t->ninfo && t->stq_regs.slot[pc]);
    /* an IMAD result's reader (pipe.imad_read) is rare: issue() holds the pipe for it, issue_common has no test */
    int imad_reader = t->imad_read && pc < t->ninfo && (t->imad_read[pc] & IMAD_READER);
    f.rare = (f.memory && !plain_load) || f.latency < 0 || f.subwarp || f.imc || f.fence >= 0 || f.branch > 0 ||
             f.hold || f.issue || cga || f.gate || f.arrival || ws_op_class_of(in->op) == CLS_BARRIER ||
             ws_op_ends_path(in->op) || imad_reader;
    /* the tests of earliest and write_results, decided once (--slow-path timing makes them per use) */
    f.feed = feed_of(t, f.bits, f.shfl, f.synced, fed_bra(t, pc));
    int stq_wait = t->stq_regs.wait && pc < t->ninfo && t->stq_regs.wait[pc];
    f.checks = (uint8_t)((f.memory || cga == CGA_CLOCK ? CHECK_BASE : 0) | (stq_wait ? CHECK_STQ : 0) |
                         (f.memory || f.shfl ? CHECK_PIPE : 0) | (math ? CHECK_MATH : 0) |
                         (xu && t->xu_stall ? CHECK_XU | CHECK_MATH : 0));
    /* the late reader of a spaced XU op (xu_late): a clz's IADD3, ready with its FLO's result (bfind; schedule.xu_clz);
     * with schedule.xu_fixup the FSETP or FMUL.RZ before a MUFU form's MUFU (fold.h fixup_read) reading a POPC's,
     * FLO's, BREV's or F2F's value, ready with it */
    int64_t late = !(f.checks & CHECK_XU) ? 0
                   : in->op == WS_OP_CLZ  ? ws_llround(p->lat[LAT_BFIND])
                   : p->schedule_xu_fixup > 0 && t->fold.fixup_read && pc < t->ninfo && t->fold.fixup_read[pc] &&
                           xu_short(in, f.slots)
                       ? f.latency
                       : 0;
    f.late = (uint8_t)(late < 0 ? 0 : late > UINT8_MAX ? UINT8_MAX : late);
    /* 1 + lazy_file's and retime_filed's key (timing_info.slots[SLOT_LAZY]), decided once: slots of one kind below FMA,
     * or an ALU and an IMAD slot alone (LAZY_BOTH), on no other pipe and not held by schedule.xu_stall; else 0 */
    const uint8_t *sl = f.slots;
    int both = sl[SLOT_ALU] && sl[SLOT_IMAD] && !sl[SLOT_ANY] && !sl[SLOT_XU] && !sl[SLOT_FMA];
    if ((f.checks & (CHECK_MATH | CHECK_PIPE | CHECK_XU)) == CHECK_MATH && (f.math_one < SLOT_FMA || both))
        f.slots[SLOT_LAZY] = (uint8_t)(1 + (f.math_one < SLOT_FMA ? f.math_one : LAZY_BOTH));
    /* the lazy keys its issue may move (hold_math, lazy_moved): a key's free cycle (pipe_free) reads the ALU pipe for
     * ALU, ANY and LAZY_BOTH, the IMAD pipe for IMAD, ANY and LAZY_BOTH, the XU pipe for XU; an add's ANY slot holds the
     * ALU or the IMAD pipe */
    const unsigned alu = 1u << SLOT_ALU | 1u << SLOT_ANY | 1u << LAZY_BOTH,
                   imad = 1u << SLOT_IMAD | 1u << SLOT_ANY | 1u << LAZY_BOTH;
    f.slots[SLOT_MOVES] = (uint8_t)((sl[SLOT_ALU] || sl[SLOT_ANY] ? alu : 0) |
                                    (sl[SLOT_IMAD] || sl[SLOT_ANY] ? imad : 0) | (sl[SLOT_XU] ? 1u << SLOT_XU : 0));
    f.fma_pipe = (uint8_t)(is_fma_pipe(in) | (imad_reader ? FMA_READS_IMAD : 0));
    if (t->halves && pc < t->ninfo && t->halves[pc]) { /* pipe.fma_halves: the halves, not pipe.imad_read's hold */
        f.fma_pipe = (uint8_t)((f.fma_pipe & ~FMA_READS_IMAD) | FMA_HALVES);
        f.rare = 1; /* issue() holds the half (halves_issue) */
    }
    f.writes = (uint8_t)((f.free_mov ? (f.latency > 0 ? WRITE_HOIST : WRITE_RENAME) : 0) | (f.pred ? WRITE_PRED : 0));
    if (t->join_at && pc < t->ninfo && t->join_at[pc]) /* branch.rejoin's wait (join_table: after the tables) */
        f.checks |= CHECK_JOIN;
    return f;
}
