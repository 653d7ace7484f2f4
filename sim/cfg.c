/* Control flow: where divergent lanes meet again.
 *
 * A divergent branch reconverges at its immediate post-dominator: the first instruction every
 * path from the branch must pass through. We build basic blocks, then compute post-dominators
 * with the Cooper-Harvey-Kennedy iteration over the reversed graph (a virtual exit node
 * collects ret/exit). Branches whose paths only meet at the exit get no barrier. */
#include "cfg.h"
#include "bytemove.h"

#include <stdlib.h>
#include <string.h>

/* A branch (its label is operand 0) and the instructions after which no lane falls through
 * unguarded (ret, exit, trap), from the table's class column. */
static int is_branch(const ws_insn *in) { return ws_op_class_of(in->op) == CLS_BRANCH; }
static int ends_block(const ws_insn *in) { return is_branch(in) || ws_op_ends_path(in->op); }

void ws_block_starts(const ws_kernel *k, uint8_t *leader)
{
    uint32_t n = k->ninsns;
    leader[0] = 1;
    if (k->nbody < n)
        leader[k->nbody] = 1;
    for (uint32_t i = 0; i < k->nlabels; i++)
        if (k->label_pc[i] < n)
            leader[k->label_pc[i]] = 1;
    for (uint32_t i = 0; i < k->ncalls; i++)
        if (k->calls[i].entry < n)
            leader[k->calls[i].entry] = 1;
}

uint32_t *ws_block_numbers(const ws_kernel *k)
{
    uint32_t n = k->ninsns, *block = malloc(((size_t)n + 1) * sizeof *block);
    uint8_t *leader = calloc((size_t)n + 1, 1);
    if (block && leader) {
        ws_block_starts(k, leader);
        uint32_t id = 0;
        for (uint32_t pc = 0; pc < n; pc++) {
            id += pc > 0 && leader[pc];
            block[pc] = id;
        }
    } else {
        free(block);
        block = NULL;
    }
    free(leader);
    return block;
}

uint32_t ws_block_last_writer(const ws_reg_use *uses, const uint32_t *block, uint32_t pc, uint32_t reg)
{
    for (uint32_t j = pc; j-- > 0 && block[j] == block[pc];)
        if (ws_reg_use_writes(&uses[j], reg))
            return j;
    return UINT32_MAX;
}

void ws_straight_blocks(const ws_kernel *k, uint8_t *leader)
{
    ws_block_starts(k, leader);
    for (uint32_t i = 0; i + 1 < k->ninsns; i++) {
        ws_op_class c = ws_op_class_of(k->insns[i].op);
        if (c == CLS_BRANCH || c == CLS_CALL || ws_op_ends_path(k->insns[i].op))
            leader[i + 1] = 1;
    }
}

void ws_flow_block_starts(const ws_insn *code, uint32_t n, uint8_t *leader)
{
    if (n)
        leader[0] = 1;
    for (uint32_t i = 0; i < n; i++) {
        const ws_insn *in = &code[i];
        if (is_branch(in) && in->ops[0].imm <= n)
            leader[in->ops[0].imm] = 1;
        if (ends_block(in))
            leader[i + 1] = 1;
    }
}

