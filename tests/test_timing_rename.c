/* ptxas's register renaming and pipe balance in the timing mode (docs/calibration.md "(lat15)"): probe_alu3's and
 * probe_alu's shape, 8 streams of dependent steps, each step of a stream reading the next stream's value, in inline
 * PTX that writes each stream's register again and again. ptxas gives every value a register of its own
 * (probe_alu3.sass alu3_ex2f_l: the next streams' MUFU.EX2 issue before the LOP3 that reads a stream's old value),
 * so the H200 keeps the XU pipe's 8 cycles a step where a schedule that keeps the PTX's write-after-read orders
 * waits for each MUFU's result (18 a step); ptxas alternates LOP3 and IMAD (alu3_lop3_m) and makes every add of
 * an ALU-bound block an IMAD.IADD (probe_alu mix). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <string.h>

#include "run_ptx.h"

#define ROUNDS 4 /* 32 steps a warp (alu_bound_adds_on_imad: 32 rounds, 256 steps, as probe_alu) */

/* The kernel: streams %r10-%r17, ROUNDS rounds of 8 steps of STEP (printf format: %1$d the stream's register,
 * %2$d the next stream's) between two clock reads; thread 0 writes the difference to out[0] and the streams' xor
 * to out[1]. */
static void kernel_of(char *ptx, size_t len, const char *step, int rounds)
{
    int n = snprintf(ptx, len,
                     ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                     ".reg .b32 %%r<40>;\n.reg .b64 %%rd<12>;\n.reg .pred %%p<40>;\n.reg .b16 %%h<40>;\n"
                     "ld.param.u64 %%rd1, [o];\nmov.u32 %%r1, %%tid.x;\n");
    for (int i = 0; i < 8; i++)
        n += snprintf(ptx + n, len - n, "add.s32 %%r%d, %%r1, %d;\n", 10 + i, 0x3c000000 + i);
    n += snprintf(ptx + n, len - n, "mov.u64 %%rd8, %%clock64;\n");
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < 8; i++) {
            char fmt[512];
            snprintf(fmt, sizeof fmt, "%s\n", step);
            /* each step's own registers: %1 the stream, %2 the next stream, %3 a scratch register of the step */
            char line[512], *o = line;
            for (const char *c = fmt; *c; c++) {
                if (c[0] == '%' && (c[1] == '1' || c[1] == '2' || c[1] == '3')) {
                    o += sprintf(o, c[1] == '3' ? "%%h%d" : "%%r%d",
                                 c[1] == '1'   ? 10 + i
                                 : c[1] == '2' ? 10 + (i + 1) % 8
                                               : 1 + i);
                    c++;
                } else
                    *o++ = *c;
            }
            *o = 0;
            n += snprintf(ptx + n, len - n, "%s", line);
        }
    n += snprintf(ptx + n, len - n,
                  "xor.b32 %%r3, %%r10, %%r11;\nxor.b32 %%r3, %%r3, %%r12;\nxor.b32 %%r3, %%r3, %%r13;\n"
                  "xor.b32 %%r3, %%r3, %%r14;\nxor.b32 %%r3, %%r3, %%r15;\nxor.b32 %%r3, %%r3, %%r16;\n"
                  "xor.b32 %%r3, %%r3, %%r17;\nmov.u64 %%rd9, %%clock64;\nsub.s64 %%rd10, %%rd9, %%rd8;\n"
                  "setp.ne.u32 %%p1, %%r1, 0;\n@%%p1 ret;\nst.global.u64 [%%rd1], %%rd10;\n"
                  "st.global.u32 [%%rd1+8], %%r3;\nret;\n}\n");
}

/* One warp's cycles between the clocks (and the streams' xor, *value) with the preset text over sm_90. */
static uint64_t cycles_of(const char *step, const char *preset, uint64_t *value)
{
    static char ptx[1 << 17];
    kernel_of(ptx, sizeof ptx, step, ROUNDS);
    uint64_t out[2] = {0, 0};
    run_ptx(ptx, 32, out, 2, WS_MODE_TIMING, preset);
    uint64_t f[2] = {0, 0};
    run_ptx(ptx, 32, f, 2, WS_MODE_FUNCTIONAL, NULL);
    assert_int_equal(out[1], f[1]); /* the renamed kernel computes what the PTX does */
    if (value)
        *value = out[1];
    return out[0];
}

/* schedule.rename_alu: MUFU then LOP3 (probe_alu3 ex2f_l). Renamed, the next streams' ex2 issue while a stream's
 * lop3 waits for its ex2: the XU pipe's 8 cycles a step (H200 2139 cycles for 256 steps, 8.35 a step); kept, each
 * step's ex2 waits for the lop3 before it, which reads the register it writes: the ex2's latency (17) and one
 * cycle a step. */
static void reused_registers_renamed(void **state)
{
    (void)state;
    const char *step = "ex2.approx.ftz.f32 %1, %2;\nlop3.b32 %1, %1, %2, 5, 0x6A;";
    uint64_t v1, v0;
    uint64_t on = cycles_of(step, NULL, &v1), off = cycles_of(step, "schedule.rename_alu 0\n", &v0);
    printf("ex2 + lop3, %d steps: renamed %llu cycles, kept %llu\n", 8 * ROUNDS, (unsigned long long)on,
           (unsigned long long)off);
    assert_int_equal(v1, v0);
    assert_true(on <= 8 * 8 * ROUNDS + 17 + 4 + 4 + 8 * 2);
    assert_true(off >= 8 * ROUNDS * 17);
    /* POPC, FLO, BREV and F2F the same (probe_alu3 popc_l, bfind_l, brev_l, f2h_l), with the schedule counting their
     * latency (schedule.xu_reader 0: the reader one XU op later, xu_reader_one_later, costs a cycle a step) */
    const char *popc = "popc.b32 %1, %2;\nlop3.b32 %1, %1, %2, 5, 0x6A;";
    assert_true(cycles_of(popc, "schedule.xu_reader 0\n", NULL) * 2 <
                cycles_of(popc, "schedule.rename_alu 0\nschedule.xu_reader 0\n", NULL));
}

/* An unpack (`mov.b32 {a, b}, %r`) writes a pair ptxas allocates together, but the register it reads is renamed as
 * any other (probe_alu3 h2f_l: cvt.f32.f16 of the low half, then the LOP3). */
