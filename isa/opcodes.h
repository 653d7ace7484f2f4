/* opcodes: the instruction set as the one table (opcodes.def) gives it to warpsim's own code:
 * the opcode enum, the latency classes and suffix groups of its columns, and the table itself
 * for the parser, the printer, the executors' dispatch, the timing model and docs/isa.md.
 * Internal: not installed; the public program types are in warpsim/isa.h. */
#ifndef WS_OPCODES_H
#define WS_OPCODES_H

#include "warpsim/isa.h"

/* ---- opcodes, from the one table ---------------------------------------------------------- */
typedef enum {
#define OP(id, mn, shape, sfx, cls, lat, pipe, ex, doc) WS_OP_##id,
#include "opcodes.def"
#undef OP
    WS_OP_COUNT
} ws_opcode;

/* Instruction classes (the table's "class" column): what the rest of warpsim asks of an
 * instruction, so that no file keeps a list of opcodes of its own. */
typedef enum {
    CLS_ALU,        /* computes registers from registers: no memory, no control, no other lane */
    CLS_LOAD,       /* reads memory (ld, ldu) */
    CLS_STORE,      /* writes memory (st) */
    CLS_ATOMIC,     /* reads and writes memory atomically (atom, red) */
    CLS_COLLECTIVE, /* a .sync instruction over the lanes of its membermask, the last operand */
    CLS_ORDER,      /* orders or paces, with no effect on results (membar, fence, nanosleep, ...) */
    /* The classes from here on move the lanes that issue them: their executors (sim/warp.c) say
     * where each lane goes next; every other instruction's lanes go on to the next pc. */
    CLS_BRANCH,     /* jumps to its label, operand 0 (bra); lanes whose guard is false fall through */
    CLS_CALL,       /* enters a .func or calls vprintf, then goes on after the call (call) */
    CLS_RETURN,     /* back to the caller of a .func; in the kernel's own code the lane ends (ret) */
    CLS_EXIT,       /* the lane ends (exit) */
    CLS_TRAP,       /* stops the kernel with an error (trap) */
    CLS_BARRIER,    /* waits at a block barrier (bar, barrier) */
    CLS_COUNT
} ws_op_class;

/* Timing classes: the architecture preset (sim/timing.c) gives each its cycles. */
typedef enum {
    LAT_ALU, LAT_ADD, LAT_MUL, LAT_FMA, LAT_DIV, LAT_SFU, LAT_CONV, LAT_MEM, LAT_STORE,
    LAT_ATOM, LAT_BRANCH, LAT_CALL, LAT_SHFL, LAT_VOTE, LAT_MATCH, LAT_REDUX, LAT_SYNC,
    LAT_BAR, LAT_POPC, LAT_CLZ, LAT_BFIND, LAT_BREV, LAT_BFE, LAT_BFI, LAT_MUL24, LAT_CLASS_COUNT
} ws_latency_class;

/* Issue pipes (the table's "pipe" column): the sub-partition's pipe an instruction's SASS issues to, which takes a
 * warp instruction every pipe.alu, pipe.imad or pipe.xu cycles (the preset; probe_alu, probe_alu2 on the H200: 2, 2,
 * 8; probe_alu3: MUFU, F2F, FLO and BREV on the XU pipe too). Its form refines it (sim/timing.c math_slots: a float
 * form, 64 bits, .hi/.wide, bfe/bfi's operands, cvt's types), from the SASS ptxas makes of it (docs/calibration.md
 * "(alu25)", "(alu27)"). */
