/* The timing mode's ALU forms: what ptxas makes of an instruction, as sim/timing.c and
 * sim/narrow.c charge it (docs/calibration.md "Issue 15", tests/calibration/sass/bench_mul,
 * bench_bits, bench_half). Each kernel reads %clock64 around a short chain; thread 0 writes the
 * difference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "run_ptx.h"

#define HARNESS_REGS ".reg .b32 %r<8>;\n.reg .b64 %rd<12>;\n.reg .f32 %f<8>;\n.reg .pred %p<4>;\n"

/* The type of register reg (e.g. "%rd3") by the `.reg .TYPE %name<N>;` declarations of decls (NULL: none known). */
static const char *reg_type(const char *decls, const char *reg, size_t len)
{
    const char *best = NULL;
    size_t best_len = 0;
    for (const char *d = strstr(decls, ".reg ."); d; d = strstr(d + 1, ".reg .")) {
        char type[8], name[16];
        if (sscanf(d, ".reg .%7s %%%15[a-zA-Z_]<", type, name) != 2)
            continue;
        size_t n = strlen(name);
        if (n + 1 < len && n >= best_len && strncmp(reg + 1, name, n) == 0 && isdigit((unsigned char)reg[n + 1])) {
            static char kept[8];
            snprintf(kept, sizeof kept, "%s", type);
            best = kept, best_len = n;
        }
    }
    return best;
}

/* Whether body reads register reg (len characters): it occurs other than as an instruction's first operand. */
static int read_in(const char *body, const char *reg, size_t len)
{
    for (const char *at = strstr(body, "%"); at; at = strstr(at + 1, "%")) {
        if (strncmp(at, reg, len) != 0 || isalnum((unsigned char)at[len]))
            continue;
        const char *start = at;
        while (start > body && start[-1] != '\n')
            start--;
        const char *first = strchr(start, ' '); /* the opcode's end: a guard's too */
        if (first && *start == '@')
            first = strchr(first + 1, ' ');
        const char *comma = first ? strpbrk(first, ",;") : NULL;
        if (!first || !comma || at > comma || (first[1] == '{' && at > strchr(first, '}')))
            return 1;
    }
    return 0;
}

/* Stores of every register body writes (each instruction's first operand, a {vector}'s elements, setp's |q) and
 * never reads, one to a word of [%rd1+16] on: the harness reads the chain's results, as a kernel does, so none is dead code (ptxas drops
 * an instruction nothing live reads, fold.dead, sim/fold.h WS_FOLD_DEAD). Predicates by selp into %keep. */
static void stores_of(const char *body, char *out, size_t cap)
{
    char decls[4096], seen[64][16];
    unsigned nseen = 0;
    size_t len = 0;
    snprintf(decls, sizeof decls, "%s%s", HARNESS_REGS, body);
    out[0] = 0;
    for (const char *line = body; *line;) {
        const char *end = strchr(line, '\n');
        size_t n = end ? (size_t)(end - line) : strlen(line);
        char text[256];
        snprintf(text, sizeof text, "%.*s", (int)(n < 255 ? n : 255), line);
        line += n + (end != NULL);
        char *t = text;
        while (*t == ' ')
            t++;
        if (*t == '@') /* a guard */
            t = strchr(t, ' ') ? strchr(t, ' ') + 1 : t + strlen(t);
        if (*t == '.' || !*t || strchr(t, ':') || strncmp(t, "st.", 3) == 0 || strncmp(t, "red.", 4) == 0)
            continue;
        char *op = strchr(t, ' ');
        if (!op)
            continue;
        op++;
        char *stop = strpbrk(op, *op == '{' ? "}" : ",;");
        if (stop)
            *stop = 0;
        for (char *r = strchr(op, '%'); r; r = strchr(r + 1, '%')) {
            size_t rl = strspn(r + 1, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ_0123456789") + 1;
            const char *type = reg_type(decls, r, rl);
            int dup = 0;
            for (unsigned i = 0; i < nseen; i++)
                dup |= strlen(seen[i]) == rl && strncmp(seen[i], r, rl) == 0;
            if (!type || dup || nseen >= 60 || rl >= sizeof seen[0] || read_in(body, r, rl))
                continue;
            snprintf(seen[nseen], sizeof seen[0], "%.*s", (int)rl, r);
            unsigned at = 16 + 8 * nseen++;
            if (strcmp(type, "pred") == 0)
                len += (size_t)snprintf(out + len, cap - len,
                                        "selp.u32 %%keep, 1, 0, %.*s;\nst.global.u32 [%%rd1+%u], %%keep;\n", (int)rl, r,
                                        at);
            else
                len += (size_t)snprintf(out + len, cap - len, "st.global.%s [%%rd1+%u], %.*s;\n", type, at, (int)rl, r);
        }
    }
}

/* The %clock64 difference the one-warp kernel writes to out[0], with the preset text over sm_90; after the second
 * clock read every result of body is stored (stores_of). */
static uint64_t cycles_of(const char *body, const char *preset)
{
    char ptx[8192], stores[4096];
    stores_of(body, stores, sizeof stores);
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
             "%s.reg .b32 %%keep;\nld.param.u64 %%rd1, [o];\n"
             "ld.global.u32 %%r1, [%%rd1];\nst.global.u32 [%%rd1+12], %%r1;\nmov.u64 %%rd8, %%clock64;\n%smov.u64 %%rd9, %%clock64;\n"
             "sub.s64 %%rd10, %%rd9, %%rd8;\nst.global.u64 [%%rd1], %%rd10;\nst.global.u32 [%%rd1+8], %%r3;\n"
             "%sret;\n}\n",
             HARNESS_REGS, body, stores);
    uint64_t out = 0;
    run_ptx(ptx, 32, &out, 1, WS_MODE_TIMING, preset);
    return out;
}

/* A range of registers a whole-kernel test's body computes (%NAMEfirst .. %NAMElast, of TYPE: f64, f32, u32, b16). */
struct kept {
    const char *type, *name;
    int first, last;
};

/* The end of a whole-kernel test's PTX (run_ptx's block cycles; %tid.x in %r1): the n ranges of kept stored, each
 * register to its own byte of the output on, under a guard no thread takes (%tid.x above 1023: a block holds at most
 * 1024), then ret. The kernel reads its results, as a real one does (a bounds check before its stores), so none is
 * dead code (ptxas drops an instruction nothing live reads: fold.dead); the stores never issue. Its cost: the guard's
 * SETP issues while the first instructions wait for %tid.x's S2R, and its BRA issues before the ret, one more
 * instruction at a warp's end. */
static void end_keeping(char *ptx, size_t cap, const struct kept *kept, unsigned n)
{
    unsigned at = 0;
    snprintf(ptx + strlen(ptx), cap - strlen(ptx),
             ".reg .pred %%pkeep;\n.reg .b64 %%rdkeep;\nsetp.gt.u32 %%pkeep, %%r1, 1023;\n@%%pkeep bra KEEP;\nret;\n"
             "KEEP:\nld.param.u64 %%rdkeep, [o];\n");
    for (unsigned k = 0; k < n; k++)
        for (int i = kept[k].first; i <= kept[k].last; i++, at += (unsigned)atoi(kept[k].type + 1) / 8)
            snprintf(ptx + strlen(ptx), cap - strlen(ptx), "st.global.%s [%%rdkeep+%u], %%%s%d;\n", kept[k].type, at,
                     kept[k].name, i);
    assert_true(at <= 8 * 64 && strlen(ptx) + 8 < cap); /* run_ptx's buffer: 64 words */
    strcat(ptx, "ret;\n}\n");
}

/* mul.wide whose high half alone is read (shr by 32, cvt.u32.u64): IMAD.WIDE read at its high
 * register, mul.hi's 9 cycles; the shr and the cvt cost nothing. The clock issues the cycle
 * after the second mul.wide: 1 + 9 + 1. */
static void mul_wide_high_half(void **state)
{
    (void)state;
    const char *chain = "mul.wide.s32 %rd2, %r1, %r1;\nshr.u64 %rd2, %rd2, 32;\ncvt.u32.u64 %r2, %rd2;\n"
                        "mul.wide.s32 %rd2, %r2, %r1;\nshr.u64 %rd2, %rd2, 32;\ncvt.u32.u64 %r3, %rd2;\n";
    assert_int_equal(cycles_of(chain, NULL), 1 + 9 + 1);
    assert_int_equal(cycles_of(chain, "mul.hi 20\n"), 1 + 20 + 1);
    /* the whole value read (xor.b64): mul.wide is an IMAD (4), not the high half's 9 */
    const char *whole = "mul.wide.s32 %rd2, %r1, %r1;\nxor.b64 %rd3, %rd2, 1;\ncvt.u32.u64 %r2, %rd3;\n"
                        "mul.wide.s32 %rd4, %r2, %r1;\ncvt.u32.u64 %r3, %rd4;\n";
    assert_int_equal(cycles_of(whole, NULL), 1 + 4 + 4 + 1);
}

/* A free mov (cvt.u32.u64: the low register) is a rename: the mul.wide after it issues when the
 * first one's result is ready, not a cycle later. */
static void free_mov_is_a_rename(void **state)
{
    (void)state;
    const char *chain = "mul.wide.u32 %rd2, %r1, %r1;\ncvt.u32.u64 %r2, %rd2;\nmul.wide.u32 %rd3, %r2, %r1;\n"
                        "cvt.u32.u64 %r3, %rd3;\n";
    assert_int_equal(cycles_of(chain, NULL), 1 + 4 + 1);
    /* cvt.u64.u32 (zero extension) too: the xor.b64 issues 4 cycles after the add */
    const char *zext = "add.u32 %r2, %r1, 1;\ncvt.u64.u32 %rd2, %r2;\nxor.b64 %rd3, %rd2, 7;\ncvt.u32.u64 %r3, %rd3;\n";
    assert_int_equal(cycles_of(zext, NULL), 1 + 4 + 1);
}

/* popc/clz/bfind/brev read a fixed-latency ALU op's result bits.feed (2) cycles late; a popc
 * reading a popc does not. */
static void bit_ops_wait_for_alu_results(void **state)
{
    (void)state;
    const char *after_alu = "xor.b32 %r2, %r1, 5;\npopc.b32 %r3, %r2;\nxor.b32 %r4, %r3, 1;\n";
    assert_int_equal(cycles_of(after_alu, NULL), 1 + 4 + 2 + 17 + 1);
    assert_int_equal(cycles_of(after_alu, "bits.feed 0\n"), 1 + 4 + 17 + 1);
    const char *after_popc = "popc.b32 %r2, %r1;\npopc.b32 %r3, %r2;\nxor.b32 %r4, %r3, 1;\n";
    assert_int_equal(cycles_of(after_popc, NULL), 1 + 17 + 17 + 1);
}

/* cross.feed: a fixed-latency op's result read on another datapath (ALU: LOP3, FMNMX; FMA: IMAD, FADD) comes a cycle
 * later than within one, as ptxas's stall counts give it (5, not 4) and the H200 follows them (probe_lat16 mad_l:
 * IMAD + LOP3 10.0 a step, docs/calibration.md "(lat18)"). */
static void cross_datapath_feed(void **state)
{
    (void)state;
    const char *imad_lop3 = "mul.lo.s32 %r2, %r1, %r1;\nxor.b32 %r3, %r2, 5;\nmul.lo.s32 %r3, %r3, %r1;\n";
    assert_int_equal(cycles_of(imad_lop3, NULL), 1 + 5 + 5 + 1);
    assert_int_equal(cycles_of(imad_lop3, "cross.feed 0\n"), 1 + 4 + 4 + 1);
    /* within a datapath: IMAD -> IMAD, LOP3 -> LOP3 stay 4 */
    assert_int_equal(cycles_of("mul.lo.s32 %r2, %r1, %r1;\nmul.lo.s32 %r3, %r2, %r1;\n", NULL), 1 + 4 + 1);
    assert_int_equal(cycles_of("xor.b32 %r2, %r1, 5;\nmin.s32 %r3, %r2, %r1;\n", NULL), 1 + 4 + 1);
    /* FADD (FMA) -> FMNMX (ALU) -> FADD: 5 each; FADD -> FADD 4 */
    const char *fadd_max = "mov.b32 %f1, %r1;\nadd.f32 %f2, %f1, 0f3F800000;\nmax.f32 %f3, %f2, %f1;\n"
                           "add.f32 %f4, %f3, %f1;\nmov.b32 %r3, %f4;\n";
    assert_int_equal(cycles_of(fadd_max, NULL), 1 + 5 + 5 + 1);
    assert_int_equal(cycles_of(fadd_max, "cross.feed 0\n"), 1 + 4 + 4 + 1);
    /* an XU op has no datapath: POPC reads the IMAD bits.feed (2) later, nothing more */
    assert_int_equal(cycles_of("mul.lo.s32 %r2, %r1, %r1;\npopc.b32 %r3, %r2;\n", NULL), 1 + 4 + 2 + 1);
}

/* conv.f2h: cvt.rn.f16.f32 whose half is zero-extended is F2F.F16.F32 (conv.form), 17 cycles (probe_lat16 f2h: 17.0
 * a step), not conv's 18; it reads a LOP3's result bits.feed (2) later, as the XU bit operations (probe_lat16 f2h_l:
 * LOP3 S06 before the F2F, 23.0 a step). */
static void f2h_latency(void **state)
{
    (void)state;
    const char *f2f = ".reg .b16 %h<4>;\ncvt.rn.f16.f32 %h1, %r1;\ncvt.u32.u16 %r2, %h1;\n"
                      "cvt.rn.f16.f32 %h2, %r2;\ncvt.u32.u16 %r3, %h2;\n";
    assert_int_equal(cycles_of(f2f, NULL), 1 + 17 + 1);
    assert_int_equal(cycles_of(f2f, "conv.f2h 0\n"), 1 + 18 + 1);
    const char *lop3_f2f = ".reg .b16 %h<4>;\nxor.b32 %r2, %r1, 5;\ncvt.rn.f16.f32 %h1, %r2;\ncvt.u32.u16 %r3, %h1;\n";
    assert_int_equal(cycles_of(lop3_f2f, NULL), 1 + 4 + 2 + 1);
    assert_int_equal(cycles_of(lop3_f2f, "conv.f2h 0\n"), 1 + 4 + 1);
}

/* schedule.xu_clz: clz is FLO, then an IADD3 that ptxas issues after the warp's next XU op, waiting for the FLO (17);
 * the XU op after that IADD3 issues the spacing left less one later (probe_alu3.sass alu3_clz: FLO S01, IADD3 S07).
 * Four independent clz: FLO 0, FLO 8, IADD3 of the first at 17, FLO 24, IADD3 of the second at 25, FLO 32: the
 * clock after it; with the rule off, 8 apart (pipe.xu). A popc after a clz: the clz's IADD3 is after the popc. */
static void clz_spacing(void **state)
{
    (void)state;
    const char *four = "clz.b32 %r2, %r1;\nclz.b32 %r3, %r1;\nclz.b32 %r4, %r1;\nclz.b32 %r5, %r1;\n";
    assert_int_equal(cycles_of(four, NULL), 1 + 8 + 16 + 8 + 1);
    assert_int_equal(cycles_of(four, "schedule.xu_clz 0\n"), 1 + 8 * 3 + 1);
    const char *clz_popc = "clz.b32 %r2, %r1;\npopc.b32 %r3, %r1;\npopc.b32 %r4, %r1;\n";
    assert_int_equal(cycles_of(clz_popc, NULL), 1 + 17 + 7 + 1); /* the second popc: the IADD3 at 17, then 7 */
    assert_int_equal(cycles_of(clz_popc, "schedule.xu_clz 0\n"), 1 + 8 * 2 + 1);
}

/* mul.f16x2: HMUL2 and HFMA2.MMA in turn, 8 a step (bench_half[4]); add.f16x2 stays 4. */
static void half2_mul(void **state)
{
    (void)state;
    assert_int_equal(cycles_of("mul.f16x2 %r2, %r1, %r1;\nmul.f16x2 %r3, %r2, %r1;\n", NULL), 1 + 8 + 1);
    assert_int_equal(cycles_of("add.f16x2 %r2, %r1, %r1;\nadd.f16x2 %r3, %r2, %r1;\n", NULL), 1 + 4 + 1);
}

