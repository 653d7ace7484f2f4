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
    case WS_SREG_CLOCK: return (uint32_t)b->cycle;
    case WS_SREG_CLOCK_HI: return (uint32_t)(b->cycle >> 32);
    case WS_SREG_CLOCK64: return b->cycle;
    case WS_SREG_GLOBALTIMER: return b->cycle * 1000 / 1980; /* ns at the H200's 1980 MHz */
    case WS_SREG_DYN_SMEM: return L->sim->cfg.dynamic_shared_bytes;
    case WS_SREG_TOTAL_SMEM: return L->shared_bytes;
    case WS_SREG_GLOBALTIMER_LO: return (uint32_t)(b->cycle * 1000 / 1980);
    case WS_SREG_GLOBALTIMER_HI: return (uint32_t)(b->cycle * 1000 / 1980 >> 32);
    /* warpsim's block reserves no shared memory for the system: the reserved region is empty
     * and the aggregate size is the kernel's own (docs/semantics.md; programs/probe_reserved_smem
     * prints the H200's values) */
    case WS_SREG_AGGR_SMEM: return L->shared_bytes;
    case WS_SREG_RSMEM_BEGIN:
    case WS_SREG_RSMEM_END:
    case WS_SREG_RSMEM_CAP:
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
        if (L->block[0] % 32 == 0) { /* a warp's lanes are consecutive x */
            uint32_t t0 = x->w->index * 32;
            for (unsigned l = 0; l < 32; l++)
                row[l] = (t0 + l) % L->block[0];
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
