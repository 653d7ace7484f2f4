/* test_warp.c: the warp-level instructions on a full warp and under divergence: shfl.sync
 * (four modes, register and immediate b/c, the predicate, 64-bit values, partial execution,
 * merged shuffles), vote.sync, activemask, match.sync, redux.sync, bar.warp.sync and the
 * membermask diagnostics.
 *
 * The behaviours of undefined cases are the H200's, from ../shared/HARDWARE-NOTES.md
 * ("Measured on one NVIDIA H200 (sm_90, driver 580.159.04, CUDA 13.0), 2026-11-29"); each
 * test quotes the fact it checks. Inputs identify their lane: V(l) = 0xa000 0000 | l << 8 | l. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "sim_harness.h"

static uint32_t V(unsigned l) { return 0xa0000000u | l << 8 | l; }

static void lane_values(uint32_t in[32])
{
    for (unsigned l = 0; l < 32; l++)
        in[l] = V(l);
}

/* Run body with in = V(lane), in2 = in2 (or zeros); expect WS_OK. */
static void run(wsh_run *r, const char *body, const uint32_t *in2)
{
    static uint32_t in[32];
    lane_values(in);
    wsh_opts o = {.in = in, .in2 = in2};
    wsh_body(r, body, &o);
    WSH_EXPECT_OK(r);
}

/* Expect out = V(src[l]) (or own[l] when src is -1) and out2 = p[l]. */
static void expect_shfl(const char *what, const wsh_run *r, const int src[32], const uint32_t p[32])
{
    uint32_t want[32];
    char label[128];
    for (unsigned l = 0; l < 32; l++)
        want[l] = V((unsigned)src[l]);
    snprintf(label, sizeof label, "%s: value (V(source lane))", what);
    WSH_CHECK(label, r->out, want, 32);
    if (p) {
        snprintf(label, sizeof label, "%s: predicate", what);
        WSH_CHECK(label, r->out2, p, 32);
    }
}

/* ---- shfl.sync: four modes, immediate and register operands -------------------------------------- */
static void test_shfl_modes_full_warp(void **state)
{
    (void)state;
    wsh_run r;
    int src[32];
    uint32_t p[32];
    /* up 3, immediate b and c (c = 0: width 32) */
    run(&r, "shfl.sync.up.b32 %r2|%p1, %r1, 3, 0, -1;\nselp.u32 %r3, 1, 0, %p1;", NULL);
    for (int l = 0; l < 32; l++) {
        src[l] = l >= 3 ? l - 3 : l;
        p[l] = l >= 3;
    }
    expect_shfl("shfl.sync.up 3", &r, src, p);
    wsh_free(&r);
    /* down 5 with b, c and the membermask in registers */
    run(&r, "mov.u32 %r5, 5;\nmov.u32 %r6, 31;\nmov.u32 %r7, -1;\nshfl.sync.down.b32 %r2|%p1, %r1, %r5, %r6, %r7;\n"
            "selp.u32 %r3, 1, 0, %p1;",
        NULL);
    for (int l = 0; l < 32; l++) {
        src[l] = l + 5 <= 31 ? l + 5 : l;
        p[l] = l + 5 <= 31;
    }
    expect_shfl("shfl.sync.down 5 (registers)", &r, src, p);
    wsh_free(&r);
    /* bfly with a per-lane b (b is read per destination lane): b = in2[lane] */
    uint32_t b[32];
    for (int l = 0; l < 32; l++)
        b[l] = (uint32_t)(l * 7 + 3) & 31;
    run(&r, "shfl.sync.bfly.b32 %r2|%p1, %r1, %r4, 0x1f, 0xffffffff;\nselp.u32 %r3, 1, 0, %p1;", b);
    for (int l = 0; l < 32; l++) {
        src[l] = l ^ (int)b[l];
        p[l] = 1;
    }
    expect_shfl("shfl.sync.bfly per-lane b", &r, src, p);
    wsh_free(&r);
    /* idx: every lane reads lane 31 - lane (register b), and immediate idx 17 at width 16 */
    run(&r, "sub.u32 %r5, 31, %r0;\nshfl.sync.idx.b32 %r2|%p1, %r1, %r5, 31, -1;\nselp.u32 %r3, 1, 0, %p1;", NULL);
    for (int l = 0; l < 32; l++) {
        src[l] = 31 - l;
        p[l] = 1;
    }
    expect_shfl("shfl.sync.idx 31-lane", &r, src, p);
    wsh_free(&r);
    /* seed 002 §1.1 / HARDWARE-NOTES.md: __shfl_sync(w=16, 17) reads segbase + 1 */
    run(&r, "shfl.sync.idx.b32 %r2|%p1, %r1, 17, 0x101f, -1;\nselp.u32 %r3, 1, 0, %p1;", NULL);
    for (int l = 0; l < 32; l++) {
        src[l] = (l & 16) + 1;
        p[l] = 1;
    }
    expect_shfl("shfl.sync.idx 17 width 16", &r, src, p);
    wsh_free(&r);
    /* HARDWARE-NOTES.md: __shfl_xor_sync(w=16, 17): lanes 0-15 keep their value (p = 0),
     * lane k >= 16 reads k ^ 17 */
    run(&r, "shfl.sync.bfly.b32 %r2|%p1, %r1, 17, 0x101f, -1;\nselp.u32 %r3, 1, 0, %p1;", NULL);
    for (int l = 0; l < 32; l++) {
        src[l] = l < 16 ? l : l ^ 17;
        p[l] = l >= 16;
    }
    expect_shfl("shfl.sync.bfly 17 width 16", &r, src, p);
    wsh_free(&r);
    /* HARDWARE-NOTES.md: up b=5 c=0x1c05 has p = 0 on every lane (each keeps its value) */
    run(&r, "shfl.sync.up.b32 %r2|%p1, %r1, 5, 0x1c05, -1;\nselp.u32 %r3, 1, 0, %p1;", NULL);
    for (int l = 0; l < 32; l++) {
        src[l] = l;
        p[l] = 0;
    }
    expect_shfl("shfl.sync.up 5 c=0x1c05", &r, src, p);
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
}

