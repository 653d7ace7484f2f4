/* Whole launches (sim/grid.c): the blocks an SM holds by threads, warps, blocks, shared memory and
 * registers (the sm.* keys of presets/sm_90.preset), the registers a thread given with
 * ws_config.regs_per_thread (warpsim run --regs), and whether a launch's data is in L2 (l2.*). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "grid.h"

static ws_preset sm90(void)
{
    ws_preset p;
    char err[256];
    assert_int_equal(ws_preset_parse(NULL, &p, err, sizeof err), 0);
    return p;
}

static void occupancy_limits(void **state)
{
    (void)state;
    ws_preset p = sm90();
    /* threads: 2048 an SM */
    assert_int_equal(ws_grid_occupancy(&p, 1024, 0, 0), 2);
    /* blocks: 32 an SM */
    assert_int_equal(ws_grid_occupancy(&p, 32, 0, 0), 32);
    /* shared memory: 233472 bytes an SM */
    assert_int_equal(ws_grid_occupancy(&p, 32, 100000, 0), 2);
    /* registers: 65536 an SM, given out per warp in units of 256 */
    assert_int_equal(ws_grid_occupancy(&p, 1024, 0, 64), 1);
    assert_int_equal(ws_grid_occupancy(&p, 128, 0, 32), 16);
    assert_int_equal(ws_grid_occupancy(&p, 128, 0, 128), 4);
    assert_int_equal(ws_grid_occupancy(&p, 128, 0, 255), 2);   /* 255 x 32 = 8160 -> 8192 a warp, 4 warps */
    assert_int_equal(ws_grid_block_regs(&p, 1024, 65), 73728); /* 2080 -> 2304 a warp */
    /* not given: the preset's regs.default */
    assert_int_equal(ws_grid_regs(&p, 0), 32);
    assert_int_equal(ws_grid_regs(&p, 40), 40);
    p.regs_default = 128;
    assert_int_equal(ws_grid_occupancy(&p, 128, 0, 0), 4);
}

/* A launch reports the registers it assumed; more than an SM has is refused, as the launch
 * would fail on the H200. */
static void launch_regs(void **state)
{
    (void)state;
    const char *ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\nret;\n}\n";
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    assert_non_null(m);
    unsigned grid[3] = {4, 1, 1}, block[3] = {1024, 1, 1};
    unsigned given[] = {0, 64, 65};
    for (unsigned i = 0; i < 3; i++) {
        ws_config cfg = {0};
        cfg.mode = WS_MODE_TIMING;
        cfg.regs_per_thread = given[i];
        ws_sim *sim = ws_sim_create(&cfg);
        ws_result res;
        ws_status st = ws_sim_launch(sim, m, ws_module_kernel(m, NULL), grid, block, NULL, 0, &res);
        if (given[i] == 65) {
            assert_int_equal(st, WS_ERR_INPUT);
            assert_non_null(strstr(res.message, "65 registers a thread take 73728 registers"));
        } else {
            assert_int_equal(st, WS_OK);
            assert_int_equal(res.stats.regs_per_thread, given[i] ? given[i] : 32);
            assert_int_equal(res.stats.blocks_per_sm, given[i] ? 1 : 2);
        }
        ws_result_free(&res);
        ws_sim_destroy(sim);
    }
    ws_module_free(m);
}

/* The launch of n identical blocks of `threads` threads: its cycles (memory 0) or launch_cycles. */
static uint64_t launch_of(const ws_preset *p, uint32_t threads, uint64_t n, uint64_t cycles, uint64_t memory,
                          uint64_t insns, const ws_grid_store *stores, size_t nstores, int with_memory)
{
    ws_grid *g = ws_grid_create(p, threads, 0, 0, n, NULL);
    assert_non_null(g);
    for (uint64_t i = 0; i < n; i++)
        assert_int_equal(ws_grid_block(g, cycles, memory, insns, stores, nstores), 0);
    ws_stats s;
    memset(&s, 0, sizeof s);
    ws_grid_finish(g, &s);
    return with_memory ? s.launch_cycles - (uint64_t)p->launch_overhead : s.cycles;
}

