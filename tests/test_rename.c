/* ptxas's renaming of reused load registers (sim/rename.h, the preset's schedule.rename): which
 * registers it renames and how, what it changes in the timing mode's order and cycles, and what it
 * must not change: results, the functional mode, and the PTX's registers in the events. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "rename.h"
#include "warpsim/warpsim.h"

/* One warp stores its lane numbers to shared memory, then loads words 0-3 into %r1, each load
 * followed by the xor that reads it (bench_shared_ilp's pattern, four deep): the PTX's order makes
 * each load wait for the xor of the one before (it overwrites %r1: write after read, schedule.c
 * rule 3). pcs: 0-8 the set-up and the first clock read, 9/10 11/12 13/14 15/16 the load/xor pairs,
 * 17 the second clock read, 18-22 the stores and ret. */
static const char *loads_ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[32];\n"
                               ".visible .entry k(.param .u64 o)\n{\n.reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n"
                               "ld.param.u64 %rd1, [o];\nmov.u32 %r0, sh;\nmov.u32 %r3, %tid.x;\n"
                               "shl.b32 %r4, %r3, 2;\nadd.u32 %r4, %r0, %r4;\nst.shared.u32 [%r4], %r3;\n"
                               "bar.sync 0;\nmov.u32 %r2, 0;\nmov.u64 %rd2, %clock64;\n"
                               "ld.shared.u32 %r1, [%r0];\nxor.b32 %r2, %r2, %r1;\n"
                               "ld.shared.u32 %r1, [%r0+4];\nxor.b32 %r2, %r2, %r1;\n"
                               "ld.shared.u32 %r1, [%r0+8];\nxor.b32 %r2, %r2, %r1;\n"
                               "ld.shared.u32 %r1, [%r0+12];\nxor.b32 %r2, %r2, %r1;\n"
                               "mov.u64 %rd3, %clock64;\nsub.s64 %rd4, %rd3, %rd2;\n"
                               "st.global.u64 [%rd1], %rd4;\nst.global.u32 [%rd1+8], %r2;\n"
                               "st.global.u32 [%rd1+12], %r1;\nret;\n}\n";

#define MAX_EVENTS 64

/* What the events of one launch showed: each executed instruction's pc, kernel and instruction,
 * its first destination and lane 0's value of it, and lane 0's value of %r1 in the register file
 * the event shows. */
typedef struct {
    unsigned n;
    uint32_t pc[MAX_EVENTS], dst[MAX_EVENTS];
    uint64_t val[MAX_EVENTS], r1[MAX_EVENTS];
    const ws_kernel *kernel[MAX_EVENTS];
    const ws_insn *insn[MAX_EVENTS];
    uint32_t r1_index;
} seen;

static void on_event(void *user, const ws_event *ev)
{
    seen *s = user;
    if (ev->kind != WS_EV_EXEC || s->n == MAX_EVENTS)
        return;
    s->pc[s->n] = ev->pc;
    s->kernel[s->n] = ev->kernel;
    s->insn[s->n] = ev->insn;
    s->dst[s->n] = ev->ndst ? ev->dst_reg[0] : UINT32_MAX;
    s->val[s->n] = ev->ndst ? ev->dst_val[0][0] : 0;
    s->r1[s->n] = ev->regfile[(size_t)s->r1_index * 32];
    s->n++;
}

/* Launches loads_ptx's kernel (one warp) in mode with preset: out[0] the cycles between the clock
 * reads, out[1] %r2 | %r1 << 32 at the end; the events into *s (NULL: none). */
static void run_loads(ws_mode mode, const char *preset, uint64_t out[2], seen *s)
{
    ws_parse_error perr;
    ws_module *m = ws_module_parse(loads_ptx, strlen(loads_ptx), "t.ptx", &perr);
    assert_non_null(m);
    const ws_kernel *k = ws_module_kernel(m, NULL);
    ws_config cfg = {.mode = mode, .timing_preset = preset, .on_event = s ? on_event : NULL, .event_user = s};
    if (s) {
        memset(s, 0, sizeof *s);
        for (s->r1_index = 0; strcmp(k->regs[s->r1_index].name, "%r1"); s->r1_index++)
            ;
    }
    ws_sim *sim = ws_sim_create(&cfg);
    uint64_t buf = ws_sim_alloc(sim, 16, NULL);
    unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
    ws_result res;
    assert_int_equal(ws_sim_launch(sim, m, k, grid, block, &buf, 8, &res), WS_OK);
    ws_sim_read(sim, buf, out, 16);
    ws_result_free(&res);
    ws_sim_destroy(sim);
    if (s) /* the events showed the parsed kernel: its instructions, its registers */
        for (unsigned i = 0; i < s->n; i++) {
            assert_ptr_equal(s->kernel[i], k);
            assert_ptr_equal(s->insn[i], &k->insns[s->pc[i]]);
            assert_true(s->dst[i] == UINT32_MAX || s->dst[i] < k->nregs);
        }
    ws_module_free(m);
}

