/* What ptxas merges and reuses (sim/fold.c) and the MEMBAR before a release (sim/timing.c), each
 * as the kept SASS shows it (docs/calibration.md "3-input min/max, one activemask a block, the
 * MEMBAR's stall"): which instructions fold, and the cycles a chain takes with and without the rule. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>

#include "fold.h"
#include "run_ptx.h"

#define HEAD                                                                                                           \
    ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"                             \
    ".reg .b32 %r<12>;\n.reg .b64 %rd<8>;\n.reg .f32 %f<4>;\n.reg .pred %p<2>;\nld.param.u64 %rd1, [o];\n"

/* The WS_FOLD_* of each instruction of ptx (ws_fold_build with rules: WS_FOLD_* or'ed), for
 * WS_FOLD_SAME the register it reads, and each one's first operand's register: kind, same, reg (n entries). */
static void folds_with(const char *ptx, unsigned rules, uint8_t *kind, uint32_t *same, uint32_t *reg, uint32_t n)
{
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    if (!m)
        fail_msg("parse: %s at %u:%u", perr.message, perr.line, perr.column);
    const ws_kernel *k = ws_module_kernel(m, NULL);
    assert_int_equal(k->ninsns, n);
    ws_reg_use *uses = calloc(n, sizeof *uses);
    assert_non_null(uses);
    for (uint32_t i = 0; i < n; i++) {
        ws_insn_reg_use(&k->insns[i], &uses[i]);
        reg[i] = k->insns[i].ops[0].reg;
    }
    ws_fold f = {0};
    assert_int_equal(ws_fold_build(k, k->insns, uses, NULL, rules, &f), 0);
    memcpy(kind, f.kind, n);
    memcpy(same, f.same, n * sizeof *same);
    ws_fold_free(&f);
    free(uses);
    ws_module_free(m);
}

/* ... without the optional rules (the LOP3 tree, xor's algebra, IMAD, the address offsets). */
static void folds_of(const char *ptx, uint8_t *kind, uint32_t *same, uint32_t *reg, uint32_t n)
{
    folds_with(ptx, 0, kind, same, reg, n);
}

/* The %clock64 difference around body (thread 0's, one warp), with the preset text over sm_90. */
static uint64_t cycles_of(const char *decls, const char *body, const char *preset)
{
    char ptx[8192];
    snprintf(ptx, sizeof ptx,
             "%s%sld.global.u32 %%r1, [%%rd1];\nmov.u64 %%rd2, %%clock64;\n%smov.u64 %%rd3, %%clock64;\n"
             "sub.s64 %%rd4, %%rd3, %%rd2;\nst.global.u64 [%%rd1], %%rd4;\nst.global.u32 [%%rd1+8], %%r2;\n"
             "ret;\n}\n",
             HEAD, decls, body);
    uint64_t out = 0;
    run_ptx(ptx, 32, &out, 1, WS_MODE_TIMING, preset);
    return out;
}

/* Two dependent min (or max) of one type and modifiers are one VIMNMX3 / VHMNMX (bench_half.sass:
 * 64 min.f16x2 are 32 VHMNMX); ptxas 13.0 keeps two ops for a min then a max, f32 (FMNMX), .ftz
 * (HMNMX2.FTZ), 64-bit integers (ISETP + SEL) and a u32 min read by an s32 one. */
static void minmax_pairs_fold(void **state)
{
    (void)state;
    const char *ptx = HEAD "ld.global.u32 %r1, [%rd1];\n"   /* 1 */
                           "min.f16x2 %r2, %r1, %r1;\n"     /* 2: folded into 3 */
                           "min.f16x2 %r2, %r2, %r1;\n"     /* 3 */
                           "min.s32 %r3, %r2, 5;\n"         /* 4: read by a max */
                           "max.s32 %r4, %r3, 7;\n"         /* 5: folded into 6 */
                           "max.s32 %r4, %r4, %r1;\n"       /* 6 */
                           "mov.b32 %f1, %r4;\n"            /* 7 */
                           "min.f32 %f2, %f1, %f1;\n"       /* 8: no FMNMX3 */
                           "min.f32 %f3, %f2, %f1;\n"       /* 9 */
                           "min.ftz.f16x2 %r5, %r1, %r1;\n" /* 10: .ftz */
                           "min.ftz.f16x2 %r6, %r5, %r1;\n" /* 11 */
                           "min.s64 %rd2, %rd1, %rd1;\n"    /* 12: 64-bit */
                           "min.s64 %rd3, %rd2, %rd1;\n"    /* 13 */
                           "min.u32 %r7, %r1, 3;\n"         /* 14: read by an s32 min */
                           "min.s32 %r8, %r7, 4;\n"         /* 15 */
                           "min.s16x2 %r9, %r1, %r1;\n"     /* 16: folded into 17 */
                           "min.s16x2 %r9, %r9, %r1;\n"     /* 17 */
                           "st.global.f32 [%rd1], %f3;\nst.global.u32 [%rd1+4], %r6;\nst.global.u64 [%rd1+8], %rd3;\n"
                           "st.global.u32 [%rd1+16], %r8;\nst.global.u32 [%rd1+20], %r9;\nret;\n}\n";
    uint8_t kind[24];
    uint32_t same[24], reg[24];
    folds_of(ptx, kind, same, reg, 24);
    const uint32_t folded[] = {2, 5, 16};
    for (uint32_t pc = 0, i = 0; pc < 24; pc++) {
        int want = i < 3 && folded[i] == pc;
        i += want;
        if (kind[pc] != (want ? WS_FOLD_ALU : WS_FOLD_NONE))
            fail_msg("instruction %u: fold kind %u, want %u", pc, kind[pc], want ? WS_FOLD_ALU : WS_FOLD_NONE);
    }
    /* four dependent min.s32 take two 4-cycle VIMNMX3, as four adds of a register take two IADD3 (adds
     * of constants would be one add of their sum); a min, max, min, max chain takes four ops */
    uint64_t mins =
        cycles_of("", "min.s32 %r2, %r1, 3;\nmin.s32 %r2, %r2, 4;\nmin.s32 %r2, %r2, 5;\nmin.s32 %r2, %r2, 6;\n", NULL);
    uint64_t adds =
        cycles_of("", "add.u32 %r2, %r1, %r1;\nadd.u32 %r2, %r2, %r1;\nadd.u32 %r2, %r2, %r1;\nadd.u32 %r2, %r2, %r1;\n",
                  NULL);
    uint64_t mixed =
        cycles_of("", "min.s32 %r2, %r1, 3;\nmax.s32 %r2, %r2, 4;\nmin.s32 %r2, %r2, 5;\nmax.s32 %r2, %r2, 6;\n", NULL);
    assert_int_equal(mins, adds);
    assert_int_equal(mixed, mins + 2 * 4);
}

