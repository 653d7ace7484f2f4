/* Special registers (%tid, %laneid, %clock64, ...): their value in a lane, or in a row of
 * lanes. Declared in sim.h, beside the operand access that reads them. */
#include "sim.h"

uint64_t ws_sreg_value(const ws_exec *x, unsigned sreg, unsigned lane)
{
    const ws_block *b = x->blk;
    const ws_launch_ctx *L = x->L;
    uint32_t t = x->w->index * 32 + lane; /* linear thread index in the block */
    switch (sreg) {
    case WS_SREG_TID_X: return t % L->block[0];
    case WS_SREG_TID_Y: return t / L->block[0] % L->block[1];
    case WS_SREG_TID_Z: return t / (L->block[0] * L->block[1]);
    case WS_SREG_NTID_X: return L->block[0];
    case WS_SREG_NTID_Y: return L->block[1];
    case WS_SREG_NTID_Z: return L->block[2];
    case WS_SREG_CTAID_X: return b->ctaid[0];
    case WS_SREG_CTAID_Y: return b->ctaid[1];
    case WS_SREG_CTAID_Z: return b->ctaid[2];
    case WS_SREG_NCTAID_X: return L->grid[0];
    case WS_SREG_NCTAID_Y: return L->grid[1];
    case WS_SREG_NCTAID_Z: return L->grid[2];
    case WS_SREG_LANEID: return lane;
    case WS_SREG_WARPID: return x->w->index;
    case WS_SREG_NWARPID: return 64;
    case WS_SREG_SMID: return 0;
    case WS_SREG_NSMID: return 132;
    case WS_SREG_GRIDID: return 1;
    case WS_SREG_LANEMASK_EQ: return 1u << lane;
    case WS_SREG_LANEMASK_LT: return (1u << lane) - 1;
    case WS_SREG_LANEMASK_LE: return (uint32_t)((2ull << lane) - 1);
    case WS_SREG_LANEMASK_GT: return (uint32_t) ~((2ull << lane) - 1);
    case WS_SREG_LANEMASK_GE: return (uint32_t) ~((1u << lane) - 1);
    case WS_SREG_CLOCK: return (uint32_t)(b->cycle - b->clock_lag);
    case WS_SREG_CLOCK_HI: return (uint32_t)((b->cycle - b->clock_lag) >> 32);
    case WS_SREG_CLOCK64: return b->cycle - b->clock_lag;
    case WS_SREG_GLOBALTIMER: return b->cycle * 1000 / 1980; /* ns at the H200's 1980 MHz */
    case WS_SREG_DYN_SMEM: return L->sim->cfg.dynamic_shared_bytes;
    /* the kernel's static and dynamic bytes in units of 128 (the PTX ISA's "static memory
     * allocation unit"; an H200 gives 1024 for 1000 bytes: programs/probe_reserved_smem) */
    case WS_SREG_TOTAL_SMEM: return (L->shared_bytes - RESERVED_SMEM_BYTES + 127) / 128 * 128;
    case WS_SREG_GLOBALTIMER_LO: return (uint32_t)(b->cycle * 1000 / 1980);
    case WS_SREG_GLOBALTIMER_HI: return (uint32_t)(b->cycle * 1000 / 1980 >> 32);
    /* the system's region ahead of the kernel's shared memory, as an H200 reports it
     * (programs/probe_reserved_smem, golden) */
    case WS_SREG_AGGR_SMEM: return L->shared_bytes;
    case WS_SREG_RSMEM_END: return RESERVED_SMEM_END;
    case WS_SREG_RSMEM_CAP: return RESERVED_SMEM_BYTES;
    case WS_SREG_RSMEM_BEGIN:
    case WS_SREG_RSMEM_0:
    case WS_SREG_RSMEM_1: return 0;
    default: return 0;
    }
}

void ws_sreg_row(const ws_exec *x, unsigned sreg, uint32_t mask, uint64_t *row)
{
    const ws_launch_ctx *L = x->L;
    switch (sreg) {
    case WS_SREG_TID_X:
        if (L->block[0] % 32 == 0) { /* a warp's lanes are consecutive x, from a multiple of 32 */
            uint32_t x0 = x->w->index * 32 % L->block[0];
            for (unsigned l = 0; l < 32; l++)
                row[l] = x0 + l;
            return;
        }
        break;
    case WS_SREG_LANEID:
        for (unsigned l = 0; l < 32; l++)
            row[l] = l;
        return;
    default:
        if (sreg >= WS_SREG_NTID_X && sreg <= WS_SREG_NCTAID_Z) { /* the same in every lane */
            uint64_t v = ws_sreg_value(x, sreg, 0);
            for (unsigned l = 0; l < 32; l++)
                row[l] = v;
            return;
        }
        break;
    }
    FOR_EACH_LANE(mask, l)
        row[l] = ws_sreg_value(x, sreg, l);
}

int ws_sreg_affine(const ws_exec *x, unsigned sreg, uint64_t *base, uint64_t *step)
{
    const ws_launch_ctx *L = x->L;
    *step = 0;
    if (sreg == WS_SREG_TID_X && L->block[0] % 32 == 0) { /* as in ws_sreg_row */
        *base = x->w->index * 32 % L->block[0];
        *step = 1;
    } else if (sreg == WS_SREG_LANEID) {
        *base = 0;
        *step = 1;
    } else if (sreg >= WS_SREG_NTID_X && sreg <= WS_SREG_NCTAID_Z) {
        *base = ws_sreg_value(x, sreg, 0);
    } else {
        return 0;
    }
    return 1;
}