/* Co-resident blocks share the SM's issue slots, but a block waiting for memory issues nothing. */
static void issue_sharing(void **state)
{
    (void)state;
    ws_preset p = sm90();
    p.sms = 1;
    p.launch_dispatch = 0;
    /* one block: its cycles, and with its memory wait */
    assert_int_equal(launch_of(&p, 1024, 1, 1000, 500, 3000, NULL, 0, 0), 1000);
    assert_int_equal(launch_of(&p, 1024, 1, 1000, 500, 3000, NULL, 0, 1), 1500);
    /* two blocks of 1024 threads started together need 2 x 3000 / 4 = 1500 issue cycles: they
     * wait for memory together, then compete */
    assert_int_equal(launch_of(&p, 1024, 2, 1000, 500, 3000, NULL, 0, 0), 1500);
    assert_int_equal(launch_of(&p, 1024, 2, 1000, 500, 3000, NULL, 0, 1), 2000);
    /* few instructions: no slowdown */
    assert_int_equal(launch_of(&p, 1024, 2, 1000, 500, 1000, NULL, 0, 1), 1500);
    /* started apart (dispatched 1000 cycles apart), the second block's wait overlaps the first
     * block's issue: it only competes for the slots once its wait is over */
    p.launch_dispatch = 1000;
    /* block 0 waits 0-1000 and runs 1000-2000 alone; block 1 waits 1000-2000 and runs 2000-3000
     * (adding both blocks' issue to each, as if they ran together, would give 3500) */
    assert_int_equal(launch_of(&p, 1024, 2, 1000, 1000, 3000, NULL, 0, 1), 3000);
}

/* Stores of all blocks to one global word queue at L2, atom.same_word cycles each. */
static void l2_same_word(void **state)
{
    (void)state;
    ws_preset p = sm90();
    p.launch_dispatch = 0;
    ws_grid_store one = {0, 90};
    uint64_t alone = launch_of(&p, 32, 1, 100, 0, 10, &one, 1, 0);
    assert_int_equal(alone, 100);
    /* 1000 blocks of one warp at once (132 SMs x 32): their stores to word 0 take 2 cycles each */
    uint64_t same = launch_of(&p, 32, 1000, 100, 0, 10, &one, 1, 0);
    assert_int_equal(same, 100 + (uint64_t)(999 * p.atom_same_word));
    /* distinct words: no queue */
    ws_grid *g = ws_grid_create(&p, 32, 0, 0, 1000, NULL);
    for (uint64_t i = 0; i < 1000; i++) {
        ws_grid_store st = {i, 90};
        assert_int_equal(ws_grid_block(g, 100, 0, 10, &st, 1), 0);
    }
    ws_stats s;
    memset(&s, 0, sizeof s);
    ws_grid_finish(g, &s);
    assert_int_equal(s.cycles, 100);
}

/* The launch_cycles of a one-block launch of a kernel that loads one global word, with buffers of
 * these sizes (the first one its argument) and the preset text over sm_90. */
static uint64_t load_launch(const uint64_t *sizes, unsigned n, const char *preset)
{
    const char *ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 a)\n{\n"
                      ".reg .b64 %rd<2>;\n.reg .b32 %r<2>;\nld.param.u64 %rd1, [a];\n"
                      "ld.global.u32 %r1, [%rd1];\nst.global.u32 [%rd1+4], %r1;\nret;\n}\n";
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    assert_non_null(m);
    ws_config cfg = {0};
    cfg.mode = WS_MODE_TIMING;
    cfg.timing_preset = preset;
    ws_sim *sim = ws_sim_create(&cfg);
    uint64_t arg = 0;
    for (unsigned i = 0; i < n; i++) {
        uint64_t a = ws_sim_alloc(sim, sizes[i], NULL);
        arg = i ? arg : a;
    }
    unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
    ws_result res;
    assert_int_equal(ws_sim_launch(sim, m, ws_module_kernel(m, NULL), grid, block, &arg, 8, &res), WS_OK);
    uint64_t cycles = res.stats.launch_cycles;
    ws_result_free(&res);
    ws_sim_destroy(sim);
    ws_module_free(m);
    return cycles;
}

/* A block's first global load is an L2 hit (ld.l2) when all of the launch's allocations fit in the
 * L2 (l2.kib) and the launch repeats over its buffers (l2.warm), an HBM access (ld.miss) otherwise. */
static void l2_resident(void **state)
{
    (void)state;
    ws_preset p = sm90();
    uint64_t one[] = {600}, two[] = {600, 600};
    const char *kib1 = "l2.kib 1\n";
    uint64_t hit = load_launch(one, 1, kib1);
    /* 1,200 bytes do not fit in 1 KiB: every first load misses */
    assert_int_equal(load_launch(two, 2, kib1) - hit, (uint64_t)(p.ld_miss - p.ld_l2));
    /* the sm_90 preset's 50 MiB hold both */
    assert_int_equal(load_launch(two, 2, NULL), hit);
    /* a cold launch (l2.warm 0) misses whatever its size */
    assert_int_equal(load_launch(one, 1, "l2.kib 1\nl2.warm 0\n") - hit, (uint64_t)(p.ld_miss - p.ld_l2));
    assert_true(p.ld_miss > p.ld_l2 && p.ld_l2 > p.ld_global);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(occupancy_limits), cmocka_unit_test(launch_regs), cmocka_unit_test(issue_sharing),
        cmocka_unit_test(l2_same_word),     cmocka_unit_test(l2_resident),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