/* An unguarded activemask after the block's first is that value (bench_redux.sass region 11: one
 * VOTE.ANY for 64; ptxas keeps the value when the first one's register is written again); a guarded
 * one, and the first of a block (the clock read starts one), are VOTE.ANYs of their own. */
static void activemask_reused_in_block(void **state)
{
    (void)state;
    const char *ptx = HEAD "ld.global.u32 %r2, [%rd1];\n" /* 1 */
                           "activemask.b32 %r1;\n"        /* 2: the block's first */
                           "add.u32 %r2, %r2, %r1;\n"     /* 3 */
                           "activemask.b32 %r3;\n"        /* 4: reused, %r1 */
                           "add.u32 %r2, %r2, %r3;\n"     /* 5 */
                           "activemask.b32 %r4;\n"        /* 6: reused, %r3 */
                           "mov.u32 %r4, 7;\n"            /* 7: no register holds it now */
                           "activemask.b32 %r5;\n"        /* 8: reused, ready at once */
                           "setp.ne.u32 %p1, %r2, 0;\n"   /* 9 */
                           "@%p1 activemask.b32 %r6;\n"   /* 10: guarded */
                           "mov.u64 %rd2, %clock64;\n"    /* 11 */
                           "activemask.b32 %r7;\n"        /* 12: a new block's first */
                           "add.u32 %r2, %r2, %r4;\nadd.u32 %r2, %r2, %r5;\nadd.u32 %r2, %r2, %r6;\n"
                           "add.u32 %r2, %r2, %r7;\nst.global.u32 [%rd1], %r2;\nst.global.u64 [%rd1+8], %rd2;\n"
                           "ret;\n}\n";
    uint8_t kind[20];
    uint32_t same[20], reg[20];
    folds_of(ptx, kind, same, reg, 20);
    assert_int_equal(kind[2], WS_FOLD_NONE);
    assert_int_equal(kind[4], WS_FOLD_SAME);
    assert_int_equal(kind[6], WS_FOLD_SAME);
    assert_int_equal(kind[8], WS_FOLD_SAME);
    assert_int_equal(same[4], reg[2]); /* %r1 */
    assert_int_equal(same[6], reg[4]); /* %r3 */
    assert_int_equal(same[8], WS_NO_REG);
    assert_int_equal(kind[10], WS_FOLD_NONE);
    assert_int_equal(kind[12], WS_FOLD_NONE);
    /* activemask + add, four times: one VOTE.ANY, then two IADD3; a vote of 10 cycles more moves
     * the region by 10, not 40 (the first add reads no loaded value: the block's first load of a
     * line, ld.first, would hide the vote) */
    const char *body = "activemask.b32 %r3;\nadd.u32 %r2, %r3, %r3;\nactivemask.b32 %r3;\nadd.u32 %r2, %r2, %r3;\n"
                       "activemask.b32 %r3;\nadd.u32 %r2, %r2, %r3;\nactivemask.b32 %r3;\nadd.u32 %r2, %r2, %r3;\n";
    uint64_t base = cycles_of("", body, NULL), slow = cycles_of("", body, "vote 100\n");
    uint64_t one = cycles_of("", "activemask.b32 %r3;\nadd.u32 %r2, %r3, %r3;\n", NULL);
    uint64_t one_slow = cycles_of("", "activemask.b32 %r3;\nadd.u32 %r2, %r3, %r3;\n", "vote 100\n");
    assert_int_equal(slow - base, one_slow - one);
    assert_true(slow > base);
}

/* A release's MEMBAR issues when the warp is ready and holds it fence.stall cycles, its stall count
 * (S06 on every MEMBAR of the kept SASS). In an atom.acq_rel.cta chain the acquire holds the warp
 * until each result, so each MEMBAR's stall adds to the step (bench_memord[12]: 35.0 cycles a step,
 * 9.4 more than atom.shared); an st.release.cta of a load's value has its MEMBAR issued right after
 * the load, long before the store's data is there (bench_memord[10]): no change. A fence alone holds
 * the warp its stall (with sm_90's 6 hidden here behind the clock read's latency and fence.cta). */
