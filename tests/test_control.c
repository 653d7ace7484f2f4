/* test_control.c: divergence and reconvergence, block barriers, multi-dimensional blocks,
 * grids, exits before barriers, and undefined programs that must finish with a diagnostic
 * instead of hanging.
 *
 * After every divergent region a full-warp collective (shfl.sync, redux.sync, activemask)
 * runs at the merge point: it sees every lane only if the warp really reconverged. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sim_harness.h"

/* Full-warp checks after a merge point, appended to bodies that leave a per-lane value in %r5:
 * %r2 = %r5 of lane 31 - lane (shfl.idx), %r3 = sum of %r5 over the warp (redux), and the
 * activemask must be the full warp (else %r3 is poisoned with 0xbad). */
#define AFTER_MERGE                                                                                                   \
    "sub.u32 %r20, 31, %r0;\nshfl.sync.idx.b32 %r2, %r5, %r20, 31, -1;\nredux.sync.add.u32 %r3, %r5, -1;\n"           \
    "activemask.b32 %r21;\nsetp.ne.u32 %p20, %r21, -1;\n@%p20 mov.u32 %r3, 0xbad;\n"

static void expect_after_merge(const char *what, const wsh_run *r, const uint32_t v[32])
{
    uint32_t w2[32], w3[32], sum = 0;
    for (unsigned l = 0; l < 32; l++)
        sum += v[l];
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = v[31 - l];
        w3[l] = sum;
    }
    char label[160];
    snprintf(label, sizeof label, "%s: shfl.idx 31-lane after the merge point", what);
    WSH_CHECK(label, r->out, w2, 32);
    snprintf(label, sizeof label, "%s: redux.add after the merge point (0xbad: activemask not full)", what);
    WSH_CHECK(label, r->out2, w3, 32);
    if (wsh_diag(r, WS_DIAG_SRC_NOT_EXECUTING) || wsh_diag(r, WS_DIAG_MASK_NEVER_ARRIVED))
        fail_msg("%s: the collective after the merge point did not see the whole warp", what);
}

static void run_ok(wsh_run *r, const char *body, const wsh_opts *o)
{
    wsh_body(r, body, o);
    WSH_EXPECT_OK(r);
}

/* ---- divergence and reconvergence within a warp ---------------------------------------------------- */
static void test_if_else_reconverges(void **state)
{
    (void)state;
    wsh_run r;
    run_ok(&r,
           "and.b32 %r6, %r0, 1;\nsetp.eq.u32 %p1, %r6, 0;\n@%p1 bra $Leven;\n"
           "mul.lo.u32 %r5, %r0, 3;\nbra $Ljoin;\n"
           "$Leven:\nmul.lo.u32 %r5, %r0, 2;\n"
           "$Ljoin:\n" AFTER_MERGE,
           NULL);
    uint32_t v[32];
    for (unsigned l = 0; l < 32; l++)
        v[l] = (l & 1) ? 3 * l : 2 * l;
    expect_after_merge("if/else", &r, v);
    wsh_free(&r);
}

static void test_nested_if_reconverges(void **state)
{
    (void)state;
    wsh_run r;
    /* if (lane < 16) { if (lane odd) v = lane + 100; else v = lane + 200; v += 1000; } else v = lane + 300; */
    run_ok(&r,
           "setp.ge.u32 %p1, %r0, 16;\n@%p1 bra $Lhi;\n"
           "and.b32 %r6, %r0, 1;\nsetp.eq.u32 %p2, %r6, 0;\n@%p2 bra $Leven;\n"
           "add.u32 %r5, %r0, 100;\nbra $Linner;\n"
           "$Leven:\nadd.u32 %r5, %r0, 200;\n"
           "$Linner:\nadd.u32 %r5, %r5, 1000;\nbra $Ljoin;\n"
           "$Lhi:\nadd.u32 %r5, %r0, 300;\n"
           "$Ljoin:\n" AFTER_MERGE,
           NULL);
    uint32_t v[32];
    for (unsigned l = 0; l < 32; l++)
        v[l] = l >= 16 ? l + 300 : ((l & 1) ? l + 100 : l + 200) + 1000;
    expect_after_merge("nested if", &r, v);
    wsh_free(&r);
}

