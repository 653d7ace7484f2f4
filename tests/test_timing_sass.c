/* What ptxas's SASS adds to the timing mode around shuffles and shared variables (sim/cga.c,
 * sim/schedule.c, sim/timing.c; docs/calibration.md "Issue 15: the timed regions of the corpus"):
 * the shared window's base read once per SASS basic block, a shuffle whose membermask register
 * holds the full mask reordered as one with the immediate, and a shuffle reading an add's result
 * a cycle later. Each kernel reads %clock64 around a short region; thread 0 writes the difference. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cfg.h"
#include "cga.h"
#include "run_ptx.h"

#define HEAD                                                                                                           \
    ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[64];\n"                                   \
    ".visible .entry k(.param .u64 o)\n{\n.reg .b32 %r<16>;\n.reg .b64 %rd<12>;\n.reg .pred %p<4>;\n"                  \
    "ld.param.u64 %rd1, [o];\nmov.u32 %r1, %tid.x;\n"
#define TAIL                                                                                                           \
    "mov.u64 %rd9, %clock64;\nsub.s64 %rd10, %rd9, %rd8;\nsetp.ne.u32 %p3, %r1, 0;\n@%p3 bra END;\n"                   \
    "st.global.u64 [%rd1], %rd10;\nEND:\nret;\n}\n"

static uint64_t region(const char *body, const char *preset)
{
    char ptx[4096];
    snprintf(ptx, sizeof ptx, "%s%s%s", HEAD, body, TAIL);
    uint64_t out = 0;
    run_ptx(ptx, 32, &out, 1, WS_MODE_TIMING, preset);
    return out;
}

/* The kernel of a region's body and the stretches of its instructions (cga.h) with ws_cga_build's inputs clock
 * (sreg.cga_clock) and remat (sreg.cga_remat); free both. */
static const ws_kernel *cga_of_keys(const char *body, ws_module **m, ws_cga *c, uint8_t clock, uint8_t remat)
{
    char ptx[4096];
    snprintf(ptx, sizeof ptx, "%s%s%s", HEAD, body, TAIL);
    ws_parse_error perr;
    *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    assert_non_null(*m);
    const ws_kernel *k = ws_module_kernel(*m, NULL);
    static ws_reg_use uses[256];
    assert_true(k->ninsns <= 256);
    for (uint32_t i = 0; i < k->ninsns; i++)
        ws_insn_reg_use(&k->insns[i], &uses[i]);
    *c = (ws_cga){.clock = clock, .remat = remat};
    uint32_t *reconv = ws_reconvergence_points(k);
    assert_non_null(reconv);
    assert_int_equal(ws_cga_build(k, k->insns, uses, reconv, *m, c), 0);
    free(reconv);
    return k;
}

/* cga_of_keys with sreg.cga_clock 1 and sreg.cga_remat 0 (sm_90's before "(fold32)", whose remat is 1: the stretches
 * these tests count are those of the mov's read). */
static const ws_kernel *cga_of(const char *body, ws_module **m, ws_cga *c) { return cga_of_keys(body, m, c, 1, 0); }

/* A shared variable's address in the region: S2UR SR_CgaCtaId + ULEA, the store waits for it
 * (time_cg_reduce_plus_tile32_float.sass): sreg.cga cycles after the region's start. */
static void shared_address_waits_for_the_base(void **state)
{
    (void)state;
    const char *body = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, sh;\nst.volatile.shared.u32 [%r2], %r1;\n";
    /* sreg.tid 0: the %tid.x the store writes is ready before the region (S2R at the entry) */
    uint64_t c35 = region(body, NULL), c0 = region(body, "sreg.cga 0\nsreg.tid 0\n"), c70 = region(body, "sreg.cga 70\n");
    assert_true(c35 >= 35 && c35 <= 35 + 8);
    assert_int_equal(c70 - c35, 35);
    assert_true(c0 < 10);
    /* a store at [symbol] waits for it too (bench_s2r.sass: STS [UR6+0x80]) */
    const char *direct = "mov.u64 %rd8, %clock64;\nst.volatile.shared.u32 [sh+4], %r1;\n";
    assert_int_equal(region(direct, "sreg.cga 70\n") - region(direct, NULL), 35);
}

/* Once per SASS basic block: a short forward branch is predicated code in SASS (one block:
 * time_cub_block_reduce_warp_sum_int_b128.sass reads the base once for three symbols), a branch
 * over a collective stays a branch (time_cub_block_reduce_rakingcomm_sum_int_b128.sass: again). */
static void shared_base_once_per_sass_block(void **state)
{
    (void)state;
    const char *once = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, sh;\nst.volatile.shared.u32 [%r2], %r1;\n"
                       "setp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\nadd.u32 %r3, %r1, 1;\nJ:\n"
                       "mov.u32 %r4, sh;\nst.volatile.shared.u32 [%r4+4], %r1;\n";
    const char *twice = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, sh;\nst.volatile.shared.u32 [%r2], %r1;\n"
                        "setp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\nactivemask.b32 %r3;\nJ:\n"
                        "mov.u32 %r4, sh;\nst.volatile.shared.u32 [%r4+4], %r1;\n";
    /* the same without the second symbol: the first address reused */
    const char *reuse = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, sh;\nst.volatile.shared.u32 [%r2], %r1;\n"
                        "setp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\nactivemask.b32 %r3;\nJ:\n"
                        "st.volatile.shared.u32 [%r2+4], %r1;\n";
    uint64_t a = region(once, NULL), b = region(twice, NULL), r = region(reuse, NULL);
    /* reuse: the first block's address is read in the next block, so ptxas keeps the base in a
     * register (S2R, sreg.s2r) and the next block reads it no more (raking_sum_int_b1024.sass) */
    assert_true(r <= a);
    assert_int_equal(region(reuse, "sreg.s2r 70\n") - r, 70 - 32);
    assert_true(b >= r + 15); /* the second block waits for its own read (the first store's pipe hides some) */
    /* with a free base the two are alike; the first store holding the pipe (store.*, no store queue)
     * hides the 4 cycles of twice's mov.u32 %r4, sh, as ptxas's ULEA is hidden */
    assert_int_equal(region(twice, "sreg.cga 0\nstq.bytes 0\n"), region(reuse, "sreg.cga 0\nstq.bytes 0\n"));
}

/* The stretches themselves: the base is read on entering the stretch (between clock reads) of a
 * SASS block's first shared address; a predicated branch's body and its join stay in the block. */
static void cga_stretches(void **state)
{
    (void)state;
    const char *body = "mov.u64 %rd8, %clock64;\nadd.u32 %r5, %r1, 1;\nmov.u32 %r2, sh;\n"
                       "setp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\nadd.u32 %r3, %r1, 1;\nJ:\nmov.u32 %r4, sh;\n";
    ws_module *m;
    ws_cga c;
    const ws_kernel *k = cga_of(body, &m, &c);
    /* 0 ld.param, 1 mov tid, 2 clock, 3 add, 4 mov sh, 5 setp, 6 bra, 7 add, 8 mov sh, 9 clock, ... */
    assert_int_equal(k->insns[4].op, WS_OP_MOV);
    assert_true(c.needs[4] && c.needs[8] && !c.needs[3]);
    assert_true(!c.reads[0] && !c.reads[1] && !c.reads[2]);
    for (uint32_t pc = 3; pc <= 8; pc++) {
        assert_true(c.reads[pc]);
        assert_int_equal(c.stretch[pc], c.stretch[3]); /* the predicated branch joins the blocks */
    }
    assert_true(c.stretch[2] != c.stretch[3] && c.stretch[9] != c.stretch[8]);
    ws_cga_issue(&c, 0, 2, 10);
    ws_cga_issue(&c, 0, 3, 11);
    ws_cga_issue(&c, 0, 8, 40); /* the same stretch: no new read */
    /* no predicated or divergent use of the base: S2UR (sreg.cga), not S2R */
    assert_true(!c.s2r[c.stretch[3]]);
    assert_int_equal(ws_cga_ready(&c, 0, 8, 35, 23, 5), 11 + 35);
    assert_int_equal(ws_cga_ready(&c, 0, 3, 35, 23, 5), 0);
    ws_cga_free(&c);
    ws_module_free(m);
}