/* bench_conv[6]'s chain: cvt.s64.s32 + add.s64 + cvt.u32.u64 is a 32-bit add of the low halves
 * (narrow.h). By a constant whose low half is 1, ptxas merges four steps into one IADD3.X (fold.h;
 * bench_conv.sass: 64 steps, 16 IADD3.X): four steps cost one add (4), eight two; by another
 * constant the chain is one add (adds_chain.sass). The xor reading the chain waits for it. */
static void widened_add_narrowed(void **state)
{
    (void)state;
    char chain[1024];
    const char *step = "cvt.s64.s32 %rd2, %r2;\nadd.s64 %rd2, %rd2, %rd3;\ncvt.u32.u64 %r2, %rd2;\n";
    snprintf(chain, sizeof chain, "mov.u64 %%rd3, 4294967297;\nmov.u32 %%r2, %%r1;\n%s%s%s%sxor.b32 %%r3, %%r2, 1;\n",
             step, step, step, step);
    assert_int_equal(cycles_of(chain, NULL), 1 + 4 + 1);
    snprintf(chain, sizeof chain,
             "mov.u64 %%rd3, 4294967297;\nmov.u32 %%r2, %%r1;\n%s%s%s%s%s%s%s%sxor.b32 %%r3, %%r2, 1;\n", step, step,
             step, step, step, step, step, step);
    assert_int_equal(cycles_of(chain, NULL), 1 + 4 + 4 + 1);
    snprintf(chain, sizeof chain, "mov.u64 %%rd3, 7;\nmov.u32 %%r2, %%r1;\n%s%s%s%s%s%s%s%sxor.b32 %%r3, %%r2, 1;\n",
             step, step, step, step, step, step, step, step);
    assert_int_equal(cycles_of(chain, NULL), 1 + 4 + 1);
    /* 32-bit adds and subs of immediates: one add */
    assert_int_equal(cycles_of("add.u32 %r2, %r1, 5;\nadd.u32 %r2, %r2, 5;\nsub.u32 %r2, %r2, 1;\nadd.u32 %r2, %r2, 5;\n"
                               "add.u32 %r2, %r2, 5;\nxor.b32 %r3, %r2, 1;\n",
                               NULL),
                     1 + 4 + 1);
    /* an addend that is not a constant (the loaded word): adds merge in pairs, two IADD3 */
    snprintf(chain, sizeof chain, "cvt.u64.u32 %%rd3, %%r1;\nmov.u32 %%r2, %%r1;\n%s%s%s%sxor.b32 %%r3, %%r2, 1;\n",
             step, step, step, step);
    assert_int_equal(cycles_of(chain, NULL), 1 + 4 + 4 + 1);
    /* the whole 64-bit sum read (xor.b64): a sign extension (4) and a 64-bit add (alu.64, 6) a step */
    const char *whole = "mov.u64 %rd3, 4294967297;\ncvt.s64.s32 %rd2, %r1;\nadd.s64 %rd2, %rd2, %rd3;\n"
                        "xor.b64 %rd4, %rd2, 1;\ncvt.u32.u64 %r3, %rd4;\n";
    assert_int_equal(cycles_of(whole, NULL), 1 + 4 + 6 + 1);
}

/* div.approx/div.full.f32 by a register (fold.h WS_FOLD_RCP): ptxas computes the divisor's
 * reciprocal once (bench_div.sass), so a division after one of the same form by the same unchanged
 * register costs its FMULs (div.approx.hoisted 8, div.full.hoisted 12), the first the whole
 * sequence (div, 61). The add.f32 after the chain waits for it. */
static void division_reuses_the_reciprocal(void **state)
{
    (void)state;
    const char *same = "mov.b32 %f1, %r1;\nmov.f32 %f3, 0f40000000;\ndiv.approx.f32 %f2, %f1, %f3;\n"
                       "div.approx.f32 %f2, %f2, %f3;\ndiv.approx.f32 %f2, %f2, %f3;\nadd.f32 %f4, %f2, %f2;\n";
    assert_int_equal(cycles_of(same, NULL), 1 + 61 + 8 + 8 + 1);
    assert_int_equal(cycles_of(same, "div.approx.hoisted 20\n"), 1 + 61 + 20 + 20 + 1);
    const char *full = "mov.b32 %f1, %r1;\nmov.f32 %f3, 0f40000000;\ndiv.full.f32 %f2, %f1, %f3;\n"
                       "div.full.f32 %f2, %f2, %f3;\nadd.f32 %f4, %f2, %f2;\n";
    assert_int_equal(cycles_of(full, NULL), 1 + 61 + 12 + 1);
    /* the divisor written between: a new reciprocal, the whole sequence again */
    const char *rewritten = "mov.b32 %f1, %r1;\nmov.f32 %f3, 0f40000000;\nadd.f32 %f5, %f1, %f1;\n"
                            "div.approx.f32 %f2, %f1, %f3;\nmov.f32 %f3, %f5;\ndiv.approx.f32 %f2, %f2, %f3;\n"
                            "add.f32 %f4, %f2, %f2;\n";
    assert_int_equal(cycles_of(rewritten, NULL), 1 + 61 + 61 + 1);
    /* another form (div.full after div.approx) has its own fix-up: no reuse */
    const char *other = "mov.b32 %f1, %r1;\nmov.f32 %f3, 0f40000000;\ndiv.approx.f32 %f2, %f1, %f3;\n"
                        "div.full.f32 %f2, %f2, %f3;\nadd.f32 %f4, %f2, %f2;\n";
    assert_int_equal(cycles_of(other, NULL), 1 + 61 + 61 + 1);
}

/* In a loop whose body does not write the divisor, every division (the first too) costs its FMULs:
 * ptxas computes the reciprocal before the loop. Three dependent divisions an iteration, four
 * iterations: the chain is 12 x 8 cycles (the loop's counter runs beside it), 12 x 53 less than
 * with div.approx.hoisted at the class's 61. A divisor the loop writes is not hoisted. */
/* The H200's rates of the two pipes (presets/sm_90.preset pipe.alu, pipe.imad), named so that these tests hold
 * whatever the default. */
#define PIPES    "pipe.alu 2\npipe.imad 2\n"
/* With no XU rate (pipe.xu 0) ptxas's stall counts would still space a warp's POPC, FLO, BREV and F2I 8 cycles
 * (schedule.xu_stall, docs/calibration.md "(xust17)"): the tests of the pipe alone turn that off. */
#define NO_STALL "schedule.xu_stall 0\n"

/* The ALU and IMAD pipes (probe_alu, H200 2026-12-04, docs/calibration.md "(alu24)"): a sub-partition issues an
 * ISETP, SEL or LOP3 every pipe.alu (2) cycles and an IMAD every pipe.imad (2), the two side by side; an integer
 * add takes whichever is free (IADD3 or IMAD.IADD), a float op the FMA pipe, one a cycle. Four independent ops
 * after the clock: 1 + 2 x 3 + 1 on one pipe, 1 + 3 + 1 where they alternate or have no rate. */
static void alu_and_imad_pipes(void **state)
{
    (void)state;
    const char *xors = "xor.b32 %r2, %r1, 1;\nxor.b32 %r3, %r1, 2;\nxor.b32 %r4, %r1, 3;\nxor.b32 %r5, %r1, 4;\n";
    const char *muls =
        "mul.lo.s32 %r2, %r1, 3;\nmul.lo.s32 %r3, %r1, 5;\nmul.lo.s32 %r4, %r1, 7;\nmul.lo.s32 %r5, %r1, 9;\n";
    const char *mixed = "xor.b32 %r2, %r1, 1;\nmul.lo.s32 %r3, %r1, 5;\nxor.b32 %r4, %r1, 3;\nmul.lo.s32 %r5, %r1, 9;\n";
    const char *adds = "add.s32 %r2, %r1, 1;\nadd.s32 %r3, %r1, 2;\nadd.s32 %r4, %r1, 3;\nadd.s32 %r5, %r1, 4;\n";
    const char *fmas =
        "cvt.rn.f32.s32 %f1, %r1;\nmov.u64 %rd11, %clock64;\nfma.rn.f32 %f2, %f1, %f1, %f1;\n"
        "fma.rn.f32 %f3, %f1, %f1, 1.0;\nfma.rn.f32 %f4, %f1, %f1, 2.0;\nfma.rn.f32 %f5, %f1, %f1, 3.0;\n"
        "add.f32 %f6, %f2, %f3;\nadd.f32 %f7, %f4, %f5;\nadd.f32 %f6, %f6, %f7;\ncvt.rzi.s32.f32 %r3, %f6;\n";
    assert_int_equal(cycles_of(xors, PIPES), 1 + 2 * 3 + 1);
    assert_int_equal(cycles_of(xors, "pipe.alu 0\n"), 1 + 3 + 1);
    assert_int_equal(cycles_of(xors, "pipe.alu 3\npipe.imad 2\n"), 1 + 3 * 3 + 1);
    assert_int_equal(cycles_of(muls, PIPES), 1 + 2 * 3 + 1);
    assert_int_equal(cycles_of(muls, "pipe.alu 2\npipe.imad 1\n"), 1 + 3 + 1);
    assert_int_equal(cycles_of(mixed, PIPES), 1 + 3 + 1);
    assert_int_equal(cycles_of(adds, PIPES), 1 + 3 + 1);
    /* with the ALU pipe's rate alone an add takes the IMAD pipe, which has none: no wait */
    assert_int_equal(cycles_of(adds, "pipe.alu 2\npipe.imad 0\n"), 1 + 3 + 1);
    assert_int_equal(cycles_of(fmas, PIPES), cycles_of(fmas, "pipe.alu 0\npipe.imad 0\n"));
}

/* The forms the SASS of a PTX op decides (probe_alu2, H200 2026-12-04, docs/calibration.md "(alu25)"): mul.hi
 * (IMAD.HI) takes the IMAD pipe twice, 4 cycles; popc and cvt from f32 to an integer (F2I) the XU pipe, 8; cvt
 * from an integer to f32 (I2FP), setp.f32 (FSETP) and min.f32 (FMNMX) the ALU pipe; add.s64 (IADD3 + IMAD.X) one
 * slot of each, so four take the ALU's 2 cycles each; add.f32 (FADD) none. Four independent ops after the clock. */
static void pipe_forms(void **state)
{
    (void)state;
    const char *hi =
        "mul.hi.u32 %r2, %r1, 3;\nmul.hi.u32 %r3, %r1, 5;\nmul.hi.u32 %r4, %r1, 7;\nmul.hi.u32 %r5, %r1, 9;\n";
    const char *popc = "popc.b32 %r2, %r1;\npopc.b32 %r3, %r1;\n";
    const char *f2i = "cvt.rzi.s32.f32 %r2, %f1;\ncvt.rzi.s32.f32 %r3, %f1;\ncvt.rzi.s32.f32 %r4, %f1;\n"
                      "cvt.rzi.s32.f32 %r5, %f1;\n";
    const char *i2f = "cvt.rn.f32.s32 %f2, %r1;\ncvt.rn.f32.s32 %f3, %r1;\ncvt.rn.f32.s32 %f4, %r1;\n"
                      "cvt.rn.f32.s32 %f5, %r1;\n";
    const char *fsetp = "setp.lt.f32 %p0, %f1, 1.0;\nsetp.lt.f32 %p1, %f1, 2.0;\nmin.f32 %f2, %f1, 3.0;\n"
                        "min.f32 %f3, %f1, 4.0;\n";
    const char *add64 =
        "add.s64 %rd2, %rd1, 1;\nadd.s64 %rd3, %rd1, 2;\nadd.s64 %rd4, %rd1, 3;\nadd.s64 %rd5, %rd1, 4;\n";
    const char *fadd = "add.f32 %f2, %f1, 1.0;\nadd.f32 %f3, %f1, 2.0;\nadd.f32 %f4, %f1, 3.0;\nadd.f32 %f5, %f1, 4.0;\n";
    const char *xu = PIPES "pipe.xu 8\n";
    assert_int_equal(cycles_of(hi, PIPES), 1 + 4 * 3 + 1);
    assert_int_equal(cycles_of(popc, xu), 1 + 8 + 1);
    assert_int_equal(cycles_of(popc, PIPES "pipe.xu 0\n" NO_STALL), 1 + 1 + 1);
    assert_int_equal(cycles_of(popc, PIPES "pipe.xu 0\nschedule.xu_stall 8\n"), 1 + 8 + 1); /* the stall count */
    assert_int_equal(cycles_of(f2i, xu), 1 + 8 * 3 + 1);
    assert_int_equal(cycles_of(f2i, PIPES "pipe.xu 0\n" NO_STALL), 1 + 3 + 1);
    assert_int_equal(cycles_of(i2f, PIPES), 1 + 2 * 3 + 1);
    assert_int_equal(cycles_of(fsetp, PIPES), 1 + 2 * 3 + 1);
    assert_int_equal(cycles_of(add64, PIPES), 1 + 2 * 3 + 1);
    assert_int_equal(cycles_of(fadd, PIPES), 1 + 3 + 1);
    /* shl by an immediate is SHF.L.U32 or IMAD.SHL.U32 (either pipe, as an add); by a register SHF alone */
    const char *shli = "shl.b32 %r2, %r1, 1;\nshl.b32 %r3, %r1, 2;\nshl.b32 %r4, %r1, 3;\nshl.b32 %r5, %r1, 4;\n";
    const char *shlr = "shl.b32 %r2, %r1, %r1;\nshl.b32 %r3, %r1, %r1;\nshl.b32 %r4, %r1, %r1;\nshl.b32 %r5, %r1, %r1;\n";
    assert_int_equal(cycles_of(shli, PIPES), 1 + 3 + 1);
    assert_int_equal(cycles_of(shlr, PIPES), 1 + 2 * 3 + 1);
}

/* probe_alu3 (H200, 2026-12-04, docs/calibration.md "(alu27)"): MUFU (ex2, rsqrt, lg2, sin, cos, tanh; rcp and sqrt
 * .approx), FLO (clz, bfind), BREV and F2F (cvt f32 to f16, bf16, f64) take POPC's XU pipe, 8 cycles a warp
 * instruction; clz also an IADD3 (ALU); cvt f32 pairs to f16x2 is F2FP.PACK_AB (ALU) and f16 to f32 HADD2.F32 (IMAD
 * pipe). Four independent ops after the clock: 1 + 8 x 3 + 1 on the XU pipe (the .ftz forms: no fix-ups,
 * mufu_fixups below). */