static void test_loop_lane_dependent_trip_count(void **state)
{
    (void)state;
    wsh_run r;
    /* v = 0 + 1 + ... + lane (the loop runs lane + 1 times); then a collective over all lanes */
    run_ok(&r,
           "mov.u32 %r5, 0;\nmov.u32 %r6, 0;\n"
           "$Lloop:\nadd.u32 %r5, %r5, %r6;\nadd.u32 %r6, %r6, 1;\nsetp.le.u32 %p1, %r6, %r0;\n@%p1 bra $Lloop;\n" AFTER_MERGE,
           NULL);
    uint32_t v[32];
    for (unsigned l = 0; l < 32; l++)
        v[l] = l * (l + 1) / 2;
    expect_after_merge("loop with lane-dependent trip count", &r, v);
    /* every lane ran exactly lane + 1 iterations: 4 loop instructions per iteration */
    wsh_free(&r);
    /* a loop with a divergent if inside and a break */
    run_ok(&r,
           "mov.u32 %r5, 0;\nmov.u32 %r6, 0;\n"
           "$Lloop:\nand.b32 %r7, %r6, 1;\nsetp.eq.u32 %p1, %r7, 0;\n@%p1 bra $Lskip;\nadd.u32 %r5, %r5, %r6;\n"
           "$Lskip:\nadd.u32 %r6, %r6, 1;\nrem.u32 %r8, %r0, 7;\nsetp.gt.u32 %p2, %r6, %r8;\n@%p2 bra $Lbreak;\n"
           "bra $Lloop;\n$Lbreak:\n" AFTER_MERGE,
           NULL);
    for (unsigned l = 0; l < 32; l++) {
        v[l] = 0;
        for (unsigned i = 0; i <= l % 7; i++)
            if (i & 1)
                v[l] += i;
    }
    expect_after_merge("loop with an if and a break", &r, v);
    wsh_free(&r);
}

static void test_early_ret(void **state)
{
    (void)state;
    wsh_run r;
    /* lanes >= 28 and lane 5 return early; the rest meet and run full-mask collectives that
     * count only the live lanes */
    run_ok(&r,
           "setp.ge.u32 %p1, %r0, 28;\nsetp.eq.u32 %p2, %r0, 5;\nor.pred %p3, %p1, %p2;\n@%p3 ret;\n"
           "and.b32 %r6, %r0, 3;\nsetp.eq.u32 %p4, %r6, 0;\n@%p4 bra $Lq;\nadd.u32 %r5, %r0, 1;\nbra $Lj;\n"
           "$Lq:\nadd.u32 %r5, %r0, 1000;\n$Lj:\n"
           "activemask.b32 %r2;\nredux.sync.add.u32 %r3, %r5, -1;",
           NULL);
    uint32_t live = 0x0fffffffu & ~(1u << 5), sum = 0, w2[32], w3[32];
    for (unsigned l = 0; l < 32; l++)
        if ((live >> l) & 1)
            sum += (l & 3) ? l + 1 : l + 1000;
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = ((live >> l) & 1) ? live : 0;
        w3[l] = ((live >> l) & 1) ? sum : 0;
    }
    WSH_CHECK("activemask after early ret", r.out, w2, 32);
    WSH_CHECK("redux.add over the live lanes after early ret", r.out2, w3, 32);
    wsh_free(&r);
}

/* ---- block barriers ---------------------------------------------------------------------------- */
/* each thread stores in[tid] to sh[tid], bar.sync, reads sh[(tid + 33) % n] (another warp),
 * bar.sync, stores its own tid * 3 to sh[n - 1 - tid], bar.sync, reads sh[tid] */
