/* mufu_check RAWDIR: compares warpsim's model (sim/mufu.c, sim/mufu_ptx.c, exec_half.c's ex2 and tanh of
 * halves) with every measured set of sets.h found in RAWDIR (tools/mufu/unpack.sh): per set, the
 * outputs equal bit for bit and the first differences. Exit 1 on any difference, 2 when no set
 * is found. Built by CMake (target mufu_check); ctest mufu_measured runs it on tools/mufu/data. */
#include <stdio.h>
#include <stdlib.h>

#include <string.h>

#include "half.h"
#include "mufu.h"
#include "sets.h"

static float as_float(uint32_t b)
{
    float f;
    memcpy(&f, &b, 4);
    return f;
}

/* the model of a PTX form on one operand; -1 for the forms it does not cover */
static int64_t model(int op, uint32_t x)
{
    switch (op) {
    case OP_RCP_FTZ: return ws_ptx_rcp_approx(x, true);
    case OP_RCP: return ws_ptx_rcp_approx(x, false);
    case OP_SQRT_FTZ: return ws_ptx_sqrt_approx(x, true);
    case OP_SQRT: return ws_ptx_sqrt_approx(x, false);
    case OP_RSQ_FTZ: return ws_ptx_rsqrt_approx(x, true);
    case OP_RSQ: return ws_ptx_rsqrt_approx(x, false);
    case OP_EX2_FTZ: return ws_ptx_ex2_approx(x, true);
    case OP_EX2: return ws_ptx_ex2_approx(x, false);
    case OP_LG2_FTZ: return ws_ptx_lg2_approx(x, true);
    case OP_LG2: return ws_ptx_lg2_approx(x, false);
    case OP_SIN_FTZ:
    case OP_SIN: return ws_ptx_sin_approx(x);
    case OP_COS_FTZ:
    case OP_COS: return ws_ptx_cos_approx(x);
    case OP_EX2_F16: return ws_half_ex2(x & 0xffff, 0);
    case OP_EX2_BF16: return ws_half_ex2(x & 0xffff, 1);
    case OP_EX2_F16X2: return ws_half_ex2(x & 0xffff, 0) | ws_half_ex2(x >> 16, 0) << 16;
    case OP_EX2_BF16X2: return ws_half_ex2(x & 0xffff, 1) | ws_half_ex2(x >> 16, 1) << 16;
    case OP_TANH: return ws_mufu_tanh(x);
    case OP_TANH_F16: return ws_half_tanh(x & 0xffff, 0);
    case OP_TANH_BF16: return ws_half_tanh(x & 0xffff, 1);
    case OP_TANH_F16X2: return ws_half_tanh(x & 0xffff, 0) | ws_half_tanh(x >> 16, 0) << 16;
    case OP_TANH_BF16X2: return ws_half_tanh(x & 0xffff, 1) | ws_half_tanh(x >> 16, 1) << 16;
    default: return -1;
    }
}

int main(int argc, char **argv)
{
    if (argc != 2) {
        fprintf(stderr, "usage: mufu_check RAWDIR\n");
        return 2;
    }
    int bad = 0, found = 0;
    for (int k = 0; k < MUFU_NSETS; k++) {
        const mufu_set *s = &mufu_sets[k];
        if (model(s->op, 0x3f800000u) < 0)
            continue;
        char path[512];
        snprintf(path, sizeof path, "%s/%s.raw", argv[1], s->name);
        FILE *f = fopen(path, "rb");
        if (!f)
            continue;
        found++;
        uint32_t *w = calloc(s->count, 4);
        size_t got = 0, size = s->mode == MODE_RAW16 ? 2 : 4;
        for (; got < s->count; got++)
            if (fread(&w[got], size, 1, f) != 1) /* little-endian words */
                break;
        fclose(f);
        if (got != s->count) {
            printf("%s: short file\n", s->name);
            bad++;
            free(w);
            continue;
        }
        uint32_t equal = 0, shown = 0;
        for (uint32_t i = 0; i < s->count; i++) {
            uint32_t x = mufu_input(s, i), m = (uint32_t)model(s->op, x);
            if (m == w[i])
                equal++;
            else if (shown++ < 4)
                printf("  %s: x %08x (%.9g): H200 %08x (%.9g), model %08x (%.9g)\n", s->name, x, as_float(x), w[i],
                       as_float(w[i]), m, as_float(m));
        }
        printf("%-12s %10u of %10u equal%s\n", s->name, equal, s->count, equal == s->count ? "" : "  <--");
        bad += equal != s->count;
        free(w);
    }
    if (!found)
        fprintf(stderr, "mufu_check: no measured set in %s\n", argv[1]);
    return !found ? 2 : bad ? 1 : 0;
}