uint32_t *ws_reconvergence_points(const ws_kernel *k)
{
    uint32_t n = k->ninsns;
    uint32_t *result = malloc((size_t)(n ? n : 1) * sizeof *result);
    uint32_t *block_of = malloc((size_t)(n + 1) * sizeof *block_of);
    uint32_t *start = malloc((size_t)(n + 2) * sizeof *start);
    if (!result || !block_of || !start) {
        free(result);
        free(block_of);
        free(start);
        return NULL;
    }
    for (uint32_t i = 0; i < n; i++)
        result[i] = UINT32_MAX;
    uint8_t *leader = calloc(n + 1, 1);
    if (!leader)
        goto fail_early;
    ws_flow_block_starts(k->insns, n, leader);
    uint32_t nb = 0;
    for (uint32_t i = 0; i < n; i++) {
        if (leader[i])
            start[nb++] = i;
        block_of[i] = nb - 1;
    }
    block_of[n] = nb; /* falling off the end: the exit */
    uint32_t exit_node = nb;
    start[nb] = n;
    free(leader);
    leader = NULL;

    /* successors (at most two per block) */
    uint32_t(*succ)[2] = malloc((size_t)(nb + 1) * sizeof *succ);
    uint32_t *nsucc = calloc(nb + 1, sizeof *nsucc);
    /* predecessors in the reversed graph = successors in the forward graph; we need the
     * reversed graph's predecessors = forward successors, and its successors = forward preds */
    uint32_t *order = malloc((size_t)(nb + 1) * sizeof *order);
    uint32_t *rpo_index = malloc((size_t)(nb + 1) * sizeof *rpo_index);
    uint32_t *ipdom = malloc((size_t)(nb + 1) * sizeof *ipdom);
    uint32_t *npred = calloc(nb + 1, sizeof *npred);
    uint32_t *pred_start = calloc(nb + 2, sizeof *pred_start);
    uint32_t *preds = malloc((size_t)(2 * nb + 1) * sizeof *preds);
    uint32_t *stack = malloc((size_t)(2 * (nb + 1) + 1) * sizeof *stack);
    uint8_t *seen = calloc(nb + 1, 1);
    if (!succ || !nsucc || !order || !rpo_index || !ipdom || !npred || !pred_start || !preds || !stack || !seen)
        goto fail;
    for (uint32_t b = 0; b < nb; b++) {
        uint32_t last = (b + 1 < nb ? start[b + 1] : n) - 1;
        const ws_insn *in = &k->insns[last];
        if (ws_op_ends_path(in->op)) {
            if (in->guard != WS_NO_REG)
                succ[b][nsucc[b]++] = block_of[last + 1];
            succ[b][nsucc[b]++] = exit_node;
        } else if (is_branch(in)) {
            succ[b][nsucc[b]++] = block_of[in->ops[0].imm];
            if (in->guard != WS_NO_REG && block_of[last + 1] != block_of[in->ops[0].imm])
                succ[b][nsucc[b]++] = block_of[last + 1];
        } else {
            succ[b][nsucc[b]++] = block_of[last + 1];
        }
    }
    /* reversed graph: edges s -> b for each forward edge b -> s. Its "predecessors" of b are
     * the forward successors of b; its DFS from the exit walks forward predecessors. */
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t i = 0; i < nsucc[b]; i++)
            npred[succ[b][i]]++;
    for (uint32_t b = 0; b <= nb; b++)
        pred_start[b + 1] = pred_start[b] + npred[b];
    for (uint32_t b = 0; b <= nb; b++)
        npred[b] = 0;
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t i = 0; i < nsucc[b]; i++) {
            uint32_t s = succ[b][i];
            preds[pred_start[s] + npred[s]++] = b;
        }
    /* post-order DFS of the reversed graph from the exit (iterative) */
    uint32_t norder = 0, sp = 0;
    stack[sp++] = exit_node;
    stack[sp++] = 0;
    seen[exit_node] = 1;
    while (sp) {
        uint32_t idx = stack[sp - 1], node = stack[sp - 2];
        if (idx < npred[node]) {
            stack[sp - 1]++;
            uint32_t pnode = preds[pred_start[node] + idx];
            if (!seen[pnode]) {
                seen[pnode] = 1;
                stack[sp++] = pnode;
                stack[sp++] = 0;
            }
        } else {
            sp -= 2;
            order[norder++] = node;
        }
    }
    for (uint32_t b = 0; b <= nb; b++) {
        ipdom[b] = UINT32_MAX;
        rpo_index[b] = UINT32_MAX;
    }
    for (uint32_t i = 0; i < norder; i++)
        rpo_index[order[i]] = i; /* post-order number: the exit has the highest */
    ipdom[exit_node] = exit_node;
    int changed = 1;
    while (changed) {
        changed = 0;
        for (uint32_t oi = norder; oi-- > 0;) {
            uint32_t b = order[oi];
            if (b == exit_node)
                continue;
            uint32_t new_idom = UINT32_MAX;
            for (uint32_t i = 0; i < nsucc[b]; i++) {
                uint32_t s = succ[b][i];
                if (ipdom[s] == UINT32_MAX)
                    continue;
                if (new_idom == UINT32_MAX) {
                    new_idom = s;
                    continue;
                }
                uint32_t f1 = s, f2 = new_idom;
                while (f1 != f2) {
                    while (rpo_index[f1] < rpo_index[f2])
                        f1 = ipdom[f1];
                    while (rpo_index[f2] < rpo_index[f1])
                        f2 = ipdom[f2];
                }
                new_idom = f1;
            }
            if (new_idom != UINT32_MAX && ipdom[b] != new_idom) {
                ipdom[b] = new_idom;
                changed = 1;
            }
        }
    }
    for (uint32_t b = 0; b < nb; b++) {
        uint32_t last = (b + 1 < nb ? start[b + 1] : n) - 1;
        if (is_branch(&k->insns[last]) && ipdom[b] != UINT32_MAX && ipdom[b] != exit_node)
            result[last] = start[ipdom[b]];
    }