static void xu_forms(void **state)
{
    (void)state;
    const char *xu = PIPES "pipe.xu 8\n";
    const char *four[] = {
        "ex2.approx.ftz.f32 %f2, %f1;\nex2.approx.ftz.f32 %f3, %f1;\nex2.approx.ftz.f32 %f4, %f1;\n"
        "ex2.approx.ftz.f32 %f5, %f1;\n",
        "rsqrt.approx.ftz.f32 %f2, %f1;\nlg2.approx.ftz.f32 %f3, %f1;\nsin.approx.f32 %f4, %f1;\n"
        "tanh.approx.f32 %f5, %f1;\n",
        "rcp.approx.ftz.f32 %f2, %f1;\nsqrt.approx.ftz.f32 %f3, %f1;\ncos.approx.f32 %f4, %f1;\n"
        "rcp.approx.ftz.f32 %f5, %f1;\n",
        "popc.b32 %r2, %r1;\nex2.approx.ftz.f32 %f3, %f1;\npopc.b32 %r4, %r1;\ntanh.approx.f32 %f5, %f1;\n",
        "clz.b32 %r2, %r1;\nbfind.u32 %r3, %r1;\nbrev.b32 %r4, %r1;\nbfind.s32 %r5, %r1;\n",
        ".reg .b16 %h<6>;\ncvt.rn.f16.f32 %h2, %f1;\ncvt.rn.bf16.f32 %h3, %f1;\n"
        "cvt.rn.f16.f32 %h4, %f1;\ncvt.rn.bf16.f32 %h5, %f1;\n",
        ".reg .f64 %fd<6>;\ncvt.f64.f32 %fd2, %f1;\ncvt.f64.f32 %fd3, %f1;\ncvt.f64.f32 %fd4, %f1;\n"
        "cvt.f64.f32 %fd5, %f1;\n",
    };
    for (unsigned i = 0; i < sizeof four / sizeof *four; i++) {
        /* the half cvts, whose values nothing zero-extends, are F2FP (ALU pipe) with conv.form 1: the XU form here */
        int half = i == 5;
        /* clz's IADD3, issued after the next XU op, would hold the third (xu_clz: clz_spacing below) */
        assert_int_equal(cycles_of(four[i], half     ? PIPES "pipe.xu 8\nconv.form 0\n"
                                            : i == 4 ? PIPES "pipe.xu 8\nschedule.xu_clz 0\n"
                                                     : xu),
                         1 + 8 * 3 + 1);
        assert_int_equal(cycles_of(four[i],
                                   half ? PIPES "pipe.xu 0\nconv.form 0\n" NO_STALL : PIPES "pipe.xu 0\n" NO_STALL),
                         1 + 3 + 1); /* no XU rate */
    }
    /* conv.form (docs/calibration.md "(f2h17)"): cvt.rn.f16.f32 / .bf16.f32 read by nothing that zero-extends them are
     * F2FP.PACK_AB with RZ, the ALU pipe's 2 cycles; .rm and .rp are F2F whatever reads them, and so is one of a neg */
    assert_int_equal(cycles_of(four[5], xu), 1 + 2 * 3 + 1);
    const char *rm = ".reg .b16 %h<6>;\ncvt.rm.f16.f32 %h2, %f1;\ncvt.rp.bf16.f32 %h3, %f1;\n"
                     "cvt.rm.f16.f32 %h4, %f1;\ncvt.rp.bf16.f32 %h5, %f1;\n";
    assert_int_equal(cycles_of(rm, xu), 1 + 8 * 3 + 1);
    /* of a neg's value: F2F.F16.F32 R5, -R0 (F2FP has no negated operand), the neg free (fold.neg) */
    const char *neg = ".reg .b16 %h<6>;\nneg.f32 %f2, %f1;\ncvt.rn.f16.f32 %h2, %f2;\nneg.f32 %f3, %f1;\n"
                      "cvt.rn.bf16.f32 %h3, %f3;\nneg.f32 %f4, %f1;\ncvt.rn.f16.f32 %h4, %f4;\nneg.f32 %f5, %f1;\n"
                      "cvt.rn.bf16.f32 %h5, %f5;\n";
    assert_int_equal(cycles_of(neg, xu), 1 + 8 * 3 + 1);
    /* the IEEE rcp and sqrt are ptxas's sequences (not measured): no XU slot */
    const char *rn = "rcp.rn.f32 %f2, %f1;\nrcp.rn.f32 %f3, %f1;\nsqrt.rn.f32 %f4, %f1;\nsqrt.rn.f32 %f5, %f1;\n";
    assert_int_equal(cycles_of(rn, xu), cycles_of(rn, PIPES "pipe.xu 0\n" NO_STALL));
    /* clz: FLO on the XU pipe and IADD3 on the ALU pipe, 2 cycles, with no XU rate */
    const char *clz = "clz.b32 %r2, %r1;\nclz.b32 %r3, %r1;\nclz.b32 %r4, %r1;\nclz.b32 %r5, %r1;\n";
    assert_int_equal(cycles_of(clz, PIPES "pipe.xu 0\n" NO_STALL), 1 + 2 * 3 + 1);
    assert_int_equal(cycles_of(clz, "pipe.alu 0\npipe.imad 2\npipe.xu 0\n" NO_STALL), 1 + 3 + 1);
    /* F2FP.PACK_AB on the ALU pipe, HADD2.F32 on the IMAD pipe, 2 cycles each */
    const char *f2fp = "cvt.rn.f16x2.f32 %r2, %f1, %f1;\ncvt.rn.bf16x2.f32 %r3, %f1, %f1;\n"
                       "cvt.rn.f16x2.f32 %r4, %f1, %f1;\ncvt.rn.bf16x2.f32 %r5, %f1, %f1;\n";
    assert_int_equal(cycles_of(f2fp, xu), 1 + 2 * 3 + 1);
    assert_int_equal(cycles_of(f2fp, "pipe.alu 0\npipe.imad 2\n"), 1 + 3 + 1);
    const char *h2f = ".reg .b16 %h<2>;\ncvt.rn.f16.f32 %h1, %f1;\nmov.u64 %rd11, %clock64;\ncvt.f32.f16 %f2, %h1;\n"
                      "cvt.f32.f16 %f3, %h1;\ncvt.f32.f16 %f4, %h1;\ncvt.f32.f16 %f5, %h1;\n";
    uint64_t h2f_imad = cycles_of(h2f, PIPES), h2f_none = cycles_of(h2f, "pipe.alu 2\npipe.imad 0\n");
    assert_int_equal(h2f_imad - h2f_none, 2 * 3 - 3);
    /* F2F.F32.F64 (cvt.rn.f32.f64) holds the XU pipe pipe.xu_d2f cycles (probe_alu3 d2f: 9; docs/calibration.md
     * "(f64x)"); 0: pipe.xu's */
    const char *d2f = ".reg .f64 %fd<2>;\ncvt.rn.f32.f64 %f2, %fd1;\ncvt.rn.f32.f64 %f3, %fd1;\n"
                      "cvt.rn.f32.f64 %f4, %fd1;\ncvt.rn.f32.f64 %f5, %fd1;\n";
    assert_int_equal(cycles_of(d2f, xu), 1 + 9 * 3 + 1);
    assert_int_equal(cycles_of(d2f, PIPES "pipe.xu 8\npipe.xu_d2f 0\n"), 1 + 8 * 3 + 1);
    assert_int_equal(cycles_of(d2f, PIPES "pipe.xu 0\n" NO_STALL), 1 + 3 + 1);
}

/* The .f32 MUFU forms without .ftz are ptxas's MUFU with range fix-ups (probe_alu3, docs/calibration.md "(alu27)",
 * "(f64x)"): ex2, rsqrt, lg2 and sqrt.approx an FSETP and an FSEL on the ALU pipe and two FMUL or FADD, 5 SASS
 * instructions; rcp.approx two FSETP, two FSEL and two FMUL, 7. The MUFU takes the XU pipe 8 cycles, the fix-ups the
 * ALU pipe 2 each, and the sub-partition issues the 5 or 7 instructions one a cycle. Four independent ops after the
 * clock: the XU pipe's 8 x 3, then the last one's issue. */
static void mufu_fixups(void **state)
{
    (void)state;
    const char *xu = PIPES "pipe.xu 8\n";
    const char *rcp = "rcp.approx.f32 %f2, %f1;\nrcp.approx.f32 %f3, %f1;\nrcp.approx.f32 %f4, %f1;\n"
                      "rcp.approx.f32 %f5, %f1;\n";
    /* rcp's fix-ups hold the ALU pipe 8 and pipe.rcp_fixup (1) more: 9 a form, over the XU pipe's 8 ("(fit23)") */
    assert_int_equal(cycles_of(rcp, xu), 1 + 9 * 3 + 7);
    assert_int_equal(cycles_of(rcp, PIPES "pipe.xu 8\npipe.rcp_fixup 0\n"), 1 + 8 * 3 + 7);
    const char *five[] = {
        "ex2.approx.f32 %f2, %f1;\nex2.approx.f32 %f3, %f1;\nex2.approx.f32 %f4, %f1;\nex2.approx.f32 %f5, %f1;\n",
        "rsqrt.approx.f32 %f2, %f1;\nlg2.approx.f32 %f3, %f1;\nsqrt.approx.f32 %f4, %f1;\n"
        "ex2.approx.f32 %f5, %f1;\n",
    };
    for (unsigned i = 0; i < sizeof five / sizeof *five; i++)
        assert_int_equal(cycles_of(five[i], xu), 1 + 8 * 3 + 5);
    /* the fix-ups are modelled where the ALU pipe has a rate: with the XU's off, rcp's four still take it 9 cycles (8
     * with pipe.rcp_fixup 0); with neither (before-pipes.preset), one a cycle */
    assert_int_equal(cycles_of(rcp, "pipe.alu 2\npipe.imad 2\npipe.xu 0\n" NO_STALL), 1 + 9 * 3 + 7);
    assert_int_equal(cycles_of(rcp, "pipe.alu 2\npipe.imad 2\npipe.xu 0\npipe.rcp_fixup 0\n" NO_STALL), 1 + 8 * 3 + 7);
    assert_int_equal(cycles_of(rcp, "pipe.alu 0\npipe.imad 0\npipe.xu 0\n" NO_STALL), 1 + 3 + 1);
    /* an xor beside rcp's fix-ups waits for the ALU pipe: rcp at 1 (ALU to 10), the xor at 10 */
    const char *mixed = "rcp.approx.f32 %f2, %f1;\nxor.b32 %r3, %r1, 1;\n";
    assert_int_equal(cycles_of(mixed, xu), 1 + 9 + 1);
    /* .ftz, f16 and the IEEE forms: none */
    const char *ftz = "rcp.approx.ftz.f32 %f2, %f1;\nxor.b32 %r3, %r1, 1;\n";
    assert_int_equal(cycles_of(ftz, xu), 1 + 1 + 1);
}

/* An f64 add, mul or fma (DADD, DMUL, DFMA) holds its sub-partition's issue pipe.f64 (2) cycles (probe_alu3:
 * 2.1-2.2 cycles a step alone, 3.1-3.2 beside a LOP3, an IMAD or an FFMA; docs/calibration.md "(f64x)"). One warp:
 * four independent ones after the clock, 2 cycles each; the same with 0 or 1: one a cycle. */
static void f64_holds_the_issue(void **state)
{
    (void)state;
    const char *four = ".reg .f64 %fd<6>;\nadd.f64 %fd2, %fd1, %fd1;\nmul.f64 %fd3, %fd1, %fd1;\n"
                       "fma.rn.f64 %fd4, %fd1, %fd1, %fd1;\nsub.f64 %fd5, %fd1, %fd1;\n";
    assert_int_equal(cycles_of(four, NULL), 1 + 2 * 3 + 2);
    assert_int_equal(cycles_of(four, "pipe.f64 0\n"), 1 + 3 + 1);
    assert_int_equal(cycles_of(four, "pipe.f64 3\n"), 1 + 3 * 3 + 3);
    /* f32 forms and f64 conversions do not hold it */
    const char *f32 = "add.f32 %f2, %f1, %f1;\nmul.f32 %f3, %f1, %f1;\nfma.rn.f32 %f4, %f1, %f1, %f1;\n"
                      "sub.f32 %f5, %f1, %f1;\n";
    assert_int_equal(cycles_of(f32, NULL), 1 + 3 + 1);
}

/* The sub-partition issues nothing else while an f64 instruction holds it: 8 warps (two a sub-partition) of 32
 * independent add.f64 take twice the cycles of 4 (one each), 2 a DADD; with an add.f32 (FFMA pipe, no rate) after
 * each, 3 a pair, one a cycle more than the pair's own issue (probe_alu3 dadd_f: 3.14 a step). The results stored
 * (end_keeping); the guard's SETP issues while the warp waits for the I2F conversions, and the second warp's BRA and
 * ret each take a cycle from the first warp's DADDs (2 more: before the stores, its ret alone, 1). */
static void f64_shared_by_warps(void **state)
{
    (void)state;
    for (int pair = 0; pair < 2; pair++) {
        char ptx[8192] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                         ".reg .b32 %r<4>;\n.reg .f32 %f<40>;\n.reg .f64 %fd<40>;\nmov.u32 %r1, %tid.x;\n"
                         "cvt.rn.f64.u32 %fd1, %r1;\ncvt.rn.f32.u32 %f1, %r1;\n";
        for (int i = 2; i < 34; i++) {
            snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "add.f64 %%fd%d, %%fd1, %%fd1;\n", i);
            if (pair)
                snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "add.f32 %%f%d, %%f1, %%f1;\n", i);
        }
        const struct kept kept[] = {{"f64", "fd", 2, 33}, {"f32", "f", 2, 33}};
        end_keeping(ptx, sizeof ptx, kept, pair ? 2 : 1);
        uint64_t out[1];
        /* the pairs with warm code: schedule.f64 puts them DADD, FADD by turns (3 cycles a pair), which one warp alone
         * issues faster than cold code arrives, where DADDs, then FADDs let the fetch keep up; warm, the second warp
         * adds 3 a pair and 5 (its start, its SETP in the first warp's FADDs, its BRA and ret), with cross.feed 0 (the first add.f32 reads the
         * I2FP's %f1 a cycle later, which the two block sizes absorb differently). The adds alone with the cold fetch as these figures were set
         * (before cold18: ifetch.line 18, latency 27, no restart): the hold is the same */
        const char *fetch = "ifetch.line 18\nifetch.latency 27\nifetch.restart 0\n";
        const char *code = pair ? "ifetch.line 0\ncross.feed 0\n" : fetch;
        ws_result r4 = run_ptx(ptx, 128, out, 0, WS_MODE_TIMING, code),
                  r8 = run_ptx(ptx, 256, out, 0, WS_MODE_TIMING, code);
        assert_int_equal(r8.stats.cycles - r4.stats.cycles, pair ? 3 * 32 + 5 : 2 * 32 + 2);
        if (pair) /* one warp alone leaves cycles free there without the hold: no figure to compare */
            continue;
        /* one a cycle: one an add more, and one each for the second warp's BRA and ret */
        const char *off = "pipe.f64 0\nifetch.line 18\nifetch.latency 27\nifetch.restart 0\n";
        ws_result o4 = run_ptx(ptx, 128, out, 0, WS_MODE_TIMING, off),
                  o8 = run_ptx(ptx, 256, out, 0, WS_MODE_TIMING, off);
        assert_int_equal(o8.stats.cycles - o4.stats.cycles, 32 + 2);
    }
}

/* probe_alu3's f64 forms beside a LOP3 (docs/calibration.md "(f64r18)"): 8 streams of add.f64, each step's LOP3 on
 * the low half (`mov.b64 {lo, hi}`, lop3, `mov.b64 %x, {lo, hi}`), each stream reading the next. ptxas puts a
 * round's DADDs among the LOP3s of the round before (probe_alu3.sass alu3_dadd_l: DADD S02 before a DADD, S01 before
 * a LOP3; its LOP3 reads the DADD's register pair, no mov), and the H200 takes 3.27 cycles a step at one warp a
 * sub-partition: a DADD's 2-cycle hold of the issue and the LOP3's cycle. warpsim: schedule.f64 (rule 6 holds the
 * f64 pipe), schedule.free_slot 3 (the pair's movs take no schedule cycle) and pipe.held_mov (a mov picked during
 * the DADD's hold takes no cycle of the pass). One warp (lone, warm code), ROUNDS_F64 rounds of 8 steps between the
 * clocks: 201 cycles, 3 a step and the last round's tail; schedule.f64 0 213 (a round's DADDs more together),
 * schedule.free_slot 2 239 and pipe.held_mov 0 235 (a mov takes a cycle of the schedule or of the pass after a
 * DADD); the fast and the slow path agree. */
#define ROUNDS_F64 8
static uint64_t dadd_lop3_cycles(const char *preset, unsigned slow)
{
    char ptx[65536] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                      ".reg .b32 %r<4>;\n.reg .b32 %lo<8>;\n.reg .b32 %hi<8>;\n.reg .b64 %x<8>;\n"
                      ".reg .b64 %rd<4>;\nld.param.u64 %rd1, [o];\nmov.u32 %r1, %tid.x;\n";
    for (int i = 0; i < 8; i++)
        snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "cvt.u64.u32 %%x%d, %%r1;\nor.b64 %%x%d, %%x%d, %d;\n", i,
                 i, i, 0x3ff00000 + i);
    strcat(ptx, "bar.sync 0;\nmov.u64 %rd2, %clock64;\n");
    for (int r = 0; r < ROUNDS_F64; r++)
        for (int i = 0; i < 8; i++)
            snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx),
                     "add.f64 %%x%d, %%x%d, %%x%d;\nmov.b64 {%%lo%d, %%hi%d}, %%x%d;\n"
                     "lop3.b32 %%lo%d, %%lo%d, %%hi%d, %%r1, 0x6A;\nmov.b64 %%x%d, {%%lo%d, %%hi%d};\n",
                     i, i, (i + 1) % 8, i, i, i, i, i, i, i, i, i);
    strcat(ptx, "mov.u64 %rd3, %clock64;\nsub.s64 %rd3, %rd3, %rd2;\nxor.b64 %rd3, %rd3, %x0;\n"
                "xor.b64 %rd3, %rd3, %x0;\nst.global.u64 [%rd1], %rd3;\n");
    for (int i = 1; i < 8; i++) /* every stream live to the end */
        snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "st.global.u64 [%%rd1+%d], %%x%d;\n", 8 * i, i);
    strcat(ptx, "ret;\n}\n");
    uint64_t out[8];
    run_ptx_paths(ptx, 32, out, 1, WS_MODE_TIMING, preset, slow);
    return out[0];
}

