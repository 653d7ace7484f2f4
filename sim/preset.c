/* preset: the architecture's cycles (preset.h), the sm_90 preset compiled in. */
#include "preset.h"

#include <ctype.h>
#include <pthread.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* presets/sm_90.preset, compiled in so that no file is needed (test_timing checks they agree).
 * It is longer than the 4095 characters ISO C requires compilers to take in one string literal;
 * GCC and Clang take any length. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Woverlength-strings"
const char ws_preset_sm90_text[] =
    "# warpsim timing preset: sm_90, fitted to an NVIDIA H200 (docs/calibration.md).\n"
    "# One \"key value\" a line; '#' starts a comment. A file given with --preset is read over\n"
    "# these values, so it needs only the keys it changes. Cycles are SM clock cycles.\n"
    "name            sm_90\n"
    "subpartitions   4       # warp w issues on sub-partition w % 4, one instruction a cycle each\n"
    "\n"
    "# ---- latency classes (isa/opcodes.def): cycles from issue until a result can be read ----\n"
    "alu             4       # IADD3/LOP3/mov/setp: bench_alu add+xor chain, 4.0 a step\n"
    "add             4\n"
    "mul             4       # IMAD: bench_alu mul.lo, mad.lo\n"
    "fma             4       # FFMA, FADD: bench_alu\n"
    "div             61      # one PTX div/rem is a SASS sequence: bench_div div.rn.f32, div/rem.u32/.s32 by a\n"
    "                        # loop-invariant divisor, 58-64 a step (f64, u64 and .approx are not this: calibration.md)\n"
    "sfu             17      # MUFU.EX2/LG2/SQRT/RSQ: bench_sfu .ftz chains, 17.0 a step\n"
    "conv            18      # F2I, F2F (f32<->f64), I2F.F64, FRND: bench_conv; int<->int cvt is an alu op (timing.c)\n"
    "mem             23      # a load whose space is not listed below\n"
    "store           1\n"
    "atom            302     # ATOMG: bench_atom, 281 or 324 a step by where the word sits in L2 (shared: atom.shared)\n"
    "branch          1\n"
    "call            1\n"
    "shfl            24      # SHFL.UP/DOWN/BFLY: bench_shfl\n"
    "shfl.idx        26      # SHFL.IDX with a register lane: bench_shfl\n"
    "shfl.pred       8       # a shuffle writing |p too (SHFL + predicated FADD): CUB WarpReduce<float>, 36 a step\n"
    "shfl.feed       1       # a shuffle reads a fixed-latency op's result this much later (SASS: 5 cycles from IADD3/FADD to SHFL)\n"
    "vote            13      # VOTE: bench_collective (chain step vote + setp = 17)\n"
    "match           36      # MATCH.ANY with one distinct value: bench_match 40.1 a step with the lop3\n"
    "redux           44      # REDUX + the move out of the uniform register: bench_collective\n"
    "sync            1       # bar.warp.sync: a NOP in SASS with a full mask (bench_sync); it has no result\n"
    "bar             14      # bar.sync of one warp: bench_bar_w1\n"
    "\n"
    "# ---- integer bit operations and other classes measured for issue 15 (bench_bits, bench_mul) ----\n"
    "popc            17      # POPC: bench_bits, 17.0 a step (issue 15)\n"
    "clz             21      # FLO + IADD3 (31 - x): bench_bits clz + xor, 27.3 a step (with bits.feed)\n"
    "bfind           17      # FLO: bench_bits bfind + xor, 23.0-23.3 a step (with bits.feed)\n"
    "brev            17      # BREV: bench_bits brev + xor, 23.3 a step (with bits.feed)\n"
    "bfe             8       # SHF + SGXT: bench_bits, 8.2-8.3 a step\n"
    "bfi             10      # BMSK + SHF + LOP3 pieces: bench_bits, 10.4 a step\n"
    "mul24           10      # an IMAD sequence (sm_90 has no 24-bit multiply): bench_mul, 10.1 a step\n"
    "bits.feed       2       # popc/clz/bfind/brev wait this much more for a fixed-latency ALU op's result (ptxas:\n"
    "                        # 6 cycles, not 4, from LOP3 to POPC or FLO: bench_bits popc.b64 + xor 23.5 a step)\n"
    "\n"
    "# ---- forms by type or modifier (timing.c lowered_latency) ----\n"
    "mul.hi              9       # mul.hi/mad.hi of 32-bit integers (IMAD.HI): bench_mul, 9.0 a step\n"
    "mul.hi.64           29      # mul.hi of 64-bit integers (IMAD.WIDE.U32 sequence): bench_mul + xor.b64, 33.4 a step\n"
    "fp64                8       # add/sub/mul/fma/mad .f64 (DADD/DMUL/DFMA): bench_half, 8.0-8.2 a step\n"
    "fp64.select         6       # a predicated one (@p add.f64): the op, then two FSELs (a register of the pair each): time_cub_warp_reduce_sum_double_w32.sass, probe_down_cub_dadd\n"
    "alu.64              6       # add/sub/shr on 64-bit integers (IADD3 + IADD3.X, SHF pairs): bench_mul + xor.b64, 10.1 a step\n"
    "minmax.64           12      # min/max of 64-bit integers (ISETP pair + 2 SEL): bench_mul + xor.b64, 16.2 a step\n"
    "setp.64             8       # setp on 64-bit integers (ISETP + ISETP.EX): bench_mul setp + selp + xor.b64, 16.2 a step\n"
    "mul.f16x2           8       # mul.f16x2: ptxas alternates HMUL2 (6) and HFMA2.MMA (10): bench_half, 8.0 a step\n"
    "match.all           30      # MATCH.ALL: bench_match + lop3, 34.0 a step with 1 or 2 distinct values\n"
    "match.base          19      # MATCH.ANY with d >= 2 distinct values: match.base + d x match.value (bench_match: 45.1 a step\n"
    "match.value         11      #   at d = 2 to 375.0 at d = 32, with the lop3; match (above): one value, 40.1)\n"
    "\n"
    "# ---- forms that ptxas lowers to a longer SASS sequence than their class has ----\n"
    "sfu.fixup       39      # lg2/rcp/sqrt.approx.f32 without .ftz: MUFU + a denormal fix-up, 38.7-41.0 a step (bench_sfu)\n"
    "sfu.sincos      23      # sin/cos.approx.f32: FMUL.RZ by 1/(2 pi), then MUFU: 22.7 a step (bench_sfu)\n"
    "rcp.rn          76      # rcp.rn.f32: a software sequence, 75.8 a step (bench_sfu)\n"
    "sqrt.rn         55      # sqrt.rn.f32: a software sequence, 55.3 a step (bench_sfu)\n"
    "div.f64         156     # div.rn.f64: a DFMA sequence, 155.6 a step (bench_div)\n"
    "div.64          320     # div/rem on 64-bit integers: a called subroutine, 319.6 a step (bench_div)\n"
    "conv.f16        5       # cvt between f16 and f32: F2FP / HADD2.F32, 5 each (bench_conv2[1]: 10.1 a step)\n"
    "atom.shared     26      # ATOMS on distinct words: bench_atom, 25.6 a step\n"
    "atom.same_word  2       # per extra lane on one word, shared or global: bench_atom, 1.97 and 2.06\n"
    "\n"
    "# ---- memory orders: bench_memord, docs/calibration.md ----\n"
    "ld.strong       305\n"
    "acquire.cta     2.4\n"
    "acquire.gpu     11\n"
    "acquire.gpu.shared 4.4\n"
    "fence.cta       1\n"
    "fence.gpu       248\n"
    "\n"
    "# ---- loads by state space ----\n"
    "ld.shared       23      # LDS, one wavefront: bench_shared_ld stride 1\n"
    "ld.global       34      # LDG, an L1 hit: bench_global (an L2 hit is 263-305: .cg; no caches modelled)\n"
    "ld.miss         1080    # a block's first load of global lines when they come from HBM: under load, added to the block in whole launches (launch.txt)\n"
    "ld.l2           725     # ... when they are in L2 (l2.warm): block_reduce's time a wave at 3,960-9,900 blocks (launch.txt)\n"
    "l2.kib          51200   # the L2's capacity (50 MiB: the H200's 50 MB L2)\n"
    "l2.warm         1       # 1: a launch repeats over the same buffers (the measurement launches each grid 23 times):\n"
    "                        # when all the allocations fit in l2.kib, the blocks' first loads are L2 hits (ld.l2); 0: ld.miss\n"
    "ld.local        30      # LDL, an L1 hit: bench_local (29.5 a step)\n"
    "ld.param        10\n"
    "ld.const        10\n"
    "\n"
    "# ---- shared-memory banks ----\n"
    "shared.wavefront    2      # extra load latency per wavefront after the first: bench_shared_ld, _wide\n"
    "shared.128          4      # extra latency of a 16-byte (v4.b32/v2.b64) shared load\n"
    "store.issue         4      # a shared store holds the shared pipe at least this long\n"
    "store.wavefront     1.36   # ... or wavefronts x this, less store.overlap: bench_shared_st\n"
    "store.overlap       0.77\n"
    "store.same_word     0.52   # cycles per extra lane storing the same word (32 lanes: 21)\n"
    "store.bandwidth     52     # bytes a cycle of a shared store's data: bench_throughput st.shared.u64, .v4 (5.25, 9.8 a store)\n"
    "\n"
    "# ---- the MIO pipe of each sub-partition (LDS, STS, SHFL issue; bench_mio_w1/w4/w8, bench_shared_ilp) ----\n"
    "# the block's shared pipe serves one wavefront a cycle (4 warps at stride 32: 8225 cycles for 8192)\n"
    "mio.issue           4      # a shared access or shuffle holds its sub-partition's MIO pipe at least this long\n"
    "mio.wavefront       2      # a shared load holds it this long a wavefront (one warp at stride 4-32: 2.0-2.1)\n"
    "\n"
    "# ---- bar.sync: cycles from the last warp's arrival until the warps issue again ----\n"
    "bar.per_warp        1.76   # plus bar (above) for the first warp: bench_bar_w1/w4/w32\n"
    "\n"
    "# ---- whole launches (sim/grid.c): tests/calibration/launch.txt, docs/calibration.md ----\n"
    "sms                 132     # SMs of the H200\n"
    "sm.threads          2048    # an SM's limits: threads, warps, blocks, shared memory (bytes), registers\n"
    "sm.warps            64\n"
    "sm.blocks           32\n"
    "sm.shared           233472\n"
    "sm.regs             65536\n"
    "regs.default        32      # registers a thread is assumed to take (--regs gives them)\n"
    "schedule            1       # 1: issue in the order ptxas schedules a basic block (sim/schedule.c), 0: PTX order\n"
    "launch.overhead     10855   # cycles a cuEvent pair around a launch sees besides its blocks\n"
    "launch.dispatch     1.1     # cycles between two blocks' dispatches, for the whole GPU\n"
    "\n"
    "# ---- sub-warp collectives: a register membermask (sim/subwarp.h; subwarp_bench, docs/calibration.md) ----\n"
    "subwarp.check        22     # the MATCH.ANY check of shuffles and bar.warp.sync: LOP3 + BRA.DIV after MATCH.ANY\n"
    "subwarp.uniform      45     # the REDUX.OR check of votes and reduxes (REDUX.OR + R2UR + BRA.DIV)\n"
    "subwarp.group        62     # per group of lanes a vote or redux runs alone in the REDUX.OR check's loop, past the collective\n"
    "subwarp.exclusive    52     # per group of lanes WARPSYNC.EXCLUSIVE runs alone, past the collective\n"
    "subwarp.warpsync     20     # WARPSYNC R before the block's only register-mask shuffle or bar.warp.sync\n"
    "subwarp.warpsync.group 20   # ... plus this per group of lanes naming one mask\n"
    "sreg.laneid          24     # S2R SR_LANEID (mov %laneid): subwarp_laneid 30 cycles with the add and the store\n"
    "sreg.tid             23     # S2R SR_TID.X/Y/Z (mov %tid.*): probe_s2r_tid 30 cycles for S2R SR_TID.Z + IADD3 + the store\n"
    "sreg.cga             35     # S2R/S2UR SR_CgaCtaId, a shared variable's address once per SASS block (sim/cga.h): bench_s2r 45 with CS2R + VIADD\n"
    "imc.miss             55     # the block's first read of %ntid/%nctaid (ULDC c[0x0][0x0..]): the immediate-constant cache misses, the warp waits (probe_shfl_steps)\n";
