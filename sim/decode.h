/* decode: a kernel decoded once for the functional mode's interpreter (decode.c decodes,
 * interp_run.h runs, interp.h chooses the run loop's SIMD variant). Each instruction becomes a
 * handler number with its operands resolved to register rows and immediates; a shfl.sync whose mode, b, c and membermask are constants
 * becomes a fixed lane permutation; ld.param with a constant address reads the parameter once
 * for the warp. A converged warp's straight-line stretch runs through it (warp.c,
 * ws_warp_run_converged); an instruction it has no handler for runs through the instruction's
 * executor (L->xfn), as before, so every result, statistic and diagnostic is the one the
 * executors give. The run loop is compiled once per SIMD variant (interp_base.c, interp_avx2.c,
 * interp_avx512.c) and one is chosen at run time (interp.h). */
#ifndef WS_DECODE_H
#define WS_DECODE_H

#include "fast_ops.h"
#include "sim.h"

/* What a decoded instruction does (the run loop's switch): a form of fast_ops.h (WS_FK_*, the
 * same numbers), or one of these. */
enum {
    DK_GENERAL = WS_FK_NONE, /* its executor, L->xfn[pc] */
    DK_LEAVE = WS_FK_COUNT,  /* the stretch ends before it: it moves lanes (warp.c runs it) */
    DK_BRA,                  /* a branch: inline when uniform, else as DK_LEAVE */
    DK_SHFL_PERM,            /* a constant shuffle: lane l reads lane src[l] (ws_dshfl) */
    DK_LD_PARAM,             /* ld.param of 4 or 8 bytes at a constant offset, zero-extended */
    DK_SREG,                 /* mov of a special register ws_sreg_row computes per warp (imm: which) */
    DK_LD,                   /* ld/st.{global,shared} of a row: one bounds check for consecutive lanes */
    DK_ST,
    DK_WARPSYNC, /* bar.warp.sync with the constant membermask of all 32 lanes */
    DK_COUNT,
    /* ws_dinsn.disp only: the run loop looks at the guard, the branch or the stops first */
    DK_CHECK = DK_COUNT,
    DK_DISPATCH_COUNT
};

/* When the run loop stops before an instruction it could run (ws_dinsn.stops), for warp.c:
 *  - under check_uninitialized, one whose check is not proven needless (WS_UNINIT_*, cfg.h:
 *    warp.c runs it with the check);
 *  - in a diverged warp's group: a collective (it may wait for lanes of other groups) and,
 *    after the first instruction, a reconvergence point (lanes may wait there): the scheduler's
 *    (ws_warp_step_stretch);
 *  - always: an instruction of DK_LEAVE. */
/* DK_LD, DK_ST: ws_dinsn.imm3's flags for an address in a 32-bit row (else a 64-bit row) and, with
 * it, a 4-byte element in shared memory whose wrap keeps addresses to 32 bits (interp_mem.h's
 * shared_words) */
enum { DK_ADDR_ROW32 = 256, DK_SHARED_WORD = 512 };

enum { DK_STOP_UNINIT = 3, DK_STOP_COLLECTIVE = 4, DK_STOP_RECONV = 8, DK_STOP_LEAVE = 16 /* DK_LEAVE: always */ };

/* A constant shuffle's routing, computed at decode time by ws_shfl_rule. Its source and
 * destination are 32-bit rows, its predicate (if any) a predicate's word. */
typedef struct {
    uint8_t src[32];
    uint32_t in_range; /* the predicate destination's lanes */
    int shifted;       /* src[l] = l + shift in the lanes of take, l in the others (up, down) */
    int shift;
    uint32_t take[32]; /* all ones in the lanes that read l + shift, else 0 */
    /* src as 32-bit indices: the vector variants' permutations (interp_run.h) */
    uint32_t src32[32];
    /* AVX2's (interp_run.h): the 8 lanes j of the result read at most two of the source's four
     * 8-lane vectors, at byte offsets oa[j] and ob[j] of the row (the same where one is all), ob's
     * in the lanes of pick (all ones): up, down and bfly do, and idx, which reads one lane */
    int pair;
    uint8_t oa[4], ob[4];
    uint32_t pick[32];
} ws_dshfl;

/* One decoded instruction. Registers are their rows' offsets in the warp's register file
 * (ws_reg_layout: a form's rows are of the widths it names, fast_ops.h). */
typedef struct {
    uint8_t kind;   /* DK_* */
    uint8_t ends;   /* the stretch ends after it: a strong load (the warp yields) or a call */
    uint8_t yields; /* of those, a strong load */
    uint8_t guard_neg;
    uint8_t stops;     /* DK_STOP_*: when the run loop leaves it to warp.c */
    uint8_t disp;      /* the run loop's handler: kind, or DK_CHECK for a guard, a branch or stops */
    uint8_t guard_row; /* the guard's WS_ROW_* (a predicate's, but for registers the parser makes) */
    uint8_t d_row;     /* DK_LD_PARAM, DK_SREG, DK_LD, DK_ST: the value's WS_ROW_* */
    uint32_t guard;    /* the guard's row offset, or WS_NO_REG */
    uint32_t d, a, b, c, p;
    uint64_t imm;         /* b's immediate (selp's a), a mov's value, a branch's target, a parameter's offset */
    uint64_t imm2;        /* mad's immediate c (selp's b); cvt's sign bit; ld.param's bytes; DK_BRA: 1 if a
                           * converged warp may skip the region after it (decode.c, skip_region) */
    uint64_t imm3;        /* cvt's destination mask (its source mask is imm); DK_BRA: where it reconverges
                           * (reconv_pc, UINT32_MAX for none) */
    const ws_dshfl *shfl; /* DK_SHFL_PERM: its routing, in ws_dkernel.shfl */
} ws_dinsn;

/* A kernel decoded once, kept with its prepared form (ws_prepared.dec). */
typedef struct ws_dkernel {
    ws_dinsn *insns; /* ninsns + 1: the last is a DK_LEAVE past the end */
    ws_dshfl *shfl;
    uint32_t nshfl;
} ws_dkernel;

/* Decodes a kernel's prepared code (symbol addresses folded in); NULL when out of memory.
 * uses: ws_insn_reg_use of each instruction of code; uninit_plan: the uninitialised-value check's plan (cfg.h; NULL: every instruction checked);
 * reconv_pc: per instruction, where a divergent branch reconverges (cfg.h). */
ws_dkernel *ws_interp_decode(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *uninit_plan,
                             const uint32_t *reconv_pc, const uint32_t *roff, const uint8_t *rkind);
void ws_interp_free(ws_dkernel *dk);
/* Bytes ws_interp_decode keeps for a kernel (charged with the prepared kernel). */
uint64_t ws_interp_bytes(const ws_kernel *k);

/* ws_interp_run_fn (sim.h) runs the converged warp's straight-line stretch from *pc:
 * instructions that do not move lanes and uniform branches, up to budget of them. It stops
 * before an instruction that moves lanes (or a divergent branch), after a strong load (*yield =
 * 1) or a call, or when the launch stops (*ended = 1 for those three), and before an
 * instruction ws_dinsn.stops leaves to warp.c. The lanes are x->active: the warp's live lanes,
 * or a diverged warp's group (x->stretch_end not 0; it stops before a pc at or above it, and its
 * writes touch only those lanes: masked rows; in the region loop, x->region, it takes the next
 * group's stretch there, or the warp's once it converges, itself: warp.h, ws_region_hop); it adds
 * the lanes executed
 * to *lanes, advances the block's cycle per instruction, and returns the instructions run. */

#endif