typedef enum {
    PIPE_NONE, /* no issue rate of its own: free movs, float forms on the FMA pipe (one a cycle), or not measured */
    PIPE_ALU,     /* integer forms: ISETP, LOP3, PLOP3, SHF, PRMT, VIMNMX, IABS, SGXT, BMSK, IADD3.X */
    PIPE_ALU_F32, /* integer and f32 forms: ISETP and FSETP, VIMNMX and FMNMX, FSEL (slct.f32); f64, f16 not measured */
    PIPE_ALU_ALL, /* every type: SEL (a 64-bit selp is two) */
    PIPE_IMAD, /* IMAD; IMAD.HI and IMAD.WIDE (.hi, .wide) take it twice and the ALU pipe once */
    PIPE_ADD,  /* an integer add: ptxas makes it IADD3 (ALU) or IMAD.IADD (IMAD's pipe), whichever is free */
    PIPE_XU,   /* POPC, FLO (clz, bfind), BREV, MUFU (sin, cos, tanh); clz is FLO + an IADD3 (ALU) */
    PIPE_MUFU, /* MUFU (rsqrt, ex2, lg2) on the XU pipe; an .f32 form without .ftz is ptxas's MUFU with its range
                  fix-ups, an FSETP and an FSEL (ALU pipe) and two FMUL or FADD (FMA pipe): 5 instructions issued */
    PIPE_MUFU_APPROX, /* MUFU (sqrt) in the .approx forms, with PIPE_MUFU's fix-ups; the IEEE forms are sequences,
                         not measured */
    PIPE_MUFU_RCP, /* MUFU.RCP in the .approx forms; .f32 without .ftz: two FSETP, two FSEL (ALU pipe) and two FMUL
                      around it, 7 instructions issued */
    PIPE_CONV, /* a cvt, by its types: int to f32 I2FP and f32 to f16x2/bf16x2 F2FP (ALU), f16 to f32 HADD2.F32
                  (IMAD's pipe), f32 to int F2I and f32 to f16/bf16/f64, f64 to f32 F2F (XU; f64 to f32
                  pipe.xu_d2f cycles), the others not measured */
    PIPE_FMA,  /* the FMA pipe, one a cycle (FFMA); the .f64 form DFMA, as add/sub/neg (PIPE_ADD) and mul/mad
                  (PIPE_IMAD) .f64 (DADD, DMUL), holds its sub-partition's issue pipe.f64 cycles; a half form
                  (HFMA2, HFMA2.MMA) pipe.hfma2 cycles, where a half add, sub or mul (HADD2, HMUL2) takes the IMAD
                  pipe pipe.half cycles but every other one of a block's independent pair ops (HFMA2.MMA: an
                  add's takes the ALU pipe pipe.mma_alu cycles); a half op but HFMA2.MMA holds both halves of the
                  FMA pipe, and an FFMA within pipe.half_window cycles after one holds it whole pipe.fma_half
                  cycles (timing.c hold_fma) */
    PIPE_COUNT
} ws_issue_pipe;

