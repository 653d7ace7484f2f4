/* fold: what ptxas makes of a basic block's adds, logic ops, min/max, activemask and redux.sync, for the timing mode
 * (fold.c; docs/calibration.md "ptxas's fusions, the REDUX copy and the base's S2R", "3-input min/max,
 * one activemask a block, the MEMBAR's stall").
 *
 * Part of ptxas's schedule (schedule.h; built only with the preset's schedule 1):
 *  - Within a basic block, ptxas makes two dependent 32-bit integer adds (or subs) one IADD3,
 *    and two dependent 32-bit and/or/xor one LOP3, when the first one's value is read by the
 *    second alone and neither is a 3-input op already
 *    (time_cub_block_reduce_raking_sum_int_b1024.sass: its 31 adds are 15 IADD3 and an
 *    IMAD.IADD; bench_alu.sass: 64 `add.u32 %r13, %r13, %r2` are 32 IADD3; bench_mio_w1.sass:
 *    `LOP3.LUT 0x96` of two xors). The first of the pair takes no issue slot and no latency: its
 *    value is ready when its sources are, and its reader (the IADD3, LOP3) waits for them. A chain
 *    of adds of constants (immediates, registers a lone mov of an immediate writes) is one add of
 *    their sum (adds_chain.sass, local ptxas), but narrowed 64-bit adds (narrow.h) of a constant
 *    whose low half is 1 are four increments to an `IADD3.X R, R, 0x2, RZ, PT, PT` (bench_conv.sass:
 *    bench_conv[6]'s 64 steps are 16); the reader may be reached through cvts that are a register
 *    of their source (the truncation to the low half, a widening narrow.h keeps as its source).
 *  - With the preset's fold.xor 1 (sm_90's default), logic ops follow xor's algebra instead of the
 *    pair rule above: each and/or/xor is a LOP3 of at most three values, an operand that is a logic
 *    op of the block taking that op's values when both are xors or when it is read there alone; two
 *    xors' values cancel in pairs ((a ^ b) ^ (b ^ c) is a LOP3 of a and c), and an xor read by several
 *    xors is recomputed in each. An op whose value no issued op and no other instruction reads is
 *    WS_FOLD_ALU (probe_alu.sass alu_xor: 140 LOP3 for 263 xor.b32, each read by two xors; warpsim
 *    157; docs/calibration.md "xor's algebra in ptxas's LOP3s, and mix's lost cycles (xor25)").
 *    An and/or/xor with its op's identity (0, or all ones for and: an immediate, or a register a mov of an
 *    immediate last wrote in the block) is a copy of its other value, WS_FOLD_ALU: ptxas propagates the
 *    constant (probe_bar_release: `mov.u32 %r19, 0` then `xor.b32 %r19, %r19, %r13` is no SASS).
 *    With fold.xor 2 (WS_FOLD_XOR_BLOCK), the constants are those a basic block's unguarded movs give up to the next
 *    label (across its bar.syncs and clock reads, a mov of a register that holds one included), and an op's value
 *    that no path reads after its block is read by its block's reader alone: bench_mio_w1.sass's 32 LOP3 for 64
 *    loads xored into 8 accumulators of a 0 moved before the region's bar.sync, 3 loads in each accumulator's first
 *    LOP3, each accumulator's last load in the final chain (docs/calibration.md "(tree15)").
 *    With fold.xor 3 (WS_FOLD_XOR_LOADS as well; sm_90's), fold.xor 2's liveness, and its constants only for an op
 *    whose other value is a load's, in a basic block with no bar.sync before it (to the next label); elsewhere fold.xor
 *    1's: bench_shared_ilp's region 6 gets ptxas's pairs (`mov.u32 %r255, 0` before the clock read: each
 *    accumulator's first LOP3 of loads i, i + 8, i + 16), where ptxas folds the shuffles' 0 as well (bench_mio_w4.sass
 *    0x31c0, bench_throughput.sass 0x1d50) but warpsim keeps the shuffles in program order that ptxas groups by LOP3,
 *    and sm_90 models no barrier release after a bar.sync: fold.xor 1's extra LOP3 stand in for both there
 *    (docs/calibration.md "(fold32)").
 *  - A longer chain of one and/or/xor (three ops and more, each value read by the next alone)
 *    with a shuffle's or a load's value among its leaves is a tree of 3-input LOP3s that
 *    combines the leaves as they come (bench_mio_w1.sass, bench_throughput.sass: the 64 shuffle
 *    values and eight xor accumulators are one tree, one LOP3 after the last SHFL): every op but
 *    the chain's last is folded, the last waits for all the leaves. (IADD3 chains stay pairs:
 *    bench_alu.sass's 64 dependent adds are 32 IADD3 one after another.) Only with the preset's
 *    fold.tree 1 (0 in sm_90): with the tree free, bench_mio's and bench_shared_ilp's regions
 *    become bound by the MIO pipe alone (282 cycles where the H200 takes 306-316), since where
 *    ptxas puts the tree's LOP3s (each waiting for the load or shuffle just issued, which drains
 *    the pipe: docs/calibration.md "Instruction fetch and the LOP3 tree") is not modelled.
 *  - REDUX writes a uniform register that ptxas copies out right after it (`REDUX.SUM.S32 UR4,
 *    R5` then `IMAD.U32 R9, RZ, RZ, UR4`: time_cub_block_reduce_raking*_sum_int_b128/_b1024.sass,
 *    and with only independent instructions between them in warp_sum_int_b128.sass and
 *    probe_cub7.sass): the warp, issuing in order, waits there for the result (rakingcomm's `S2UR`
 *    of the next block comes after the copy; warp_sum_int_b128's ISETP and address arithmetic
 *    too). The schedule issues what else can go first before the REDUX (schedule.c).
 *  - Two dependent min (or two max) of one type and modifiers are one VIMNMX3 (16- and 32-bit
 *    integers and pairs of them) or VHMNMX (halves and pairs of halves), by the same rule
 *    (bench_half.sass: 64 `min.f16x2 %r29, %r29, %r30` are 32 VHMNMX; f32, f64, 64-bit integers and
 *    .ftz/.NaN have no 3-input form: ptxas 13.0 -arch=sm_90 on chains of each).
 *  - An unguarded activemask after an earlier one of its block is not issued: ptxas computes the
 *    block's activemask once (bench_redux.sass: 64 activemask.b32 are one VOTE.ANY).
 *  - A shared load of the address an earlier load of its block read, with no store, atomic or
 *    fence between and the address's register and the earlier value unchanged, is not issued:
 *    ptxas reads the earlier load's register (time_cub_block_scan_raking_exclusivesum_int_b1024.sass:
 *    32 LDS for the PTX's 64 loads of the raking thread's elements).
 *  - A setp right after a bar.sync (its sources written before it) is computed above the barrier:
 *    time_cub_block_reduce_rakingcomm_sum_int_b128.sass `ISETP.GT.U32.AND P1, PT, R0, 0x1f, PT` at
 *    0x00a0, `BAR.SYNC` at 0x0100, `@P1 BRA` at 0x0110; warp_sum_int_b128.sass `ISETP.NE.AND P0, PT,
 *    R0, RZ, PT` at 0x00d0, `BAR.SYNC` at 0x01a0, `@!P0 LDS.64` at 0x01b0. It takes no issue slot
 *    after the barrier and its predicate is ready its latency after its sources, so what it guards
 *    does not wait guard.feed after the release (timing.c).
 *  - div.full.f32 and div.approx.f32 by a register are MUFU.RCP of the divisor with a range fix-up,
 *    then FMULs of the dividend by the reciprocal. ptxas computes the reciprocal of a divisor once:
 *    before a loop that does not write the divisor, and once in a basic block for every division
 *    of the same form by the same unchanged register (bench_div.sass: 64 div.full.f32 by one
 *    register are one FSETP/FSEL/MUFU.RCP fix-up, then `@P0 FMUL`, `@!P2 FMUL`, `FMUL` a division;
 *    64 div.approx.f32 one MUFU.RCP, then `@!P2 FMUL`, `FMUL`; div_loop.sass, local ptxas: a loop's
 *    reciprocal before the loop, and in each iteration when the loop writes the divisor). Such a division costs only its
 *    FMULs (the preset's div.full.hoisted, div.approx.hoisted: 12.6 and 8.3 cycles a step on the
 *    H200); the first of a block still costs the whole sequence.
 *  - An add (or sub) of an immediate to a register, 32- or 64-bit, whose every reader reads it as the
 *    address of a load, store or atomic (any space but .param; a register written once may be read in
 *    other blocks) is the immediate offset of those instructions: `add.s32 %r21, %r19, 512;
 *    ld.shared.u32 %r20, [%r21]` is `LDS R20, [R19+0x200]` (probe_pipe.sass u32r_16: 15 adds, 15 LDS
 *    with offsets, no IADD3). The offset (the immediate plus the address's own) must fit SASS's field:
 *    24 bits signed for LDS/STS/ATOMS, LDG/STG/ATOMG/REDG, LD, LDL/STL, 16 bits signed for LDC (a
 *    constant bank); out of it, and with any other reader, ptxas issues the add (local ptxas 13.0
 *    -arch=sm_90, docs/calibration.md "(addr25)"). It takes no issue slot and no latency: its value is
 *    ready when its source is. Only with the preset's fold.address 1 (WS_FOLD_ADDR).
 *  - A neg of a float (neg.f64, neg.f32), unguarded, whose every reader is a cvt from that type, or for .f32 an
 *    .approx.ftz rcp, sqrt, rsqrt, ex2 or lg2 (a MUFU without ptxas's fix-ups), reading it as its source, is the
 *    negation of those readers' operand: probe_alu3.sass alu3_d2f `F2F.F32.F64 R29, -R8` for `neg.f64 t, %rd29;
 *    cvt.rn.f32.f64 hi, t`, no DADD; alu3_rcpf_x `MUFU.RCP R4, -R4` for `neg.f32 t, %r; rcp.approx.ftz.f32`. It takes no issue slot, no latency and no schedule cycle: its value
 *    is ready when its source is. Its readers as fold_offsets': in its block up to the next write of the register,
 *    or every reader of a register written once. Only with the preset's fold.neg 1 (WS_FOLD_NEG).
 *  - A cvt.rn (or .rz) .f16.f32 or .bf16.f32 into a 16-bit register is F2F.F16.F32 / F2F.BF16.F32 (the XU pipe,
 *    the `conv` latency) when a reader of its value zero-extends it to 32 or 64 bits (cvt.u32.u16, cvt.u64.u16; for
 *    bf16 also cvt.f32.bf16, a shift of the zero-extended value), also through copies (`mov.b16 %rs5, r`, as
 *    cuda_fp16.hpp's __float2half), and F2FP.F16.F32.PACK_AB / .BF16 with RZ (the ALU pipe, `conv.f16`) otherwise:
 *    read by cvt.f32.f16, a sign-extension, a pack, a store, a half op; .rm and .rp are always F2F (F2FP has no such
 *    rounding), and so is the cvt of a neg's value in its block (F2FP has no negated operand). Local ptxas 13.0
 *    -arch=sm_90 on each reader (tests/calibration/ptxas_half_forms.py), docs/calibration.md "(f2h17)";
 *    probe_alu3.sass alu3_f2h, alu3_f2bf: F2F; the SASS of bench_conv[5]: F2FP + HADD2.F32. Its readers: those in its block up to
 *    the next write of the register, and, for a register written once, every reader in the kernel. WS_FOLD_F2F
 *    marks the F2F form (with the preset's conv.form 1). The zero-extension of an F2F's value is no instruction
 *    (the F2F writes the 32-bit register): WS_FOLD_ZEXT, with the preset's fold.zext 1; it takes no issue slot, no
 *    latency and no schedule cycle.
 *  - Two independent scalar f16 or bf16 adds, subs, muls or fmas of one form in a basic block are one f16x2 op
 *    (HADD2, HMUL2, HFMA2, or HFMA2.MMA: half_pairs in timing.c), their operands put in the two halves of a register
 *    by PRMT where they are not there already: probe_alu3.sass alu3_hadd, 256 add.f16 of 8 rotating streams are 94
 *    HADD2, 57 HFMA2.MMA and 157 PRMT; local ptxas 13.0 -arch=sm_90 on sub, mul, fma and the .bf16 forms the same
 *    (docs/calibration.md "(pack21)", "(pack23)"). ptxas does so where every reader of each value is a scalar half
 *    op, a cvt.f32.f16/.bf16 (HADD2.F32 of the half), or a pack `mov.b32 %r, {a, b}` whose register only unpacks
 *    (`mov.b32 {x, y}, %r`) read, their halves again read only so: with a 32-bit reader of the packed register (a
 *    LOP3, IMAD, FFMA, POPC, store: alu3_hadd_l, _m, _f, _x) nothing is packed. Pairs are taken in program order:
 *    an op pairs with the last unpaired one before it in its block when both are of one form and it does not read
 *    that one's value (through movs); else it is the next one to pair. The second of a pair issues the pair
 *    (pack: 1 + its PRMTs); the first (WS_FOLD_PACK) takes no issue slot and no schedule cycle, its value ready its
 *    latency after its sources. A PRMT for each source operand whose two values are not one value (an immediate,
 *    one register's half: `.H0_H0`) nor the two halves of one earlier pair's result; a pair that would need three
 *    PRMTs is not made (tests/corpus/fp16_math, local ptxas, packs none of its independent fma.rn.f16 chains of three
 *    values each: 22 scalar HFMA2). Only with the preset's
 *    fold.pack 1 (WS_FOLD_PACK_HALVES). */