static void unpack_source_renamed(void **state)
{
    (void)state;
    const char *step = "mov.b32 {%3, %h0}, %2;\ncvt.f32.f16 %1, %3;\nlop3.b32 %1, %1, %2, 5, 0x6A;";
    uint64_t on = cycles_of(step, "ifetch.line 0\n", NULL),
             off = cycles_of(step, "ifetch.line 0\nschedule.rename_alu 0\n", NULL);
    printf("unpack + cvt.f32.f16 + lop3: renamed %llu cycles, kept %llu\n", (unsigned long long)on,
           (unsigned long long)off);
    assert_true(on * 3 < off * 2);
}

/* schedule.pipes: the list schedule holds the ALU and IMAD pipes, so a LOP3 and an IMAD alternate, one a cycle
 * (probe_alu3.sass alu3_lop3_m; H200 547 cycles for 512 instructions of one warp a sub-partition, warm code); not
 * held, the schedule issues a stream's LOP3s together, each 2 cycles after the one before. The region's end: the
 * streams' xor, 7 dependent ALU ops. */
static void pipes_alternate(void **state)
{
    (void)state;
    const char *step = "lop3.b32 %1, %1, %2, 5, 0x6A;\nmad.lo.s32 %1, %1, %2, 3;";
    uint64_t on = cycles_of(step, "ifetch.line 0\nschedule.pipes 1\n", NULL),
             off = cycles_of(step, "ifetch.line 0\nschedule.pipes 0\n", NULL);
    printf("lop3 + mad, %d instructions: schedule.pipes 1 %llu cycles, 0 %llu\n", 16 * ROUNDS, (unsigned long long)on,
           (unsigned long long)off);
    assert_true(on <= 16 * ROUNDS + 16);
    assert_true(off * 4 >= on * 5);
    /* with each LOP3 -> IMAD -> LOP3 edge 4, not cross.feed's 5, the streams leave more cycles the pipes fill */
    on = cycles_of(step, "ifetch.line 0\nschedule.pipes 1\ncross.feed 0\n", NULL);
    off = cycles_of(step, "ifetch.line 0\nschedule.pipes 0\ncross.feed 0\n", NULL);
    assert_true(on <= 16 * ROUNDS + 16);
    assert_true(off * 2 >= on * 3);
}

/* schedule.free_slot: the unpack `mov.b32 {a, b}` of a cvt.f32.f16 has no SASS (the timing model issues it in no
 * slot), so it takes no cycle of the list schedule either, and HADD2.F32 (IMAD pipe) and LOP3 (ALU pipe) alternate
 * one a cycle, as ptxas issues them (probe_alu3.sass alu3_h2f_l, S01 each; H200 548 cycles for 256 steps of one
 * warp a sub-partition, warm code). With a cycle an unpack, the schedule gave the conversions every cycle between
 * two of them (the IMAD pipe's 2) and put 5-8 of them before the LOP3s: 3 cycles a step (32 steps: 79 cycles, 95
 * without). */
static void free_slot_alternates(void **state)
{
    (void)state;
    const char *step = "mov.b32 {%3, %h0}, %2;\ncvt.f32.f16 %1, %3;\nlop3.b32 %1, %1, %2, 5, 0x6A;";
    uint64_t on = cycles_of(step, "ifetch.line 0\nschedule.free_slot 1\n", NULL),
             off = cycles_of(step, "ifetch.line 0\nschedule.free_slot 0\n", NULL);
    printf("unpack + cvt.f32.f16 + lop3, %d steps: schedule.free_slot 1 %llu cycles, 0 %llu\n", 8 * ROUNDS,
           (unsigned long long)on, (unsigned long long)off);
    assert_true(on <= 16 * ROUNDS + 16);
    assert_true(off * 100 >= on * 115); /* 95 against 79: 3 against 2 a step, less the region's ends */
}

/* schedule.free_slot 2: the pack `mov.b32 %r, {a, a}` of an add.f16's result has no SASS either (`HADD2 R,
 * R.H0_H0, R.H0_H0` writes both halves), so HADD2 (IMAD pipe) and LOP3 (ALU pipe) alternate one a cycle (probe_alu3
 * hadd_l: 547 cycles for 256 steps of one warp a sub-partition, 2.13 a step; docs/calibration.md "(half17)"). With
 * a schedule cycle a pack (free_slot 1) the schedule groups the adds and the LOP3s (32 steps: 83 cycles, 99 with
 * free_slot 1). */
static void free_slot_packs(void **state)
{
    (void)state;
    const char *step = "mov.b32 {%3, %h0}, %1;\nmov.b32 {%h30, %h0}, %2;\nadd.f16 %3, %3, %h30;\nmov.b32 %1, {%3, %3};\n"
                       "lop3.b32 %1, %1, %2, 5, 0x6A;";
    uint64_t two = cycles_of(step, "ifetch.line 0\nschedule.free_slot 2\n", NULL),
             one = cycles_of(step, "ifetch.line 0\nschedule.free_slot 1\n", NULL);
    printf("unpack + add.f16 + pack + lop3, %d steps: schedule.free_slot 2 %llu cycles, 1 %llu\n", 8 * ROUNDS,
           (unsigned long long)two, (unsigned long long)one);
    assert_true(two <= 16 * ROUNDS + 20); /* 2 a step (the IMAD and ALU pipes', side by side) and the ends: 83 */
    assert_true(one * 100 >= two * 115);  /* 99 */
}

/* schedule.xu_reader: ptxas puts a POPC's reader one XU op after it (probe_alu3.sass alu3_popc_l: `POPC R15; ULDC;
 * POPC R11; LOP3.LUT R15, R15`), a MUFU's two. Counting 9 cycles from a POPC to its reader, the list schedule does
 * the same, and in order the POPC after that LOP3 waits for it: (17 + 1) / 2 = 9 cycles a step, where with the
 * latency (17) it puts the LOP3 two POPCs later and the XU pipe's 8 decide. A MUFU keeps its two. */