static void f64_rounds_interleave(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    uint64_t on = dadd_lop3_cycles(WARM, 0), no_f64 = dadd_lop3_cycles(WARM "schedule.f64 0\n", 0),
             no_slot = dadd_lop3_cycles(WARM "schedule.free_slot 2\n", 0),
             no_mov = dadd_lop3_cycles(WARM "pipe.held_mov 0\n", 0);
    printf("%d rounds of 8 add.f64 + lop3: %llu cycles; schedule.f64 0 %llu, schedule.free_slot 2 %llu, "
           "pipe.held_mov 0 %llu\n",
           ROUNDS_F64, (unsigned long long)on, (unsigned long long)no_f64, (unsigned long long)no_slot,
           (unsigned long long)no_mov);
    assert_int_equal(dadd_lop3_cycles(WARM, WS_SLOW_ALL), on);
    assert_int_equal(dadd_lop3_cycles(WARM "schedule.f64 0\n", WS_SLOW_ALL), no_f64);
    assert_int_equal(dadd_lop3_cycles(WARM "pipe.held_mov 0\n", WS_SLOW_ALL), no_mov);
    /* 3 a step, and the last round's tail (201 with schedule.pair_split 0: the schedule's pieces then count the pair's
     * movs, docs/calibration.md "(pair34)") */
    assert_int_equal(on, 197);
    assert_true(no_f64 >= on + ROUNDS_F64);
    assert_true(no_slot >= on + 8 * ROUNDS_F64 / 2);
    assert_true(no_mov >= on + 8 * ROUNDS_F64 / 2);
#undef WARM
}

/* stall.imad_fma (docs/calibration.md "(fimad17)"): ptxas's stall count after an IMAD-pipe instruction (IMAD,
 * HADD2.F32) is 2 where the next is an FFMA, FADD or FMUL and 1 where it is an ALU one (probe_alu3.sass alu3_fma_m
 * `IMAD ... S02; FFMA ... S01`, alu3_mad_l `IMAD ... S01; LOP3.LUT ... S01`), so one warp takes 3 cycles a
 * mul.lo + fma pair, not the IMAD pipe's 2 (H200 fma_m, fadd_m, h2f_f: 3.1 a step at one warp a sub-partition).
 * One warp, four independent mul.lo + fma.rn.f32 pairs after the clock: 1 + 11 + 1 (each IMAD's 2 cycles and the
 * one after the last FFMA), 1 + 7 + 1 with the key 0 (one a cycle, the FFMAs in the IMAD pipe's free cycles). The
 * cases name the key; sm_90 has it 2. */
static void imad_then_fma_stall(void **state)
{
    (void)state;
#define STALL2 "stall.imad_fma 2\n"
    const char *pairs = "mov.b32 %f1, %r1;\nmul.lo.s32 %r2, %r1, 3;\nfma.rn.f32 %f2, %f1, %f1, %f1;\n"
                        "mul.lo.s32 %r3, %r1, 5;\nfma.rn.f32 %f3, %f1, %f1, 1.0;\nmul.lo.s32 %r4, %r1, 7;\n"
                        "fma.rn.f32 %f4, %f1, %f1, 2.0;\nmul.lo.s32 %r5, %r1, 9;\nfma.rn.f32 %f5, %f1, %f1, 3.0;\n";
    assert_int_equal(cycles_of(pairs, STALL2), 1 + 11 + 1);
    assert_int_equal(cycles_of(pairs, "stall.imad_fma 0\n"), 1 + 7 + 1);
    assert_int_equal(cycles_of(pairs, "stall.imad_fma 3\n"), 1 + 12 + 1);
    /* FADD and FMUL alike: two pairs, 1 + 5 + 1 against one a cycle */
    const char *fadd = "mov.b32 %f1, %r1;\nmul.lo.s32 %r2, %r1, 3;\nadd.f32 %f2, %f1, %f1;\nmul.lo.s32 %r3, %r1, 5;\n"
                       "mul.f32 %f3, %f1, 3.0;\n";
    assert_int_equal(cycles_of(fadd, STALL2), 1 + 5 + 1);
    assert_int_equal(cycles_of(fadd, "stall.imad_fma 0\n"), 1 + 3 + 1);
    /* HADD2.F32 (cvt.f32.f16, the IMAD pipe) before an FFMA too */
    const char *h2f = ".reg .b16 %h<3>;\nmov.b32 %f1, %r1;\nmov.b32 {%h1, %h2}, %r1;\ncvt.f32.f16 %f2, %h1;\n"
                      "fma.rn.f32 %f3, %f1, %f1, 1.0;\ncvt.f32.f16 %f4, %h2;\nfma.rn.f32 %f5, %f1, %f1, 2.0;\n";
    assert_int_equal(cycles_of(h2f, STALL2), cycles_of(h2f, "stall.imad_fma 0\n") + 1);
    /* an IMAD before an ALU op: no wait (IMAD S01 before a LOP3); without the IMAD pipe's rate, no IMAD-pipe op */
    const char *alu = "mul.lo.s32 %r2, %r1, 3;\nxor.b32 %r3, %r1, 5;\nmul.lo.s32 %r4, %r1, 7;\nxor.b32 %r5, %r1, 9;\n";
    assert_int_equal(cycles_of(alu, STALL2), 1 + 3 + 1);
    assert_int_equal(cycles_of(pairs, STALL2 "pipe.imad 0\n"), 1 + 7 + 1);
    /* 2 in sm_90, with pick.pipe 1 (without that pick two warps a sub-partition are +22%: "(alt18)", "(pick18)") */
    assert_int_equal(cycles_of(pairs, NULL), cycles_of(pairs, STALL2));
#undef STALL2
}

/* pick.pipe (docs/calibration.md "(pick18)"): of a sub-partition's ready warps, one whose instruction takes the IMAD
 * pipe issues first. Two warps a sub-partition (8 warps) of 32 independent mul.lo.s32 + fma.rn.f32 pairs in ptxas's
 * turns (stall.imad_fma 2: IMAD S02, FFMA S01): with the pick the IMAD pipe takes a warp's IMAD at every cycle it
 * frees and the pair takes 2 cycles a warp (the H200's 2.08, probe_alu3 fma_m at 8 warps); with the round robin
 * alone the other warp's FFMA goes in that cycle and the pipe idles one in five (2.5). One warp a sub-partition has
 * no choice to make: 3 cycles a pair either way. */
static void pick_imad_pipe_first(void **state)
{
    (void)state;
    char ptx[8192] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                     ".reg .b32 %r<40>;\n.reg .f32 %f<40>;\nmov.u32 %r1, %tid.x;\nmov.b32 %f1, %r1;\n";
    for (int i = 2; i < 34; i++)
        snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx),
                 "mul.lo.s32 %%r%d, %%r1, %d;\nfma.rn.f32 %%f%d, %%f1, %%f1, %%f1;\n", i, i, i);
    const struct kept kept[] = {{"u32", "r", 2, 33}, {"f32", "f", 2, 33}};
    end_keeping(ptx, sizeof ptx, kept, 2);
    uint64_t out[1];
    const char *pick = "stall.imad_fma 2\npick.pipe 1\n", *rr = "stall.imad_fma 2\npick.pipe 0\n";
    ws_result p4 = run_ptx(ptx, 128, out, 0, WS_MODE_TIMING, pick), p8 = run_ptx(ptx, 256, out, 0, WS_MODE_TIMING, pick),
              r4 = run_ptx(ptx, 128, out, 0, WS_MODE_TIMING, rr), r8 = run_ptx(ptx, 256, out, 0, WS_MODE_TIMING, rr);
    assert_int_equal(p4.stats.cycles, r4.stats.cycles);
    /* 64 pairs at 2 cycles against one warp's 32 at 3: 32 more, and 7 of the first turns and the second warp's BRA
     * (end_keeping's guard, between the first warp's last FFMA and IMAD) and ret; the round robin's 2.5 a pair: 64
     * more, and 4 */
    assert_int_equal(p8.stats.cycles - p4.stats.cycles, 32 + 7);
    assert_int_equal(r8.stats.cycles - r4.stats.cycles, 64 + 4);
}

/* Two warps on one sub-partition share its ALU pipe: 8 warps (two a sub-partition) of 32 independent xors, their
 * results stored (end_keeping), take twice the cycles of 4 (one each) from the first xor on: 2 cycles each of the
 * second warp's 33 ALU-pipe instructions (the xors' LOP3s and the guard's ISETP, which the schedule puts after
 * them), and the waits are charged as pipe stalls; its BRA and ret issue while the first warp waits for its own
 * ISETP's predicate. Without the rate 8 warps take one cycle more for each of those 33 (the issue slot). */
static void pipes_shared_by_warps(void **state)
{
    (void)state;
    char ptx[4096] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                     ".reg .b32 %r<40>;\nmov.u32 %r1, %tid.x;\n";
    for (int i = 2; i < 34; i++) /* 32 independent xors */
        snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "xor.b32 %%r%d, %%r1, %d;\n", i, i);
    const struct kept kept[] = {{"u32", "r", 2, 33}};
    end_keeping(ptx, sizeof ptx, kept, 1);
    uint64_t out[1];
    ws_result r4 = run_ptx(ptx, 128, out, 0, WS_MODE_TIMING, PIPES),
              r8 = run_ptx(ptx, 256, out, 0, WS_MODE_TIMING, PIPES);
    assert_int_equal(r8.stats.cycles - r4.stats.cycles, 2 * (32 + 1));
    assert_true(r8.stats.stalls[WS_STALL_PIPE] > 0);
    const char *off = "pipe.alu 0\n";
    ws_result o4 = run_ptx(ptx, 128, out, 0, WS_MODE_TIMING, off), o8 = run_ptx(ptx, 256, out, 0, WS_MODE_TIMING, off);
    assert_int_equal(o8.stats.cycles - o4.stats.cycles, 32 + 1);
    assert_int_equal(o8.stats.stalls[WS_STALL_PIPE], 0);
}

static void division_in_a_loop(void **state)
{
    (void)state;
    const char *invariant = "mov.b32 %f1, %r1;\nmov.f32 %f3, 0f40000000;\nmov.u32 %r4, 0;\nLOOP:\n"
                            "div.approx.f32 %f1, %f1, %f3;\ndiv.approx.f32 %f1, %f1, %f3;\n"
                            "div.approx.f32 %f1, %f1, %f3;\nadd.u32 %r4, %r4, 1;\nsetp.lt.u32 %p1, %r4, 4;\n"
                            "@%p1 bra LOOP;\nadd.f32 %f4, %f1, %f1;\n";
    /* the loop's 3 taken back edges: the next iteration's first div branch.taken (10) cycles after the BRA, 4 later
     * than the chain (24 cycles an iteration) has it; the divisions' costs with that floor off (branch.taken 0) */
    assert_int_equal(cycles_of(invariant, NULL), 1 + 12 * 8 + 1 + 3 * 4);
#define NOFLOOR "branch.taken 0\n"
    assert_int_equal(cycles_of(invariant, NOFLOOR), 1 + 12 * 8 + 1);
    assert_int_equal(cycles_of(invariant, NOFLOOR "div.approx.hoisted 61\n") - cycles_of(invariant, NOFLOOR), 12 * 53);
    const char *written = "mov.b32 %f1, %r1;\nmov.f32 %f3, 0f40000000;\nmov.u32 %r4, 0;\nLOOP:\n"
                          "div.approx.f32 %f1, %f1, %f3;\ndiv.approx.f32 %f1, %f1, %f3;\n"
                          "div.approx.f32 %f1, %f1, %f3;\nadd.f32 %f3, %f3, 0f3F800000;\nadd.u32 %r4, %r4, 1;\n"
                          "setp.lt.u32 %p1, %r4, 4;\n@%p1 bra LOOP;\nadd.f32 %f4, %f1, %f1;\n";
    /* within an iteration the second and third reuse the first's reciprocal: 4 x 2 x 53 */
    assert_int_equal(cycles_of(written, NOFLOOR "div.approx.hoisted 61\n") - cycles_of(written, NOFLOOR), 4 * 2 * 53);
#undef NOFLOOR
}

/* The half forms (probe_alu3 hadd, hadd2, hfma2, badd2, bfma2; docs/calibration.md "(half17)"): an add of halves is
 * HADD2, on the IMAD pipe pipe.half (2) cycles; of pairs ptxas alternates HADD2 and HFMA2.MMA (neither pipe, its
 * result half.mma (11) cycles later) among a block's independent ops, but a dependent chain is all HADD2 (4 cycles
 * a step: bench_half); a half fma holds its sub-partition's issue pipe.hfma2 (2) cycles. Four independent ops after
 * the clock. */
#define HALF_PAIRS                                                                                                     \
    "add.f16x2 %r2, %r1, %r1;\nadd.bf16x2 %r3, %r1, %r1;\nsub.f16x2 %r4, %r1, %r1;\nadd.f16x2 %r5, %r1, %r1;\n"
static void half_forms(void **state)
{
    (void)state;
    const char *scalar = ".reg .b16 %h<8>;\nmov.b32 {%h1, %h2}, %r1;\nadd.f16 %h3, %h1, %h1;\nadd.f16 %h4, %h1, %h2;\n"
                         "add.f16 %h5, %h2, %h2;\nsub.f16 %h6, %h1, %h2;\n";
    const char *pairs = HALF_PAIRS;
    const char *mixed = ".reg .b32 %m<4>;\n" HALF_PAIRS "mul.lo.s32 %m0, %r1, 3;\nmul.lo.s32 %m1, %r1, 5;\n"
                        "mul.lo.s32 %m2, %r1, 7;\nmul.lo.s32 %m3, %r1, 9;\n";
    const char *fmas = "fma.rn.f16x2 %r2, %r1, %r1, %r1;\nfma.rn.bf16x2 %r3, %r1, %r1, %r1;\n"
                       "fma.rn.f16x2 %r4, %r1, %r1, %r1;\nfma.rn.f16x2 %r5, %r1, %r1, %r1;\n";
    /* HADD2 on the IMAD pipe: 2 cycles each; with pipe.half 0 one a cycle */
    assert_int_equal(cycles_of(scalar, NULL), 1 + 2 * 3 + 1);
    assert_int_equal(cycles_of(scalar, "pipe.half 0\n"), 1 + 3 + 1);
    /* pairs: HADD2 and HFMA2.MMA in turn; with schedule.half_turn (sm_90's) the schedule issues them by turns, one a
     * cycle (probe_pack21.sass pack21_h2; docs/calibration.md "(turn36)"); without, the two HFMA2.MMA first (the
     * longer latency), then the two HADD2 2 cycles apart, where four HADD2 would take 2 each */
    assert_int_equal(cycles_of(pairs, NULL), 1 + 4);
    assert_int_equal(cycles_of(pairs, "schedule.half_turn 0\n"), 1 + 1 + 2 + 2);
    /* with the MMA's latency that of HADD2 (half.mma 0), in program order: one a cycle */
    assert_int_equal(cycles_of(pairs, "half.mma 0\n"), 1 + 3 + 1);
    /* beside IMADs: the pair ops by turns, then the four IMADs 2 cycles apart; without schedule.half_turn the two
     * HFMA2.MMA first, then the two HADD2 and the four IMADs take the IMAD pipe 2 cycles each */
    assert_int_equal(cycles_of(mixed, NULL), 1 + 4 + 2 * 4);
    assert_int_equal(cycles_of(mixed, "schedule.half_turn 0\n"), 1 + 1 + 2 * 5 + 2);
    /* with pipe.half 0 the HADD2 take no pipe: the two MMAs, the two HADD2, then the IMADs 2 cycles apart */
    assert_int_equal(cycles_of(mixed, "pipe.half 0\n"), 1 + 3 + 2 * 3 + 2);
    /* the HFMA2.MMA's result: the second pair op, read by an xor (the schedule issues it first); as HADD2 (half.mma
     * 0) the xor, on the ALU datapath, reads it cross.feed (1) later than the 4 */
    const char *mma = "add.f16x2 %r2, %r1, %r1;\nadd.f16x2 %r3, %r1, %r1;\nxor.b32 %r4, %r3, 1;\n";
    assert_int_equal(cycles_of(mma, NULL) - cycles_of(mma, "half.mma 0\n"), 11 - (4 + 1));
    /* a dependent chain is all HADD2 (4 cycles a step), not HADD2 and HFMA2.MMA in turn; the xor 5 after the last */
    const char *chain = "add.f16x2 %r2, %r1, %r1;\nadd.f16x2 %r3, %r2, %r1;\nadd.f16x2 %r4, %r3, %r1;\n"
                        "xor.b32 %r5, %r4, 1;\n";
    assert_int_equal(cycles_of(chain, NULL), 1 + 4 * 2 + 5 + 1);
    /* a half fma holds the issue 2 cycles; with pipe.hfma2 0 the two HFMA2 (not the HFMA2.MMAs) still hold both
     * halves of the FMA pipe 2 cycles (pipe.fma_half's rule, fma_beside_half_ops), and with pipe.fma_half 0 too one a
     * cycle */
    assert_int_equal(cycles_of(fmas, NULL), 1 + 2 * 3 + 2);
    assert_int_equal(cycles_of(fmas, "pipe.hfma2 0\n"), 1 + 4 + 1);
    assert_int_equal(cycles_of(fmas, "pipe.hfma2 0\npipe.fma_half 0\n"), 1 + 3 + 1);
    /* before-pipes.preset's keys: as before the half forms were modelled */
    const char *off = "pipe.half 0\npipe.hfma2 0\nhalf.mma 0\n";
    assert_int_equal(cycles_of(mixed, off), cycles_of(mixed, "pipe.half 0\n"));
    assert_int_equal(cycles_of(mma, off), 1 + 5 + 1); /* the xor's source first, then the xor 5 later (cross.feed) */
}

