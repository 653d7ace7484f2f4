/* Memory instructions: loads, stores and atomics (addresses decoded by memory.h, translated by
 * memory.c). */
#include "diag.h"
#include "fp.h"
#include "half.h"
#include "memory.h"
#include "ptxas.h"
#include "shadow.h"
#include "sim.h"

#include <inttypes.h>

static unsigned elem_bytes(const ws_insn *in)
{
    return in->type == WS_T_PRED ? 1 : ws_type_bits((ws_type)in->type) / 8;
}

static void note_shared(ws_exec *x, ws_space space, uint32_t mask)
{
    if (space == WS_SPACE_SHARED)
        x->L->stats.shared_accesses++;
    (void)mask;
}

/* d = memory[a]: sub-word loads sign- or zero-extend by the type */
/* A scalar access of the lanes of mask (a full warp, or a diverged warp's group) whose addresses
 * are aligned and fall in one global allocation or inside the block's shared memory: one lookup
 * and one bounds check instead of one a lane. Each lane's address goes to x->mem_addr[l] (only
 * the lanes of mask, as the per-lane path writes them); the result is the host pointer of the
 * lowest address *lo (lane l's bytes are at result + mem_addr[l] - *lo), or NULL when the access
 * needs the general path (which also reports what is wrong with it). The other lanes' registers
 * are not looked at. --slow-path exec turns it off (every lane's own lookup). */
static uint8_t *warp_region(ws_exec *x, const ws_insn *in, const ws_operand *a, unsigned esz, uint32_t mask,
                            uint64_t *lo_out)
{
    ws_space space = ws_access_space(in);
    /* a few lanes' own lookups cost less than the pass over the warp (block_reduce's one-lane stores) */
    if (__builtin_popcount(mask) < 8 || in->vec != 1 || x->blk->shadow || (x->L->slow & WS_SLOW_EXEC) || a->reg == WS_NO_REG ||
        (space != WS_SPACE_GLOBAL && space != WS_SPACE_GENERIC && space != WS_SPACE_SHARED))
        return NULL;
    uint64_t base_[32];
    const uint64_t *base = ws_reg_row(x, a->reg, base_);
    uint64_t lo = UINT64_MAX, hi = 0, misaligned = 0;
    const uint64_t wrap = ws_address_mask(a); /* ws_access_address for 32 lanes at once */
    if (mask == FULL_MASK) {
        for (unsigned l = 0; l < 32; l++) {
            uint64_t addr = (base[l] + a->imm) & wrap;
            x->mem_addr[l] = addr;
            lo = addr < lo ? addr : lo;
            hi = addr > hi ? addr : hi;
            misaligned |= addr & (esz - 1);
        }
    } else { /* branch-free over the warp, the lanes outside mask left out of the bounds */
        uint64_t addrs[32];
        for (unsigned l = 0; l < 32; l++) {
            uint64_t addr = (base[l] + a->imm) & wrap, in_mask = 0 - (uint64_t)((mask >> l) & 1);
            addrs[l] = addr;
            lo = (addr | ~in_mask) < lo ? (addr | ~in_mask) : lo;
            hi = (addr & in_mask) > hi ? (addr & in_mask) : hi;
            misaligned |= addr & (esz - 1) & in_mask;
        }
        FOR_EACH_LANE(mask, l)
            x->mem_addr[l] = addrs[l];
    }
    *lo_out = lo;
    if (misaligned)
        return NULL;
    uint64_t off = lo;
    space = ws_resolve_generic(space, &off);
    if (space == WS_SPACE_SHARED) {
        uint64_t end = off + (hi - lo) + esz;
        return end <= x->blk->shared_size && off < end ? x->blk->shared + off : NULL;
    }
    if (space != WS_SPACE_GLOBAL) /* generic local or const addresses */
        return NULL;
    ws_alloc *al = ws_find_alloc(x->L->sim, lo, hi - lo + esz);
    return al ? al->data + (lo - al->base) : NULL;
}

/* Each lane's bytes at p + mem_addr[l] - lo, with the element size a constant in each loop so
 * that every copy is one move (a memcpy of a variable size is a call per lane). Only in
 * functions that return 0 for "take the general path". */
#define FOR_EACH_SIZE(esz, LOOP)                                                                    \
    switch (esz) {                                                                                  \
    case 1: { enum { N = 1 }; LOOP } break;                                                         \
    case 2: { enum { N = 2 }; LOOP } break;                                                         \
    case 4: { enum { N = 4 }; LOOP } break;                                                         \
    case 8: { enum { N = 8 }; LOOP } break;                                                         \
    default: return 0; /* the general path */                                                       \
    }