static void xu_reader_one_later(void **state)
{
    (void)state;
    const char *popc = "popc.b32 %1, %2;\nlop3.b32 %1, %1, %2, 5, 0x6A;",
               *ex2 = "ex2.approx.ftz.f32 %1, %2;\nlop3.b32 %1, %1, %2, 5, 0x6A;";
    uint64_t on = cycles_of(popc, "ifetch.line 0\nschedule.xu_reader 9\n", NULL),
             off = cycles_of(popc, "ifetch.line 0\nschedule.xu_reader 0\n", NULL),
             mufu_on = cycles_of(ex2, "ifetch.line 0\nschedule.xu_reader 9\n", NULL),
             mufu_off = cycles_of(ex2, "ifetch.line 0\nschedule.xu_reader 0\n", NULL);
    printf("popc + lop3, %d steps: schedule.xu_reader 9 %llu cycles, 0 %llu; ex2 + lop3 %llu, %llu\n", 8 * ROUNDS,
           (unsigned long long)on, (unsigned long long)off, (unsigned long long)mufu_on, (unsigned long long)mufu_off);
    assert_true(on >= off + 8 * ROUNDS - 8); /* a cycle more a step */
    assert_int_equal(mufu_on, mufu_off);
}

/* schedule.xu_stall: ptxas spaces a warp's XU ops with stall counts (probe_alu3.sass alu3_popc_l: `POPC` S01, then
 * the `LOP3.LUT` that reads the POPC before it S07, after its scoreboard wait), so the wait adds to the 8: the POPC
 * after that LOP3 issues 7 cycles after it, 12 cycles a step on the H200 (3085 for 256 steps), where the XU pipe's 8
 * (pipe.xu), which overlaps the wait, gives 9. A MUFU's reader goes two MUFUs later, with no wait: 8 a step with the
 * rule or without (alu3_ex2f_l, H200 8.35). The fast path's issue plans key on the rule's state: --slow-path timing
 * gives the same cycles. */
static uint64_t xu_cycles(const char *step, const char *preset, unsigned slow)
{
    static char ptx[1 << 17];
    kernel_of(ptx, sizeof ptx, step, ROUNDS);
    uint64_t out[2] = {0, 0};
    run_ptx_paths(ptx, 32, out, 2, WS_MODE_TIMING, preset, slow);
    return out[0];
}

static void xu_stall_adds_wait(void **state)
{
    (void)state;
    const char *popc = "popc.b32 %1, %2;\nlop3.b32 %1, %1, %2, 5, 0x6A;",
               *ex2 = "ex2.approx.ftz.f32 %1, %2;\nlop3.b32 %1, %1, %2, 5, 0x6A;", *alone = "popc.b32 %1, %2;";
    uint64_t on = xu_cycles(popc, "ifetch.line 0\nschedule.xu_stall 8\n", 0),
             off = xu_cycles(popc, "ifetch.line 0\nschedule.xu_stall 0\n", 0),
             slow = xu_cycles(popc, "ifetch.line 0\nschedule.xu_stall 8\n", WS_SLOW_TIMING),
             mufu_on = xu_cycles(ex2, "ifetch.line 0\nschedule.xu_stall 8\n", 0),
             mufu_off = xu_cycles(ex2, "ifetch.line 0\nschedule.xu_stall 0\n", 0),
             one_on = xu_cycles(alone, "ifetch.line 0\nschedule.xu_stall 8\n", 0),
             one_off = xu_cycles(alone, "ifetch.line 0\nschedule.xu_stall 0\n", 0);
    printf("popc + lop3, %d steps: schedule.xu_stall 8 %llu cycles (slow path %llu), 0 %llu; ex2 + lop3 %llu, %llu; "
           "popc %llu, %llu\n",
           8 * ROUNDS, (unsigned long long)on, (unsigned long long)slow, (unsigned long long)off,
           (unsigned long long)mufu_on, (unsigned long long)mufu_off, (unsigned long long)one_on,
           (unsigned long long)one_off);
    assert_int_equal(on, slow);
    assert_true(on >= 12 * 8 * ROUNDS - 24 && on <= 12 * 8 * ROUNDS + 24); /* 12 a step, less or more the ends */
    assert_true(off <= 9 * 8 * ROUNDS + 24);
    /* a step the same: the region's end alone differs, where the xors of the streams' values go between the last XU
     * ops and wait for them (a cycle or two, 6 and 12 here) */
    assert_true(mufu_on <= 8 * 8 * ROUNDS + 24 && mufu_on <= mufu_off + 8);
    assert_true(one_on <= 8 * 8 * ROUNDS + 32 && one_on <= one_off + 16); /* POPC after POPC: the pipe's 8 */
    /* F2F.BF16.F32 whose zero-extension is free (fold.zext) is spaced as a POPC is (probe_alu3 f2bf_l, 12.08 a step
     * on the H200); with the zero-extension issued (fold.zext 0) warpsim's extra instruction would stand in between,
     * so it is not spaced there */
    const char *f2f = "cvt.rn.bf16.f32 %3, %2;\ncvt.u32.u16 %1, %3;\nlop3.b32 %1, %1, %2, 5, 0x6A;";
    uint64_t f2f_on = xu_cycles(f2f, "ifetch.line 0\nfold.zext 1\nschedule.xu_stall 8\n", 0),
             f2f_off = xu_cycles(f2f, "ifetch.line 0\nfold.zext 1\nschedule.xu_stall 0\n", 0),
             f2f_zext = xu_cycles(f2f, "ifetch.line 0\nfold.zext 0\nschedule.xu_stall 8\n", 0),
             f2f_zext_off = xu_cycles(f2f, "ifetch.line 0\nfold.zext 0\nschedule.xu_stall 0\n", 0);
    printf("cvt.rn.bf16.f32 + cvt.u32.u16 + lop3: fold.zext 1 %llu cycles, without the spacing %llu; fold.zext 0 %llu, "
           "%llu\n",
           (unsigned long long)f2f_on, (unsigned long long)f2f_off, (unsigned long long)f2f_zext,
           (unsigned long long)f2f_zext_off);
    assert_true(f2f_on >= 12 * 8 * ROUNDS - 24 && f2f_on <= 12 * 8 * ROUNDS + 32); /* the ends: F2F's 18 to the xor */
    assert_true(f2f_off <= 10 * 8 * ROUNDS + 24);
    assert_int_equal(f2f_zext, f2f_zext_off);

    /* One chain, brev then an xor reading it (bench_bits[2]: 23 cycles a step on the H200, the latency 17 and the
     * xor's 6 to the BREV reading it): ptxas counts the xor the BREV's latency after it in its own model, so its stall
     * count keeps the feed's 6, not the 7 of the spacing; the rule leaves such a chain as it was. */
    static char chain[1 << 14];
    int n = snprintf(chain, sizeof chain,
                     ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                     ".reg .b32 %%r<8>;\n.reg .b64 %%rd<8>;\nld.param.u64 %%rd1, [o];\nmov.u32 %%r1, %%tid.x;\n"
                     "mov.u64 %%rd2, %%clock64;\n");
    for (int i = 0; i < 32; i++)
        n += snprintf(chain + n, sizeof chain - n, "brev.b32 %%r1, %%r1;\nxor.b32 %%r1, %%r1, %d;\n", i + 1);
    snprintf(chain + n, sizeof chain - n,
             "mov.u64 %%rd3, %%clock64;\nsub.s64 %%rd4, %%rd3, %%rd2;\nst.global.u64 [%%rd1], %%rd4;\n"
             "st.global.u32 [%%rd1+8], %%r1;\nret;\n}\n");
    uint64_t c_on[2], c_off[2];
    run_ptx(chain, 32, c_on, 1, WS_MODE_TIMING, "ifetch.line 0\nschedule.xu_stall 8\n");
    run_ptx(chain, 32, c_off, 1, WS_MODE_TIMING, "ifetch.line 0\nschedule.xu_stall 0\n");
    printf("brev + xor, one chain of 32 steps: schedule.xu_stall 8 %llu cycles, 0 %llu\n", (unsigned long long)c_on[0],
           (unsigned long long)c_off[0]);
    assert_int_equal(c_on[0], c_off[0]);
    assert_true(c_on[0] >= 23 * 32 && c_on[0] <= 23 * 32 + 24); /* 23 a step and the ends */
}