/* pipe.fma_half and pipe.half_window (docs/calibration.md "(half18)", "(half19)"): a half op that is not HFMA2.MMA
 * (HADD2, HMUL2, HFMA2) holds both halves of its sub-partition's FMA pipe pipe.half (2) cycles, and an FFMA, FADD or
 * FMUL issued within pipe.half_window (16) cycles after it holds the pipe whole pipe.fma_half (2) cycles against the
 * next FFMA or half op; later FFMAs pair again, one a cycle. A warp of `halves` add.f16 and then `fmas` independent
 * fma.rn.f32, or of `halves` add.f16 + fma.rn.f32 pairs (pairs 1), after a bar.sync: nthreads threads, the block's
 * cycles (the fast path, or with `slow` the slow one). */
static uint64_t half_fma_cycles(int halves, int fmas, int pairs, unsigned nthreads, const char *preset, unsigned slow)
{
    char ptx[16384] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                      ".reg .b32 %r<4>;\n.reg .b16 %h<80>;\n.reg .f32 %f<80>;\nmov.u32 %r1, %tid.x;\n"
                      "mov.b32 %f1, %r1;\nmov.b32 {%h1, %h2}, %r1;\nbar.sync 0;\n";
    for (int i = 3; i < 3 + halves; i++) {
        snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "add.f16 %%h%d, %%h1, %%h2;\n", i);
        if (pairs)
            snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "fma.rn.f32 %%f%d, %%f1, %%f1, %%f1;\n", i);
    }
    for (int i = 3; i < 3 + fmas; i++)
        snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "fma.rn.f32 %%f%d, %%f1, %%f1, %%f1;\n", i);
    const struct kept kept[] = {{"b16", "h", 3, 2 + halves}, {"f32", "f", 3, 2 + (fmas > halves ? fmas : halves)}};
    end_keeping(ptx, sizeof ptx, kept, 2);
    uint64_t out[1];
    return run_ptx_paths(ptx, nthreads, out, 0, WS_MODE_TIMING, preset, slow).stats.cycles;
}

static void fma_beside_half_ops(void **state)
{
    (void)state;
    /* the window's mechanics at one warp: a lone warp held by its own window (pipe.half_alone 0), that window
     * pipe.half_window's (pipe.half_own_window 0); the built-in keys: half_window_own_warp, one_warp_loop_floor */
#define WARM "ifetch.line 0\npipe.half_alone 0\npipe.half_own_window 0\n"
#define OFF  WARM "pipe.fma_half 0\n"
    /* FFMAs alone: one a cycle, the rule or not (no half op in the kernel) */
    assert_int_equal(half_fma_cycles(0, 48, 0, 32, WARM, 0), half_fma_cycles(0, 48, 0, 32, OFF, 0));
    uint64_t p1 = half_fma_cycles(16, 0, 1, 32, WARM, 0), p1_off = half_fma_cycles(16, 0, 1, 32, OFF, 0);
    uint64_t p8 = half_fma_cycles(16, 0, 1, 256, WARM, 0), p8_off = half_fma_cycles(16, 0, 1, 256, OFF, 0);
    uint64_t t1 = half_fma_cycles(1, 48, 0, 32, WARM, 0), t1_off = half_fma_cycles(1, 48, 0, 32, OFF, 0);
    uint64_t w32 = half_fma_cycles(1, 48, 0, 32, WARM "pipe.half_window 32\n", 0);
    uint64_t w8 = half_fma_cycles(1, 48, 0, 32, WARM "pipe.half_window 8\n", 0);
    uint64_t w0 = half_fma_cycles(1, 48, 0, 32, WARM "pipe.half_window 0\n", 0);
    /* one warp a sub-partition: the FFMA waits for the HADD2's hold, the next HADD2 for the FFMA's */
    assert_true(p1 > p1_off + 8);
    /* 8 warps, two a sub-partition: 32 pairs there, 2 cycles a pair without the rule (the HADD2's IMAD pipe, the FFMA
     * beside it), 4 with it (HADD2's 2 and FFMA's 2 on the FMA pipe: hadd_f 3.86 a step on the H200) */
    assert_true(p8 >= p8_off + 2 * 32 - 4 && p8 <= p8_off + 2 * 32);
    /* one HADD2 and 48 FFMAs: those issued within the window (at 2, 4, .. 14 cycles after it with the built-in 16)
     * hold the pipe 2 cycles, the others pair: 7 cycles more; with a window of 32 (half19's), 15 more (2 .. 30); with
     * 8, 3 more; window 0 or pipe.fma_half 0, none */
    assert_int_equal(t1 - t1_off, 7);
    assert_int_equal(w32 - t1_off, 15);
    assert_int_equal(w8 - t1_off, 3);
    assert_int_equal(w0, t1_off);
    /* the built-in keys: 2 and 16 (probe_fwin on the H100: 22 of 24 figures within 10%, 32 14; docs/calibration.md
     * "(half19h)", "(fit23)") */
    assert_int_equal(half_fma_cycles(1, 48, 0, 32, WARM "pipe.fma_half 2\npipe.half_window 16\n", 0), t1);
    assert_int_equal(half_fma_cycles(16, 0, 1, 256, WARM, WS_SLOW_ALL), p8);
    assert_int_equal(half_fma_cycles(1, 48, 0, 32, WARM, WS_SLOW_ALL), t1);
#undef OFF
#undef WARM
}

/* pipe.rcp_fixup (docs/calibration.md "(rcp20h)", "(fit23)"): rcp.approx.f32's four ALU fix-ups (two FSETP, two
 * FSEL) hold the ALU pipe pipe.alu (2) each and pipe.rcp_fixup (1) more, 9 cycles a form where its MUFU holds the
 * XU pipe 8: a fit to the H100 (rcp 8.85-8.90 cycles a step at 2-8 warps a sub-partition, rcp + mad.lo 9.14-9.16;
 * without the fix-ups 8.04-8.05). `op` on 8 independent f32 streams, `rounds` rounds a warp after a bar.sync,
 * `threads` threads: the block's cycles (the fast path, or with `slow` the slow one). */
static uint64_t mufu_stream_cycles(const char *op, int rounds, unsigned threads, const char *preset, unsigned slow)
{
    char ptx[32768] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                      ".reg .b32 %r<4>;\n.reg .f32 %f<20>;\nmov.u32 %r1, %tid.x;\n";
    for (int s = 0; s < 8; s++)
        snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "cvt.rn.f32.u32 %%f%d, %%r1;\n", 10 + s);
    strcat(ptx, "bar.sync 0;\n");
    for (int r = 0; r < rounds; r++)
        for (int s = 0; s < 8; s++)
            snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "%s %%f%d, %%f%d;\n", op, 10 + s, 10 + s);
    const struct kept kept[] = {{"f32", "f", 10, 17}};
    end_keeping(ptx, sizeof ptx, kept, 1);
    uint64_t out[1];
    return run_ptx_paths(ptx, threads, out, 0, WS_MODE_TIMING, preset, slow).stats.cycles;
}

static void rcp_fixups_alu(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    /* 2 warps a sub-partition, 64 forms each: ALU-bound with the key (9 a form), XU-bound without (8) */
    uint64_t on = mufu_stream_cycles("rcp.approx.f32", 8, 256, WARM, 0);
    uint64_t off = mufu_stream_cycles("rcp.approx.f32", 8, 256, WARM "pipe.rcp_fixup 0\n", 0);
    uint64_t two = mufu_stream_cycles("rcp.approx.f32", 8, 256, WARM "pipe.rcp_fixup 2\n", 0);
    assert_int_equal(on, mufu_stream_cycles("rcp.approx.f32", 8, 256, WARM "pipe.rcp_fixup 1\n", 0)); /* built in */
    assert_true(on >= off + 2 * 64 - 8 && on <= off + 2 * 64 + 8); /* a cycle more a form, 128 forms a sub-partition */
    assert_true(two >= on + 2 * 64 - 8 && two <= on + 2 * 64 + 8);
    /* ex2's two fix-ups (4 ALU cycles) and rcp.approx.ftz.f32 (no fix-ups): the key moves nothing */
    assert_int_equal(mufu_stream_cycles("ex2.approx.f32", 8, 256, WARM, 0),
                     mufu_stream_cycles("ex2.approx.f32", 8, 256, WARM "pipe.rcp_fixup 0\n", 0));
    assert_int_equal(mufu_stream_cycles("rcp.approx.ftz.f32", 8, 256, WARM, 0),
                     mufu_stream_cycles("rcp.approx.ftz.f32", 8, 256, WARM "pipe.rcp_fixup 0\n", 0));
    assert_int_equal(mufu_stream_cycles("rcp.approx.f32", 8, 256, WARM, WS_SLOW_ALL), on);
#undef WARM
}

/* One step's instruction of stream s (of 8): `op x[s], x[s], x[s + 1]`, with c (%r1) for a 3-source op (fma, mad), an
 * xor with 106 (x[s] alone); a scalar half op (.f16, .bf16) as probe_alu3 hadd: the two registers' low halves
 * unpacked, the op, its half packed into both halves of x[s]. */
static void stream_step(char *ptx, size_t size, const char *op, int s)
{
    size_t n = strlen(op);
    if ((n > 4 && !strcmp(op + n - 4, ".f16")) || (n > 5 && !strcmp(op + n - 5, ".bf16")))
        snprintf(ptx + strlen(ptx), size - strlen(ptx),
                 "{\n.reg .b16 a, c, d;\nmov.b32 {a, d}, %%r%d;\nmov.b32 {c, d}, %%r%d;\n%s a, a, c%s;\n"
                 "mov.b32 %%r%d, {a, a};\n}\n",
                 10 + s, 10 + (s + 1) % 8, op, strncmp(op, "fma", 3) ? "" : ", c", 10 + s);
    else if (!strncmp(op, "prmt", 4)) /* probe_pack21 p, p2: the stream's upper half and the next's */
        snprintf(ptx + strlen(ptx), size - strlen(ptx), "%s %%r%d, %%r%d, %%r%d, 0x5432;\n", op, 10 + s, 10 + s,
                 10 + (s + 1) % 8);
    else if (!strncmp(op, "xor", 3))
        snprintf(ptx + strlen(ptx), size - strlen(ptx), "%s %%r%d, %%r%d, 106;\n", op, 10 + s, 10 + s);
    else
        snprintf(ptx + strlen(ptx), size - strlen(ptx), "%s %%r%d, %%r%d, %%r%d%s;\n", op, 10 + s, 10 + s,
                 10 + (s + 1) % 8, strncmp(op, "fma", 3) && strncmp(op, "mad", 3) ? "" : ", %r1");
}

/* The kernel of 8 streams, each step `op` then `second` (stream_step; NULL: none), `rounds` rounds of 8 steps a warp
 * after a bar.sync, the streams xored and stored at the end; with `clocks` each warp also reads %clock64 after the
 * bar.sync and after its steps and stores the two at out[2 * warp] (stream_span). */
static void stream_kernel(char *ptx, size_t size, const char *op, const char *second, int rounds, int clocks)
{
    snprintf(ptx, size,
             ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
             ".reg .b32 %%r<20>;\n.reg .b64 %%rd<%d>;\nmov.u32 %%r1, %%tid.x;\n",
             clocks ? 8 : 2);
    for (int s = 0; s < 8; s++)
        snprintf(ptx + strlen(ptx), size - strlen(ptx), "add.u32 %%r%d, %%r1, %d;\n", 10 + s, s);
    strcat(ptx, clocks ? "bar.sync 0;\nmov.u64 %rd2, %clock64;\n" : "bar.sync 0;\n");
    for (int r = 0; r < rounds; r++)
        for (int s = 0; s < 8; s++) {
            stream_step(ptx, size, op, s);
            if (second)
                stream_step(ptx, size, second, s);
        }
    strcat(ptx, clocks ? "mov.u64 %rd3, %clock64;\n" : "");
    strcat(ptx, "xor.b32 %r2, %r10, %r11;\nxor.b32 %r2, %r2, %r12;\nxor.b32 %r2, %r2, %r13;\nxor.b32 %r2, %r2, %r14;\n"
                "xor.b32 %r2, %r2, %r15;\nxor.b32 %r2, %r2, %r16;\nxor.b32 %r2, %r2, %r17;\nld.param.u64 %rd1, [o];\n");
    strcat(ptx, clocks ? "shr.u32 %r3, %r1, 5;\nmul.wide.u32 %rd4, %r3, 16;\nadd.s64 %rd5, %rd1, %rd4;\n"
                         "st.global.u64 [%rd5], %rd2;\nst.global.u64 [%rd5+8], %rd3;\nret;\n}\n"
                       : "st.global.u32 [%rd1], %r2;\nret;\n}\n");
}

/* stream_kernel's block, `threads` threads: its cycles (the fast path, or with `slow` the slow one). */
static uint64_t stream_cycles(const char *op, const char *second, int rounds, unsigned threads, const char *preset,
                              unsigned slow)
{
    static char ptx[65536];
    stream_kernel(ptx, sizeof ptx, op, second, rounds, 0);
    uint64_t out[1];
    return run_ptx_paths(ptx, threads, out, 1, WS_MODE_TIMING, preset, slow).stats.cycles;
}

/* pick.group (docs/calibration.md "(f32w24)"): with 8 warps a sub-partition the H200 and H100 end a sub-partition's
 * slots 4-7 (warps 16-31) before its slots 0-3 where one warp can keep the issue busy (probe_alu3 fadd_l: warps 16-31
 * at 3042-3169 cycles, 0-15 at 4795-4841), so the early warps' stores take issue slots inside the block's span. 32
 * warps of 8 add.f32 streams, each warp's clocks after the bar.sync and after its steps (out[2 warp], out[2 warp + 1]):
 * with groups of 4 slots every warp of 16-31 ends before any of 0-15; with the key 0 (the round robin over all) the
 * two halves' ends interleave. With 4 warps a sub-partition (one group) the key changes nothing. */