/* The pcs 9-16 in the order they issued. */
static void load_xor_order(const seen *s, uint32_t order[8])
{
    unsigned j = 0;
    for (unsigned i = 0; i < s->n; i++)
        if (s->pc[i] >= 9 && s->pc[i] <= 16) {
            assert_true(j < 8);
            order[j++] = s->pc[i];
        }
    assert_int_equal(j, 8);
}

/* With schedule.rename 1 the loads into %r1 no longer wait for the xors that read its earlier
 * values: the four loads issue first, one every 4 cycles (mio.issue), and the xors follow their
 * loads' 23 cycles (ld.shared). Without it (the PTX's registers), from the first clock read at c:
 * load c+1, xor c+2 (the first xor of each pair ptxas fuses into one LOP3 issues without waiting:
 * fold.h), load c+5 (4 after the one before), xor c+28 (its load's 23), load c+29 (after that xor
 * reads %r1), xor c+30, load c+33, xor c+56, clock c+57: 57 cycles. With it: loads c+1, c+5, c+9,
 * c+13, xors c+14, c+28 (c+5 + 23), c+29, c+36 (c+13 + 23), clock c+37: 37. What each lane computes
 * is the same: %r2 = 0 ^ 1 ^ 2 ^ 3 = 0, %r1 = 3, as in the functional mode. */
static void rename_hoists_reused_loads(void **state)
{
    (void)state;
    uint64_t off[2], on[2], functional[2], functional_on[2];
    seen s;
    run_loads(WS_MODE_TIMING, NULL, off, &s);
    assert_int_equal(off[0], 57);
    uint32_t order[8];
    const uint32_t program[8] = {9, 10, 11, 12, 13, 14, 15, 16}, hoisted[8] = {9, 11, 13, 15, 10, 12, 14, 16};
    load_xor_order(&s, order);
    assert_memory_equal(order, program, sizeof order);
    run_loads(WS_MODE_TIMING, "schedule.rename 1\n", on, &s);
    assert_int_equal(on[0], 37);
    load_xor_order(&s, order);
    assert_memory_equal(order, hoisted, sizeof order);
    assert_int_equal(on[1], 3ull << 32);
    assert_int_equal(off[1], on[1]);
    /* the key needs the schedule: with schedule 0 the PTX's order, renamed or not */
    run_loads(WS_MODE_TIMING, "schedule 0\nschedule.rename 1\n", on, NULL);
    run_loads(WS_MODE_TIMING, "schedule 0\n", off, NULL);
    assert_memory_equal(on, off, sizeof on);
    /* the functional mode never renames */
    run_loads(WS_MODE_FUNCTIONAL, NULL, functional, NULL);
    run_loads(WS_MODE_FUNCTIONAL, "schedule.rename 1\n", functional_on, NULL);
    assert_memory_equal(functional, functional_on, sizeof functional);
    assert_int_equal(functional[1], 3ull << 32);
}

/* The events of the renamed run speak of the PTX's registers: each load's destination is %r1 (the
 * fresh registers the first three write are not the PTX's) with the word it loaded, and the
 * register file an event shows holds, in %r1's row, the value the instruction read or wrote: each
 * xor the load's before it in program order, though the loads after that one have issued. */
static void rename_events_speak_ptx(void **state)
{
    (void)state;
    uint64_t out[2];
    seen s;
    run_loads(WS_MODE_TIMING, "schedule.rename 1\n", out, &s);
    unsigned loads = 0, xors = 0;
    for (unsigned i = 0; i < s.n; i++) {
        if (s.pc[i] < 9 || s.pc[i] > 16)
            continue;
        uint32_t word = (s.pc[i] - 9) / 2;
        if (s.pc[i] % 2) { /* a load */
            assert_int_equal(s.dst[i], s.r1_index);
            assert_int_equal(s.val[i], word);
            assert_int_equal(s.r1[i], word);
            loads++;
        } else { /* its xor: %r1 as it read it */
            assert_int_equal(s.r1[i], word);
            xors++;
        }
    }
    assert_int_equal(loads, 4);
    assert_int_equal(xors, 4);
}

/* The module of PTX text (the test fails if it does not parse). */
static ws_module *parsed(const char *ptx)
{
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    assert_non_null(m);
    return m;
}

