/* The measurement sets of the special-function-unit study (tools/mufu/README.md): which PTX
 * form runs on which inputs. Shared by the GPU collector (collect.cu) and the codec (codec.c),
 * so that both derive the same inputs from a set's row. */
#ifndef MUFU_SETS_H
#define MUFU_SETS_H

#include <stdint.h>

#ifdef __CUDACC__
#define MUFU_HD __host__ __device__
#else
#define MUFU_HD
#endif

/* the PTX forms measured; each is one inline-asm instruction in collect.cu */
enum mufu_op {
    OP_RCP_FTZ,
    OP_RCP,
    OP_SQRT_FTZ,
    OP_SQRT,
    OP_RSQ_FTZ,
    OP_RSQ,
    OP_EX2_FTZ,
    OP_EX2,
    OP_LG2_FTZ,
    OP_LG2,
    OP_SIN_FTZ,
    OP_SIN,
    OP_COS_FTZ,
    OP_COS,
    OP_TANH,
    /* halves: 16-bit input and output */
    OP_EX2_F16,
    OP_EX2_BF16,
    OP_TANH_F16,
    OP_TANH_BF16,
    /* pairs: 32-bit input and output */
    OP_EX2_F16X2,
    OP_EX2_BF16X2,
    OP_TANH_F16X2,
    OP_TANH_BF16X2,
    OP_COUNT
};

/* how a set's inputs are made: LIN bits = base + i * stride; HASH bits = mix(base + i) */
enum mufu_gen { GEN_LIN, GEN_HASH };

/* how its outputs are coded: PRED against an adaptive reference, DELTA against the previous
 * output, RAW16 / RAW32 as they are */
enum mufu_mode { MODE_PRED, MODE_DELTA, MODE_RAW16, MODE_RAW32 };

typedef struct {
    const char *name;
    int op, gen, mode;
    uint32_t base, stride, count;
} mufu_set;

MUFU_HD static inline uint32_t mufu_mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7feb352dU;
    x ^= x >> 15;
    x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

MUFU_HD static inline uint32_t mufu_input(const mufu_set *s, uint32_t i)
{
    return s->gen == GEN_LIN ? s->base + i * s->stride : mufu_mix(s->base + i);
}