/* 64-bit values move as two 32-bit shuffles with the same b and c (HARDWARE-NOTES.md) */
static void test_shfl_64bit(void **state)
{
    (void)state;
    wsh_run r;
    /* v = (in2 << 32) | in; shuffled down by 3 at width 8 (c = 0x181f) */
    uint32_t hi[32];
    for (unsigned l = 0; l < 32; l++)
        hi[l] = 0x5000000u + l * 0x11111u;
    run(&r,
        "mov.b64 %rd20, {%r1, %r4};\nmov.b64 {%r10, %r11}, %rd20;\n"
        "shfl.sync.down.b32 %r12, %r10, 3, 0x181f, -1;\nshfl.sync.down.b32 %r13, %r11, 3, 0x181f, -1;\n"
        "mov.b64 %rd21, {%r12, %r13};\nmov.b64 {%r2, %r3}, %rd21;",
        hi);
    uint32_t wlo[32], whi[32];
    for (unsigned l = 0; l < 32; l++) {
        unsigned s = (l % 8) + 3 <= 7 ? l + 3 : l;
        wlo[l] = V(s);
        whi[l] = hi[s];
    }
    WSH_CHECK("64-bit shuffle low word", r.out, wlo, 32);
    WSH_CHECK("64-bit shuffle high word", r.out2, whi, 32);
    wsh_free(&r);
}

/* ---- partial execution ----------------------------------------------------------------------- */
/* HARDWARE-NOTES.md: "A lane whose source lane did not execute this shuffle (other branch,
 * exited, guard predicate false) reads 0, while its predicate output still follows the formula
 * (p can be 1 with data 0)." and "A lane that does not execute the shuffle keeps its
 * destination register unchanged." */