/* add_pipes: a block the ALU pipe bounds (add, setp, selp a step: two ALU ops, 4 cycles) has every add on the
 * IMAD pipe (probe_alu mix: 256 IMAD.IADD, ISETP and SEL; 8 warps a sub-partition 4.17 cycles a step). Its adds,
 * which the renamed schedule issues together, would otherwise take the ALU pipe whenever the IMAD pipe is busy;
 * with no IMAD pipe rate (pipe.imad 0: an add never waits, never takes the ALU) the block takes as long. */
static void alu_bound_adds_on_imad(void **state)
{
    (void)state;
    static char ptx[1 << 17];
    kernel_of(ptx, sizeof ptx, "add.s32 %1, %1, %2;\nsetp.ne.s32 %p1, %1, 7;\nselp.b32 %1, %2, %1, %p1;", 32);
    uint64_t out[2];
    ws_result imad = run_ptx(ptx, 1024, out, 0, WS_MODE_TIMING, NULL),
              none = run_ptx(ptx, 1024, out, 0, WS_MODE_TIMING, "pipe.imad 0\n");
    printf("add + setp + selp, 8 warps a sub-partition: %llu cycles, pipe.imad 0 %llu\n",
           (unsigned long long)imad.stats.cycles, (unsigned long long)none.stats.cycles);
    assert_true(imad.stats.cycles * 100 <= none.stats.cycles * 102);
    /* the ALU pipe's bound: 8 warps x 256 steps x 2 ALU ops x 2 cycles */
    assert_true(imad.stats.cycles >= 8 * 256 * 4);
}

/* One warp's cycles for CHAIN_STEPS dependent steps of one chain (STEP: its text; registers %r2 (b32, from the
 * thread index), %fd1 (f64, from it), %h1, %f1, %fd2 scratch), thread 0 storing %r2 and %fd1 after the region. */
#define CHAIN_STEPS 32
static uint64_t chain_of(const char *step, const char *preset)
{
    static char ptx[1 << 14];
    int n = snprintf(ptx, sizeof ptx,
                     ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                     ".reg .b32 %%r<8>;\n.reg .b64 %%rd<8>;\n.reg .b16 %%h<4>;\n.reg .f32 %%f<4>;\n"
                     ".reg .f64 %%fd<4>;\n.reg .pred %%p1;\nld.param.u64 %%rd1, [o];\nmov.u32 %%r1, %%tid.x;\n"
                     "add.s32 %%r2, %%r1, 0x3c000000;\ncvt.rn.f64.u32 %%fd1, %%r2;\nmov.u64 %%rd2, %%clock64;\n");
    for (int i = 0; i < CHAIN_STEPS; i++)
        n += snprintf(ptx + n, sizeof ptx - n, "%s\n", step);
    snprintf(ptx + n, sizeof ptx - n,
             "mov.u64 %%rd3, %%clock64;\nsub.s64 %%rd4, %%rd3, %%rd2;\nsetp.ne.u32 %%p1, %%r1, 0;\n@%%p1 ret;\n"
             "st.global.u64 [%%rd1], %%rd4;\nmov.b64 %%rd5, %%fd1;\ncvt.u32.u64 %%r3, %%rd5;\n"
             "xor.b32 %%r2, %%r2, %%r3;\nst.global.u32 [%%rd1+8], %%r2;\nret;\n}\n");
    uint64_t out[2] = {0, 0}, f[2] = {0, 0};
    run_ptx(ptx, 32, out, 2, WS_MODE_TIMING, preset);
    run_ptx(ptx, 32, f, 2, WS_MODE_FUNCTIONAL, NULL);
    assert_int_equal(out[1], f[1]);
    return out[0];
}

/* A rule's cycles, key 1 then 0 (with the preset lines extra): c[0], c[1] of 8 streams of STEP, c[2], c[3] of one
 * chain of CHAIN (chain_of). */
static void rule_cycles(const char *key, const char *extra, const char *name, const char *step, const char *chain,
                        uint64_t c[4])
{
    char on[128], off[128];
    snprintf(on, sizeof on, "ifetch.line 0\n%s%s 1\n", extra, key);
    snprintf(off, sizeof off, "ifetch.line 0\n%s%s 0\n", extra, key);
    c[0] = cycles_of(step, on, NULL);
    c[1] = cycles_of(step, off, NULL);
    c[2] = chain_of(chain, on);
    c[3] = chain_of(chain, off);
    printf("%s, %d steps: %s 1 %llu cycles, 0 %llu; one chain of %d: %llu, %llu\n", name, 8 * ROUNDS, key,
           (unsigned long long)c[0], (unsigned long long)c[1], CHAIN_STEPS, (unsigned long long)c[2],
           (unsigned long long)c[3]);
}