static void release_waits_membar_stall(void **state)
{
    (void)state;
    const char *decls = ".shared .align 4 .b32 sh[64];\n";
    char chain[2048] = "mov.u32 %r5, sh;\nmov.u32 %r2, 0;\n";
    for (int i = 0; i < 8; i++)
        strcat(chain, "atom.acq_rel.cta.shared.add.u32 %r2, [%r5], %r2;\n");
    uint64_t on = cycles_of(decls, chain, NULL), off = cycles_of(decls, chain, "fence.stall 0\n");
    /* each step after the first waits 6 after its MEMBAR where fence.cta (1) after the results was
     * all: 5 more (the first waits longer for the shared window's base, its MEMBAR long done) */
    assert_int_equal(on, off + 7 * 5);
    assert_int_equal(cycles_of(decls, chain, "fence.stall 11\n"), on + 7 * 5);
    char stores[2048] = "mov.u32 %r5, sh;\nst.shared.u32 [%r5], %r5;\nmov.u32 %r2, %r5;\n";
    for (int i = 0; i < 8; i++)
        strcat(stores, "ld.volatile.shared.u32 %r2, [%r2];\nst.release.cta.shared.u32 [%r5+4], %r2;\n");
    assert_int_equal(cycles_of(decls, stores, NULL), cycles_of(decls, stores, "fence.stall 0\n"));
    const char *fence = HEAD "mov.u64 %rd2, %clock64;\nmembar.cta;\nmov.u64 %rd3, %clock64;\n"
                             "sub.s64 %rd4, %rd3, %rd2;\nst.global.u64 [%rd1], %rd4;\nret;\n}\n";
    uint64_t base[1], held[1], longer[1];
    run_ptx(fence, 32, base, 1, WS_MODE_TIMING, "fence.stall 0\n");
    run_ptx(fence, 32, held, 1, WS_MODE_TIMING, "fence.stall 30\n");
    run_ptx(fence, 32, longer, 1, WS_MODE_TIMING, "fence.stall 40\n");
    assert_true(held[0] > base[0]);
    assert_int_equal(longer[0], held[0] + 10);
}

/* A division's reciprocal is hoisted out of the innermost loop around it that does not write its
 * divisor (div_loop.sass), and computed once in a block for divisions of one form by one unchanged
 * register (bench_div.sass); a division in a loop that writes its divisor, or after every loop, pays
 * the whole sequence. */
static void reciprocal_hoisted_from_innermost_loop(void **state)
{
    (void)state;
    const char *ptx = HEAD "ld.global.f32 %f1, [%rd1];\n"           /* 1 */
                           "mov.u32 %r1, 0;\n"                      /* 2 */
                           "OUTER:\n"                               /* */
                           "add.f32 %f1, %f1, 0f3F800000;\n"        /* 3: the divisor changes in the outer loop */
                           "mov.u32 %r2, 0;\n"                      /* 4 */
                           "INNER:\n"                               /* */
                           "div.full.f32 %f2, %f3, %f1;\n"          /* 5: not in the inner loop: hoisted */
                           "add.u32 %r2, %r2, 1;\n"                 /* 6 */
                           "setp.lt.u32 %p1, %r2, 4;\n"             /* 7 */
                           "@%p1 bra INNER;\n"                      /* 8 */
                           "div.full.f32 %f3, %f3, %f1;\n"          /* 9: the outer loop writes it */
                           "add.u32 %r1, %r1, 1;\n"                 /* 10 */
                           "setp.lt.u32 %p1, %r1, 4;\n"             /* 11 */
                           "@%p1 bra OUTER;\n"                      /* 12 */
                           "div.full.f32 %f2, %f3, %f3;\n"          /* 13: in no loop, the block's first */
                           "div.full.f32 %f2, %f2, %f3;\n"          /* 14: the same reciprocal */
                           "div.approx.f32 %f2, %f2, %f3;\n"        /* 15: another form */
                           "st.global.f32 [%rd1], %f2;\nret;\n}\n"; /* 16, 17 */
    uint8_t kind[18];
    uint32_t same[18], reg[18];
    folds_of(ptx, kind, same, reg, 18);
    for (uint32_t pc = 0; pc < 18; pc++)
        assert_int_equal(kind[pc], pc == 5 || pc == 14 ? WS_FOLD_RCP : WS_FOLD_NONE);
}

/* An and/or/xor with its op's identity (an immediate, or a register a mov of an immediate wrote in the block) is a
 * copy of its other value: ptxas propagates the constant (probe_bar_release's SASS, H200 job mio15: `mov.u32 %r19,
 * 0; xor.b32 %r19, %r19, %r13; setp.ne.u32 %p, %r19, -1` is one ISETP of the LDS's register). Not a copy: a
 * constant that is not the identity, and a register the mov wrote in another block. */
static void identity_operand_is_copy(void **state)
{
    (void)state;
    const char *ptx = HEAD "ld.global.u32 %r1, [%rd1];\n" /* 1 */
                           "mov.u32 %r2, 0;\n"            /* 2 */
                           "xor.b32 %r2, %r2, %r1;\n"     /* 3: x ^ 0: a copy */
                           "or.b32 %r3, %r1, 0;\n"        /* 4: x | 0: a copy */
                           "and.b32 %r4, %r1, -1;\n"      /* 5: x & ~0: a copy */
                           "and.b32 %r5, %r1, 255;\n"     /* 6: issued */
                           "xor.b32 %r6, %r1, 1;\n"       /* 7: issued */
                           "st.global.u32 [%rd1], %r2;\nst.global.u32 [%rd1+4], %r3;\n"
                           "st.global.u32 [%rd1+8], %r4;\nst.global.u32 [%rd1+12], %r5;\n"
                           "st.global.u32 [%rd1+16], %r6;\n" /* 8-12 */
                           "mov.u32 %r7, 0;\n"               /* 13 */
                           "bar.sync 0;\n"                   /* 14: a new block */
                           "xor.b32 %r8, %r7, %r1;\n"        /* 15: issued */
                           "st.global.u32 [%rd1+20], %r8;\nret;\n}\n";
    uint8_t kind[18];
    uint32_t same[18], reg[18];
    folds_with(ptx, WS_FOLD_XOR, kind, same, reg, 18);
    for (uint32_t pc = 0; pc < 18; pc++)
        assert_int_equal(kind[pc], pc >= 3 && pc <= 5 ? WS_FOLD_ALU : WS_FOLD_NONE);
}

