/* shadow: uninitialized registers, uninitialized shared memory, shared-memory races.
 * See shadow.h for the model; every report goes through ws_diag_report (once per kind and
 * pc; later lanes of the same warp are added to the report's lane mask). */
#include "shadow.h"
#include "bytemove.h"
#include "diag.h"
#include "shfl_rule.h"

#include <inttypes.h>
#include <stdlib.h>

/* Per shared byte: the last write of the current epoch and the warps that read it. */
typedef struct {
    uint32_t w_epoch, r_epoch; /* epoch of the last write / of the readers below (0: never) */
    uint32_t readers;          /* warps that read it in r_epoch */
    uint32_t w_pc, r_pc;       /* the last write's and the last read's instruction */
    uint16_t w_warp, r_warp;
} shadow_byte;

struct ws_shadow {
    uint32_t epoch; /* bumped by every barrier release; never reset in a launch */
    uint32_t nregs, nwarps;
    uint32_t *reg_written; /* nwarps x nregs lane masks: lanes where every byte of the register is defined */
    shadow_byte *bytes;    /* shared_size entries, NULL when shared memory is empty */
    uint64_t shared_size;
    /* Registers partly defined (the registers section below), made at the first such value: */
    uint32_t *reg_partial; /* nwarps x nregs lane masks: lanes a byte move left with undefined bytes */
    uint8_t *undef;        /* nwarps x nregs x 32: those lanes' undefined bytes (bit i: byte i) */
    int partial_used;      /* reg_partial has a lane set in this block (cleared at the next block) */
    /* A byte move's results with undefined bytes, per lane, from ws_shadow_reads (which reads the
     * sources before the instruction runs) to ws_shadow_writes: */
    uint32_t carry_lanes; /* lanes with a result of their own, carry[] */
    const ws_insn *carry_insn[32];
    uint8_t carry[32][WS_MOVE_MAX];
    uint32_t carry_same; /* lanes with the same result, same_out (a warp's lanes mostly agree) */
    const ws_insn *same_insn;
    uint8_t same_out[WS_MOVE_MAX];
};

int ws_shadow_block_begin(ws_launch_ctx *L, ws_block *b)
{
    struct ws_shadow *s = b->shadow;
    if (!s) {
        s = calloc(1, sizeof *s);
        if (!s)
            return -1;
        s->nregs = L->k->nregs;
        s->nwarps = b->nwarps;
        s->shared_size = b->shared_size;
        s->reg_written = calloc((size_t)s->nwarps * (s->nregs ? s->nregs : 1), sizeof *s->reg_written);
        if (!s->reg_written) {
            free(s);
            return -1;
        }
        b->shadow = s; /* the shared bytes' shadow comes at the block's first shared access (shared_shadow) */
    } else {
        memset(s->reg_written, 0, (size_t)s->nwarps * (s->nregs ? s->nregs : 1) * sizeof *s->reg_written);
        if (b->shared_written)
            memset(b->shared_written, 0, b->shared_size);
        if (s->partial_used) /* undef is read only where reg_partial says */
            memset(s->reg_partial, 0, (size_t)s->nwarps * (s->nregs ? s->nregs : 1) * sizeof *s->reg_partial);
        s->partial_used = 0;
        s->carry_lanes = s->carry_same = 0;
    }
    /* a new block starts a new epoch: the previous block's accesses are stale by epoch */
    s->epoch++;
    for (uint32_t wi = 0; wi < b->nwarps; wi++)
        b->warps[wi].reg_written = s->reg_written + (size_t)wi * s->nregs;
    return 0;
}

uint64_t ws_shadow_block_bytes(uint32_t nwarps, uint32_t nregs, uint64_t shared_size)
{
    /* reg_written, and reg_partial with undef where a kernel makes partly defined values */
    return sizeof(struct ws_shadow) + (uint64_t)nwarps * (nregs ? nregs : 1) * (2 * sizeof(uint32_t) + 32) +
           shared_size * (sizeof(shadow_byte) + 1) + 1;
}

void ws_shadow_block_free(ws_block *b)
{
    if (!b->shadow)
        return;
    free(b->shadow->reg_written);
    free(b->shadow->reg_partial);
    free(b->shadow->undef);
    free(b->shadow->bytes);
    free(b->shadow);
    b->shadow = NULL;
    free(b->shared_written);
    b->shared_written = NULL;
    for (uint32_t wi = 0; b->warps && wi < b->nwarps; wi++)
        b->warps[wi].reg_written = NULL;
}