static void check_bar_exchange(unsigned n)
{
    uint32_t *in = malloc(n * 4), *w2 = malloc(n * 4), *w3 = malloc(n * 4);
    assert_non_null(in);
    assert_non_null(w2);
    assert_non_null(w3);
    for (unsigned t = 0; t < n; t++)
        in[t] = 0x1000000u + t * 7;
    wsh_run r;
    wsh_opts o = {.block = {n, 1, 1}, .in = in};
    run_ok(&r,
           "mov.u32 %r5, sh;\nshl.b32 %r6, %r0, 2;\nadd.u32 %r7, %r5, %r6;\nst.shared.u32 [%r7], %r1;\nbar.sync 0;\n"
           "mov.u32 %r8, %ntid.x;\nadd.u32 %r9, %r0, 33;\nrem.u32 %r9, %r9, %r8;\nshl.b32 %r9, %r9, 2;\nadd.u32 %r9, %r5, %r9;\n"
           "ld.shared.u32 %r2, [%r9];\nbarrier.sync 0;\n"
           "sub.u32 %r10, %r8, 1;\nsub.u32 %r10, %r10, %r0;\nshl.b32 %r10, %r10, 2;\nadd.u32 %r10, %r5, %r10;\n"
           "mul.lo.u32 %r11, %r0, 3;\nst.shared.u32 [%r10], %r11;\nbar.sync 1;\nld.shared.u32 %r3, [%r7];",
           &o);
    for (unsigned t = 0; t < n; t++) {
        w2[t] = in[(t + 33) % n];
        w3[t] = (n - 1 - t) * 3;
    }
    char what[96];
    snprintf(what, sizeof what, "bar.sync exchange over %u warps: first read", n / 32);
    WSH_CHECK(what, r.out, w2, n);
    snprintf(what, sizeof what, "bar.sync exchange over %u warps: reversed", n / 32);
    WSH_CHECK(what, r.out2, w3, n);
    assert_int_equal(r.res.stats.bar_syncs, 3 * (n / 32));
    assert_int_equal(wsh_ndiags(&r), 0);
    wsh_free(&r);
    free(in);
    free(w2);
    free(w3);
}

static void test_bar_sync_4_and_32_warps(void **state)
{
    (void)state;
    check_bar_exchange(128);
    check_bar_exchange(1024);
}

/* a 3-D block (8 x 4 x 4 = 128 threads) exchanging through shared memory by linear index */
static void test_3d_block_barrier(void **state)
{
    (void)state;
    static const char ptx[] =
        ".version 9.0\n.target sm_90\n.address_size 64\n"
        ".visible .entry k3(.param .u64 p_out)\n{\n"
        "\t.reg .pred %p<4>;\n\t.reg .b32 %r<32>;\n\t.reg .b64 %rd<8>;\n"
        "\t.shared .align 4 .b8 s[512];\n"
        "\tmov.u32 %r1, %tid.x;\n\tmov.u32 %r2, %tid.y;\n\tmov.u32 %r3, %tid.z;\n"
        "\tmov.u32 %r4, %ntid.x;\n\tmov.u32 %r5, %ntid.y;\n"
        "\tmad.lo.u32 %r6, %r3, %r5, %r2;\n\tmad.lo.u32 %r6, %r6, %r4, %r1;\n" /* linear t */
        "\tmul.lo.u32 %r7, %r1, 10000;\n\tmad.lo.u32 %r7, %r2, 100, %r7;\n\tadd.u32 %r7, %r7, %r3;\n" /* x*10000+y*100+z */
        "\tmov.u32 %r8, s;\n\tshl.b32 %r9, %r6, 2;\n\tadd.u32 %r10, %r8, %r9;\n\tst.shared.u32 [%r10], %r7;\n"
        "\tbar.sync 0;\n"
        "\txor.b32 %r11, %r6, 127;\n\tshl.b32 %r11, %r11, 2;\n\tadd.u32 %r11, %r8, %r11;\n\tld.shared.u32 %r12, [%r11];\n"
        "\tld.param.u64 %rd1, [p_out];\n\tmul.wide.u32 %rd2, %r6, 4;\n\tadd.s64 %rd3, %rd1, %rd2;\n\tst.global.u32 [%rd3], %r12;\n"
        "\tret;\n}\n";
    size_t sizes[1] = {128 * 4};
    wsh_run r;
    wsh_opts o = {.block = {8, 4, 4}};
    wsh_kernel(&r, ptx, "k3", &o, 1, sizes, NULL);
    WSH_EXPECT_OK(&r);
    uint32_t want[128];
    for (unsigned t = 0; t < 128; t++) {
        unsigned u = t ^ 127;
        want[t] = (u % 8) * 10000 + (u / 8 % 4) * 100 + u / 32;
    }
    WSH_CHECK("3-D block (8x4x4) exchange across bar.sync", (const uint32_t *)(void *)r.buf[0], want, 128);
    wsh_free(&r);
}