/* fold.xor: a block's logic ops are LOP3s of at most three values, with xor's algebra. Local ptxas
 * 13.0 (-arch=sm_90) on this kernel: `LOP3.LUT R9, R5, R7, R0, 0x66` for %r6 = (a ^ b) ^ (b ^ c), a ^ c
 * (neither %r4 nor %r5 computed), `LOP3 0x96` of a, b, c for %r7 = %r4 ^ c (%r4, read by two xors,
 * recomputed in each), `LOP3 0x80` for (a & b) & (b & c), a & b & c, `LOP3 0x3c` for %r11 (stored,
 * so computed), then `LOP3 0x96` for %r12: 5 LOP3 for 9 logic ops. Pairwise folding alone issues 7:
 * %r4 has two readers, and of the ands only the first folds (%r10 is a 3-input op then). */
static void xor_algebra_folds(void **state)
{
    (void)state;
    const char *ptx = HEAD "ld.global.u32 %r1, [%rd1];\n"   /* 1: a */
                           "ld.global.u32 %r2, [%rd1+4];\n" /* 2: b */
                           "ld.global.u32 %r3, [%rd1+8];\n" /* 3: c */
                           "xor.b32 %r4, %r1, %r2;\n"       /* 4: a ^ b, folded into 6 and 7 */
                           "xor.b32 %r5, %r2, %r3;\n"       /* 5: b ^ c, folded */
                           "xor.b32 %r6, %r4, %r5;\n"       /* 6: a ^ c */
                           "xor.b32 %r7, %r4, %r3;\n"       /* 7: a ^ b ^ c */
                           "and.b32 %r8, %r1, %r2;\n"       /* 8: folded */
                           "and.b32 %r9, %r2, %r3;\n"       /* 9: folded */
                           "and.b32 %r10, %r8, %r9;\n"      /* 10: a & b & c */
                           "xor.b32 %r11, %r1, %r3;\n"      /* 11: stored: issued */
                           "st.global.u32 [%rd1], %r11;\n"  /* 12 */
                           "xor.b32 %r11, %r11, %r2;\n"     /* 13 */
                           "st.global.u32 [%rd1+4], %r6;\nst.global.u32 [%rd1+8], %r7;\n"
                           "st.global.u32 [%rd1+12], %r10;\nst.global.u32 [%rd1+16], %r11;\nret;\n}\n";
    uint8_t kind[19], pairs[19];
    uint32_t same[19], reg[19];
    folds_with(ptx, WS_FOLD_XOR, kind, same, reg, 19);
    folds_of(ptx, pairs, same, reg, 19);
    for (uint32_t pc = 0; pc < 19; pc++) {
        assert_int_equal(kind[pc], pc == 4 || pc == 5 || pc == 8 || pc == 9 ? WS_FOLD_ALU : WS_FOLD_NONE);
        assert_int_equal(pairs[pc], pc == 5 || pc == 8 ? WS_FOLD_ALU : WS_FOLD_NONE);
    }
    /* probe_alu's xor (tests/calibration/probes/probe_alu.cu), 8 streams of 8 steps: v[i] ^= v[i + 1], the
     * last one reading the first's new value; every value is read by two xors. With fold.xor 0 the 64
     * xors issue (cold code: the fetch's 2 cycles an instruction); with it, a step two rounds on is
     * v[i] ^ v[i + 2] of the round before and a round between is not computed (the H200's 141 LOP3 for
     * 256 such steps: 294 cycles, where warpsim took 539 with every xor issued). */
    char body[8192] = "", *b = body, decls[512] = ".reg .b32 %x<8>;\nmov.u32 %x0, %tid.x;\n", *d = decls + strlen(decls);
    for (int i = 1; i < 8; i++)
        d += sprintf(d, "add.u32 %%x%d, %%x0, %d;\n", i, i);
    for (int r = 0; r < 8; r++)
        for (int i = 0; i < 8; i++)
            b += sprintf(b, "xor.b32 %%x%d, %%x%d, %%x%d;\n", i, i, (i + 1) % 8);
    sprintf(b, "xor.b32 %%r2, %%x0, %%x1;\n");
    uint64_t algebra = cycles_of(decls, body, "fold.xor 1\n"), pairwise = cycles_of(decls, body, "fold.xor 0\n");
    printf("xor rounds: fold.xor 1 %llu cycles, 0 %llu\n", (unsigned long long)algebra, (unsigned long long)pairwise);
    assert_true(algebra * 4 < pairwise * 3);
}

/* fold.xor 2 (WS_FOLD_XOR_BLOCK): the constants a basic block's movs give, across its bar.syncs and clock reads, and
 * what no path reads after a block. bench_mio_w1's regions (64 loads xored into 8 accumulators that start as copies
 * of a 0 moved before the region's bar.sync and clock read, then one chain of the accumulators): ptxas's first LOP3
 * of an accumulator reads three loads (bench_mio_w1.sass 0x1ec0 `LOP3.LUT R87, R4, R0, R15, 0x96`: the LDS at
 * 0x1d10, 0x1d90, 0x1e10), then two more each, and an accumulator's last load joins the final chain
 * (0x22a0 `LOP3.LUT R72, R91, R72, R21, 0x96`, after the last LDS): 32 LOP3 for the 64 loads. Here 3 accumulators
 * of 4 loads: 6 LOP3. With fold.xor 1 the 0 is not known past the bar.sync (the first xors are LOP3s of it) and
 * the last accumulator's value may be read after the block. */
