/* The timing layer: scoreboard, sub-partitions, banks, %clock64, the preset, and the rule that
 * the timing mode changes when instructions issue, never what they compute. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <dirent.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "banks.h"
#include "fold.h"
#include "run_ptx.h"
#include "schedule.h"
#include "sim_harness.h"
#include "stq.h"
#include "stq_regs.h"
#include "timing.h"

static const char *warpsim_bin;

#define HEAD                                                                                                           \
    ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u64 o)\n{\n"                             \
    ".reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.reg .pred %p<2>;\nld.param.u64 %rd1, [o];\n"

/* A dependent op waits the add latency (4 on sm_90); an independent one issues next cycle. (A xor
 * reads the add: two dependent adds would be one IADD3, sim/fold.h; every result is stored: one nothing reads would be
 * dead code, fold.dead.) */
static void scoreboard_delays_dependent(void **state)
{
    (void)state;
    const char *ptx =
        HEAD "mov.u32 %r1, 5;\nmov.u64 %rd2, %clock64;\nadd.u32 %r2, %r1, 1;\nxor.b32 %r3, %r2, 1;\n"
             "mov.u64 %rd3, %clock64;\nadd.u32 %r4, %r1, 1;\nadd.u32 %r5, %r1, 2;\nmov.u64 %rd4, %clock64;\n"
             "sub.s64 %rd5, %rd3, %rd2;\nsub.s64 %rd6, %rd4, %rd3;\nst.global.u64 [%rd1], %rd5;\n"
             "st.global.u64 [%rd1+8], %rd6;\nst.global.u32 [%rd1+16], %r3;\nst.global.u32 [%rd1+24], %r4;\n"
             "st.global.u32 [%rd1+28], %r5;\nret;\n}\n";
    uint64_t out[3];
    run_ptx(ptx, 32, out, 3, WS_MODE_TIMING, NULL);
    /* clock, add (c+1), dependent xor (c+1+4), clock (c+6): 6; then two independent adds: 3 */
    assert_int_equal(out[0], 1 + 4 + 1);
    assert_int_equal(out[1], 3);
    assert_int_equal((uint32_t)out[2], 7);
    /* %clock64 differences follow the preset: add latency 10 */
    run_ptx(ptx, 32, out, 3, WS_MODE_TIMING, "add 10\n");
    assert_int_equal(out[0], 1 + 10 + 1);
}

/* 4 warps on 4 sub-partitions issue their independent instructions in the same cycle: 4
 * warps take as many cycles as 1; 8 warps share the sub-partitions. (start.warps 0: every warp
 * starts at cycle 0, not a first launch's stagger, test_timing_cold.) */
static void four_subpartitions_issue_together(void **state)
{
    (void)state;
    const char *ptx = HEAD "add.u32 %r1, %r1, 1;\nadd.u32 %r2, %r2, 1;\nadd.u32 %r3, %r3, 1;\nadd.u32 %r4, %r4, 1;\n"
                           "ret;\n}\n";
    uint64_t out[1];
    const char *together = "start.warps 0\n";
    ws_result r1 = run_ptx(ptx, 32, out, 0, WS_MODE_TIMING, together);
    ws_result r4 = run_ptx(ptx, 128, out, 0, WS_MODE_TIMING, together);
    ws_result r8 = run_ptx(ptx, 256, out, 0, WS_MODE_TIMING, together);
    assert_int_equal(r1.stats.cycles, r4.stats.cycles);
    assert_true(r8.stats.cycles > r4.stats.cycles);
    assert_true(r8.stats.stalls[WS_STALL_ISSUE] > 0);
}

/* What issue() looks at only for the instructions timing_info.rare flags follows the preset and
 * the instruction: a branch holds its warp `branch` cycles (1 on sm_90: the next instruction
 * issues the next cycle), a fence `fence.cta` cycles after the warp's results are ready. Neither
 * shows with the built-in preset's branch key, so a fact left out of the flag would pass every
 * golden: this compares each against its key raised. */
static void rare_issue_facts(void **state)
{
    (void)state;
    const char *branch = HEAD "mov.u64 %rd2, %clock64;\nbra L1;\nL1:\nmov.u64 %rd3, %clock64;\n"
                              "sub.s64 %rd5, %rd3, %rd2;\nst.global.u64 [%rd1], %rd5;\nret;\n}\n";
    const char *fence = HEAD "mov.u64 %rd2, %clock64;\nmembar.cta;\nmov.u64 %rd3, %clock64;\n"
                             "sub.s64 %rd5, %rd3, %rd2;\nst.global.u64 [%rd1], %rd5;\nret;\n}\n";
    uint64_t base[1], raised[1];
    run_ptx(branch, 32, base, 1, WS_MODE_TIMING, NULL);
    run_ptx(branch, 32, raised, 1, WS_MODE_TIMING, "branch 7\n");
    assert_int_equal(raised[0], base[0] + 6);
    run_ptx(fence, 32, base, 1, WS_MODE_TIMING, NULL);
    run_ptx(fence, 32, raised, 1, WS_MODE_TIMING, "fence.cta 21\n");
    assert_int_equal(raised[0], base[0] + 20);
}

static void bank_wavefronts(void **state)
{
    (void)state;
    uint64_t a[32];
    uint8_t bank[32];
    for (unsigned l = 0; l < 32; l++)
        a[l] = 4 * l;
    assert_int_equal(ws_bank_wavefronts(a, 0xffffffffu, 4, bank), 1);
    assert_int_equal(bank[5], 5);
    for (unsigned l = 0; l < 32; l++)
        a[l] = 8 * l; /* stride 2 words */
    assert_int_equal(ws_bank_wavefronts(a, 0xffffffffu, 4, bank), 2);
    for (unsigned l = 0; l < 32; l++)
        a[l] = 128 * l; /* stride 32 words: one bank */
    assert_int_equal(ws_bank_wavefronts(a, 0xffffffffu, 4, bank), 32);
    assert_int_equal(bank[31], 0);
    for (unsigned l = 0; l < 32; l++)
        a[l] = 64; /* broadcast */
    assert_int_equal(ws_bank_wavefronts(a, 0xffffffffu, 4, bank), 1);
    for (unsigned l = 0; l < 32; l++)
        a[l] = 8 * l; /* 64-bit consecutive: two half-warp phases */
    assert_int_equal(ws_bank_wavefronts(a, 0xffffffffu, 8, bank), 2);
    for (unsigned l = 0; l < 32; l++)
        a[l] = 16 * l; /* 128-bit consecutive: four phases */
    assert_int_equal(ws_bank_wavefronts(a, 0xffffffffu, 16, bank), 4);
    assert_int_equal(ws_bank_wavefronts(a, 0x0000ffffu, 8, bank), 2); /* 64-bit stride 2: 2 words a bank */
    for (unsigned l = 0; l < 32; l++)
        a[l] = 4 * (l % 3) + 128 * (l / 16);                          /* 3 words a half, mixed */
    assert_int_equal(ws_bank_wavefronts(a, 0xffffffffu, 4, bank), 2); /* banks 0-2 hold 2 words each */
    assert_int_equal(ws_bank_wavefronts(a, 0x0000ffffu, 4, bank), 1);
    /* one lane (ws_bank_wavefronts' own case, without the walk): the walk's count and bank, each size,
     * lane and a few addresses (its words consecutive, unaligned to the banks' row too) */
    static const unsigned sizes[] = {1, 2, 4, 8, 16}; /* up to a v4.b32 (ws_bank_access holds 4 words a lane) */
    for (unsigned i = 0; i < sizeof sizes / sizeof *sizes; i++)
        for (unsigned l = 0; l < 32; l++)
            for (uint64_t at = 0; at < 256; at += 36) {
                ws_bank_access m;
                for (unsigned k = 0; k < 32; k++)
                    a[k] = 4 * k;
                a[l] = at + sizes[i] * l;
                memset(bank, 0xff, sizeof bank);
                assert_int_equal(ws_bank_wavefronts(a, 1u << l, sizes[i], bank), ws_bank_rule(a, 1u << l, sizes[i], &m));
                assert_int_equal(bank[l], m.bank[l][0]);
            }
}

/* the viewer's map of an access: bank, wavefront and broadcast source of each lane's words,
 * and the degree per phase; the wavefronts are the timing model's */
static void bank_rule_map(void **state)
{
    (void)state;
    uint64_t a[32];
    ws_bank_access m;
    for (unsigned l = 0; l < 32; l++)
        a[l] = 8 * l; /* stride 2 words: lanes l and l + 16 share a bank */
    assert_int_equal(ws_bank_rule(a, 0xffffffffu, 4, &m), 2);
    assert_int_equal(m.degree[0], 2);
    assert_int_equal(m.min_wavefronts, 1);
    assert_int_equal(m.bank[16][0], 0);
    assert_int_equal(m.wave[3][0], 0);
    assert_int_equal(m.wave[19][0], 1);
    assert_int_equal(m.first[19][0], 19);
    for (unsigned l = 0; l < 32; l++)
        a[l] = 64 + 4 * (l / 8); /* 4 words, 8 lanes on each: broadcasts */
    assert_int_equal(ws_bank_rule(a, 0xfffffffeu, 4, &m), 1);
    assert_int_equal(m.first[5][0], 1); /* lane 0 is not in the mask: lane 1 brings word 16 */
    assert_int_equal(m.first[9][0], 8);
    assert_int_equal(m.first[0][0], -1);
    assert_int_equal(m.bank[31][0], 19);
    for (unsigned l = 0; l < 32; l++)
        a[l] = 16 * l; /* 128-bit consecutive: 4 phases of 8 lanes */
    assert_int_equal(ws_bank_rule(a, 0xffffffffu, 16, &m), 4);
    assert_int_equal(m.lanes_per_phase, 8);
    assert_int_equal(m.words, 4);
    assert_int_equal(m.bank[9][3], 7);
    assert_int_equal(m.wave[9][3], 1); /* phase 1 */
    assert_int_equal(m.degree[3], 1);
    for (unsigned l = 0; l < 32; l++)
        a[l] = 8 * 32 * l; /* 64-bit, stride 64 words: one bank pair */
    assert_int_equal(ws_bank_rule(a, 0xffffffffu, 8, &m), 32);
    assert_int_equal(m.degree[0], 16);
    assert_int_equal(m.wave[31][1], 31);
}

/* the most lanes of an access that name one 4-byte word (stores to one word are serialised), or
 * one granule of a narrower store (lanes storing different bytes of a word do not take turns) */
static void bank_same_word_lanes(void **state)
{
    (void)state;
    uint64_t a[32];
    for (unsigned l = 0; l < 32; l++)
        a[l] = 4 * l + (l & 3); /* bytes of 32 distinct words */
    assert_int_equal(ws_bank_same_word_lanes(a, 0xffffffffu, 4), 1);
    for (unsigned l = 0; l < 32; l++)
        a[l] = l < 5 ? 400 + (l & 3) : l < 8 ? 4096 : 8 * l + 1024;
    assert_int_equal(ws_bank_same_word_lanes(a, 0xffffffffu, 4), 5); /* lanes 0-4: bytes of word 100 */
    assert_int_equal(ws_bank_same_word_lanes(a, 0xffffffe0u, 4), 3); /* lanes 5-7: word 1024 */
    assert_int_equal(ws_bank_same_word_lanes(a, 0, 4), 0);
    assert_int_equal(ws_bank_same_word_lanes(a, 0x1fu, 1), 2); /* bytes: lanes 0 and 4 store byte 400 */
    for (unsigned l = 0; l < 32; l++)
        a[l] = 64;
    assert_int_equal(ws_bank_same_word_lanes(a, 0xffffffffu, 4), 32);
    assert_int_equal(ws_bank_same_word_lanes(a, 0xffffffffu, 2), 32);
    for (unsigned l = 0; l < 32; l++)
        a[l] = 2 * l; /* st.shared.u16 consecutive: two lanes a word */
    assert_int_equal(ws_bank_same_word_lanes(a, 0xffffffffu, 4), 2);
    assert_int_equal(ws_bank_same_word_lanes(a, 0xffffffffu, 2), 1);
}

/* The MIO store queue (sim/stq.c): the data stage takes a store's data one store after the other
 * and holds at most `bytes`; the bank stage writes one store after the other and holds at most
 * `wavefronts` and `stores`; a store that does not fit in the data stage waits for the oldest to
 * leave it; the writes of every queue take the block's shared pipe in turn. */
static void store_queue_stages(void **state)
{
    (void)state;
    ws_stq q = {0};
    ws_stq_bounds b = {256, 0, 1, 0, 0}; /* two 128-byte stores; one in the bank stage */
    ws_stq_store st = {.bytes = 128, .wavefronts = 32, .data = 4, .write = 64}; /* u32 128 bytes apart */
    double moved, pipe = 0;                                                     /* the block's shared pipe */
    assert_true(ws_stq_room(&q, 0, &st, b) == 0);
    assert_true(ws_stq_push(&q, 0, 0, &st, b, &moved, &pipe) == 64); /* written 64 cycles on */
    assert_true(moved == 4);                                         /* its data taken */
    /* the second enters the bank stage when the first is written */
    assert_true(ws_stq_push(&q, 4, 4, &st, b, &moved, &pipe) == 128);
    assert_true(moved == 64);
    /* the data stage holds both until 64: a third fits when the first has left it */
    assert_true(ws_stq_room(&q, 8, &st, b) == 8);
    assert_true(ws_stq_push(&q, 8, 64, &st, b, &moved, &pipe) == 192);
    assert_true(moved == 128);
    assert_true(ws_stq_room(&q, 12, &st, b) == 64); /* 256 bytes held until the second leaves */
    /* data-bound stores (v4, 512 bytes: 10 cycles of data, 8 of writes) drain at the data rate */
    ws_stq p = {0};
    ws_stq_store v4 = {.bytes = 512, .wavefronts = 4, .data = 10, .write = 8};
    ws_stq_bounds wide = {2048, 0, 0, 0, 0};
    double end = 0;
    double pipe_p = 0;
    for (int i = 0; i < 8; i++)
        end = ws_stq_push(&p, ws_stq_room(&p, 4.0 * i, &v4, wide), 0, &v4, wide, &moved, &pipe_p);
    assert_true(end == 80);
    /* the block's shared pipe writes a wavefront a cycle for every sub-partition's queue: a store of
     * another queue issued at 8 is written after the 32 wavefronts of the first queue's third store */
    ws_stq other = {0};
    assert_true(pipe == 128 + 32);
    assert_true(ws_stq_push(&other, 8, 8, &st, b, &moved, &pipe) == 160 + 64);
    assert_true(moved == 12); /* its data taken at once: only the writes wait */
}

/* store_queue_*: a clock read, 8 st.shared.u32 128 bytes apart (32 wavefronts each), a clock read
 * (%rd2, %rd3); a queue whose stores' data take 4 cycles and writes 64, one store in the bank stage. */
#define EIGHT_STORES                                                                                                   \
    HEAD ".shared .align 4 .b8 t[4096];\n"                                                                             \
         "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 7;\nmov.u32 %r3, t;\nadd.u32 %r2, %r2, %r3;\n"                       \
         "mov.u64 %rd2, %clock64;\n"                                                                                   \
         "st.shared.u32 [%r2], %r1;\nst.shared.u32 [%r2], %r1;\nst.shared.u32 [%r2], %r1;\n"                           \
         "st.shared.u32 [%r2], %r1;\nst.shared.u32 [%r2], %r1;\nst.shared.u32 [%r2], %r1;\n"                           \
         "st.shared.u32 [%r2], %r1;\nst.shared.u32 [%r2], %r1;\n"                                                      \
         "mov.u64 %rd3, %clock64;\n"