/* fold.zext: ptxas makes a cvt.rn.f16.f32 or cvt.rn.bf16.f32 whose half is zero-extended (cvt.u32.u16) an F2F
 * that writes the 32-bit register, with no instruction for the zero-extension (probe_alu3.sass alu3_f2bf: 256
 * F2F.BF16.F32 and nothing else; H200 2081 cycles for 256 steps at one warp, 8.1 a step). Free, it takes no slot
 * and no schedule cycle: the XU pipe's 8 a step. Issued as an ALU op it waits for the F2F, and the next F2F waits
 * behind it in order (2492 cycles at 256 steps, 9.7 a step; here 274 and 325 for 32). In one chain: F2F's conv
 * (18) a step, 22 with the op (560 and 702 cycles for 32). */
static void zext_of_f2f_free(void **state)
{
    (void)state;
    uint64_t c[4];
    /* the XU pipe alone: schedule.xu_stall (which spaces these F2Fs once the zero-extension is free) off */
    rule_cycles("fold.zext", "schedule.xu_stall 0\n", "cvt.rn.bf16.f32 + cvt.u32.u16",
                "cvt.rn.bf16.f32 %3, %2;\ncvt.u32.u16 %1, %3;", "cvt.rn.bf16.f32 %h1, %r2;\ncvt.u32.u16 %r2, %h1;", c);
    assert_true(c[0] <= 8 * 8 * ROUNDS + 24); /* the XU pipe's 8 a step, and the region's ends */
    assert_true(c[1] >= c[0] + 8 * ROUNDS);   /* at least a cycle more a step */
    assert_true(c[2] <= 18 * CHAIN_STEPS + 16);
    assert_true(c[3] >= c[2] + 3 * CHAIN_STEPS);
}

/* conv.form: the readers decide the SASS of cvt.rn.f16.f32 (local ptxas 13.0, docs/calibration.md "(f2h17)"):
 * zero-extended, F2F.F16.F32 (the XU pipe; latency conv.f2h, 17: probe_lat16 f2h, docs/calibration.md "(lat18)");
 * read by cvt.f32.f16, F2FP.F16.F32.PACK_AB with RZ and HADD2.F32 (bench_conv[5]'s SASS): the ALU pipe's 2
 * cycles and the IMAD pipe's, one step every 2-3 cycles where an XU slot gives 8 (76 and 260 cycles for 32 steps). In
 * one zero-extended chain 17 a step, where conv.f16 gave 5 and the XU pipe 8 (529 and 250 cycles for 32). */
static void cvt_to_half_sass_by_reader(void **state)
{
    (void)state;
    uint64_t c[4];
    rule_cycles("conv.form", "fold.zext 1\n", "cvt.rn.f16.f32 + cvt.f32.f16",
                "cvt.rn.f16.f32 %3, %2;\ncvt.f32.f16 %1, %3;", "cvt.rn.f16.f32 %h1, %r2;\ncvt.u32.u16 %r2, %h1;", c);
    assert_true(c[0] <= 3 * 8 * ROUNDS + 24);
    assert_true(c[1] >= 8 * 8 * ROUNDS);
    assert_true(c[2] >= 16 * CHAIN_STEPS); /* 17 a step, less the clock reads' overlap */
    assert_true(c[2] <= 17 * CHAIN_STEPS + 16);
    assert_true(c[3] <= 8 * CHAIN_STEPS + 16); /* conv.f16 (5) a step, the XU pipe's 8 */
}

/* fold.neg: ptxas writes a neg.f64 whose reader is a cvt.rn.f32.f64 as the F2F's negated operand (probe_alu3.sass
 * alu3_d2f: `F2F.F32.F64 R29, -R8`, no DADD), so it takes no issue cycle and no latency; issued, it holds the
 * sub-partition's issue 2 cycles (pipe.f64) and its result comes 4 later. probe_alu3 d2f (two F2F.F32.F64 a step,
 * one of a neg) at one warp: H200 4675 cycles for 256 steps, warpsim 4636 with it, 5036 without (+7.7%). One chain
 * of neg, F2F.F32.F64, F2F.F64.F32: 36 cycles a step, 40 with the neg issued (1152 and 1280 for 32; 8 streams of
 * the d2f step: 301 and 335). */
static void neg_of_f2f_operand(void **state)
{
    (void)state;
    uint64_t c[4];
    rule_cycles("fold.neg", "", "neg.f64 + cvt.rn.f32.f64",
                "{.reg .f64 a, b;\nmov.b64 a, {%1, %2};\nneg.f64 b, a;\ncvt.rn.f32.f64 %1, b;}",
                "neg.f64 %fd2, %fd1;\ncvt.rn.f32.f64 %f1, %fd2;\ncvt.f64.f32 %fd1, %f1;", c);
    assert_true(c[0] < c[1]);
    assert_true(c[2] <= 36 * CHAIN_STEPS + 16);
    assert_true(c[3] >= c[2] + 3 * CHAIN_STEPS);
    /* a MUFU without fix-ups takes -R too (probe_alu3.sass alu3_rcpf_x: `MUFU.RCP R4, -R4`): the neg is free */
    rule_cycles("fold.neg", "", "neg.f32 + rcp.approx.ftz.f32",
                "{.reg .f32 a;\nneg.f32 a, %2;\nrcp.approx.ftz.f32 %1, a;}",
                "neg.f32 %f2, %f1;\nrcp.approx.ftz.f32 %f1, %f2;", c);
    assert_true(c[0] <= c[1]);
    assert_true(c[3] >= c[2] + 3 * CHAIN_STEPS);
    /* with ptxas's fix-ups (rcp.approx.f32 without .ftz) the neg stays an instruction: the key changes nothing */
    rule_cycles("fold.neg", "", "neg.f32 + rcp.approx.f32", "{.reg .f32 a;\nneg.f32 a, %2;\nrcp.approx.f32 %1, a;}",
                "neg.f32 %f2, %f1;\nrcp.approx.f32 %f1, %f2;", c);
    assert_int_equal(c[0], c[1]);
    assert_int_equal(c[2], c[3]);
}

