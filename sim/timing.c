/* The timing mode: which instruction issues in which cycle (DESIGN.md "Timing").
 *
 * Model (sm_90):
 *  - Four sub-partitions; warp w lives on w % 4. Each cycle each sub-partition issues at most
 *    one instruction, from its ready warps in loose round robin: the search starts after the
 *    warp that issued last on that sub-partition.
 *  - Each warp issues in order, at most one instruction a cycle. ws_warp_pick (warp.c)
 *    chooses its next group of lanes exactly as the functional scheduler would.
 *  - A scoreboard holds, per warp and register, the cycle its value is ready and the pc of the
 *    instruction that writes it; an instruction issues when all its source registers (guard,
 *    operands, address bases, membermask) are ready. Its destinations are ready `latency`
 *    cycles after issue; the latency comes from the opcode table's class through the preset.
 *  - Shared memory: each access needs ws_bank_wavefronts() wavefronts; each extra one adds
 *    shared.wavefront cycles of load latency. The block has one shared pipe: an access holds
 *    it for its wavefronts (stores: the store.* keys), and the next shared access waits.
 *  - bar.sync: when the last thread arrives, the waiting warps issue again bar + per_warp x
 *    (warps - 1) cycles later.
 *  - Every cycle a live warp does not issue is charged to one ws_stall_reason, in this order:
 *    barrier / .sync / convergence wait (no group can run), a pending barrier release,
 *    scoreboard (with the producing instruction's pc), bank (the shared pipe is busy), issue
 *    (its sub-partition issued another warp this cycle, or the warp issued the cycle before).
 * Executors run when the instruction issues, so results are those of the functional mode for
 * every program whose threads synchronise (races may see another interleaving).
 */
#include "timing.h"
#include "banks.h"
#include "barrier.h"
#include "diag.h"
#include "memory.h"
#include "schedule.h"
#include "warp.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

/* ---- per-launch state ------------------------------------------------------------------------- */

#define LINE_SET 4096 /* global lines remembered per block; beyond, a line counts as touched */

struct ws_timing {
    ws_preset p;
    uint32_t nwarps, nregs;
    uint64_t *reg_ready; /* nwarps x nregs: the cycle each register's value is ready */
    uint32_t *reg_prod;  /* nwarps x nregs: the pc of the instruction that writes it */
    ws_pick *pick;       /* per warp: its chosen group, while has_pick */
    uint8_t *has_pick;
    uint64_t *ready;        /* per warp: the first cycle it may issue again */
    uint8_t *ready_why;     /* per warp: the stall reason while ready is in the future */
    uint8_t *bar_wait;      /* per warp: lanes wait at bar.sync */
    uint32_t rr[64];        /* per sub-partition: the warp that issued last */
    double pipe_free;       /* the shared pipe is busy until this cycle */
    const ws_reg_use *uses; /* the launch's L->uses, per instruction */
    ws_reg_use tmp_use;
    int slow; /* WS_SLOW_TIMING: each instruction's registers walked per use (else L->uses) */
    /* the 128-byte global lines the block has loaded or stored (an open-addressing set; an entry
     * counts when its generation is the block's) */
    struct {
        uint64_t line;
        uint32_t gen;
    } lines[LINE_SET];
    uint32_t gen;
    int block_missed; /* the block loaded a global line it had not touched */
    /* ptxas's order (schedule.h), built at the first block when the preset asks for it */
    ws_schedule sched;
    int sched_built;
    uint32_t *seg; /* per warp: the segment it entered converged at its first position (UINT32_MAX: none) */
};