static const char QUEUE_PRESET[] =
    "stq.bytes 4096\nstq.wavefronts 0\nstq.stores 1\nstq.min 4\nstq.wavefront 2\n"
    "stq.data 2\nstq.bandwidth 64\nmio.issue 4\nstq.reads 0\nstq.entries 0\nstq.bank_bytes 0\n";

/* With the queue on (stq.bytes > 0) a warp's shared stores are queued: 8 stores of 32 wavefronts
 * issue before they are written, and the load after them waits until they are; without it each
 * store holds the pipe (store.*) and the load does not wait. */
static void store_queue_load_waits(void **state)
{
    (void)state;
    const char *ptx = EIGHT_STORES "ld.shared.u32 %r4, [%r3+4];\nadd.u32 %r5, %r4, 1;\n"
                                   "mov.u64 %rd4, %clock64;\nsub.s64 %rd5, %rd3, %rd2;\nsub.s64 %rd6, %rd4, %rd3;\n"
                                   "st.global.u64 [%rd1], %rd5;\nst.global.u64 [%rd1+8], %rd6;\nret;\n}\n";
    uint64_t out[2], off[2];
    run_ptx(ptx, 32, out, 2, WS_MODE_TIMING, QUEUE_PRESET);
    assert_true(out[0] <= 8 * 32 + 4);      /* issued as the block's shared pipe takes their wavefronts */
    assert_true(out[0] + out[1] >= 8 * 64); /* the load waited for 8 x 64 cycles of writes */
    run_ptx(ptx, 32, off, 2, WS_MODE_TIMING, "stq.bytes 0\n");
    /* store.*: each store held the pipe (32 x 1.36 - 0.77 cycles): the region is longer, the load's wait shorter */
    assert_true(off[0] > out[0] && off[1] + 200 < out[1]);
}

/* A shuffle after queued stores (stq.shfl 1) waits until the bank stage has written all but the
 * warp's last stq.shfl_left stores (probe_stq_ctx[12], bench_throughput[3]: 64 SHFL after 64 u64
 * stores wait 82 and 51 cycles, a load 84 to 146); with stq.shfl 0 only until the MIO pipe is free
 * (the data stage has taken the stores' data). 8 stores of 32 wavefronts, their data 4 cycles each,
 * written 64 cycles each; the region from before the stores to after the shuffle's result. */
static void store_queue_shuffle_waits(void **state)
{
    (void)state;
    const char *ptx = EIGHT_STORES "shfl.sync.bfly.b32 %r4, %r1, 1, 31, -1;\nadd.u32 %r5, %r4, 1;\n"
                                   "mov.u64 %rd4, %clock64;\nsub.s64 %rd5, %rd4, %rd2;\n"
                                   "st.global.u64 [%rd1], %rd5;\nst.global.u32 [%rd1+8], %r5;\nret;\n}\n";
    char preset[512];
    uint64_t out[1];
    uint64_t took[3];
    const char *rule[3] = {"stq.shfl 0\n", "stq.shfl 1\nstq.shfl_left 2\n", "stq.shfl 1\nstq.shfl_left 0\n"};
    for (int v = 0; v < 3; v++) {
        snprintf(preset, sizeof preset, "%sstq.stores 0\n%s", QUEUE_PRESET, rule[v]); /* a deep bank stage */
        run_ptx(ptx, 32, out, 1, WS_MODE_TIMING, preset);
        took[v] = out[0];
    }
    assert_true(took[0] < 2 * 64);                           /* the data stage only: 8 x 4 cycles of data */
    assert_true(took[1] >= 6 * 64 && took[1] < 8 * 64);      /* all but the last 2 stores written */
    assert_true(took[2] >= 8 * 64 && took[2] < 8 * 64 + 64); /* every store written, as a load waits */
}

/* The shared pipe as a queue (shared.queue; timing.c queue_room, queue_enter): `threads` / 32 warps, one a
 * sub-partition, each issues n independent ld.shared.u32 of 32 wavefronts (lane l reads word 32 l + i: every
 * lane in one bank) between two clock reads, then adds 1 to its last load's value and reads the clock again.
 * out[0]: the cycles from the first read to the second, out[1] from the second to the third; every warp's. */
static void queue_region(unsigned threads, unsigned n, const char *preset, uint64_t out[2])
{
    static char ptx[8192];
    int len = snprintf(ptx, sizeof ptx,
                       "%s.reg .b32 %%q<40>;\n.shared .align 4 .b8 t[4096];\n"
                       "mov.u32 %%r1, %%tid.x;\nand.b32 %%r4, %%r1, 31;\nshl.b32 %%r2, %%r4, 7;\n"
                       "mov.u32 %%r3, t;\nadd.u32 %%r2, %%r2, %%r3;\nmov.u64 %%rd2, %%clock64;\n",
                       HEAD);
    for (unsigned i = 0; i < n; i++)
        len += snprintf(ptx + len, sizeof ptx - (size_t)len, "ld.shared.u32 %%q%u, [%%r2+%u];\n", i, 4 * i);
    snprintf(ptx + len, sizeof ptx - (size_t)len,
             "mov.u64 %%rd3, %%clock64;\nadd.u32 %%r6, %%q%u, 1;\nmov.u64 %%rd5, %%clock64;\n"
             "sub.s64 %%rd6, %%rd3, %%rd2;\nsub.s64 %%rd7, %%rd5, %%rd3;\nshr.u32 %%r5, %%r1, 5;\n"
             "mul.wide.u32 %%rd4, %%r5, 16;\nadd.s64 %%rd4, %%rd1, %%rd4;\nsetp.eq.u32 %%p1, %%r4, 0;\n"
             "@%%p1 st.global.u64 [%%rd4], %%rd6;\n@%%p1 st.global.u64 [%%rd4+8], %%rd7;\n"
             "@%%p1 st.global.u32 [%%rd4+256], %%r6;\nret;\n}\n", /* the add's result stored: read (fold.dead) */
             n - 1);
    uint64_t all[8];
    run_ptx(ptx, threads, all, 2 * (threads / 32), WS_MODE_TIMING, preset);
    for (unsigned w = 1; w < threads / 32; w++) /* the sub-partitions are served alike */
        assert_memory_equal(&all[2 * w], all, 2 * sizeof *all);
    memcpy(out, all, 2 * sizeof *all);
}

/* mio19's depths: 12 loads a sub-partition and 16 that the busy sub-partitions share evenly, a load waiting in the
 * queue until the pipe starts it; the pipe's wavefronts shared among the k sub-partitions holding warps. By hand:
 * the first load issues 3 cycles after the first clock read and the second read 1 cycle after the last load (n = 1:
 * out[0] 4); a lone load's value is there 85 cycles after it issues (ld.shared 23 + 31 wavefronts x
 * shared.wavefront 2), the add reads it then and the third read is 1 cycle later (out[1] 85 = 86 - 1). A load of 32
 * wavefronts holds the pipe 32 cycles and its warp's MIO pipe 64 (mio.wavefront 2): with k sub-partitions holding
 * warps each sub-partition's loads start 32 k apart and end 32 (k - 1) later than the pipe alone would end them,
 * and a warp's own loads start 64 apart at least. */
static void shared_queue_depth_and_share(void **state)
{
    (void)state;
    static const char Q[] = "shared.queue 12\nshared.queue_shared 16\nshared.queue_issue 1\n";
    /* warps (one a sub-partition), loads a warp, the queue on, which figure (out[0] or out[1]), its cycles */
    static const struct {
        unsigned threads, n, queue, slot;
        uint64_t cycles;
    } rows[] = {
        /* no queue: the second load waits for the warp's MIO pipe, 64 cycles */
        {32, 2, 0, 0, 3 + 64 + 1},
        /* one warp: 12 + 16 may wait, so 29 loads enter one a cycle (the first starts at once); the 30th waits
         * until the second starts, 32 cycles after the first; the values come one each 64 cycles (the warp's own
         * MIO hold): the third read 28 x 64 + 86 cycles after the first load, the second read 29 after it */
        {32, 29, 1, 0, 3 + 29},
        {32, 29, 1, 1, 28 * 64 + 86 - 29},
        {32, 30, 1, 0, 3 + 32 + 1},
        /* two sub-partitions busy: 12 + 16 / 2 = 20 wait, 21 enter; the 22nd waits for the second's start, 2 x 32
         * after the first; a lone load ends 32 x (2 - 1) later */
        {64, 21, 1, 0, 3 + 21},
        {64, 22, 1, 0, 3 + 64 + 1},
        {64, 1, 1, 1, 85 + 32},
        /* four: 12 + 16 / 4 = 16 wait, 17 enter, the 18th 4 x 32 after the first; a lone load ends 96 later, and
         * of two the second 128 after the first (its start), the second read 2 cycles after the first load */
        {128, 17, 1, 0, 3 + 17},
        {128, 18, 1, 0, 3 + 128 + 1},
        {128, 1, 1, 1, 85 + 96},
        {128, 2, 1, 1, 128 + 96 + 86 - 2},
    };
    for (size_t r = 0; r < sizeof rows / sizeof rows[0]; r++) {
        uint64_t o[2];
        queue_region(rows[r].threads, rows[r].n, rows[r].queue ? Q : NULL, o);
        if (o[rows[r].slot] != rows[r].cycles)
            fail_msg("%u threads, %u loads, queue %u: out[%u] %" PRIu64 ", expected %" PRIu64, rows[r].threads,
                     rows[r].n, rows[r].queue, rows[r].slot, o[rows[r].slot], rows[r].cycles);
    }
}

/* A region of stores whose address register dies at its last store: the clock read closing it
 * takes the lowest free register pair, the address's (ptxas: bench_st_wide.sass 0x1290 CS2R R8
 * after STS [R9]), and waits for that store to read its registers (stq_regs.h); with the address
 * read again after the clock read, the register is not free and nothing waits (probe_stq3's
 * section s3). The wait makes the region count the queue: 24 stores 128 bytes apart leave more
 * than the bank stage's 18 stores unread. */
static void stq_regs_clock_waits(void **state)
{
    (void)state;
    char dies[4096], live[4096], stores[2048] = "";
    for (int i = 0; i < 24; i++)
        strcat(stores, "st.shared.u32 [%r2], %r1;\n");
    const char *start = HEAD ".shared .align 4 .b8 t[4096];\n"
                             "mov.u32 %r1, %tid.x;\nshl.b32 %r2, %r1, 7;\nmov.u32 %r3, t;\nadd.u32 %r2, %r2, %r3;\n"
                             "mov.u64 %rd2, %clock64;\n";
    const char *end = "sub.s64 %rd5, %rd3, %rd2;\nst.global.u64 [%rd1], %rd5;\nret;\n}\n";
    snprintf(dies, sizeof dies, "%s%smov.u64 %%rd3, %%clock64;\n%s", start, stores, end);
    snprintf(live, sizeof live, "%s%smov.u64 %%rd3, %%clock64;\nst.shared.u32 [%%r2], %%r1;\n%s", start, stores, end);
    uint32_t waits[2];
    const char *ptx[2] = {dies, live};
    for (int v = 0; v < 2; v++) {
        ws_parse_error perr;
        ws_module *m = ws_module_parse(ptx[v], strlen(ptx[v]), "t.ptx", &perr);
        assert_non_null(m);
        const ws_kernel *k = ws_module_kernel(m, NULL);
        ws_reg_use uses[64];
        assert_true(k->ninsns <= 64);
        for (uint32_t i = 0; i < k->ninsns; i++)
            ws_insn_reg_use(&k->insns[i], &uses[i]);
        ws_stq_regs r;
        assert_int_equal(ws_stq_regs_build(k, k->insns, uses, &r), 0);
        assert_non_null(r.wait);
        uint32_t clock = 30, last = 29; /* ld.param, 4 of the address, the clock read, 24 stores */
        assert_int_equal(k->insns[clock].op, WS_OP_MOV);
        assert_int_equal(k->insns[last].op, WS_OP_ST);
        waits[v] = r.wait[clock];
        if (waits[v])
            assert_int_equal(r.slot[last], waits[v]);
        ws_stq_regs_free(&r);
        ws_module_free(m);
    }
    assert_true(waits[0] != 0);
    assert_int_equal(waits[1], 0);
    uint64_t on, off;
    run_ptx(dies, 32, &on, 1, WS_MODE_TIMING, NULL);
    run_ptx(dies, 32, &off, 1, WS_MODE_TIMING, "stq.reads 0\n");
    assert_true(on > off + 100);
    /* launched again on the same machine, the kernel keeps its waits (prepared once: machine.c) */
    ws_parse_error perr;
    ws_module *m = ws_module_parse(dies, strlen(dies), "t.ptx", &perr);
    assert_non_null(m);
    ws_sim *sim = ws_sim_create(&(ws_config){.mode = WS_MODE_TIMING});
    uint64_t buf = ws_sim_alloc(sim, 8 * 64, NULL), again = 0;
    unsigned grid[3] = {1, 1, 1}, block[3] = {32, 1, 1};
    for (int launch = 0; launch < 3; launch++) {
        ws_result res;
        assert_int_equal(ws_sim_launch(sim, m, ws_module_kernel(m, NULL), grid, block, &buf, 8, &res), WS_OK);
        ws_sim_read(sim, buf, &again, 8);
        assert_int_equal(again, on);
        ws_result_free(&res);
    }
    ws_sim_destroy(sim);
    ws_module_free(m);
}

/* ptxas's order (sim/schedule.c): with loads of 23 cycles and adds of 4, the second load goes
 * ahead of the first load's add (rule 4); the load after the store stays after it (rule 2) but
 * goes ahead of the add that rewrites %r2, which waits for the store that reads %r2 (rule 3,
 * write after read); the load after the clock read stays after it (rule 1). */
static void schedule_rules(void **state)
{
    (void)state;
    const char *ptx = HEAD "mov.u32 %r0, 0;\n"
                           "ld.shared.u32 %r1, [%r0];\nadd.u32 %r2, %r1, 1;\n"
                           "ld.shared.u32 %r3, [%r0+4];\nadd.u32 %r4, %r3, 1;\n"
                           "st.shared.u32 [%r0+8], %r2;\nadd.u32 %r2, %r4, 2;\n"
                           "ld.shared.u32 %r5, [%r0+12];\nmov.u64 %rd2, %clock64;\n"
                           "add.u32 %r6, %r5, 1;\nld.shared.u32 %r7, [%r0+16];\nret;\n}\n";
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    assert_non_null(m);
    const ws_kernel *k = ws_module_kernel(m, NULL);
    ws_reg_use uses[32];
    double lat[32];
    assert_true(k->ninsns <= 32);
    for (uint32_t i = 0; i < k->ninsns; i++) {
        ws_insn_reg_use(&k->insns[i], &uses[i]);
        lat[i] = k->insns[i].op == WS_OP_LD ? 23 : k->insns[i].op == WS_OP_MOV ? 0 : 4; /* mov: a rename */
    }
    ws_schedule s;
    assert_int_equal(ws_schedule_build(k, k->insns, uses, lat, NULL, NULL, NULL, 0, &s), 0);
    /* 0: ld.param, 1: mov, 2-8: ld add ld add st add ld; 9: the clock read; 10, 11 after it; 12: ret */
    const uint32_t want[] = {0, 1, 2, 4, 3, 5, 6, 8, 7, 9, 11, 10, 12};
    assert_int_equal(k->ninsns, sizeof want / sizeof want[0]);
    for (uint32_t p = 0; p < k->ninsns; p++)
        assert_int_equal(s.order[p], want[p]);
    assert_int_equal(s.first[5], 0);
    assert_int_equal(s.first[9], 9);
    assert_int_equal(s.first[11], 10);
    ws_schedule_free(&s);
    ws_module_free(m);
}

