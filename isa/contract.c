/* contract: the mul + add/sub pairs ptxas 13.0 fuses into one fma for sm_90 (contract.h).
 *
 * The PTX ISA lets ptxas contract a mul and an add/sub "without rounding modifiers" into one
 * fused multiply-add; the H200 then rounds once. What ptxas does was read from its SASS
 * (tests/ptx/contract: one kernel per case, the SASS it gave beside it; docs/hardware.md):
 *   - the pair: mul and add/sub of one type (.f32 .f64 .f16 .f16x2 .bf16 .bf16x2), neither with a
 *     rounding modifier written, the same .ftz on both, no .sat on the mul (the add's .sat stays:
 *     FFMA.SAT), the mul unguarded (a guarded add is fused);
 *   - every use of the product is the source of such an add/sub, once (an add of the product to
 *     itself is not fused), reached directly or through unguarded `neg` (without .ftz unless the
 *     mul has it) and `mov` of the register; one other use (a store, a compare, an abs, an add
 *     with .rn, ...) and the mul stays a mul;
 *   - all of it in one basic block: a label that a branch targets, a branch, a call, an exit/ret/
 *     trap, a membar or a fence (.sc, .acq_rel) ends one; bar.sync, atom, shfl, vote and loads
 *     and stores and fence.proxy.alias do not; the product must not be read after the block either;
 *   - when both sources of an add are products: first the products used once, then the others,
 *     each pass over the adds in program order taking the first source before the second; the
 *     source not fused is computed by its mul from then on (its later adds are not fused, the
 *     earlier ones stay fused).
 * A source of the mul written again between the mul and a fused add (ptxas, working on values,
 * still fuses) is refused: the add no longer sees the mul's operands. */
#include "contract.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static int fusable_type(unsigned t)
{
    return t == WS_T_F32 || t == WS_T_F64 || t == WS_T_F16 || t == WS_T_F16X2 || t == WS_T_BF16 || t == WS_T_BF16X2;
}

static int is_mul(const ws_insn *in)
{
    return in->op == WS_OP_MUL && fusable_type(in->type) && !(in->mods & (WS_MOD_EXPLICIT_RND | WS_MOD_SAT)) &&
           in->guard == WS_NO_REG && in->nops == 3 && in->ops[0].kind == WS_OPND_REG;
}

/* An add/sub that can take mul m's product. */
static int takes(const ws_insn *in, const ws_insn *m)
{
    return (in->op == WS_OP_ADD || in->op == WS_OP_SUB) && in->type == m->type && in->nops == 3 &&
           !(in->mods & (WS_MOD_EXPLICIT_RND | WS_MOD_CC)) && !((in->mods ^ m->mods) & WS_MOD_FTZ);
}

/* neg and mov pass the product on (neg.ftz only after a mul.ftz). */
static int passes(const ws_insn *in, const ws_insn *m)
{
    if (in->guard != WS_NO_REG || in->nops != 2 || in->ops[0].kind != WS_OPND_REG || in->ops[1].kind != WS_OPND_REG)
        return 0;
    if (in->op == WS_OP_NEG)
        return in->type == m->type && (!(in->mods & WS_MOD_FTZ) || (m->mods & WS_MOD_FTZ));
    if (in->op == WS_OP_CVT) /* cvt.f32.f32 with no modifier: a move */
        return in->type == m->type && in->type2 == m->type && !(in->mods & ~(uint32_t)WS_MOD_INFUNC);
    return in->op == WS_OP_MOV && ws_type_bits((ws_type)in->type) == ws_type_bits((ws_type)m->type);
}

/* Where basic blocks start, as ptxas cuts them for contraction (start has n + 1 entries). */
static void block_starts(const ws_kernel *k, uint8_t *start)
{
    uint32_t n = k->ninsns;
    memset(start, 0, n + 1);
    start[0] = start[n] = 1;
    for (uint32_t i = 0; i < n; i++) {
        const ws_insn *in = &k->insns[i];
        switch (ws_op_class_of(in->op)) {
        case CLS_BRANCH: {
            uint64_t t = in->ops[0].imm;
            if (in->guard == WS_NO_REG && t == i + 1) /* a branch to the next instruction: no cut */
                break;
            if (t <= n)
                start[t] = 1;
            start[i + 1] = 1;
            break;
        }
        case CLS_CALL:
        case CLS_RETURN:
        case CLS_EXIT:
        case CLS_TRAP: start[i + 1] = 1; break;
        case CLS_ORDER:
            if (in->op == WS_OP_MEMBAR || in->op == WS_OP_FENCE)
                start[i] = start[i + 1] = 1;
            break;
        default: break;
        }
    }
    for (uint32_t c = 0; c < k->ncalls; c++)
        if (k->calls[c].entry < n)
            start[k->calls[c].entry] = 1;
}

