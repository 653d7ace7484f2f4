/* Backward liveness of a kernel's registers (liveness.h), over each instruction's successors
 * (cfg.h's ws_insn_successors, as cfg.c's forward analysis). */
#include "liveness.h"
#include "cfg.h"

#include <stdlib.h>
#include <string.h>

#define MAX_PASSES 64 /* straight-line code settles in two passes; each loop nest adds one */

uint64_t *ws_live_in(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint32_t *words)
{
    uint32_t n = k->ninsns, w = (k->nregs + 63) / 64 ? (k->nregs + 63) / 64 : 1;
    if (((uint64_t)n + 1) * w * sizeof(uint64_t) > WS_ANALYSIS_BYTES)
        return NULL;
    uint64_t *live = calloc(((size_t)n + 1) * w, sizeof *live), *row = malloc(w * sizeof *row);
    if (!live || !row) {
        free(live);
        free(row);
        return NULL;
    }
    int changed = 1;
    for (int pass = 0; changed && pass < MAX_PASSES; pass++) {
        changed = 0;
        for (uint32_t i = n; i-- > 0;) {
            const ws_insn *in = &code[i];
            memset(row, 0, w * sizeof *row);
            uint32_t succ[2];
            for (unsigned s = 0, ns = ws_insn_successors(code, n, i, succ); s < ns; s++)
                for (uint32_t j = 0; j < w; j++)
                    row[j] |= live[(size_t)succ[s] * w + j];
            /* a guarded write may leave the old value: only an unguarded one ends it */
            for (uint32_t d = 0; in->guard == WS_NO_REG && d < uses[i].ndst; d++)
                if (uses[i].dst[d] < k->nregs)
                    row[uses[i].dst[d] / 64] &= ~(1ull << (uses[i].dst[d] % 64));
            for (uint32_t s = 0; s < uses[i].nsrc; s++)
                if (uses[i].src[s] < k->nregs)
                    row[uses[i].src[s] / 64] |= 1ull << (uses[i].src[s] % 64);
            if (memcmp(row, &live[(size_t)i * w], w * sizeof *row)) {
                memcpy(&live[(size_t)i * w], row, w * sizeof *row);
                changed = 1;
            }
        }
    }
    free(row);
    if (changed) {
        free(live);
        return NULL;
    }
    *words = w;
    return live;
}

int ws_live_written(const ws_kernel *k, const ws_insn *code, const ws_reg_use *uses, uint64_t *live, uint32_t words)
{
    uint32_t n = k->ninsns, w = words;
    /* per instruction: the registers some path from the start writes before it; reached: some path gets there (the
     * rows of code no path from the start reaches, a .func's, stay as they are) */
    uint64_t *in = calloc(((size_t)n + 1) * w, sizeof *in), *row = malloc(w * sizeof *row);
    uint8_t *reached = calloc((size_t)n + 1, 1);
    if (!in || !row || !reached) {
        free(in);
        free(row);
        free(reached);
        return -1;
    }
    reached[0] = 1;
    int changed = 1;
    for (int pass = 0; changed && pass < MAX_PASSES; pass++) {
        changed = 0;
        for (uint32_t i = 0; i < n; i++) {
            if (!reached[i])
                continue;
            memcpy(row, &in[(size_t)i * w], w * sizeof *row);
            if (code[i].op == WS_OP_CALL) /* the callee's writes are not in the kernel's uses: any register */
                memset(row, 0xff, w * sizeof *row);
            for (uint32_t d = 0; d < uses[i].ndst; d++) /* a guarded write may write it too */
                if (uses[i].dst[d] < k->nregs)
                    row[uses[i].dst[d] / 64] |= 1ull << (uses[i].dst[d] % 64);
            uint32_t succ[2];
            for (unsigned s = 0, ns = ws_insn_successors(code, n, i, succ); s < ns; s++) {
                uint64_t *to = &in[(size_t)succ[s] * w];
                changed |= !reached[succ[s]];
                reached[succ[s]] = 1;
                for (uint32_t j = 0; j < w; j++)
                    if (row[j] & ~to[j]) {
                        to[j] |= row[j];
                        changed = 1;
                    }
            }
        }
    }
    for (uint32_t i = 0; !changed && i < n; i++)
        for (uint32_t j = 0; reached[i] && j < w; j++)
            live[(size_t)i * w + j] &= in[(size_t)i * w + j];
    free(in);
    free(row);
    free(reached);
    return changed ? -1 : 0;
}
