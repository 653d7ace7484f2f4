/* shadow: uninitialized registers, uninitialized shared memory, shared-memory races.
 * See shadow.h for the model; every report goes through ws_diag_report (once per kind and
 * pc; later lanes of the same warp are added to the report's lane mask). */
#include "shadow.h"
#include "diag.h"

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
    uint32_t *reg_written; /* nwarps x nregs lane masks */
    shadow_byte *bytes;    /* shared_size entries, NULL when shared memory is empty */
    uint64_t shared_size;
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
    }
    /* a new block starts a new epoch: the previous block's accesses are stale by epoch */
    s->epoch++;
    for (uint32_t wi = 0; wi < b->nwarps; wi++)
        b->warps[wi].reg_written = s->reg_written + (size_t)wi * s->nregs;
    return 0;
}

uint64_t ws_shadow_block_bytes(uint32_t nwarps, uint32_t nregs, uint64_t shared_size)
{
    return sizeof(struct ws_shadow) + (uint64_t)nwarps * (nregs ? nregs : 1) * sizeof(uint32_t) +
           shared_size * (sizeof(shadow_byte) + 1) + 1;
}

void ws_shadow_block_free(ws_block *b)
{
    if (!b->shadow)
        return;
    free(b->shadow->reg_written);
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

/* ---- registers -------------------------------------------------------------------------------- */

static const char *reg_name(const ws_launch_ctx *L, uint32_t r)
{
    return r < L->k->nregs && L->k->regs[r].name ? L->k->regs[r].name : "%?";
}

static void check_reg(ws_exec *x, uint32_t reg, uint32_t lanes)
{
    if (reg == WS_NO_REG || !lanes || reg >= x->L->k->nregs)
        return;
    uint32_t wrote = x->w->reg_written[reg];
    uint32_t missing = lanes & ~wrote;
    if (!missing)
        return;
    unsigned lane = (unsigned)__builtin_ctz(missing);
    char who[64];
    if (wrote)
        snprintf(who, sizeof who, "only lanes 0x%08x wrote it", wrote);
    else
        snprintf(who, sizeof who, "no instruction wrote it in any lane");
    ws_diag_report(x, WS_DIAG_UNINIT_REG, missing,
                   "kernel %s: lanes 0x%08x (first: lane %u) of warp %u read %s before anything wrote it (%s); "
                   "the value read is 0x%" PRIx64,
                   x->L->k->name, missing, lane, x->w->index, reg_name(x->L, reg), who, ws_reg_get(x, reg, lane));
}


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

/* selp d, a, b, c: a lane takes a where c is set and b where it is clear, and reads nothing
 * from the other. nvcc makes `t == 0 ? 0 : v` of a v loaded on a branch only t != 0 took into
 * one (CUB's BlockShuffle::Up leaves thread 0's first item undefined): not a read of v in
 * thread 0. Returns 0 where in is not such a selp. */
static int selp_reads(ws_exec *x, const ws_insn *in, uint32_t exec)
{
    if (in->op != WS_OP_SELP || in->nops != 4 || in->ops[3].kind != WS_OPND_REG)
        return 0;
    uint32_t set = 0;
    FOR_EACH_LANE(exec, l) {
        if (ws_reg_get(x, in->ops[3].reg, l))
            set |= 1u << l;
    }
    check_reg(x, in->ops[3].reg, exec);
    if (in->ops[1].kind == WS_OPND_REG)
        check_reg(x, in->ops[1].reg, set);
    if (in->ops[2].kind == WS_OPND_REG)
        check_reg(x, in->ops[2].reg, exec & ~set);
    return 1;
}

void ws_shadow_reads(ws_exec *x, const ws_insn *in, uint32_t group, uint32_t exec)
{
    ws_reg_use tmp;
    const ws_reg_use *u = uses_of(x, in, &tmp);
    uint32_t i = 0;
    if (in->guard != WS_NO_REG) /* the guard is read by every lane of the group, src[0] */
        check_reg(x, u->src[i++], group);
    if (!exec || selp_reads(x, in, exec))
        return;
    for (; i < u->nsrc; i++)
        check_reg(x, u->src[i], exec);
}

static void mark_reg(ws_exec *x, uint32_t reg, uint32_t lanes)
{
    if (reg != WS_NO_REG && reg < x->L->k->nregs)
        x->w->reg_written[reg] |= lanes;
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
    /* accesses before an acquire are ordered with those after it: a new race epoch, as after a
     * barrier (the check then misses races that span one, rather than report ordered accesses) */
    if (ws_shadow_acquires(in) && x->blk->shadow)
        x->blk->shadow->epoch++;
    ws_reg_use tmp;
    const ws_reg_use *u = uses_of(x, in, &tmp);
    for (uint32_t i = 0; i < u->ndst; i++)
        mark_reg(x, u->dst[i], exec);
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