static void pick_group_high_slots_first(void **state)
{
    (void)state;
    static char ptx[65536];
    stream_kernel(ptx, sizeof ptx, "add.f32", NULL, 8, 1);
    uint64_t on[64], off[64], slow[64];
    ws_result a = run_ptx_paths(ptx, 1024, on, 64, WS_MODE_TIMING, "pick.group 4\n", 0);
    ws_result b = run_ptx_paths(ptx, 1024, off, 64, WS_MODE_TIMING, "pick.group 0\n", 0);
    run_ptx_paths(ptx, 1024, slow, 64, WS_MODE_TIMING, "pick.group 4\n", WS_SLOW_ALL);
    uint64_t hi_on = 0, lo_on = UINT64_MAX, hi_off = 0, lo_off = UINT64_MAX;
    for (int w = 0; w < 32; w++) {
        uint64_t e_on = on[2 * w + 1], e_off = off[2 * w + 1];
        if (w >= 16) {
            hi_on = e_on > hi_on ? e_on : hi_on;
            hi_off = e_off > hi_off ? e_off : hi_off;
        } else {
            lo_on = e_on < lo_on ? e_on : lo_on;
            lo_off = e_off < lo_off ? e_off : lo_off;
        }
        assert_int_equal(slow[2 * w], on[2 * w]);
        assert_int_equal(slow[2 * w + 1], on[2 * w + 1]);
    }
    assert_true(hi_on < lo_on);
    assert_true(hi_off > lo_off);
    /* the span the probes measure (the last end less the first start): the early warps' stores inside it */
    uint64_t s_on = 0, s_off = 0, f_on = UINT64_MAX, f_off = UINT64_MAX;
    for (int w = 0; w < 32; w++) {
        f_on = on[2 * w] < f_on ? on[2 * w] : f_on;
        f_off = off[2 * w] < f_off ? off[2 * w] : f_off;
        s_on = on[2 * w + 1] > s_on ? on[2 * w + 1] : s_on;
        s_off = off[2 * w + 1] > s_off ? off[2 * w + 1] : s_off;
    }
    printf("32 warps of 8 add.f32 streams: span %llu with pick.group 4, %llu without; block %llu, %llu cycles\n",
           (unsigned long long)(s_on - f_on), (unsigned long long)(s_off - f_off), (unsigned long long)a.stats.cycles,
           (unsigned long long)b.stats.cycles);
    assert_true(s_on - f_on > s_off - f_off);
    assert_int_equal(stream_cycles("add.f32", NULL, 8, 512, "pick.group 4\n", 0),
                     stream_cycles("add.f32", NULL, 8, 512, "pick.group 0\n", 0));
}

/* pipe.mma_alu (docs/calibration.md "(half20)"): an add's HFMA2.MMA holds its sub-partition's ALU pipe a cycle; an
 * fma's (which holds the issue, pipe.hfma2) does not. probe_alu3's shape: 8 streams, each step `op` of the stream
 * and the next (ptxas makes every other one HFMA2.MMA: half_pairs), then an xor (LOP3, the ALU pipe's 2 cycles) of
 * it; `rounds` rounds, 256 threads (two warps a sub-partition). */
static uint64_t mma_alu_cycles(const char *op, int rounds, const char *preset, unsigned slow)
{
    return stream_cycles(op, "xor.b32", rounds, 256, preset, slow);
}

static void mma_holds_the_alu(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    uint64_t on = mma_alu_cycles("add.f16x2", 8, WARM, 0),
             off = mma_alu_cycles("add.f16x2", 8, WARM "pipe.mma_alu 0\n", 0);
    /* two warps a sub-partition, 64 xors each: 256 cycles of the ALU pipe; the 32 HFMA2.MMA of each a cycle more
     * there (64 at most; probe_alu3 hadd2_l: 2.5 cycles a step with 2-8 warps a sub-partition, add.f16 beside a
     * LOP3 2.1) */
    assert_true(on >= off + 48 && on <= off + 64);
    assert_int_equal(mma_alu_cycles("add.bf16x2", 8, WARM, 0), on);
    assert_int_equal(mma_alu_cycles("add.f16x2", 8, WARM "pipe.mma_alu 1\n", 0), on);
    assert_int_equal(mma_alu_cycles("add.f16x2", 8, WARM, WS_SLOW_ALL), on);
    /* an fma's HFMA2.MMA holds the issue (pipe.hfma2), not the ALU pipe: hfma2_l 3.2 a step as before */
    assert_int_equal(mma_alu_cycles("fma.rn.f16x2", 8, WARM, 0),
                     mma_alu_cycles("fma.rn.f16x2", 8, WARM "pipe.mma_alu 0\n", 0));
#undef WARM
}

/* pipe.mma_prmt (docs/calibration.md "(pack30)"): an add's HFMA2.MMA reading a prmt's value holds the ALU pipe 2
 * cycles, not pipe.mma_alu's 1. probe_pack21 p2's shape (a prmt.b32, then an add.f16x2 of its value), 8 warps a
 * sub-partition: on the H200 2.89 cycles a step where the ALU pipe at pipe.mma_alu counts 2.50; the same with a
 * LOP3 (xor) in the prmt's place unchanged by the key. */
static void mma_reading_prmt(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    uint64_t on = stream_cycles("prmt.b32", "add.f16x2", 8, 1024, WARM, 0),
             off = stream_cycles("prmt.b32", "add.f16x2", 8, 1024, WARM "pipe.mma_prmt 0\n", 0);
    printf("prmt.b32 + add.f16x2, 8 warps a sub-partition: %llu cycles, %llu with pipe.mma_prmt 0\n",
           (unsigned long long)on, (unsigned long long)off);
    /* 8 warps a sub-partition, 64 steps each: 32 HFMA2.MMA a warp, 256 a sub-partition, each a cycle more */
    assert_true(on >= off + 192 && on <= off + 288);
    assert_int_equal(stream_cycles("prmt.b32", "add.f16x2", 8, 1024, WARM, WS_SLOW_ALL), on);
    assert_int_equal(stream_cycles("xor.b32", "add.f16x2", 8, 1024, WARM, 0),
                     stream_cycles("xor.b32", "add.f16x2", 8, 1024, WARM "pipe.mma_prmt 0\n", 0));
#undef WARM
}

/* stream_kernel's steps timed as probe_alu3 times them: the last warp's end less the first warp's start (up to 1024
 * threads). */
static uint64_t stream_span(const char *op, const char *second, int rounds, unsigned threads, const char *preset,
                            unsigned slow)
{
    static char ptx[65536];
    stream_kernel(ptx, sizeof ptx, op, second, rounds, 1);
    uint64_t out[64], first = UINT64_MAX, last = 0;
    unsigned warps = threads / 32;
    run_ptx_paths(ptx, threads, out, 2 * warps, WS_MODE_TIMING, preset, slow);
    for (unsigned w = 0; w < warps; w++) {
        first = out[2 * w] < first ? out[2 * w] : first;
        last = out[2 * w + 1] > last ? out[2 * w + 1] : last;
    }
    return last - first;
}

/* fold.pack (docs/calibration.md "(pack23)"): probe_alu3 hadd's shape, 8 streams of scalar add.f16 through an unpack
 * and a pack: ptxas makes two independent ones one f16x2 op with a PRMT (alu3_hadd: 94 HADD2, 57 HFMA2.MMA and 157
 * PRMT for 256 adds); with a LOP3 reading each packed register (alu3_hadd_l) nothing is packed. */
static void scalar_halves_pack(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
#define ON   WARM "fold.pack 1\n"
#define OFF  WARM "fold.pack 0\n"
    uint64_t on1 = stream_span("add.f16", NULL, 32, 32, ON, 0), off1 = stream_span("add.f16", NULL, 32, 32, OFF, 0);
    uint64_t on8 = stream_span("add.f16", NULL, 32, 1024, ON, 0), off8 = stream_span("add.f16", NULL, 32, 1024, OFF, 0);
    /* one warp: each f16x2 op waits for a PRMT of another pair's result, an ALU latency more a round (756 cycles
     * here, 512 without; probe_alu3 hadd: H200 849 at one warp a sub-partition) */
    assert_true(on1 >= off1 + off1 / 4);
    /* 8 warps a sub-partition: a PRMT and half an f16x2 op a step (the ALU pipe), where each add was a HADD2 on the
     * IMAD pipe (3695 cycles here with sm_90's pipe.prmt 3, 4116 without; H100 3708, H200 3720) */
    assert_true(on8 + off8 / 20 <= off8);
    assert_int_equal(stream_span("add.f16", NULL, 32, 32, ON, WS_SLOW_ALL), on1);
    assert_int_equal(stream_span("add.f16", NULL, 32, 1024, ON, WS_SLOW_ALL), on8);
    /* pipe.prmt: each PRMT's ALU cycles (2, a PRMT's own: 3132 cycles at 8 warps a sub-partition) */
    assert_true(stream_span("add.f16", NULL, 32, 1024, ON "pipe.prmt 4\n", 0) > on8);
    assert_true(stream_span("add.f16", NULL, 32, 1024, ON "pipe.prmt 2\n", 0) + on8 / 8 <= on8);
    /* the list schedule counts a PRMT at pipe.alu's cycles, whatever pipe.prmt holds (docs/calibration.md
     * "(hadd24)"): one warp no faster with the longer hold (756 cycles at 2, 762 at 3; with the schedule counting
     * the hold, probe_alu3 hadd at one warp took 737 at 3 against 847 at 2) */
    assert_true(on1 >= stream_span("add.f16", NULL, 32, 32, ON "pipe.prmt 2\n", 0));
    /* sub, mul, fma and bf16 are packed alike */
    assert_int_equal(stream_span("sub.f16", NULL, 32, 1024, ON, 0), on8);
    assert_int_equal(stream_span("add.bf16", NULL, 32, 1024, ON, 0), on8);
    assert_true(stream_span("mul.f16", NULL, 32, 1024, ON, 0) != stream_span("mul.f16", NULL, 32, 1024, OFF, 0));
    assert_true(stream_span("fma.rn.f16", NULL, 32, 1024, ON, 0) != stream_span("fma.rn.f16", NULL, 32, 1024, OFF, 0));
    /* a LOP3 reads each packed register (alu3_hadd_l): no pair */
    assert_int_equal(stream_span("add.f16", "xor.b32", 8, 256, ON, 0), stream_span("add.f16", "xor.b32", 8, 256, OFF, 0));
#undef OFF
#undef ON
#undef WARM
}

/* half.pack_mul (docs/calibration.md "(pack30)"): ptxas packs probe_pack21's scalar mul.f16 as it packs add.f16 (94
 * HMUL2, 57 HFMA2.MMA and 157 PRMT a round: h's counts) and the H200 times hm as h to 0.01 cycles a step at 1-8 warps
 * a sub-partition. With the key a scalar mul pair is an add's, its HFMA2.MMA at half.mma's latency, so one warp takes
 * add.f16's cycles; with 0 (mul.f16x2's rule, its latency and its turn in a chain) one warp was a third faster. */
static void scalar_mul_pack_as_add(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    uint64_t add1 = stream_span("add.f16", NULL, 32, 128, WARM, 0),
             add8 = stream_span("add.f16", NULL, 32, 1024, WARM, 0);
    uint64_t mul1 = stream_span("mul.f16", NULL, 32, 128, WARM, 0),
             mul8 = stream_span("mul.f16", NULL, 32, 1024, WARM, 0);
    uint64_t old1 = stream_span("mul.f16", NULL, 32, 128, WARM "half.pack_mul 0\n", 0);
    printf("scalar mul.f16 pairs at one warp a sub-partition: %llu cycles (add.f16 %llu), %llu with half.pack_mul 0\n",
           (unsigned long long)mul1, (unsigned long long)add1, (unsigned long long)old1);
    assert_int_equal(mul1, add1);
    assert_int_equal(mul8, add8);
    assert_true(old1 + old1 / 4 <= mul1);
    assert_int_equal(stream_span("mul.bf16", NULL, 32, 128, WARM, 0), stream_span("add.bf16", NULL, 32, 128, WARM, 0));
    assert_int_equal(stream_span("mul.f16", NULL, 32, 128, WARM, WS_SLOW_ALL), mul1);
#undef WARM
}

/* pipe.hfma2_pack (docs/calibration.md "(pack30)"): a scalar fma pair's HFMA2 (fold.pack; `fma.rn.f16 a, a, c, c`,
 * ptxas's `HFMA2 R5, R11, R6, R6`: two registers read) holds the issue one cycle, not pipe.hfma2's two. probe_pack21
 * hf on the H200 1.76 / 1.79 cycles a step at 4 / 8 warps a sub-partition, h's (add.f16) 1.79 / 1.77; with the two
 * cycles warpsim took 2.06 / 1.95. An fma.rn.f16x2 (three registers) keeps pipe.hfma2. */
static void scalar_fma_pack_one_read(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
#define OFF  WARM "pipe.hfma2_pack 0\n"
    uint64_t on4 = stream_span("fma.rn.f16", NULL, 32, 512, WARM, 0),
             off4 = stream_span("fma.rn.f16", NULL, 32, 512, OFF, 0);
    uint64_t on8 = stream_span("fma.rn.f16", NULL, 32, 1024, WARM, 0),
             off8 = stream_span("fma.rn.f16", NULL, 32, 1024, OFF, 0);
    uint64_t add4 = stream_span("add.f16", NULL, 32, 512, WARM, 0);
    printf("scalar fma.rn.f16 pairs at 4 / 8 warps a sub-partition: %llu / %llu cycles, %llu / %llu with "
           "pipe.hfma2_pack 0 (add.f16 at 4: %llu)\n",
           (unsigned long long)on4, (unsigned long long)on8, (unsigned long long)off4, (unsigned long long)off8,
           (unsigned long long)add4);
    assert_true(on4 + off4 / 10 <= off4); /* 4 warps a sub-partition at least a tenth faster */
    assert_true(on8 + off8 / 20 <= off8);
    assert_true(on4 <= add4); /* no slower than add.f16's pairs (H200: 1.76 against 1.79 a step) */
    assert_int_equal(stream_span("fma.rn.f16", NULL, 32, 512, WARM, WS_SLOW_ALL), on4);
    /* the f16x2 form: unchanged */
    assert_int_equal(stream_span("fma.rn.f16x2", NULL, 8, 512, WARM, 0),
                     stream_span("fma.rn.f16x2", NULL, 8, 512, OFF, 0));
#undef OFF
#undef WARM
}

/* pipe.fma_read3 (docs/calibration.md "(dep35)"): 64 fma.rn.f32 of `kind` after a bar.sync, the block's cycles.
 * kind 0: one chain d = fma(x, d, y), x and y from %tid.x (three registers read: ptxas's `FFMA R2, R0, R2, R69` of
 * pick33 dep); 1: the same with y a mov of an immediate (no register read for it); 2: four chains sharing x and y
 * (ptxas's reuse flags: pick33 ind); 3: four chains, each its own x and y (three registers read, no reuse); 4: two
 * chains sharing x and y (probe_dep35 two3: ptxas's stall 3 before every other FFMA, no reuse flag there). */
static uint64_t read3_cycles(int kind, unsigned nthreads, const char *preset, unsigned slow)
{
    static char ptx[16384];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
             ".reg .b32 %%r<4>;\n.reg .f32 %%f<24>;\nmov.u32 %%r1, %%tid.x;\nmov.b32 %%f1, %%r1;\n"
             "add.f32 %%f2, %%f1, 0f3F000000;\n%s"
             "add.f32 %%f4, %%f1, 0f3F800000;\nadd.f32 %%f5, %%f1, 0f40000000;\nadd.f32 %%f6, %%f1, 0f40400000;\n"
             "add.f32 %%f7, %%f1, 0f40800000;\nadd.f32 %%f8, %%f2, 0f3F800000;\nadd.f32 %%f9, %%f2, 0f40000000;\n"
             "add.f32 %%f10, %%f2, 0f40400000;\nadd.f32 %%f11, %%f2, 0f40800000;\nbar.sync 0;\n",
             kind == 1 ? "mov.f32 %f3, 0f3F000000;\n" : "add.f32 %f3, %f2, 0f3F000000;\n");
    for (int i = 0; i < 64; i++) {
        int c = kind == 4 ? 4 + i % 2 : kind >= 2 ? 4 + i % 4 : 4; /* the chain */
        int x = kind == 3 ? 12 + i % 4 : 1, y = kind == 3 ? 8 + i % 4 : kind == 1 ? 3 : 2;
        if (kind == 3 && i < 4) /* chain c's own x (f12-f15) */
            snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "add.f32 %%f%d, %%f%d, 0f3F800000;\n", x, y);
        snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "fma.rn.f32 %%f%d, %%f%d, %%f%d, %%f%d;\n", c, x, c, y);
    }
    const struct kept kept[] = {{"f32", "f", 4, 7}};
    end_keeping(ptx, sizeof ptx, kept, 1);
    uint64_t out[1];
    return run_ptx_paths(ptx, nthreads, out, 0, WS_MODE_TIMING, preset, slow).stats.cycles;
}