typedef struct {
    ws_kernel *k;
    uint8_t *start;
    uint32_t *stamp, gen, *stack;
    uint64_t budget;     /* instructions the scans and liveness walks may still visit */
    uint32_t *block_end; /* per instruction: where its block ends (the next start) */
    /* per register, in the block being scanned (valid where reg_block is filled): the last
     * instruction that reads it and the last that writes it unguarded, + 1 (0: none) */
    uint32_t *last_read, *last_write, *reg_block, filled;
} walker;

/* The last reads and writes of each register from instruction `from` to the end of its block. */
static void fill_block(walker *w, uint32_t from)
{
    uint32_t end = w->block_end[from];
    if (w->filled == end)
        return;
    w->filled = end;
    for (uint32_t j = from; j < end; j++) {
        ws_reg_use u;
        ws_insn_reg_use(&w->k->insns[j], &u);
        for (uint32_t a = 0; a < u.nsrc + u.ndst; a++) {
            int dst = a >= u.nsrc;
            uint32_t r = dst ? u.dst[a - u.nsrc] : u.src[a];
            if (r >= w->k->nregs)
                continue;
            if (w->reg_block[r] != end) {
                w->reg_block[r] = end;
                w->last_read[r] = w->last_write[r] = 0;
            }
            if (!dst)
                w->last_read[r] = j + 1;
            else if (w->k->insns[j].guard == WS_NO_REG)
                w->last_write[r] = j + 1;
        }
    }
}

static uint32_t last_of(const walker *w, const uint32_t *last, uint32_t r)
{
    return r < w->k->nregs && w->reg_block[r] == w->filled ? last[r] : 0;
}

/* Whether register r may be read, before it is written, on a path from instruction `from`:
 * 1 yes, 0 no, -1 the walk ran out of budget. */
static int live_from(walker *w, uint32_t r, uint32_t from)
{
    const ws_kernel *k = w->k;
    uint32_t n = k->ninsns, sp = 0;
    w->gen++;
    w->stack[sp++] = from;
    while (sp) {
        for (uint32_t pc = w->stack[--sp]; pc < n && w->stamp[pc] != w->gen; pc++) {
            if (!w->budget--)
                return -1;
            w->stamp[pc] = w->gen;
            const ws_insn *in = &k->insns[pc];
            ws_reg_use u;
            ws_insn_reg_use(in, &u);
            if (ws_reg_use_reads(&u, r))
                return 1;
            if (ws_reg_use_writes(&u, r) && in->guard == WS_NO_REG)
                break;
            ws_op_class c = ws_op_class_of(in->op);
            if (c == CLS_BRANCH && in->ops[0].imm < n)
                w->stack[sp++] = (uint32_t)in->ops[0].imm;
            if ((c == CLS_BRANCH || ws_op_ends_path(in->op)) && in->guard == WS_NO_REG)
                break;
        }
    }
    return 0;
}

/* The product of mul i as it flows: the registers that hold it (or its negation). */
typedef struct {
    uint32_t reg;
    uint8_t neg;
} value;
enum { MAX_VALUES = 8, MAX_USES = 64 };

/* Per add/sub source (slot 2 * pc + operand - 1): the mul whose product it is (+ 1), and how. */
typedef struct {
    uint32_t *mul;
    uint8_t *neg;     /* the product arrives negated (neg, or subtracted) */
    uint8_t *clobber; /* a source of the mul is written before this add */
    uint32_t *nuses;  /* per mul: its fusable uses */
} uses;