static void xor_block_constants_and_liveness(void **state)
{
    (void)state;
    char ptx[4096], *b = ptx;
    b += sprintf(b, "%s",
                 HEAD ".reg .b32 %s<16>;\n"                                     /* 0: ld.param */
                      "mov.u32 %s0, 0;\nbar.sync 0;\nmov.u64 %rd2, %clock64;\n" /* 1-3 */
                      "mov.u32 %s1, %s0;\nmov.u32 %s2, %s0;\n");                /* 4-5: copies of the 0 */
    for (int j = 0; j < 4; j++) /* 6-29: load j of accumulator i, xored into it */
        for (int i = 0; i < 3; i++)
            b += sprintf(b, "ld.global.u32 %%s%d, [%%rd1+%d];\nxor.b32 %%s%d, %%s%d, %%s%d;\n", 3 + 3 * j + i,
                         4 * (3 * j + i), i, i, 3 + 3 * j + i);
    sprintf(b, "xor.b32 %%s0, %%s0, %%s1;\nxor.b32 %%s0, %%s0, %%s2;\n"               /* 30-31: the final chain */
               "mov.u64 %%rd3, %%clock64;\nst.global.u32 [%%rd1], %%s0;\nret;\n}\n"); /* 32-34 */
    uint8_t kind[35], before[35];
    uint32_t same[35], reg[35];
    folds_with(ptx, WS_FOLD_XOR | WS_FOLD_XOR_BLOCK, kind, same, reg, 35);
    folds_with(ptx, WS_FOLD_XOR, before, same, reg, 35);
    unsigned issued = 0, issued_before = 0;
    for (uint32_t pc = 0; pc < 35; pc++) {
        int xor_op = pc >= 7 && pc <= 31 && (pc % 2 == 1 || pc == 30);
        /* folded: the copies of 0 (7-11), each accumulator's second xor (13-17), a0 and a2 in the final chain */
        int folded = (pc >= 7 && pc <= 17 && pc % 2 == 1) || pc == 25 || pc == 29;
        assert_int_equal(kind[pc], folded ? WS_FOLD_ALU : WS_FOLD_NONE);
        issued += xor_op && kind[pc] == WS_FOLD_NONE;
        issued_before += xor_op && before[pc] == WS_FOLD_NONE;
    }
    assert_int_equal(issued, 6); /* 19, 21, 23: three loads each; 27: a1; 30, 31: the chain */
    printf("12 loads into 3 accumulators: fold.xor 2 %u LOP3, fold.xor 1 %u\n", issued, issued_before);
    assert_true(issued_before > issued);
}

/* fold.xor 3 (WS_FOLD_XOR_BLOCK | WS_FOLD_XOR_LOADS, sm_90's; docs/calibration.md "(fold32)"): fold.xor 2's constants
 * for an xor whose other value is a load's, in a basic block with no bar.sync before it; fold.xor 1's for a shuffle's
 * value and after a bar.sync (to the next label). ptxas folds the 0 in all of these (bench_shared_ilp.sass region 6:
 * `LDS R6` is accumulator 0, `LOP3.LUT R6, R72, R6, R71` its first op; bench_throughput.sass 0x1d50, bench_mio_w4.sass
 * 0x31c0: an accumulator's first LOP3 reads three shuffles), but warpsim keeps the shuffles in program order where
 * ptxas groups them by the LOP3 that reads them, and sm_90 has no barrier release, for which fold.xor 1's extra LOP3
 * stand in (bench_mio_w4[7] 305 with fold.xor 1, 283 with 2, H200 316). Each part: a 0 moved before a clock read (or
 * a bar.sync), its xor with a value: with the rule the xor is a copy of the value (WS_FOLD_ALU), without it a LOP3. */
static void xor_block_constants_loads(void **state)
{
    (void)state;
    const char *ptx = HEAD ".reg .b32 %s<12>;\n"                                           /* 0: ld.param */
                           "mov.u32 %s0, 0;\nmov.u64 %rd2, %clock64;\nmov.u32 %s1, %s0;\n" /* 1-3: a 0 and its copy */
                           "ld.global.u32 %s2, [%rd1];\nxor.b32 %s1, %s1, %s2;\n"          /* 4-5: a load's: copy */
                           "shfl.sync.idx.b32 %s3, %r1, 0, 31, -1;\nxor.b32 %s0, %s0, %s3;\n" /* 6-7: a shuffle's */
                           "mov.u32 %s4, 0;\nbar.sync 0;\nmov.u64 %rd3, %clock64;\n"          /* 8-10 */
                           "ld.global.u32 %s5, [%rd1+4];\nxor.b32 %s4, %s4, %s5;\n" /* 11-12: after a bar.sync */
                           "L1:\nmov.u32 %s6, 0;\nmov.u64 %rd4, %clock64;\n"        /* 13-14: a new block */
                           "ld.global.u32 %s7, [%rd1+8];\nxor.b32 %s6, %s6, %s7;\n" /* 15-16: a load's: copy */
                           "st.global.u32 [%rd1], %s1;\nst.global.u32 [%rd1+4], %s0;\n"
                           "st.global.u32 [%rd1+8], %s4;\nst.global.u32 [%rd1+12], %s6;\nret;\n}\n"; /* 17-21 */
    const unsigned rules[3] = {WS_FOLD_XOR, WS_FOLD_XOR | WS_FOLD_XOR_BLOCK,
                               WS_FOLD_XOR | WS_FOLD_XOR_BLOCK | WS_FOLD_XOR_LOADS};
    /* the xors 5, 7, 12, 16 a copy with fold.xor 1, 2, 3 */
    const int copy[3][4] = {{0, 0, 0, 0}, {1, 1, 1, 1}, {1, 0, 0, 1}};
    const uint32_t xors[4] = {5, 7, 12, 16};
    for (int r = 0; r < 3; r++) {
        uint8_t kind[22];
        uint32_t same[22], reg[22];
        folds_with(ptx, rules[r], kind, same, reg, 22);
        for (int x = 0; x < 4; x++)
            if (kind[xors[x]] != (copy[r][x] ? WS_FOLD_ALU : WS_FOLD_NONE))
                fail_msg("fold.xor %d: xor %u fold kind %u, want %u", r + 1, xors[x], kind[xors[x]],
                         copy[r][x] ? WS_FOLD_ALU : WS_FOLD_NONE);
    }
    /* The cycles: bench_shared_ilp region 6's shape, 32 loads (or shuffles) xored into 8 accumulators that are copies
     * of a 0 moved before the clock read, then the accumulators' chain. sm_90 (NULL) gives fold.xor 3's: the loads'
     * region fold.xor 2's, the shuffles' fold.xor 1's. */
    char decls[256] = ".reg .b32 %s<48>;\nmov.u32 %s0, 0;\n";
    uint64_t c[2][4]; /* [loads, shuffles][sm_90, fold.xor 1, 2, 3] */
    for (int sh = 0; sh < 2; sh++) {
        char body[4096], *b = body;
        for (int a = 1; a < 8; a++)
            b += sprintf(b, "mov.u32 %%s%d, %%s0;\n", a);
        for (int i = 0; i < 32; i++) {
            if (sh)
                b += sprintf(b, "shfl.sync.bfly.b32 %%s%d, %%r1, %d, 31, -1;\n", 8 + i % 16, i);
            else
                b += sprintf(b, "ld.volatile.global.u32 %%s%d, [%%rd1+%d];\n", 8 + i % 16, 4 * (i % 16));
            b += sprintf(b, "xor.b32 %%s%d, %%s%d, %%s%d;\n", i % 8, i % 8, 8 + i % 16);
        }
        for (int a = 1; a < 8; a++)
            b += sprintf(b, "xor.b32 %%s0, %%s0, %%s%d;\n", a);
        sprintf(b, "mov.u32 %%r2, %%s0;\n");
        c[sh][0] = cycles_of(decls, body, NULL);
        c[sh][1] = cycles_of(decls, body, "fold.xor 1\n");
        c[sh][2] = cycles_of(decls, body, "fold.xor 2\n");
        c[sh][3] = cycles_of(decls, body, "fold.xor 3\n");
    }
    printf("32 loads into 8 accumulators: sm_90 %llu, fold.xor 1 %llu, 2 %llu, 3 %llu; 32 shuffles: %llu, %llu, %llu, "
           "%llu\n",
           (unsigned long long)c[0][0], (unsigned long long)c[0][1], (unsigned long long)c[0][2],
           (unsigned long long)c[0][3], (unsigned long long)c[1][0], (unsigned long long)c[1][1],
           (unsigned long long)c[1][2], (unsigned long long)c[1][3]);
    assert_int_equal(c[0][0], c[0][3]);
    assert_int_equal(c[0][3], c[0][2]);
    assert_true(c[0][3] < c[0][1]);
    assert_int_equal(c[1][0], c[1][3]);
    assert_int_equal(c[1][3], c[1][1]);
    assert_true(c[1][3] != c[1][2]);
}