void ws_shadow_barrier(ws_block *b)
{
    if (b->shadow)
        b->shadow->epoch++;
}

/* ---- registers --------------------------------------------------------------------------------
 * Per warp, register and lane, which bytes hold a defined value: reg_written has the lanes where
 * every byte does (one lane mask a register: the common case), reg_partial the lanes where a byte
 * move (bytemove.h) left some undefined, undef[] which; in any other lane nothing wrote it. */

static const char *reg_name(const ws_launch_ctx *L, uint32_t r)
{
    return r < L->k->nregs && L->k->regs[r].name ? L->k->regs[r].name : "%?";
}

/* Register reg of the running warp in the per-warp arrays (the warp's reg_written row). */
static size_t reg_at(const ws_exec *x, uint32_t reg)
{
    return (size_t)(x->w->reg_written - x->blk->shadow->reg_written) + reg;
}

static uint32_t partial_lanes(const ws_exec *x, uint32_t reg)
{
    const struct ws_shadow *s = x->blk->shadow;
    return s->partial_used ? s->reg_partial[reg_at(x, reg)] : 0;
}

/* The undefined bytes of reg in lane l (bit i: byte i): none where written in full, all where
 * nothing wrote it. */
static uint8_t undef_bytes(const ws_exec *x, uint32_t reg, unsigned l)
{
    if (reg == WS_NO_REG || reg >= x->L->k->nregs || ((x->w->reg_written[reg] >> l) & 1))
        return 0;
    const struct ws_shadow *s = x->blk->shadow;
    if ((partial_lanes(x, reg) >> l) & 1)
        return s->undef[reg_at(x, reg) * 32 + l];
    return 0xff;
}

/* Whether every lane of lanes holds the same bytes of reg undefined, into *u: written in all (none
 * undefined), in none (all), or partly defined alike (a pack, or a shuffle or move of one). */
static bool same_undef(const ws_exec *x, uint32_t reg, uint32_t lanes, uint8_t *u)
{
    *u = 0;
    if (reg == WS_NO_REG || reg >= x->L->k->nregs)
        return true;
    uint32_t w = x->w->reg_written[reg] & lanes, p = partial_lanes(x, reg) & lanes;
    if (!p) {
        *u = w == lanes ? 0 : 0xff;
        return w == lanes || w == 0;
    }
    if (p != lanes) /* (a lane partly defined is not written in full) */
        return false;
    const uint8_t *row = x->blk->shadow->undef + reg_at(x, reg) * 32;
    uint8_t first = row[__builtin_ctz(lanes)], diff = 0;
    FOR_EACH_LANE(lanes, l)
        diff |= row[l] ^ first;
    *u = first;
    return !diff;
}

/* "byte 2 is", "bytes 2-3 are", or a mask where they are not one run */
static void describe_bytes(char *buf, size_t n, uint8_t m)
{
    unsigned lo = (unsigned)__builtin_ctz(m), hi = 31u - (unsigned)__builtin_clz(m);
    if (lo == hi)
        snprintf(buf, n, "byte %u is", lo);
    else if (m == (uint8_t)(ws_low_bytes(hi + 1) & ~ws_low_bytes(lo)))
        snprintf(buf, n, "bytes %u-%u are", lo, hi);
    else
        snprintf(buf, n, "bytes (mask 0x%02x) are", m);
}

/* Reports the lanes whose register reg has an undefined byte among `bytes`: never written, or
 * carried in undefined by a byte move. */