fail:
    free(succ);
    free(nsucc);
    free(order);
    free(rpo_index);
    free(ipdom);
    free(npred);
    free(pred_start);
    free(preds);
    free(stack);
    free(seen);
fail_early:
    free(leader);
    free(block_of);
    free(start);
    return result;
}

/* ---- registers that may be read before they are written ------------------------------------------
 * Every block starts with zeroed registers, so that a read of a register nothing wrote gives the
 * same answer on every run and with any --jobs. Zeroing all of them for every block costs more
 * than running a short kernel, and nvcc's code writes each register before reading it; so only
 * the registers some path may read before writing are zeroed. A forward must-analysis: a
 * register is written at an instruction if every path from the entry wrote it (a guarded write
 * does not count: its guard may be false); a read where it is not is a read before writing. */

/* Registers i reads that some path from the entry reaches i without writing (the IN set
 * written): into needs (when not NULL); returns whether there is one. */
static int insn_reads(uint8_t *needs, const ws_kernel *k, const ws_reg_use *u, const uint64_t *written)
{
    int any = 0;
    for (uint32_t i = 0; i < u->nsrc; i++)
        if (u->src[i] < k->nregs && !((written[u->src[i] / 64] >> (u->src[i] % 64)) & 1)) {
            if (needs)
                needs[u->src[i]] = 1;
            any = 1;
        }
    return any;
}

/* A guarded write does not count: its guard may be false. */
static void insn_writes(const ws_insn *in, const ws_reg_use *u, uint64_t *written, uint32_t nregs)
{
    if (in->guard != WS_NO_REG)
        return;
    for (uint32_t i = 0; i < u->ndst; i++)
        if (u->dst[i] < nregs)
            written[u->dst[i] / 64] |= 1ull << (u->dst[i] % 64);
}

/* Whether register r may be unwritten at an instruction whose IN set (written) is given. */
static int maybe_unwritten(const uint64_t *written, uint32_t r) { return !((written[r / 64] >> (r % 64)) & 1); }

/* What byte move in (bytemove.h) may leave undefined in its destinations, into out (ws_move_dests'
 * order), given u[s], the bytes of its source s that may be undefined; and into reads, the bytes
 * of each source it reads. 0 where it moves nothing or is a form the check reads whole. */
static int static_move(const ws_insn *in, const uint8_t *u, uint8_t out[WS_MOVE_MAX], uint8_t reads[WS_MOVE_MAX])
{
    if (in->op == WS_OP_SHFL) { /* the source lane's bytes of a */
        if (in->ops[0].kind != WS_OPND_REG)
            return 0;
        memset(out, 0, WS_MOVE_MAX);
        out[0] = u[0] & 0xf;
        reads[0] = 0xf;
        return 1;
    }
    ws_move m;
    if (ws_move_bytes(in, u, ws_move_fixed_control(in), &m) < 0) /* a register's control: any value */
        return 0;
    memcpy(out, m.out, WS_MOVE_MAX);
    memcpy(reads, m.reads, WS_MOVE_MAX);
    return 1;
}

/* The bytes of each register that a byte move may leave undefined, into carried (k->nregs masks,
 * zeroed): a move's source byte may be undefined where its register may be unwritten there or is
 * carried, to a fixpoint. Flow-insensitive (one mask a register for the whole kernel). A kernel
 * that does not settle in a few passes (moves chained backwards through the code) has every byte
 * of every register marked. */