/* several blocks: each has its own shared memory; a block sum through atom.shared + bar.sync */
static void test_grid_of_blocks(void **state)
{
    (void)state;
    enum { NB = 5, NT = 96 };
    uint32_t in[NB * NT], w2[NB * NT], w3[NB * NT];
    for (unsigned i = 0; i < NB * NT; i++)
        in[i] = i * 3 + 1;
    wsh_run r;
    wsh_opts o = {.grid = {NB, 1, 1}, .block = {NT, 1, 1}, .in = in};
    run_ok(&r,
           "atom.shared.add.u32 %r5, [sh], %r1;\nbar.sync 0;\nld.shared.u32 %r2, [sh];\n"
           "mov.u32 %r3, %ctaid.x;\nshl.b32 %r3, %r3, 16;\nor.b32 %r3, %r3, %r127;",
           &o);
    for (unsigned b = 0; b < NB; b++) {
        uint32_t sum = 0;
        for (unsigned t = 0; t < NT; t++)
            sum += in[b * NT + t];
        for (unsigned t = 0; t < NT; t++) {
            w2[b * NT + t] = sum;
            w3[b * NT + t] = b << 16 | (b * NT + t);
        }
    }
    WSH_CHECK("per-block sum through shared memory", r.out, w2, NB * NT);
    WSH_CHECK("%ctaid.x and the global index", r.out2, w3, NB * NT);
    assert_int_equal(r.res.stats.blocks, NB);
    wsh_free(&r);
}

/* Every block starts with the registers it may read unwritten at 0, whatever the block before
 * it left there: here only block 0 writes %r6 (a guarded write), and only lanes 0-15 write %r7
 * (in a branch) before every lane reads %r7 of lane+16 by a shuffle. */
static void test_registers_start_at_zero_in_every_block(void **state)
{
    (void)state;
    enum { NB = 3, NT = 32 };
    uint32_t w2[NB * NT], w3[NB * NT];
    wsh_run r;
    wsh_opts o = {.grid = {NB, 1, 1}, .block = {NT, 1, 1}};
    run_ok(&r,
           "mov.u32 %r5, %ctaid.x;\nsetp.eq.u32 %p1, %r5, 0;\n@%p1 mov.u32 %r6, 77;\nmov.u32 %r2, %r6;\n"
           "setp.lt.u32 %p2, %r0, 16;\n@!%p2 bra $Lskip;\nadd.u32 %r7, %r5, 100;\n$Lskip:\n"
           "add.u32 %r8, %r0, 16;\nand.b32 %r8, %r8, 31;\nshfl.sync.idx.b32 %r3, %r7, %r8, 31, -1;",
           &o);
    for (unsigned b = 0; b < NB; b++)
        for (unsigned t = 0; t < NT; t++) {
            w2[b * NT + t] = b == 0 ? 77 : 0;
            w3[b * NT + t] = t >= 16 ? 100 + b : 0; /* lanes 16-31 never wrote %r7 */
        }
    WSH_CHECK("a guarded write in block 0 does not leak into later blocks", r.out, w2, NB * NT);
    WSH_CHECK("lanes that never wrote a register hold 0 in every block", r.out2, w3, NB * NT);
    wsh_free(&r);
}

/* The machine keeps its register files from launch to launch: a second launch must still see 0
 * in a register it reads before any write, whatever the first launch left there. */