static void fma_three_reads_hold(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
#define OFF  WARM "pipe.fma_read3 0\n"
    uint64_t on8 = read3_cycles(0, 1024, WARM, 0), off8 = read3_cycles(0, 1024, OFF, 0);
    uint64_t on1 = read3_cycles(0, 128, WARM, 0), off1 = read3_cycles(0, 128, OFF, 0);
    uint64_t ind1 = read3_cycles(3, 128, WARM, 0), ind1_off = read3_cycles(3, 128, OFF, 0);
    printf("a chain of 64 three-register fma.rn.f32: 8 warps a sub-partition %llu cycles, %llu with pipe.fma_read3 0; "
           "one warp a sub-partition %llu, %llu; four such chains at one warp %llu, %llu\n",
           (unsigned long long)on8, (unsigned long long)off8, (unsigned long long)on1, (unsigned long long)off1,
           (unsigned long long)ind1, (unsigned long long)ind1_off);
    /* 8 warps a sub-partition: one such FFMA every 2 cycles a sub-partition, not every cycle (pick33 dep on the H100
     * at 4 warps: 31.7 cycles a segment of 4 FFMAs and a CS2R, where the FMA pipe gives 20) */
    assert_true(on8 >= off8 + off8 / 2);
    /* one warp a sub-partition: the chain's latency (4 a step) hides the second read cycle */
    assert_true(on1 <= off1 + off1 / 20);

    assert_true(ind1 >= ind1_off + 24); /* 221 against 189 here: each FFMA of the 64 a cycle more, less what the
                                            * warps' other work overlapped */
    /* an immediate's mov (no register read) and chains sharing x and y (the reuse cache): no hold */
    assert_int_equal(read3_cycles(1, 1024, WARM, 0), read3_cycles(1, 1024, OFF, 0));
    assert_int_equal(read3_cycles(2, 1024, WARM, 0), read3_cycles(2, 1024, OFF, 0));
    /* two chains sharing x and y: the FFMA after ptxas's stall of 3 reads all three, the other one (h100l two3 at 8
     * warps a sub-partition: 3358 cycles for 256 FFMAs a warp, 1.6 an FFMA; 2184 here before, 3200 now) */
    uint64_t two8 = read3_cycles(4, 1024, WARM, 0), two8_off = read3_cycles(4, 1024, OFF, 0);
    printf("two chains sharing x and y at 8 warps a sub-partition: %llu cycles, %llu with pipe.fma_read3 0\n",
           (unsigned long long)two8, (unsigned long long)two8_off);
    assert_true(two8 >= two8_off + two8_off / 4 && two8 < on8);
    assert_int_equal(read3_cycles(0, 1024, WARM, WS_SLOW_ALL), on8);
    assert_int_equal(read3_cycles(3, 128, WARM, WS_SLOW_ALL), ind1);
#undef OFF
#undef WARM
}

/* pipe.half_own (docs/calibration.md "(pack30)"): probe_fwin's shape, `rounds` rounds of 8 independent fma.rn.f32 and
 * one add.f16x2 of a chain (HADD2; `reads`: the step first, the FFMAs reading the chain's register, as probe_alu3's
 * _f kinds), after a bar.sync: the block's cycles. */
static uint64_t fwin_cycles(int rounds, int reads, unsigned nthreads, const char *preset, unsigned slow)
{
    static char ptx[65536];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
             ".reg .b32 %%r<4>;\n.reg .f32 %%f<16>;\nmov.u32 %%r1, %%tid.x;\nmov.b32 %%f1, %%r1;\n"
             "mov.u32 %%r2, %%r1;\nbar.sync 0;\n");
    for (int r = 0; r < rounds; r++) {
        if (reads) /* the chain's step first, its register read by the round's FFMAs */
            strcat(ptx, "add.f16x2 %r2, %r2, %r1;\nmov.b32 %f2, %r2;\n");
        for (int i = 0; i < 8; i++)
            snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "fma.rn.f32 %%f%d, %%f%d, %%f1, %s;\n", 4 + i, 4 + i,
                     reads ? "%f2" : "%f1");
        if (!reads)
            strcat(ptx, "add.f16x2 %r2, %r2, %r1;\n");
    }
    const struct kept kept[] = {{"f32", "f", 4, 11}, {"u32", "r", 2, 2}};
    end_keeping(ptx, sizeof ptx, kept, 2);
    uint64_t out[1];
    return run_ptx_paths(ptx, nthreads, out, 0, WS_MODE_TIMING, preset, slow).stats.cycles;
}

static void half_window_own_warp(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\npipe.half_credit 0\n" /* the own window alone (half_credit) */
#define OFF  WARM "pipe.half_own 0\n"
    uint64_t on8 = fwin_cycles(32, 0, 1024, WARM, 0), off8 = fwin_cycles(32, 0, 1024, OFF, 0);
    uint64_t on1 = fwin_cycles(32, 0, 128, WARM, 0), off1 = fwin_cycles(32, 0, 128, OFF, 0);
    uint64_t held1 = fwin_cycles(32, 0, 128, WARM "pipe.half_alone 0\n", 0);
    printf("a HADD2 every 8 FFMAs: 8 warps a sub-partition %llu cycles, %llu with pipe.half_own 0; one warp a "
           "sub-partition %llu, %llu (%llu with pipe.half_alone 0)\n",
           (unsigned long long)on8, (unsigned long long)off8, (unsigned long long)on1, (unsigned long long)off1,
           (unsigned long long)held1);
    /* 8 warps a sub-partition: the FFMAs near another warp's HADD2 pair (probe_fwin K 8 on the H200: 51069 cycles,
     * warpsim 61948 with the key 0, 53324 with it) */
    assert_true(on8 + off8 / 10 <= off8);
    /* one warp a sub-partition: its own half ops are the sub-partition's, but pipe.half_alone holds a lone warp's
     * independent FFMAs in no window (fetch31 k16 on the H100: 8 FFMAs right after the HADD2 one a cycle); with the
     * key 0 and its own window pipe.half_window's, the sub-partition's hold as with pipe.half_own 0 */
    assert_true(on1 + 40 <= off1);
    assert_int_equal(fwin_cycles(32, 0, 128, WARM "pipe.half_alone 0\npipe.half_own_window 0\n", 0), off1);
    assert_true(held1 > on1);
    assert_int_equal(fwin_cycles(32, 0, 128, WARM, WS_SLOW_ALL), on1);
    assert_int_equal(fwin_cycles(32, 0, 1024, WARM, WS_SLOW_ALL), on8);
    /* FFMAs reading the HADD2's register (the _f kinds): held in the sub-partition's window as before */
    assert_int_equal(fwin_cycles(32, 1, 1024, WARM, 0), fwin_cycles(32, 1, 1024, OFF, 0));
#undef OFF
#undef WARM
}

/* pipe.half_credit N (docs/calibration.md "(half35)"): each half op lets one later FFMA of its warp that reads no half
 * op's value hold the FMA pipe whole, wherever it issues: in fwin_cycles' shape (8 FFMAs, then the HADD2) the next
 * round's first FFMA, at every warp count, a lone warp's too; one HADD2 a round leaves one credit, so N 1 and 8 alike. */
static void half_credit(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\npipe.half_own_window 1\n" /* the cycles' window closed at once: the credits alone */
    uint64_t off8 = fwin_cycles(32, 0, 1024, WARM "pipe.half_credit 0\n", 0),
             c1 = fwin_cycles(32, 0, 1024, WARM "pipe.half_credit 1\n", 0),
             c8 = fwin_cycles(32, 0, 1024, WARM "pipe.half_credit 8\n", 0);
    uint64_t off1 = fwin_cycles(32, 0, 128, WARM "pipe.half_credit 0\n", 0),
             on1 = fwin_cycles(32, 0, 128, WARM "pipe.half_credit 8\n", 0);
    printf("a HADD2 every 8 FFMAs: 8 warps a sub-partition %llu cycles, %llu / %llu with pipe.half_credit 1 / 8; one "
           "warp a sub-partition %llu, %llu with 8\n",
           (unsigned long long)off8, (unsigned long long)c1, (unsigned long long)c8, (unsigned long long)off1,
           (unsigned long long)on1);
    /* one held FFMA a round: 32 rounds x 8 warps a sub-partition, at least half a cycle each more */
    assert_true(c1 >= off8 + 32 * 8 / 2);
    assert_int_equal(c8, c1);
    /* a lone warp is held too (not pipe.half_alone's window): one cycle a round at least */
    assert_true(on1 >= off1 + 32);
    assert_int_equal(fwin_cycles(32, 0, 1024, WARM "pipe.half_credit 8\n", WS_SLOW_ALL), c8);
    /* FFMAs reading the HADD2's register (the _f kinds): held in the sub-partition's window, no credit spent */
    assert_int_equal(fwin_cycles(32, 1, 1024, WARM "pipe.half_credit 8\n", 0),
                     fwin_cycles(32, 1, 1024, WARM "pipe.half_credit 0\n", 0));
    /* pipe.half_own 0: the sub-partition's window for every FFMA, no credits */
    assert_int_equal(fwin_cycles(32, 0, 1024, WARM "pipe.half_own 0\npipe.half_credit 8\n", 0),
                     fwin_cycles(32, 0, 1024, WARM "pipe.half_own 0\npipe.half_credit 0\n", 0));
#undef WARM
}

/* pipe.mma_credit (docs/calibration.md "(near37)"): hmid23 fi's shape, `rounds` rounds of two add.f16x2 on independent
 * chains (half_pairs: a HADD2 and an HFMA2.MMA) and four independent fma.rn.f32 reading no half op's value, after a
 * bar.sync: the block's cycles. */
static uint64_t mma_credit_cycles(int rounds, unsigned nthreads, const char *preset, unsigned slow)
{
    static char ptx[65536];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
             ".reg .b32 %%r<4>;\n.reg .f32 %%f<16>;\nmov.u32 %%r1, %%tid.x;\nmov.b32 %%f1, %%r1;\n"
             "mov.u32 %%r2, %%r1;\nmov.u32 %%r3, %%r1;\nbar.sync 0;\n");
    for (int r = 0; r < rounds; r++) {
        strcat(ptx, "add.f16x2 %r2, %r2, %r1;\nadd.f16x2 %r3, %r3, %r1;\n");
        for (int i = 0; i < 4; i++)
            snprintf(ptx + strlen(ptx), sizeof ptx - strlen(ptx), "fma.rn.f32 %%f%d, %%f%d, %%f1, %%f1;\n", 4 + i, 4 + i);
    }
    const struct kept kept[] = {{"f32", "f", 4, 7}, {"u32", "r", 2, 3}};
    end_keeping(ptx, sizeof ptx, kept, 2);
    uint64_t out[1];
    return run_ptx_paths(ptx, nthreads, out, 0, WS_MODE_TIMING, preset, slow).stats.cycles;
}

/* pipe.mma_credit: an add's HFMA2.MMA gives its warp a pipe.half_credit as a HADD2 does. ptxas's order of hmid23 fi
 * (h200f's SASS) replayed with the credits of every half op holds 2.84 cycles a step, the H200 2.87, with those of
 * the HADD2s alone 2.54; probe_pair33 fi2, fi4, f2i on the H100 likewise (docs/calibration.md "(near37)"). Here two
 * half ops a round, one of each form: one held FFMA a round without the key, two with it. */
static void mma_credit(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\npipe.half_own_window 1\n" /* the cycles' window closed at once: the credits alone */
    uint64_t off8 = mma_credit_cycles(32, 1024, WARM "pipe.mma_credit 0\n", 0),
             on8 = mma_credit_cycles(32, 1024, WARM "pipe.mma_credit 1\n", 0);
    uint64_t off1 = mma_credit_cycles(32, 128, WARM "pipe.mma_credit 0\n", 0),
             on1 = mma_credit_cycles(32, 128, WARM "pipe.mma_credit 1\n", 0);
    printf("two add.f16x2 (HADD2, HFMA2.MMA) and four FFMAs a round: 8 warps a sub-partition %llu cycles, %llu with "
           "pipe.mma_credit 1; one warp a sub-partition %llu, %llu\n",
           (unsigned long long)off8, (unsigned long long)on8, (unsigned long long)off1, (unsigned long long)on1);
    /* one more held FFMA a round: 32 rounds x 8 warps a sub-partition, at least half a cycle each more */
    assert_true(on8 >= off8 + 32 * 8 / 2);
    /* a lone warp too */
    assert_true(on1 >= off1 + 32 / 2);
    assert_int_equal(mma_credit_cycles(32, 1024, WARM "pipe.mma_credit 1\n", WS_SLOW_ALL), on8);
    assert_int_equal(mma_credit_cycles(32, 128, WARM "pipe.mma_credit 1\n", WS_SLOW_ALL), on1);
    /* no credits (pipe.half_credit 0, or pipe.half_own 0): the key does nothing */
    assert_int_equal(mma_credit_cycles(32, 1024, WARM "pipe.half_credit 0\npipe.mma_credit 1\n", 0),
                     mma_credit_cycles(32, 1024, WARM "pipe.half_credit 0\npipe.mma_credit 0\n", 0));
    assert_int_equal(mma_credit_cycles(32, 1024, WARM "pipe.half_own 0\npipe.mma_credit 1\n", 0),
                     mma_credit_cycles(32, 1024, WARM "pipe.half_own 0\npipe.mma_credit 0\n", 0));
#undef WARM
}

/* branch.feed and branch.taken (docs/calibration.md "(loop32)"): fetch31's k8n, a one-warp loop of 8 independent
 * fma.rn.f32, the counter's add, setp and `@p bra` back (ptxas: IADD3, 3 FFMA, ISETP, 5 FFMA, BRA 13 cycles after the
 * ISETP, S05; the H100 27.1 cycles an iteration, warpsim 14.1 without the keys), `iters` iterations after a bar.sync,
 * `threads` threads; `fwd`: a forward `@p bra` over a short body (a store) in the loop, which ptxas predicates. The
 * block's cycles. */
static uint64_t loop_cycles(int iters, int fwd, unsigned threads, const char *preset, unsigned slow)
{
    char ptx[4096];
    snprintf(ptx, sizeof ptx,
             ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
             ".reg .b32 %%r<8>;\n.reg .b64 %%rd<4>;\n.reg .f32 %%f<16>;\n.reg .pred %%p<4>;\n"
             "ld.param.u64 %%rd1, [o];\nmov.u32 %%r1, %%tid.x;\ncvt.rn.f32.u32 %%f1, %%r1;\nmov.f32 %%f2, 0f3F800000;\n"
             "mov.f32 %%f4, %%f1;\nmov.f32 %%f5, %%f1;\nmov.f32 %%f6, %%f1;\nmov.f32 %%f7, %%f1;\nmov.f32 %%f8, %%f1;\n"
             "mov.f32 %%f9, %%f1;\nmov.f32 %%f10, %%f1;\nmov.f32 %%f11, %%f1;\nmov.u32 %%r2, 0;\nbar.sync 0;\nLOOP:\n"
             "fma.rn.f32 %%f4, %%f4, %%f2, %%f1;\nfma.rn.f32 %%f5, %%f5, %%f2, %%f1;\nfma.rn.f32 %%f6, %%f6, %%f2, %%f1;\n"
             "fma.rn.f32 %%f7, %%f7, %%f2, %%f1;\nfma.rn.f32 %%f8, %%f8, %%f2, %%f1;\nfma.rn.f32 %%f9, %%f9, %%f2, %%f1;\n"
             "fma.rn.f32 %%f10, %%f10, %%f2, %%f1;\nfma.rn.f32 %%f11, %%f11, %%f2, %%f1;\n%s"
             "add.s32 %%r2, %%r2, 1;\nsetp.ne.s32 %%p1, %%r2, %d;\n@%%p1 bra LOOP;\n"
             "st.global.f32 [%%rd1], %%f4;\nret;\n}\n",
             fwd ? "setp.ne.u32 %p2, %r1, 99;\n@%p2 bra SKIP;\nst.global.f32 [%rd1+4], %f5;\nSKIP:\n" : "", iters);
    uint64_t out[2];
    return run_ptx_paths(ptx, threads, out, 0, WS_MODE_TIMING, preset, slow).stats.cycles;
}