/* Suffix groups an opcode accepts (the table's "suffixes" column). */
enum {
    SFX_TYPE = 1u << 0,      /* one type: .u32 */
    SFX_TYPE2 = 1u << 1,     /* two types: cvt.f32.s32 */
    SFX_SPACE = 1u << 2,     /* .global .shared .local .param .const */
    SFX_VEC = 1u << 3,       /* .v2 .v4 */
    SFX_RND = 1u << 4,       /* .rn .rz .rm .rp .rni .rzi .rmi .rpi */
    SFX_FTZ = 1u << 5,       /* .ftz */
    SFX_SAT = 1u << 6,       /* .sat */
    SFX_HILO = 1u << 7,      /* .hi .lo .wide */
    SFX_APPROX = 1u << 8,    /* .approx .full */
    SFX_CMP = 1u << 9,       /* .eq .lt ... .equ .nan */
    SFX_BOOL = 1u << 10,     /* setp's .and .or .xor */
    SFX_SYNC = 1u << 11,     /* .sync */
    SFX_SHFLMODE = 1u << 12, /* .up .down .bfly .idx */
    SFX_VOTEMODE = 1u << 13, /* .all .any .uni .ballot */
    SFX_OP = 1u << 14,       /* atom/red/redux operation: .add .min .max .and ... */
    SFX_UNI = 1u << 15,      /* .uni */
    SFX_TO = 1u << 16,       /* cvta.to */
    SFX_MEMORD = 1u << 17,   /* .volatile .relaxed .acquire .release .sc .acq_rel .weak .mmio */
    SFX_SCOPE = 1u << 18,    /* .cta .gpu .sys .gl .cluster */
    SFX_CACHE = 1u << 19,    /* .nc .ca .cg .cs .lu .cv .wb .wt and L2 hints */
    SFX_BARMODE = 1u << 20,  /* .sync .arrive */
    SFX_ALIGNED = 1u << 21,  /* .aligned */
    SFX_NAN = 1u << 22,      /* min/max .NaN */
    SFX_CC = 1u << 23,       /* .cc: write the carry flag (add, sub, mad, addc, subc, madc) */
    SFX_SHIFTAMT = 1u << 24, /* bfind.shiftamt */
    SFX_PRMT = 1u << 25,     /* prmt modes .f4e .b4e .rc8 .ecl .ecr .rc16 */
    SFX_SHF = 1u << 26,      /* shf .l .r .wrap .clamp */
    SFX_TESTP = 1u << 27,    /* testp .finite .infinite .number .notanumber .normal .subnormal */
    SFX_RELU = 1u << 28,     /* .relu: negative results become +0 (fma and cvt to halves) */
    SFX_NOFTZ = 1u << 29,    /* atom/red .noftz: half additions keep subnormals */
    SFX_BMODE = 1u << 30,    /* bmsk/szext .clamp .wrap */
};
/* (ISO C enumerators are ints: the groups from bit 31 on are macros) */
#define SFX_GRIDDEP (1u << 31)   /* griddepcontrol .launch_dependents .wait */
#define SFX_VIDEO (1ull << 32)   /* SIMD video: .dtype.atype.btype (vset: .atype.btype), .add accumulates */
#define SFX_TYPE3 (1ull << 33)   /* a third type: cvt.pack.sat.u8.s32.b32 */
#define SFX_ISSPACE (1ull << 34) /* isspacep's space: .global .shared{::cta,::cluster} .local .const .param{::entry} */
enum { WS_BMODE_CLAMP = 1, WS_BMODE_WRAP = 2 };          /* ws_insn.sub of bmsk, szext */
/* ws_insn.sub of isspacep: the window asked about */
enum { WS_ISSPACE_GLOBAL = 1, WS_ISSPACE_SHARED, WS_ISSPACE_SHARED_CTA, WS_ISSPACE_SHARED_CLUSTER, WS_ISSPACE_LOCAL,
       WS_ISSPACE_CONST, WS_ISSPACE_PARAM, WS_ISSPACE_PARAM_ENTRY };
/* ws_insn.sem (0: none written) and ws_insn.scope (0: none written) */
enum { WS_SEM_VOLATILE = 1, WS_SEM_RELAXED, WS_SEM_ACQUIRE, WS_SEM_RELEASE, WS_SEM_ACQ_REL, WS_SEM_SC,
       WS_SEM_WEAK, WS_SEM_MMIO };
enum { WS_SCOPE_CTA = 1, WS_SCOPE_GPU, WS_SCOPE_SYS, WS_SCOPE_GL, WS_SCOPE_CLUSTER };
enum { WS_GRIDDEP_LAUNCH = 1, WS_GRIDDEP_WAIT = 2 };     /* ws_insn.sub of griddepcontrol */

/* ---- the table, for the printer, the timing model and the docs -------------------------------- */
typedef struct {
    const char *mnemonic;
    const char *shape;
    uint64_t suffixes;
    uint8_t cls;       /* ws_op_class */
    uint8_t latency;   /* ws_latency_class */
    uint8_t pipe;      /* ws_issue_pipe */
    const char *meaning;
} ws_opinfo;
extern const ws_opinfo ws_optable[WS_OP_COUNT];

/* Facts of the table, asked by opcode. */
static inline ws_op_class ws_op_class_of(unsigned op) { return (ws_op_class)ws_optable[op].cls; }
static inline bool ws_op_is_memory(unsigned op)
{
    ws_op_class c = ws_op_class_of(op);
    return c == CLS_LOAD || c == CLS_STORE || c == CLS_ATOMIC;
}
/* Its executor moves the lanes (control flow, block barriers): see CLS_BRANCH. */
static inline bool ws_op_moves_lanes(unsigned op) { return ws_op_class_of(op) >= CLS_BRANCH; }
/* The lanes leave the code's straight line here: no fall-through unless the guard is false. */
static inline bool ws_op_ends_path(unsigned op)
{
    ws_op_class c = ws_op_class_of(op);
    return c == CLS_RETURN || c == CLS_EXIT || c == CLS_TRAP;
}
/* Operand roles, from the shape: whether operand 0 is written, and which operand is the address
 * (-1: none). */