/* Which registers a block's renaming takes, and how (rename.h): ws_rename_build's instructions
 * against the PTX's. Block 1 (pcs 0-17, to the branch): %r1 read (1), loaded (2), read (3), loaded
 * again (4): renamed; %r2 loaded twice and written by an add (5-7), %r3 loaded twice, once under a
 * guard (8-9), %r4 loaded twice and read as a vector load's address (10-13), %r5 loaded twice, the
 * first value read by a shuffle with a p|q (14-16): each left alone. Block 2 (18-19, after the
 * branch at 17) and block 3 (from the label) each load %r1 once: not renamed. Block 3: %r6 loaded
 * (21), read (22), loaded again from its own value's address (23), read (24): renamed. */
static void rename_rule(void **state)
{
    (void)state;
    const char *ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<16>;\n"
                      ".reg .pred %p<4>;\nmov.u32 %r0, 0;\n"
                      "add.u32 %r9, %r1, 1;\nld.shared.u32 %r1, [%r0];\nadd.u32 %r9, %r1, 2;\n"
                      "ld.shared.u32 %r1, [%r0+4];\n"
                      "ld.shared.u32 %r2, [%r0];\nadd.u32 %r2, %r2, 1;\nld.shared.u32 %r2, [%r0+4];\n"
                      "ld.shared.u32 %r3, [%r0];\n@%p1 ld.shared.u32 %r3, [%r0+4];\n"
                      "ld.shared.u32 %r4, [%r0];\nadd.u32 %r9, %r4, 1;\nld.shared.u32 %r4, [%r0+4];\n"
                      "ld.shared.v2.u32 {%r13, %r14}, [%r4];\n"
                      "ld.shared.u32 %r5, [%r0];\nshfl.sync.bfly.b32 %r12|%p2, %r5, 1, 31, -1;\n"
                      "ld.shared.u32 %r5, [%r0+4];\n@%p1 bra L1;\n"
                      "ld.shared.u32 %r1, [%r0+8];\nadd.u32 %r9, %r1, %r5;\n"
                      "L1:\nld.shared.u32 %r1, [%r0+12];\n"
                      "ld.shared.u32 %r6, [%r0];\nadd.u32 %r9, %r6, 3;\nld.shared.u32 %r6, [%r6];\n"
                      "add.u32 %r9, %r6, %r1;\nret;\n}\n";
    ws_module *m = parsed(ptx);
    const ws_kernel *k = ws_module_kernel(m, NULL);
    assert_int_equal(k->ninsns, 26);
    assert_int_equal(ws_rename_count(k, WS_RENAME_LOADS), 2);
    ws_renamed r;
    assert_int_equal(ws_rename_build(k, WS_RENAME_LOADS, 2, &r), 0);
    uint32_t r1 = k->insns[2].ops[0].reg, r6 = k->insns[21].ops[0].reg, f0 = k->nregs, f1 = k->nregs + 1;
    assert_int_equal(r.nptx, k->nregs);
    assert_int_equal(r.k.nregs, k->nregs + 2);
    /* %r1: the first load takes fresh register f0, read by pc 3; pc 1's read (before it) keeps %r1,
     * and so does the block's last load */
    assert_int_equal(r.k.insns[1].ops[1].reg, r1);
    assert_int_equal(r.k.insns[2].ops[0].reg, f0);
    assert_int_equal(r.k.insns[3].ops[1].reg, f0);
    assert_int_equal(r.k.insns[4].ops[0].reg, r1);
    /* %r6: the first load f1, read by pc 22 and by pc 23's address; pc 23 writes %r6, read by 24 */
    assert_int_equal(r.k.insns[21].ops[0].reg, f1);
    assert_int_equal(r.k.insns[22].ops[1].reg, f1);
    assert_int_equal(r.k.insns[23].ops[1].reg, f1);
    assert_int_equal(r.k.insns[23].ops[0].reg, r6);
    assert_int_equal(r.k.insns[24].ops[1].reg, r6);
    /* the fresh registers stand for the PTX's, with their names and types */
    assert_int_equal(r.ptx_reg[f0], r1);
    assert_int_equal(r.ptx_reg[f1], r6);
    assert_int_equal(r.ptx_reg[r1], r1);
    assert_string_equal(r.k.regs[f0].name, "%r1");
    assert_string_equal(r.k.regs[f1].name, "%r6");
    assert_int_equal(r.k.regs[f1].type, k->regs[r6].type);
    /* every other instruction as the PTX has it */
    for (uint32_t pc = 0; pc < k->ninsns; pc++)
        if (pc != 2 && pc != 3 && pc != 21 && pc != 22 && pc != 23)
            assert_memory_equal(&r.k.insns[pc], &k->insns[pc], sizeof *k->insns);
    ws_rename_free(&r);
    ws_module_free(m);
}