static void check_bytes(ws_exec *x, uint32_t reg, uint32_t lanes, uint8_t bytes)
{
    if (reg == WS_NO_REG || !lanes || reg >= x->L->k->nregs)
        return;
    uint32_t wrote = x->w->reg_written[reg];
    uint32_t missing = lanes & ~wrote;
    if (!missing)
        return;
    uint32_t partial = partial_lanes(x, reg), bad = missing & ~partial, some_defined = missing & partial;
    FOR_EACH_LANE(some_defined, l) {
        if (undef_bytes(x, reg, l) & bytes)
            bad |= 1u << l;
    }
    if (!bad)
        return;
    unsigned lane = (unsigned)__builtin_ctz(bad);
    uint64_t v = ws_reg_get(x, reg, lane);
    if ((partial >> lane) & 1) {
        char which[40];
        describe_bytes(which, sizeof which, undef_bytes(x, reg, lane) & bytes);
        ws_diag_report(x, WS_DIAG_UNINIT_REG, bad,
                       "kernel %s: lanes 0x%08x (first: lane %u) of warp %u read %s, whose %s undefined (carried by "
                       "a mov, pack, unpack, shuffle, cvt, selp, prmt or shift from a register nothing wrote); the "
                       "value read is 0x%" PRIx64,
                       x->L->k->name, bad, lane, x->w->index, reg_name(x->L, reg), which, v);
        return;
    }
    char who[64];
    wrote |= partial;
    if (wrote)
        snprintf(who, sizeof who, "only lanes 0x%08x wrote it", wrote);
    else
        snprintf(who, sizeof who, "no instruction wrote it in any lane");
    ws_diag_report(x, WS_DIAG_UNINIT_REG, bad,
                   "kernel %s: lanes 0x%08x (first: lane %u) of warp %u read %s before anything wrote it (%s); "
                   "the value read is 0x%" PRIx64,
                   x->L->k->name, bad, lane, x->w->index, reg_name(x->L, reg), who, v);
}

/* A read of every byte of reg. */
static void check_reg(ws_exec *x, uint32_t reg, uint32_t lanes) { check_bytes(x, reg, lanes, 0xff); }

/* The registers in reads and writes: the kernel's table of them when in is one of its
 * instructions (always, but for tests that run an instruction of their own), else walked now. */
static const ws_reg_use *uses_of(const ws_exec *x, const ws_insn *in, ws_reg_use *tmp)
{
    const ws_launch_ctx *L = x->L;
    if (L->uses && in >= L->code && in < L->code + L->k->ninsns)
        return &L->uses[in - L->code];
    ws_insn_reg_use(in, tmp);
    return tmp;
}

/* st reads of its value only the bytes it stores: ld, st and cvt may name a register wider than
 * their type (st.u16 of a .b32 register stores the low half, as cooperative_groups stores the
 * 2-byte value it shuffled in a .b32). Returns 0 where in is not a store. */
static int store_reads(ws_exec *x, const ws_insn *in, uint32_t exec)
{
    if (in->op != WS_OP_ST)
        return 0;
    const ws_operand *m = &in->ops[0], *v = &in->ops[1];
    uint8_t bytes = ws_low_bytes(ws_type_bytes((ws_type)in->type));
    if (m->kind == WS_OPND_ADDR)
        check_reg(x, m->reg, exec);
    if (v->kind == WS_OPND_REG)
        check_bytes(x, v->reg, exec, bytes);
    else if (v->kind == WS_OPND_VEC)
        for (unsigned i = 0; i < v->nvec; i++)
            check_bytes(x, v->regs[i], exec, bytes);
    return 1;
}

/* A lane's move result with undefined bytes, for ws_shadow_writes to put in its destinations. */
static void carry(struct ws_shadow *s, const ws_insn *in, unsigned l, const uint8_t *out)
{
    s->carry_insn[l] = in;
    memcpy(s->carry[l], out, WS_MOVE_MAX);
    s->carry_lanes |= 1u << l;
}

/* The same result in every lane of lanes. */
static void carry_same(struct ws_shadow *s, const ws_insn *in, uint32_t lanes, const uint8_t *out)
{
    s->same_insn = in;
    memcpy(s->same_out, out, WS_MOVE_MAX);
    s->carry_same = lanes;
}

/* shfl.sync d, a, b, c, m: lane l's d is the source lane's a (its own where out of range, 0 from a
 * lane that does not execute), with that lane's defined bytes. A lane whose own a is entirely
 * undefined is reported, as before bytes were tracked (its value then counts as defined). Lanes of
 * a merged collective come one at a time (exec: one lane), so a value from another lane counts as
 * defined there: a report missed, never a false one. */