static inline bool ws_op_writes_op0(unsigned op)
{
    char c = ws_optable[op].shape[0];
    return c == 'd' || c == 'D' || c == 'P';
}
static inline int ws_op_address_operand(unsigned op)
{
    int i = 0;
    for (const char *c = ws_optable[op].shape; *c; c++) {
        if (*c == 'm')
            return i;
        i += *c != '?'; /* '?' marks the optional tail, not an operand */
    }
    return -1;
}

/* add.cc, addc, ... : dpred is the carry register, not a second destination to print */
static inline bool ws_insn_uses_carry(const ws_insn *in)
{
    return (in->mods & WS_MOD_CC) || in->op == WS_OP_ADDC || in->op == WS_OP_SUBC || in->op == WS_OP_MADC;
}
/* The registers an instruction reads and writes: the one walk of its operands by their roles,
 * for control-flow analysis, the scoreboard, the uninitialized-register check and the event
 * stream. src: the guard first, then in operand order every register a source operand, an
 * address base or a source vector names; dst: operand 0's register or vector elements when the
 * shape makes it a destination (d, D, P), then the second destination dpred (setp's |q, a
 * shuffle's predicate, the carry of .cc). Sinks (_) are left out; duplicates are kept. */
typedef struct {
    uint32_t src[24], nsrc;
    uint32_t dst[6], ndst;
} ws_reg_use;
void ws_insn_reg_use(const ws_insn *in, ws_reg_use *u);
/* Whether the instruction whose uses are u writes register reg. */
static inline bool ws_reg_use_writes(const ws_reg_use *u, uint32_t reg)
{
    for (uint32_t i = 0; i < u->ndst; i++)
        if (u->dst[i] == reg)
            return true;
    return false;
}
/* Whether the instruction whose uses are u reads register reg (never WS_NO_REG: the uses leave it out). */
static inline bool ws_reg_use_reads(const ws_reg_use *u, uint32_t reg)
{
    for (uint32_t i = 0; i < u->nsrc; i++)
        if (u->src[i] == reg)
            return true;
    return false;
}
/* Whether the instruction whose uses are u reads any of the n registers regs. */
static inline bool ws_reg_use_reads_any(const ws_reg_use *u, const uint32_t *regs, uint32_t n)
{
    for (uint32_t i = 0; i < n; i++)
        if (ws_reg_use_reads(u, regs[i]))
            return true;
    return false;
}
/* Whether the instruction whose uses are `reader` reads a register the one whose uses are `writer` writes. */
static inline bool ws_reg_use_reads_from(const ws_reg_use *reader, const ws_reg_use *writer)
{
    return ws_reg_use_reads_any(reader, writer->dst, writer->ndst);
}
/* A load with a memory order stronger than .weak (.volatile .relaxed .acquire, .mmio): what a
 * warp spins on while it waits for another warp's store, so the functional scheduler lets the
 * other warps run after it. */
static inline bool ws_insn_is_strong_load(const ws_insn *in)
{
    return in->op == WS_OP_LD && ((in->sem && in->sem != WS_SEM_WEAK) || (in->mods & WS_MOD_MMIO));
}
/* A read of %clock, %clock_hi or %clock64: the timed instructions stay between two (ptxas's
 * schedule, the shared window's base and the folds of the timing mode do not cross one). */
static inline bool ws_insn_reads_clock(const ws_insn *in)
{
    for (unsigned i = 0; i < in->nops; i++)
        if (in->ops[i].kind == WS_OPND_SREG &&
            (in->ops[i].reg == WS_SREG_CLOCK || in->ops[i].reg == WS_SREG_CLOCK_HI || in->ops[i].reg == WS_SREG_CLOCK64))
            return true;
    return false;
}
/* An .f32 form of a MUFU pipe (PIPE_MUFU; PIPE_MUFU_APPROX, PIPE_MUFU_RCP in the .approx forms) is one MUFU: the
 * ALU-pipe fix-ups ptxas puts around it without .ftz (an FSETP and an FSEL; rcp two of each, each form also two
 * FMUL or FADD on the FMA pipe: probe_alu3.sass alu3_ex2, alu3_rcp), 0 with .ftz, where the MUFU reads the source
 * itself (`MUFU.RCP R4, -R4`: alu3_rcpf_x); -1: no such form (another type, the IEEE rcp and sqrt sequences, a
 * MUFU of PIPE_XU, whose SASS has an FMUL.RZ before it, or another op). The one answer for the timing model's
 * pipes and issue (sim/timing.c) and the neg fold (sim/fold.c), docs/calibration.md "(alu27)", "(mufu18)". */