/* The schedule of one kernel (ptx) with each load and shuffle 23 cycles, the rest 4 (an add or
 * logic op ptxas folds, fold.h: 0), and rule 5's budget of regs registers, spare and predicates
 * (regs 0: none); folds: with ptxas's IADD3/LOP3 pairs (ws_fold_build), else none. Its order, n
 * positions. */
static void schedule_order_of(const char *ptx, const ws_schedule_budget *budget, int folds, uint32_t *order, uint32_t n)
{
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    assert_non_null(m);
    const ws_kernel *k = ws_module_kernel(m, NULL);
    ws_reg_use uses[24];
    double lat[24];
    assert_int_equal(k->ninsns, n);
    assert_true(n <= 24);
    for (uint32_t i = 0; i < k->ninsns; i++)
        ws_insn_reg_use(&k->insns[i], &uses[i]);
    ws_fold f = {0};
    if (folds)
        assert_int_equal(ws_fold_build(k, k->insns, uses, NULL, 0, &f), 0);
    for (uint32_t i = 0; i < k->ninsns; i++)
        lat[i] = f.kind && f.kind[i] == WS_FOLD_ALU                           ? 0
                 : k->insns[i].op == WS_OP_LD || k->insns[i].op == WS_OP_SHFL ? 23
                                                                              : 4;
    ws_schedule s;
    assert_int_equal(ws_schedule_build(k, k->insns, uses, lat, f.kind, budget, NULL, 0, &s), 0);
    memcpy(order, s.order, n * sizeof *order);
    ws_schedule_free(&s);
    if (folds)
        ws_fold_free(&f);
    ws_module_free(m);
}

static void fold_budget_order_of(const char *ptx, unsigned regs, unsigned spare, unsigned predicates, int folds,
                                 uint32_t *order, uint32_t n)
{
    ws_schedule_budget budget = {.regs = regs, .spare = spare, .predicates = predicates};
    schedule_order_of(ptx, &budget, folds, order, n);
}

static void budget_order_of(const char *ptx, unsigned regs, unsigned spare, unsigned predicates, uint32_t *order,
                            uint32_t n)
{
    fold_budget_order_of(ptx, regs, spare, predicates, 0, order, n);
}

/* The shared head of schedule_fused_frees' and schedule_fused_start's kernels: six loads; then
 * their xors (tail), a store and ret. */
static void six_loads(char *ptx, size_t size, const char *tail)
{
    snprintf(ptx, size,
             ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[8];\n"
             ".visible .entry k()\n{\n.reg .b32 %%r<12>;\nmov.u32 %%r0, sh;\n"
             "ld.shared.u32 %%r1, [%%r0];\nld.shared.u32 %%r2, [%%r0+4];\nld.shared.u32 %%r3, [%%r0+8];\n"
             "ld.shared.u32 %%r4, [%%r0+12];\nld.shared.u32 %%r5, [%%r0+16];\nld.shared.u32 %%r6, [%%r0+20];\n"
             "%sst.shared.u32 [%%r0], %%r11;\nret;\n}\n",
             tail);
}

/* The order of ptx's n instructions with ptxas's pairs and budget, off as it is, then with *key 1:
 * on. */
static void assert_key_orders(const char *ptx, ws_schedule_budget *budget, unsigned *key, const uint32_t *off,
                              const uint32_t *on, uint32_t n)
{
    uint32_t order[24];
    assert_true(n <= 24);
    schedule_order_of(ptx, budget, 1, order, n);
    assert_memory_equal(order, off, n * sizeof *order);
    *key = 1;
    schedule_order_of(ptx, budget, 1, order, n);
    assert_memory_equal(order, on, n * sizeof *order);
}

/* schedule.fused_frees (sim/schedule.c rule 5): six loads, then two LOP3 pairs (an xor of two loads
 * folded into the xor of its value and a third), then their xor, with 5 registers and 2 spare. By
 * default the first op of a pair frees nothing of its own, so five loads fill the registers before
 * the first pair; with fused_frees it counts as freeing the two loads it ends (its LOP3 frees them),
 * so once a fourth load would leave fewer than 2 free the pair goes first, right after the load it
 * waits for, then two loads, the second pair's first op, the sixth load and its LOP3: ptxas's shape
 * (bench_shared_ilp.sass 0x2da0-0x2dd0: LDS R72, the LOP3 that waits for it, then LDS R71). */
static void schedule_fused_frees(void **state)
{
    (void)state;
    char ptx[1024];
    six_loads(ptx, sizeof ptx,
              "xor.b32 %r7, %r1, %r2;\nxor.b32 %r8, %r7, %r3;\nxor.b32 %r9, %r4, %r5;\n"
              "xor.b32 %r10, %r9, %r6;\nxor.b32 %r11, %r8, %r10;\n");
    ws_schedule_budget budget = {.regs = 5, .spare = 2};
    /* 0: mov, 1-6: the loads, 7-8 and 9-10: the pairs, 11: their xor, 12: the store, 13: ret */
    const uint32_t by_default[] = {0, 1, 2, 3, 4, 5, 7, 8, 6, 9, 10, 11, 12, 13},
                   fused[] = {0, 1, 2, 3, 7, 8, 4, 5, 9, 6, 10, 11, 12, 13};
    assert_key_orders(ptx, &budget, &budget.fused, by_default, fused, 14);
}

/* schedule.fused_start (sim/schedule.c rule 5): four loads fill the 4 registers, the fifth does not
 * fit; the chain of xors over them is two LOP3 pairs. With fused_frees the first pair drains
 * (rule 5), and then the second pair's first op, which ends the first LOP3's value and the fourth
 * load, keeps the drain going before the fifth load, which now fits: so bench_mio_w8's regions drained
 * one accumulator's whole chain, each pair waiting for its load, before their last load. With
 * fused_start that first op starts a drain only while a value does not fit (or would leave fewer
 * than the spare free): the fifth load goes first, as ptxas's LDS after each LOP3
 * (bench_mio_w1.sass 0x1ec0-0x1fa0). */
static void schedule_fused_start(void **state)
{
    (void)state;
    char ptx[1024];
    six_loads(ptx, sizeof ptx,
              "xor.b32 %r7, %r1, %r2;\nxor.b32 %r8, %r7, %r3;\nxor.b32 %r9, %r8, %r4;\n"
              "xor.b32 %r10, %r9, %r5;\nxor.b32 %r11, %r10, %r6;\n");
    ws_schedule_budget budget = {.regs = 4, .spare = 0, .fused = 1};
    /* 0: mov, 1-6: the loads, 7-8 and 9-10: the pairs, 11: the last xor, 12: the store, 13: ret */
    const uint32_t fused[] = {0, 1, 2, 3, 4, 7, 8, 9, 5, 6, 10, 11, 12, 13},
                   starts[] = {0, 1, 2, 3, 4, 7, 8, 5, 6, 9, 10, 11, 12, 13};
    assert_key_orders(ptx, &budget, &budget.starts, fused, starts, 14);
}

/* schedule.mio_gap (sim/schedule.c rule 4): ptxas's model issues a shared load at most every that many cycles, and
 * an op whose value is ready goes in the slots between. bench_mio_w1.sass 0x1d10-0x2310 (64 LDS xored into 8
 * accumulators): 27 LDS, then an LDS and a LOP3 of the loads 10 back by turns, 10 LOP3 after the last LDS, where
 * with every load first (rule 4 alone: the loads are on the longer paths) 22 xor ops are left after the last load.
 * Eight loads, each read by an add (loads 23 cycles, adds 4): without the key every load goes first; with 4 the
 * loads go at 1, 5, ..., 21, the first add (ready at 24) before the seventh load (25), the second (28) before the
 * eighth (29). */
static void schedule_mio_gap(void **state)
{
    (void)state;
    char ptx[2048], *b = ptx;
    b += sprintf(b, ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[8];\n"
                    ".visible .entry k()\n{\n.reg .b32 %%r<20>;\nmov.u32 %%r0, sh;\n");
    for (int i = 1; i <= 8; i++)
        b += sprintf(b, "ld.shared.u32 %%r%d, [%%r0+%d];\n", i, 4 * (i - 1));
    for (int i = 1; i <= 8; i++)
        b += sprintf(b, "add.u32 %%r%d, %%r%d, 1;\n", 8 + i, i);
    sprintf(b, "ret;\n}\n");
    /* 0: mov, 1-8: the loads, 9-16: their adds, 17: ret */
    const uint32_t loads_first[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17},
                   spaced[] = {0, 1, 2, 3, 4, 5, 6, 9, 7, 10, 8, 11, 12, 13, 14, 15, 16, 17};
    ws_schedule_budget budget = {0};
    uint32_t order[18];
    schedule_order_of(ptx, &budget, 0, order, 18);
    assert_memory_equal(order, loads_first, sizeof order);
    budget.mio_gap = 4;
    schedule_order_of(ptx, &budget, 0, order, 18);
    assert_memory_equal(order, spaced, sizeof order);
}

/* The head of the stream kernels (turns_order_of, reuse_order_of): probe_alu3's 8 streams, stream i's first value
 * in %ri (cur[i]; %r0 the thread's index), %r255 the uniform operand w, then bar.sync, into ptx; the end of what it
 * wrote. */