/* fold.imad (fold_imad): a mul.lo or a shl by an immediate whose one reader is an add or sub of its block is one
 * IMAD or LEA with it, as BlockReduce raking<int, 1024>'s SASS (IMAD R4, R3, -0x11, R4; IMAD R6, R4, 0x4, R15):
 * the mul is folded, the add of a mul an IMAD (WS_FOLD_IMAD, the IMAD pipe); not a mul read twice, not a shl by a
 * register, not an add that is already an IADD3's host. */
static void imad_folds(void **state)
{
    (void)state;
    const char *ptx = HEAD "ld.global.u32 %r1, [%rd1];\n"   /* 1 */
                           "ld.global.u32 %r2, [%rd1+4];\n" /* 2 */
                           "mul.lo.s32 %r3, %r1, 17;\n"     /* 3: folded into 4 */
                           "sub.s32 %r4, %r2, %r3;\n"       /* 4: IMAD */
                           "shl.b32 %r5, %r1, 2;\n"         /* 5: folded into 6 (LEA) */
                           "add.s32 %r6, %r2, %r5;\n"       /* 6: an add */
                           "mul.lo.s32 %r7, %r1, %r2;\n"    /* 7: read twice: issued */
                           "add.s32 %r8, %r7, %r1;\n"       /* 8 */
                           "add.s32 %r9, %r7, %r2;\n"       /* 9 */
                           "shl.b32 %r10, %r1, %r2;\n"      /* 10: by a register: SHF, issued */
                           "add.s32 %r11, %r10, %r2;\n"     /* 11 */
                           "st.global.u32 [%rd1], %r4;\nst.global.u32 [%rd1+4], %r6;\nst.global.u32 [%rd1+8], %r8;\n"
                           "st.global.u32 [%rd1+12], %r9;\nst.global.u32 [%rd1+16], %r11;\nret;\n}\n";
    uint8_t kind[18], off[18];
    uint32_t same[18], reg[18];
    folds_with(ptx, WS_FOLD_IMAD_ADD, kind, same, reg, 18);
    folds_of(ptx, off, same, reg, 18);
    for (uint32_t pc = 0; pc < 18; pc++) {
        assert_int_equal(kind[pc], pc == 3 || pc == 5 ? WS_FOLD_ALU : pc == 4 ? WS_FOLD_IMAD : WS_FOLD_NONE);
        assert_int_equal(off[pc], WS_FOLD_NONE);
    }
    /* the cycles of a dependent chain of 4 mul.lo + sub */
    const char *decls = ".reg .b32 %y<4>;\nmov.u32 %y0, %tid.x;\n";
    const char *chain = "mul.lo.s32 %y1, %y0, 17;\nsub.s32 %y2, %y0, %y1;\nmul.lo.s32 %y1, %y2, 17;\n"
                        "sub.s32 %y2, %y2, %y1;\nmul.lo.s32 %y1, %y2, 17;\nsub.s32 %y2, %y2, %y1;\n"
                        "mul.lo.s32 %y1, %y2, 17;\nsub.s32 %r2, %y2, %y1;\n";
    uint64_t fused = cycles_of(decls, chain, "fold.imad 1\nschedule.rename_alu 0\n"),
             apart = cycles_of(decls, chain, "fold.imad 0\nschedule.rename_alu 0\n");
    printf("mul.lo + sub chain: fold.imad 1 %llu cycles, 0 %llu\n", (unsigned long long)fused, (unsigned long long)apart);
    /* each folded mul's latency (4) saved; the last mul's value reaches the block's end in a register the kernel
     * writes four times, so only_reader keeps it (the value may be read after the block): 3 folded */
    assert_int_equal(apart - fused, 3 * 4);
    /* with the registers renamed as ptxas allocates (schedule.rename_alu 1, sm_90's), each mul's value has a
     * register of its own, read by its sub alone: all 4 folded */
    fused = cycles_of(decls, chain, "fold.imad 1\n");
    apart = cycles_of(decls, chain, "fold.imad 0\n");
    assert_int_equal(apart - fused, 4 * 4);
}

