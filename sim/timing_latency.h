/* An instruction's latency from its latency class, its form and its memory access (the preset's keys): for
 * timing.c's issue (a load's or an atomic's from its access, a fence's stall) and for each instruction's timing
 * facts (timing_info.c, once per kernel). Static functions in a header of their own, so that the issue path calls
 * them within its file, as it did before they were shared.
 */
#ifndef WS_TIMING_LATENCY_H
#define WS_TIMING_LATENCY_H

#include "timing_state.h"

/* Forms that ptxas lowers to other SASS than the rest of their class: longer sequences (the
 * preset's "lowered" keys, measured by bench_sfu, bench_div and bench_conv), and cvt forms that
 * are not conversion-unit ops; 0: the class latency. */
static double lowered_latency(const ws_preset *p, const ws_insn *in)
{
    bool f32 = in->type == WS_T_F32, approx = in->mods & WS_MOD_APPROX;
    switch (in->op) {
    case WS_OP_SIN:
    case WS_OP_COS: return p->sfu_sincos;
    case WS_OP_LG2: return ws_mufu_fixups(in) > 0 ? p->sfu_fixup : 0;
    case WS_OP_RCP:
    case WS_OP_SQRT:
        if (f32 && !approx)
            return in->op == WS_OP_RCP ? p->rcp_rn : p->sqrt_rn;
        return ws_mufu_fixups(in) > 0 ? p->sfu_fixup : 0;
    case WS_OP_DIV:
    case WS_OP_REM:
        if (in->type == WS_T_F64)
            return p->div_f64;
        return !ws_type_is_float((ws_type)in->type) && ws_type_bits((ws_type)in->type) == 64 ? p->div_64 : 0;
    case WS_OP_CVT: {
        /* a cvt between integer types is a move or an ALU op (bench_conv[6]) and a 32-bit integer
         * to f32 is I2FP, an FMA-pipe op (bench_conv[0-1]); F2I, F2F, I2F.F64 and FRND take conv.
         * bf16 to f32 is a shift (IMAD.U32, bench_conv2[0]); f32 to f16 or to a pair of halves
         * is F2FP, f16 to f32 HADD2.F32 (bench_conv[5], bench_conv2[1]) */
        ws_type to = (ws_type)in->type, from = (ws_type)in->type2;
        if (!ws_type_is_float(from) && !ws_type_is_float(to))
            return p->lat[LAT_ALU];
        if (!ws_type_is_float(from) && to == WS_T_F32 && ws_type_bits(from) == 32)
            return p->lat[LAT_FMA];
        if (to == WS_T_F32 && from == WS_T_BF16)
            return p->lat[LAT_ALU];
        return (to == WS_T_F16 || to == WS_T_F16X2 || to == WS_T_BF16X2) && from == WS_T_F32 ? p->conv_f16
               : to == WS_T_F32 && from == WS_T_F16                                          ? p->conv_f16
                                                                                             : 0;
    }
    default: return 0;
    }
}

/* Forms whose cycles depend on the type or a modifier rather than the opcode's class
 * (bench_mul, bench_half: issue 15); 0: the class latency. */
static double form_latency(const ws_preset *p, const ws_insn *in)
{
    ws_type ty = (ws_type)in->type;
    int int64 = !ws_type_is_float(ty) && ws_type_bits(ty) == 64;
    ws_latency_class cls = (ws_latency_class)ws_optable[in->op].latency;
    if (ty == WS_T_F64 && (cls == LAT_ADD || cls == LAT_MUL || cls == LAT_FMA))
        return p->fp64 + (in->guard != WS_NO_REG ? p->fp64_select : 0);
    if (in->op == WS_OP_MUL && ty == WS_T_F16X2) /* HMUL2 and HFMA2.MMA in turn (bench_half.sass) */
        return p->mul_f16x2;
    if (in->op == WS_OP_CVTA && !(in->mods & WS_MOD_TO) && in->space == WS_SPACE_SHARED && int64)
        return p->alu_64; /* two MOVs: the low word, then the shared window's high word (bench_conv2.sass) */
    if (cls == LAT_MUL && in->sub == WS_MUL_HI && !ws_type_is_float(ty))
        return int64 ? p->mul_hi_64 : p->mul_hi;
    if (!int64)
        return 0;
    switch (in->op) { /* 64-bit integers: two 32-bit halves with a carry or a compare between them */
    case WS_OP_ADD:
    case WS_OP_SUB:
    case WS_OP_SHR: return p->alu_64;
    case WS_OP_MIN:
    case WS_OP_MAX: return p->minmax_64;
    case WS_OP_SETP: return p->setp_64;
    default: return 0;
    }
}