#pragma GCC diagnostic pop

typedef struct {
    const char *key;
    size_t off;
} preset_key;

#define PK(k, field)                                                                                                   \
    {                                                                                                                  \
        k, offsetof(ws_preset, field)                                                                                  \
    }
static const preset_key preset_keys[] = {
    PK("shfl.up", shfl_mode[WS_SHFL_UP]),
    PK("shfl.down", shfl_mode[WS_SHFL_DOWN]),
    PK("shfl.bfly", shfl_mode[WS_SHFL_BFLY]),
    PK("shfl.idx", shfl_mode[WS_SHFL_IDX]),
    PK("shfl.pred", shfl_pred),
    PK("ld.shared", ld_shared),
    PK("ld.global", ld_global),
    PK("ld.miss", ld_miss),
    PK("ld.l2", ld_l2),
    PK("l2.kib", l2_kib),
    PK("l2.warm", l2_warm),
    PK("ld.local", ld_local),
    PK("ld.param", ld_param),
    PK("ld.const", ld_const),
    PK("shared.wavefront", shared_wavefront),
    PK("shared.128", shared_128),
    PK("store.issue", store_issue),
    PK("store.wavefront", store_wavefront),
    PK("store.overlap", store_overlap),
    PK("store.same_word", store_same_word),
    PK("store.bandwidth", store_bandwidth),
    PK("mio.issue", mio_issue),
    PK("mio.wavefront", mio_wavefront),
    PK("bar.per_warp", bar_per_warp),
    PK("sfu.fixup", sfu_fixup),
    PK("sfu.sincos", sfu_sincos),
    PK("rcp.rn", rcp_rn),
    PK("sqrt.rn", sqrt_rn),
    PK("div.f64", div_f64),
    PK("div.64", div_64),
    PK("conv.f16", conv_f16),
    PK("mul.f16x2", mul_f16x2),
    PK("bits.feed", bits_feed),
    PK("shfl.feed", shfl_feed),
    PK("mul.hi", mul_hi),
    PK("mul.hi.64", mul_hi_64),
    PK("fp64", fp64),
    PK("fp64.select", fp64_select),
    PK("alu.64", alu_64),
    PK("minmax.64", minmax_64),
    PK("setp.64", setp_64),
    PK("match.all", match_all),
    PK("match.base", match_base),
    PK("match.value", match_value),
    PK("sms", sms),
    PK("sm.threads", sm_threads),
    PK("sm.warps", sm_warps),
    PK("sm.blocks", sm_blocks),
    PK("sm.shared", sm_shared),
    PK("sm.regs", sm_regs),
    PK("regs.default", regs_default),
    PK("launch.overhead", launch_overhead),
    PK("launch.dispatch", launch_dispatch),
    PK("schedule", schedule),
    PK("atom.shared", atom_shared),
    PK("atom.same_word", atom_same_word),
    PK("ld.strong", ld_strong),
    PK("acquire.cta", acquire_cta),
    PK("acquire.gpu", acquire_gpu),
    PK("acquire.gpu.shared", acquire_gpu_shared),
    PK("fence.cta", fence_cta),
    PK("fence.gpu", fence_gpu),
    PK("subwarp.check", subwarp_check),
    PK("subwarp.uniform", subwarp_uniform),
    PK("subwarp.group", subwarp_group),
    PK("subwarp.exclusive", subwarp_exclusive),
    PK("subwarp.warpsync", subwarp_warpsync),
    PK("subwarp.warpsync.group", subwarp_warpsync_group),
    PK("sreg.laneid", sreg_laneid),
    PK("sreg.tid", sreg_tid),
    PK("sreg.cga", sreg_cga),
    PK("imc.miss", imc_miss),
};