/* The longest body ptxas predicates (CGA_IFCONV_MAX 10): the corpus' if-converted bodies hold 5 to 9
 * PTX instructions; lds28's brv_o body (a mov of the symbol, three shared loads, seven adds: 11) stays
 * `@P1 BRA` with its own S2UR, and so does brvp_o's (12 with its clock read), in its SASS
 * (tests/calibration/device-2026-12-06-h100e-lds28.tar.xz, docs/calibration.md "(dev28)"). */
static void cga_ifconv_max(void **state)
{
    (void)state;
    for (int n = 9; n <= 12; n++) {
        char body[1024] = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, sh;\nsetp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\n";
        for (int i = 0; i < n; i++)
            strcat(body, "add.u32 %r3, %r3, 1;\n");
        strcat(body, "J:\nmov.u32 %r4, sh;\n");
        ws_module *m;
        ws_cga c;
        const ws_kernel *k = cga_of(body, &m, &c);
        uint32_t first = UINT32_MAX, last = 0;
        for (uint32_t pc = 0; pc < k->ninsns; pc++)
            if (c.needs[pc] == 1) {
                first = first == UINT32_MAX ? pc : first;
                last = pc;
            }
        assert_true(first < last);
        /* up to 10 the branch is predicated: one SASS block, one read; past it the join is a block of its own */
        if (n <= CGA_IFCONV_MAX)
            assert_int_equal(c.stretch[last], c.stretch[first]);
        else
            assert_true(c.stretch[last] != c.stretch[first] && c.reads[last]);
        ws_cga_free(&c);
        ws_module_free(m);
    }
    assert_int_equal(CGA_IFCONV_MAX, 10);
}

/* The base's stretches take ptxas's predicated regions in any shape (cga.c ifconverted, as branch.rejoin's): an
 * if/else of 1 + 1 instructions (`@P bra E; ...; bra.uni J; E: ...; J:`) is one SASS block with its join, so the
 * symbol's movs before and after it share one read of the base, and a need on one side of it reads with S2R (the
 * uniform datapath does not serve predicated code) and is not gated by the branch's setp (the other side runs under
 * the other predicate); sides of CGA_IFCONV_MAX + 1 stay branches, the join a block of its own, and so does a
 * region with a loop in it (ifconverted: any backward edge). */
static void cga_stretches_take_any_predicated_shape(void **state)
{
    (void)state;
    char ifelse[1024], big[2048], side[1024];
    const char *head = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, sh;\nsetp.gt.u32 %p1, %r1, 15;\n@%p1 bra E;\n";
    snprintf(ifelse, sizeof ifelse,
             "%sadd.u32 %%r3, %%r3, 1;\nbra.uni J;\nE:\nadd.u32 %%r3, %%r3, 2;\nJ:\nmov.u32 %%r4, sh;\n", head);
    snprintf(side, sizeof side,
             "mov.u64 %%rd8, %%clock64;\nsetp.gt.u32 %%p1, %%r1, 15;\n@%%p1 bra E;\nadd.u32 %%r3, %%r3, 1;\nbra.uni J;\n"
             "E:\nmov.u32 %%r4, sh;\nJ:\nadd.u32 %%r5, %%r3, 1;\n");
    snprintf(big, sizeof big, "%s", head);
    for (int i = 0; i <= CGA_IFCONV_MAX; i++)
        strcat(big, "add.u32 %r3, %r3, 1;\n");
    strcat(big, "bra.uni J;\nE:\nadd.u32 %r3, %r3, 2;\nJ:\nmov.u32 %r4, sh;\n");
    /* a short loop in the region (probe_bar_release's spin after `@%p3 bra`): no predicated code, the join a block */
    const char *loop = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, sh;\nsetp.gt.u32 %p1, %r1, 15;\n@%p1 bra J;\n"
                       "L:\nadd.u32 %r3, %r3, 1;\nsetp.lt.u32 %p2, %r3, 5;\n@%p2 bra L;\nJ:\nmov.u32 %r4, sh;\n";
    const char *cases[] = {ifelse, big, side, loop};
    for (int i = 0; i < 4; i++) {
        ws_module *m;
        ws_cga c;
        const ws_kernel *k = cga_of(cases[i], &m, &c);
        uint32_t first = UINT32_MAX, last = 0;
        for (uint32_t pc = 0; pc < k->ninsns; pc++)
            if (c.needs[pc] == 1) {
                first = first == UINT32_MAX ? pc : first;
                last = pc;
            }
        assert_true(first < k->ninsns);
        if (i == 0)
            assert_int_equal(c.stretch[last], c.stretch[first]); /* one block, one read */
        if (i == 1 || i == 3)
            assert_true(c.stretch[last] != c.stretch[first] && c.reads[last]);
        if (i == 2) { /* the need in the else side: S2R, no gate */
            assert_int_equal(first, last);
            assert_true(c.reads[first] && c.s2r[c.stretch[first]]);
            for (uint32_t pc = 0; pc < k->ninsns; pc++)
                assert_int_equal(c.gate[pc], 0);
        }
        ws_cga_free(&c);
        ws_module_free(m);
    }
}

/* A mov of a shared variable's address before a clock read in its SASS block: ptxas keeps the ULEA above the
 * CS2R SR_CLOCKLO, so the warp waits for the base (S2UR) before it reads the clock, and the region after it does
 * not (lds28.sass lds28_i4_o 0x01c0-0x01f0: S2UR, UMOV, ULEA, CS2R, then LDS [UR4]; h100e 96 cycles for 16 loads,
 * warpsim 129 with the base's wait after t0). sreg.cga_clock 1 (sm_90); 0 puts the wait in the region. A clock
 * read after a label (another SASS block) or after an access at [symbol] alone does not wait. */
static void clock_read_waits_for_the_base(void **state)
{
    (void)state;
    const char *body = "mov.u32 %r2, sh;\nmov.u64 %rd8, %clock64;\nld.volatile.shared.u32 %r3, [%r2];\n"
                       "add.u32 %r4, %r3, 1;\n";
    uint64_t on = region(body, NULL), on70 = region(body, "sreg.cga 70\n");
    uint64_t off = region(body, "sreg.cga_clock 0\n"), off70 = region(body, "sreg.cga_clock 0\nsreg.cga 70\n");
    assert_int_equal(on, on70);        /* the base's wait is before t0 */
    assert_int_equal(off70 - off, 35); /* ... or in the region */
    assert_true(off - on >= 30);
    ws_module *m;
    ws_cga c;
    const char *cases[] = {body, "mov.u32 %r2, sh;\nJ:\nmov.u64 %rd8, %clock64;\nld.volatile.shared.u32 %r3, [%r2];\n",
                           "ld.volatile.shared.u32 %r3, [sh];\nmov.u64 %rd8, %clock64;\n"};
    for (int i = 0; i < 3; i++) {
        const ws_kernel *k = cga_of(cases[i], &m, &c);
        uint32_t clock = UINT32_MAX;
        for (uint32_t pc = 0; pc < k->ninsns && clock == UINT32_MAX; pc++)
            if (ws_insn_reads_clock(&k->insns[pc]))
                clock = pc;
        assert_true(clock < k->ninsns);
        assert_int_equal(c.needs[clock], i == 0 ? CGA_CLOCK : 0);
        ws_cga_free(&c);
        ws_module_free(m);
    }
}