#ifndef WS_FOLD_H
#define WS_FOLD_H

#include "opcodes.h"

enum {
    WS_FOLD_NONE,
    WS_FOLD_ALU,   /* an add, logic op or min/max folded into its one reader (IADD3, LOP3, VIMNMX3, VHMNMX) */
    WS_FOLD_SAME,  /* a value ptxas has in a register already (same): a shared load of what an earlier
                    * load of its block read, an activemask after its block's first */
    WS_FOLD_HOIST, /* a setp right after a bar.sync: ptxas issues it above the BAR.SYNC */
    WS_FOLD_RCP,   /* a div.full/.approx.f32 whose reciprocal is computed before it: its FMULs alone */
    WS_FOLD_IMAD,  /* an add or sub a mul.lo was folded into (fold.imad): one IMAD, on the IMAD pipe */
    WS_FOLD_ADDR,  /* an add of an immediate read only as addresses: their SASS offset (WS_FOLD_OFFSETS) */
    WS_FOLD_F2F,   /* a cvt.f16/bf16.f32 whose half a reader zero-extends, or .rm/.rp: F2F (WS_FOLD_F2F_FORM) */
    WS_FOLD_ZEXT,  /* the zero-extension of such a cvt's half: no instruction (WS_FOLD_ZEXT_FREE) */
    WS_FOLD_NEG,   /* a neg read only by cvts from its type or .ftz MUFUs: their operand's -R (WS_FOLD_NEG_OPERAND) */
    WS_FOLD_PACK,  /* a scalar half op issued with the next of its pair as one f16x2 op (WS_FOLD_PACK_HALVES) */
    WS_FOLD_DEAD,  /* an ALU op whose registers no live instruction reads: ptxas drops it, no SASS */
};