/* Whether every use of mul i's product can take it; if so records them in U. -1: out of budget. */
static int scan_mul(walker *w, uses *U, uint32_t i)
{
    const ws_kernel *k = w->k;
    const ws_insn *m = &k->insns[i];
    value v[MAX_VALUES] = {{m->ops[0].reg, 0}};
    unsigned nv = 1, nfound = 0;
    uint32_t found[MAX_USES], clobbered = 0;
    uint8_t found_neg[MAX_USES], found_clob[MAX_USES];
    uint32_t j = i + 1, end = w->block_end[i], horizon = 0;
    fill_block(w, i + 1 < end ? i + 1 : i);
    horizon = last_of(w, w->last_read, v[0].reg);
    /* up to the last read, in the block, of a register that holds the product */
    for (; j < end && nv && j < horizon; j++) {
        if (!w->budget--)
            return -1;
        const ws_insn *in = &k->insns[j];
        ws_reg_use u;
        ws_insn_reg_use(in, &u);
        int hits = 0, hit = -1, pass_on = 0;
        for (unsigned a = 0; a < nv; a++)
            for (uint32_t s = 0; s < u.nsrc; s++)
                if (u.src[s] == v[a].reg) {
                    hits++;
                    hit = (int)a;
                }
        if (hits) {
            if (hits != 1)
                return 0;
            if (takes(in, m)) {
                int o = in->ops[1].kind == WS_OPND_REG && in->ops[1].reg == v[hit].reg ? 1 : 2;
                if (in->ops[o].kind != WS_OPND_REG || in->ops[o].reg != v[hit].reg || nfound == MAX_USES)
                    return 0;
                found[nfound] = 2 * j + (uint32_t)o - 1;
                found_neg[nfound] = (uint8_t)(v[hit].neg ^ (in->op == WS_OP_SUB && o == 2));
                found_clob[nfound++] = (uint8_t)clobbered;
            } else if (passes(in, m) && nv < MAX_VALUES) {
                pass_on = 1;
            } else {
                return 0;
            }
        }
        value passed = {in->ops[0].reg, (uint8_t)(pass_on && v[hit].neg ^ (in->op == WS_OP_NEG))};
        for (uint32_t d = 0; d < u.ndst; d++) {
            for (unsigned a = 0; a < nv; a++)
                if (u.dst[d] == v[a].reg) { /* overwritten: the product is no longer there */
                    if (in->guard != WS_NO_REG)
                        return 0;
                    v[a--] = v[--nv];
                }
            for (unsigned s = 1; s <= 2; s++)
                if (m->ops[s].kind == WS_OPND_REG && m->ops[s].reg == u.dst[d])
                    clobbered = 1;
        }
        if (pass_on)
            v[nv++] = passed;
        horizon = 0;
        for (unsigned a = 0; a < nv; a++) {
            uint32_t h = last_of(w, w->last_read, v[a].reg);
            horizon = h > horizon ? h : horizon;
        }
    }
    /* no read left in the block: overwritten before its end, or read after it? */
    for (unsigned a = 0; a < nv; a++)
        if (last_of(w, w->last_write, v[a].reg) > j)
            v[a--] = v[--nv];
    if (nv) {
        j = end;
        const ws_insn *last = &k->insns[j - 1];
        ws_op_class c = ws_op_class_of(last->op);
        uint32_t next[2], nn = 0;
        if (c == CLS_BRANCH && last->ops[0].imm < k->ninsns)
            next[nn++] = (uint32_t)last->ops[0].imm;
        if (j < k->ninsns && !((c == CLS_BRANCH || ws_op_ends_path(last->op)) && last->guard == WS_NO_REG))
            next[nn++] = j;
        for (unsigned a = 0; a < nv; a++)
            for (unsigned s = 0; s < nn; s++) {
                int l = live_from(w, v[a].reg, next[s]);
                if (l)
                    return l;
            }
    }
    for (unsigned f = 0; f < nfound; f++) {
        U->mul[found[f]] = i + 1;
        U->neg[found[f]] = found_neg[f];
        U->clobber[found[f]] = found_clob[f];
    }
    U->nuses[i] = nfound;
    return 0;
}

