/* ifetch.far_keep (sim/ifetch.c, docs/calibration.md "(fwin45)"): in a later launch of far code a line is gone once
 * more than far_keep lines were requested after it. A branch's target no stream requested comes with the branch
 * (ws_ifetch_slow): it is as old as the last request, so another warp reaching it next does not fetch it again (it
 * was taken for gone at once, and that warp's request moved it past the cycle the branching warp read: keep60). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdlib.h>

#include "ifetch.h"

enum { LINES = 64, PER_LINE = 8, KEEP = 4 };

/* A warm far-code fetch of LINES lines, 8 instructions each, far_keep KEEP (line_of: LINES * PER_LINE + 1). */
static void warm_far_fetch(ws_ifetch *f, uint32_t *line_of)
{
    for (uint32_t i = 0; i <= LINES * PER_LINE; i++) /* and the line after the last instruction (ws_ifetch_layout) */
        line_of[i] = i / PER_LINE;
    assert_int_equal(ws_ifetch_init(f, LINES * PER_LINE, line_of, 16, 2, 40, 0, 16, 40, 0), 0);
    f->far_keep = KEEP;
    ws_ifetch_reset(f, 1);
    assert_int_equal(f->keep, KEEP);
}

static void a_branch_target_is_not_gone_at_once(void **state)
{
    (void)state;
    static ws_ifetch f;
    static uint32_t line_of[LINES * PER_LINE + 1];
    warm_far_fetch(&f, line_of);
    /* warp 0 runs through lines 3-12, its stream requesting lines 4-14: more than KEEP requests */
    for (uint32_t l = 3; l <= 12; l++)
        ws_ifetch_enter(&f, 0, l, 100 * l);
    assert_true(f.nreq > KEEP);
    assert_true(ws_ifetch_gone(&f, 4)); /* the first it requested (line 4: its warp entered 3) is gone */
    /* warp 0 branches to line 40, which no stream requested: it comes with the branch */
    const uint32_t target = 40;
    assert_true(ws_ifetch_to_ask(&f, target));
    assert_int_equal(ws_ifetch_slow(&f, 0, target, 5000), 5000);
    /* warp 1 reaches it in the same cycle: there, at the branch's cycle, not gone and not asked for again */
    assert_false(ws_ifetch_gone(&f, target));
    assert_false(ws_ifetch_to_ask(&f, target));
    assert_int_equal(ws_ifetch_ready(&f, 1, target * PER_LINE, 5000), 5000);
    ws_ifetch_free(&f);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(a_branch_target_is_not_gone_at_once),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