static void shfl_reads(ws_exec *x, const ws_insn *in, uint32_t exec, bool keep)
{
    struct ws_shadow *s = x->blk->shadow;
    for (unsigned i = 2; i < in->nops; i++) /* b, c and the membermask: read whole */
        if (in->ops[i].kind == WS_OPND_REG)
            check_reg(x, in->ops[i].reg, exec);
    uint32_t a = in->ops[1].reg, whole = 0, some = 0;
    if (a >= x->L->k->nregs || (x->w->reg_written[a] & exec) == exec)
        return;
    uint8_t own[32], out[WS_MOVE_MAX] = {0}, same;
    /* every lane's a partly defined alike: so is every result */
    if (exec == FULL_MASK && same_undef(x, a, exec, &same) && (same & 0xf) != 0xf) {
        out[0] = same & 0xf;
        if (keep)
            carry_same(s, in, FULL_MASK, out);
        return;
    }
    FOR_EACH_LANE(exec, l) {
        own[l] = undef_bytes(x, a, l) & 0xf;
        whole |= own[l] == 0xf ? 1u << l : 0;
        some |= own[l] ? 1u << l : 0;
    }
    check_reg(x, a, whole);
    if (!keep || !(some & ~whole))
        return;
    FOR_EACH_LANE(whole, l)
        own[l] = 0;
    FOR_EACH_LANE(exec, l) {
        ws_shfl_route rt = ws_shfl_lane_route((ws_shfl_mode)in->sub, l, (uint32_t)opnd(x, &in->ops[2], l),
                                              (uint32_t)opnd(x, &in->ops[3], l));
        out[0] = !rt.in_range ? own[l] : ((exec >> rt.src) & 1) ? own[rt.src] : 0;
        if (out[0])
            carry(s, in, l, out);
    }
}

/* Whether in's writes are recorded (ws_shadow_writes runs after it: WS_UNINIT_WRITES): a move
 * whose destinations nothing checked reads has nothing to carry. */
static bool writes_recorded(const ws_exec *x, const ws_insn *in)
{
    const ws_launch_ctx *L = x->L;
    if (!L->uninit_plan || in < L->code || in >= L->code + L->k->ninsns)
        return true;
    return (L->uninit_plan[in - L->code] & WS_UNINIT_WRITES) != 0;
}

/* What a byte move's result asks of the check: nothing undefined; every byte it copies undefined
 * (reported as a read of a register nothing wrote); or some undefined bytes to carry on. */
enum { MOVE_NOTHING, MOVE_REPORT, MOVE_CARRY };
static int move_outcome(const ws_move *m)
{
    uint8_t any_from = 0, any_out = 0;
    int all_undef = 1;
    for (unsigned d = 0; d < WS_MOVE_MAX; d++) {
        any_from |= m->from[d];
        any_out |= m->out[d];
        all_undef &= m->out[d] == m->from[d];
    }
    return any_from && all_undef ? MOVE_REPORT : any_out ? MOVE_CARRY : MOVE_NOTHING;
}

/* A selection's control (selp's predicate, prmt's selector, a shift amount) is read whole; returns
 * the lanes of exec where it is not defined (reported here): there the selection reads as it did
 * before bytes were tracked (ws_move_bytes with WS_MOVE_ANY: every byte it could pick; selp the
 * operand its predicate's value picks, as before). */
static uint32_t control_reads(ws_exec *x, const ws_insn *in, uint32_t exec)
{
    int c = ws_move_control(in);
    if (c < 0 || in->ops[c].kind != WS_OPND_REG || in->ops[c].reg >= x->L->k->nregs)
        return 0;
    check_reg(x, in->ops[c].reg, exec);
    return exec & ~x->w->reg_written[in->ops[c].reg];
}

/* The lanes of a byte move split into classes, lanes of a class alike: each source's undefined
 * bytes, and the control's value (up to MOVE_CLASSES of each; a warp's lanes mostly fall in one or
 * two: written in full or partly defined by one pack, a predicate's two values). */
enum { MOVE_CLASSES = 3 };
typedef struct {
    unsigned n;
    uint32_t lanes[MOVE_CLASSES];
    int64_t value[MOVE_CLASSES]; /* undefined bytes (sources) or the control's value */
} lane_classes;

/* Lanes l of exec into c by value v; 0 where that makes more than MOVE_CLASSES classes. */
static int add_to_class(lane_classes *c, unsigned l, int64_t v)
{
    for (unsigned k = 0; k < c->n; k++)
        if (c->value[k] == v) {
            c->lanes[k] |= 1u << l;
            return 1;
        }
    if (c->n == MOVE_CLASSES)
        return 0;
    c->lanes[c->n] = 1u << l;
    c->value[c->n++] = v;
    return 1;
}