int ws_contract_kernel(ws_kernel *k, char *msg, size_t cap, uint32_t *pc)
{
    uint32_t n = k->ninsns;
    int rc = 0;
    size_t nr = (size_t)k->nregs + 1;
    walker w = {k,
                calloc((size_t)n + 1, 1),
                calloc((size_t)n + 1, sizeof(uint32_t)),
                0,
                malloc(((size_t)n + 2) * sizeof(uint32_t)),
                64 * (uint64_t)n + 1000000,
                malloc(((size_t)n + 1) * sizeof(uint32_t)),
                calloc(nr, sizeof(uint32_t)),
                calloc(nr, sizeof(uint32_t)),
                calloc(nr, sizeof(uint32_t)),
                0};
    uses U = {calloc(2 * (size_t)n + 2, sizeof(uint32_t)), calloc(2 * (size_t)n + 2, 1), calloc(2 * (size_t)n + 2, 1),
              calloc((size_t)n + 1, sizeof(uint32_t))};
    uint8_t *plain = calloc((size_t)n + 1, 1);
    if (!w.start || !w.stamp || !w.stack || !w.block_end || !w.last_read || !w.last_write || !w.reg_block || !U.mul ||
        !U.neg || !U.clobber || !U.nuses || !plain) {
        snprintf(msg, cap, "out of memory");
        *pc = 0;
        rc = 1;
        goto done;
    }
    block_starts(k, w.start);
    for (uint32_t i = n, end = n; i-- > 0;) {
        if (w.start[i + 1])
            end = i + 1;
        w.block_end[i] = end;
    }
    for (uint32_t i = 0; i < n; i++) {
        k->insns[i].fused_mul = 0;
        k->insns[i].fused_how = 0;
        if (is_mul(&k->insns[i]) && scan_mul(&w, &U, i) < 0) {
            snprintf(msg, cap, "kernel too large for the analysis of which mul and add ptxas fuses into one fma");
            *pc = i;
            rc = 1;
            goto done;
        }
    }
    /* pass 1: products used once; pass 2: the others */
    for (int pass = 1; pass <= 2; pass++)
        for (uint32_t j = 0; j < n; j++) {
            if (k->insns[j].fused_mul)
                continue;
            for (uint32_t o = 0; o < 2; o++) {
                uint32_t s = 2 * j + o, mm = U.mul[s];
                if (!mm || plain[mm - 1] || (U.nuses[mm - 1] == 1) != (pass == 1))
                    continue;
                if (U.clobber[s]) {
                    snprintf(msg, cap,
                             "ptxas fuses this %s with the mul on line %u into one fma, but a source of that mul is "
                             "written in between: warpsim cannot run it as the H200 does",
                             ws_optable[k->insns[j].op].mnemonic, k->insns[mm - 1].line);
                    *pc = j;
                    rc = 1;
                    goto done;
                }
                k->insns[j].fused_mul = mm;
                k->insns[j].fused_how = (uint8_t)((o ? WS_FUSE_B : 0) | (U.neg[s] ? WS_FUSE_NEG : 0));
                if (U.mul[2 * j + 1 - o]) /* the other source is a product: its mul stays */
                    plain[U.mul[2 * j + 1 - o] - 1] = 1;
                break;
            }
        }
done:
    free(w.start);
    free(w.stamp);
    free(w.stack);
    free(w.block_end);
    free(w.last_read);
    free(w.last_write);
    free(w.reg_block);
    free(U.mul);
    free(U.neg);
    free(U.clobber);
    free(U.nuses);
    free(plain);
    return rc;
}

static void negate(ws_operand *o, ws_type t)
{
    if (o->kind == WS_OPND_IMM)
        o->imm ^= ws_sign_bits(t);
    else
        o->flags ^= WS_FNEG;
}

void ws_contract_rewrite(const ws_kernel *k, ws_insn *code)
{
    for (uint32_t j = 0; j < k->ninsns; j++) {
        const ws_insn *add = &k->insns[j];
        if (!add->fused_mul)
            continue;
        const ws_insn *mul = &k->insns[add->fused_mul - 1];
        int b = (add->fused_how & WS_FUSE_B) != 0;
        ws_insn f = code[j];
        f.op = WS_OP_FMA;
        f.nops = 4;
        f.ops[1] = mul->ops[1];
        f.ops[2] = mul->ops[2];
        f.ops[3] = code[j].ops[b ? 1 : 2];
        if (add->fused_how & WS_FUSE_NEG)
            negate(&f.ops[1], (ws_type)add->type);
        if (add->op == WS_OP_SUB && !b) /* product - c */
            negate(&f.ops[3], (ws_type)add->type);
        code[j] = f;
    }
}
