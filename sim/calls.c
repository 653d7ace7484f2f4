/* Calls of .func bodies: the PTX calling convention, lane by lane.
 *
 * The parser links every function a kernel calls after the kernel's own code (isa/parser.c,
 * link_kernel), so a call is a jump and a ret a jump back. What PTX makes per call lives per
 * lane here:
 *   - the frame: the callee's .local variables (the __local_depot %SPL points at) and its
 *     .param parameters and return value sit in the lane's local memory at the frame base the
 *     hidden register k->frame_reg holds; each call's frame follows its caller's, so a
 *     recursive call gets a frame of its own and pointers into an outer frame stay valid;
 *   - the registers: a function's registers are its invocation's own, so a call saves the
 *     callee's registers of the lane and its ret restores them (recursion sees its own values);
 *   - the return address and the caller's frame base.
 * Arguments are copied from the caller's call-site .param variables into the callee's
 * parameters at the call; the return value from the callee's into the caller's at the ret.
 * A lane whose next frame would not fit in WS_CALL_STACK_BYTES stops the launch with the
 * PTX line, the lane and the depth (the GPU's stack overflow is a fault too; its limit,
 * cudaLimitStackSize, counts ptxas's frames, which warpsim does not know). */
#include "calls.h"
#include "diag.h"

#include <stdlib.h>

#define MAX_CALL_DEPTH        4096
/* Words a lane may keep for its calls (saved registers and return records), and a block's lanes
 * together: bounds that depend on the block alone (so a run stops the same way whatever --jobs)
 * and that the memory limit charges before the launch (twice: a lane's words grow by doubling). */
#define MAX_SAVED_WORDS       32768u
#define MAX_BLOCK_SAVED_WORDS (4u << 20)

static uint64_t block_saved_words(uint32_t nthreads)
{
    uint64_t w = (uint64_t)nthreads * MAX_SAVED_WORDS;
    return w < MAX_BLOCK_SAVED_WORDS ? w : MAX_BLOCK_SAVED_WORDS;
}

uint64_t ws_call_stacks_bytes(const ws_kernel *k, uint32_t nthreads)
{
    if (k->ninsns == k->nbody) /* no .func linked in: no calls */
        return 0;
    uint64_t warps = (nthreads + 31) / 32;
    return warps * 32 * sizeof(ws_lane_stack) + 2 * block_saved_words(nthreads) * sizeof(uint64_t);
}

/* Where the call stack starts in a lane's local memory: after the kernel's own frame. */
static uint64_t align_frame(const ws_kernel *k) { return (k->frame_bytes + 15) / 16 * 16; }

static uint8_t *lane_local(ws_exec *x, unsigned lane, uint64_t addr)
{
    return x->blk->local + (size_t)(x->w->index * 32 + lane) * x->L->local_bytes + addr;
}

static int push_words(ws_lane_stack *st, const uint64_t *v, uint32_t n)
{
    if (st->nwords + n > st->cap) {
        uint32_t cap = st->cap ? st->cap : 64;
        while (cap < st->nwords + n)
            cap *= 2;
        cap = cap < MAX_SAVED_WORDS ? cap : MAX_SAVED_WORDS; /* ws_call_enter checked that n fit */
        uint64_t *nw = realloc(st->words, (size_t)cap * sizeof *nw);
        if (!nw)
            return -1;
        st->words = nw;
        st->cap = cap;
    }
    memcpy(st->words + st->nwords, v, (size_t)n * sizeof *v);
    st->nwords += n;
    return 0;
}

/* The call site lane l takes: the call's own, or for an indirect call the one of the function
 * whose address the lane holds (NULL: no function of the prototype has that address). */
static const ws_call_site *lane_target(ws_exec *x, const ws_call_site *site, unsigned l, uint32_t *index)
{
    const ws_kernel *k = x->L->k;
    const ws_module *m = x->L->m;
    if (site->indirect_reg == WS_NO_REG)
        return site;
    uint64_t v = ws_reg_get(x, site->indirect_reg, l), i = (v - WS_FUNC_ADDR_BASE) / 16 - 1;
    if (v % 16 || v <= WS_FUNC_ADDR_BASE || i >= m->naddr_funcs)
        return NULL;
    for (uint32_t t = site->first_target; t < site->first_target + site->ntargets; t++)
        if (k->calls[t].func == m->addr_func_def[i]) {
            *index = t;
            return &k->calls[t];
        }
    return NULL;
}