/* A kernel whose fresh registers would pass the most a kernel may have: the launch is refused
 * with a message that says why and what to do. */
static void rename_register_limit(void **state)
{
    (void)state;
    ws_kernel k = {.name = "big", .nregs = 100};
    char msg[320];
    assert_int_equal(ws_rename_fits(&k, 28, 128, msg, sizeof msg), 0);
    assert_int_equal(ws_rename_fits(&k, 29, 128, msg, sizeof msg), -1);
    assert_string_equal(msg, "kernel big: schedule.rename would give its 100 registers 29 fresh ones, one for each "
                             "write it renames: more than the 128 registers a kernel may have; set schedule.rename, "
                             "schedule.rename_alu and schedule.pair_split 0 in the preset");
    k.nregs = 200; /* more than the limit already: no wrap-around */
    assert_int_equal(ws_rename_fits(&k, 0, 128, msg, sizeof msg), -1);
}

/* The ALU class (WS_RENAME_ALU, schedule.rename_alu): %r1 written by an ex2 (1), read and written by a lop3 (2),
 * read (3), written again by an ex2 (4): the first two writes take fresh registers, each read reads the value it
 * read in the PTX, the last write keeps %r1. %r2 written by an add (5), unpacked (6: its source renamed, the pair
 * left alone), written again (7): renamed. %r3 loaded and then added to (8-9): a load among its writes, left alone
 * (WS_RENAME_LOADS is not asked for). With WS_RENAME_LOADS alone nothing here is renamed. */
static void rename_alu_rule(void **state)
{
    (void)state;
    const char *ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n.reg .b32 %r<16>;\n"
                      ".reg .b16 %h<4>;\nmov.u32 %r0, 0;\n"
                      "ex2.approx.ftz.f32 %r1, %r5;\nlop3.b32 %r1, %r1, %r5, 3, 0x6A;\nadd.u32 %r9, %r1, 1;\n"
                      "ex2.approx.ftz.f32 %r1, %r9;\n"
                      "add.u32 %r2, %r0, 7;\nmov.b32 {%h1, %h2}, %r2;\nadd.u32 %r2, %r1, 1;\n"
                      "ld.shared.u32 %r3, [%r0];\nadd.u32 %r3, %r3, 1;\nret;\n}\n";
    ws_module *m = parsed(ptx);
    const ws_kernel *k = ws_module_kernel(m, NULL);
    assert_int_equal(k->ninsns, 11);
    assert_int_equal(ws_rename_count(k, WS_RENAME_LOADS), 0);
    assert_int_equal(ws_rename_count(k, WS_RENAME_ALU), 3);
    ws_renamed r;
    assert_int_equal(ws_rename_build(k, WS_RENAME_ALU, 3, &r), 0);
    uint32_t r1 = k->insns[1].ops[0].reg, r2 = k->insns[5].ops[0].reg, r3 = k->insns[8].ops[0].reg;
    uint32_t f0 = k->nregs, f1 = k->nregs + 1, f2 = k->nregs + 2;
    assert_int_equal(r.k.insns[1].ops[0].reg, f0); /* ex2 */
    assert_int_equal(r.k.insns[2].ops[1].reg, f0); /* lop3 reads it */
    assert_int_equal(r.k.insns[2].ops[0].reg, f1); /* and writes a register of its own */
    assert_int_equal(r.k.insns[3].ops[1].reg, f1);
    assert_int_equal(r.k.insns[4].ops[0].reg, r1); /* the block's last write keeps %r1 */
    assert_int_equal(r.k.insns[5].ops[0].reg, f2); /* add into %r2 */
    assert_int_equal(r.k.insns[6].ops[1].reg, f2); /* the unpack reads it */
    assert_memory_equal(&r.k.insns[6].ops[0], &k->insns[6].ops[0], sizeof k->insns[6].ops[0]); /* its pair */
    assert_int_equal(r.k.insns[7].ops[0].reg, r2);
    assert_int_equal(r.k.insns[8].ops[0].reg, r3); /* a load among %r3's writes: left alone */
    assert_int_equal(r.k.insns[9].ops[0].reg, r3);
    assert_int_equal(r.ptx_reg[f0], r1);
    assert_int_equal(r.ptx_reg[f1], r1);
    assert_int_equal(r.ptx_reg[f2], r2);
    ws_rename_free(&r);
    ws_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(rename_hoists_reused_loads),
        cmocka_unit_test(rename_events_speak_ptx),
        cmocka_unit_test(rename_rule),
        cmocka_unit_test(rename_alu_rule),
        cmocka_unit_test(rename_register_limit),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
