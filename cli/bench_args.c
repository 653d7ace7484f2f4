/* The buffers and parameters of a bench kernel's launch (bench_args.h). */
#include "bench_args.h"

#include <stdlib.h>
#include <string.h>

uint64_t bench_launch_args(ws_sim *sim, const ws_module *m, const ws_kernel *k, unsigned grid, unsigned block,
                           int iters, uint8_t params[64], size_t *out_bytes)
{
    size_t nthreads = (size_t)grid * block;
    *out_bytes = iters ? nthreads * 4 : (size_t)grid * 4;
    memset(params, 0, 64);
    if (!k || k->nparams != 2)
        return 0;
    uint64_t a_in = 0, a_out = ws_sim_alloc(sim, *out_bytes, NULL);
    if (!iters) {
        float *in = malloc(nthreads * sizeof *in);
        for (size_t i = 0; in && i < nthreads; i++)
            in[i] = (float)(i & 255);
        a_in = in ? ws_sim_alloc(sim, nthreads * sizeof *in, in) : 0; /* copies in */
        free(in);
        if (!a_in)
            return 0;
    }
    if (!a_out)
        return 0;
    const ws_symbol *p0 = &m->symbols[k->params[0]], *p1 = &m->symbols[k->params[1]];
    if (iters) {
        int32_t it = iters;
        memcpy(params + p0->offset, &a_out, 8);
        memcpy(params + p1->offset, &it, 4);
    } else {
        memcpy(params + p0->offset, &a_in, 8);
        memcpy(params + p1->offset, &a_out, 8);
    }
    return a_out;
}