static void carried_bytes(const ws_kernel *k, const ws_insn *code, const uint8_t *reached, const uint64_t *in_sets,
                          uint32_t words, uint8_t *carried)
{
    uint32_t n = k->ninsns;
    for (unsigned pass = 0;; pass++) {
        int changed = 0;
        for (uint32_t i = 0; i < n; i++) {
            uint32_t src[WS_MOVE_MAX], dst[WS_MOVE_MAX];
            uint8_t u[WS_MOVE_MAX] = {0}, out[WS_MOVE_MAX], reads[WS_MOVE_MAX], any = 0;
            unsigned ns;
            if (!reached[i] || !ws_insn_moves_bytes(&code[i]) || !(ns = ws_move_sources(&code[i], src)))
                continue;
            for (unsigned s = 0; s < ns; s++)
                if (src[s] < k->nregs)
                    any |= u[s] = maybe_unwritten(&in_sets[(size_t)i * words], src[s]) ? 0xff : carried[src[s]];
            if (!any || !static_move(&code[i], u, out, reads))
                continue;
            unsigned nd = ws_move_dests(&code[i], dst);
            for (unsigned d = 0; d < nd; d++)
                if (dst[d] < k->nregs && (out[d] & ~carried[dst[d]])) {
                    carried[dst[d]] |= out[d];
                    changed = 1;
                }
        }
        if (!changed)
            return;
        if (pass == 16) {
            memset(carried, 0xff, k->nregs);
            return;
        }
    }
}

/* Whether in reads a byte that a move may have carried in undefined (carried_bytes), as shadow.c
 * reads: a move the bytes it copies (a shuffle's b, c and membermask whole, a selection's control
 * whole), a store the bytes it stores, any other instruction every byte it names; the guard whole. */
static int reads_carried(const ws_kernel *k, const ws_insn *in, const ws_reg_use *u, const uint8_t *carried)
{
#define CARRIED(r, bytes) ((r) < k->nregs && (carried[r] & (bytes)))
    uint32_t src[WS_MOVE_MAX];
    uint8_t c[WS_MOVE_MAX] = {0}, out[WS_MOVE_MAX], reads[WS_MOVE_MAX];
    unsigned ns;
    if (in->guard != WS_NO_REG && CARRIED(in->guard, 0xff))
        return 1;
    if (ws_insn_moves_bytes(in) && (ns = ws_move_sources(in, src)) != 0) {
        for (unsigned s = 0; s < ns; s++)
            c[s] = src[s] < k->nregs ? carried[src[s]] : 0;
        if (static_move(in, c, out, reads)) {
            for (unsigned s = 0; s < ns; s++)
                if (c[s] & reads[s])
                    return 1;
            for (unsigned o = 2; in->op == WS_OP_SHFL && o < in->nops; o++)
                if (in->ops[o].kind == WS_OPND_REG && CARRIED(in->ops[o].reg, 0xff))
                    return 1;
            int ctl = ws_move_control(in);
            return ctl >= 0 && in->ops[ctl].kind == WS_OPND_REG && CARRIED(in->ops[ctl].reg, 0xff);
        }
    }
    if (in->op == WS_OP_ST) {
        const ws_operand *a = &in->ops[0], *v = &in->ops[1];
        uint8_t stored = ws_low_bytes(ws_type_bytes((ws_type)in->type));
        if (a->kind == WS_OPND_ADDR && CARRIED(a->reg, 0xff))
            return 1;
        if (v->kind == WS_OPND_REG)
            return CARRIED(v->reg, stored);
        for (unsigned e = 0; v->kind == WS_OPND_VEC && e < v->nvec; e++)
            if (CARRIED(v->regs[e], stored))
                return 1;
        return 0;
    }
    for (uint32_t s = 0; s < u->nsrc; s++)
        if (CARRIED(u->src[s], 0xff))
            return 1;
    return 0;
#undef CARRIED
}

/* The uninitialised-value check's plan (cfg.h): reads flagged where the analysis cannot prove
 * every source written, or where a source may hold bytes a move carried in undefined; the
 * registers those instructions read are the only ones whose writes need recording (every other
 * read is proven, so its check would find every lane written). */
static uint8_t *uninit_plan(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, const uint8_t *reached,
                            const uint64_t *in_sets, uint32_t words)
{
    uint32_t n = k->ninsns;
    uint8_t *plan = calloc(n ? n : 1, 1), *tracked = calloc(k->nregs ? k->nregs : 1, 1);
    uint8_t *carried = calloc(k->nregs ? k->nregs : 1, 1);
    if (!plan || !tracked || !carried) {
        free(plan);
        free(tracked);
        free(carried);
        return NULL;
    }
    carried_bytes(k, code, reached, in_sets, words, carried);
    for (uint32_t i = 0; i < n; i++) {
        const ws_reg_use *u = &uses[i];
        /* an instruction no path reaches is checked in full (it does not run) */
        if (reached[i] && !insn_reads(NULL, k, u, &in_sets[(size_t)i * words]) && !reads_carried(k, &code[i], u, carried))
            continue;
        plan[i] = WS_UNINIT_READS;
        for (uint32_t s = 0; s < u->nsrc; s++)
            if (u->src[s] < k->nregs)
                tracked[u->src[s]] = 1;
    }
    free(carried);
    for (uint32_t i = 0; i < n; i++) {
        const ws_reg_use *u = &uses[i];
        for (uint32_t d = 0; d < u->ndst; d++)
            if (u->dst[d] < k->nregs && tracked[u->dst[d]])
                plan[i] |= WS_UNINIT_WRITES;
        if (!reached[i])
            plan[i] |= WS_UNINIT_WRITES;
    }
    free(tracked);
    return plan;
}