/* The lanes of exec by reg's undefined bytes: written in full, never written, partly defined (each
 * class of those by its bytes). 0 where they make too many classes. */
static int undef_classes(const ws_exec *x, uint32_t reg, uint32_t exec, lane_classes *c)
{
    uint8_t u;
    c->n = 0;
    if (same_undef(x, reg, exec, &u)) {
        c->lanes[c->n] = exec;
        c->value[c->n++] = u;
        return 1;
    }
    uint32_t w = x->w->reg_written[reg] & exec, p = partial_lanes(x, reg) & exec, never = exec & ~w & ~p;
    if (w) {
        c->lanes[c->n] = w;
        c->value[c->n++] = 0;
    }
    if (never) {
        c->lanes[c->n] = never;
        c->value[c->n++] = 0xff;
    }
    const uint8_t *row = x->blk->shadow->undef + reg_at(x, reg) * 32;
    FOR_EACH_LANE(p, l) {
        if (!add_to_class(c, l, row[l]))
            return 0;
    }
    return 1;
}

/* The control's value in lane l for ws_move_bytes: where it is undefined (ctl_undef), WS_MOVE_ANY,
 * but selp's predicate, whose value (0 or 1) picks the operand as before bytes were tracked; 0
 * where in has no control. */
static int64_t lane_control(ws_exec *x, const ws_insn *in, unsigned l, uint32_t ctl_undef)
{
    int k = ws_move_control(in);
    if (k < 0)
        return 0;
    uint32_t v = (uint32_t)opnd(x, &in->ops[k], l);
    if (in->op == WS_OP_SELP)
        return v != 0;
    return (ctl_undef >> l) & 1 ? WS_MOVE_ANY : (int64_t)v;
}

/* The lanes of exec by the control's value (lane_control); one class where the instruction fixes
 * it. 0 where that makes too many classes (a selector or an amount that differs from lane to lane). */
static int control_classes(ws_exec *x, const ws_insn *in, uint32_t exec, uint32_t ctl_undef, lane_classes *c)
{
    int k = ws_move_control(in);
    c->n = 0;
    if (k < 0 || in->ops[k].kind != WS_OPND_REG) {
        c->lanes[c->n] = exec;
        c->value[c->n++] = ws_move_fixed_control(in);
        return 1;
    }
    FOR_EACH_LANE(exec, l) {
        if (!add_to_class(c, l, lane_control(x, in, l, ctl_undef)))
            return 0;
    }
    return 1;
}

/* What a byte move's lanes come to, gathered class by class (move_group) for move_reads. */
typedef struct {
    uint32_t bad[WS_MOVE_MAX];      /* lanes reported for source i ... */
    uint8_t bad_bytes[WS_MOVE_MAX]; /* ... and the undefined bytes of it they read */
    uint32_t same_lanes;            /* the lanes carrying same_out, the first result carried */
    uint8_t same_out[WS_MOVE_MAX];
} move_acc;

/* The lanes of a class, whose sources hold bytes u undefined and whose control is ctl: where
 * nothing they move is defined, or the control is not (ctl_undef), a read of the bytes they pick,
 * as any instruction's; else their result carried (keep). -1: a form ws_move_bytes does not take. */
static int move_group(ws_exec *x, const ws_insn *in, unsigned n, const uint8_t *u, int64_t ctl, uint32_t lanes,
                      uint32_t ctl_undef, bool keep, move_acc *acc)
{
    ws_move m;
    if (ws_move_bytes(in, u, ctl, &m) < 0)
        return -1;
    int outcome = move_outcome(&m);
    uint32_t read = outcome == MOVE_REPORT ? lanes : lanes & ctl_undef;
    uint32_t carried = outcome == MOVE_CARRY && keep ? lanes & ~ctl_undef : 0;
    for (unsigned i = 0; i < n && read; i++)
        if (u[i] & m.reads[i]) {
            acc->bad[i] |= read;
            acc->bad_bytes[i] |= u[i] & m.reads[i];
        }
    if (!carried)
        return 0;
    if (!acc->same_lanes)
        memcpy(acc->same_out, m.out, WS_MOVE_MAX);
    if (!memcmp(acc->same_out, m.out, WS_MOVE_MAX))
        acc->same_lanes |= carried;
    else
        FOR_EACH_LANE(carried, l)
            carry(x->blk->shadow, in, l, m.out);
    return 0;
}

