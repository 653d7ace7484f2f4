/* ptxas's reloads of kernel parameters in long store-heavy blocks (param_remat.h).
 *
 * nvcc's PTX loads a kernel's parameters once (`ld.param.f32 %f2585, [..._param_1]`) and ptxas keeps them in registers
 * (`FFMA R4, R4, R16, R17`, R16:R17 the pair a, b) until a straight-line block has passed about 131 stores; from there
 * on it reloads them before every instruction that reads them (`LDC.64 R10, c[0x0][0x218]; FFMA R9, R4, R10, R11`),
 * one LDC each. fwin53's region<KB> (a clock stamp stored to shared memory, then chunks of 64 FFMAs, each ending in a
 * stamp) from the chunk after its 131st store on: 0x820 bytes a chunk, not 0x420, at 136-192 KiB alike (nvcc 13.0's
 * ptxas -O3; the card's later-launch chunks there take twice the cycles, 45.2 a line in both). The count is of stores,
 * not of FFMAs or instructions: stamps without a store (a clock read, a membar) never bring it; chunks of 16, 32, 64 and
 * 128 FFMAs start it after 135, 134, 132 and 128 stores, of shared or global memory, of a clock or a chain's value
 * alike. Not modelled: shared stores of constants bring it from the block's start (.devjobs/ldc56/ldc56.txt). Where
 * code lies decides which lines a launch brings (ifetch.h), so the layout counts these LDCs. */
#include "param_remat.h"

#include <stdbool.h>
#include <stdlib.h>

#include "cfg.h"

/* Whether in is a kernel's own parameter load (a call site's ld.param is local memory: memory.h). */
static bool loads_kernel_param(const ws_insn *in)
{
    return in->op == WS_OP_LD && in->space == WS_SPACE_PARAM && !(in->mods & WS_MOD_CALLPARAM);
}

/* Whether in is a store ptxas counts (a call site's st.param is not one). */
static bool counted_store(const ws_insn *in)
{
    return in->op == WS_OP_ST && in->space != WS_SPACE_PARAM && !(in->mods & WS_MOD_CALLPARAM);
}

static bool in_set(const uint32_t *set, uint32_t count, uint32_t reg)
{
    for (uint32_t i = 0; i < count; i++)
        if (set[i] == reg)
            return true;
    return false;
}

uint8_t *ws_param_remat(const ws_insn *code, uint32_t n, unsigned after_stores)
{
    if (after_stores == 0)
        return NULL;
    uint8_t *remat = calloc((size_t)n + 1, 1), *leader = calloc((size_t)n + 1, 1);
    uint32_t *params = malloc(((size_t)n + 1) * sizeof *params), nparams = 0;
    if (!remat || !leader || !params) {
        free(remat);
        remat = NULL;
        goto done;
    }
    ws_reg_use u;
    for (uint32_t pc = 0; pc < n; pc++)
        if (loads_kernel_param(&code[pc])) {
            ws_insn_reg_use(&code[pc], &u);
            for (uint32_t d = 0; d < u.ndst; d++)
                if (!in_set(params, nparams, u.dst[d]))
                    params[nparams++] = u.dst[d];
        }
    ws_flow_block_starts(code, n, leader);
    unsigned stores = 0;
    for (uint32_t pc = 0; pc < n && nparams > 0; pc++) {
        if (leader[pc])
            stores = 0;
        if (stores >= after_stores && !loads_kernel_param(&code[pc])) {
            ws_insn_reg_use(&code[pc], &u);
            for (uint32_t s = 0; s < u.nsrc && !remat[pc]; s++)
                remat[pc] = in_set(params, nparams, u.src[s]);
        }
        stores += counted_store(&code[pc]);
    }
done:
    free(leader);
    free(params);
    return remat;
}