/* sreg.cga_clock is tested in one place, ws_cga_build (ws_cga.clock, as sreg.cga_remat's ws_cga.remat): with it 0 no
 * clock read is CGA_CLOCK, so neither timing_info.c nor earliest (timing.c) sees one, and the region's figure is the
 * key-0 one whatever reads the marks; with it 1 the clock read after the mov is marked. */
static void cga_clock_key_gates_the_mark(void **state)
{
    (void)state;
    const char *body = "mov.u32 %r2, sh;\nmov.u64 %rd8, %clock64;\nld.volatile.shared.u32 %r3, [%r2];\n";
    for (uint8_t key = 0; key <= 1; key++) {
        ws_module *m;
        ws_cga c;
        const ws_kernel *k = cga_of_keys(body, &m, &c, key, 0);
        int marked = 0;
        for (uint32_t pc = 0; pc < k->ninsns; pc++)
            marked += c.needs[pc] == CGA_CLOCK;
        assert_int_equal(marked, key); /* one clock read after the mov: the region's t0 */
        ws_cga_free(&c);
        ws_module_free(m);
    }
    /* the run: 0 reads the clock at once, the base's 35 cycles in the region (as clock_read_waits_for_the_base) */
    uint64_t off = region(body, "sreg.cga_clock 0\n"), off70 = region(body, "sreg.cga_clock 0\nsreg.cga 70\n");
    assert_int_equal(off70 - off, 35);
    assert_int_equal(region(body, "sreg.cga 70\n"), region(body, NULL));
}

/* branch.rejoin: a one-lane body ptxas keeps as a branch (more than CGA_IFCONV_MAX instructions: `@P1 BRA`, BSSY,
 * BSYNC) holds the warp where its lanes meet the others again: lds28's brsp_o - brsp_b 16 cycles on the H100 (thread
 * 0 alone against warp 0 whole, the same SASS; tests/calibration/device-2026-12-06-h100e-lds28.tar.xz,
 * docs/calibration.md "(recon29)"). The same body run by every lane, a body ptxas predicates (a short if or if/else),
 * and lanes that branch to the kernel's end (a predicated EXIT) cost nothing more; lanes that leave a loop at
 * different trips meet once after it. */
static void divergent_body_rejoins(void **state)
{
    (void)state;
    char one[1024] = "mov.u64 %rd8, %clock64;\nsetp.ne.u32 %p1, %r1, 0;\n@%p1 bra J;\n",
         all[1024] = "mov.u64 %rd8, %clock64;\nsetp.gt.u32 %p1, %r1, 99;\n@%p1 bra J;\n",
         few[1024] = "mov.u64 %rd8, %clock64;\nsetp.ne.u32 %p1, %r1, 0;\n@%p1 bra J;\n";
    for (int i = 0; i < 12; i++) {
        strcat(one, "add.u32 %r3, %r3, 1;\n");
        strcat(all, "add.u32 %r3, %r3, 1;\n");
        strcat(few, i < 6 ? "add.u32 %r3, %r3, 1;\n" : "");
    }
    strcat(one, "J:\n");
    strcat(all, "J:\n");
    strcat(few, "J:\n");
    const char *off = "branch.rejoin 0\n", *on = "branch.rejoin 30\n";
    assert_int_equal(region(one, on) - region(one, off), 30);
    assert_int_equal(region(one, NULL) - region(one, off), 16); /* the built-in preset's */
    assert_int_equal(region(all, on), region(all, off));
    assert_int_equal(region(few, on), region(few, off));
    /* an if/else: lanes 0-15 and 16-31 each run a side; 4 + 4 instructions ptxas predicates, 8 + 8 it does not */
    const char *small = "mov.u64 %rd8, %clock64;\nsetp.gt.u32 %p1, %r1, 15;\n@%p1 bra E;\n"
                        "add.u32 %r3, %r3, 1;\nadd.u32 %r3, %r3, 1;\nadd.u32 %r3, %r3, 1;\nadd.u32 %r3, %r3, 1;\n"
                        "bra.uni J;\nE:\n"
                        "add.u32 %r3, %r3, 2;\nadd.u32 %r3, %r3, 2;\nadd.u32 %r3, %r3, 2;\nadd.u32 %r3, %r3, 2;\nJ:\n";
    char big[2048] = "mov.u64 %rd8, %clock64;\nsetp.gt.u32 %p1, %r1, 15;\n@%p1 bra E;\n";
    for (int i = 0; i < 8; i++)
        strcat(big, "add.u32 %r3, %r3, 1;\n");
    strcat(big, "bra.uni J;\nE:\n");
    for (int i = 0; i < 8; i++)
        strcat(big, "add.u32 %r3, %r3, 2;\n");
    strcat(big, "J:\n");
    assert_int_equal(region(small, on), region(small, off));
    assert_int_equal(region(big, on) - region(big, off), 30);
    /* a loop each lane leaves after tid + 1 trips: the lanes meet once, after it */
    const char *loop = "mov.u64 %rd8, %clock64;\nmov.u32 %r3, 0;\nL:\nadd.u32 %r3, %r3, 1;\n"
                       "setp.le.u32 %p1, %r3, %r1;\n@%p1 bra L;\n";
    assert_int_equal(region(loop, on) - region(loop, off), 30);
    /* where they meet: the join of the long bodies and the loop's exit; not the branch to the kernel's end (TAIL) */
    const char *kinds[] = {one, all, few, small, big, loop};
    const int joins[] = {1, 1, 0, 0, 1, 1};
    for (int i = 0; i < 6; i++) {
        ws_module *m;
        ws_cga c;
        const ws_kernel *k = cga_of(kinds[i], &m, &c);
        uint32_t *reconv = ws_reconvergence_points(k);
        uint8_t *at = ws_cga_rejoins(k, k->insns, reconv);
        assert_non_null(at);
        int n = 0;
        for (uint32_t pc = 0; pc < k->ninsns; pc++)
            n += at[pc];
        assert_int_equal(n, joins[i]);
        assert_int_equal(at[k->ninsns - 1], 0); /* ret */
        free(at);
        free(reconv);
        ws_cga_free(&c);
        ws_module_free(m);
    }
}

/* sreg.cga_remat (off in sm_90: probe_stq_ctx[16], [18]; docs/calibration.md "(fold32)"): an access at a register that only a mov of a shared variable's address writes,
 * in a later SASS block, reads the base again in its own, as ptxas's LDS [UR5] after `S2UR UR6, SR_CgaCtaId` inside
 * bench_shared_ilp's region 6 (0x2c70) where the kernel's top read it at 0x0020; 0: the top's read covers it. */
static void remat_reads_the_base_again(void **state)
{
    (void)state;
    /* a body of 12 adds: a branch, not predicated code (CGA_IFCONV_MAX), so the load's block is another */
    char body[1024] = "mov.u32 %r2, sh;\nsetp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\n";
    for (int i = 0; i < 12; i++)
        strcat(body, "add.u32 %r5, %r1, 1;\n");
    strcat(body, "J:\nbar.sync 0;\nmov.u64 %rd8, %clock64;\nadd.u32 %r6, %r1, 2;\nld.volatile.shared.u32 %r3, [%r2];\n"
                 "add.u32 %r4, %r3, 1;\n");
    /* schedule 0: the add first, as the stretch's entry (the S2UR's place); a load that starts its stretch reads the
     * cycle of the read before it (the list schedule puts it first here: the report of "(mio29)") */
    uint64_t off = region(body, "schedule 0\nsreg.cga_remat 0\n"), on = region(body, "schedule 0\nsreg.cga_remat 1\n");
    assert_true(on - off >= 30);
    assert_int_equal(region(body, "schedule 0\nsreg.cga_remat 1\nsreg.cga 70\n") - on, 35);
    assert_int_equal(region(body, "schedule 0\nsreg.cga_remat 0\nsreg.cga 70\n"), off);
    assert_int_equal(region(body, "schedule 0\n"), off); /* sm_90's */
}