static int ld_fast(ws_exec *x, const ws_insn *in, uint32_t mask, unsigned esz, int sgn)
{
    const ws_operand *d = &in->ops[0];
    uint64_t lo;
    uint8_t *p;
    if (d->kind != WS_OPND_REG || sgn || !(p = warp_region(x, in, &in->ops[1], esz, mask, &lo)))
        return 0;
    uint64_t dst[32];
    if (mask == FULL_MASK)
        FOR_EACH_SIZE(esz, for (unsigned l = 0; l < 32; l++) {
            uint64_t v = 0;
            memcpy(&v, p + (x->mem_addr[l] - lo), N);
            dst[l] = v;
        })
    else
        FOR_EACH_SIZE(esz, FOR_EACH_LANE(mask, l) {
            uint64_t v = 0;
            memcpy(&v, p + (x->mem_addr[l] - lo), N);
            dst[l] = v;
        })
    ws_reg_put_row(x, d->reg, mask, dst);
    return 1;
}

static int st_fast(ws_exec *x, const ws_insn *in, uint32_t mask, unsigned esz)
{
    const ws_operand *v = &in->ops[1];
    uint64_t lo, tmp[32];
    uint8_t *p;
    if (v->kind == WS_OPND_VEC || !(p = warp_region(x, in, &in->ops[0], esz, mask, &lo)))
        return 0;
    const uint64_t *src = operand_row(x, v, mask, tmp);
    /* in lane order: the highest lane wins a shared word, as before */
    if (mask == FULL_MASK)
        FOR_EACH_SIZE(esz, for (unsigned l = 0; l < 32; l++) memcpy(p + (x->mem_addr[l] - lo), &src[l], N);)
    else
        FOR_EACH_SIZE(esz, FOR_EACH_LANE(mask, l) memcpy(p + (x->mem_addr[l] - lo), &src[l], N);)
    return 1;
}

static void load(ws_exec *x, const ws_insn *in, uint32_t mask);

/* After a warp that the H200 may have split passed a bar.sync (ptxas.c), shared-memory words
 * exchanged across barriers may be stale there: under --poison-undefined, loads give poison. */
static void poison_shared_load(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    const ws_operand *d = &in->ops[0];
    uint32_t v = ws_poison_value(x->L);
    FOR_EACH_LANE(mask, l) {
        for (unsigned i = 0; i < in->vec; i++)
            set_reg(x, d->kind == WS_OPND_VEC ? d->regs[i] : d->reg, l, v);
    }
}

void ex_ld(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    load(x, in, mask);
    if (x->blk->poison_shared && ws_access_space(in) == WS_SPACE_SHARED)
        poison_shared_load(x, in, mask);
}

static void load(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    const ws_operand *d = &in->ops[0], *a = &in->ops[1];
    unsigned esz = elem_bytes(in);
    unsigned bits = esz * 8;
    int sgn = ws_type_is_signed((ws_type)in->type) && !ws_type_is_float((ws_type)in->type);
    ws_space space = ws_access_space(in);
    note_shared(x, space, mask);
    if (ld_fast(x, in, mask, esz, sgn))
        return;
    FOR_EACH_LANE(mask, l) {
        uint64_t addr = ws_access_address(x, a, l);
        x->mem_addr[l] = addr;
        uint8_t *p = ws_mem_translate(x, space, addr, l, (size_t)esz * in->vec, 0);
        if (x->blk->shadow && p) /* check_uninitialized: shared words never written, races */
            ws_shadow_shared(x, p, (size_t)esz * in->vec, 0, l);
        for (unsigned i = 0; i < in->vec; i++) {
            uint64_t v = 0;
            if (p)
                memcpy(&v, p + i * esz, esz);
            v = sgn ? trunc_bits(sext(v, bits), 64) : v;
            uint32_t reg = d->kind == WS_OPND_VEC ? d->regs[i] : d->reg;
            if (sgn) {
                unsigned rb = reg != WS_NO_REG ? ws_type_bits((ws_type)x->L->k->regs[reg].type) : 64;
                v = trunc_bits(v, rb ? rb : 64);
            }
            set_reg(x, reg, l, v);
        }
    }
}

/* memory[a] = b */
void ex_st(ws_exec *x, const ws_insn *in, uint32_t mask)
{
    const ws_operand *a = &in->ops[0], *v = &in->ops[1];
    unsigned esz = elem_bytes(in);
    ws_space space = ws_access_space(in);
    if (space == WS_SPACE_PARAM || space == WS_SPACE_CONST) {
        ws_diag_report(x, WS_DIAG_OUT_OF_BOUNDS, mask, "store to the read-only %s space", ws_space_name(space));
        return;
    }
    note_shared(x, space, mask);
    if (st_fast(x, in, mask, esz))
        return;
    FOR_EACH_LANE(mask, l) {
        uint64_t addr = ws_access_address(x, a, l);
        x->mem_addr[l] = addr;
        uint8_t *p = ws_mem_translate(x, space, addr, l, (size_t)esz * in->vec, 1);
        if (!p)
            continue;
        if (x->blk->shadow)
            ws_shadow_shared(x, p, (size_t)esz * in->vec, 1, l);
        for (unsigned i = 0; i < in->vec; i++) {
            uint64_t val = v->kind == WS_OPND_VEC ? (v->regs[i] == WS_NO_REG ? 0 : ws_reg_get(x, v->regs[i], l))
                                                  : opnd(x, v, l);
            memcpy(p + i * esz, &val, esz);
        }
    }
}