int ws_call_enter(ws_exec *x, const ws_insn *in, uint32_t exec, uint32_t *entry)
{
    ws_launch_ctx *L = x->L;
    const ws_kernel *k = L->k;
    const ws_module *m = L->m;
    const ws_call_site *site = &k->calls[in->call];
    ws_warp *w = x->w;
    if (!w->stack && !(w->stack = calloc(32, sizeof *w->stack))) {
        ws_launch_stop(L, WS_ERR_INTERNAL, "out of memory for the call stack");
        return -1;
    }
    uint64_t *frame = x->regs + L->roff[k->frame_reg]; /* .u64: a 64-bit row */
    FOR_EACH_LANE(exec, l) {
        uint32_t ci = in->call;
        const ws_call_site *cs = lane_target(x, site, l, &ci);
        if (!cs) {
            const ws_call_site *t = site;
            ws_launch_stop(L, WS_ERR_DIAG,
                           "indirect call at PTX line %u: lane %u of warp %u in block %u calls address 0x%llx, which is "
                           "no function of the module with the call's prototype (%u parameter(s)%s)",
                           in->line, l, w->index, x->blk->id, (unsigned long long)ws_reg_get(x, t->indirect_reg, l),
                           t->nargs, t->ret_sym != WS_NO_SYM ? ", a return value" : "");
            return -1;
        }
        const ws_kernel *F = &m->fdefs[cs->func];
        ws_lane_stack *st = &w->stack[l];
        uint64_t base = cs->caller_in_func ? frame[l] : 0;
        uint64_t callee = base + cs->caller_frame + WS_CALL_FRAME_OVERHEAD;
        uint64_t saved = cs->reg_count + 2;
        if (callee + cs->callee_frame > L->local_bytes || st->depth >= MAX_CALL_DEPTH ||
            st->nwords + saved > MAX_SAVED_WORDS || x->blk->saved_words + saved > block_saved_words(x->blk->nthreads)) {
            ws_launch_stop(L, WS_ERR_LIMIT,
                           "call stack overflow at PTX line %u: lane %u of warp %u in block %u calls %s at depth "
                           "%u; its frame would end at byte %llu of the %u-byte per-lane call stack (at most %u calls "
                           "deep, %u registers saved a lane, %u a block)",
                           in->line, l, w->index, x->blk->id, cs->callee, st->depth + 1,
                           (unsigned long long)(callee + cs->callee_frame - align_frame(k)), WS_CALL_STACK_BYTES,
                           MAX_CALL_DEPTH, MAX_SAVED_WORDS, (unsigned)block_saved_words(x->blk->nthreads));
            return -1;
        }
        /* the callee's registers of this lane, then the return record */
        uint64_t rec[2] = {(uint64_t)(x->pc + 1) | (uint64_t)ci << 32, frame[l]};
        int err = 0;
        for (uint32_t r = 0; r < cs->reg_count && !err; r++) {
            uint64_t v = ws_reg_get(x, cs->reg_first + r, l);
            err = push_words(st, &v, 1);
        }
        if (err || push_words(st, rec, 2) != 0) {
            ws_launch_stop(L, WS_ERR_INTERNAL, "out of memory for the call stack");
            return -1;
        }
        st->depth++;
        x->blk->saved_words += saved;
        for (uint32_t a = 0; a < cs->nargs; a++) {
            const ws_symbol *src = &m->symbols[cs->args[a]], *dst = &m->symbols[F->params[a]];
            uint64_t n = src->size < dst->size ? src->size : dst->size;
            memcpy(lane_local(x, l, callee + dst->offset), lane_local(x, l, base + src->offset), n);
        }
        frame[l] = callee;
        entry[l] = cs->entry;
    }
    if (w->reg_written) /* check_uninitialized: the call wrote the frame register */
        w->reg_written[k->frame_reg] |= exec;
    return 0;
}

void ws_call_return(ws_exec *x, uint32_t exec, uint32_t *ret_pc)
{
    ws_launch_ctx *L = x->L;
    const ws_kernel *k = L->k;
    const ws_module *m = L->m;
    uint64_t *frame = x->regs + L->roff[k->frame_reg]; /* .u64: a 64-bit row */
    FOR_EACH_LANE(exec, l) {
        ws_lane_stack *st = &x->w->stack[l];
        uint64_t pcw = st->words[st->nwords - 2], caller_base = st->words[st->nwords - 1];
        const ws_call_site *cs = &k->calls[pcw >> 32];
        const ws_kernel *F = &m->fdefs[cs->func];
        if (cs->ret_sym != WS_NO_SYM) {
            const ws_symbol *src = &m->symbols[F->ret_sym], *dst = &m->symbols[cs->ret_sym];
            uint64_t n = src->size < dst->size ? src->size : dst->size;
            memcpy(lane_local(x, l, (cs->caller_in_func ? caller_base : 0) + dst->offset),
                   lane_local(x, l, frame[l] + src->offset), n);
        }
        st->nwords -= 2 + cs->reg_count;
        x->blk->saved_words -= 2 + cs->reg_count;
        for (uint32_t r = 0; r < cs->reg_count; r++)
            set_reg(x, cs->reg_first + r, l, st->words[st->nwords + r]);
        st->depth--;
        frame[l] = caller_base;
        ret_pc[l] = (uint32_t)pcw;
    }
}

void ws_call_stacks_reset(ws_warp *w)
{
    if (w->stack)
        for (unsigned l = 0; l < 32; l++)
            w->stack[l].nwords = w->stack[l].depth = 0;
}

void ws_call_stacks_free(ws_warp *w)
{
    if (w->stack)
        for (unsigned l = 0; l < 32; l++)
            free(w->stack[l].words);
    free(w->stack);
    w->stack = NULL;
}