/* S2R where the uniform datapath cannot serve the base's use: predicated code (an if-converted
 * body: rakingcomm_sum_int_b128.sass `@P0 S2R`) and a register address in divergent code (its
 * block after `@P1 BRA`: S2R, LEA, IMAD); a divergent access at [symbol] keeps S2UR
 * (warp_sum_int_b1024.sass: S2UR, LDS.128 [UR4+0x20]). */
static void base_by_s2r_where_uniform_cannot(void **state)
{
    (void)state;
    const char *pred = "mov.u64 %rd8, %clock64;\nsetp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\n"
                       "mov.u32 %r2, sh;\nst.volatile.shared.u32 [%r2], %r1;\nJ:\n";
    const char *diverged = "mov.u64 %rd8, %clock64;\nsetp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\nactivemask.b32 %r3;\n"
                           "mov.u32 %r2, sh;\nst.volatile.shared.u32 [%r2], %r3;\nJ:\n";
    const char *symbol = "mov.u64 %rd8, %clock64;\nsetp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\nactivemask.b32 %r3;\n"
                         "st.volatile.shared.u32 [sh+4], %r3;\nJ:\n";
    assert_int_equal(region(pred, "sreg.s2r 70\n") - region(pred, NULL), 70 - 32);
    assert_int_equal(region(pred, "sreg.cga 70\n"), region(pred, NULL));
    assert_int_equal(region(diverged, "sreg.s2r 70\n") - region(diverged, NULL), 70 - 32);
    assert_int_equal(region(symbol, "sreg.s2r 70\n"), region(symbol, NULL));
    assert_int_equal(region(symbol, "sreg.cga 70\n") - region(symbol, NULL), 70 - 35);
    /* S2R's path: the address is the LEA's result, sreg.s2r_lea (5) after the LEA issues; S2UR's
     * sreg.cga holds its ULEA (fitted with it) */
    assert_int_equal(region(pred, NULL) - region(pred, "sreg.s2r_lea 0\n"), 5);
    assert_int_equal(region(diverged, NULL) - region(diverged, "sreg.s2r_lea 0\n"), 5);
    assert_int_equal(region(symbol, "sreg.s2r_lea 0\n"), region(symbol, NULL));
}

/* A predicated body that is its stretch's only user of the base reads it with a guarded S2R,
 * 13 cycles after its ISETP (rakingcomm_sum_int_b128.sass: `ISETP.GE.U32.AND P0` at 0x0090,
 * `@P0 S2R R5, SR_CgaCtaId` at 0x00b0): the warp reads it guard.feed after the setp's predicate is
 * ready (cga gate). With a use outside the body too, the S2R is not guarded
 * (warp_sum_int_b128.sass: `S2R R11, SR_CgaCtaId` at 0x00c0) and is read at the stretch's entry. */
static void guarded_s2r_waits_for_its_predicate(void **state)
{
    (void)state;
    const char *pred = "mov.u64 %rd8, %clock64;\nsetp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\n"
                       "mov.u32 %r2, sh;\nst.volatile.shared.u32 [%r2], %r1;\nJ:\n";
    const char *shared =
        "mov.u64 %rd8, %clock64;\nsetp.eq.u32 %p1, %r1, 99;\n@%p1 bra J;\n"
        "mov.u32 %r2, sh;\nst.volatile.shared.u32 [%r2], %r1;\nJ:\nst.volatile.shared.u32 [sh+8], %r1;\n";
    /* every lane runs the body: its store waits for the guarded read */
    assert_int_equal(region(pred, "guard.feed 30\n") - region(pred, "guard.feed 10\n"), 20);
    /* guard.feed 0: no guarded read, the base read on entering the stretch (the setp's issue) */
    assert_int_equal(region(pred, "guard.feed 10\n") - region(pred, "guard.feed 0\n"), 4 + 10);
    assert_int_equal(region(shared, "guard.feed 30\n"), region(shared, "guard.feed 0\n"));
    ws_module *m;
    ws_cga c;
    const ws_kernel *k = cga_of(pred, &m, &c);
    /* 0 ld.param, 1 mov tid, 2 clock, 3 setp, 4 bra, 5 mov sh, 6 st, 7 clock */
    assert_int_equal(k->insns[3].op, WS_OP_SETP);
    assert_true(c.gate[3] && !c.gate[4] && c.reads[3] && c.reads[5]);
    ws_cga_issue(&c, 0, 3, 10);        /* enters the stretch: the read, as for an unguarded S2R */
    ws_cga_read_at(&c, 0, 10 + 4 + 9); /* the setp's predicate, then guard.feed (timing.c) */
    ws_cga_issue(&c, 0, 5, 24);
    assert_int_equal(ws_cga_ready(&c, 0, 5, 35, 32, 5), 23 + 32 + 5);
    ws_cga_free(&c);
    ws_module_free(m);
    m = NULL;
    k = cga_of(shared, &m, &c);
    for (uint32_t pc = 0; pc < k->ninsns; pc++)
        assert_false(c.gate[pc]);
    ws_cga_free(&c);
    ws_module_free(m);
}

/* A setp right after a bar.sync is computed above the barrier (rakingcomm_sum_int_b128.sass
 * `ISETP.GT.U32.AND P1` at 0x00a0, BAR.SYNC at 0x0100, `@P1 BRA` at 0x0110): after the release
 * the branch does not wait for it, whatever setp's latency. One that reads a value computed after
 * the barrier stays (its latency shows). */
static void setp_after_barrier_is_hoisted(void **state)
{
    (void)state;

    /* the add and its store before the clock read: %tid.x is ready before the region (the store reads the add, so
     * ptxas keeps it: fold.dead); the guarded add's result stored too */
    const char *hoisted = "add.u32 %r6, %r1, 3;\nst.global.u32 [%rd1+8], %r6;\nmov.u64 %rd8, %clock64;\nbar.sync 0;\n"
                          "setp.ne.u32 %p1, %r1, 99;\n@%p1 bra J;\nadd.u32 %r3, %r1, 1;\nst.global.u32 [%rd1+12], %r3;\n"
                          "J:\n";
    const char *stays = "add.u32 %r6, %r1, 3;\nst.global.u32 [%rd1+8], %r6;\nmov.u64 %rd8, %clock64;\nbar.sync 0;\n"
                        "xor.b32 %r5, %r1, 1;\nsetp.ne.u32 %p1, %r5, 99;\n@%p1 bra J;\nadd.u32 %r3, %r1, 1;\n"
                        "st.global.u32 [%rd1+12], %r3;\nJ:\n";
    assert_int_equal(region(hoisted, "alu 10\n"), region(hoisted, NULL));
    assert_true(region(stays, "alu 10\n") >= region(stays, NULL) + 2 * 6);
    /* ptxas's schedule off: PTX order, the setp issues after the release */
    assert_int_equal(region(hoisted, "schedule 0\nalu 10\n") - region(hoisted, "schedule 0\n"), 6);
}

/* IADD3: of two dependent adds whose first value only the second reads, the first takes no slot
 * and no latency (raking_sum_int_b1024.sass: 31 adds are 16 IADD3; bench_alu[1]). Eight chained
 * adds are four IADD3: 16 cycles less than in PTX order without ptxas's schedule. A value read
 * twice is not folded. */