/* A byte move (bytemove.h) reads its sources' bytes without using them: their definedness goes on
 * to its destinations (ws_shadow_writes puts it there). Only lanes where nothing it moves is
 * defined are reported, as a read of a register nothing wrote, and their results then count as
 * defined, as after any report. Returns 0 where in is not a byte move of a form handled here. */
static int move_reads(ws_exec *x, const ws_insn *in, uint32_t exec)
{
    uint32_t src[WS_MOVE_MAX];
    unsigned n;
    if (!ws_insn_moves_bytes(in) || !(n = ws_move_sources(in, src)))
        return 0;
    bool keep = writes_recorded(x, in);
    if (in->op == WS_OP_SHFL) {
        if (in->ops[0].kind != WS_OPND_REG)
            return 0;
        shfl_reads(x, in, exec, keep);
        return 1;
    }
    uint32_t ctl_undef = control_reads(x, in, exec);
    uint8_t u[WS_MOVE_MAX] = {0};
    int any_undef = 0;
    for (unsigned i = 0; i < n; i++) { /* the common case: every source written in every lane */
        uint32_t w = src[i] < x->L->k->nregs ? x->w->reg_written[src[i]] & exec : exec;
        any_undef |= w != exec;
    }
    if (!any_undef)
        return 1;
    move_acc acc;
    memset(&acc, 0, sizeof acc);
    lane_classes cls[2], ctl;
    /* by classes: every combination of a class of each source (two at most) and of the control */
    if (n <= 2 && control_classes(x, in, exec, ctl_undef, &ctl) && undef_classes(x, src[0], exec, &cls[0]) &&
        (n < 2 || undef_classes(x, src[1], exec, &cls[1]))) {
        unsigned n1 = n < 2 ? 1 : cls[1].n;
        for (unsigned a = 0; a < cls[0].n; a++)
            for (unsigned b = 0; b < n1; b++)
                for (unsigned c = 0; c < ctl.n; c++) {
                    uint32_t lanes = cls[0].lanes[a] & (n < 2 ? exec : cls[1].lanes[b]) & ctl.lanes[c];
                    u[0] = (uint8_t)cls[0].value[a];
                    u[1] = n < 2 ? 0 : (uint8_t)cls[1].value[b];
                    if (lanes && move_group(x, in, n, u, ctl.value[c], lanes, ctl_undef, keep, &acc) < 0)
                        return 0; /* the form, the same in every lane: nothing carried yet */
                }
    } else { /* lane by lane */
        FOR_EACH_LANE(exec, l) {
            for (unsigned i = 0; i < n; i++)
                u[i] = undef_bytes(x, src[i], l);
            if (move_group(x, in, n, u, lane_control(x, in, l, ctl_undef), 1u << l, ctl_undef, keep, &acc) < 0)
                return 0;
        }
    }
    if (acc.same_lanes)
        carry_same(x->blk->shadow, in, acc.same_lanes, acc.same_out);
    for (unsigned i = 0; i < n; i++) /* (each lane of bad[i] has an undefined byte among bad_bytes[i]) */
        check_bytes(x, src[i], acc.bad[i], acc.bad_bytes[i]);
    return 1;
}

void ws_shadow_reads(ws_exec *x, const ws_insn *in, uint32_t group, uint32_t exec)
{
    ws_reg_use tmp;
    const ws_reg_use *u = uses_of(x, in, &tmp);
    uint32_t i = 0;
    if (in->guard != WS_NO_REG) /* the guard is read by every lane of the group, src[0] */
        check_reg(x, u->src[i++], group);
    if (!exec || move_reads(x, in, exec) || store_reads(x, in, exec))
        return;
    for (; i < u->nsrc; i++)
        check_reg(x, u->src[i], exec);
}

/* Every byte of reg written in lanes. */
static void mark_reg(ws_exec *x, uint32_t reg, uint32_t lanes)
{
    if (reg == WS_NO_REG || reg >= x->L->k->nregs)
        return;
    x->w->reg_written[reg] |= lanes;
    struct ws_shadow *s = x->blk->shadow;
    if (s && s->partial_used)
        s->reg_partial[reg_at(x, reg)] &= ~lanes;
}