static void test_registers_start_at_zero_in_every_launch(void **state)
{
    (void)state;
    const char *ptx = ".version 9.0\n.target sm_90\n.address_size 64\n"
                      ".visible .entry k(.param .u64 out, .param .u32 write)\n{\n"
                      ".reg .pred %p<2>;\n.reg .b32 %r<8>;\n.reg .b64 %rd<4>;\n"
                      "ld.param.u64 %rd1, [out];\nld.param.u32 %r1, [write];\nmov.u32 %r2, %tid.x;\n"
                      "setp.ne.u32 %p1, %r1, 0;\n@%p1 mov.u32 %r6, 77;\n"
                      "mul.wide.u32 %rd2, %r2, 4;\nadd.s64 %rd3, %rd1, %rd2;\nst.global.u32 [%rd3], %r6;\nret;\n}\n";
    ws_parse_error err;
    ws_module *m = wsh_parse(ptx, &err);
    assert_non_null(m);
    ws_sim *sim = ws_sim_create(NULL);
    assert_non_null(sim);
    uint64_t out = ws_sim_alloc(sim, 64 * 4, NULL);
    const unsigned grid[3] = {1, 1, 1}, block[3] = {64, 1, 1};
    for (uint32_t launch = 0; launch < 2; launch++) {
        uint8_t params[16] = {0};
        uint32_t write = launch == 0; /* the first launch writes 77, the second does not */
        memcpy(params, &out, 8);
        memcpy(params + 8, &write, 4);
        ws_result res;
        assert_int_equal(ws_sim_launch(sim, m, ws_module_kernel(m, NULL), grid, block, params, 12, &res), WS_OK);
        ws_result_free(&res);
        uint32_t got[64];
        assert_int_equal(ws_sim_read(sim, out, got, sizeof got), 0);
        for (unsigned t = 0; t < 64; t++) {
            if (got[t] != (launch == 0 ? 77u : 0u))
                fail_msg("launch %u, thread %u: expected %u, got %u", launch, t, launch == 0 ? 77u : 0u, got[t]);
        }
    }
    ws_sim_destroy(sim);
    ws_module_free(m);
}

/* Runs kernel k of `ptx` (out, flag) once on sim, 32 threads, and returns out[lane]. */
static uint32_t launch_flag(ws_sim *sim, const ws_module *m, uint64_t out, uint32_t flag, unsigned lane)
{
    uint8_t params[16] = {0};
    memcpy(params, &out, 8);
    memcpy(params + 8, &flag, 4);
    const unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
    ws_result res;
    assert_int_equal(ws_sim_launch(sim, m, ws_module_kernel(m, NULL), grid, block, params, 12, &res), WS_OK);
    ws_result_free(&res);
    uint32_t got[32];
    assert_int_equal(ws_sim_read(sim, out, got, sizeof got), 0);
    return got[lane];
}

/* The machine keeps a launched kernel's preparation and knows it again by its module's parse
 * (ws_module.serial): every parse has a number of its own, so a module parsed again after the
 * first is freed (it may come back at the same address) runs as its own text says. And a block's
 * shared memory (whose buffer the machine keeps, ws_block_keep) starts at 0 in every launch,
 * whatever the last one left there, with more or less of it than the last one had. */
static void test_relaunch_knows_the_module_and_zeroes_shared(void **state)
{
    (void)state;
    /* flag != 0: each thread stores flag to shared[tid]; then every thread reads shared[tid] */
    const char *fmt = ".version 9.0\n.target sm_90\n.address_size 64\n"
                      ".visible .entry k(.param .u64 out, .param .u32 flag)\n{\n"
                      ".shared .align 4 .b8 sm[%u];\n.reg .pred %%p<2>;\n.reg .b32 %%r<8>;\n.reg .b64 %%rd<6>;\n"
                      "ld.param.u64 %%rd1, [out];\nld.param.u32 %%r1, [flag];\nmov.u32 %%r2, %%tid.x;\n"
                      "mov.u64 %%rd4, sm;\nadd.s64 %%rd4, %%rd4, %u;\nmul.wide.u32 %%rd2, %%r2, 4;\nadd.s64 %%rd5, %%rd4, %%rd2;\n"
                      "setp.ne.u32 %%p1, %%r1, 0;\n@%%p1 st.shared.u32 [%%rd5], %%r1;\nbar.sync 0;\n"
                      "ld.shared.u32 %%r3, [%%rd5];\nadd.u32 %%r3, %%r3, %u;\n"
                      "add.s64 %%rd3, %%rd1, %%rd2;\nst.global.u32 [%%rd3], %%r3;\nret;\n}\n";
    char a[1024], b[1024];
    snprintf(a, sizeof a, fmt, 128u, 0u, 1000u);
    snprintf(b, sizeof b, fmt, 16384u, 16256u, 2000u); /* more shared memory: the block's buffer grows */
    ws_parse_error err;
    ws_sim *sim = ws_sim_create(NULL);
    assert_non_null(sim);
    uint64_t out = ws_sim_alloc(sim, 32 * 4, NULL);
    ws_module *m = wsh_parse(a, &err);
    assert_non_null(m);
    assert_int_equal(launch_flag(sim, m, out, 5, 7), 1005);
    assert_int_equal(launch_flag(sim, m, out, 0, 7), 1000); /* shared memory back at 0 */
    uint64_t first = m->serial;
    ws_module_free(m);
    for (int i = 0; i < 3; i++) { /* parsed again, each time a new number; b's text, then a's */
        m = wsh_parse(i == 1 ? a : b, &err);
        assert_non_null(m);
        assert_true(m->serial != 0 && m->serial != first);
        first = m->serial;
        uint32_t add = i == 1 ? 1000 : 2000;
        assert_int_equal(launch_flag(sim, m, out, 9, 3), add + 9);
        assert_int_equal(launch_flag(sim, m, out, 0, 3), add);
        ws_module_free(m);
    }
    ws_sim_destroy(sim);
}