static void adds_pair_into_iadd3(void **state)
{
    (void)state;
    const char *chain = "mov.u64 %rd8, %clock64;\nadd.u32 %r2, %r1, 1;\nadd.u32 %r2, %r2, %r1;\nadd.u32 %r2, %r2, 3;\n"
                        "add.u32 %r2, %r2, %r1;\nadd.u32 %r2, %r2, 5;\nadd.u32 %r2, %r2, %r1;\nadd.u32 %r2, %r2, 7;\n"
                        "add.u32 %r2, %r2, %r1;\nst.volatile.shared.u32 [sh], %r2;\n";
    const char *twice = "mov.u64 %rd8, %clock64;\nadd.u32 %r2, %r1, 1;\nadd.u32 %r3, %r2, 3;\nadd.u32 %r4, %r2, %r1;\n"
                        "st.volatile.shared.u32 [sh], %r3;\nst.volatile.shared.u32 [sh+4], %r4;\n";
    /* sreg.tid 0: %r1 (%tid.x) ready before the region, so only the adds differ */
    assert_int_equal(region(chain, "sreg.cga 0\nsreg.tid 0\nschedule 0\n") - region(chain, "sreg.cga 0\nsreg.tid 0\n"),
                     16);
    assert_int_equal(region(twice, "sreg.cga 0\nsreg.tid 0\nschedule 0\n") - region(twice, "sreg.cga 0\nsreg.tid 0\n"),
                     0);
}

/* A shared load of an address its block read before, with no store between, is the first load's
 * register (time_cub_block_scan_raking_exclusivesum_int_b1024.sass: 32 LDS for the PTX's 64):
 * it costs what a mov of that register costs. After a store, or volatile, it is a load again. */
static void reload_is_the_register(void **state)
{
    (void)state;
    const char *reload = "mov.u64 %rd8, %clock64;\nld.shared.u32 %r2, [sh];\nadd.u32 %r3, %r2, %r1;\n"
                         "ld.shared.u32 %r4, [sh];\nmul.lo.u32 %r5, %r4, %r3;\nst.volatile.shared.u32 [sh+8], %r5;\n";
    const char *mov = "mov.u64 %rd8, %clock64;\nld.shared.u32 %r2, [sh];\nadd.u32 %r3, %r2, %r1;\n"
                      "mov.u32 %r4, %r2;\nmul.lo.u32 %r5, %r4, %r3;\nst.volatile.shared.u32 [sh+8], %r5;\n";
    const char *stored = "mov.u64 %rd8, %clock64;\nld.shared.u32 %r2, [sh];\nadd.u32 %r3, %r2, %r1;\n"
                         "st.shared.u32 [sh+12], %r3;\nld.shared.u32 %r4, [sh];\nmul.lo.u32 %r5, %r4, %r3;\n"
                         "st.volatile.shared.u32 [sh+8], %r5;\n";
    const char *z = "sreg.cga 0\nsreg.tid 0\n";
    uint64_t r = region(reload, z);
    assert_int_equal(r, region(mov, z));
    assert_true(region(stored, z) > r + 15);
    /* five reloads: no MIO slots; volatile, five more loads 4 cycles apart (mio.issue) */
    char five[1024], five_v[1024];
    int n = snprintf(five, sizeof five, "mov.u64 %%rd8, %%clock64;\nld.shared.u32 %%r2, [sh];\n");
    int m = snprintf(five_v, sizeof five_v, "%s", five);
    for (int i = 4; i < 9; i++) {
        n += snprintf(five + n, sizeof five - (size_t)n, "ld.shared.u32 %%r%d, [sh];\n", i);
        m += snprintf(five_v + m, sizeof five_v - (size_t)m, "ld.volatile.shared.u32 %%r%d, [sh];\n", i);
    }
    snprintf(five + n, sizeof five - (size_t)n, "add.u32 %%r9, %%r8, %%r1;\nst.volatile.shared.u32 [sh+8], %%r9;\n");
    snprintf(five_v + m, sizeof five_v - (size_t)m, "add.u32 %%r9, %%r8, %%r1;\nst.volatile.shared.u32 [sh+8], %%r9;\n");
    assert_int_equal(region(five_v, z) - region(five, z), 5 * 4);
}

/* The MATCH.ANY check of a tile's mask (cg tiles of 8 and 16: two shuffles, one mask) runs from
 * when the mask is there: ptxas issues S2R SR_LANEID first and MATCH.ANY while thread_rank()'s
 * S2Rs are outstanding (time_cg_escan_plus_tile16_unsigned.sass). With a %tid.y of 150 cycles
 * (sreg.tid) between the mask and the first shuffle, 40 more cycles of subwarp.check are hidden;
 * with the mask written before the clock read (an ordering point) they all show. */
static void match_check_overlaps(void **state)
{
    (void)state;
    const char *in = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, %tid.y;\nmov.u32 %r3, %laneid;\n"
                     "and.b32 %r4, %r3, -16;\nmov.u32 %r5, 65535;\nshl.b32 %r6, %r5, %r4;\n"
                     "add.u32 %r7, %r2, %r1;\nshfl.sync.up.b32 %r8|%p1, %r7, 1, 4096, %r6;\n"
                     "shfl.sync.up.b32 %r9|%p2, %r8, 2, 4096, %r6;\nst.volatile.shared.u32 [sh], %r9;\n";
    const char *before = "mov.u32 %r3, %laneid;\nand.b32 %r4, %r3, -16;\nmov.u32 %r5, 65535;\n"
                         "shl.b32 %r6, %r5, %r4;\nmov.u64 %rd8, %clock64;\nmov.u32 %r2, %tid.y;\n"
                         "add.u32 %r7, %r2, %r1;\nshfl.sync.up.b32 %r8|%p1, %r7, 1, 4096, %r6;\n"
                         "shfl.sync.up.b32 %r9|%p2, %r8, 2, 4096, %r6;\nst.volatile.shared.u32 [sh], %r9;\n";
    const char *z = "sreg.cga 0\nsreg.tid 150\nsubwarp.check 0\n";
    const char *c40 = "sreg.cga 0\nsreg.tid 150\nsubwarp.check 40\n";
    uint64_t hidden = region(in, c40) - region(in, z); /* the schedule's order may move by an issue slot */
    assert_true(hidden <= 1);
    assert_int_equal(region(before, c40) - region(before, z), 40);
}

/* bar.warp.sync with a register mask, twice (one MATCH.ANY check, then a NOP: bench_sync[1]).
 * With the mask there when the region starts, ptxas issues the check's VOTEU.ANY after MATCH.ANY
 * and REDUX.OR (bench_sync.sass 0x0510-0x0550): subwarp.exposed more; a mask written in the region
 * hides it (VOTEU.ANY first, as in the cg and CUB regions). A mask written before a conditional
 * branch that no collective named before the branch gets WARPSYNC R before the check
 * (bench_sync.sass 0x0500): subwarp.check.warpsync more. H200 (probe_sync15, warm): 75 cycles for
 * the check at the kernel's start, 86 after bench_sync's branch. */
static void exposed_match_check(void **state)
{
    (void)state;
    const char *mask = "shr.u32 %r3, %r1, 5;\nmov.u32 %r4, -1;\nshr.u32 %r2, %r4, %r3;\n";
    const char *clock = "mov.u64 %rd8, %clock64;\n", *syncs = "bar.warp.sync %r2;\nbar.warp.sync %r2;\n";
    const char *branch = "setp.eq.u32 %p1, %r1, 99;\n@%p1 bra SKIP;\nSKIP:\n";
    char ready[512], in_region[512], after_branch[512], named[512], mask_after[512];
    snprintf(ready, sizeof ready, "%s%s%s", mask, clock, syncs);
    snprintf(in_region, sizeof in_region, "%s%s%s", clock, mask, syncs);
    snprintf(after_branch, sizeof after_branch, "%s%s%s%s", mask, branch, clock, syncs);
    snprintf(named, sizeof named, "%s%s%s%s%s", mask, syncs, branch, clock, syncs);
    snprintf(mask_after, sizeof mask_after, "%s%s%s%s", branch, mask, clock, syncs);
    const char *off = "subwarp.exposed 0\nsubwarp.check.warpsync 0\n";
    const char *exposed = "subwarp.exposed 21\nsubwarp.check.warpsync 0\n";
    const char *both = "subwarp.exposed 21\nsubwarp.check.warpsync 11\n";
    assert_int_equal(region(ready, exposed) - region(ready, off), 21);
    assert_int_equal(region(in_region, exposed) - region(in_region, off), 0);
    assert_int_equal(region(ready, both) - region(ready, exposed), 0);
    assert_int_equal(region(after_branch, both) - region(after_branch, exposed), 11);
    assert_int_equal(region(named, both) - region(named, exposed), 0);
    assert_int_equal(region(mask_after, both) - region(mask_after, exposed), 0);
    /* the preset's: match + subwarp.check + subwarp.exposed (75, the H200's) before the two syncs
     * issue and the clock is read */
    uint64_t r = region(ready, NULL);
    assert_true(r >= 75 && r <= 75 + 6);
}

