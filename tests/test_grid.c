/* Whole launches (sim/grid.c): the blocks an SM holds by threads, warps, blocks, shared memory and
 * registers (the sm.* keys of presets/sm_90.preset), and the registers a thread given with
 * ws_config.regs_per_thread (warpsim run --regs). */
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

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(occupancy_limits),
        cmocka_unit_test(launch_regs),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