/* ---- atomics: lanes apply their operations one after another, in lane order ---------------------- */

/* shared: the word is in shared memory (whatever the address space written) */
static uint64_t atom_apply(const ws_insn *in, uint64_t old, uint64_t b, uint64_t c, int shared)
{
    ws_type t = (ws_type)in->type;
    unsigned bits = ws_type_bits(t);
    int sgn = ws_type_is_signed(t) && !ws_type_is_float(t);
    switch (in->sub) {
    case WS_AOP_ADD:
        /* atom.add.f32 rounds to nearest; in global memory it flushes subnormal inputs and
         * results to zero, as the PTX ISA says, but in shared memory the H200 keeps them
         * (programs/probe_isa_audit rows 11 and 12: 2 x 2^-149 is 0 in global, 2^-148 in shared) */
        if (t == WS_T_F32 && shared)
            return f32_bits_of(as_f32(old) + as_f32(b));
        if (t == WS_T_F32)
            return f32_bits_of(flush_f32(flush_f32(as_f32(old)) + flush_f32(as_f32(b))));
        if (t == WS_T_F64)
            return f64_bits_of(as_f64(old) + as_f64(b));
        if (ws_type_is_half(t))
            return ws_half_atom_add(t, old, b);
        return trunc_bits(old + b, bits);
    case WS_AOP_MIN:
        if (sgn)
            return (int64_t)sext(old, bits) < (int64_t)sext(b, bits) ? old : trunc_bits(b, bits);
        return trunc_bits(old, bits) < trunc_bits(b, bits) ? old : trunc_bits(b, bits);
    case WS_AOP_MAX:
        if (sgn)
            return (int64_t)sext(old, bits) > (int64_t)sext(b, bits) ? old : trunc_bits(b, bits);
        return trunc_bits(old, bits) > trunc_bits(b, bits) ? old : trunc_bits(b, bits);
    case WS_AOP_AND: return old & b;
    case WS_AOP_OR: return old | b;
    case WS_AOP_XOR: return old ^ b;
    case WS_AOP_INC: return trunc_bits(old, bits) >= trunc_bits(b, bits) ? 0 : old + 1;
    case WS_AOP_DEC: return (old == 0 || trunc_bits(old, bits) > trunc_bits(b, bits)) ? trunc_bits(b, bits) : old - 1;
    case WS_AOP_EXCH: return b;
    case WS_AOP_CAS: return trunc_bits(old, bits) == trunc_bits(b, bits) ? trunc_bits(c, bits) : old;
    default: return old;
    }
}

static void atomic(ws_exec *x, const ws_insn *in, uint32_t mask, int returns)
{
    const ws_operand *a = &in->ops[returns ? 1 : 0];
    int vi = returns ? 2 : 1;
    unsigned esz = elem_bytes(in);
    ws_space space = (ws_space)in->space;
    note_shared(x, space, mask);
    /* --jobs: blocks on other host threads may update the same global words; one lock makes
     * each warp's atomics indivisible (their order across blocks is the threads', as on a GPU) */
    if (x->L->atom_lock)
        pthread_mutex_lock(x->L->atom_lock);
    FOR_EACH_LANE(mask, l) {
        uint64_t addr = ws_access_address(x, a, l);
        x->mem_addr[l] = addr;
        uint8_t *p = ws_mem_translate(x, space, addr, l, esz, 1);
        uint64_t old = 0;
        if (p && x->blk->shadow)
            ws_shadow_shared(x, p, esz, 2, l);
        if (p) {
            memcpy(&old, p, esz);
            uint64_t b = opnd(x, &in->ops[vi], l);
            uint64_t c = in->sub == WS_AOP_CAS ? opnd(x, &in->ops[vi + 1], l) : 0;
            uint64_t nv = atom_apply(in, old, b, c, p >= x->blk->shared && p < x->blk->shared + x->blk->shared_size);
            memcpy(p, &nv, esz);
        }
        if (returns)
            set_reg(x, in->ops[0].reg, l, old);
    }
    if (x->L->atom_lock)
        pthread_mutex_unlock(x->L->atom_lock);
}

void ex_atom(ws_exec *x, const ws_insn *in, uint32_t mask) { atomic(x, in, mask, 1); }
void ex_red(ws_exec *x, const ws_insn *in, uint32_t mask) { atomic(x, in, mask, 0); }