/* fold.address: an add of an immediate whose every reader reads it as an address is the offset of
 * those loads, stores and atomics, when the offset fits SASS's field (24 bits signed; 16 for LDC).
 * Local ptxas 13.0 (-arch=sm_90) on these cases: `LDS [R0+0x200]`, `LDS [R0+0x7ffffc]`,
 * `LDS [R0+-0x40]` for the sub, LDG and ATOMG of [R2.64+0x200] for the 64-bit add, LDC
 * c[0x3][R0+0x7ffc], and an LDS in a later block of [R7+0x400]: no add issued; a VIADD for
 * 0x7ffff8 + 8 (0x800000) and for LDC's 0x8000, IADD3 + IMAD.X for the 64-bit add also stored as a
 * value, a VIADD for the add also read by a mul. A register written twice whose value leaves its
 * block is not followed. */
static void address_offsets_fold(void **state)
{
    (void)state;
    const char *ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b8 s[4096];\n"
                      ".const .align 4 .b8 c[65536];\n.visible .entry k(.param .u64 o)\n{\n"
                      ".reg .b32 %r<30>;\n.reg .b64 %rd<8>;\n.reg .pred %p<2>;\n"
                      "ld.param.u64 %rd1, [o];\n"                /* 0 */
                      "ld.global.u32 %r1, [%rd1];\n"             /* 1 */
                      "add.s32 %r2, %r1, 512;\n"                 /* 2: LDS [R+0x200] */
                      "ld.shared.u32 %r3, [%r2];\n"              /* 3 */
                      "add.s32 %r4, %r1, 8388604;\n"             /* 4: the field's last word */
                      "ld.shared.u32 %r5, [%r4];\n"              /* 5 */
                      "add.s32 %r6, %r1, 8388600;\n"             /* 6: 0x800000 with the address's 8 */
                      "ld.shared.u32 %r7, [%r6+8];\n"            /* 7 */
                      "sub.s32 %r8, %r1, 64;\n"                  /* 8: [R+-0x40] */
                      "st.shared.u32 [%r8], %r3;\n"              /* 9 */
                      "add.s64 %rd2, %rd1, 512;\n"               /* 10: two address readers */
                      "ld.global.u32 %r9, [%rd2];\n"             /* 11 */
                      "atom.global.add.u32 %r10, [%rd2], %r9;\n" /* 12 */
                      "add.s64 %rd3, %rd1, 1024;\n"              /* 13: also stored */
                      "ld.global.u32 %r11, [%rd3];\n"            /* 14 */
                      "st.global.u64 [%rd1+8], %rd3;\n"          /* 15 */
                      "add.s32 %r12, %r1, 32764;\n"              /* 16: LDC's field */
                      "ld.const.u32 %r13, [%r12];\n"             /* 17 */
                      "add.s32 %r14, %r1, 32768;\n"              /* 18: past it */
                      "ld.const.u32 %r15, [%r14];\n"             /* 19 */
                      "add.s32 %r16, %r1, 3072;\n"               /* 20: also read by a mul */
                      "ld.shared.u32 %r17, [%r16];\n"            /* 21 */
                      "mul.lo.s32 %r18, %r16, %r17;\n"           /* 22 */
                      "add.s32 %r19, %r1, 1024;\n"               /* 23: read in the next blocks */
                      "add.s32 %r20, %r1, 2048;\n"               /* 24: written again there */
                      "setp.lt.u32 %p1, %r1, 5;\n"               /* 25 */
                      "@%p1 bra SKIP;\n"                         /* 26 */
                      "ld.shared.u32 %r21, [%r19];\n"            /* 27 */
                      "add.s32 %r20, %r20, %r21;\n"              /* 28 */
                      "SKIP:\n"                                  /* */
                      "ld.shared.u32 %r22, [%r19+4];\n"          /* 29 */
                      "ld.shared.u32 %r23, [%r20];\n"            /* 30 */
                      "st.global.u32 [%rd1], %r23;\nret;\n}\n";  /* 31, 32 */
    uint8_t kind[33], none[33];
    uint32_t same[33], reg[33];
    folds_with(ptx, WS_FOLD_OFFSETS, kind, same, reg, 33);
    folds_with(ptx, 0, none, same, reg, 33);
    for (uint32_t pc = 0; pc < 33; pc++) {
        int folded = pc == 2 || pc == 4 || pc == 8 || pc == 10 || pc == 16 || pc == 23;
        assert_int_equal(kind[pc], folded ? WS_FOLD_ADDR : WS_FOLD_NONE);
        assert_int_equal(none[pc], WS_FOLD_NONE);
    }
}

/* A folded add takes no issue slot and no latency: a warp's eight adds and shared loads take, with the
 * rule, what the loads with the offsets written into their addresses take after movs of the base (free
 * renames in the same places), and more cycles without it (the loads waiting for their adds); also
 * with the ALU pipe held 2 cycles an instruction (pipe.alu 2). An add also read as a value is issued
 * either way. */