static void test_shfl_partial_execution(void **state)
{
    (void)state;
    wsh_run r;
    /* if (lane < 16) shfl.down 8, full mask */
    run(&r,
        "or.b32 %r2, %r0, 0xdead0000;\n"        /* +0: the destination's old value */
        "mov.u32 %r3, 7;\n"                      /* +1 */
        "setp.ge.u32 %p1, %r0, 16;\n"            /* +2 */
        "@%p1 bra $Lskip;\n"                     /* +3 */
        "shfl.sync.down.b32 %r2|%p2, %r1, 8, 31, -1;\n" /* +4 */
        "selp.u32 %r3, 1, 0, %p2;\n"
        "$Lskip:",
        NULL);
    uint32_t w2[32], w3[32];
    for (unsigned l = 0; l < 32; l++) {
        if (l < 8) {
            w2[l] = V(l + 8); /* source 8..15 executed */
            w3[l] = 1;
        } else if (l < 16) {
            w2[l] = 0; /* source 16..23 did not execute: 0, p = 1 */
            w3[l] = 1;
        } else {
            w2[l] = 0xdead0000u | l; /* did not execute: unchanged */
            w3[l] = 7;
        }
    }
    WSH_CHECK("if (lane < 16) shfl.down 8: value", r.out, w2, 32);
    WSH_CHECK("if (lane < 16) shfl.down 8: predicate", r.out2, w3, 32);
    const ws_diag *d = WSH_EXPECT_DIAG(&r, WS_DIAG_SRC_NOT_EXECUTING, WSH_BODY_LINE + 4, 0x0000ff00u);
    assert_non_null(strstr(d->message, "0x0000ff00"));
    wsh_free(&r);

    /* guard predicate false on odd lanes: even lanes read lane + 1 (odd, not executing) = 0 */
    run(&r,
        "or.b32 %r2, %r0, 0xbeef0000;\nand.b32 %r5, %r0, 1;\nsetp.eq.u32 %p1, %r5, 0;\n"
        "@%p1 shfl.sync.down.b32 %r2|%p2, %r1, 1, 31, -1;\n"
        "@%p1 shfl.sync.down.b32 %r3, %r1, 2, 31, -1;",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = (l & 1) ? 0xbeef0000u | l : (l == 31 ? V(l) : 0);
        w3[l] = (l & 1) ? 0 : (l + 2 <= 31 ? V(l + 2) : V(l)); /* even sources executed */
    }
    WSH_CHECK("@even shfl.down 1 (odd sources)", r.out, w2, 32);
    WSH_CHECK("@even shfl.down 2 (even sources)", r.out2, w3, 32);
    WSH_EXPECT_DIAG(&r, WS_DIAG_SRC_NOT_EXECUTING, WSH_BODY_LINE + 3, 0x55555555u & 0x7fffffffu);
    wsh_free(&r);

    /* lanes >= 24 exited before a full-mask shuffle: lanes 20-23 read 0; it does not hang */
    run(&r,
        "setp.ge.u32 %p1, %r0, 24;\n@%p1 ret;\n"
        "shfl.sync.down.b32 %r2|%p2, %r1, 4, 31, -1;\nselp.u32 %r3, 1, 0, %p2;",
        NULL);
    for (unsigned l = 0; l < 24; l++) {
        w2[l] = l < 20 ? V(l + 4) : 0;
        w3[l] = 1;
    }
    WSH_CHECK("shfl.down 4 after lanes >= 24 exited", r.out, w2, 24);
    WSH_CHECK("shfl.down 4 after lanes >= 24 exited: p", r.out2, w3, 24);
    for (unsigned l = 24; l < 32; l++)
        assert_int_equal(r.out[l], 0); /* exited: never stored */
    WSH_EXPECT_DIAG(&r, WS_DIAG_SRC_NOT_EXECUTING, WSH_BODY_LINE + 2, 0x00f00000u);
    wsh_free(&r);
}

/* --poison-undefined: the reads the H200 answers with 0 (source lane did not execute) give
 * WS_POISON instead, in the per-lane path and in the full-warp one; defined reads are unchanged */
static void test_shfl_poison_undefined(void **state)
{
    (void)state;
    static uint32_t in[32];
    lane_values(in);
    wsh_opts o = {.in = in, .poison_undefined = true};
    wsh_run r;
    wsh_body(&r,
             "and.b32 %r5, %r0, 1;\nsetp.eq.u32 %p1, %r5, 0;\n"
             "@%p1 shfl.sync.down.b32 %r2, %r1, 1, 31, 0x55555555;\n" /* odd sources: undefined */
             "shfl.sync.down.b32 %r3, %r1, 1, 31, -1;",                /* all execute: defined */
             &o);
    WSH_EXPECT_OK(&r);
    uint32_t w2[32], w3[32];
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = (l & 1) ? 0 : WS_POISON; /* odd lanes never write %r2 */
        w3[l] = l < 31 ? V(l + 1) : V(l);
    }
    WSH_CHECK("@even shfl.down 1, poisoned", r.out, w2, 32);
    WSH_CHECK("full-warp shfl.down 1 under poison", r.out2, w3, 32);
    WSH_EXPECT_DIAG(&r, WS_DIAG_SRC_NOT_EXECUTING, WSH_BODY_LINE + 2, 0x55555555u & 0x7fffffffu);
    wsh_free(&r);
}

/* HARDWARE-NOTES.md: "Two different full-mask shfl.sync instructions on the two sides of an
 * if/else were merged into one collective shuffle: each lane used its own instruction's b and c
 * and read the other side's operand." */