static void one_warp_loop_floor(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    uint64_t on = loop_cycles(64, 0, 32, WARM, 0),
             off = loop_cycles(64, 0, 32, WARM "branch.feed 0\nbranch.taken 0\n", 0);
    uint64_t nofeed = loop_cycles(64, 0, 32, WARM "branch.feed 0\n", 0);
    uint64_t notaken = loop_cycles(64, 0, 32, WARM "branch.taken 0\n", 0);
    uint64_t on2 = loop_cycles(128, 0, 32, WARM, 0);
    printf("k8n's loop, 64 iterations at one warp: %llu cycles (128: %llu), %llu with branch.feed 0 and branch.taken 0, "
           "%llu with branch.feed 0, %llu with branch.taken 0\n",
           (unsigned long long)on, (unsigned long long)on2, (unsigned long long)off, (unsigned long long)nofeed,
           (unsigned long long)notaken);
    /* 27 cycles an iteration: the setp 4 after the head (the list weighs it 13), the BRA 13 after it, the next head
     * 10 after the BRA (the H100's 27.1); without the keys 14 */
    assert_int_equal(on2 - on, 64 * 27);
    assert_true(off + 64 * 10 < on);
    /* each key alone: 1503 (the setp last, the BRA 4 after it, the next head 10 on), 1192 (the head 1 after the BRA) */
    assert_true(nofeed + 64 * 3 < on);
    assert_true(notaken + 64 * 8 < on);
    assert_int_equal(loop_cycles(64, 0, 32, WARM, WS_SLOW_ALL), on);
    uint64_t fwd = loop_cycles(64, 1, 32, WARM, 0);
    uint64_t fwd_nofeed = loop_cycles(64, 1, 32, WARM "branch.feed 0\n", 0);
    uint64_t fwd_notaken = loop_cycles(64, 1, 32, WARM "branch.taken 0\n", 0);
    printf("with a predicated store in the loop: %llu cycles, %llu with branch.feed 0, %llu with branch.taken 0\n",
           (unsigned long long)fwd, (unsigned long long)fwd_nofeed, (unsigned long long)fwd_notaken);
    /* a forward branch ptxas predicates (its store, which no lane runs): no BRA, so neither key's; the back edge's
     * setp after that region's join, where ptxas issues it above the region (one SASS block) and the list cannot: no
     * branch.feed (ws_cga_kept_branches' CGA_FED); its taken hold as ever */
    assert_int_equal(fwd, fwd_nofeed);
    assert_true(fwd_notaken + 64 * 8 <= fwd && fwd <= fwd_notaken + 64 * 9);
    assert_int_equal(loop_cycles(64, 1, 32, WARM, WS_SLOW_ALL), fwd);
#undef WARM
}

/* schedule.free_pass (docs/calibration.md "(hadd27)"): probe_alu3 hadd_l's shape, 8 streams of scalar add.f16 through
 * an unpack and a pack (movs with no SASS), each step's value then xored (a LOP3). ptxas's SASS is HADD2 and LOP3 by
 * turns, every one S01, each LOP3 reading the HADD2's register five instructions on (probe_alu3.sass alu3_hadd_l: 2.07
 * cycles a step; the H200 547 cycles for the probe's 256 steps at one warp a sub-partition). With the key 0 the list
 * schedule counted the pack as an instruction of no datapath, its LOP3 from where it picked the pack (late, behind the
 * unpacks) and 4 cycles after the HADD2 where issue() waits 5: the turns broke (642 cycles for the probe). */
static void free_movs_pass(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    uint64_t on = stream_span("add.f16", "xor.b32", 32, 128, WARM, 0);
    uint64_t off = stream_span("add.f16", "xor.b32", 32, 128, WARM "schedule.free_pass 0\n", 0);
    printf("hadd_l's shape, 256 steps at one warp a sub-partition: %llu cycles, %llu with schedule.free_pass 0\n",
           (unsigned long long)on, (unsigned long long)off);
    /* one HADD2 and one LOP3 a cycle, two a step: within 10% of that with the key, not without */
    assert_true(on * 10 <= 256 * 2 * 11);
    assert_true(off * 10 > 256 * 2 * 11);
    assert_int_equal(stream_span("add.f16", "xor.b32", 32, 128, WARM "schedule.free_pass 1\n", 0), on);
    assert_int_equal(stream_span("add.f16", "xor.b32", 32, 128, WARM, WS_SLOW_ALL), on);
    /* a scalar pair's movs are its PRMTs (fold.pack; alu3_hadd: 157 PRMT), which do not pass; only the adds left
     * unpaired pass theirs (785 cycles here, 762 with the key 0; probe_alu3 hadd at one warp a sub-partition 864 either
     * way, H200 849) */
    uint64_t pon = stream_span("add.f16", NULL, 32, 128, WARM, 0);
    uint64_t poff = stream_span("add.f16", NULL, 32, 128, WARM "schedule.free_pass 0\n", 0);
    printf("add.f16 alone (fold.pack): %llu cycles, %llu with schedule.free_pass 0\n", (unsigned long long)pon,
           (unsigned long long)poff);
    assert_true(pon * 20 <= poff * 21 && poff * 20 <= pon * 21);
#undef WARM
}

/* probe_alu3 hfma2's shape: 8 streams, each step `fma.rn.f16x2 x[s], x[s], x[s + 1], c` (then `second`, if any). */
static uint64_t hfma2_cycles(const char *second, int rounds, unsigned threads, const char *preset, unsigned slow)
{
    return stream_cycles("fma.rn.f16x2", second, rounds, threads, preset, slow);
}

/* stall.hfma2: after a half fma the warp waits the issue hold, then ptxas's stall count (docs/calibration.md
 * "(hsched21)"). */
static void hfma2_stall_counts(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    /* one warp: the round's last HFMA2 reads its first HFMA2.MMA (half.mma 11 cycles) 7 instructions on, which ptxas
     * counts one a cycle: 5 cycles of stall count more a round (probe_alu3 hfma2 at one warp a sub-partition: H200
     * 2.39 cycles a step, the hold alone 2.08) */
    uint64_t on = hfma2_cycles(NULL, 8, 32, WARM, 0), off = hfma2_cycles(NULL, 8, 32, WARM "stall.hfma2 0\n", 0);
    assert_true(on >= off + 7 * 3 && on <= off + 8 * 5);
    assert_int_equal(hfma2_cycles(NULL, 8, 32, WARM "stall.hfma2 1\n", 0), on);
    assert_int_equal(hfma2_cycles(NULL, 8, 32, WARM, WS_SLOW_ALL), on);
    /* beside an IMAD: an HFMA2 before an IMAD is S02 at least (alu3_hfma2_m), 3 cycles with the hold (with stall.half_fma as well: 313 cycles here, 270 without either) */
    on = hfma2_cycles("mad.lo.s32", 8, 32, WARM, 0);
    off = hfma2_cycles("mad.lo.s32", 8, 32, WARM "stall.hfma2 0\nstall.half_fma 0\n", 0);
    assert_true(on >= off + 16);
    assert_int_equal(hfma2_cycles("mad.lo.s32", 8, 32, WARM, WS_SLOW_ALL), on);
    /* stall.half_fma: IMAD S02 before an HFMA2 and the two by turns (alu3_hfma2_m at one warp a sub-partition: H200
     * 1071 cycles, 953 without) */
    uint64_t turns = hfma2_cycles("mad.lo.s32", 8, 32, WARM "stall.half_fma 0\n", 0);
    assert_true(on >= turns + 12); /* 313 cycles here, 293 without */
    assert_int_equal(hfma2_cycles("mad.lo.s32", 8, 32, WARM "stall.half_fma 1\n", 0), on);
    /* with pipe.hfma2 0 there is no hold, and no stall count either */
    assert_int_equal(hfma2_cycles(NULL, 8, 32, WARM "pipe.hfma2 0\n", 0),
                     hfma2_cycles(NULL, 8, 32, WARM "pipe.hfma2 0\nstall.hfma2 0\n", 0));
#undef WARM
}

/* pipe.imad_read (docs/calibration.md "(imadr23)"): an FFMA reading the IMAD just before it holds its sub-partition's
 * IMAD pipe from its issue, so an IMAD + FFMA step takes 3 cycles of the IMAD pipe, not 2 (the H100's mad19 mf
 * 2.70-2.76 with 2-8 warps a sub-partition); the other way round (an FFMA reading the IMAD of the round before, 14-16
 * instructions back: mad19 fm 2.07-2.10) nothing. */
static void imad_result_read(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    const char *on = WARM "pipe.imad_read 2\n", *off = WARM "pipe.imad_read 0\n";
    /* 8 warps a sub-partition, 8 rounds of 8 steps each: 512 steps a sub-partition, 2 cycles each without the rule */
    uint64_t mf_off = stream_cycles("mad.lo.s32", "fma.rn.f32", 8, 1024, off, 0);
    uint64_t mf_on = stream_cycles("mad.lo.s32", "fma.rn.f32", 8, 1024, on, 0);
    assert_true(mf_on >= mf_off + 512 * 8 / 10 && mf_on <= mf_off + 512 + 64);
    assert_int_equal(stream_cycles("mad.lo.s32", "fma.rn.f32", 8, 1024, on, WS_SLOW_ALL), mf_on);
    /* pipe.imad_near 0 or pipe.imad 0: no rule */
    assert_int_equal(stream_cycles("mad.lo.s32", "fma.rn.f32", 8, 1024, WARM "pipe.imad_read 2\npipe.imad_near 0\n", 0),
                     mf_off);
    /* an IMAD reading an FFMA, an FFMA reading an IMAD 14 instructions back: as without the rule */
    assert_int_equal(stream_cycles("fma.rn.f32", "mad.lo.s32", 8, 1024, on, 0),
                     stream_cycles("fma.rn.f32", "mad.lo.s32", 8, 1024, off, 0));
    /* an FFMA reading an LOP3: nothing */
    assert_int_equal(stream_cycles("xor.b32", "fma.rn.f32", 8, 1024, on, 0),
                     stream_cycles("xor.b32", "fma.rn.f32", 8, 1024, off, 0));
    /* part of a cycle, carried from read to read (sm_90's 1.7, docs/calibration.md "(xdp24)"): 7 tenths of the
     * whole cycle's cost, the H100's 2.7 cycles a step where 2 gives 3.0; 1 holds nothing, as 0 */
    uint64_t mf_part = stream_cycles("mad.lo.s32", "fma.rn.f32", 8, 1024, WARM "pipe.imad_read 1.7\n", 0);
    assert_true((mf_part - mf_off) * 10 >= (mf_on - mf_off) * 6 && (mf_part - mf_off) * 10 <= (mf_on - mf_off) * 8);
    assert_int_equal(stream_cycles("mad.lo.s32", "fma.rn.f32", 8, 1024, WARM "pipe.imad_read 1.7\n", WS_SLOW_ALL),
                     mf_part);
    assert_int_equal(stream_cycles("mad.lo.s32", "fma.rn.f32", 8, 1024, WARM "pipe.imad_read 1\n", 0), mf_off);
    assert_int_equal(stream_cycles("mad.lo.s32", "fma.rn.f32", 8, 1024, WARM, 0), mf_part); /* sm_90's */
#undef WARM
}

/* stall.half_read (docs/calibration.md "(xdp24)"): a half op (HADD2, HMUL2, HFMA2; not HFMA2.MMA) whose value an IMAD
 * or FFMA reads: its warp waits 2 cycles more after it, the order ptxas's registers give (probe_alu3 hadd2_m, hadd2_f
 * at one warp a sub-partition 3.93 / 4.07 cycles a step on the H100, warpsim 3.08 without the stall). probe_alu3's
 * shape: 8 streams of add.f16x2 (HADD2 and HFMA2.MMA by turns) and the mad or fma that reads it, 8 rounds. */
static void half_value_read(void **state)
{
    (void)state;
#define WARM "ifetch.line 0\n"
    const char *off = WARM "stall.half_read 0\n";
    /* one warp a sub-partition: 32 HADD2 read by an IMAD, each 2 cycles more at most; the pipes hide some */
    uint64_t m_on = stream_cycles("add.f16x2", "mad.lo.s32", 8, 128, WARM, 0),
             m_off = stream_cycles("add.f16x2", "mad.lo.s32", 8, 128, off, 0);
    assert_true(m_on >= m_off + 16 && m_on <= m_off + 64);
    assert_int_equal(stream_cycles("add.f16x2", "mad.lo.s32", 8, 128, WARM, WS_SLOW_ALL), m_on);
    uint64_t f_on = stream_cycles("add.f16x2", "fma.rn.f32", 8, 128, WARM, 0),
             f_off = stream_cycles("add.f16x2", "fma.rn.f32", 8, 128, off, 0);
    assert_true(f_on >= f_off + 16 && f_on <= f_off + 64);
    /* 8 warps a sub-partition: the others fill the cycles (the IMAD pipe's 3 a step) */
    uint64_t m8_on = stream_cycles("add.f16x2", "mad.lo.s32", 8, 1024, WARM, 0),
             m8_off = stream_cycles("add.f16x2", "mad.lo.s32", 8, 1024, off, 0);
    assert_true(m8_on <= m8_off + m8_off / 50);
    /* the scalar half add (hadd_m, read 8-10 cycles on in ptxas's order) and a LOP3 reader: no stall */
    assert_int_equal(stream_cycles("add.f16", "mad.lo.s32", 8, 128, WARM, 0),
                     stream_cycles("add.f16", "mad.lo.s32", 8, 128, off, 0));
    assert_int_equal(stream_cycles("add.f16x2", "xor.b32", 8, 128, WARM, 0),
                     stream_cycles("add.f16x2", "xor.b32", 8, 128, off, 0));
#undef WARM
}

int main(void)
{
    /* clang-format off */
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(mul_wide_high_half),
        cmocka_unit_test(free_mov_is_a_rename),
        cmocka_unit_test(bit_ops_wait_for_alu_results), cmocka_unit_test(cross_datapath_feed),
        cmocka_unit_test(f2h_latency), cmocka_unit_test(clz_spacing),
        cmocka_unit_test(half2_mul),
        cmocka_unit_test(widened_add_narrowed),
        cmocka_unit_test(division_reuses_the_reciprocal),
        cmocka_unit_test(division_in_a_loop),
        cmocka_unit_test(alu_and_imad_pipes),
        cmocka_unit_test(pipes_shared_by_warps),
        cmocka_unit_test(pipe_forms),
        cmocka_unit_test(xu_forms),
        cmocka_unit_test(mufu_fixups),
        cmocka_unit_test(f64_holds_the_issue),
        cmocka_unit_test(f64_shared_by_warps),
        cmocka_unit_test(f64_rounds_interleave),
        cmocka_unit_test(half_forms),
        cmocka_unit_test(scalar_halves_pack),
        cmocka_unit_test(scalar_mul_pack_as_add),
        cmocka_unit_test(scalar_fma_pack_one_read),
        cmocka_unit_test(fma_three_reads_hold),
        cmocka_unit_test(mma_reading_prmt),
        cmocka_unit_test(half_window_own_warp),
        cmocka_unit_test(half_credit),
        cmocka_unit_test(mma_credit),
        cmocka_unit_test(one_warp_loop_floor),
        cmocka_unit_test(free_movs_pass),
        cmocka_unit_test(imad_then_fma_stall),
        cmocka_unit_test(pick_imad_pipe_first),
        cmocka_unit_test(pick_group_high_slots_first),
        cmocka_unit_test(fma_beside_half_ops),
        cmocka_unit_test(rcp_fixups_alu),
        cmocka_unit_test(mma_holds_the_alu),
        cmocka_unit_test(hfma2_stall_counts),
        cmocka_unit_test(imad_result_read),
        cmocka_unit_test(half_value_read),
    };
    /* clang-format on */
    return cmocka_run_group_tests(tests, NULL, NULL);
}