/* bits.feed for a MUFU that reads its source itself (ws_mufu_fixups 0): ptxas waits 6 cycles, not 4, from a LOP3 to
 * the MUFU reading it, as to a POPC (probe_lat16.sass lat16_ex2_l_1: `LOP3.LUT R13, R12, ...` S06, `MUFU.EX2 R13,
 * R13`). One chain of ex2.approx.ftz.f32 + xor: the H200's 22.99 cycles a step (lat16 ex2_l_1, 128 and 256 steps),
 * MUFU's 17 and the 6; 21 without the feed (736 and 672 cycles for 32). With ptxas's fix-ups (ex2.approx.f32) an FSETP
 * reads the source, not the MUFU: the key changes nothing. */
static void mufu_waits_feed(void **state)
{
    (void)state;
    const char *ftz = "ex2.approx.ftz.f32 %r2, %r2;\nxor.b32 %r2, %r2, %r1;";
    const char *fix = "ex2.approx.f32 %r2, %r2;\nxor.b32 %r2, %r2, %r1;";
    uint64_t c[4] = {chain_of(ftz, "ifetch.line 0\nbits.feed 2\n"), chain_of(ftz, "ifetch.line 0\nbits.feed 0\n"),
                     chain_of(fix, "ifetch.line 0\nbits.feed 2\n"), chain_of(fix, "ifetch.line 0\nbits.feed 0\n")};
    printf("ex2.approx.ftz.f32 + xor, one chain of %d: bits.feed 2 %llu cycles, 0 %llu; ex2.approx.f32 + xor %llu, "
           "%llu\n",
           CHAIN_STEPS, (unsigned long long)c[0], (unsigned long long)c[1], (unsigned long long)c[2],
           (unsigned long long)c[3]);
    assert_true(c[0] >= 23 * CHAIN_STEPS - 8 && c[0] <= 23 * CHAIN_STEPS + 8);
    assert_true(c[1] + 2 * CHAIN_STEPS - 8 <= c[0]);
    assert_int_equal(c[2], c[3]);
}

/* schedule.xu_fixup: a MUFU form with ptxas's range fix-ups reads its source with an FSETP, which ptxas issues one XU
 * op after the POPC that makes the source, waiting for it, with the spacing left as its stall count; the MUFU goes
 * later (probe_alu3.sass alu3_ex2_x: `POPC` S01, an FMUL S01, the FSETP of the POPC before S06). So in warpsim's run
 * of POPCs the one two after a POPC whose value such a form reads waits for that POPC's result and 7: ex2.approx.f32 +
 * popc 20.25 cycles a step on the H200 (5184 for 256), warpsim 16.1 with the POPCs 8 apart, 19.3 with the rule. .ftz (no fix-ups: the MUFU
 * reads the source itself) and the key 0 keep the 8. --slow-path timing gives the fast path's cycles. */
static void fixup_waits_popc(void **state)
{
    (void)state;
    enum { ON, OFF, SLOW, UNSPACED, FTZ_ON, FTZ_OFF, RSQRT_ON, RSQRT_OFF, SIN_ON, SIN_OFF, TANH_ON, TANH_OFF, CASES };
    static const char *const form[CASES] = {"ex2.approx.f32",   "ex2.approx.f32",     "ex2.approx.f32",
                                            "ex2.approx.f32",   "ex2.approx.ftz.f32", "ex2.approx.ftz.f32",
                                            "rsqrt.approx.f32", "rsqrt.approx.f32",   "sin.approx.f32",
                                            "sin.approx.f32",   "tanh.approx.f32",    "tanh.approx.f32"};
    static const char *const key[CASES] = {"schedule.xu_fixup 1", "schedule.xu_fixup 0", "schedule.xu_fixup 1",
                                           "schedule.xu_stall 0", "schedule.xu_fixup 1", "schedule.xu_fixup 0",
                                           "schedule.xu_fixup 1", "schedule.xu_fixup 0", "schedule.xu_fixup 1",
                                           "schedule.xu_fixup 0", "schedule.xu_fixup 1", "schedule.xu_fixup 0"};
    unsigned long long c[CASES];
    for (int i = 0; i < CASES; i++) {
        char step[64], preset[64];
        snprintf(step, sizeof step, "%s %%1, %%2;\npopc.b32 %%1, %%1;", form[i]);
        snprintf(preset, sizeof preset, "ifetch.line 0\n%s\n", key[i]);
        c[i] = xu_cycles(step, preset, i == SLOW ? WS_SLOW_TIMING : 0);
        printf("%s + popc, %d steps, %s%s: %llu cycles\n", form[i], 8 * ROUNDS, key[i], i == SLOW ? " (slow path)" : "",
               c[i]);
    }
    unsigned long long on = c[ON], off = c[OFF];
    assert_int_equal(on, c[SLOW]);
    /* 595 and 539: 1.75 cycles a step more, from the POPC runs of 8 and 16 by turns (the first and last step of a
     * round lose nothing) */
    assert_true(on >= off + 3 * 8 * ROUNDS / 2 && on <= 21 * 8 * ROUNDS);
    assert_true(off <= 17 * 8 * ROUNDS); /* the XU pipe's 8 + 8 and the region's ends */
    assert_true(c[UNSPACED] <= off);     /* the rule needs ptxas's spacing */
    assert_int_equal(c[FTZ_ON], c[FTZ_OFF]);
    assert_int_equal(c[RSQRT_ON], on); /* the other fix-up forms alike */
    assert_int_equal(c[RSQRT_OFF], off);
    /* sin's FMUL.RZ reads the source before the MUFU as the fix-ups' FSETP does (probe_alu3.sass alu3_sin_x: POPC S01,
     * the FMUL.RZ of the POPC before S07); tanh's MUFU reads it itself */
    assert_true(c[SIN_ON] >= c[SIN_OFF] + 3 * 8 * ROUNDS / 2);
    assert_int_equal(c[TANH_ON], c[TANH_OFF]);
}