/* LOP3 tree: ptxas re-associates a chain of xors fed by independent shuffles into a tree of 3-input
 * LOP3 that combines the shuffles' values as they come, so one LOP3 follows the last SHFL
 * (bench_mio_w1.sass, bench_throughput.sass: LOP3.LUT 0x96 trees). Eight shuffles xored in a chain:
 * only the root's latency follows the last shuffle (alu 20 costs 16 more than alu 4; pairwise
 * folding would leave four LOP3s after it). */
static void xor_chain_of_shuffles_is_a_tree(void **state)
{
    (void)state;
    char tree[2048], split[2048];
    const char *shfl = "mov.u64 %rd8, %clock64;\n"
                       "shfl.sync.bfly.b32 %r2, %r1, 1, 31, -1;\nshfl.sync.bfly.b32 %r3, %r1, 2, 31, -1;\n"
                       "shfl.sync.bfly.b32 %r4, %r1, 3, 31, -1;\nshfl.sync.bfly.b32 %r5, %r1, 4, 31, -1;\n"
                       "shfl.sync.bfly.b32 %r6, %r1, 5, 31, -1;\nshfl.sync.bfly.b32 %r7, %r1, 6, 31, -1;\n"
                       "shfl.sync.bfly.b32 %r8, %r1, 7, 31, -1;\nshfl.sync.bfly.b32 %r9, %r1, 8, 31, -1;\n";
    /* the last shuffle's value comes first: in PTX order all seven xors wait for it */
    const char *chain = "xor.b32 %r10, %r9, %r8;\nxor.b32 %r11, %r10, %r7;\nxor.b32 %r12, %r11, %r6;\n"
                        "xor.b32 %r13, %r12, %r5;\nxor.b32 %r14, %r13, %r4;\nxor.b32 %r15, %r14, %r3;\n"
                        "xor.b32 %r15, %r15, %r2;\nst.volatile.shared.u32 [sh], %r15;\n";
    snprintf(tree, sizeof tree, "%s%s", shfl, chain);
    snprintf(split, sizeof split, "%s%sst.volatile.shared.u32 [sh+4], %%r12;\n", shfl, chain);
    const char *p4 = "sreg.cga 0\nfold.tree 1\n", *p20 = "sreg.cga 0\nfold.tree 1\nalu 20\n";
    assert_int_equal(region(tree, p20) - region(tree, p4), 16);
    /* read twice, %r12 ends one tree and starts another: two roots after the last shuffle */
    assert_int_equal(region(split, p20) - region(split, p4), 32);
}

/* SHFL.IDX with an immediate lane takes SHFL.DOWN's latency (bench_mio_w1: 64 of each, 283 and 283
 * cycles); shfl.idx's own (26, bench_shfl) is for a register lane. A chain of four. */
static void shfl_idx_immediate_lane_is_down(void **state)
{
    (void)state;
    const char *imm = "mov.u64 %rd8, %clock64;\nshfl.sync.idx.b32 %r2, %r1, 3, 31, -1;\n"
                      "shfl.sync.idx.b32 %r3, %r2, 3, 31, -1;\nshfl.sync.idx.b32 %r4, %r3, 3, 31, -1;\n"
                      "shfl.sync.idx.b32 %r5, %r4, 3, 31, -1;\nst.volatile.shared.u32 [sh], %r5;\n";
    const char *reg = "mov.u64 %rd8, %clock64;\nshfl.sync.idx.b32 %r2, %r1, %r1, 31, -1;\n"
                      "shfl.sync.idx.b32 %r3, %r2, %r1, 31, -1;\nshfl.sync.idx.b32 %r4, %r3, %r1, 31, -1;\n"
                      "shfl.sync.idx.b32 %r5, %r4, %r1, 31, -1;\nst.volatile.shared.u32 [sh], %r5;\n";
    const char *p = "sreg.cga 0\nsreg.tid 0\nshfl 24\nshfl.idx 40\n";
    const char *q = "sreg.cga 0\nsreg.tid 0\nshfl 30\nshfl.idx 40\n";
    assert_int_equal(region(imm, q) - region(imm, p), 4 * 6);
    assert_int_equal(region(reg, q), region(reg, p));
}

/* A redux.sync ending its block: REDUX, then the copy out of its uniform register ends the SASS
 * block (rakingcomm_sum_int_b128.sass: REDUX, IMAD.U32, then the next block's S2UR), so the next
 * block's base read starts after the result: all of sreg.cga shows. */
static void redux_copy_ends_its_block(void **state)
{
    (void)state;
    const char *body = "mov.u64 %rd8, %clock64;\nredux.sync.add.s32 %r2, %r1, -1;\nbra.uni J;\nJ:\n"
                       "mov.u32 %r3, sh;\nst.volatile.shared.u32 [%r3], %r2;\n";
    assert_int_equal(region(body, "sreg.cga 70\n") - region(body, "sreg.cga 10\n"), 60);
}

/* The warp issues nothing after a REDUX until its result is ready (ptxas copies the uniform
 * result out at once: time_cub_block_reduce_warp_sum_int_b128.sass REDUX, then IMAD.U32 waiting
 * for it before the ISETP and the address arithmetic), and ptxas issues what else can go first
 * before the REDUX (S2R SR_LANEID, then REDUX). Four independent adds after it wait for it; the
 * lane's S2R overlaps it. */
static void redux_holds_the_warp(void **state)
{
    (void)state;
    /* the lane's S2R, the REDUX, then four shifts of the lane (not folded) and the sum */
    const char *body = "mov.u64 %rd8, %clock64;\nredux.sync.add.s32 %r2, %r1, -1;\nmov.u32 %r3, %laneid;\n"
                       "shl.b32 %r4, %r3, 1;\nshl.b32 %r5, %r4, 1;\nshl.b32 %r6, %r5, 1;\nshl.b32 %r7, %r6, 1;\n"
                       "add.u32 %r8, %r7, %r2;\nst.volatile.shared.u32 [sh], %r8;\n";
    uint64_t c10 = region(body, "sreg.cga 0\nsreg.tid 0\nsreg.laneid 10\nredux 44\nalu 4\n");
    /* the shifts wait for the REDUX's result: every cycle of its latency shows */
    assert_int_equal(c10 - region(body, "sreg.cga 0\nsreg.tid 0\nsreg.laneid 10\nredux 20\nalu 4\n"), 24);
    /* the S2R goes before the REDUX: its latency hides under the REDUX's */
    assert_int_equal(region(body, "sreg.cga 0\nsreg.tid 0\nsreg.laneid 20\nredux 44\nalu 4\n"), c10);
}

/* Every lane loads 16 bytes at one address (a broadcast), between two clock reads: the tests of shared.bcast128
 * and shared.128_one below. */
static const char *const BCAST_V4 =
    "mov.u32 %r2, sh;\nmov.u64 %rd8, %clock64;\nld.shared.v4.u32 {%r3, %r4, %r5, %r6}, [%r2];\n"
    "add.u32 %r7, %r3, %r6;\nst.volatile.shared.u32 [sh], %r7;\n";