static void address_offsets_cost_nothing(void **state)
{
    (void)state;
    const char *decls = ".shared .align 4 .b32 sh[64];\n.reg .b32 %q<20>;\n";
    char adds[2048] = "mov.u32 %r5, sh;\nmov.u32 %r2, 0;\n", offsets[2048] = "mov.u32 %r5, sh;\nmov.u32 %r2, 0;\n";
    for (int i = 1; i <= 8; i++) {
        char line[256];
        snprintf(line, sizeof line, "add.s32 %%q%d, %%r5, %d;\nld.shared.u32 %%q%d, [%%q%d];\n", i, 4 * i, i + 10, i);
        strcat(adds, line);
        snprintf(line, sizeof line, "mov.u32 %%q%d, %%r5;\nld.shared.u32 %%q%d, [%%q%d+%d];\n", i, i + 10, i, 4 * i);
        strcat(offsets, line);
    }
    const char *presets[][2] = {{"fold.address 1\n", "fold.address 0\n"},
                                {"pipe.alu 2\npipe.imad 2\nfold.address 1\n",
                                 "pipe.alu 2\npipe.imad 2\nfold.address 0\n"}};
    for (int p = 0; p < 2; p++) {
        uint64_t folded = cycles_of(decls, adds, presets[p][0]), issued = cycles_of(decls, adds, presets[p][1]);
        assert_int_equal(folded, cycles_of(decls, offsets, presets[p][0]));
        assert_int_equal(folded, cycles_of(decls, offsets, presets[p][1]));
        assert_true(issued > folded);
    }
    const char *read = "mov.u32 %r5, sh;\nadd.s32 %r6, %r5, 4;\nld.shared.u32 %r7, [%r6];\nadd.u32 %r2, %r6, %r7;\n";
    assert_int_equal(cycles_of(decls, read, presets[1][0]), cycles_of(decls, read, presets[1][1]));
}

/* fold.dead: an ALU instruction whose registers no live instruction reads is dropped by ptxas (probe_cold17's
 * `mul.lo.s32 %r297, %r1, %r5` and 7 adds to an unread %r292: no IMAD of them in its SASS): WS_FOLD_DEAD, no issue
 * slot, no cycle; a chain is dead from its end back; a setp whose predicate nothing reads too; a clock read, a load
 * and what a store reads are not. Without the rule (WS_FOLD_DEAD_CODE off, fold.dead 0) every one issues; sm_90 has
 * it. */
static void dead_code_dropped(void **state)
{
    (void)state;
    const char *ptx = HEAD "ld.global.u32 %r1, [%rd1];\n"   /* 1 */
                           "mul.lo.s32 %r3, %r1, 7;\n"      /* 2: dead (read by 3 only) */
                           "add.s32 %r4, %r3, 5;\n"         /* 3: dead */
                           "add.s32 %r5, %r1, 1;\n"         /* 4: stored */
                           "setp.eq.s32 %p1, %r1, 0;\n"     /* 5: dead */
                           "mov.u64 %rd2, %clock64;\n"      /* 6: a clock read */
                           "ld.global.u32 %r6, [%rd1+4];\n" /* 7: a load */
                           "st.global.u32 [%rd1], %r5;\n"   /* 8 */
                           "ret;\n}\n";
    uint8_t kind[10];
    uint32_t same[10], reg[10];
    folds_with(ptx, WS_FOLD_DEAD_CODE, kind, same, reg, 10);
    const uint8_t want[10] = {WS_FOLD_NONE, WS_FOLD_NONE, WS_FOLD_DEAD, WS_FOLD_DEAD, WS_FOLD_NONE,
                              WS_FOLD_DEAD, WS_FOLD_NONE, WS_FOLD_NONE, WS_FOLD_NONE, WS_FOLD_NONE};
    for (int i = 0; i < 10; i++)
        assert_int_equal(kind[i], want[i]);
    folds_of(ptx, kind, same, reg, 10); /* the rule off: none */
    for (int i = 0; i < 10; i++)
        assert_int_not_equal(kind[i], WS_FOLD_DEAD);
    /* a register read in a loop by its own write only (a counter nothing tests) stays: liveness is by register */
    const char *loop = HEAD "ld.global.u32 %r1, [%rd1];\nmov.u32 %r2, 0;\nL:\nadd.s32 %r3, %r3, 1;\n"
                            "add.s32 %r2, %r2, 1;\nsetp.lt.s32 %p1, %r2, 4;\n@%p1 bra L;\nret;\n}\n";
    uint8_t lkind[8];
    uint32_t lsame[8], lreg[8];
    folds_with(loop, WS_FOLD_DEAD_CODE, lkind, lsame, lreg, 8);
    for (int i = 0; i < 8; i++)
        assert_int_not_equal(lkind[i], WS_FOLD_DEAD);
    /* timed: a dead mul.lo and three adds cost what the live add alone does (fold.dead 1); with fold.dead 0 they
     * issue (the mul's IMAD, the adds after it) */
    const char *chain = "mul.lo.s32 %r3, %r1, 7;\nadd.s32 %r4, %r3, 5;\nadd.s32 %r4, %r4, 5;\nadd.s32 %r4, %r4, 5;\n"
                        "add.s32 %r2, %r1, 3;\n";
    uint64_t alone = cycles_of("", "add.s32 %r2, %r1, 3;\n", "fold.dead 1\n");
    assert_int_equal(cycles_of("", chain, "fold.dead 1\n"), alone);
    assert_true(cycles_of("", chain, "fold.dead 0\n") > alone);
    assert_int_equal(cycles_of("", "add.s32 %r2, %r1, 3;\n", "fold.dead 0\n"), alone);
    /* sm_90 has the key 1 (docs/calibration.md "(dead33)"): the built-in preset drops the chain */
    assert_int_equal(cycles_of("", chain, NULL), alone);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(minmax_pairs_fold),
        cmocka_unit_test(activemask_reused_in_block),
        cmocka_unit_test(release_waits_membar_stall),
        cmocka_unit_test(reciprocal_hoisted_from_innermost_loop),
        cmocka_unit_test(xor_algebra_folds),
        cmocka_unit_test(imad_folds),
        cmocka_unit_test(identity_operand_is_copy),
        cmocka_unit_test(xor_block_constants_and_liveness),
        cmocka_unit_test(xor_block_constants_loads),
        cmocka_unit_test(address_offsets_fold),
        cmocka_unit_test(address_offsets_cost_nothing),
        cmocka_unit_test(dead_code_dropped),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