/* The per-lane byte state, made at a block's first partly defined value. -1: out of memory (the
 * value then counts as defined: a report missed, never a false one). */
static int partial_state(struct ws_shadow *s)
{
    if (!s->reg_partial) {
        size_t n = (size_t)s->nwarps * (s->nregs ? s->nregs : 1);
        s->reg_partial = calloc(n, sizeof *s->reg_partial);
        s->undef = malloc(n * 32);
        if (!s->reg_partial || !s->undef) {
            free(s->reg_partial);
            free(s->undef);
            s->reg_partial = NULL;
            s->undef = NULL;
            return -1;
        }
    }
    s->partial_used = 1;
    return 0;
}

/* Register r's bytes m are undefined in lanes (mark_reg has made every byte defined first). */
static void put_bytes(ws_exec *x, uint32_t r, uint32_t lanes, uint8_t m)
{
    struct ws_shadow *s = x->blk->shadow;
    if (r >= x->L->k->nregs || !(m &= ws_low_bytes(ws_type_bytes((ws_type)x->L->k->regs[r].type))) ||
        partial_state(s) != 0)
        return;
    size_t at = reg_at(x, r);
    uint8_t *row = s->undef + at * 32;
    x->w->reg_written[r] &= ~lanes;
    s->reg_partial[at] |= lanes;
    if (lanes == FULL_MASK)
        memset(row, m, 32);
    else
        FOR_EACH_LANE(lanes, l)
            row[l] = m;
}

/* The lanes of exec take in their move results with undefined bytes that ws_shadow_reads found. */
static void carry_writes(ws_exec *x, const ws_insn *in, uint32_t exec)
{
    struct ws_shadow *s = x->blk->shadow;
    uint32_t dst[WS_MOVE_MAX], same = s->carry_same & exec, lanes = s->carry_lanes & exec;
    unsigned n = ws_move_dests(in, dst);
    s->carry_same &= ~exec;
    s->carry_lanes &= ~exec;
    if (same && s->same_insn == in) /* (else left by a move whose writes are not recorded) */
        for (unsigned d = 0; d < n; d++)
            put_bytes(x, dst[d], same, s->same_out[d]);
    FOR_EACH_LANE(lanes, l) {
        if (s->carry_insn[l] == in)
            for (unsigned d = 0; d < n; d++)
                put_bytes(x, dst[d], 1u << l, s->carry[l][d]);
    }
}

/* An instruction through which a warp may acquire what another warp released: ld.acquire,
 * atom.acquire/.acq_rel, fence and membar (the release side is a store, red or atom after a
 * release or a fence). cooperative_groups' tiles wider than a warp exchange through shared
 * memory this way, with no bar.sync. */
bool ws_shadow_acquires(const ws_insn *in)
{
    switch (in->op) {
    case WS_OP_LD: return in->sem == WS_SEM_ACQUIRE;
    case WS_OP_ATOM: return in->sem == WS_SEM_ACQUIRE || in->sem == WS_SEM_ACQ_REL;
    case WS_OP_FENCE:
    case WS_OP_MEMBAR: return true;
    default: return false;
    }
}

void ws_shadow_writes(ws_exec *x, const ws_insn *in, uint32_t exec)
{
    if (!exec)
        return;
    struct ws_shadow *s = x->blk->shadow;
    /* accesses before an acquire are ordered with those after it: a new race epoch, as after a
     * barrier (the check then misses races that span one, rather than report ordered accesses) */
    if (ws_shadow_acquires(in) && s)
        s->epoch++;
    ws_reg_use tmp;
    const ws_reg_use *u = uses_of(x, in, &tmp);
    for (uint32_t i = 0; i < u->ndst; i++)
        mark_reg(x, u->dst[i], exec);
    if (s && ((s->carry_lanes | s->carry_same) & exec))
        carry_writes(x, in, exec);
}

/* ---- shared memory ---------------------------------------------------------------------------- */

static uint32_t line_of(const ws_launch_ctx *L, uint32_t pc) { return pc < L->k->ninsns ? L->k->insns[pc].line : 0; }

/* The shadow of the block's shared bytes, made at its first shared access: 25 bytes a shared byte
 * (a kernel without shared variables still has the 1 KiB the driver reserves), which a launch that
 * never touches shared memory would otherwise zero at every start (25 KB, six page faults).
 * Out of memory: -1, and the access goes unchecked, as a block whose shadow could not be made. */
