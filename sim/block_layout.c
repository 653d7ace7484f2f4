/* The order ptxas lays a kernel's basic blocks out in (block_layout.h).
 *
 * nvcc's PTX puts an if-else chain's blocks in one order and ptxas its SASS in another: probe_fwin40's role dispatch
 * (`@%p7 bra BB0_8; bra.uni BB0_5; BB0_8: loop ... BB0_5: @%p8 bra BB0_7; bra.uni BB0_6; BB0_7: region B ...
 * BB0_6: region A; BB0_13: the tail`) becomes A at 0x310, B at 0x10440, the loop at 0x20580 and the tail at 0x209b0
 * (nvcc 13.0; docs/calibration.md "(keep53)"): each branch's fall-through side first, then its target's, the join
 * after both, the reverse postorder of a walk that takes the target before the fall-through. Where code lies decides
 * which lines a launch brings (ifetch.window) and which a later launch finds kept (ifetch.keep_*). */
#include "block_layout.h"

#include <stdlib.h>

#include "cfg.h"

uint32_t *ws_block_layout_rank(const ws_insn *code, uint32_t n)
{
    uint8_t *leader = calloc((size_t)n + 1, 1), *visited = calloc((size_t)n + 1, 1),
            *next_succ = calloc((size_t)n + 1, 1);
    uint32_t *block_of = malloc(((size_t)n + 1) * sizeof *block_of), *start = malloc(((size_t)n + 1) * sizeof *start);
    uint32_t *post = malloc(((size_t)n + 1) * sizeof *post), *stack = malloc(((size_t)n + 1) * sizeof *stack);
    uint32_t *rank = malloc(((size_t)n + 1) * sizeof *rank);
    if (!leader || !visited || !next_succ || !block_of || !start || !post || !stack || !rank) {
        free(rank);
        rank = NULL;
        goto done;
    }
    ws_flow_block_starts(code, n, leader);
    uint32_t nb = 0;
    for (uint32_t pc = 0; pc < n; pc++) {
        if (pc == 0 || leader[pc])
            start[nb++] = pc;
        block_of[pc] = nb - 1;
    }
    start[nb] = n;
    /* the walk: a block's successors (its last instruction's: the target, then the fall-through) one at a time */
    uint32_t npost = 0, depth = 0;
    if (nb) {
        stack[depth++] = 0;
        visited[0] = 1;
    }
    while (depth) {
        uint32_t b = stack[depth - 1], succ[2];
        unsigned ns = ws_insn_successors(code, n, start[b + 1] - 1, succ);
        if (next_succ[b] < ns) {
            uint32_t s = block_of[succ[next_succ[b]++]];
            if (!visited[s]) {
                visited[s] = 1;
                stack[depth++] = s;
            }
            continue;
        }
        post[npost++] = b;
        depth--;
    }
    uint32_t *block_rank = stack; /* the walk is done: its stack holds each block's place */
    uint32_t at = 0;
    for (uint32_t i = npost; i-- > 0;)
        block_rank[post[i]] = at++;
    for (uint32_t b = 0; b < nb; b++) /* code the walk does not reach (a linked function's, dead code) */
        if (!visited[b])
            block_rank[b] = at++;
    for (uint32_t pc = 0; pc < n; pc++)
        rank[pc] = block_rank[block_of[pc]];
done:
    free(leader);
    free(visited);
    free(next_succ);
    free(block_of);
    free(start);
    free(post);
    free(stack);
    return rank;
}

uint32_t *ws_block_layout_sort(const uint32_t *order, const uint32_t *rank, uint32_t n)
{
    uint32_t *count = calloc((size_t)n + 1, sizeof *count), *out = malloc(((size_t)n + 1) * sizeof *out);
    if (!count || !out) {
        free(count);
        free(out);
        return NULL;
    }
    for (uint32_t p = 0; p < n; p++) /* a counting sort: ranks are below n */
        count[rank[order[p]] + 1]++;
    for (uint32_t r = 1; r <= n; r++)
        count[r] += count[r - 1];
    for (uint32_t p = 0; p < n; p++)
        out[count[rank[order[p]]]++] = order[p];
    free(count);
    return out;
}