static char *streams_head(char *ptx, int cur[8])
{
    char *b = ptx;
    b += sprintf(b, ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k(.param .u32 w)\n{\n"
                    ".reg .b32 %%r<256>;\nld.param.u32 %%r255, [w];\nmov.u32 %%r0, %%tid.x;\n");
    for (int i = 0; i < 8; i++) {
        cur[i] = i;
        if (i)
            b += sprintf(b, "add.u32 %%r%d, %%r0, %d;\n", i, i);
    }
    return b + sprintf(b, "bar.sync 0;\n");
}

/* A stream kernel parsed (streams_parse): each instruction's register use, and room for the latency and pipe of
 * each, the caller's to fill for ws_schedule_build; streams_free frees it. */
typedef struct {
    ws_module *m;
    const ws_kernel *k;
    uint32_t count;
    ws_reg_use *uses;
    double *lat;
    uint8_t *pipe;
} stream_kernel;

static stream_kernel streams_parse(const char *ptx)
{
    stream_kernel sk;
    ws_parse_error perr;
    sk.m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    assert_non_null(sk.m);
    sk.k = ws_module_kernel(sk.m, NULL);
    sk.count = sk.k->ninsns;
    sk.uses = calloc(sk.count, sizeof *sk.uses);
    sk.lat = calloc(sk.count, sizeof *sk.lat);
    sk.pipe = calloc(sk.count, 1);
    assert_non_null(sk.uses);
    assert_non_null(sk.lat);
    assert_non_null(sk.pipe);
    for (uint32_t i = 0; i < sk.count; i++)
        ws_insn_reg_use(&sk.k->insns[i], &sk.uses[i]);
    return sk;
}

static void streams_free(stream_kernel *sk)
{
    free(sk->pipe);
    free(sk->lat);
    free(sk->uses);
    ws_module_free(sk->m);
}

/* A stream kernel's schedule s as letters into kinds (at most n, then a 0): the timed segment's positions only (after
 * bar.sync, before ret), I an IMAD-pipe op (mad.lo, cvt), F an fma, m a free mov (WS_SCHED_FREE), . anything else;
 * its FFMA-FFMA and IMAD-IMAD neighbours (over the whole segment) into *ff, *ii where not NULL. */
static void timed_kinds(const stream_kernel *sk, const ws_schedule *s, char *kinds, uint32_t n, int *ff, int *ii)
{
    uint32_t at = 0;
    char last = 0;
    int nff = 0, nii = 0;
    for (uint32_t p = 0; p < sk->count; p++) {
        const ws_insn *in = &sk->k->insns[s->order[p]];
        if (s->first[p] != s->first[sk->count - 2])
            continue;
        char c = sk->pipe[s->order[p]] == WS_SCHED_FREE       ? 'm'
                 : in->op == WS_OP_MAD || in->op == WS_OP_CVT ? 'I'
                 : in->op == WS_OP_FMA                        ? 'F'
                                                              : '.';
        nff += c == 'F' && last == 'F';
        nii += c == 'I' && last == 'I';
        last = c;
        if (at < n)
            kinds[at++] = c;
    }
    kinds[at] = 0;
    if (ff)
        *ff = nff;
    if (ii)
        *ii = nii;
}

/* The stream kernel ptx in the list schedule with budget fma_chain (schedule.fma_chain; 0: off), every op 4 cycles: an
 * IMAD-pipe op (mad.lo, cvt.f32.f16) holding its pipe 2 cycles, an f32 fma waiting `gap` cycles after one
 * (WS_SCHED_FMA, stall.imad_fma; 0 or 1: no FMA kind), a 16-bit unpack taking no slot (WS_SCHED_FREE); its timed
 * segment as letters into kinds (timed_kinds, with *ff and *ii). */
static void stream_order_of(const char *ptx, int gap, unsigned fma_chain, char *kinds, uint32_t n, int *ff, int *ii)
{
    stream_kernel sk = streams_parse(ptx);
    for (uint32_t i = 0; i < sk.count; i++) {
        const ws_insn *in = &sk.k->insns[i];
        sk.lat[i] = 4;
        if (in->op == WS_OP_MAD || in->op == WS_OP_CVT)
            sk.pipe[i] = WS_SCHED_PIPE(WS_SCHED_IMAD, 2);
        else if (in->op == WS_OP_FMA && gap > 1)
            sk.pipe[i] = WS_SCHED_PIPE(WS_SCHED_FMA, gap);
        else if (in->op == WS_OP_MOV && in->ops[0].kind == WS_OPND_VEC) /* mov.b32 {a, b}, %r: the unpack */
            sk.pipe[i] = WS_SCHED_FREE;
    }
    ws_schedule s;
    ws_schedule_budget budget = {.fma_chain = fma_chain};
    assert_int_equal(ws_schedule_build(sk.k, sk.k->insns, sk.uses, sk.lat, NULL, &budget, sk.pipe, 0, &s), 0);
    timed_kinds(&sk, &s, kinds, n, ff, ii);
    ws_schedule_free(&s);
    streams_free(&sk);
}

/* Rule 6's turns (sim/schedule.c; docs/calibration.md "(alt18)"): the order of a kernel of `steps` steps over 4
 * streams (probe_alu3's: 8, stream v's step reads the next one, u; each value in a register of its own), each step an fma.rn.f32 then a mad.lo.s32
 * (alu3_fma_m), or with h2f a cvt.f32.f16 of u's low half then an fma.rn.f32 (alu3_h2f_f), with every op 4 cycles; an IMAD-pipe op (mad.lo, cvt.f32.f16) holding its pipe 2 cycles,
 * an f32 fma waiting `gap` cycles after one (WS_SCHED_FMA, stall.imad_fma; 0: no FMA kind, as with the key off) and
 * the 16-bit unpack taking no slot (WS_SCHED_FREE). The kinds of its first n positions as letters into kinds: I an
 * IMAD-pipe op, F an fma, m the unpack, . anything else. */
static unsigned turns_fma_chain; /* schedule.fma_chain for turns_order_of (schedule_fma_chain: fm keeps its turns) */
static void turns_order_of(int h2f, int steps, int gap, char *kinds, uint32_t n)
{
    char ptx[16384];
    int cur[8], next = 8; /* each stream's register now; the next register free (each value a register of its own,
                           * as ptxas allocates them: schedule.rename_alu) */
    char *b = streams_head(ptx, cur);
    for (int i = 0, v = 0; i < steps; i++, v = (v + 1) % 8, next += 2) {
        int u = cur[(v + 1) % 8];
        b += h2f ? sprintf(b,
                           "{.reg .b16 a, b; mov.b32 {a, b}, %%r%d; cvt.f32.f16 %%r%d, a;}\n"
                           "fma.rn.f32 %%r%d, %%r%d, %%r%d, %%r255;\n",
                           u, next, next + 1, next, u)
                 : sprintf(b, "fma.rn.f32 %%r%d, %%r%d, %%r%d, %%r255;\nmad.lo.s32 %%r%d, %%r%d, %%r%d, %%r255;\n",
                           next, cur[v], u, next + 1, next, u);
        cur[v] = next + 1;
    }
    sprintf(b, "ret;\n}\n");
    stream_order_of(ptx, gap, turns_fma_chain, kinds, n, NULL, NULL);
}

/* ptxas's turns between the IMAD and FMA pipes (probe_alu3.sass alu3_fma_m: FFMA, IMAD by turns, the IMAD S02;
 * alu3_h2f_f: HADD2.F32, FFMA by turns): with stall.imad_fma's gap an FFMA goes after each IMAD and an IMAD after
 * each FFMA, where by height alone the IMADs went together, 2 cycles apart, and the FFMAs after them; the unpack of
 * a cvt.f32.f16 goes after an FFMA (in no cycle), never between an IMAD and its FFMA (the stall would give it a
 * cycle of its own). */
static void schedule_fma_turns(void **state)
{
    (void)state;
    char kinds[128];
    /* 32 steps of 8 streams: the first round's FFMAs go before its IMADs (their IMADs wait for them), then by turns
     * (alu3_fma_m: FFMA FFMA FFMA, then IMAD, FFMA by turns); without the turns, 7 IMADs 2 apart, then 7 FFMAs */
    turns_order_of(0, 32, 2, kinds, 64);
    assert_string_equal(kinds, "FFFFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIIII");
    /* with no gap (stall.imad_fma 0) no FMA-pipe kind, no turns: the order by height */
    turns_order_of(0, 32, 0, kinds, 64);
    assert_string_equal(kinds, "FFFFIFIFIFIFFFFIIIFIFIFIFIFFIFIIFIFIFIFIFFIFIIFIFIFIFIFFIFIIIIII");
    /* the unpacks first, then HADD2.F32 (I), FFMA by turns with each unpack after an FFMA (alu3_h2f_f: HADD2.F32,
     * FFMA by turns); with the unpack free of the turns it went between the IMAD and its FFMA (IFImFImF) */
    turns_order_of(1, 32, 2, kinds, 96);
    assert_string_equal(kinds,
                        "mmmmmmmIIFIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFmIFIFIFIFIFF");
}

/* schedule.fma_chain (sim/schedule.c rule 4): mad19's ffm, `steps` steps over 8 streams (stream v's step reads the
 * next one, u), each step two fma.rn.f32 and a mad.lo.s32 on v, every op 4 cycles, the IMAD holding its pipe 2 cycles
 * and an FFMA waiting 2 after it (WS_SCHED_FMA); budget NULL or fma_chain F. The kinds of the timed segment's first n
 * positions into kinds (F an fma, I a mad), and its FFMA-FFMA and IMAD-IMAD neighbours into *ff, *ii. */
static void ffm_order_of(unsigned fma_chain, int steps, char *kinds, uint32_t n, int *ff, int *ii)
{
    char ptx[32768];
    int cur[8], next = 8;
    char *b = streams_head(ptx, cur);
    for (int i = 0, v = 0; i < steps; i++, v = (v + 1) % 8, next += 3) {
        int u = cur[(v + 1) % 8];
        b += sprintf(b,
                     "fma.rn.f32 %%r%d, %%r%d, %%r%d, %%r255;\nfma.rn.f32 %%r%d, %%r%d, %%r%d, %%r255;\n"
                     "mad.lo.s32 %%r%d, %%r%d, %%r%d, %%r255;\n",
                     next, cur[v], u, next + 1, next, u, next + 2, next + 1, u);
        cur[v] = next + 2;
    }
    sprintf(b, "ret;\n}\n");
    stream_order_of(ptx, 2, fma_chain, kinds, n, ff, ii);
}

/* ptxas's order of mad19 ffm (two FFMAs and an IMAD a step; docs/calibration.md "(order31)", "(order32)"): of the
 * ready, the first in program order, FFMA to FFMA 5 cycles, no turns: runs of four FFMAs (op 1 of a stream pair, op 0
 * of the next pair) and pairs of IMADs, 378 FFMA-FFMA and 121 IMAD-IMAD neighbours of ptxas's 768; with the key off
 * the turns put an FFMA after nearly every IMAD (mad19.sass has 122 IMAD pairs, the turns leave none here). */
static void schedule_fma_chain(void **state)
{
    (void)state;
    char kinds[128];
    int ff, ii;
    /* 40 steps (120 instructions, one piece): after the first round, four FFMAs then one or three IMADs (ptxas: two) */
    ffm_order_of(5, 40, kinds, 60, &ff, &ii);
    printf("ffm, 40 steps: schedule.fma_chain 5 %s (FF %d, II %d)\n", kinds, ff, ii);
    assert_string_equal(kinds, "FFFFFFFFFIIIIFFFFIFFFFIIIFFFFIFFFFIIIFFFFIFFFFIIIFFFFIFFFFII");
    assert_int_equal(ff, 61); /* of 119 neighbours; ptxas's 378 and 121 of 767 are 59 and 19 of 119 */
    assert_int_equal(ii, 21);
    /* off: the turns, an FFMA after every IMAD but the last few */
    ffm_order_of(0, 40, kinds, 60, &ff, &ii);
    printf("ffm, 40 steps: schedule.fma_chain 0 %s (FF %d, II %d)\n", kinds, ff, ii);
    assert_true(ii <= 5);
    /* fm (an FFMA, then an IMAD: no FFMA reads an FFMA) keeps the turns with the key on */
    turns_fma_chain = 5;
    turns_order_of(0, 32, 2, kinds, 64);
    turns_fma_chain = 0;
    assert_string_equal(kinds, "FFFFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIFIIII");
}

/* schedule.half_turn (sim/schedule.c rule 6; docs/calibration.md "(turn36)"): pack21 h2's ring, `rounds` rounds of
 * 8 add.f16x2 (stream v's add reads the next stream, each value in a register of its own as ptxas allocates them), the
 * even ones HADD2 (the IMAD pipe, 2 cycles, latency 4), the odd ones HFMA2.MMA (half_pairs: no pipe in rule 6, latency
 * 6, the higher). The order of the timed segment's first n positions into kinds: H a HADD2, M an HFMA2.MMA. */
static void ring_order_of(unsigned half_turn, int rounds, char *kinds, uint32_t n)
{
    char ptx[16384];
    int cur[8], next = 8;
    char *b = streams_head(ptx, cur);
    for (int i = 0; i < 8 * rounds; i++, next++) {
        int v = i % 8;
        b += sprintf(b, "add.f16x2 %%r%d, %%r%d, %%r%d;\n", next, cur[v], cur[(v + 1) % 8]);
        cur[v] = next;
    }
    sprintf(b, "ret;\n}\n");
    stream_kernel sk = streams_parse(ptx);
    for (uint32_t i = 0; i < sk.count; i++)
        if (sk.k->insns[i].op == WS_OP_ADD && ws_half_arith_halves(&sk.k->insns[i])) {
            int mma = (i - (sk.count - 2 - 8 * (uint32_t)rounds) - 1) % 2; /* the ring's odd positions */
            sk.lat[i] = mma ? 6 : 4;
            sk.pipe[i] = mma ? 0 : WS_SCHED_PIPE(WS_SCHED_IMAD, 2);
        } else
            sk.lat[i] = 4;
    ws_schedule s;
    ws_schedule_budget budget = {.half_turn = half_turn};
    assert_int_equal(ws_schedule_build(sk.k, sk.k->insns, sk.uses, sk.lat, NULL, &budget, sk.pipe, 0, &s), 0);
    uint32_t at = 0;
    for (uint32_t p = 0; p < sk.count && at < n; p++) {
        const ws_insn *in = &sk.k->insns[s.order[p]];
        if (s.first[p] == s.first[sk.count - 2] && in->op == WS_OP_ADD && ws_half_arith_halves(in))
            kinds[at++] = sk.pipe[s.order[p]] ? 'H' : 'M';
    }
    kinds[at] = 0;
    ws_schedule_free(&s);
    streams_free(&sk);
}

/* ptxas's order of pack21 h2 (probe_pack21.sass pack21_h2: HFMA2.MMA, HADD2 by turns, one a cycle): with the key each
 * round alternates; off, the higher HFMA2.MMAs go ahead where a HADD2 waits for the IMAD pipe, and the HADD2s
 * after them in pairs (warpsim's pack21 h2 round: a HADD2, the four HFMA2.MMAs, the other three HADD2s). */
static void schedule_half_turn(void **state)
{
    (void)state;
    char kinds[64];
    ring_order_of(1, 3, kinds, 24);
    printf("ring, 3 rounds: schedule.half_turn 1 %s\n", kinds);
    assert_string_equal(kinds, "HMHMHMHMHMHMHMHMHMHMHMHM");
    ring_order_of(0, 3, kinds, 24);
    printf("ring, 3 rounds: schedule.half_turn 0 %s\n", kinds);
    assert_string_equal(kinds, "HMHMMMHMHHMMHMHHMHMMHMHH"); /* runs of the higher HFMA2.MMAs, then HADD2s */
}

/* schedule.const_copy (sim/schedule.c rule 4): two accumulators copied from a register that holds
 * 0 (`mov.u32 %r2, %r1`: bench_shared_ilp's region 6 has eight), each xored with three loads,
 * with 5 registers, 2 spare and fused_frees. By default the copies wait behind the loads (rule 4:
 * the loads are on longer paths), so no xor can go and five loads fill every register before
 * anything drains. With const_copy the copies go first, as ptxas has no instruction for them
 * (bench_shared_ilp.sass 0x2ca0: the LDS first, each accumulator in a load's register): once a
 * fourth load would leave fewer than 2 free the first ops of the pairs drain, then the LOP3 of the
 * third load, then the fourth load. */
static void schedule_const_copy(void **state)
{
    (void)state;
    const char *ptx =
        ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[8];\n"
        ".visible .entry k()\n{\n.reg .b32 %r<12>;\nmov.u32 %r0, sh;\nmov.u32 %r1, 0;\n"
        "mov.u32 %r2, %r1;\nmov.u32 %r3, %r1;\n"
        "ld.shared.u32 %r4, [%r0];\nxor.b32 %r2, %r2, %r4;\nld.shared.u32 %r5, [%r0+4];\nxor.b32 %r3, %r3, %r5;\n"
        "ld.shared.u32 %r6, [%r0+8];\nxor.b32 %r2, %r2, %r6;\nld.shared.u32 %r7, [%r0+12];\nxor.b32 %r3, %r3, %r7;\n"
        "ld.shared.u32 %r8, [%r0+16];\nxor.b32 %r2, %r2, %r8;\nld.shared.u32 %r9, [%r0+20];\nxor.b32 %r3, %r3, %r9;\n"
        "xor.b32 %r10, %r2, %r3;\nst.shared.u32 [%r0], %r10;\nret;\n}\n";
    ws_schedule_budget budget = {.regs = 5, .spare = 2, .fused = 1};
    /* 0: mov, 1: the zero, 2-3: its copies, 4-15: each load (even) and its xor (odd), 16: the xor of
     * the two, 17: the store, 18: ret */
    const uint32_t by_default[] = {0, 1, 4, 6, 8, 10, 12, 2, 5, 9, 13, 14, 3, 7, 11, 15, 16, 17, 18},
                   copies[] = {0, 1, 2, 3, 4, 6, 8, 5, 7, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18};
    assert_key_orders(ptx, &budget, &budget.copies, by_default, copies, 19);
}

/* schedule.written (sim/schedule.c rule 5; docs/calibration.md "(regs23)"): the register of a guarded write after
 * the region (`@p mov.u64 %rd5, %clock64` in probe_alu3's kernels) is live from the kernel's start by liveness alone,
 * a guarded write leaving the old value, and took a register across the region where ptxas keeps it in none. With 3
 * registers the four loads and their adds (schedule_register_budget's kernel): by default the guarded register takes
 * one, so the first add goes before the third load (that test's order with 2); with written the third load fits and
 * the first add waits for the fourth (its order with 3). */
static void schedule_written(void **state)
{
    (void)state;
    const char *ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[8];\n"
                      ".visible .entry k()\n{\n.reg .b32 %r<10>;\n.reg .pred %p<2>;\nmov.u32 %r0, sh;\n"
                      "ld.shared.u32 %r1, [%r0];\nld.shared.u32 %r2, [%r0+4];\n"
                      "ld.shared.u32 %r3, [%r0+8];\nld.shared.u32 %r4, [%r0+12];\n"
                      "add.u32 %r5, %r1, %r2;\nadd.u32 %r6, %r3, %r4;\nadd.u32 %r7, %r5, %r6;\n"
                      "st.shared.u32 [%r0], %r7;\nbar.sync 0;\nsetp.ne.u32 %p1, %r7, 0;\n@%p1 add.u32 %r8, %r7, 1;\n"
                      "st.shared.u32 [%r0+4], %r8;\nret;\n}\n";
    ws_schedule_budget budget = {.regs = 3};
    /* 0: mov, 1-4: the loads, 5-7: the adds, 8: the store, 9: bar.sync, 10: setp, 11: the guarded mov, 12: the
     * store, 13: ret */
    const uint32_t by_default[] = {0, 1, 2, 5, 3, 4, 6, 7, 8, 9, 10, 11, 12, 13},
                   written[] = {0, 1, 2, 3, 5, 4, 6, 7, 8, 9, 10, 11, 12, 13};
    assert_key_orders(ptx, &budget, &budget.written, by_default, written, 14);
}

/* schedule.reuse (sim/schedule.c rule 5; docs/calibration.md "(regs25)"): probe_alu3's lop3_m shape, 8 streams of
 * `steps` steps, each an xor of the stream and the next (LOP3: the ALU pipe 2 cycles, its value read 5 cycles on)
 * and the mad that reads it and the next stream (IMAD: the IMAD pipe 2 cycles), each value a register of its own, in
 * 10 registers with 2 spare: ptxas's 16 less R0-R3 and R14-R15 (probe_alu3.sass alu3_lop3_m: the 8 streams and the
 * values in flight in R4-R13, LOP3 and IMAD by turns, one a cycle). The letters of the order into kinds (L the xor,
 * I the mad) and the cycles of its list schedule replayed (each in order, after the one before, its sources' latency
 * and its pipe) into *cycles. */
static void reuse_order_of(int reuse, int steps, char *kinds, uint64_t *cycles)
{
    char ptx[16384];
    int cur[8], next = 8;
    char *b = streams_head(ptx, cur);
    for (int i = 0, v = 0; i < steps; i++, v = (v + 1) % 8, next += 2) {
        int u = cur[(v + 1) % 8];
        b += sprintf(b, "xor.b32 %%r%d, %%r%d, %%r%d;\nmad.lo.s32 %%r%d, %%r%d, %%r%d, %%r255;\n", next, cur[v], u,
                     next + 1, next, u);
        cur[v] = next + 1;
    }
    sprintf(b, "ret;\n}\n");
    stream_kernel sk = streams_parse(ptx);
    uint64_t *ready = calloc(256, sizeof *ready);
    assert_non_null(ready);
    for (uint32_t i = 0; i < sk.count; i++) {
        const ws_insn *in = &sk.k->insns[i];
        sk.lat[i] = in->op == WS_OP_XOR ? 5 : 4;
        sk.pipe[i] = in->op == WS_OP_MAD   ? WS_SCHED_PIPE(WS_SCHED_IMAD, 2)
                     : in->op == WS_OP_XOR ? WS_SCHED_PIPE(WS_SCHED_ALU, 2)
                                           : 0;
    }
    ws_schedule_budget budget = {.regs = 10, .spare = 2, .reuse = (unsigned)reuse};
    ws_schedule s;
    assert_int_equal(ws_schedule_build(sk.k, sk.k->insns, sk.uses, sk.lat, NULL, &budget, sk.pipe, 0, &s), 0);
    uint64_t at = 0, alu = 0, imad = 0, first = UINT64_MAX;
    uint32_t n = 0;
    for (uint32_t p = 0; p < sk.count; p++) {
        uint32_t pc = s.order[p];
        const ws_insn *in = &sk.k->insns[pc];
        if (s.first[p] != s.first[sk.count - 2]) /* the timed segment only: after bar.sync, before ret */
            continue;
        uint64_t t = at;
        for (uint32_t x = 0; x < sk.uses[pc].nsrc; x++)
            if (sk.uses[pc].src[x] < 256 && ready[sk.uses[pc].src[x]] > t)
                t = ready[sk.uses[pc].src[x]];
        uint64_t *free_at = in->op == WS_OP_MAD ? &imad : in->op == WS_OP_XOR ? &alu : NULL;
        if (free_at && *free_at > t)
            t = *free_at;
        if (free_at)
            *free_at = t + 2;
        for (uint32_t x = 0; x < sk.uses[pc].ndst; x++)
            if (sk.uses[pc].dst[x] < 256)
                ready[sk.uses[pc].dst[x]] = t + (uint64_t)sk.lat[pc];
        first = t < first ? t : first;
        at = t + 1;
        kinds[n++] = in->op == WS_OP_MAD ? 'I' : in->op == WS_OP_XOR ? 'L' : '.';
    }
    kinds[n] = 0;
    *cycles = at - first;
    ws_schedule_free(&s);
    free(ready);
    streams_free(&sk);
}

/* schedule.reuse: ptxas reuses a register in the cycle its last reader issues. With 2 spare of 10, main's drain
 * (every freeing candidate first once a value would leave fewer than 2 free, until none is left) held each xor
 * until the mad before it had drained, which waited out its own xor's latency: 3 cycles a step. With reuse the drain
 * lasts only while a value would not fit, a mad that takes and frees none (its value in place of the xor's: `IMAD
 * R13, R4, R13`) is not held behind it, and the spare is kept for loads: the xor and the mad by turns, ptxas's 2 a
 * step (alu3_lop3_m 0x0100-0x0330: LOP3, IMAD by turns, S01). */
static void schedule_reuse(void **state)
{
    (void)state;
    char off[160], on[160];
    uint64_t c_off, c_on;
    reuse_order_of(0, 64, off, &c_off);
    reuse_order_of(1, 64, on, &c_on);
    printf("lop3_m's shape, 64 steps in 10 registers: %llu cycles (%s) without schedule.reuse, %llu (%s) with it\n",
           (unsigned long long)c_off, off, (unsigned long long)c_on, on);
    /* both put the xors and the mads by turns; main's each mad right after its own xor, waiting for it (196 cycles),
     * reuse's two xors ahead (132: ptxas's 2 a step) */
    assert_true(c_on <= 2 * 64 + 8);
    assert_true(c_off >= 3 * 64);
    assert_non_null(strstr(on, "LILILILILILILILILILILILILILILILI"));
}

/* schedule.reuse's heights (sim/schedule.c rule 4, ws_schedule_budget.unweighed; docs/calibration.md "(reuse27)"):
 * probe_alu3's alu3_hadd2 shape, 8 streams of 8 rounds, each step `add.f16x2 v, v, u` (u the next stream's value, the
 * last stream's the first's new one), ptxas's HADD2 (the IMAD pipe 2 cycles, its value 5 cycles on) and HFMA2.MMA
 * (no pipe, 11) by turns in program order (half_pairs), each value a register of its own (renamed), in 10 registers
 * with 2 spare. ptxas's SASS is program order, every add in place (alu3_hadd2 0x00c0 on: `HADD2 R5, R5, R4`,
 * `HFMA2.MMA R4, R4, 1, 1, R7`). Weighed with the MMA's latency every other add was the higher and went first,
 * taking the spare registers (a round's steps 0, 1, 3, 5, 2, 7, 4, 6: hadd2 at 2 warps a sub-partition 641 cycles,
 * H200 561); with the 6 cycles left out of the heights they are equal and keep program order. The order of the
 * timed segment's positions into order; returns how many. */
static uint32_t hadd2_order_of(int unweigh, uint32_t *order)
{
    char ptx[16384];
    int cur[8], next = 8;
    char *b = streams_head(ptx, cur);
    for (int i = 0; i < 64; i++, next++) {
        int v = i % 8, u = v == 7 ? cur[0] : cur[v + 1];
        b += sprintf(b, "add.u32 %%r%d, %%r%d, %%r%d;\n", next, cur[v], u);
        cur[v] = next;
    }
    sprintf(b, "ret;\n}\n");
    stream_kernel sk = streams_parse(ptx);
    uint8_t *unweighed = calloc(sk.count, 1);
    assert_non_null(unweighed);
    uint32_t first = UINT32_MAX;
    for (uint32_t i = 0; i < sk.count; i++) {
        const ws_insn *in = &sk.k->insns[i];
        int add = in->op == WS_OP_ADD && in->ops[0].reg >= 8;
        first = add && first == UINT32_MAX ? i : first;
        int mma = add && (i - first) % 2 == 1;
        sk.lat[i] = mma ? 11 : add ? 5 : 4;
        sk.pipe[i] = add && !mma ? WS_SCHED_PIPE(WS_SCHED_IMAD, 2) : 0;
        unweighed[i] = (uint8_t)(mma && unweigh ? 6 : 0);
    }
    ws_schedule_budget budget = {.regs = 10, .spare = 2, .reuse = 1, .unweighed = unweighed};
    ws_schedule s;
    assert_int_equal(ws_schedule_build(sk.k, sk.k->insns, sk.uses, sk.lat, NULL, &budget, sk.pipe, 0, &s), 0);
    uint32_t n = 0;
    for (uint32_t p = 0; p < sk.count; p++)
        if (s.first[p] == s.first[sk.count - 2]) /* the timed segment only: after bar.sync, before ret */
            order[n++] = s.order[p] - first;
    ws_schedule_free(&s);
    free(unweighed);
    streams_free(&sk);
    return n;
}

static void schedule_reuse_program_order(void **state)
{
    (void)state;
    uint32_t weighed[80], unweighed[80];
    uint32_t n = hadd2_order_of(0, weighed), m = hadd2_order_of(1, unweighed);
    assert_int_equal(n, 64);
    assert_int_equal(m, 64);
    printf("hadd2's shape, the first round: weighed %u %u %u %u %u %u %u %u, unweighed %u %u %u %u %u %u %u %u\n",
           weighed[0], weighed[1], weighed[2], weighed[3], weighed[4], weighed[5], weighed[6], weighed[7], unweighed[0],
           unweighed[1], unweighed[2], unweighed[3], unweighed[4], unweighed[5], unweighed[6], unweighed[7]);
    int in_order = 1, was_in_order = 1;
    for (uint32_t i = 0; i < 64; i++) {
        in_order &= unweighed[i] == i;
        was_in_order &= weighed[i] == i;
    }
    assert_true(in_order);
    assert_false(was_in_order);
}

/* schedule.reuse and loads (sim/schedule.c rule 5; docs/calibration.md "(reuse30)"): bench_shared_ilp region 6's
 * shape, 8 accumulators each xored with a shared load in turn (`ld.volatile.shared.u32 %rL, [%r255]`, `xor.b32 %rA,
 * %rA, %rL`; the load 23 cycles, the xor 5), in 16 registers with 2 spare. A drain that a load starts (its value
 * would leave fewer than 2 free) lasts until no candidate that frees registers is left, with reuse as without it:
 * ptxas drains the LOP3s of the loads issued before its next LDS (bench_shared_ilp.sass 0x2db0-0x2ea0). Ended once a
 * load fit again, as reuse's drain of an ALU value is (schedule_reuse), it put a load and an xor by turns, each xor
 * waiting for the load before it (bench_shared_ilp[6] -19.3% with queue.preset, "(reuse28)"). The letters of the
 * timed segment's order into kinds: L a load, X an xor. */
static void load_drain_order_of(int reuse, char *kinds)
{
    char ptx[16384], *b = ptx;
    b += sprintf(b, ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[64];\n"
                    ".visible .entry k(.param .u32 w)\n{\n.reg .b32 %%r<256>;\nld.param.u32 %%r255, [w];\n");
    for (int a = 0; a < 8; a++)
        b += sprintf(b, "mov.u32 %%r%d, %%r255;\n", a);
    b += sprintf(b, "bar.sync 0;\n");
    for (int i = 0; i < 48; i++)
        b += sprintf(b, "ld.volatile.shared.u32 %%r%d, [%%r255];\nxor.b32 %%r%d, %%r%d, %%r%d;\n", 8 + i % 8, i % 8,
                     i % 8, 8 + i % 8);
    for (int a = 1; a < 8; a++)
        b += sprintf(b, "xor.b32 %%r0, %%r0, %%r%d;\n", a);
    sprintf(b, "st.volatile.shared.u32 [%%r255], %%r0;\nret;\n}\n");
    stream_kernel sk = streams_parse(ptx);
    for (uint32_t i = 0; i < sk.count; i++)
        sk.lat[i] = ws_op_class_of(sk.k->insns[i].op) == CLS_LOAD ? 23 : 5;
    ws_schedule_budget budget = {.regs = 16, .spare = 2, .reuse = (unsigned)reuse};
    ws_schedule s;
    assert_int_equal(ws_schedule_build(sk.k, sk.k->insns, sk.uses, sk.lat, NULL, &budget, NULL, 0, &s), 0);
    uint32_t n = 0;
    for (uint32_t p = 0; p < sk.count; p++) {
        const ws_insn *in = &sk.k->insns[s.order[p]];
        if (s.first[p] == s.first[sk.count - 2] && (in->op == WS_OP_XOR || ws_op_class_of(in->op) == CLS_LOAD))
            kinds[n++] = in->op == WS_OP_XOR ? 'X' : 'L';
    }
    kinds[n] = 0;
    ws_schedule_free(&s);
    streams_free(&sk);
}

static void schedule_reuse_load_drain(void **state)
{
    (void)state;
    char off[160], on[160];
    load_drain_order_of(0, off);
    load_drain_order_of(1, on);
    printf("region 6's shape in 16 registers: %s without schedule.reuse, %s with it\n", off, on);
    assert_string_equal(on, off);        /* the loads' drain is main's */
    assert_non_null(strstr(on, "XXXX")); /* the xors of the loads issued, together */
    assert_null(strstr(on, "LXLXLXLX"));
}

/* out[0] of a one-warp launch of ptx (its one buffer argument) in timing mode with the preset text over sm_90 (NULL:
 * none) and regs registers a thread (warpsim run --regs: rule 5's budget). */
static uint64_t cycles_with_regs(const char *ptx, const char *preset, unsigned regs)
{
    ws_config cfg = {0};
    cfg.mode = WS_MODE_TIMING;
    cfg.timing_preset = preset;
    cfg.regs_per_thread = regs;
    uint64_t out = 0;
    run_ptx_config(ptx, 32, &out, 1, &cfg, WS_OK);
    return out;
}

/* schedule.spare_load (sim/schedule.c rule 5; docs/calibration.md "(fold32)"): with schedule.reuse, a load's value
 * drains once it would leave fewer than spare_load registers free, a shuffle's (a collective's) once fewer than
 * schedule.spare. ptxas leaves one register of bench_shared_ilp's region 6 unused (R74 of the 19 rule 5 gives it: its
 * LDS stop a value sooner than a spare of 2 lets them), none of bench_throughput's region 5 (every register of
 * R4-R9, R26-R36 written or read: its SHFL go on to the last). Region 6's shape (load_drain_order_of's: 8
 * accumulators, 48 values each xored into one in turn, each value a register of its own as ptxas renames them, the 8
 * accumulators and the address live) in 20 registers:
 * the letters of the segment's order, L a load or shuffle, X an xor; *lead: how many go before the first xor. */
static void spare_order_of(int shuffles, unsigned spare_load, char *kinds, unsigned *lead)
{
    char ptx[16384], *b = ptx;
    b += sprintf(b, ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[64];\n"
                    ".visible .entry k(.param .u32 w)\n{\n.reg .b32 %%r<256>;\nld.param.u32 %%r255, [w];\n");
    for (int a = 0; a < 8; a++)
        b += sprintf(b, "mov.u32 %%r%d, %%r255;\n", a);
    b += sprintf(b, "bar.sync 0;\n");
    for (int i = 0; i < 48; i++) {
        if (shuffles)
            b += sprintf(b, "shfl.sync.idx.b32 %%r%d, %%r255, %d, 31, -1;\n", 8 + i, i % 32);
        else
            b += sprintf(b, "ld.volatile.shared.u32 %%r%d, [%%r255];\n", 8 + i);
        b += sprintf(b, "xor.b32 %%r%d, %%r%d, %%r%d;\n", i % 8, i % 8, 8 + i);
    }
    for (int a = 1; a < 8; a++)
        b += sprintf(b, "xor.b32 %%r0, %%r0, %%r%d;\n", a);
    sprintf(b, "st.volatile.shared.u32 [%%r255], %%r0;\nret;\n}\n");
    stream_kernel sk = streams_parse(ptx);
    for (uint32_t i = 0; i < sk.count; i++)
        sk.lat[i] = ws_op_class_of(sk.k->insns[i].op) == CLS_LOAD || sk.k->insns[i].op == WS_OP_SHFL ? 23 : 5;
    ws_schedule_budget budget = {.regs = 20, .spare = 2, .spare_load = spare_load, .reuse = 1};
    ws_schedule s;
    assert_int_equal(ws_schedule_build(sk.k, sk.k->insns, sk.uses, sk.lat, NULL, &budget, NULL, 0, &s), 0);
    uint32_t n = 0;
    for (uint32_t p = 0; p < sk.count; p++) {
        const ws_insn *in = &sk.k->insns[s.order[p]];
        if (s.first[p] == s.first[sk.count - 2] &&
            (in->op == WS_OP_XOR || in->op == WS_OP_SHFL || ws_op_class_of(in->op) == CLS_LOAD))
            kinds[n++] = in->op == WS_OP_XOR ? 'X' : 'L';
    }
    kinds[n] = 0;
    *lead = (unsigned)strcspn(kinds, "X");
    ws_schedule_free(&s);
    streams_free(&sk);
}

static void schedule_spare_load(void **state)
{
    (void)state;
    char two[160], three[160], shfl_two[160], shfl_three[160];
    unsigned lead2, lead3, slead2, slead3;
    spare_order_of(0, 0, two, &lead2); /* 0: schedule.spare's 2 */
    spare_order_of(0, 3, three, &lead3);
    spare_order_of(1, 0, shfl_two, &slead2);
    spare_order_of(1, 3, shfl_three, &slead3);
    printf("loads: spare 2 %s (%u first), spare_load 3 %s (%u first); shuffles: %s, %s\n", two, lead2, three, lead3,
           shfl_two, shfl_three);
    assert_int_equal(lead3 + 1, lead2);        /* the loads stop one value sooner */
    assert_string_equal(shfl_three, shfl_two); /* the shuffles keep schedule.spare */
    assert_int_equal(slead3, lead2);
    /* sm_90's (NULL): the cycles of region 6's shape (the loads into 8 registers in turn, as the bench's PTX) in a kernel
     * of 22 registers (19 for its values, as region 6 has: the 8 accumulators, the clock's t0 and the loads) are
     * spare_load 3's, not spare 2's (445 cycles, 409 with a spare of 2; from 28 registers on both 259) */
    char ptx[16384], *b = ptx;
    b += sprintf(b, ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[64];\n"
                    ".visible .entry k(.param .u64 o)\n{\n.reg .b32 %%r<64>;\n.reg .b64 %%rd<8>;\n"
                    "ld.param.u64 %%rd1, [o];\nmov.u32 %%r63, sh;\nmov.u32 %%r0, 0;\nmov.u64 %%rd2, %%clock64;\n");
    for (int a = 1; a < 8; a++)
        b += sprintf(b, "mov.u32 %%r%d, %%r0;\n", a);
    for (int i = 0; i < 48; i++)
        b += sprintf(b, "ld.volatile.shared.u32 %%r%d, [%%r63];\nxor.b32 %%r%d, %%r%d, %%r%d;\n", 8 + i % 8, i % 8,
                     i % 8, 8 + i % 8);
    for (int a = 1; a < 8; a++)
        b += sprintf(b, "xor.b32 %%r0, %%r0, %%r%d;\n", a);
    sprintf(b, "mov.u64 %%rd3, %%clock64;\nsub.s64 %%rd4, %%rd3, %%rd2;\nst.global.u64 [%%rd1], %%rd4;\n"
               "st.global.u32 [%%rd1+8], %%r0;\nret;\n}\n");
    uint64_t sm90 = cycles_with_regs(ptx, NULL, 22), two_c = cycles_with_regs(ptx, "schedule.spare_load 0\n", 22),
             three_c = cycles_with_regs(ptx, "schedule.spare_load 3\n", 22);
    printf("region 6's shape at 22 registers: sm_90 %llu cycles, spare_load 0 (spare 2) %llu, spare_load 3 %llu\n",
           (unsigned long long)sm90, (unsigned long long)two_c, (unsigned long long)three_c);
    assert_int_equal(sm90, three_c);
    assert_true(two_c != three_c);
}

/* schedule.half_regs (sim/schedule.c rule 5; docs/calibration.md "(regs23)"): ptxas's HADD2 reads the halves of a
 * 32-bit register (`HADD2 R, R5.H0_H0, R4.H0_H0`: probe_alu3.sass alu3_hadd_m), where the PTX unpacks each into
 * 16-bit registers (`mov.b32 {a, d}, %r`, a move the timing model issues in no slot: WS_SCHED_FREE) that rule 5
 * counted as registers of their own. Four loads fill 4 registers; the second's unpack, whose register an add reads
 * later, took one more for its half: by default it does not fit, so the add of the third and fourth loads, which
 * frees one, goes first (rule 5's drain), waiting for the fourth load; with half_regs the unpack takes none, and the
 * unpacks and the half add go before that add. */
static void schedule_half_regs(void **state)
{
    (void)state;
    const char *ptx =
        ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[8];\n"
        ".visible .entry k()\n{\n.reg .b32 %r<10>;\n.reg .b16 %h<10>;\nmov.u32 %r0, sh;\n"
        "ld.shared.u32 %r1, [%r0];\nld.shared.u32 %r2, [%r0+4];\nld.shared.u32 %r3, [%r0+8];\n"
        "ld.shared.u32 %r4, [%r0+12];\nmov.b32 {%h1, %h2}, %r1;\nmov.b32 {%h3, %h4}, %r2;\nadd.f16 %h5, %h1, %h3;\n"
        "add.u32 %r6, %r3, %r4;\nadd.u32 %r7, %r6, %r2;\nst.shared.b16 [%r0], %h5;\nst.shared.u32 [%r0+4], %r7;\n"
        "ret;\n}\n";
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    assert_non_null(m);
    const ws_kernel *k = ws_module_kernel(m, NULL);
    uint32_t n = k->ninsns, order[2][16];
    assert_true(n <= 16);
    ws_reg_use uses[16];
    double lat[16];
    uint8_t pipe[17] = {0};
    for (uint32_t i = 0; i < n; i++) {
        const ws_insn *in = &k->insns[i];
        ws_insn_reg_use(in, &uses[i]);
        lat[i] = in->op == WS_OP_LD ? 23 : 4;
        if (in->op == WS_OP_MOV && in->ops[0].kind == WS_OPND_VEC)
            pipe[i] = WS_SCHED_FREE;
    }
    for (int on = 0; on < 2; on++) {
        ws_schedule_budget budget = {.regs = 4, .half_regs = (unsigned)on};
        ws_schedule s;
        assert_int_equal(ws_schedule_build(k, k->insns, uses, lat, NULL, &budget, pipe, 0, &s), 0);
        memcpy(order[on], s.order, n * sizeof *s.order);
        ws_schedule_free(&s);
    }
    /* 0: mov, 1-4: the loads, 5-6: the unpacks, 7: the half add, 8-9: the adds, 10-11: the stores, 12: ret */
    const uint32_t by_default[] = {0, 1, 2, 3, 4, 8, 5, 6, 9, 7, 10, 11, 12},
                   halves[] = {0, 1, 2, 3, 4, 5, 6, 8, 7, 9, 10, 11, 12};
    assert_memory_equal(order[0], by_default, n * sizeof *by_default);
    assert_memory_equal(order[1], halves, n * sizeof *halves);
    ws_module_free(m);
}

/* Rule 5 of ptxas's schedule (sim/schedule.c): with the kernel's registers known, a segment's
 * values stay within them. Four independent loads and the adds of their pairs: without a budget
 * the four loads go first (rule 4); with two registers (the shared window's address takes none:
 * ptxas reads it from a uniform register) the first add goes before the third load, and the
 * fourth load, which nothing within the budget can go before, goes over it. The same kernel with
 * four shuffles: the same order (shuffles are held back too; how their LOP3s count them:
 * schedule_budget_shuffle_pairs). */
static void schedule_register_budget(void **state)
{
    (void)state;
    const char *head = ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[8];\n"
                       ".visible .entry k()\n{\n.reg .b32 %r<9>;\nmov.u32 %r0, sh;\n";
    const char *tail = "add.u32 %r5, %r1, %r2;\nadd.u32 %r6, %r3, %r4;\n"
                       "add.u32 %r7, %r5, %r6;\nst.shared.u32 [%r0], %r7;\nret;\n}\n";
    char loads[1024], shuffles[1024];
    snprintf(loads, sizeof loads,
             "%sld.shared.u32 %%r1, [%%r0];\nld.shared.u32 %%r2, [%%r0+4];\n"
             "ld.shared.u32 %%r3, [%%r0+8];\nld.shared.u32 %%r4, [%%r0+12];\n%s",
             head, tail);
    snprintf(shuffles, sizeof shuffles,
             "%sshfl.sync.bfly.b32 %%r1, %%r0, 1, 31, -1;\n"
             "shfl.sync.bfly.b32 %%r2, %%r0, 2, 31, -1;\nshfl.sync.bfly.b32 %%r3, %%r0, 3, 31, -1;\n"
             "shfl.sync.bfly.b32 %%r4, %%r0, 4, 31, -1;\n%s",
             head, tail);
    /* 0: mov, 1-4: the loads or shuffles, 5-7: the adds, 8: the store, 9: ret */
    const uint32_t free_order[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9}, budget_order[] = {0, 1, 2, 5, 3, 4, 6, 7, 8, 9};
    uint32_t order[10];
    budget_order_of(loads, 0, 0, 0, order, 10);
    assert_memory_equal(order, free_order, sizeof order);
    budget_order_of(loads, 2, 0, 0, order, 10);
    assert_memory_equal(order, budget_order, sizeof order);
    budget_order_of(shuffles, 2, 0, 0, order, 10);
    assert_memory_equal(order, budget_order, sizeof order);
    /* schedule.spare: with three registers the third load still fits and the first add waits for
     * the fourth load; with one to be kept spare the add goes as soon as its loads are issued, as
     * ptxas's LOP3 right after the LDS it reads (bench_shared_ilp.sass 0x2dc0-0x2dd0) */
    const uint32_t full_order[] = {0, 1, 2, 3, 5, 4, 6, 7, 8, 9};
    budget_order_of(loads, 3, 0, 0, order, 10);
    assert_memory_equal(order, full_order, sizeof order);
    budget_order_of(loads, 3, 1, 0, order, 10);
    assert_memory_equal(order, budget_order, sizeof order);
}

/* Rule 5 with ptxas's LOP3s (fold.h): two accumulators from zero, each the xor of two values, the
 * values in the PTX's turn (a, b, a, b; the second of each accumulator in the register of its first,
 * as nvcc writes bench_throughput's 64 shuffles), with four registers (the thread's index, read at
 * the end, takes one). Loads: the first xor of each LOP3 keeps its load's register until the LOP3,
 * so the third load takes the last register and the first LOP3 goes before the fourth load, waiting
 * for the load just issued (bench_shared_ilp.sass 0x2db0). Shuffles: ptxas issues the two shuffles
 * of one LOP3 together (bench_throughput.sass 0x1d10/0x1d20), so the first xor holds its shuffle's
 * register only while the shuffle is in flight (until the xor is placed): the fourth shuffle fits
 * and goes before the first LOP3, as ptxas's LOP3s 1-3 shuffles after their newest operand. */
static void schedule_budget_shuffle_pairs(void **state)
{
    (void)state;
    const char *head = ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[8];\n"
                       ".visible .entry k()\n{\n.reg .b32 %r<10>;\nmov.u32 %r0, sh;\nmov.u32 %r9, %tid.x;\n"
                       "mov.u32 %r5, 0;\nmov.u32 %r6, 0;\n";
    const char *tail = "add.u32 %r7, %r5, %r6;\nadd.u32 %r7, %r7, %r9;\nst.shared.u32 [%r0], %r7;\nret;\n}\n";
    char shuffles[1024], loads[1024];
    snprintf(shuffles, sizeof shuffles,
             "%sshfl.sync.bfly.b32 %%r1, %%r9, 1, 31, -1;\nxor.b32 %%r5, %%r5, %%r1;\n"
             "shfl.sync.bfly.b32 %%r2, %%r9, 2, 31, -1;\nxor.b32 %%r6, %%r6, %%r2;\n"
             "shfl.sync.bfly.b32 %%r1, %%r9, 3, 31, -1;\nxor.b32 %%r5, %%r5, %%r1;\n"
             "shfl.sync.bfly.b32 %%r2, %%r9, 4, 31, -1;\nxor.b32 %%r6, %%r6, %%r2;\n%s",
             head, tail);
    snprintf(loads, sizeof loads,
             "%sld.shared.u32 %%r1, [%%r0];\nxor.b32 %%r5, %%r5, %%r1;\n"
             "ld.shared.u32 %%r2, [%%r0+4];\nxor.b32 %%r6, %%r6, %%r2;\n"
             "ld.shared.u32 %%r1, [%%r0+8];\nxor.b32 %%r5, %%r5, %%r1;\n"
             "ld.shared.u32 %%r2, [%%r0+12];\nxor.b32 %%r6, %%r6, %%r2;\n%s",
             head, tail);
    /* 0: mov, 1: tid, 2-3: the zeros, 4/6/8/10: the loads or shuffles, 5/7: the folded xors,
     * 9/11: the LOP3s, 12-13: the adds, 14: the store, 15: ret */
    const uint32_t shuffle_order[] = {1, 2, 3, 0, 4, 6, 5, 7, 8, 10, 9, 11, 12, 13, 14, 15},
                   load_order[] = {0, 2, 3, 1, 4, 6, 5, 7, 8, 9, 10, 11, 12, 13, 14, 15};
    uint32_t order[16];
    fold_budget_order_of(shuffles, 4, 0, 0, 1, order, 16);
    assert_memory_equal(order, shuffle_order, sizeof order);
    fold_budget_order_of(loads, 4, 0, 0, 1, order, 16);
    assert_memory_equal(order, load_order, sizeof order);
}

/* Rule 5's predicates (schedule.predicates): a setp's predicate takes one of the thread's
 * predicate registers until its selp reads it. Three setps of a thread's index, each read by the
 * selp of a chain that waits for a load: without a count the setps go first (rule 4: ready now);
 * with one predicate register each setp waits for the selp before it, as ptxas's ISETP P0 before
 * each SEL (time_cub_block_scan_warpscans_exclusivesum_int_b1024.sass 0x0290-0x0800). */
static void schedule_predicate_budget(void **state)
{
    (void)state;
    const char *ptx = ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[8];\n"
                      ".visible .entry k()\n{\n.reg .b32 %r<9>;\n.reg .pred %p<4>;\nmov.u32 %r0, sh;\n"
                      "mov.u32 %r8, %tid.x;\nld.shared.u32 %r1, [%r0];\n"
                      "setp.eq.u32 %p1, %r8, 1;\nselp.b32 %r2, %r1, %r8, %p1;\n"
                      "setp.eq.u32 %p2, %r8, 2;\nselp.b32 %r3, %r2, %r8, %p2;\n"
                      "setp.eq.u32 %p3, %r8, 3;\nselp.b32 %r4, %r3, %r8, %p3;\n"
                      "st.shared.u32 [%r0], %r4;\nret;\n}\n";
    /* 0: mov, 1: tid, 2: the load, 3/5/7: the setps, 4/6/8: the selps, 9: the store, 10: ret */
    const uint32_t hoisted[] = {0, 1, 2, 3, 5, 7, 4, 6, 8, 9, 10}, one[] = {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
    uint32_t order[11];
    budget_order_of(ptx, 8, 0, 0, order, 11);
    assert_memory_equal(order, hoisted, sizeof order);
    budget_order_of(ptx, 8, 0, 1, order, 11);
    assert_memory_equal(order, one, sizeof order);
}

/* Rule 5's counts (sim/schedule.c register_facts): a 64-bit zero extension of a 32-bit value takes
 * one register (ptxas reads RZ for its high half), a sign extension two, and a launch dimension
 * none (ptxas reads the constant bank: time_cg_iscan_plus_tile32_float.sass `ULDC UR4,
 * c[0x0][0x4]`). The kernel of schedule_register_budget after a bar.sync, with a 64-bit value of
 * the thread's index (or the block's size) live across its loads and added after them, and four
 * registers: the zero extension leaves three for the loads (the first add before the fourth load),
 * the sign extension two (before the third), the launch dimension four (the loads first). */
static void schedule_budget_counts(void **state)
{
    (void)state;
    const char *form = ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 8 .b32 sh[8];\n"
                       ".visible .entry k()\n{\n.reg .b32 %%r<10>;\n.reg .b64 %%rd<2>;\nmov.u32 %%r0, sh;\n"
                       "mov.u32 %%r8, %s;\ncvt.%s %%rd1, %%r8;\nbar.sync 0;\n"
                       "ld.shared.u32 %%r1, [%%r0];\nld.shared.u32 %%r2, [%%r0+4];\n"
                       "ld.shared.u32 %%r3, [%%r0+8];\nld.shared.u32 %%r4, [%%r0+12];\n"
                       "add.u32 %%r5, %%r1, %%r2;\nadd.u32 %%r6, %%r3, %%r4;\nadd.u32 %%r7, %%r5, %%r6;\n"
                       "cvt.u64.u32 %%rd0, %%r7;\nadd.u64 %%rd0, %%rd0, %%rd1;\nst.shared.u64 [%%r0], %%rd0;\nret;\n}\n";
    char ptx[1024];
    /* 0: mov, 1: the index or size, 2: its cvt, 3: bar.sync, 4-7: the loads, 8-10: the adds, 11-13:
     * the 64-bit add and its store, 14: ret */
    const uint32_t one[] = {1, 0, 2, 3, 4, 5, 6, 8, 7, 9, 10, 11, 12, 13, 14},
                   two[] = {1, 0, 2, 3, 4, 5, 8, 6, 7, 9, 10, 11, 12, 13, 14},
                   none[] = {1, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14};
    uint32_t order[15];
    snprintf(ptx, sizeof ptx, form, "%tid.x", "u64.u32");
    budget_order_of(ptx, 4, 0, 0, order, 15);
    assert_memory_equal(order, one, sizeof order);
    snprintf(ptx, sizeof ptx, form, "%tid.x", "s64.s32");
    budget_order_of(ptx, 4, 0, 0, order, 15);
    assert_memory_equal(order, two, sizeof order);
    snprintf(ptx, sizeof ptx, form, "%ntid.x", "s64.s32");
    budget_order_of(ptx, 4, 0, 0, order, 15);
    assert_memory_equal(order, none, sizeof order);
}

/* A stretch longer than 128 instructions is cut into pieces of equal length (sim/schedule.c):
 * 183 instructions after the clock read are 92 + 91, not 128 + 55 (BlockScan raking<int, 1024>'s
 * raking block). A shared load of an address read before in its block, nothing written between,
 * is folded (fold.h: ptxas reads the first load's register): it keeps its order with the loads
 * before it and the store after it (the store writes the address it reads), and goes as early as
 * they let it: ahead of the add before it. */
static void schedule_pieces_and_folded_loads(void **state)
{
    (void)state;
    char ptx[16384];
    int len = snprintf(ptx, sizeof ptx, "%smov.u64 %%rd2, %%clock64;\n", HEAD);
    for (int i = 0; i < 183; i++)
        len += snprintf(ptx + len, sizeof ptx - (size_t)len, "add.u32 %%r%d, %%r%d, %d;\n", 1 + i % 2, i % 2 ? 3 : 4, i);
    snprintf(ptx + len, sizeof ptx - (size_t)len, "ret;\n}\n");
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "t.ptx", &perr);
    assert_non_null(m);
    const ws_kernel *k = ws_module_kernel(m, NULL);
    ws_reg_use *uses = calloc(k->ninsns, sizeof *uses);
    double *lat = calloc(k->ninsns, sizeof *lat);
    assert_non_null(uses);
    assert_non_null(lat);
    for (uint32_t i = 0; i < k->ninsns; i++) {
        ws_insn_reg_use(&k->insns[i], &uses[i]);
        lat[i] = 4;
    }
    ws_schedule s;
    assert_int_equal(ws_schedule_build(k, k->insns, uses, lat, NULL, NULL, NULL, 0, &s), 0);
    /* 0: ld.param, 1: the clock read, 2 .. 184: the adds, 185: ret */
    assert_int_equal(s.first[2], 2);
    assert_int_equal(s.first[93], 2);
    assert_int_equal(s.first[94], 94);
    assert_int_equal(s.first[184], 94);
    ws_schedule_free(&s);
    free(uses);
    free(lat);
    ws_module_free(m);

    const char *fold = ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[8];\n"
                       ".visible .entry k(.param .u64 o)\n{\n.reg .b32 %r<8>;\nmov.u32 %r0, sh;\n"
                       "ld.shared.u32 %r1, [%r0];\nld.shared.u32 %r2, [%r0+4];\nadd.u32 %r3, %r1, %r2;\n"
                       "ld.shared.u32 %r4, [%r0];\nst.shared.u32 [%r0], %r3;\nld.shared.u32 %r5, [%r0];\n"
                       "ld.volatile.shared.u32 %r6, [%r0+4];\nst.shared.u32 [%r0+4], %r4;\nret;\n}\n";
    m = ws_module_parse(fold, strlen(fold), "t.ptx", &perr);
    assert_non_null(m);
    k = ws_module_kernel(m, NULL);
    ws_reg_use u[16];
    double l[16];
    assert_true(k->ninsns <= 16);
    for (uint32_t i = 0; i < k->ninsns; i++) {
        ws_insn_reg_use(&k->insns[i], &u[i]);
        l[i] = k->insns[i].op == WS_OP_LD ? 23 : 4;
    }
    ws_fold f = {0};
    assert_int_equal(ws_fold_build(k, k->insns, u, NULL, 0, &f), 0);
    /* 0 mov, 1 ld [0], 2 ld [4], 3 add, 4 ld [0] (folded: %r1), 5 st [0], 6 ld [0] (after the
     * store: issued), 7 ld.volatile (issued), 8 st, 9 ret */
    assert_int_equal(f.kind[4], WS_FOLD_SAME);
    assert_int_equal(f.same[4], k->insns[1].ops[0].reg);
    assert_int_equal(f.kind[6], WS_FOLD_NONE);
    assert_int_equal(f.kind[7], WS_FOLD_NONE);
    l[4] = 0;
    assert_int_equal(ws_schedule_build(k, k->insns, u, l, f.kind, NULL, NULL, 0, &s), 0);
    const uint32_t want[] = {0, 1, 2, 4, 3, 5, 6, 7, 8, 9};
    assert_int_equal(k->ninsns, sizeof want / sizeof want[0]);
    for (uint32_t p = 0; p < k->ninsns; p++)
        assert_int_equal(s.order[p], want[p]);
    ws_schedule_free(&s);
    ws_fold_free(&f);
    ws_module_free(m);
}

/* The timing mode issues in that order: four independent ld.shared, each with its add, take about
 * one load latency, not four; the values are program order's. The group of lanes 0-15 is a
 * diverged one (lanes 16-31 wait at the end). */
static void schedule_hoists_loads(void **state)
{
    (void)state;
    const char *ptx =
        ".version 8.0\n.target sm_90\n.address_size 64\n.shared .align 4 .b32 sh[64];\n"
        ".visible .entry k(.param .u64 o)\n{\n.reg .b32 %r<8>;\n.reg .b64 %rd<8>;\n.reg .pred %p<2>;\n"
        "ld.param.u64 %rd1, [o];\nmov.u32 %r0, sh;\nmov.u32 %r7, %tid.x;\nsetp.ge.u32 %p1, %r7, 16;\n"
        "@%p1 bra DONE;\nmov.u64 %rd2, %clock64;\n"
        "ld.shared.u32 %r1, [%r0];\nadd.u32 %r1, %r1, 1;\nld.shared.u32 %r2, [%r0+4];\nadd.u32 %r2, %r2, 2;\n"
        "ld.shared.u32 %r3, [%r0+8];\nadd.u32 %r3, %r3, 3;\nld.shared.u32 %r4, [%r0+12];\nadd.u32 %r4, %r4, 4;\n"
        "st.shared.u32 [%r0+16], %r4;\nmov.u64 %rd3, %clock64;\nsub.s64 %rd4, %rd3, %rd2;\n"
        "mul.lo.u32 %r5, %r1, %r2;\nmad.lo.u32 %r5, %r5, %r3, %r4;\n"
        "st.global.u64 [%rd1], %rd4;\nst.global.u32 [%rd1+8], %r5;\nDONE:\nret;\n}\n";
    uint64_t in_order[2], scheduled[2], functional[2];
    /* sreg.cga 0: the shared window's base (cga.h), read before the region, is not what this measures */
    run_ptx(ptx, 32, in_order, 2, WS_MODE_TIMING, "schedule 0\nsreg.cga 0\n");
    run_ptx(ptx, 32, scheduled, 2, WS_MODE_TIMING, "sreg.cga 0\n");
    run_ptx(ptx, 32, functional, 2, WS_MODE_FUNCTIONAL, NULL);
    assert_int_equal((uint32_t)functional[1], 1 * 2 * 3 + 4); /* shared memory starts zeroed */
    assert_int_equal((uint32_t)in_order[1], (uint32_t)functional[1]);
    assert_int_equal((uint32_t)scheduled[1], (uint32_t)functional[1]);
    /* program order: each add waits 23 cycles for its load, the next load issues after it;
     * ptxas's: the loads back to back, then the adds */
    assert_true(in_order[0] >= 4 * (23 + 1));
    assert_true(scheduled[0] <= 23 + 4 * 4 + 4);
}

/* presets/sm_90.preset is the compiled-in default: the file read over zeros gives the table (ctest
 * preset_table_current checks the table's text), and a --preset file is read over the table. */
static void preset_file_is_builtin(void **state)
{
    (void)state;
    size_t size = 0;
    char *text = wsh_read_file("presets/sm_90.preset", &size); /* the whole file, however long its comments grow */
    assert_non_null(text);
    assert_true(size > 0);
    ws_preset p, file;
    char err[256];
    assert_int_equal(ws_preset_parse(NULL, &p, err, sizeof err), 0);
    memset(&file, 0, sizeof file);
    assert_int_equal(ws_preset_read(text, &file, err, sizeof err), 0);
    free(text);
    assert_string_equal(p.name, file.name);
    assert_int_equal(p.subpartitions, file.subpartitions);
    assert_memory_equal(p.lat, file.lat, sizeof p.lat);
    for (size_t i = 0; i < ws_preset_key_count; i++)
        assert_memory_equal((char *)&p + ws_preset_keys[i].off, (char *)&file + ws_preset_keys[i].off, sizeof(double));
    assert_true(p.lat[LAT_SHFL] > 0 && p.subpartitions == 4);
    /* read over the table: a key changes, the others keep the table's values */
    assert_int_equal(ws_preset_parse("shfl.down 7\n", &p, err, sizeof err), 0);
    assert_true(p.shfl_mode[WS_SHFL_DOWN] == 7 && p.lat[LAT_SHFL] == file.lat[LAT_SHFL] && p.sms == file.sms);
    assert_int_equal(ws_preset_parse("nonsense 3\n", &p, err, sizeof err), -1);
}

/* A count's own range is refused where the preset is read, located as LINE:COLUMN, not clamped where
 * it is used (schedule.c's PIECE_MAX, timing.c's STQ_TAIL); a launch names the preset. */
static void preset_counts_out_of_range_refused(void **state)
{
    (void)state;
    char err[256];
    assert_int_equal(ws_preset_check("schedule.piece 1024\nstq.shfl_left 15\nsubpartitions 64\n", err, sizeof err), 0);
    assert_int_equal(ws_preset_check("# a comment\n\tschedule.piece 1025\n", err, sizeof err), -1);
    assert_string_equal(err,
                        "2:17: schedule.piece: expected a whole number of instructions from 0 to 1024, found \"1025\"");
    assert_int_equal(ws_preset_check("stq.shfl_left 16 # too many\n", err, sizeof err), -1);
    assert_string_equal(err, "1:15: stq.shfl_left: expected a whole number of queued stores from 0 to 15, found \"16\"");
    /* the shared queue's depths: whole loads, at most 32 each (timing.c QUEUE_RING) */
    assert_int_equal(ws_preset_check("shared.queue 32\nshared.queue_shared 32\nshared.queue_issue 1.5\n", err, sizeof err),
                     0);
    assert_int_equal(ws_preset_check("shared.queue 33\n", err, sizeof err), -1);
    assert_string_equal(err, "1:14: shared.queue: expected a whole number of queued loads from 0 to 32, found \"33\"");
    assert_int_equal(ws_preset_check("shared.queue_shared 2.5\n", err, sizeof err), -1);
    assert_int_equal(ws_preset_check("stq.shfl_left 0x3\n", err, sizeof err), 0); /* strtod's hexadecimal: 3 */
    assert_int_equal(ws_preset_check("stq.shfl_left -1\n", err, sizeof err), -1);
    assert_int_equal(ws_preset_check("stq.shfl_left 1.5\n", err, sizeof err), -1);
    assert_int_equal(ws_preset_check("subpartitions 0\n", err, sizeof err), -1);
    assert_int_equal(ws_preset_check("alu 4 cycles\n", err, sizeof err), -1);
    assert_string_equal(err, "1:7: expected the end of the line after \"alu 4\", found \"cycles\"");
    /* a launch refuses it with the same words */
    static const char ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n";
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), "k.ptx", &perr);
    assert_non_null(m);
    ws_config cfg = {0};
    cfg.mode = WS_MODE_TIMING;
    cfg.timing_preset = "stq.shfl_left 99\n";
    ws_sim *sim = ws_sim_create(&cfg);
    unsigned one[3] = {1, 1, 1};
    ws_result res;
    assert_int_not_equal(ws_sim_launch(sim, m, ws_module_kernel(m, NULL), one, one, NULL, 0, &res), WS_OK);
    assert_non_null(strstr(res.message, "preset 1:15: stq.shfl_left: expected a whole number of queued stores"));
    ws_result_free(&res);
    ws_sim_destroy(sim);
    ws_module_free(m);
}