/* A 16-byte shared load every lane reads at one address costs shared.bcast128 wavefronts, not its
 * four 8-lane phases (probe_v4 on the H200: 32 warps x 16 such loads 1,365 cycles, 16 bytes a lane
 * 2,408); a load of 16 bytes a lane keeps them. One warp: each wavefront beyond the first adds
 * shared.wavefront to the latency. */
static void broadcast_v4_load_two_wavefronts(void **state)
{
    (void)state;
    const char *bcast = BCAST_V4;
    const char *lanes = "mov.u32 %r2, sh;\nand.b32 %r8, %r1, 15;\nshl.b32 %r8, %r8, 4;\nadd.u32 %r2, %r2, %r8;\n"
                        "mov.u64 %rd8, %clock64;\nld.shared.v4.u32 {%r3, %r4, %r5, %r6}, [%r2];\n"
                        "add.u32 %r7, %r3, %r6;\nst.volatile.shared.u32 [sh], %r7;\n";
    /* shared.128_one 0: the 16-byte latency shared.128 for both (one_address_wide_loads tests the key) */
    const char *p = "sreg.cga 0\nsreg.tid 0\nshared.wavefront 10\nshared.128_one 0\n";
    assert_int_equal(region(lanes, p) - region(bcast, p), 2 * 10);
    assert_int_equal(region(bcast, "sreg.cga 0\nsreg.tid 0\nshared.wavefront 10\nshared.128_one 0\nshared.bcast128 0\n"),
                     region(lanes, p));
}

/* Loads of one address by lds28 on the H100 (docs/calibration.md "(mio29)"): a 16-byte load of one address takes
 * shared.128_one more than a 4-byte one, not shared.128 (one lane 1.5 cycles a load, a warp's broadcast 3.5: its
 * second wavefront's 2 with it), a lane alone one wavefront (c16_o 2 cycles a load under c16_b); an 8-byte
 * broadcast shared.bcast64 wavefronts, one, not its two phases (c8_b = c8_o). */
static void one_address_wide_loads(void **state)
{
    (void)state;
    const char *bcast = BCAST_V4;
    const char *one = "mov.u32 %r2, sh;\nsetp.eq.u32 %p1, %r1, 0;\nmov.u64 %rd8, %clock64;\n"
                      "@%p1 ld.shared.v4.u32 {%r3, %r4, %r5, %r6}, [%r2];\n"
                      "add.u32 %r7, %r3, %r6;\nst.volatile.shared.u32 [sh], %r7;\n";
    const char *b64 = "mov.u32 %r2, sh;\nmov.u64 %rd8, %clock64;\nld.shared.v2.u32 {%r3, %r4}, [%r2];\n"
                      "add.u32 %r7, %r3, %r4;\nst.volatile.shared.u32 [sh], %r7;\n";
    const char *p = "sreg.cga 0\nsreg.tid 0\nshared.wavefront 10\nshared.128 20\n";
    char on[256], off[256];
    snprintf(on, sizeof on, "%sshared.128_one 3\n", p);
    snprintf(off, sizeof off, "%sshared.128_one 0\n", p);
    assert_int_equal(region(bcast, off) - region(bcast, on), 20 - 3);
    assert_int_equal(region(bcast, on) - region(one, on), 10); /* the lane alone: one wavefront */
    assert_int_equal(region(bcast, off), region(one, off));    /* without the key: bcast128's two */
    snprintf(on, sizeof on, "%sshared.bcast64 1\n", p);
    snprintf(off, sizeof off, "%sshared.bcast64 0\n", p);
    assert_int_equal(region(b64, off) - region(b64, on), 10);
    /* sm_90: both on (lds28 h100e c16_o 401, warpsim 477 -> 413; c8_b 381, 409 -> 377) */
    assert_int_equal(region(bcast, "shared.128_one 0\n") - region(bcast, NULL), 2);
    assert_int_equal(region(b64, "shared.bcast64 0\n") - region(b64, NULL), 2);
}

/* A shuffle whose membermask is a register only ever set to 0xffffffff is the immediate's SHFL:
 * ptxas moves it like one (time_cub_warp_scan_inclusive_sum_int_w32.sass: SHFL.UP before the
 * S2UR of the statement before it). The add waiting for a global load does not hold it back. */
static void full_mask_register_reorders(void **state)
{
    (void)state;
    const char *reg = "mov.u32 %r9, -1;\nld.global.u32 %r6, [%rd1+64];\nmov.u64 %rd8, %clock64;\n"
                      "add.u32 %r7, %r6, 1;\nshfl.sync.bfly.b32 %r3, %r1, 1, 31, %r9;\nadd.u32 %r4, %r3, %r7;\n"
                      "st.volatile.shared.u32 [sh], %r4;\n";
    const char *imm = "ld.global.u32 %r6, [%rd1+64];\nmov.u64 %rd8, %clock64;\n"
                      "add.u32 %r7, %r6, 1;\nshfl.sync.bfly.b32 %r3, %r1, 1, 31, -1;\nadd.u32 %r4, %r3, %r7;\n"
                      "st.volatile.shared.u32 [sh], %r4;\n";
    uint64_t r = region(reg, "sreg.cga 0\n"), i = region(imm, "sreg.cga 0\n");
    assert_int_equal(r, i);
    assert_true(r + 15 < region(reg, "sreg.cga 0\nschedule 0\n"));
}

/* A shuffle reads an add's result shfl.feed later (5 cycles, not 4: bench_reduce_shfl.sass FADD
 * then SHFL.DOWN; 28 a step). Three steps of add + shuffle. */
static void shuffle_reads_add_late(void **state)
{
    (void)state;
    const char *body = "mov.u64 %rd8, %clock64;\n"
                       "add.u32 %r2, %r1, 1;\nshfl.sync.down.b32 %r3, %r2, 1, 31, -1;\n"
                       "add.u32 %r4, %r3, 1;\nshfl.sync.down.b32 %r5, %r4, 1, 31, -1;\n"
                       "add.u32 %r6, %r5, 1;\nshfl.sync.down.b32 %r7, %r6, 1, 31, -1;\n"
                       "st.volatile.shared.u32 [sh], %r7;\n";
    assert_int_equal(region(body, "sreg.cga 0\n") - region(body, "sreg.cga 0\nshfl.feed 0\n"), 3);
    assert_int_equal(region(body, "sreg.cga 0\nshfl.feed 5\n") - region(body, "sreg.cga 0\nshfl.feed 0\n"), 15);
}

/* The launch's dimensions come from the constant bank (ULDC c[0x0][0x4], c[0x0][0x0] in
 * time_cg_iscan_plus_tile32_int.sass): the block's first read misses in the immediate-constant
 * cache and the warp waits imc.miss; the second read (the same line) hits, and a read before the
 * region leaves nothing to wait for in it (probe_shfl_steps: thread_rank() 53-67 cycles). */
static void launch_dims_miss_once(void **state)
{
    (void)state;
    const char *two = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, %ntid.y;\nadd.u32 %r3, %r2, %r1;\n"
                      "mov.u32 %r4, %ntid.x;\nadd.u32 %r5, %r3, %r4;\nst.volatile.shared.u32 [sh], %r5;\n";
    const char *pre = "mov.u32 %r2, %ntid.y;\nmov.u64 %rd8, %clock64;\nadd.u32 %r3, %r2, %r1;\n"
                      "mov.u32 %r4, %ntid.x;\nadd.u32 %r5, %r3, %r4;\nst.volatile.shared.u32 [sh], %r5;\n";
    const char *z = "sreg.cga 0\nsreg.tid 0\nimc.miss 0\n"; /* %tid.x (the entry's S2R) ready at once */
    assert_int_equal(region(two, "sreg.cga 0\nsreg.tid 0\n") - region(two, z), 55);
    assert_int_equal(region(two, "sreg.cga 0\nsreg.tid 0\nimc.miss 80\n") - region(two, z), 80);
    assert_int_equal(region(pre, "sreg.cga 0\nsreg.tid 0\n"), region(pre, z));
}