static void test_shfl_merged_if_else(void **state)
{
    (void)state;
    wsh_run r;
    run(&r,
        "and.b32 %r5, %r0, 1;\nsetp.eq.u32 %p1, %r5, 0;\n@%p1 bra $Leven;\n"
        "add.u32 %r6, %r1, 1000;\n"
        "shfl.sync.down.b32 %r2|%p2, %r6, 1, 31, -1;\n" /* odd lanes: down 1, operand V + 1000 */
        "bra $Ljoin;\n"
        "$Leven:\n"
        "shfl.sync.up.b32 %r2|%p2, %r1, 1, 0, -1;\n" /* even lanes: up 1, operand V */
        "$Ljoin:\n"
        "selp.u32 %r3, 1, 0, %p2;",
        NULL);
    uint32_t w2[32], w3[32];
    for (unsigned l = 0; l < 32; l++) {
        if (l & 1) { /* down 1 reads the even lane l + 1, whose operand is V(l + 1) */
            w2[l] = l == 31 ? V(31) + 1000 : V(l + 1);
            w3[l] = l != 31;
        } else { /* up 1 reads the odd lane l - 1, whose operand is V(l - 1) + 1000 */
            w2[l] = l == 0 ? V(0) : V(l - 1) + 1000;
            w3[l] = l != 0;
        }
    }
    WSH_CHECK("merged if/else shuffle: values", r.out, w2, 32);
    WSH_CHECK("merged if/else shuffle: predicates", r.out2, w3, 32);
    assert_null(wsh_diag(&r, WS_DIAG_SRC_NOT_EXECUTING));
    assert_null(wsh_diag(&r, WS_DIAG_MASK_NEVER_ARRIVED));
    assert_int_equal(r.res.stats.shfl, 1); /* one collective */
    wsh_free(&r);
}

/* ---- vote.sync ----------------------------------------------------------------------------------- */
/* HARDWARE-NOTES.md: "vote (all, any, uni, ballot), match (any, all), redux and activemask count
 * exactly the lanes that execute ... ballot over a full mask executed by 10 lanes sets only
 * those lanes' bits." */
static void test_vote(void **state)
{
    (void)state;
    wsh_run r;
    uint32_t w2[32], w3[32];
    /* full warp, predicate = lane is even */
    run(&r,
        "and.b32 %r5, %r0, 1;\nsetp.eq.u32 %p1, %r5, 0;\n"
        "vote.sync.ballot.b32 %r2, %p1, -1;\n"
        "vote.sync.all.pred %p2, %p1, -1;\nvote.sync.any.pred %p3, %p1, -1;\nvote.sync.uni.pred %p4, %p1, -1;\n"
        "vote.sync.all.pred %p5, %p1, 0xffffffff;\nvote.sync.any.pred %p6, !%p1, -1;\n"
        "selp.u32 %r3, 1, 0, %p2;\nselp.u32 %r6, 2, 0, %p3;\nor.b32 %r3, %r3, %r6;\nselp.u32 %r6, 4, 0, %p4;\n"
        "or.b32 %r3, %r3, %r6;\nselp.u32 %r6, 8, 0, %p6;\nor.b32 %r3, %r3, %r6;",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = 0x55555555u;
        w3[l] = 0 | 2 | 0 | 8; /* all false, any true, uni false, any(!p) true */
    }
    WSH_CHECK("vote.ballot (even lanes)", r.out, w2, 32);
    WSH_CHECK("vote.all/any/uni bits", r.out2, w3, 32);
    wsh_free(&r);
    /* 10 lanes execute a full-mask vote with predicate true: ballot sets only their bits, all
     * and uni are true over the executing lanes */
    run(&r,
        "setp.ge.u32 %p1, %r0, 10;\n@%p1 bra $Lout;\nsetp.ne.u32 %p2, %r0, 99;\n"
        "vote.sync.ballot.b32 %r2, %p2, -1;\n"
        "vote.sync.all.pred %p3, %p2, -1;\nvote.sync.uni.pred %p4, %p2, -1;\n"
        "setp.lt.u32 %p5, %r0, 3;\nvote.sync.ballot.b32 %r6, %p5, -1;\nvote.sync.all.pred %p6, %p5, -1;\n"
        "selp.u32 %r3, 1, 0, %p3;\nselp.u32 %r7, 2, 0, %p4;\nor.b32 %r3, %r3, %r7;\n"
        "selp.u32 %r7, 4, 0, %p6;\nor.b32 %r3, %r3, %r7;\nshl.b32 %r6, %r6, 8;\nor.b32 %r3, %r3, %r6;\n"
        "$Lout:",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = l < 10 ? 0x3ffu : 0;
        w3[l] = l < 10 ? (1 | 2 | 0 | (0x7u << 8)) : 0;
    }
    WSH_CHECK("vote.ballot by 10 lanes", r.out, w2, 32);
    WSH_CHECK("vote.all/uni by 10 lanes", r.out2, w3, 32);
    wsh_free(&r);
}