/* A block of 1024 threads (8 warps a sub-partition) in which the warps of each sub-partition loop over integer ops
 * of 8 kinds, one kind a warp ((tid / 128) % 8): xor (an ALU slot), mul.lo (IMAD), add (either), bfe (2 ALU),
 * mul.hi (ALU and 2 IMAD), add.u64 (ALU and IMAD), popc (XU), shl by an immediate (either): the picks wait for
 * their pipes with up to 8 slot words at once. 12 rounds of 8 independent ops (4 registers). */
static void trains_ptx(char *buf, size_t len)
{
    static const char *const ops[8] = {"xor.b32 %r{0}, %r{0}, %r1;",    "mul.lo.u32 %r{0}, %r{0}, %r1;",
                                       "add.u32 %r{0}, %r{0}, %r1;",    "bfe.u32 %r{0}, %r{0}, 3, 5;",
                                       "mul.hi.u32 %r{0}, %r{0}, %r1;", "add.u64 %rd{0}, %rd{0}, %rd2;",
                                       "popc.b32 %r{0}, %r{0};",        "shl.b32 %r{0}, %r{0}, 1;"};
    size_t n = (size_t)snprintf(buf, len,
                                "%smov.u32 %%r1, %%tid.x;\ncvt.u64.u32 %%rd2, %%r1;\nshr.u32 %%r2, %%r1, 7;\n"
                                "and.b32 %%r2, %%r2, 7;\nmov.u32 %%r3, 0;\nmov.u32 %%r4, 0;\nmov.u32 %%r5, 0;\n"
                                "mov.u32 %%r6, 0;\nmov.u32 %%r7, 0;\nmov.u64 %%rd4, 0;\nmov.u64 %%rd5, 0;\n"
                                "mov.u64 %%rd6, 0;\nmov.u64 %%rd7, 0;\nLOOP:\n",
                                HEAD);
    for (int k = 1; k < 8; k++)
        n += (size_t)snprintf(buf + n, len - n, "setp.eq.u32 %%p1, %%r2, %d;\n@%%p1 bra K%d;\n", k, k);
    for (int k = 0; k < 8; k++) {
        n += (size_t)snprintf(buf + n, len - n, "K%d:\n", k);
        for (int i = 0; i < 8; i++) { /* the op on register 4 + i % 4: "{0}" is its number */
            const char *op = ops[k], *at = strstr(op, "{0}"), *at2 = strstr(at + 3, "{0}");
            n += (size_t)snprintf(buf + n, len - n, "%.*s%d%.*s%d%s\n", (int)(at - op), op, 4 + i % 4,
                                  (int)(at2 - at - 3), at + 3, 4 + i % 4, at2 + 3);
        }
        n += (size_t)snprintf(buf + n, len - n, "bra NEXT;\n");
    }
    n += (size_t)snprintf(buf + n, len - n,
                          "NEXT:\nadd.u32 %%r3, %%r3, 1;\nsetp.lt.u32 %%p1, %%r3, 12;\n@%%p1 bra LOOP;\nret;\n}\n");
    assert_true(n < len);
}