/* rcp.approx.f32's fix-ups are four ALU instructions (two FSETP, two FSEL: 8 cycles of the ALU pipe, as many as its
 * MUFU's on the XU pipe); ptxas spaces its MUFU with the POPCs on the XU pipe and puts the fix-ups between other
 * chains' instructions (probe_alu3.sass alu3_rcp_x), so the list schedule counts the form on the XU pipe: runs of
 * POPCs as for ex2, whose late FSETP readers (schedule.xu_fixup) then bind: rcp.approx.f32 + popc 19.65 cycles a step
 * on the H200 at one warp (5030 for 256), warpsim 16.35 with the form counted on the ALU pipe, 19.3 here as ex2's.
 * docs/calibration.md "(rcp20)". */
static void rcp_scheduled_on_xu(void **state)
{
    (void)state;
    const char *rcp = "rcp.approx.f32 %1, %2;\npopc.b32 %1, %1;", *ex2 = "ex2.approx.f32 %1, %2;\npopc.b32 %1, %1;";
    /* pipe.rcp_fixup 0: the fix-ups' ALU pipe 8 cycles as ex2's XU, the list schedule alone compared ("(fit23)") */
#define RCP8 "ifetch.line 0\npipe.rcp_fixup 0\n"
    uint64_t on = xu_cycles(rcp, RCP8 "schedule.xu_fixup 1\n", 0), off = xu_cycles(rcp, RCP8 "schedule.xu_fixup 0\n", 0),
             slow = xu_cycles(rcp, RCP8 "schedule.xu_fixup 1\n", WS_SLOW_TIMING),
             ex2_on = xu_cycles(ex2, "ifetch.line 0\nschedule.xu_fixup 1\n", 0);
    printf("rcp.approx.f32 + popc, %d steps: schedule.xu_fixup 1 %llu cycles (slow path %llu), 0 %llu; ex2 %llu\n",
           8 * ROUNDS, (unsigned long long)on, (unsigned long long)slow, (unsigned long long)off,
           (unsigned long long)ex2_on);
    assert_int_equal(on, slow);
    assert_int_equal(on, ex2_on);                /* the POPC runs of ex2_x */
    assert_true(on >= off + 3 * 8 * ROUNDS / 2); /* the late readers bind */
    assert_true(off <= 17 * 8 * ROUNDS);         /* the XU pipe's 8 + 8 and the region's ends */
    /* the built-in pipe.rcp_fixup 1 (the fix-ups' ALU pipe 9 a form) adds to it, the slow path's the same */
    assert_true(xu_cycles(rcp, "ifetch.line 0\nschedule.xu_fixup 1\n", 0) > on);
    assert_int_equal(xu_cycles(rcp, "ifetch.line 0\nschedule.xu_fixup 1\n", 0),
                     xu_cycles(rcp, "ifetch.line 0\nschedule.xu_fixup 1\n", WS_SLOW_TIMING));
#undef RCP8
}

/* schedule.high_wait: ptxas's list schedule waits out the pipe of a MUFU form with fix-ups that is higher than the ready
 * candidate by more than the key, rather than filling the cycle with a lower chain: probe_rcp20.sass rcp20_rmi (the
 * rcp form on a 64-bit stream's low half, an IMAD on its high half: two independent chains) has the fix-ups `FSETP`
 * S02, `FSEL` S02 and all 256 IMADs after the 256 forms. The same kernel here (8 streams, 32 rounds; the halves
 * packed and unpacked with mov.b64 as the probe's inline PTX does): with the key the IMADs go later, after the forms
 * of their piece, and one warp takes more cycles (the H200 12.29 a step at one warp a sub-partition against rm's
 * 10.97, warpsim 10.77 without the rule, 11.09 with it; docs/calibration.md "(rcp30)"). The slow path agrees. */
#define RMI_ROUNDS 32 /* the probe's 256 steps: the pieces (schedule.piece) of about 25 steps each */
static uint64_t rmi_cycles(const char *preset, unsigned slow)
{
    static char ptx[1 << 17];
    size_t len = sizeof ptx;
    int n = snprintf(ptx, len,
                     ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"
                     ".reg .b32 %%r<40>;\n.reg .b64 %%rd<40>;\n.reg .pred %%p<4>;\n"
                     "ld.param.u64 %%rd1, [o];\nmov.u32 %%r1, %%tid.x;\ncvt.u64.u32 %%rd2, %%r1;\n");
    for (int i = 0; i < 8; i++)
        n += snprintf(ptx + n, len - n, "add.s64 %%rd%d, %%rd2, %d;\n", 10 + i, 0x3c000000 + i);
    n += snprintf(ptx + n, len - n, "mov.u64 %%rd8, %%clock64;\n");
    for (int r = 0; r < RMI_ROUNDS; r++)
        for (int i = 0; i < 8; i++)
            n += snprintf(ptx + n, len - n,
                          "{.reg .b32 vl, vh, ul, uh; mov.b64 {vl, vh}, %%rd%d; mov.b64 {ul, uh}, %%rd%d; "
                          "rcp.approx.f32 vl, ul; mad.lo.s32 vh, vh, uh, 5; mov.b64 %%rd%d, {vl, vh};}\n",
                          10 + i, 10 + (i + 1) % 8, 10 + i);
    n += snprintf(ptx + n, len - n,
                  "xor.b64 %%rd3, %%rd10, %%rd11;\nxor.b64 %%rd3, %%rd3, %%rd12;\nxor.b64 %%rd3, %%rd3, %%rd13;\n"
                  "xor.b64 %%rd3, %%rd3, %%rd14;\nxor.b64 %%rd3, %%rd3, %%rd15;\nxor.b64 %%rd3, %%rd3, %%rd16;\n"
                  "xor.b64 %%rd3, %%rd3, %%rd17;\nmov.u64 %%rd9, %%clock64;\nsub.s64 %%rd4, %%rd9, %%rd8;\n"
                  "setp.ne.u32 %%p1, %%r1, 0;\n@%%p1 ret;\nst.global.u64 [%%rd1], %%rd4;\n"
                  "st.global.u64 [%%rd1+8], %%rd3;\nret;\n}\n");
    uint64_t out[2] = {0, 0};
    run_ptx_paths(ptx, 32, out, 2, WS_MODE_TIMING, preset, slow);
    return out[0];
}