/* Per instruction: its WS_FOLD_*, whether the warp issues nothing more until its result is
 * ready (a redux.sync), and for WS_FOLD_SAME the register holding the value
 * (the earlier load's or activemask's destination; WS_NO_REG otherwise); fixup_read: whether a MUFU form in its
 * block reads its value as the form's source where ptxas's SASS reads that before the MUFU (ws_mufu_reads_first: the
 * FSETP of the range fix-ups, sin's and cos's FMUL.RZ; probe_alu3.sass alu3_ex2_x, alu3_sin_x: ptxas issues that
 * instruction one XU op after a POPC it reads, the MUFU later; timing.c xu_late, docs/calibration.md "(mufu19)"). */
typedef struct {
    uint8_t *kind;
    uint8_t *holds;
    uint32_t *same;
    uint8_t *fixup_read;
    uint8_t *mufu_less; /* the ALU fix-ups ptxas leaves out of a MUFU form's (ws_mufu_fixups 2, mufu_fixups_of):
                         * 2 for an ex2 reading, in its block, an ex2's value (probe_alu3.sass alu3_ex2, a chain: 7
                         * FSETP and no FSEL for 256 MUFU.EX2, alu3_ex2_l 256 of each); 1 (the FSEL: the FMUL scales
                         * the source in place, predicated) for an ex2, lg2, sqrt or rsqrt whose source nothing in
                         * the block reads after it (alu3_lg2, _sqrt, _rsqrt, their _x: FSETP, @P FMUL, MUFU, FMUL or
                         * FADD; _l, _m, _f, whose op reads the source again, add an FSEL); docs/calibration.md
                         * "(fetch21)" */
    uint8_t *pack;      /* fold.pack: for both ops of a scalar half pair, 1 + the PRMTs ptxas puts before the f16x2
                         * op; 0 for every other instruction */
    uint8_t *pack_next; /* for a pair's first op (WS_FOLD_PACK): how many instructions on its pair's second is */
} ws_fold;