static inline int ws_mufu_fixups(const ws_insn *in)
{
    ws_issue_pipe pipe = (ws_issue_pipe)ws_optable[in->op].pipe;
    if (in->type != WS_T_F32 || (pipe != PIPE_MUFU && pipe != PIPE_MUFU_APPROX && pipe != PIPE_MUFU_RCP) ||
        (pipe != PIPE_MUFU && !(in->mods & WS_MOD_APPROX)))
        return -1;
    if (in->mods & WS_MOD_FTZ)
        return 0;
    return pipe == PIPE_MUFU_RCP ? 4 : 2;
}
/* A half add, sub, mul or fma: 1 of one half (.f16, .bf16), 2 of a pair (.f16x2, .bf16x2), else 0. ptxas makes it
 * HADD2, HMUL2 or HFMA2 (a scalar one reads its register's low half: `HADD2 R, R.H0_H0, R.H0_H0`), or for a pair
 * HFMA2.MMA (sim/timing.c half_pairs); two scalar ones may be one f16x2 op (sim/fold.c, fold.pack). */
static inline unsigned ws_half_arith_halves(const ws_insn *in)
{
    if (in->op != WS_OP_ADD && in->op != WS_OP_SUB && in->op != WS_OP_MUL && in->op != WS_OP_FMA)
        return 0;
    switch ((ws_type)in->type) {
    case WS_T_F16:
    case WS_T_BF16: return 1;
    case WS_T_F16X2:
    case WS_T_BF16X2: return 2;
    default: return 0;
    }
}
/* Whether ptxas's SASS of an .f32 MUFU form reads the form's source with an instruction before the MUFU, not the MUFU
 * itself: the FSETP of the range fix-ups (ws_mufu_fixups > 0), or sin's and cos's FMUL.RZ by 1 / (2 pi) (probe_alu3.sass
 * alu3_sin_x: `FMUL.RZ R13, R7, 0.15915493667125701904`). ptxas issues that instruction as the reader of an XU op's
 * value, one XU op after it, the MUFU later (sim/fold.c fixup_read, docs/calibration.md "(mufu19)"). */
static inline int ws_mufu_reads_first(const ws_insn *in)
{
    return ws_mufu_fixups(in) > 0 || ((in->op == WS_OP_SIN || in->op == WS_OP_COS) && in->type == WS_T_F32);
}
/* The SASS instructions ptxas makes of an .f32 MUFU form with `fix` ALU fix-ups (ws_mufu_fixups, less those ptxas
 * leaves out: sim/fold.h mufu_less): the MUFU, the fix-ups and two FMUL or FADD (rcp.approx.f32: 7; ex2, rsqrt, lg2,
 * sqrt: 5, 4 without the FSEL; probe_alu3.sass alu3_rcp, alu3_ex2_l, alu3_lg2); sin and cos their FMUL.RZ and the
 * MUFU (2); else 1. The one count for the timing model's issue (sim/timing.c issue_cycles) and the cold code's lines
 * (ifetch.sass, docs/calibration.md "(fetch21)"). */
static inline int ws_mufu_sass(const ws_insn *in, int fix)
{
    if (fix > 0)
        return 1 + fix + 2;
    return (in->op == WS_OP_SIN || in->op == WS_OP_COS) && in->type == WS_T_F32 ? 2 : 1;
}
const char *ws_latency_name(ws_latency_class c);
/* "alu", "alu (f32 too)", "alu (every type)", "imad", "alu or imad", "xu", "xu (fix-ups)", "xu (.approx; fix-ups)",
 * "xu (.approx; rcp's fix-ups)", "by its types", "fma"; "-" for PIPE_NONE */
const char *ws_issue_pipe_name(ws_issue_pipe p);
const char *ws_op_class_name(ws_op_class c);

#endif