/* threads that exit before bar.sync do not block it (block of 64: lanes >= 24 of each warp
 * exit; block of 128: the whole warp 2 exits) */
static void test_exit_before_bar_sync(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = {.block = {64, 1, 1}};
    run_ok(&r,
           "and.b32 %r6, %r0, 31;\nsetp.ge.u32 %p1, %r6, 24;\n@%p1 ret;\n"
           "mov.u32 %r5, sh;\nshl.b32 %r7, %r0, 2;\nadd.u32 %r7, %r5, %r7;\nadd.u32 %r8, %r0, 500;\nst.shared.u32 [%r7], %r8;\n"
           "bar.sync 0;\nxor.b32 %r9, %r0, 32;\nshl.b32 %r9, %r9, 2;\nadd.u32 %r9, %r5, %r9;\nld.shared.u32 %r2, [%r9];\nmov.u32 %r3, 1;",
           &o);
    uint32_t w2[128], w3[128];
    for (unsigned t = 0; t < 64; t++) {
        w2[t] = (t % 32) < 24 ? (t ^ 32) + 500 : 0;
        w3[t] = (t % 32) < 24;
    }
    WSH_CHECK("exchange after bar.sync with exited lanes", r.out, w2, 64);
    WSH_CHECK("every live thread passed the barrier", r.out2, w3, 64);
    assert_null(wsh_diag(&r, WS_DIAG_BARRIER_PARTIAL));
    assert_null(wsh_diag(&r, WS_DIAG_BARRIER_DIVERGENT));
    wsh_free(&r);

    o.block[0] = 128;
    run_ok(&r,
           "shr.u32 %r6, %r0, 5;\nsetp.eq.u32 %p1, %r6, 2;\n@%p1 ret;\n"
           "st.shared.u32 [sh], 7;\nbar.sync 0;\nmov.u32 %r3, 1;\nbar.sync 0;\nadd.u32 %r2, %r0, 1;",
           &o);
    for (unsigned t = 0; t < 128; t++) {
        w2[t] = t / 32 == 2 ? 0 : t + 1;
        w3[t] = t / 32 != 2;
    }
    WSH_CHECK("two barriers after warp 2 exited", r.out, w2, 128);
    WSH_CHECK("two barriers after warp 2 exited: passed", r.out2, w3, 128);
    assert_null(wsh_diag(&r, WS_DIAG_BARRIER_PARTIAL));
    wsh_free(&r);
}