/* ---- activemask ------------------------------------------------------------------------------------ */
/* HARDWARE-NOTES.md: "__activemask() returned the exact set of active lanes in every case
 * tried: parity branches, lane < 10, nested branches, loops with lane-dependent trip counts,
 * after lanes >= 24 exited." */
static void test_activemask(void **state)
{
    (void)state;
    wsh_run r;
    uint32_t w2[32], w3[32];
    /* parity branches (r2) and lane < 10 (r3) */
    run(&r,
        "and.b32 %r5, %r0, 1;\nsetp.eq.u32 %p1, %r5, 0;\n@%p1 bra $Leven;\nactivemask.b32 %r2;\nbra $Lj;\n"
        "$Leven:\nactivemask.b32 %r2;\n$Lj:\n"
        "setp.lt.u32 %p2, %r0, 10;\n@!%p2 bra $Lk;\nactivemask.b32 %r3;\n$Lk:",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = (l & 1) ? 0xaaaaaaaau : 0x55555555u;
        w3[l] = l < 10 ? 0x3ffu : 0;
    }
    WSH_CHECK("activemask in parity branches", r.out, w2, 32);
    WSH_CHECK("activemask for lane < 10", r.out2, w3, 32);
    wsh_free(&r);
    /* nested: lane < 16, then lane odd; and after the inner branch, the outer set again */
    run(&r,
        "setp.ge.u32 %p1, %r0, 16;\n@%p1 bra $Lout;\nand.b32 %r5, %r0, 1;\nsetp.eq.u32 %p2, %r5, 0;\n@%p2 bra $Lin;\n"
        "activemask.b32 %r2;\n$Lin:\nactivemask.b32 %r3;\n$Lout:",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = (l < 16 && (l & 1)) ? 0x0000aaaau : 0;
        w3[l] = l < 16 ? 0x0000ffffu : 0;
    }
    WSH_CHECK("activemask nested (lane < 16 && odd)", r.out, w2, 32);
    WSH_CHECK("activemask after the inner branch", r.out2, w3, 32);
    wsh_free(&r);
    /* a loop running lane % 5 + 1 times: r2 = sum of the masks seen, r3 = xor of them */
    run(&r,
        "rem.u32 %r5, %r0, 5;\nadd.u32 %r5, %r5, 1;\nmov.u32 %r6, 0;\n"
        "$Lloop:\nactivemask.b32 %r7;\nadd.u32 %r2, %r2, %r7;\nshl.b32 %r8, %r7, %r6;\nxor.b32 %r3, %r3, %r8;\n"
        "add.u32 %r6, %r6, 1;\nsetp.lt.u32 %p1, %r6, %r5;\n@%p1 bra $Lloop;",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        uint32_t sum = 0, x = 0;
        for (unsigned i = 0; i < l % 5 + 1; i++) {
            uint32_t m = 0;
            for (unsigned k = 0; k < 32; k++)
                if (k % 5 + 1 > i)
                    m |= 1u << k;
            sum += m;
            x ^= m << i;
        }
        w2[l] = sum;
        w3[l] = x;
    }
    WSH_CHECK("activemask in a loop (sum)", r.out, w2, 32);
    WSH_CHECK("activemask in a loop (xor by iteration)", r.out2, w3, 32);
    wsh_free(&r);
    /* after lanes >= 24 exited */
    run(&r, "setp.ge.u32 %p1, %r0, 24;\n@%p1 ret;\nactivemask.b32 %r2;", NULL);
    for (unsigned l = 0; l < 32; l++)
        w2[l] = l < 24 ? 0x00ffffffu : 0;
    WSH_CHECK("activemask after lanes >= 24 exited", r.out, w2, 32);
    wsh_free(&r);
}