static int shared_shadow(ws_block *b, struct ws_shadow *s)
{
    if (b->shared_written)
        return 0;
    s->bytes = calloc(b->shared_size, sizeof *s->bytes);
    b->shared_written = calloc(1, b->shared_size);
    if (s->bytes && b->shared_written)
        return 0;
    free(s->bytes);
    free(b->shared_written);
    s->bytes = NULL;
    b->shared_written = NULL;
    return -1;
}

void ws_shadow_shared(ws_exec *x, const uint8_t *p, size_t size, int kind, unsigned lane)
{
    ws_block *b = x->blk;
    struct ws_shadow *s = b->shadow;
    if (!s || !p || p < b->shared || (uint64_t)(p - b->shared) >= b->shared_size || shared_shadow(b, s) != 0)
        return;
    uint64_t off = (uint64_t)(p - b->shared);
    if (size > b->shared_size - off)
        size = (size_t)(b->shared_size - off);
    ws_launch_ctx *L = x->L;
    uint16_t me = (uint16_t)x->w->index;
    uint32_t ep = s->epoch;
    /* an acquire load reads what another warp released (a flag's spin): ordered, not a race, whether or not an
     * earlier read of the spin (whose acquire started a new epoch) came before the release */
    int acquire = kind == 0 && x->pc < L->k->ninsns && ws_shadow_acquires(&L->k->insns[x->pc]);
    int reported_uninit = 0, reported_race = acquire;
    for (size_t i = 0; i < size; i++) {
        shadow_byte *sb = &s->bytes[off + i];
        if (kind == 0 && !b->shared_written[off + i] && !reported_uninit) {
            reported_uninit = 1;
            uint64_t v = 0;
            memcpy(&v, p, size < 8 ? size : 8);
            ws_diag_report(x, WS_DIAG_UNINIT_SHARED, 1u << lane,
                           "kernel %s: lane %u of warp %u loads %zu bytes at shared offset 0x%" PRIx64
                           " (byte 0x%" PRIx64 " of them never written by any thread of block %u); the value read "
                           "is 0x%" PRIx64,
                           L->k->name, lane, x->w->index, size, off, off + i, b->id, v);
        }
        if (kind == 2) { /* atomics: ordered among themselves; they initialize */
            b->shared_written[off + i] = 1;
            continue;
        }
        if (!reported_race && sb->w_epoch == ep && sb->w_warp != me) {
            reported_race = 1;
            ws_diag_report(x, WS_DIAG_RACE, 1u << lane,
                           "kernel %s: shared-memory race on byte 0x%" PRIx64 ": lane %u of warp %u %s it here (line %u) "
                           "and warp %u wrote it at line %u, with no bar.sync between (%s)",
                           L->k->name, off + i, lane, x->w->index, kind ? "writes" : "reads", line_of(L, x->pc),
                           sb->w_warp, line_of(L, sb->w_pc), kind ? "write-after-write" : "read-after-write");
        }
        if (kind == 1 && !reported_race && sb->r_epoch == ep && (sb->readers & ~(1u << (me & 31)))) {
            reported_race = 1;
            uint32_t others = sb->readers & ~(1u << (me & 31));
            char rd[96];
            if (sb->r_warp != me)
                snprintf(rd, sizeof rd, "warp %u read it at line %u", sb->r_warp, line_of(L, sb->r_pc));
            else
                snprintf(rd, sizeof rd, "warps 0x%08x read it earlier", others);
            ws_diag_report(x, WS_DIAG_RACE, 1u << lane,
                           "kernel %s: shared-memory race on byte 0x%" PRIx64 ": lane %u of warp %u writes it here "
                           "(line %u) and %s, with no bar.sync between (write-after-read)",
                           L->k->name, off + i, lane, x->w->index, line_of(L, x->pc), rd);
        }
        if (kind == 1) {
            b->shared_written[off + i] = 1;
            sb->w_epoch = ep;
            sb->w_warp = me;
            sb->w_pc = x->pc;
        } else {
            if (sb->r_epoch != ep) {
                sb->r_epoch = ep;
                sb->readers = 0;
            }
            sb->readers |= 1u << (me & 31);
            sb->r_pc = x->pc;
            sb->r_warp = me;
        }
    }
}