#define M23 (1u << 23)
/* In priority order: the archive keeps the leading sets that fit. */
static const mufu_set mufu_sets[] = {
    /* whole binades: every mantissa */
    {"rcp_1", OP_RCP_FTZ, GEN_LIN, MODE_PRED, 0x3f800000, 1, M23},
    {"rsq_1", OP_RSQ_FTZ, GEN_LIN, MODE_PRED, 0x3f800000, 1, M23},
    {"rsq_2", OP_RSQ_FTZ, GEN_LIN, MODE_PRED, 0x40000000, 1, M23},
    {"sqrt_1", OP_SQRT_FTZ, GEN_LIN, MODE_PRED, 0x3f800000, 1, M23},
    {"sqrt_2", OP_SQRT_FTZ, GEN_LIN, MODE_PRED, 0x40000000, 1, M23},
    {"ex2_p1", OP_EX2_FTZ, GEN_LIN, MODE_PRED, 0x3f800000, 1, M23},
    {"lg2_1", OP_LG2_FTZ, GEN_LIN, MODE_PRED, 0x3f800000, 1, M23},
    {"sin_1", OP_SIN_FTZ, GEN_LIN, MODE_PRED, 0x3f800000, 1, M23},
    {"cos_1", OP_COS_FTZ, GEN_LIN, MODE_PRED, 0x3f800000, 1, M23},
    /* halves: all 2^16 inputs */
    {"h_ex2_f16", OP_EX2_F16, GEN_LIN, MODE_RAW16, 0, 1, 1u << 16},
    {"h_ex2_bf16", OP_EX2_BF16, GEN_LIN, MODE_RAW16, 0, 1, 1u << 16},
    {"h_tanh_f16", OP_TANH_F16, GEN_LIN, MODE_RAW16, 0, 1, 1u << 16},
    {"h_tanh_bf16", OP_TANH_BF16, GEN_LIN, MODE_RAW16, 0, 1, 1u << 16},
    /* random bit patterns, every form */
    {"r_rcp_ftz", OP_RCP_FTZ, GEN_HASH, MODE_PRED, 0x10000000, 1, 1u << 18},
    {"r_rcp", OP_RCP, GEN_HASH, MODE_PRED, 0x11000000, 1, 1u << 18},
    {"r_sqrt_ftz", OP_SQRT_FTZ, GEN_HASH, MODE_PRED, 0x12000000, 1, 1u << 18},
    {"r_sqrt", OP_SQRT, GEN_HASH, MODE_PRED, 0x13000000, 1, 1u << 18},
    {"r_rsq_ftz", OP_RSQ_FTZ, GEN_HASH, MODE_PRED, 0x14000000, 1, 1u << 18},
    {"r_rsq", OP_RSQ, GEN_HASH, MODE_PRED, 0x15000000, 1, 1u << 18},
    {"r_ex2_ftz", OP_EX2_FTZ, GEN_HASH, MODE_PRED, 0x16000000, 1, 1u << 18},
    {"r_ex2", OP_EX2, GEN_HASH, MODE_PRED, 0x17000000, 1, 1u << 18},
    {"r_lg2_ftz", OP_LG2_FTZ, GEN_HASH, MODE_PRED, 0x18000000, 1, 1u << 18},
    {"r_lg2", OP_LG2, GEN_HASH, MODE_PRED, 0x19000000, 1, 1u << 18},
    {"r_sin_ftz", OP_SIN_FTZ, GEN_HASH, MODE_PRED, 0x1a000000, 1, 1u << 18},
    {"r_sin", OP_SIN, GEN_HASH, MODE_PRED, 0x1b000000, 1, 1u << 18},
    {"r_cos_ftz", OP_COS_FTZ, GEN_HASH, MODE_PRED, 0x1c000000, 1, 1u << 18},
    {"r_cos", OP_COS, GEN_HASH, MODE_PRED, 0x1d000000, 1, 1u << 18},
    {"r_tanh", OP_TANH, GEN_HASH, MODE_PRED, 0x1e000000, 1, 1u << 18},
    /* pairs: do the two halves of f16x2 / bf16x2 act alone? */
    {"r_ex2_f16x2", OP_EX2_F16X2, GEN_HASH, MODE_RAW32, 0x20000000, 1, 1u << 16},
    {"r_ex2_bf16x2", OP_EX2_BF16X2, GEN_HASH, MODE_RAW32, 0x21000000, 1, 1u << 16},
    {"r_tanh_f16x2", OP_TANH_F16X2, GEN_HASH, MODE_RAW32, 0x22000000, 1, 1u << 16},
    {"r_tanh_bf16x2", OP_TANH_BF16X2, GEN_HASH, MODE_RAW32, 0x23000000, 1, 1u << 16},
    /* edges of the non-.ftz sequences: subnormal inputs, huge ones, ex2 below -126 */
    {"e_rcp_sub", OP_RCP, GEN_LIN, MODE_PRED, 0x00000001, 128, 1u << 16},
    {"e_rcp_huge", OP_RCP, GEN_LIN, MODE_PRED, 0x7e800000, 128, 1u << 16},
    {"e_sqrt_sub", OP_SQRT, GEN_LIN, MODE_PRED, 0x00000001, 128, 1u << 16},
    {"e_rsq_sub", OP_RSQ, GEN_LIN, MODE_PRED, 0x00000001, 128, 1u << 16},
    {"e_lg2_sub", OP_LG2, GEN_LIN, MODE_PRED, 0x00000001, 128, 1u << 16},
    {"e_ex2_low", OP_EX2, GEN_LIN, MODE_PRED, 0xc2fc0000, 32, 53248},
    /* small arguments: x = 2^-31 .. 0.5 (every 512th float) */
    {"s_ex2_pos", OP_EX2_FTZ, GEN_LIN, MODE_PRED, 0x30000000, 512, 491520},
    {"s_ex2_neg", OP_EX2_FTZ, GEN_LIN, MODE_PRED, 0xb0000000, 512, 491520},
    {"s_sin", OP_SIN_FTZ, GEN_LIN, MODE_PRED, 0x30000000, 512, 491520},
    {"s_cos", OP_COS_FTZ, GEN_LIN, MODE_PRED, 0x30000000, 512, 491520},
    {"s_tanh", OP_TANH, GEN_LIN, MODE_DELTA, 0x30000000, 512, 491520},
    /* more whole binades */
    {"ex2_p05", OP_EX2_FTZ, GEN_LIN, MODE_PRED, 0x3f000000, 1, M23},
    {"ex2_m1", OP_EX2_FTZ, GEN_LIN, MODE_PRED, 0xbf800000, 1, M23},
    {"lg2_05", OP_LG2_FTZ, GEN_LIN, MODE_PRED, 0x3f000000, 1, M23},
    {"sin_2", OP_SIN_FTZ, GEN_LIN, MODE_PRED, 0x40000000, 1, M23},
    {"cos_2", OP_COS_FTZ, GEN_LIN, MODE_PRED, 0x40000000, 1, M23},
    {"ex2_m05", OP_EX2_FTZ, GEN_LIN, MODE_PRED, 0xbf000000, 1, M23},
    {"lg2_2", OP_LG2_FTZ, GEN_LIN, MODE_PRED, 0x40000000, 1, M23},
    {"tanh_1", OP_TANH, GEN_LIN, MODE_DELTA, 0x3f800000, 1, M23},
    {"tanh_05", OP_TANH, GEN_LIN, MODE_DELTA, 0x3f000000, 1, M23},
    {"tanh_all", OP_TANH, GEN_LIN, MODE_DELTA, 0x38800000, 16, 8912896},
    {"sin_4", OP_SIN_FTZ, GEN_LIN, MODE_PRED, 0x40800000, 1, M23},
    {"cos_4", OP_COS_FTZ, GEN_LIN, MODE_PRED, 0x40800000, 1, M23},
};
#define MUFU_NSETS ((int)(sizeof mufu_sets / sizeof mufu_sets[0]))

#endif