/* ---- undefined programs finish with a diagnostic ------------------------------------------------- */
static void test_divergent_bar_sync(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = {.block = {64, 1, 1}, .max_warp_instructions = 100000};
    /* the two halves of each warp reach two different bar.sync instructions */
    wsh_body(&r,
             "and.b32 %r6, %r0, 31;\nsetp.lt.u32 %p1, %r6, 16;\n@%p1 bra $Llo;\n"
             "bar.sync 0;\nmov.u32 %r2, 2;\nbra $Lj;\n"
             "$Llo:\nbar.sync 0;\nmov.u32 %r2, 1;\n"
             "$Lj:\nmov.u32 %r3, 9;",
             &o);
    WSH_EXPECT_OK(&r); /* it finishes: no hang, no limit */
    const ws_diag *d = WSH_EXPECT_DIAG(&r, WS_DIAG_BARRIER_DIVERGENT, 0, 0);
    assert_true(d->line == WSH_BODY_LINE + 3 || d->line == WSH_BODY_LINE + 7);
    assert_non_null(strstr(d->message, "bar.sync"));
    uint32_t w2[64], w3[64];
    for (unsigned t = 0; t < 64; t++) {
        w2[t] = (t % 32) < 16 ? 1 : 2;
        w3[t] = 9;
    }
    WSH_CHECK("divergent bar.sync: both sides ran", r.out, w2, 64);
    WSH_CHECK("divergent bar.sync: everyone finished", r.out2, w3, 64);
    wsh_free(&r);
    /* only part of the warp reaches a bar.sync; the rest exits: the run still finishes */
    o.block[0] = 32;
    wsh_body(&r, "setp.ge.u32 %p1, %r0, 16;\n@%p1 bra $Lend;\nbar.sync 0;\nmov.u32 %r2, 5;", &o);
    WSH_EXPECT_OK(&r);
    WSH_EXPECT_DIAG(&r, WS_DIAG_BARRIER_DIVERGENT, WSH_BODY_LINE + 2, 0x0000ffffu);
    for (unsigned t = 0; t < 32; t++)
        w2[t] = t < 16 ? 5 : 0;
    WSH_CHECK("half-warp bar.sync finishes", r.out, w2, 32);
    wsh_free(&r);
}

static void test_membermask_never_arrives(void **state)
{
    (void)state;
    wsh_run r;
    wsh_opts o = {.max_warp_instructions = 100000};
    /* lanes 0-15 shuffle with a full membermask while lanes 16-31 went past it: they never
     * arrive. The shuffle runs with the lanes it has; lanes 0-15 read lane 0's value. */
    wsh_body(&r,
             "or.b32 %r2, %r0, 0xabc00000;\n"
             "setp.ge.u32 %p1, %r0, 16;\n@%p1 bra $Lskip;\n"
             "shfl.sync.idx.b32 %r2, %r1, 0, 31, -1;\n" /* +3 */
             "$Lskip:\nmov.u32 %r3, 1;",
             &o);
    WSH_EXPECT_OK(&r);
    const ws_diag *d = WSH_EXPECT_DIAG(&r, WS_DIAG_MASK_NEVER_ARRIVED, WSH_BODY_LINE + 3, 0xffff0000u);
    assert_non_null(strstr(d->message, "never arrived"));
    uint32_t w2[32], w3[32];
    for (unsigned l = 0; l < 32; l++) {
        w2[l] = l < 16 ? 0 : 0xabc00000u | l; /* in[0] = 0 */
        w3[l] = 1;
    }
    WSH_CHECK("shfl whose membermask never arrives: values", r.out, w2, 32);
    WSH_CHECK("shfl whose membermask never arrives: everyone finished", r.out2, w3, 32);
    wsh_free(&r);
    /* a vote whose membermask names lanes that exited long before: it finishes too */
    wsh_body(&r, "setp.ge.u32 %p1, %r0, 8;\n@%p1 ret;\nsetp.ne.u32 %p2, %r0, 99;\nvote.sync.ballot.b32 %r2, %p2, -1;", &o);
    WSH_EXPECT_OK(&r);
    for (unsigned l = 0; l < 32; l++)
        w2[l] = l < 8 ? 0xffu : 0;
    WSH_CHECK("vote.ballot with exited lanes in the membermask", r.out, w2, 32);
    wsh_free(&r);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_if_else_reconverges),
        cmocka_unit_test(test_nested_if_reconverges),
        cmocka_unit_test(test_loop_lane_dependent_trip_count),
        cmocka_unit_test(test_early_ret),
        cmocka_unit_test(test_bar_sync_4_and_32_warps),
        cmocka_unit_test(test_3d_block_barrier),
        cmocka_unit_test(test_grid_of_blocks),
        cmocka_unit_test(test_registers_start_at_zero_in_every_block),
        cmocka_unit_test(test_registers_start_at_zero_in_every_launch),
        cmocka_unit_test(test_relaunch_knows_the_module_and_zeroes_shared),
        cmocka_unit_test(test_exit_before_bar_sync),
        cmocka_unit_test(test_divergent_bar_sync),
        cmocka_unit_test(test_membermask_never_arrives),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