#define WS_PRESET_MAX 1e6

/* The next whitespace-separated word of buf at *pos, at most 63 characters (as sscanf's %63s
 * takes them: a longer word goes on as the next one); 0 when there is none. */
static int word(const char *buf, size_t *pos, char out[64])
{
    size_t i = *pos, n = 0;
    while (isspace((unsigned char)buf[i]))
        i++;
    while (buf[i] && !isspace((unsigned char)buf[i]) && n < 63)
        out[n++] = buf[i++];
    out[n] = 0;
    *pos = i;
    return n > 0;
}

/* Whether key is name (the first characters compared inline: the built-in preset is read at every
 * start, and a call to strcmp for each of some 140 keys a line was a sixth of a one-warp run). */
static int same(const char *key, const char *name) { return key[0] == name[0] && !strcmp(key, name); }

static int parse_into(const char *text, ws_preset *p, char *err, size_t errlen)
{
    unsigned line = 0;
    for (const char *s = text; *s;) {
        const char *e = strchr(s, '\n');
        size_t n = e ? (size_t)(e - s) : strlen(s);
        char buf[256];
        line++;
        if (n >= sizeof buf)
            n = sizeof buf - 1;
        memcpy(buf, s, n);
        buf[n] = 0;
        s = e ? e + 1 : s + strlen(s);
        char *hash = strchr(buf, '#');
        if (hash)
            *hash = 0;
        char key[64], val[64];
        size_t pos = 0;
        int got = word(buf, &pos, key);
        got += got && word(buf, &pos, val);
        if (got <= 0)
            continue;
        if (got != 2) {
            snprintf(err, errlen, "preset line %u: expected \"key value\", found \"%s\"", line, key);
            return -1;
        }
        if (same(key, "name")) {
            snprintf(p->name, sizeof p->name, "%s", val);
            continue;
        }
        char *end;
        double v = strtod(val, &end);
        /* finite and at most WS_PRESET_MAX cycles: a latency of 1e19 or nan would wrap the cycle count */
        if (*end || !(v >= 0 && v <= WS_PRESET_MAX)) {
            snprintf(err, errlen, "preset line %u: %s: \"%s\" is not a number of cycles from 0 to %g", line, key, val,
                     WS_PRESET_MAX);
            return -1;
        }
        if (same(key, "subpartitions")) {
            if (v < 1 || v > 64) {
                snprintf(err, errlen, "preset line %u: subpartitions must be 1 to 64", line);
                return -1;
            }
            p->subpartitions = (unsigned)v;
            continue;
        }
        int found = 0;
        for (unsigned c = 0; c < LAT_CLASS_COUNT && !found; c++)
            if (same(key, ws_latency_name((ws_latency_class)c))) {
                p->lat[c] = v;
                found = 1;
            }
        for (size_t i = 0; i < sizeof preset_keys / sizeof preset_keys[0] && !found; i++)
            if (same(key, preset_keys[i].key)) {
                *(double *)((char *)p + preset_keys[i].off) = v;
                found = 1;
            }
        if (!found) {
            snprintf(err, errlen, "preset line %u: unknown key \"%s\"", line, key);
            return -1;
        }
    }
    return 0;
}

/* The built-in preset, read once a process (every timing launch starts from it). */
static ws_preset builtin;
static int builtin_status;
static char builtin_err[256];
static pthread_once_t builtin_once = PTHREAD_ONCE_INIT;

static void read_builtin(void)
{
    builtin_status = parse_into(ws_preset_sm90_text, &builtin, builtin_err, sizeof builtin_err);
}

int ws_preset_parse(const char *text, ws_preset *p, char *err, size_t errlen)
{
    pthread_once(&builtin_once, read_builtin);
    if (builtin_status != 0) {
        snprintf(err, errlen, "%s", builtin_err);
        return -1;
    }
    *p = builtin;
    return text ? parse_into(text, p, err, errlen) : 0;
}