ws_timing *ws_timing_create(ws_launch_ctx *L, const char *preset_text, char *err, size_t errlen)
{
    ws_timing *t = calloc(1, sizeof *t);
    if (!t) {
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    if (ws_preset_parse(preset_text, &t->p, err, errlen) != 0) {
        free(t);
        return NULL;
    }
    uint64_t nthreads = (uint64_t)L->block[0] * L->block[1] * L->block[2];
    t->nwarps = (uint32_t)((nthreads + 31) / 32);
    t->nregs = L->k->nregs ? L->k->nregs : 1;
    t->slow = (L->slow & WS_SLOW_TIMING) != 0;
    size_t n = (size_t)t->nwarps * t->nregs;
    t->reg_ready = calloc(n, sizeof *t->reg_ready);
    t->reg_prod = calloc(n, sizeof *t->reg_prod);
    t->pick = calloc(t->nwarps, sizeof *t->pick);
    t->has_pick = calloc(t->nwarps, 1);
    t->ready = calloc(t->nwarps, sizeof *t->ready);
    t->ready_why = calloc(t->nwarps, 1);
    t->bar_wait = calloc(t->nwarps, 1);
    t->seg = calloc(t->nwarps, sizeof *t->seg);
    if (!t->reg_ready || !t->reg_prod || !t->pick || !t->has_pick || !t->ready || !t->ready_why || !t->bar_wait ||
        !t->seg) {
        ws_timing_destroy(t);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    return t;
}

const ws_preset *ws_timing_preset(const ws_timing *t) { return &t->p; }

uint64_t ws_timing_block_memory(const ws_timing *t)
{
    return t->block_missed ? (uint64_t)llround(t->p.ld_miss - t->p.ld_global) : 0;
}

uint64_t ws_timing_bytes(const ws_kernel *k, uint32_t nwarps)
{
    uint64_t nregs = k->nregs ? k->nregs : 1;
    return sizeof(ws_timing) + nwarps * nregs * (sizeof(uint64_t) + sizeof(uint32_t)) +
           nwarps * (sizeof(ws_pick) + sizeof(uint64_t) + 3 + sizeof(uint32_t)) + ws_schedule_bytes(k->ninsns) +
           (uint64_t)k->ninsns * sizeof(double);
}

void ws_timing_destroy(ws_timing *t)
{
    if (!t)
        return;
    free(t->reg_ready);
    free(t->reg_prod);
    free(t->pick);
    free(t->has_pick);
    free(t->ready);
    free(t->ready_why);
    free(t->bar_wait);
    free(t->seg);
    ws_schedule_free(&t->sched);
    free(t);
}

/* The registers instruction pc reads and writes (ws_insn_reg_use, computed once per kernel). */
static const ws_reg_use *uses_of(ws_timing *t, const ws_launch_ctx *L, uint32_t pc)
{
    if (!t->slow)
        return &t->uses[pc];
    ws_insn_reg_use(&L->code[pc], &t->tmp_use);
    return &t->tmp_use;
}

/* What the shared pipe needs for one access: wavefronts, cycles held, extra latency. */
typedef struct {
    int shared;
    unsigned wavefronts, min_wavefronts;
    double hold, extra_latency;
    ws_space space;
} mem_cost;

/* Whether the block has touched the global line; commit: it does now. */
static int touch_line(ws_timing *t, uint64_t line, int commit)
{
    for (unsigned k = 0; k < 16; k++) {
        unsigned i = (unsigned)((line * 0x9e3779b97f4a7c15ull) >> 52) + k * 7;
        i %= LINE_SET;
        if (t->lines[i].gen == t->gen && t->lines[i].line == line)
            return 1;
        if (t->lines[i].gen != t->gen) {
            if (commit) {
                t->lines[i].gen = t->gen;
                t->lines[i].line = line;
            }
            return 0;
        }
    }
    return 1; /* the set is full here: count it as touched */
}

/* commit: the access issues now (its lines become the block's) */
static mem_cost mem_cost_of(ws_timing *t, ws_exec *x, const ws_insn *in, uint32_t group, int commit)
{
    mem_cost c = {0};
    c.space = WS_SPACE_NONE;
    if (!ws_op_is_memory(in->op))
        return c;
    uint32_t exec = ws_guard_mask(x->regs, in, group);
    if (!exec)
        return c;
    unsigned bytes = ws_type_bits((ws_type)in->type) / 8 * (in->vec ? in->vec : 1);
    uint64_t addr[32] = {0};
    const ws_operand *a = &in->ops[ws_op_address_operand(in->op)];
    ws_space space = ws_access_space(in);
    FOR_EACH_LANE(exec, l) {
        addr[l] = ws_access_address(x->regs, a, l); /* the executors' decoder (memory.h) */
        c.space = ws_resolve_generic(space, &addr[l]);
    }
    int returns = ws_op_writes_op0(in->op); /* ld, ldu, atom: a result, with a load's latency */
    if (commit && returns && c.space == WS_SPACE_GLOBAL && ws_op_class_of(in->op) != CLS_ATOMIC &&
        !ws_insn_is_strong_load(in)) {
        /* a load of a line the block has not touched: the block waits for L2/HBM once (ld.miss,
         * charged by the whole-launch model, sim/grid.c; the block's own cycles keep the L1 hit) */
        FOR_EACH_LANE(exec, l)
            t->block_missed |= !touch_line(t, addr[l] >> 7, 1);
    } else if (commit && c.space == WS_SPACE_GLOBAL) {
        FOR_EACH_LANE(exec, l)
            touch_line(t, addr[l] >> 7, 1); /* stores and atomics bring their lines in too */
    }
    if (ws_op_class_of(in->op) == CLS_ATOMIC &&
        returns) /* lanes on one word take turns: bench_atom[1] (shared), [3] (global) */
        c.extra_latency = (ws_bank_same_word_lanes(addr, exec) - 1) * t->p.atom_same_word;
    if (c.space != WS_SPACE_SHARED)
        return c;
    c.shared = 1;
    c.wavefronts = ws_bank_wavefronts(addr, exec, bytes, x->mem_bank);
    c.min_wavefronts = ws_bank_min_wavefronts(exec, bytes);
    if (!returns) { /* st, red */
        double h = c.wavefronts * t->p.store_wavefront - t->p.store_overlap;
        c.hold = h > t->p.store_issue ? h : t->p.store_issue;
        /* wide stores: the data path takes store.bandwidth bytes a cycle (bench_throughput) */
        double data = t->p.store_bandwidth > 0 ? bytes * __builtin_popcount(exec) / t->p.store_bandwidth : 0;
        c.hold = data > c.hold ? data : c.hold;
        c.hold += (ws_bank_same_word_lanes(addr, exec) - 1) * t->p.store_same_word;
    } else {
        c.hold = c.wavefronts;
        c.extra_latency += (c.wavefronts - 1) * t->p.shared_wavefront + (bytes >= 16 ? t->p.shared_128 : 0);
    }
    return c;
}

/* Forms that ptxas lowers to other SASS than the rest of their class: longer sequences (the
 * preset's "lowered" keys, measured by bench_sfu, bench_div and bench_conv), and cvt forms that
 * are not conversion-unit ops; 0: the class latency. */
static double lowered_latency(const ws_preset *p, const ws_insn *in)
{
    bool f32 = in->type == WS_T_F32, ftz = in->mods & WS_MOD_FTZ, approx = in->mods & WS_MOD_APPROX;
    switch (in->op) {
    case WS_OP_SIN:
    case WS_OP_COS: return p->sfu_sincos;
    case WS_OP_LG2: return f32 && !ftz ? p->sfu_fixup : 0;
    case WS_OP_RCP:
    case WS_OP_SQRT:
        if (!f32)
            return 0;
        if (!approx)
            return in->op == WS_OP_RCP ? p->rcp_rn : p->sqrt_rn;
        return ftz ? 0 : p->sfu_fixup;
    case WS_OP_DIV:
    case WS_OP_REM:
        if (in->type == WS_T_F64)
            return p->div_f64;
        return !ws_type_is_float((ws_type)in->type) && ws_type_bits((ws_type)in->type) == 64 ? p->div_64 : 0;
    case WS_OP_CVT: {
        /* a cvt between integer types is a move or an ALU op (bench_conv[6]) and a 32-bit integer
         * to f32 is I2FP, an FMA-pipe op (bench_conv[0-1]); F2I, F2F, I2F.F64 and FRND take conv.
         * bf16 to f32 is a shift (IMAD.U32, bench_conv2[0]); f32 to f16 or to a pair of halves
         * is F2FP, f16 to f32 HADD2.F32 (bench_conv[5], bench_conv2[1]) */
        ws_type to = (ws_type)in->type, from = (ws_type)in->type2;
        if (!ws_type_is_float(from) && !ws_type_is_float(to))
            return p->lat[LAT_ALU];
        if (!ws_type_is_float(from) && to == WS_T_F32 && ws_type_bits(from) == 32)
            return p->lat[LAT_FMA];
        if (to == WS_T_F32 && from == WS_T_BF16)
            return p->lat[LAT_ALU];
        return (to == WS_T_F16 || to == WS_T_F16X2 || to == WS_T_BF16X2) && from == WS_T_F32 ? p->conv_f16
               : to == WS_T_F32 && from == WS_T_F16                                          ? p->conv_f16
                                                                                             : 0;
    }
    default: return 0;
    }
}

/* Forms whose cycles depend on the type or a modifier rather than the opcode's class
 * (bench_mul, bench_half: issue 15); 0: the class latency. */
static double form_latency(const ws_preset *p, const ws_insn *in)
{
    ws_type ty = (ws_type)in->type;
    int int64 = !ws_type_is_float(ty) && ws_type_bits(ty) == 64;
    ws_latency_class cls = (ws_latency_class)ws_optable[in->op].latency;
    if (ty == WS_T_F64 && (cls == LAT_ADD || cls == LAT_MUL || cls == LAT_FMA))
        return p->fp64;
    if (cls == LAT_MUL && in->sub == WS_MUL_HI && !ws_type_is_float(ty))
        return int64 ? p->mul_hi_64 : p->mul_hi;
    if (!int64)
        return 0;
    switch (in->op) { /* 64-bit integers: two 32-bit halves with a carry or a compare between them */
    case WS_OP_ADD:
    case WS_OP_SUB:
    case WS_OP_SHR: return p->alu_64;
    case WS_OP_MIN:
    case WS_OP_MAX: return p->minmax_64;
    case WS_OP_SETP: return p->setp_64;
    default: return 0;
    }
}

/* match.any costs by the number of distinct values among its lanes (bench_match); match.all one
 * latency. Reads the operand before the instruction executes. */
static double match_latency(const ws_preset *p, ws_exec *x, const ws_insn *in, uint32_t group)
{
    if (in->sub == WS_VOTE_ALL)
        return p->match_all;
    uint32_t exec = ws_guard_mask(x->regs, in, group);
    uint64_t tmp[32];
    const uint64_t *v = operand_row(x, &in->ops[1], exec, tmp);
    uint64_t width = ws_type_bits((ws_type)in->type) == 64 ? UINT64_MAX : UINT32_MAX;
    unsigned distinct = 0;
    FOR_EACH_LANE(exec, l) {
        int seen = 0;
        for (unsigned k = 0; k < l && !seen; k++)
            seen = ((exec >> k) & 1) && ((v[k] ^ v[l]) & width) == 0;
        distinct += !seen;
    }
    return distinct <= 1 ? p->lat[LAT_MATCH] : p->match_base + distinct * p->match_value;
}

/* ---- memory orders (bench_memord, docs/calibration.md) ------------------------------------------
 * ptxas puts a MEMBAR before a fence's or a release's access (st, red, atom .release/.acq_rel)
 * and a CCTL.IVALL after an acquire's (ld, atom .acquire/.acq_rel) beyond .cta scope; a strong
 * global load beyond .cta scope (.volatile is .sys) reads L2. .cluster counts as beyond .cta
 * (not measured: one block is its own cluster). */
static int beyond_cta(const ws_insn *in)
{
    return in->sem == WS_SEM_VOLATILE || (in->mods & WS_MOD_MMIO) || (in->scope && in->scope != WS_SCOPE_CTA);
}

/* The stall of the fence the instruction is or brings: cycles from the completion of the warp's
 * outstanding results until it issues again; -1: none. */
static double fence_of(const ws_preset *p, const ws_insn *in)
{
    int release = in->sem == WS_SEM_RELEASE || in->sem == WS_SEM_ACQ_REL;
    switch (in->op) {
    case WS_OP_FENCE:
    case WS_OP_MEMBAR: return beyond_cta(in) ? p->fence_gpu : p->fence_cta;
    case WS_OP_ST:
    case WS_OP_RED:
    case WS_OP_ATOM: return release ? (beyond_cta(in) ? p->fence_gpu : p->fence_cta) : -1;
    default: return -1;
    }
}

static double acquire_of(const ws_preset *p, const ws_insn *in, ws_space space)
{
    if ((in->op != WS_OP_LD && in->op != WS_OP_ATOM) || (in->sem != WS_SEM_ACQUIRE && in->sem != WS_SEM_ACQ_REL))
        return 0;
    if (!beyond_cta(in))
        return p->acquire_cta;
    return space == WS_SPACE_SHARED ? p->acquire_gpu_shared : p->acquire_gpu;
}

static double latency_of(const ws_timing *t, const ws_insn *in, const mem_cost *mc)
{
    const ws_preset *p = &t->p;
    ws_latency_class cls = (ws_latency_class)ws_optable[in->op].latency;
    if (cls == LAT_SHFL && in->sub < 4 && p->shfl_mode[in->sub] > 0) /* in->sub: the shuffle's mode */
        return p->shfl_mode[in->sub];
    if (ws_op_is_memory(in->op) && ws_op_writes_op0(in->op)) { /* ld, ldu, atom */
        double base;
        switch (mc->space) {
        case WS_SPACE_SHARED: base = p->ld_shared; break;
        case WS_SPACE_GLOBAL: base = p->ld_global; break;
        case WS_SPACE_LOCAL: base = p->ld_local; break;
        case WS_SPACE_PARAM: base = p->ld_param; break;
        case WS_SPACE_CONST: base = p->ld_const; break;
        default: base = p->lat[cls]; break;
        }
        if (mc->space == WS_SPACE_GLOBAL && ws_insn_is_strong_load(in) && beyond_cta(in))
            base = p->ld_strong;
        if (ws_op_class_of(in->op) == CLS_ATOMIC) /* a release's fence comes before the atomic: its result is later */
            base = (mc->space == WS_SPACE_SHARED ? p->atom_shared : p->lat[LAT_ATOM]) +
                   (fence_of(p, in) > 0 ? fence_of(p, in) : 0);
        return base + mc->extra_latency + acquire_of(p, in, mc->space);
    }
    double lowered = lowered_latency(p, in);
    if (lowered <= 0)
        lowered = form_latency(p, in);
    return lowered > 0 ? lowered : p->lat[cls];
}

/* ---- one block ---------------------------------------------------------------------------------- */

static int waits_at(const ws_warp *w, int state)
{
    for (unsigned i = 0; !w->converged && i < w->ngroups; i++) /* a converged warp's lanes all run */
        if (w->gstate[i] == state)
            return 1;
    return 0;
}

/* Why a warp with no runnable group waits. */
static ws_stall_reason blocked_reason(const ws_warp *w)
{
    if (waits_at(w, LANE_WAIT_BAR))
        return WS_STALL_BARRIER;
    if (waits_at(w, LANE_WAIT_SYNC))
        return WS_STALL_SYNC;
    if (waits_at(w, LANE_WAIT_RECONV))
        return WS_STALL_DIVERGENCE;
    return WS_STALL_ISSUE;
}

/* The first cycle warp wi could issue its picked group, and why it cannot before. */
static uint64_t earliest(ws_timing *t, ws_exec *x, ws_warp *w, uint32_t wi, ws_stall_reason *why, uint32_t *prod)
{
    const ws_insn *in = &x->L->code[t->pick[wi].pc];
    uint64_t when = t->ready[wi];
    *why = (ws_stall_reason)t->ready_why[wi];
    *prod = UINT32_MAX;
    const ws_reg_use *u = uses_of(t, x->L, t->pick[wi].pc);
    const uint64_t *rr = &t->reg_ready[(size_t)wi * t->nregs];
    for (uint32_t i = 0; i < u->nsrc; i++)
        if (rr[u->src[i]] > when) {
            when = rr[u->src[i]];
            *why = WS_STALL_SCOREBOARD;
            *prod = t->reg_prod[(size_t)wi * t->nregs + u->src[i]];
        }
    if (ws_op_is_memory(in->op)) {
        x->w = w;
        x->regs = w->regs;
        mem_cost mc = mem_cost_of(t, x, in, t->pick[wi].group, 0);
        uint64_t pipe = (uint64_t)ceil(t->pipe_free - 1e-9);
        if (mc.shared && pipe > when) {
            when = pipe;
            *why = WS_STALL_BANK;
        }
    }
    return when;
}

/* A mov of a register or an immediate: ptxas folds it away (a rename, or an immediate operand
 * of its user), so it takes no issue slot and no latency. Measured: bench_reduce_shfl. */
static int is_free_mov(const ws_insn *in)
{
    if (in->op == WS_OP_CVT && in->ops[1].kind == WS_OPND_REG && !ws_type_is_float((ws_type)in->type) &&
        !ws_type_is_float((ws_type)in->type2) && !(in->mods & WS_MOD_SAT) && ws_type_bits((ws_type)in->type) == 32 &&
        ws_type_bits((ws_type)in->type2) == 64)
        return 1; /* cvt.u32.u64: the low register of the pair (bench_mul[0], [4]) */
    return in->op == WS_OP_MOV && (in->ops[1].kind == WS_OPND_REG || in->ops[1].kind == WS_OPND_IMM);
}

/* ptxas's order (schedule.h), with each instruction's latency as issue() charges it when nothing
 * conflicts (a load's space from the instruction; generic: the mem class). */
static int build_schedule(ws_timing *t, const ws_launch_ctx *L)
{
    uint32_t n = L->k->ninsns;
    double *lat = malloc(((size_t)n + 1) * sizeof *lat);
    if (!lat)
        return -1;
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_insn *in = &L->code[pc];
        mem_cost mc = {0};
        mc.space = ws_op_is_memory(in->op) ? ws_access_space(in) : WS_SPACE_NONE;
        lat[pc] = is_free_mov(in)                           ? 0
                  : ws_optable[in->op].latency == LAT_MATCH ? t->p.lat[LAT_MATCH]
                                                            : latency_of(t, in, &mc);
    }
    int r = ws_schedule_build(L->k, L->code, L->uses, lat, &t->sched);
    free(lat);
    return r;
}

/* ws_warp_pick, then ptxas's order (ws_schedule_pick). */
static int pick(ws_timing *t, ws_exec *x, ws_warp *w, uint32_t wi)
{
    int r = ws_warp_pick(x, w, &t->pick[wi]);
    if (r == WS_PICK_EXEC && t->sched.order)
        ws_schedule_pick(&t->sched, w, &t->pick[wi], &t->seg[wi]);
    return r;
}

static void emit_stall(ws_launch_ctx *L, ws_block *b, ws_warp *w, uint32_t pc, uint64_t cycle, ws_stall_reason why,
                       uint32_t prod)
{
    ws_event ev = ws_event_of(L, WS_EV_STALL, b->id, cycle);
    ev.warp = w->index;
    ev.pc = pc;
    ev.insn = pc < L->k->ninsns ? &L->k->insns[pc] : NULL;
    ev.stall = why;
    ev.stall_producer_pc = prod;
    ws_emit(L, &ev);
}

static void issue(ws_timing *t, ws_exec *x, ws_block *b, uint32_t wi, uint64_t cycle)
{
    ws_launch_ctx *L = x->L;
    ws_warp *w = &b->warps[wi];
    ws_pick pk = t->pick[wi];
    const ws_insn *in = &L->code[pk.pc];
    x->w = w;
    x->regs = w->regs;
    mem_cost mc = mem_cost_of(t, x, in, pk.group, 1);
    x->mem_wavefronts = mc.wavefronts;
    if (mc.shared) {
        double start = t->pipe_free > (double)cycle ? t->pipe_free : (double)cycle;
        t->pipe_free = start + mc.hold;
        L->stats.shared_wavefronts += mc.wavefronts;
        L->stats.bank_conflicts += mc.wavefronts - mc.min_wavefronts;
    }
    double lat = ws_optable[in->op].latency == LAT_MATCH ? match_latency(&t->p, x, in, pk.group) : latency_of(t, in, &mc);
    const ws_reg_use *u = uses_of(t, L, pk.pc);
    b->cycle = cycle;
    t->has_pick[wi] = 0;
    ws_warp_issue(x, w, &pk);
    x->mem_wavefronts = 0;
    /* ptxas coalesces register-to-register moves (mov.b32 %r, %f around shuffles): a mov of a
     * register is a rename, its result ready as soon as its source */
    if (is_free_mov(in))
        lat = 0;
    uint64_t done = cycle + (uint64_t)llround(lat);
    /* the predicate of a shuffle (shfl.sync r|p) is ready shfl.pred after its value: CUB's warp
     * reductions and scans read it at once (SHFL paired with a predicated FADD in SASS, 36 cycles
     * a step: time_cub_warp_reduce_sum_float); nvcc's __shfl_*_sync leave it unread (bench_reduce_shfl) */
    uint64_t done_pred = done + (ws_optable[in->op].latency == LAT_SHFL ? (uint64_t)llround(t->p.shfl_pred) : 0);
    for (uint32_t i = 0; i < u->ndst; i++) {
        t->reg_ready[(size_t)wi * t->nregs + u->dst[i]] = u->dst[i] == in->dpred ? done_pred : done;
        t->reg_prod[(size_t)wi * t->nregs + u->dst[i]] = pk.pc;
    }
    uint64_t next = cycle + 1;
    double fence = fence_of(&t->p, in);
    if (fence >= 0) { /* a MEMBAR waits for the warp's outstanding results, then holds the warp */
        const uint64_t *rr = &t->reg_ready[(size_t)wi * t->nregs];
        uint64_t drained = cycle + 1;
        for (uint32_t r = 0; r < t->nregs; r++)
            drained = rr[r] > drained ? rr[r] : drained;
        next = drained + (uint64_t)llround(fence);
    }
    if (ws_optable[in->op].latency == LAT_BRANCH && t->p.lat[LAT_BRANCH] > 1)
        next = cycle + (uint64_t)llround(t->p.lat[LAT_BRANCH]);
    t->ready[wi] = is_free_mov(in) ? cycle : next;
    t->ready_why[wi] = WS_STALL_ISSUE;
    if (ws_op_class_of(in->op) == CLS_BARRIER)
        t->bar_wait[wi] = 1;
}

/* Releases every complete bar.sync; its warps issue again bar + per_warp x (warps - 1) later. */
static int release_barriers(ws_timing *t, ws_block *b, uint64_t cycle)
{
    int waiting = 0;
    for (uint32_t wi = 0; wi < b->nwarps; wi++)
        waiting |= t->bar_wait[wi];
    if (!waiting || !ws_block_release_barriers(b, 0))
        return 0;
    uint64_t at = cycle + (uint64_t)llround(t->p.lat[LAT_BAR] + t->p.bar_per_warp * (b->nwarps - 1));
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        if (!t->bar_wait[wi] || waits_at(&b->warps[wi], LANE_WAIT_BAR))
            continue;
        t->bar_wait[wi] = 0;
        if (t->ready[wi] < at) {
            t->ready[wi] = at;
            t->ready_why[wi] = WS_STALL_BARRIER;
        }
    }
    return 1;
}