/* ws_fold_build's optional rules: the LOP3 tree (preset fold.tree), xor's algebra (fold.xor), a mul.lo or a shl
 * by an immediate in the add or sub that reads it (fold.imad: IMAD, LEA), the address offsets (fold.address); with
 * WS_FOLD_XOR, WS_FOLD_XOR_BLOCK (fold.xor 2): its constants through the basic block, its liveness after a block;
 * with WS_FOLD_XOR_BLOCK, WS_FOLD_XOR_LOADS (fold.xor 3): those constants only beside a load's value, not after a bar.sync;
 * the F2F form of a half cvt (conv.form), its zero-extension free (fold.zext), a neg as a cvt's operand (fold.neg),
 * two scalar half ops as one f16x2 op (fold.pack), an ALU op nothing live reads dropped (fold.dead: WS_FOLD_DEAD_CODE). */
enum {
    WS_FOLD_TREE = 1,
    WS_FOLD_XOR = 2,
    WS_FOLD_IMAD_ADD = 4,
    WS_FOLD_OFFSETS = 8,
    WS_FOLD_XOR_BLOCK = 16,
    WS_FOLD_F2F_FORM = 32,
    WS_FOLD_ZEXT_FREE = 64,
    WS_FOLD_NEG_OPERAND = 128,
    WS_FOLD_PACK_HALVES = 256,
    WS_FOLD_XOR_LOADS = 512,
    WS_FOLD_DEAD_CODE = 1024
};

/* The folds of a kernel (code: its instructions as they run; uses: their registers; narrow: their
 * WS_NARROW_* (narrow.h), or NULL for none; rules: WS_FOLD_TREE, WS_FOLD_XOR, WS_FOLD_IMAD_ADD, WS_FOLD_OFFSETS
 * or'ed). Returns 0, or -1 when out of memory. */
int ws_fold_build(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *narrow,
                  unsigned rules, ws_fold *f);
void ws_fold_free(ws_fold *f);

#endif