/* ---- match.sync ------------------------------------------------------------------------------------ */
static void test_match(void **state)
{
    (void)state;
    wsh_run r;
    uint32_t w2[32], w3[32];
    /* match.any.b32 on lane / 4; match.all.b32 on lane / 4 (not all equal: d = 0, p = 0) */
    run(&r,
        "shr.u32 %r5, %r0, 2;\nmatch.any.sync.b32 %r2, %r5, -1;\nmatch.all.sync.b32 %r6|%p1, %r5, -1;\n"
        "selp.u32 %r7, 1, 0, %p1;\nadd.u32 %r3, %r6, %r7;",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = 0xfu << (4 * (l / 4));
        w3[l] = 0;
    }
    WSH_CHECK("match.any.b32 (lane / 4)", r.out, w2, 32);
    WSH_CHECK("match.all.b32 not all equal: d = 0, p = 0", r.out2, w3, 32);
    wsh_free(&r);
    /* match.all with equal values over 10 executing lanes: d = executing mask, p = 1 */
    run(&r,
        "setp.ge.u32 %p1, %r0, 10;\n@%p1 bra $Lout;\nmov.u32 %r5, 77;\nmatch.all.sync.b32 %r2|%p2, %r5, -1;\n"
        "selp.u32 %r3, 1, 0, %p2;\n$Lout:",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = l < 10 ? 0x3ffu : 0;
        w3[l] = l < 10;
    }
    WSH_CHECK("match.all by 10 lanes: the executing mask", r.out, w2, 32);
    WSH_CHECK("match.all by 10 lanes: p", r.out2, w3, 32);
    wsh_free(&r);
    /* HARDWARE-NOTES.md: "match.any.b64 compares all 64 bits": equal low words, high words
     * lane / 8, low words lane & 1 */
    run(&r,
        "and.b32 %r5, %r0, 1;\nshr.u32 %r6, %r0, 3;\nmov.b64 %rd20, {%r5, %r6};\nmatch.any.sync.b64 %r2, %rd20, -1;\n"
        "mov.b64 %rd21, {%r5, %r0};\nmatch.any.sync.b64 %r3, %rd21, -1;",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = ((l & 1) ? 0xaau : 0x55u) << (8 * (l / 8));
        w3[l] = 1u << l; /* the high words all differ */
    }
    WSH_CHECK("match.any.b64 (lane/8, lane&1)", r.out, w2, 32);
    WSH_CHECK("match.any.b64 differing high words", r.out2, w3, 32);
    wsh_free(&r);
    /* match.all.b64 over all-equal 64-bit values: the full mask and p = 1 */
    run(&r, "mov.u64 %rd20, 0x123456789;\nmatch.all.sync.b64 %r2|%p1, %rd20, -1;\nselp.u32 %r3, 1, 0, %p1;", NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = 0xffffffffu;
        w3[l] = 1;
    }
    WSH_CHECK("match.all.b64 all equal", r.out, w2, 32);
    WSH_CHECK("match.all.b64 all equal: p", r.out2, w3, 32);
    wsh_free(&r);
}

/* ---- redux.sync -------------------------------------------------------------------------------------- */
static void test_redux(void **state)
{
    (void)state;
    wsh_run r;
    uint32_t w2[32], w3[32];
    /* HARDWARE-NOTES.md: "redux.sync.add wraps modulo 2^32 for .u32 and .s32
     * (32 x 0x7fffffff = 0xffffffe0)" */
    run(&r, "mov.u32 %r5, 0x7fffffff;\nredux.sync.add.u32 %r2, %r5, -1;\nredux.sync.add.s32 %r3, %r5, -1;", NULL);
    for (unsigned l = 0; l < 32; l++)
        w2[l] = w3[l] = 0xffffffe0u;
    WSH_CHECK("redux.add.u32 32 x 0x7fffffff", r.out, w2, 32);
    WSH_CHECK("redux.add.s32 32 x 0x7fffffff", r.out2, w3, 32);
    wsh_free(&r);
    /* min/max signed vs unsigned over v = lane - 16 */
    run(&r, "sub.s32 %r5, %r0, 16;\nredux.sync.min.s32 %r2, %r5, -1;\nredux.sync.min.u32 %r3, %r5, -1;", NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = (uint32_t)-16;
        w3[l] = 0; /* unsigned: lane 16's 0 */
    }
    WSH_CHECK("redux.min.s32", r.out, w2, 32);
    WSH_CHECK("redux.min.u32", r.out2, w3, 32);
    wsh_free(&r);
    run(&r, "sub.s32 %r5, %r0, 16;\nredux.sync.max.s32 %r2, %r5, -1;\nredux.sync.max.u32 %r3, %r5, -1;", NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = 15;
        w3[l] = (uint32_t)-1; /* lane 15's -1 */
    }
    WSH_CHECK("redux.max.s32", r.out, w2, 32);
    WSH_CHECK("redux.max.u32", r.out2, w3, 32);
    wsh_free(&r);
    /* and/or/xor over V(lane) */
    run(&r, "redux.sync.and.b32 %r2, %r1, -1;\nredux.sync.or.b32 %r3, %r1, -1;", NULL);
    uint32_t a = ~0u, o = 0, x = 0;
    for (unsigned l = 0; l < 32; l++) {
        a &= V(l);
        o |= V(l);
        x ^= V(l);
    }
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = a;
        w3[l] = o;
    }
    WSH_CHECK("redux.and.b32", r.out, w2, 32);
    WSH_CHECK("redux.or.b32", r.out2, w3, 32);
    wsh_free(&r);
    /* xor, and add over only the lanes that execute (lane < 10: 0 + ... + 9 = 45) */
    run(&r, "redux.sync.xor.b32 %r2, %r1, -1;\nsetp.ge.u32 %p1, %r0, 10;\n@%p1 bra $Lout;\nredux.sync.add.u32 %r3, %r0, -1;\n$Lout:",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = x;
        w3[l] = l < 10 ? 45 : 0;
    }
    WSH_CHECK("redux.xor.b32", r.out, w2, 32);
    WSH_CHECK("redux.add by 10 lanes", r.out2, w3, 32);
    wsh_free(&r);
}