/* Kernel ptx in one block of 1024 threads (filed: 8 warps a sub-partition), timed with the default preset and with
 * `overlay`, unstopped and stopped at cycles 300 and 700: the same cycles and stall counts (every stat) as with
 * --slow-path timing (no block filed), and some cycles stalled for `waits`. */
static void fast_matches_slow_1024(const char *ptx, const char *overlay, ws_stall_reason waits)
{
    const char *const presets[] = {NULL, overlay};
    static const uint64_t stops[] = {0, 300, 700};
    for (unsigned i = 0; i < sizeof presets / sizeof *presets; i++)
        for (unsigned j = 0; j < sizeof stops / sizeof *stops; j++) {
            ws_status want = stops[j] ? WS_ERR_LIMIT : WS_OK;
            uint64_t out[1];
            ws_stats fast = run_ptx_until(ptx, 1024, out, 0, WS_MODE_TIMING, presets[i], 0, stops[j], want).stats;
            ws_stats slow =
                run_ptx_until(ptx, 1024, out, 0, WS_MODE_TIMING, presets[i], WS_SLOW_TIMING, stops[j], want).stats;
            assert_true(fast.stalls[waits] > 0);
            assert_int_equal(fast.cycles, slow.cycles);
            for (unsigned r = 0; r < WS_STALL_REASON_COUNT; r++)
                assert_int_equal(fast.stalls[r], slow.stalls[r]);
            assert_memory_equal(&fast, &slow, sizeof fast);
        }
}