static void rcp_form_waits_high(void **state)
{
    (void)state;
    /* the 64-bit register joined (schedule.pair_split 0), as the rule was fitted: with the halves apart the IMADs'
     * chain no longer waits for the forms at each pack (rcp20 rmi within 7% either way, docs/calibration.md "(half35)");
     * every line kept (ifetch.hold 0): the kernel (33 KiB) is past ifetch.hold, and the near caches' refetch at the
     * far pace ("(near56)") would hide the rule (2811 cycles against 2795) */
#define WARM "ifetch.line 0\nifetch.hold 0\nschedule.pair_split 0\n"
    uint64_t on = rmi_cycles(WARM "schedule.high_wait 8\n", 0),
             slow = rmi_cycles(WARM "schedule.high_wait 8\n", WS_SLOW_TIMING),
             off = rmi_cycles(WARM "schedule.high_wait 0\n", 0), built = rmi_cycles(WARM, 0);
#undef WARM
    printf("rcp.approx.f32 and an independent mad.lo, %d steps: schedule.high_wait 8 %llu cycles (slow path %llu), "
           "0 %llu, built-in %llu\n",
           8 * RMI_ROUNDS, (unsigned long long)on, (unsigned long long)slow, (unsigned long long)off,
           (unsigned long long)built);
    assert_int_equal(on, slow);
    assert_int_equal(on, built);                 /* sm_90 has it */
    assert_true(on >= off + 8 * RMI_ROUNDS / 8); /* the IMADs no longer fill the forms' cycles: 2641 against 2477 */
}

/* mad19 ffm (two fma.rn.f32 and a mad.lo.s32 a step on a stream, 8 streams, 32 rounds: 256 steps a warp) with
 * schedule.fma_chain's order (runs of four FFMAs, then IMADs, as ptxas's), warp 0's cycles between its clocks at
 * `threads` threads (32 a sub-partition, one warp: 128), with the preset text (ifetch.line 0: warm code); slow: the
 * slow paths (--slow-path timing). */
static uint64_t ffm_cycles(const char *preset, unsigned threads, unsigned slow)
{
    static char ptx[1 << 17];
    kernel_of(ptx, sizeof ptx, "fma.rn.f32 %1, %1, %2, %1;\nfma.rn.f32 %1, %1, %2, %1;\nmad.lo.s32 %1, %1, %2, 5;", 32);
    uint64_t out[2] = {0, 0};
    run_ptx_paths(ptx, threads, out, 2, WS_MODE_TIMING, preset, slow);
    return out[0];
}

/* pipe.fma_halves and pick.yield on ptxas's order of ffm (docs/calibration.md "(ffm30)", "(order32)"): the H200 takes
 * 4.55-4.59 cycles a step at 1, 2, 4 and 8 warps a sub-partition (h200f's mad19), and ptxas's SASS replayed with the
 * FMA pipe's two halves and its yield bits as the pick gives 4.48-4.54 (halves_yield_model.py). One warp a
 * sub-partition: F F F F take the lite, heavy, lite, heavy half, the IMADs wait for the heavy one: 4.5 a step, where one
 * FMA pipe gives 4.0. Two warps a sub-partition: the kept warp runs its FFMAs and IMADs until an IMAD clears its bit,
 * the other's IMAD waiting for the heavy half: the one-warp rate, where the round robin and pick.pipe give 3.1 (each
 * IMAD beside another warp's FFMAs). The slow path agrees. */
static void fma_halves_yield(void **state)
{
    (void)state;
#define FFM_ON "ifetch.line 0\nschedule.fma_chain 5\n"
    uint64_t one = ffm_cycles(FFM_ON "pipe.fma_halves 2\npick.yield 12\n", 128, 0),
             one_pipe = ffm_cycles(FFM_ON "pipe.fma_halves 0\npick.yield 12\n", 128, 0),
             two = ffm_cycles(FFM_ON "pipe.fma_halves 2\npick.yield 12\n", 256, 0),
             two_slow = ffm_cycles(FFM_ON "pipe.fma_halves 2\npick.yield 12\n", 256, WS_SLOW_TIMING),
             two_rr = ffm_cycles(FFM_ON "pipe.fma_halves 2\npick.yield 0\n", 256, 0),
             built = ffm_cycles("ifetch.line 0\n", 256, 0);
    printf("ffm, 256 steps a warp: one warp a sub-partition halves %llu cycles, one FMA pipe %llu; two warps a "
           "sub-partition halves + yield %llu (slow path %llu), halves alone %llu, built-in %llu\n",
           (unsigned long long)one, (unsigned long long)one_pipe, (unsigned long long)two, (unsigned long long)two_slow,
           (unsigned long long)two_rr, (unsigned long long)built);
    assert_int_equal(two, two_slow);
    assert_int_equal(two, built);                                      /* sm_90 has them */
    assert_true(one >= 256 * 44 / 10 && one <= 256 * 47 / 10);         /* 4.4-4.7 a step */
    assert_true(one_pipe <= 256 * 42 / 10);                            /* one FMA pipe: 4.0 */
    assert_true(two >= 2 * 256 * 42 / 10 && two <= 2 * 256 * 47 / 10); /* warp 0's span of both warps' steps */
    assert_true(two_rr <= 2 * 256 * 35 / 10);                          /* the round robin: 3.1 */
#undef FFM_ON
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(reused_registers_renamed),
        cmocka_unit_test(unpack_source_renamed),
        cmocka_unit_test(pipes_alternate),
        cmocka_unit_test(free_slot_alternates),
        cmocka_unit_test(free_slot_packs),
        cmocka_unit_test(xu_reader_one_later),
        cmocka_unit_test(alu_bound_adds_on_imad),
        cmocka_unit_test(zext_of_f2f_free),
        cmocka_unit_test(cvt_to_half_sass_by_reader),
        cmocka_unit_test(neg_of_f2f_operand),
        cmocka_unit_test(xu_stall_adds_wait),
        cmocka_unit_test(mufu_waits_feed),
        cmocka_unit_test(fixup_waits_popc),
        cmocka_unit_test(rcp_scheduled_on_xu),
        cmocka_unit_test(rcp_form_waits_high),
        cmocka_unit_test(fma_halves_yield),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