/* ---- memory orders (bench_memord, docs/calibration.md) ------------------------------------------
 * ptxas puts a MEMBAR before a fence's or a release's access (st, red, atom .release/.acq_rel)
 * and a CCTL.IVALL after an acquire's (ld, atom .acquire/.acq_rel) beyond .cta scope; a strong
 * global load beyond .cta scope (.volatile is .sys) reads L2. .cluster counts as beyond .cta
 * (not measured: one block is its own cluster). */
static int beyond_cta(const ws_insn *in)
{
    return in->sem == WS_SEM_VOLATILE || (in->mods & WS_MOD_MMIO) || (in->scope && in->scope != WS_SCOPE_CTA);
}

/* The stall of the fence the instruction is or brings: cycles from the completion of the warp's
 * outstanding results until it issues again; -1: none. */
static double fence_of(const ws_preset *p, const ws_insn *in)
{
    int release = in->sem == WS_SEM_RELEASE || in->sem == WS_SEM_ACQ_REL;
    switch (in->op) {
    case WS_OP_FENCE:
    case WS_OP_MEMBAR: return beyond_cta(in) ? p->fence_gpu : p->fence_cta;
    case WS_OP_ST:
    case WS_OP_RED:
    case WS_OP_ATOM: return release ? (beyond_cta(in) ? p->fence_gpu : p->fence_cta) : -1;
    default: return -1;
    }
}

static double acquire_of(const ws_preset *p, const ws_insn *in, ws_space space)
{
    if ((in->op != WS_OP_LD && in->op != WS_OP_ATOM) || (in->sem != WS_SEM_ACQUIRE && in->sem != WS_SEM_ACQ_REL))
        return 0;
    if (!beyond_cta(in))
        return p->acquire_cta;
    return space == WS_SPACE_SHARED ? p->acquire_gpu_shared : p->acquire_gpu;
}

/* Out of line, as it was while timing.c held both its callers: issue()'s code (a load's, an atomic's latency) stays as
 * measured (docs/performance.md). */
static __attribute__((noinline)) double latency_of(const ws_timing *t, const ws_insn *in, const mem_cost *mc)
{
    const ws_preset *p = &t->p;
    ws_latency_class cls = (ws_latency_class)ws_optable[in->op].latency;
    if (in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_SREG && in->ops[1].reg == WS_SREG_LANEID && p->sreg_laneid > 0)
        return p->sreg_laneid; /* S2R SR_LANEID (subwarp_laneid) */
    if (in->op == WS_OP_MOV && in->ops[1].kind == WS_OPND_SREG && in->ops[1].reg <= WS_SREG_TID_Z && p->sreg_tid > 0)
        return p->sreg_tid; /* S2R SR_TID.X/Y/Z (probe_s2r_tid; cg's thread_rank() in a timed region) */
    /* in->sub: the shuffle's mode; shfl.idx's own latency is for a register lane (bench_shfl): with an
     * immediate lane, SHFL.IDX takes what SHFL.DOWN does (bench_mio_w1/w4/w8: 283/291/548 cycles for
     * 64 of them, down 283/290/545) */
    if (cls == LAT_SHFL && in->sub < 4 && p->shfl_mode[in->sub] > 0 &&
        !(in->sub == WS_SHFL_IDX && in->ops[2].kind == WS_OPND_IMM))
        return p->shfl_mode[in->sub];
    if (ws_op_is_memory(in->op) && ws_op_writes_op0(in->op)) { /* ld, ldu, atom */
        double base;
        switch (mc->space) {
        case WS_SPACE_SHARED: base = p->ld_shared; break;
        case WS_SPACE_GLOBAL: base = p->ld_global; break;
        case WS_SPACE_LOCAL: base = p->ld_local; break;
        case WS_SPACE_PARAM: base = p->ld_param; break;
        case WS_SPACE_CONST: base = p->ld_const; break;
        default: base = p->lat[cls]; break;
        }
        if (mc->space == WS_SPACE_GLOBAL && ws_insn_is_strong_load(in) && beyond_cta(in))
            base = p->ld_strong;
        else if (mc->space == WS_SPACE_GLOBAL && (in->mods & WS_MOD_CG) && p->ld_cg > 0)
            base = p->ld_cg;                      /* .cg skips L1: an L2 hit (bench_global[1]) */
        if (ws_op_class_of(in->op) == CLS_ATOMIC) /* a release's fence comes before the atomic: its result is later */
            base = (mc->space == WS_SPACE_SHARED ? p->atom_shared : p->lat[LAT_ATOM]) +
                   (fence_of(p, in) > 0 ? fence_of(p, in) : 0);
        return base + mc->extra_latency + acquire_of(p, in, mc->space);
    }
    double lowered = lowered_latency(p, in);
    if (lowered <= 0)
        lowered = form_latency(p, in);
    return lowered > 0 ? lowered : p->lat[cls];
}

#endif