/* ---- membermask diagnostics, bar.warp.sync ---------------------------------------------------- */
static void test_not_in_membermask(void **state)
{
    (void)state;
    wsh_run r;
    /* the whole warp executes a shuffle whose membermask is the lower half: lanes 16-31 are not
     * in it. Undefined; the H200 runs them as if they were (HARDWARE-NOTES.md: "A membermask
     * that excludes lanes which do execute changes nothing"). */
    run(&r, "shfl.sync.idx.b32 %r2, %r1, 0, 31, 0x0000ffff;", NULL);
    uint32_t w2[32];
    for (unsigned l = 0; l < 32; l++)
        w2[l] = V(0);
    WSH_CHECK("shfl with a half membermask", r.out, w2, 32);
    const ws_diag *d = WSH_EXPECT_DIAG(&r, WS_DIAG_NOT_IN_MEMBERMASK, WSH_BODY_LINE, 0xffff0000u);
    assert_non_null(strstr(d->message, "0x0000ffff"));
    wsh_free(&r);
    /* vote too */
    run(&r, "setp.ne.u32 %p1, %r0, 99;\nvote.sync.ballot.b32 %r2, %p1, 0xff;", NULL);
    for (unsigned l = 0; l < 32; l++)
        w2[l] = 0xffffffffu;
    WSH_CHECK("vote.ballot with membermask 0xff", r.out, w2, 32);
    WSH_EXPECT_DIAG(&r, WS_DIAG_NOT_IN_MEMBERMASK, WSH_BODY_LINE + 1, 0xffffff00u);
    wsh_free(&r);
}

/* Per-lane membermasks, as CUB's logical warps and cooperative_groups tiles pass them: the H200
 * splits the executing lanes by the mask they name and each group runs the collective alone
 * (programs/probe_lanemask, tests/golden/probe_lanemask.json, H200, driver 580.159.04,
 * 2026-12-01). Correct code: no diagnostic. */