uint32_t *ws_registers_read_unwritten(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint32_t *count,
                                      uint8_t **plan)
{
    uint32_t n = k->ninsns, words = (k->nregs + 63) / 64;
    *count = 0;
    if (plan)
        *plan = NULL;
    if (k->nbody < n) /* linked .func code is entered by calls, not by this flow: zero every register */
        return NULL;
    /* A set per instruction: a large kernel with many registers (hostile or generated code)
     * would need gigabytes and quadratic time; then every register is zeroed instead, which
     * gives the same results. (WS_ANALYSIS_BYTES: what the memory limit charges for it.) */
    if ((uint64_t)n * words * sizeof(uint64_t) > WS_ANALYSIS_BYTES)
        return NULL;
    uint64_t steps = 0, max_steps = 64 * (uint64_t)n + 4096; /* and a bound on the fixpoint's passes */
    uint64_t *in_sets = malloc((size_t)(n ? n : 1) * (words ? words : 1) * sizeof *in_sets);
    uint8_t *reached = calloc(n ? n : 1, 1), *needs = calloc(k->nregs ? k->nregs : 1, 1);
    uint8_t *queued = calloc(n ? n : 1, 1); /* each instruction is in the work list at most once */
    uint32_t *work = malloc((size_t)(n ? n : 1) * sizeof *work);
    uint64_t *cur = malloc((words ? words : 1) * sizeof *cur);
    uint32_t *list = NULL;
    if (!in_sets || !reached || !needs || !queued || !work || !cur)
        goto done;
    /* IN sets start "everything written" (the top of the lattice) and shrink to the fixpoint */
    memset(in_sets, 0xff, (size_t)n * words * sizeof *in_sets);
    uint32_t nwork = 0;
    if (n) {
        memset(in_sets, 0, words * sizeof *in_sets); /* nothing is written at the entry */
        reached[0] = 1;
        queued[0] = 1;
        work[nwork++] = 0;
    }
    while (nwork) {
        if (++steps > max_steps) { /* not converging quickly: zero every register */
            list = NULL;
            goto done;
        }
        uint32_t i = work[--nwork];
        queued[i] = 0;
        memcpy(cur, &in_sets[(size_t)i * words], words * sizeof *cur);
        const ws_insn *in = &code[i];
        insn_writes(in, &uses[i], cur, k->nregs);
        uint32_t succ[2], ns = ws_insn_successors(code, n, i, succ);
        for (uint32_t s = 0; s < ns; s++) {
            uint64_t *dst = &in_sets[(size_t)succ[s] * words];
            int changed = !reached[succ[s]];
            for (uint32_t w = 0; w < words; w++) {
                uint64_t meet = reached[succ[s]] ? dst[w] & cur[w] : cur[w];
                changed |= meet != dst[w];
                dst[w] = meet;
            }
            reached[succ[s]] = 1;
            if (changed && !queued[succ[s]]) {
                queued[succ[s]] = 1;
                work[nwork++] = succ[s];
            }
        }
    }
    for (uint32_t i = 0; i < n; i++)
        if (reached[i])
            insn_reads(needs, k, &uses[i], &in_sets[(size_t)i * words]);
    if (plan && !(*plan = uninit_plan(k, code, uses, reached, in_sets, words)))
        goto done;
    list = malloc((k->nregs ? k->nregs : 1) * sizeof *list);
    if (list)
        for (uint32_t r = 0; r < k->nregs; r++)
            if (needs[r])
                list[(*count)++] = r;
    if (plan && !list) {
        free(*plan);
        *plan = NULL;
    }
done:
    free(in_sets);
    free(reached);
    free(needs);
    free(queued);
    free(work);
    free(cur);
    return list;
}