/* Lazy pipe waits (sim/timing.c ws_timing.lazy, in blocks of more than 2 warps a sub-partition without stall events):
 * the warps whose pick waits only for one kind of slot (or an ALU and an IMAD slot) are moved as one group when an
 * issue moves their pipe and charged when they leave the wait, from a count of the pipe's busy cycles, which must give
 * what retiming them one by one gives (retime_math; --slow-path timing files no block and has no lazy wait): the same
 * cycles and stall counts (every stat). trains_ptx reaches each path (counted with a print in each, once, over
 * test_timing: 2026-12-05, sched25): waits entered at update (ALU, IMAD, ANY and ALU+IMAD keys) and by retime_filed
 * (a warp that lost its pipe; popc's XU picks, held by schedule.xu_stall, stay retime_filed's), groups moved 64 cycles
 * or more ahead (528 times: they leave the wait and are filed far, retime_filed's again; pipe.alu 40: a bfe's two ALU
 * slots hold 80 cycles), and blocks stopped with lazy warps (the cycle limit: the block's end charges them before
 * settling). */
static void pipe_trains_match_one_by_one(void **state)
{
    (void)state;
    static char ptx[16384];
    trains_ptx(ptx, sizeof ptx);
    fast_matches_slow_1024(ptx, "pipe.alu 40\npipe.imad 30\npipe.xu 63\n", WS_STALL_PIPE); /* they wait for pipes */
}