static void test_per_lane_membermasks(void **state)
{
    (void)state;
    wsh_run r;
    uint32_t w2[32], w3[32];
    /* each half-warp names its own half: redux.add of the lane ids, ballot of odd lanes */
    run(&r,
        "setp.lt.u32 %p1, %r0, 16;\n"
        "selp.b32 %r4, 0x0000ffff, 0xffff0000, %p1;\n"
        "and.b32 %r5, %r0, 1;\n"
        "setp.eq.u32 %p2, %r5, 1;\n"
        "redux.sync.add.u32 %r2, %r0, %r4;\n"
        "vote.sync.ballot.b32 %r3, %p2, %r4;",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = l < 16 ? 120 : 376;
        w3[l] = l < 16 ? 0x0000aaaau : 0xaaaa0000u;
    }
    WSH_CHECK("redux.add, each half-warp its own mask", r.out, w2, 32);
    WSH_CHECK("vote.ballot, each half-warp its own mask", r.out2, w3, 32);
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
    /* quarter-warps: match.any of the lane's parity, and a shuffle inside the quarter */
    run(&r,
        "and.b32 %r4, %r0, 24;\n"
        "shl.b32 %r4, 255, %r4;\n"
        "and.b32 %r5, %r0, 1;\n"
        "match.any.sync.b32 %r2, %r5, %r4;\n"
        "shfl.sync.idx.b32 %r3, %r1, 0, 0x181f, %r4;",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = (l & 1 ? 0xaau : 0x55u) << (l & 24);
        w3[l] = V(l & 24);
    }
    WSH_CHECK("match.any, each quarter-warp its own mask", r.out, w2, 32);
    WSH_CHECK("shfl.idx 0 width 8, each quarter-warp its own mask", r.out2, w3, 32);
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
    /* overlapping masks (undefined): lanes 0-15 name the whole warp, lanes 16-31 their half; the
     * H200 ran each distinct mask as its own group (probe_lanemask_odd case 0) */
    run(&r,
        "setp.lt.u32 %p1, %r0, 16;\n"
        "selp.b32 %r4, -1, 0xffff0000, %p1;\n"
        "redux.sync.add.u32 %r2, %r0, %r4;",
        NULL);
    for (unsigned l = 0; l < 32; l++)
        w2[l] = l < 16 ? 120 : 376;
    WSH_CHECK("redux.add with overlapping masks", r.out, w2, 32);
    WSH_EXPECT_DIAG(&r, WS_DIAG_MASK_MISMATCH, WSH_BODY_LINE + 2, 0x0000ffffu);
    wsh_free(&r);
    /* a shuffle reading a lane of another group (undefined) reads 0 and is reported */
    run(&r,
        "setp.lt.u32 %p1, %r0, 16;\n"
        "selp.b32 %r4, 0x0000ffff, 0xffff0000, %p1;\n"
        "redux.sync.add.u32 %r3, %r0, %r4;\n"
        "shfl.sync.bfly.b32 %r2, %r1, 16, 31, %r4;",
        NULL);
    for (unsigned l = 0; l < 32; l++)
        w2[l] = 0;
    WSH_CHECK("shfl.bfly 16 across per-lane mask groups", r.out, w2, 32);
    WSH_EXPECT_DIAG(&r, WS_DIAG_SRC_OUTSIDE_MASK, WSH_BODY_LINE + 3, 0xffffffffu);
    wsh_free(&r);
}

static void test_bar_warp_sync(void **state)
{
    (void)state;
    wsh_run r;
    uint32_t w2[32], w3[32];
    /* exchange through shared memory guarded by bar.warp.sync: full mask, then per half-warp
     * masks in the two branches of an if/else */
    run(&r,
        "mov.u32 %r5, sh;\nshl.b32 %r6, %r0, 2;\nadd.u32 %r7, %r5, %r6;\nst.shared.u32 [%r7], %r1;\n"
        "bar.warp.sync -1;\n"
        "xor.b32 %r8, %r0, 31;\nshl.b32 %r8, %r8, 2;\nadd.u32 %r8, %r5, %r8;\nld.shared.u32 %r2, [%r8];\n"
        "setp.lt.u32 %p1, %r0, 16;\n@!%p1 bra $Lhi;\n"
        "st.shared.u32 [%r7+128], %r0;\nbar.warp.sync 0x0000ffff;\nxor.b32 %r9, %r6, 60;\nadd.u32 %r9, %r5, %r9;\n"
        "ld.shared.u32 %r3, [%r9+128];\nbra $Lj;\n"
        "$Lhi:\nst.shared.u32 [%r7+128], %r0;\nbar.warp.sync 0xffff0000;\nxor.b32 %r9, %r6, 60;\nadd.u32 %r9, %r5, %r9;\n"
        "ld.shared.u32 %r3, [%r9+128];\n$Lj:",
        NULL);
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = V(l ^ 31);
        w3[l] = l ^ 15;
    }
    WSH_CHECK("bar.warp.sync -1 exchange", r.out, w2, 32);
    WSH_CHECK("bar.warp.sync per half-warp exchange", r.out2, w3, 32);
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_shfl_modes_full_warp),
        cmocka_unit_test(test_shfl_64bit),
        cmocka_unit_test(test_shfl_partial_execution),
        cmocka_unit_test(test_shfl_poison_undefined),
        cmocka_unit_test(test_shfl_merged_if_else),
        cmocka_unit_test(test_vote),
        cmocka_unit_test(test_activemask),
        cmocka_unit_test(test_match),
        cmocka_unit_test(test_redux),
        cmocka_unit_test(test_not_in_membermask),
        cmocka_unit_test(test_per_lane_membermasks),
        cmocka_unit_test(test_bar_warp_sync),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
