/* Control flow: where divergent lanes meet again.
 *
 * A divergent branch reconverges at its immediate post-dominator: the first instruction every
 * path from the branch must pass through. We build basic blocks, then compute post-dominators
 * with the Cooper-Harvey-Kennedy iteration over the reversed graph (a virtual exit node
 * collects ret/exit). Branches whose paths only meet at the exit get no barrier. */
#include "sim.h"

#include <stdlib.h>

static int ends_block(const ws_insn *in)
{
    return in->op == WS_OP_BRA || in->op == WS_OP_RET || in->op == WS_OP_EXIT || in->op == WS_OP_TRAP;
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
    /* leaders: the first instruction, branch targets, instructions after a block end */
    uint8_t *leader = calloc(n + 1, 1);
    if (!leader)
        goto fail_early;
    if (n)
        leader[0] = 1;
    for (uint32_t i = 0; i < n; i++) {
        const ws_insn *in = &k->insns[i];
        if (in->op == WS_OP_BRA && in->ops[0].imm <= n)
            leader[in->ops[0].imm] = 1;
        if (ends_block(in) && i + 1 <= n)
            leader[i + 1] = 1;
    }
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
    uint32_t (*succ)[2] = malloc((size_t)(nb + 1) * sizeof *succ);
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
        if (in->op == WS_OP_RET || in->op == WS_OP_EXIT || in->op == WS_OP_TRAP) {
            if (in->guard != WS_NO_REG)
                succ[b][nsucc[b]++] = block_of[last + 1];
            succ[b][nsucc[b]++] = exit_node;
        } else if (in->op == WS_OP_BRA) {
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
        if (k->insns[last].op == WS_OP_BRA && ipdom[b] != UINT32_MAX && ipdom[b] != exit_node)
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