/* bench_mio_w1's shuffle region as nvcc writes it: 64 shfl.sync.down of one value, eight xor
 * accumulators in turn, then their xor; a stretch of 143 instructions (8 movs, 64 shuffles, 71 xors)
 * between its clock reads. Its SASS has no break: the SHFLs issue back to back, 4 cycles apart,
 * with the LOP3s among them (bench_mio_w4.sass 0x2a80-0x3070), and the H200 takes 279-281 cycles for
 * such a region after a drain (probe_stq_ctx[8], [9], [19], [21]: SHFL.IDX and SHFL.DOWN x64). In
 * pieces of 128 instructions (72 + 71) the second piece's shuffles issue after the first piece's
 * last xor, which waits for its shuffle: a bubble of 21-25 cycles. schedule.piece 256 takes the
 * stretch whole: the shuffles' pipe, 63 x 4 cycles, the last one's latency and the xor. The accumulators
 * start from a register, as bench_mio_w1.ptx's (`mov.u32 %r194, %r193`): from 0, each one's first xor would be a copy
 * (fold.h), which no piece waits for. */
static uint64_t shuffle_region(const char *preset)
{
    static char ptx[16384];
    int n = snprintf(ptx, sizeof ptx,
                     ".version 8.0\n.target sm_90\n.address_size 64\n"
                     ".visible .entry k(.param .u64 o)\n{\n.reg .b32 %%r<32>;\n.reg .b64 %%rd<12>;\n"
                     ".reg .pred %%p<4>;\nld.param.u64 %%rd1, [o];\nmov.u32 %%r1, %%tid.x;\n"
                     "mov.u64 %%rd8, %%clock64;\n");
    for (int a = 0; a < 8; a++)
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "mov.u32 %%r%d, %%r1;\n", 16 + a);
    for (int i = 0; i < 64; i++)
        n += snprintf(ptx + n, sizeof ptx - (size_t)n,
                      "shfl.sync.down.b32 %%r%d, %%r1, %d, 31, -1;\nxor.b32 %%r%d, %%r%d, %%r%d;\n", 8 + i % 8, i % 32,
                      16 + i % 8, 16 + i % 8, 8 + i % 8);
    for (int a = 1; a < 8; a++)
        n += snprintf(ptx + n, sizeof ptx - (size_t)n, "xor.b32 %%r16, %%r16, %%r%d;\n", 16 + a);
    snprintf(ptx + n, sizeof ptx - (size_t)n,
             "mov.u64 %%rd9, %%clock64;\nsub.s64 %%rd10, %%rd9, %%rd8;\nsetp.ne.u32 %%p3, %%r1, 0;\n@%%p3 bra END;\n"
             "st.global.u64 [%%rd1], %%rd10;\nst.global.u32 [%%rd1+8], %%r16;\nEND:\nret;\n}\n");
    uint64_t out = 0;
    run_ptx(ptx, 32, &out, 1, WS_MODE_TIMING, preset);
    return out;
}

static void long_stretch_in_one_piece(void **state)
{
    (void)state;
    /* sreg.tid 0: the shuffles' value (%tid.x, the entry's S2R) is ready before the region */
    uint64_t cut = shuffle_region("sreg.tid 0\n"), whole = shuffle_region("sreg.tid 0\nschedule.piece 256\n");
    /* 286: the pipe's 252, the last shuffle's 24, its xor and the accumulators' (the H200: 279-281) */
    assert_true(whole >= 63 * 4 + 24 && whole <= 63 * 4 + 24 + 12);
    assert_true(cut >= whole + 16);                                          /* the cut's bubble */
    assert_int_equal(shuffle_region("sreg.tid 0\nschedule.piece 0\n"), cut); /* 0: 128 */
}

/* mov %tid.y is S2R SR_TID.Y: its value comes sreg.tid cycles later (probe_s2r_tid: 23). */
static void tid_is_s2r(void **state)
{
    (void)state;
    const char *body = "mov.u64 %rd8, %clock64;\nmov.u32 %r2, %tid.y;\nadd.u32 %r3, %r2, %r1;\n"
                       "st.volatile.shared.u32 [sh], %r3;\n";
    assert_int_equal(region(body, "sreg.cga 0\nsreg.tid 40\n") - region(body, "sreg.cga 0\n"), 17);
}

/* A 64-bit value packed from two 32-bit registers is their register pair: the pack costs nothing
 * (time_cg_reduce_plus_tile32_double.sass: SHFL R6, SHFL R7, DADD R6). A predicated f64 add is the
 * DADD and two FSELs, fp64.select later (time_cub_warp_reduce_sum_double_w32.sass). */
static void double_pack_and_select(void **state)
{
    (void)state;
    const char *pack = "mov.u64 %rd8, %clock64;\nadd.u32 %r2, %r1, 1;\nmov.b64 %rd2, {%r2, %r2};\n"
                       "add.f64 %rd3, %rd2, %rd2;\nst.volatile.shared.u64 [sh], %rd3;\n";
    const char *cvt = "mov.u64 %rd8, %clock64;\nadd.u32 %r2, %r1, 1;\ncvt.u64.u32 %rd2, %r2;\n"
                      "add.f64 %rd3, %rd2, %rd2;\nst.volatile.shared.u64 [sh], %rd3;\n";
    const char *z = "sreg.cga 0\nsreg.tid 0\n";
    assert_int_equal(region(pack, z), region(cvt, z));
    const char *sel = "setp.eq.u32 %p1, %r1, 3;\nmov.u64 %rd8, %clock64;\nadd.u32 %r2, %r1, 1;\n"
                      "cvt.u64.u32 %rd2, %r2;\n@%p1 add.f64 %rd2, %rd2, %rd2;\nst.volatile.shared.u64 [sh], %rd2;\n";
    assert_int_equal(region(sel, "sreg.cga 0\nsreg.tid 0\nfp64.select 16\n") - region(sel, z), 10);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(shared_address_waits_for_the_base),
        cmocka_unit_test(shared_base_once_per_sass_block),
        cmocka_unit_test(cga_stretches),
        cmocka_unit_test(cga_ifconv_max),
        cmocka_unit_test(cga_stretches_take_any_predicated_shape),
        cmocka_unit_test(divergent_body_rejoins),
        cmocka_unit_test(base_by_s2r_where_uniform_cannot),
        cmocka_unit_test(clock_read_waits_for_the_base),
        cmocka_unit_test(cga_clock_key_gates_the_mark),
        cmocka_unit_test(remat_reads_the_base_again),
        cmocka_unit_test(adds_pair_into_iadd3),
        cmocka_unit_test(reload_is_the_register),
        cmocka_unit_test(match_check_overlaps),
        cmocka_unit_test(xor_chain_of_shuffles_is_a_tree),
        cmocka_unit_test(shfl_idx_immediate_lane_is_down),
        cmocka_unit_test(redux_copy_ends_its_block),
        cmocka_unit_test(redux_holds_the_warp),
        cmocka_unit_test(broadcast_v4_load_two_wavefronts),
        cmocka_unit_test(one_address_wide_loads),
        cmocka_unit_test(full_mask_register_reorders),
        cmocka_unit_test(shuffle_reads_add_late),
        cmocka_unit_test(launch_dims_miss_once),
        cmocka_unit_test(tid_is_s2r),
        cmocka_unit_test(double_pack_and_select),
        cmocka_unit_test(guarded_s2r_waits_for_its_predicate),
        cmocka_unit_test(setp_after_barrier_is_hoisted),
        cmocka_unit_test(exposed_match_check),
        cmocka_unit_test(long_stretch_in_one_piece),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