/* Shuffle waits for the MIO pipe (retime_shuffles, in blocks of more than 2 warps a sub-partition without stall
 * events): at each shuffle's issue the sub-partition's other shuffles whose `when` is before the pipe's new free cycle
 * wait until then, retimed at once (charged to the cycle after the issue with their old figures, then why bank), those
 * that could issue in this pass as well as those waiting past it (in the wheel, or far), which the next pass's update
 * would otherwise compute again with the same figures. Against --slow-path timing (no block filed, every such warp
 * updated in the next pass): the same cycles and stall counts (every stat). A block of 1024 threads looping over four
 * shuffles (bfly, down, idx, up) between integer ops, the warps of kind 0 ((tid / 128) % 8) first waiting for a global
 * load, so that the others' shuffles move the pipe past its result. Each path reached (counted with a print in each,
 * 2026-12-06, lane28: with the default preset 1,235 shuffles that could issue, 700 waiting in the wheel, 3 far; with
 * mio.issue 40: 10,580, 4 and 4); stopped at cycle limits too (the block's end charges the cycles to the last). */
static void shuffle_waits_match_one_by_one(void **state)
{
    (void)state;
    static const char ptx[] = HEAD "mov.u32 %r1, %tid.x;\nshr.u32 %r2, %r1, 7;\nand.b32 %r2, %r2, 7;\n"
                                   "mov.u32 %r3, 0;\nmov.u32 %r4, %r1;\nsetp.eq.u32 %p1, %r2, 0;\n"
                                   "@%p1 ld.global.u32 %r4, [%rd1];\nLOOP:\nmul.lo.u32 %r6, %r4, %r2;\n"
                                   "shfl.sync.bfly.b32 %r5, %r4, 1, 31, -1;\nadd.u32 %r4, %r4, %r5;\n"
                                   "shfl.sync.down.b32 %r5, %r4, 2, 31, -1;\nxor.b32 %r4, %r4, %r5;\n"
                                   "shfl.sync.idx.b32 %r5, %r6, %r2, 31, -1;\nmul.lo.u32 %r4, %r4, %r5;\n"
                                   "shfl.sync.up.b32 %r5, %r4, 4, 0, -1;\nadd.u32 %r4, %r4, %r5;\n"
                                   "add.u32 %r3, %r3, 1;\nsetp.lt.u32 %p1, %r3, 12;\n@%p1 bra LOOP;\n"
                                   "st.global.u32 [%rd1], %r4;\nret;\n}\n";
    fast_matches_slow_1024(ptx, "mio.issue 40\n", WS_STALL_BANK); /* the shuffles wait for their MIO pipe */
}

/* Every programs/ PTX file computes the same outputs in both modes (the summary line differs). */
static void modes_agree_on_every_program(void **state)
{
    (void)state;
    DIR *d = opendir(WS_SOURCE_DIR "/programs");
    assert_non_null(d);
    struct dirent *e;
    int checked = 0;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        if (len < 5 || strcmp(e->d_name + len - 4, ".ptx"))
            continue;
        char name[256], cmd[1024];
        snprintf(name, sizeof name, "%.*s", (int)(len - 4), e->d_name);
        char *outs[2] = {0};
        for (int mode = 0; mode < 2; mode++) {
            snprintf(cmd, sizeof cmd,
                     "cd '%s' && test -f programs/%s.args && '%s' run programs/%s.ptx @programs/%s.args --mode %s "
                     "2>/dev/null | grep -v '^-- kernel'",
                     WS_SOURCE_DIR, name, warpsim_bin, name, name, mode ? "timing" : "functional");
            FILE *p = popen(cmd, "r");
            size_t cap = 1 << 20, n = 0;
            outs[mode] = calloc(1, cap);
            n = fread(outs[mode], 1, cap - 1, p);
            outs[mode][n] = 0;
            pclose(p);
        }
        /* benchmarks write %clock64 differences, and a planted race sees another interleaving:
         * those (and only those) may differ */
        if (strncmp(name, "bench_", 6) != 0 && !strstr(name, "race")) {
            if (strcmp(outs[0], outs[1]) != 0)
                fail_msg("%s: the modes disagree:\n--- functional\n%s\n--- timing\n%s", name, outs[0], outs[1]);
            checked++;
        }
        free(outs[0]);
        free(outs[1]);
    }
    closedir(d);
    assert_true(checked >= 10);
}

/* The timing tables a kernel's first timing launch builds (ws_prepared.timing_tables, timing.h) are
 * the kernel's alone, and the timing states and whole-launch models the machine keeps from launch to
 * launch (ws_timing_keep, ws_grid_end) carry nothing to the next: a later launch on the same machine gives the same cycles, stalls and
 * output whatever the grid and block of the launches before it, with --jobs 2 too (its second
 * thread's state borrows the same tables), and a launch after another kernel's builds them again.
 * Machine a launches the kernel with one shape, then with another; machine b twice with the second
 * (a second launch finds the code cached: ifetch.h); machine c, after another kernel, once cold.
 * (Fails with the tables kept across kernels, a kept state's lines or store queues not cleared, or a
 * kept model's SMs' busy cycles not cleared.) */
#define TABLES_BUF (64u << 10)
typedef struct {
    ws_sim *sim;
    uint64_t buf[3]; /* the kernels' parameters: buffers alone, at the same addresses on each machine */
} tables_sim;
typedef struct {
    ws_result res;
    uint8_t out[3][TABLES_BUF];
} tables_launch;

static tables_sim tables_machine(unsigned jobs)
{
    ws_config cfg = {0};
    cfg.mode = WS_MODE_TIMING;
    cfg.jobs = jobs;
    tables_sim t = {ws_sim_create(&cfg), {0}};
    assert_non_null(t.sim);
    for (unsigned i = 0; i < 3; i++)
        assert_true((t.buf[i] = ws_sim_alloc(t.sim, TABLES_BUF, NULL)) != 0);
    return t;
}

/* Launches m's kernel on t with its buffers zeroed, and reads them back into l. */
static void tables_run(tables_sim *t, const ws_module *m, const unsigned *shape, tables_launch *l)
{
    static const uint8_t zero[TABLES_BUF];
    const ws_kernel *k = ws_module_kernel(m, NULL);
    assert_true(k->param_bytes % 8 == 0 && k->param_bytes <= sizeof t->buf);
    for (unsigned i = 0; i < 3; i++)
        assert_int_equal(ws_sim_write(t->sim, t->buf[i], zero, TABLES_BUF), 0);
    unsigned g[3] = {shape[0], 1, 1}, b[3] = {shape[1], 1, 1};
    assert_int_equal(ws_sim_launch(t->sim, m, k, g, b, t->buf, k->param_bytes, &l->res), WS_OK);
    for (unsigned i = 0; i < 3; i++)
        assert_int_equal(ws_sim_read(t->sim, t->buf[i], l->out[i], TABLES_BUF), 0);
}

static void tables_same(const tables_launch *x, const tables_launch *y)
{
    assert_true(x->res.stats.cycles > 0);
    assert_int_equal(x->res.stats.cycles, y->res.stats.cycles);
    assert_int_equal(x->res.stats.launch_cycles, y->res.stats.launch_cycles);
    assert_int_equal(x->res.stats.sms_used, y->res.stats.sms_used);
    assert_int_equal(x->res.stats.sm_busy_min, y->res.stats.sm_busy_min);
    assert_int_equal(x->res.stats.sm_busy_max, y->res.stats.sm_busy_max);
    assert_int_equal(x->res.stats.warp_instructions, y->res.stats.warp_instructions);
    for (unsigned r = 0; r < WS_STALL_REASON_COUNT; r++)
        assert_int_equal(x->res.stats.stalls[r], y->res.stats.stalls[r]);
    assert_memory_equal(x->out, y->out, sizeof x->out);
}

static void timing_tables_serve_every_launch_shape(void **state)
{
    (void)state;
    static const char *const programs[] = {"block_reduce", "bench_div",      "bench_redux",
                                           "bench_sync",   "probe_lanemask", "bench_reduce_shfl"};
    static const unsigned shapes[][2] = {{1, 32}, {3, 256}, {2, 1024}, {5, 96}}; /* grid, block */
    const unsigned nshapes = sizeof shapes / sizeof *shapes;
    ws_parse_error perr;
    ws_module *other = ws_module_load(WS_SOURCE_DIR "/programs/bench_alu.ptx", &perr);
    assert_non_null(other);
    tables_launch *l = malloc(5 * sizeof *l);
    assert_non_null(l);
    for (size_t p = 0; p < sizeof programs / sizeof *programs; p++) {
        char path[512];
        snprintf(path, sizeof path, "%s/programs/%s.ptx", WS_SOURCE_DIR, programs[p]);
        ws_module *m = ws_module_load(path, &perr), *copy = ws_module_load(path, &perr);
        assert_non_null(m);
        assert_non_null(copy);
        for (unsigned s = 0; s < nshapes; s++) {
            const unsigned *first = shapes[s], *then = shapes[(s + 1) % nshapes];
            tables_sim a = tables_machine(s % 2 ? 2 : 1), b = tables_machine(1), c = tables_machine(1);
            tables_run(&a, m, first, &l[0]); /* builds the tables */
            tables_run(&a, m, then, &l[1]);  /* takes them */
            tables_run(&b, m, then, &l[2]);
            tables_run(&b, m, then, &l[3]); /* warm, as a's */
            tables_same(&l[1], &l[3]);
            tables_run(&a, copy, then, &l[4]); /* the same code in another module: tables made again, code warm */
            tables_same(&l[4], &l[3]);
            for (unsigned i = 0; i < 5; i++)
                ws_result_free(&l[i].res);
            tables_run(&a, other, first, &l[0]); /* another kernel: its own tables, then m's made again */
            tables_run(&c, other, first, &l[2]);
            tables_same(&l[0], &l[2]);
            ws_result_free(&l[2].res);
            ws_sim_destroy(c.sim);
            c = tables_machine(1);
            tables_run(&a, m, then, &l[1]); /* its code cold again */
            tables_run(&c, m, then, &l[3]);
            tables_same(&l[1], &l[3]);
            ws_result_free(&l[0].res);
            ws_result_free(&l[1].res);
            ws_result_free(&l[3].res);
            ws_sim_destroy(a.sim);
            ws_sim_destroy(b.sim);
            ws_sim_destroy(c.sim);
        }
        ws_module_free(m);
        ws_module_free(copy);
    }
    free(l);
    ws_module_free(other);
}

int main(int argc, char **argv)
{
    warpsim_bin = argc > 1 ? argv[1] : "warpsim";
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(scoreboard_delays_dependent),
        cmocka_unit_test(schedule_fused_frees),
        cmocka_unit_test(schedule_fused_start),
        cmocka_unit_test(schedule_const_copy),
        cmocka_unit_test(schedule_written),
        cmocka_unit_test(schedule_half_regs),
        cmocka_unit_test(schedule_reuse),
        cmocka_unit_test(schedule_reuse_program_order),
        cmocka_unit_test(schedule_reuse_load_drain),
        cmocka_unit_test(schedule_spare_load),
        cmocka_unit_test(schedule_mio_gap),
        cmocka_unit_test(schedule_fma_turns),
        cmocka_unit_test(schedule_fma_chain),
        cmocka_unit_test(schedule_half_turn),
        cmocka_unit_test(four_subpartitions_issue_together),
        cmocka_unit_test(rare_issue_facts),
        cmocka_unit_test(bank_wavefronts),
        cmocka_unit_test(bank_rule_map),
        cmocka_unit_test(bank_same_word_lanes),
        cmocka_unit_test(store_queue_stages),
        cmocka_unit_test(store_queue_load_waits),
        cmocka_unit_test(store_queue_shuffle_waits),
        cmocka_unit_test(stq_regs_clock_waits),
        cmocka_unit_test(shared_queue_depth_and_share),
        cmocka_unit_test(preset_file_is_builtin),
        cmocka_unit_test(preset_counts_out_of_range_refused),
        cmocka_unit_test(schedule_rules),
        cmocka_unit_test(schedule_register_budget),
        cmocka_unit_test(schedule_budget_shuffle_pairs),
        cmocka_unit_test(schedule_predicate_budget),
        cmocka_unit_test(schedule_budget_counts),
        cmocka_unit_test(schedule_pieces_and_folded_loads),
        cmocka_unit_test(schedule_hoists_loads),
        cmocka_unit_test(timing_tables_serve_every_launch_shape),
        cmocka_unit_test(pipe_trains_match_one_by_one),
        cmocka_unit_test(shuffle_waits_match_one_by_one),
        cmocka_unit_test(modes_agree_on_every_program),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