/* Charges cycles [from, to) to each live warp's reason. */
static void charge(ws_timing *t, ws_launch_ctx *L, ws_block *b, uint64_t from, uint64_t to, const ws_stall_reason *why,
                   const uint32_t *prod)
{
    if (to <= from)
        return;
    for (uint32_t wi = 0; wi < b->nwarps; wi++) {
        ws_warp *w = &b->warps[wi];
        if (!w->live)
            continue;
        L->stats.stalls[why[wi]] += to - from;
        if (L->sim->cfg.on_event)
            for (uint64_t c = from; c < to && !L->stop; c++)
                emit_stall(L, b, w, t->has_pick[wi] ? t->pick[wi].pc : 0, c, why[wi], prod[wi]);
    }
}

void ws_timing_run_block(ws_launch_ctx *L, ws_block *b, ws_exec *x)
{
    ws_timing *t = L->timing;
    t->uses = L->uses; /* ws_sim_launch prepared them after ws_timing_create */
    if (!t->sched_built && t->p.schedule > 0) {
        t->sched_built = 1;
        if (build_schedule(t, L) != 0) {
            ws_launch_stop(L, WS_ERR_INTERNAL, "out of memory");
            return;
        }
    }
    for (uint32_t wi = 0; wi < t->nwarps; wi++)
        t->seg[wi] = UINT32_MAX;
    uint64_t max_cycles = L->sim->cfg.max_cycles;
    memset(t->reg_ready, 0, (size_t)t->nwarps * t->nregs * sizeof *t->reg_ready);
    memset(t->has_pick, 0, t->nwarps);
    memset(t->ready, 0, t->nwarps * sizeof *t->ready);
    memset(t->bar_wait, 0, t->nwarps);
    memset(t->rr, 0xff, sizeof t->rr);
    t->pipe_free = 0;
    t->gen++; /* a new block: no line touched */
    t->block_missed = 0;
    unsigned nsp = t->p.subpartitions;
    uint64_t cycle = 0;
    uint64_t when[WS_MAX_BLOCK_THREADS / 32];
    ws_stall_reason why[WS_MAX_BLOCK_THREADS / 32];
    uint32_t prod[WS_MAX_BLOCK_THREADS / 32];
    for (;;) {
        /* every live warp without a group picks one (bookkeeping steps cost nothing) */
        int alive = 0;
        for (uint32_t wi = 0; wi < b->nwarps && !L->stop; wi++) {
            ws_warp *w = &b->warps[wi];
            if (!w->live)
                continue;
            alive = 1;
            x->w = w;
            x->regs = w->regs;
            for (int guard = 0; !t->has_pick[wi] && guard < 4096; guard++) {
                int r = pick(t, x, w, wi);
                if (r == WS_PICK_EXEC) {
                    t->has_pick[wi] = 1;
                    ws_stall_reason wy;
                    uint32_t pr;
                    if (is_free_mov(&L->code[t->pick[wi].pc]) && earliest(t, x, w, wi, &wy, &pr) <= cycle) {
                        issue(t, x, b, wi, cycle); /* no slot: pick the next one */
                        x->w = w;
                        x->regs = w->regs;
                    }
                } else if (r == WS_PICK_BLOCKED)
                    break;
            }
        }
        if (L->stop || !alive)
            break;
        if (max_cycles && cycle >= max_cycles) {
            ws_launch_stop(L, WS_ERR_LIMIT,
                           "cycle limit reached: %" PRIu64 " cycles, in block %u; raise it with --max-cycles",
                           max_cycles, b->id);
            break;
        }
        /* when each warp could issue, and why not before */
        uint64_t next_event = UINT64_MAX;
        for (uint32_t wi = 0; wi < b->nwarps; wi++) {
            ws_warp *w = &b->warps[wi];
            prod[wi] = UINT32_MAX;
            when[wi] = UINT64_MAX;
            if (!w->live)
                continue;
            if (t->has_pick[wi]) {
                when[wi] = earliest(t, x, w, wi, &why[wi], &prod[wi]);
            } else if (t->ready[wi] > cycle) {
                when[wi] = t->ready[wi]; /* released from a barrier, not issuing yet */
                why[wi] = (ws_stall_reason)t->ready_why[wi];
            } else {
                why[wi] = blocked_reason(w);
            }
            if (when[wi] < next_event)
                next_event = when[wi];
        }
        if (next_event == UINT64_MAX) {
            /* nothing can ever issue: a complete barrier releases, else the fallbacks */
            if (!release_barriers(t, b, cycle) && !ws_block_resolve_stuck(b, x)) {
                ws_launch_stop(L, WS_ERR_INTERNAL, "block %u: no lane can run and nothing waits", b->id);
                break;
            }
            charge(t, L, b, cycle, cycle + 1, why, prod);
            cycle++;
            continue;
        }
        if (next_event > cycle) {
            /* nobody can issue before next_event: charge the skipped cycles at once */
            charge(t, L, b, cycle, next_event, why, prod);
            cycle = next_event;
            continue; /* pick again: released warps may have a group now */
        }
        /* each sub-partition issues one ready warp, loose round robin */
        uint32_t issued = 0;
        for (unsigned sp = 0; sp < nsp && !L->stop; sp++) {
            uint32_t nmine = b->nwarps > sp ? (b->nwarps - sp + nsp - 1) / nsp : 0;
            if (!nmine)
                continue;
            uint32_t last = t->rr[sp % 64];
            uint32_t start = last == UINT32_MAX ? 0 : (last / nsp + 1) % nmine;
            for (uint32_t k = 0; k < nmine; k++) {
                uint32_t wi = sp + ((start + k) % nmine) * nsp;
                if (!t->has_pick[wi] || when[wi] > cycle)
                    continue;
                issue(t, x, b, wi, cycle);
                t->rr[sp % 64] = wi;
                issued |= 1u << wi;
                break;
            }
        }
        /* the live warps that did not issue this cycle */
        for (uint32_t wi = 0; wi < b->nwarps; wi++) {
            if ((issued >> wi) & 1 || !b->warps[wi].live)
                continue;
            ws_stall_reason r = when[wi] <= cycle ? WS_STALL_ISSUE : why[wi];
            L->stats.stalls[r]++;
            if (L->sim->cfg.on_event)
                emit_stall(L, b, &b->warps[wi], t->has_pick[wi] ? t->pick[wi].pc : 0, cycle, r, prod[wi]);
        }
        if (!ws_work_left(L)) {
            ws_limit_stop(L, LIMIT_WORK, b->id);
            break;
        }
        release_barriers(t, b, cycle);
        cycle++;
    }
    b->cycle = cycle;
}
