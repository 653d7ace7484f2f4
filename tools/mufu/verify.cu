// verify: warpsim's special-function model against the H200 over every operand: all 2^32 for
// each .f32 form and each pair-of-halves form, all 2^16 for one half, 2^32 sampled operand pairs
// for each division. The GPU runs the instruction and the model side by side (sim/mufu.c and
// mufu_ptx.c compiled for the device below, with WS_MUFU_FN = __device__) and counts the
// differences; the halves compare with a table of the host library's ws_half_ex2. The host
// library's model (the objects warpsim links) is checked against the device's copy on 2^26
// operands per form spread over every exponent, so the counts speak for the simulator's code.
// Prints per form: operands compared, equal bit for bit, the differences by size in ulps and the
// first differences (operand, GPU, model). VERIFY_BREAK=1 breaks the model on purpose (its last
// bit on one operand in 2^20: 4,096 differences per 2^32 form) to show that the count moves.
//   nvcc -O2 -arch=sm_90 -std=c++17 -Xcompiler -fopenmp -Isim -Itools/mufu verify.cu LIBOBJS -lm -lgomp
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "sets.h" /* mufu_mix */

// the host library (C linkage): what warpsim runs
extern "C" {
uint32_t ws_ptx_rcp_approx(uint32_t x, bool ftz);
uint32_t ws_ptx_sqrt_approx(uint32_t x, bool ftz);
uint32_t ws_ptx_rsqrt_approx(uint32_t x, bool ftz);
uint32_t ws_ptx_ex2_approx(uint32_t x, bool ftz);
uint32_t ws_ptx_lg2_approx(uint32_t x, bool ftz);
uint32_t ws_ptx_sin_approx(uint32_t x);
uint32_t ws_ptx_cos_approx(uint32_t x);
uint32_t ws_ptx_div_approx(uint32_t a, uint32_t b, bool ftz);
uint32_t ws_ptx_div_full(uint32_t a, uint32_t b, bool ftz);
uint32_t ws_mufu_tanh(uint32_t x);
uint32_t ws_half_ex2(uint32_t h, int bf16); /* sim/half.h, which is C only */
uint32_t ws_half_tanh(uint32_t h, int bf16);
}

// the same sources compiled for the GPU
namespace dev {
#define WS_MUFU_FN   __device__
#define WS_MUFU_DATA __device__
#define __builtin_ctz(x)   (__ffs((int)(x)) - 1)
#define __builtin_clzll(x) __clzll((long long)(x))
#include "mufu.c"
#include "mufu_ptx.c"
#undef __builtin_ctz
#undef __builtin_clzll
} // namespace dev

enum form {
    F_RCP_FTZ, F_RCP, F_SQRT_FTZ, F_SQRT, F_RSQ_FTZ, F_RSQ, F_EX2_FTZ, F_EX2, F_LG2_FTZ, F_LG2,
    F_SIN_FTZ, F_SIN, F_COS_FTZ, F_COS, F_TANH, F_DIV_APPROX, F_DIV_APPROX_FTZ, F_DIV_FULL, F_DIV_FULL_FTZ,
    F_EX2_F16X2, F_EX2_BF16X2, F_TANH_F16X2, F_TANH_BF16X2, F_EX2_F16, F_EX2_BF16, F_TANH_F16, F_TANH_BF16, F_COUNT
};
static const char *names[F_COUNT] = {
    "rcp.approx.ftz.f32", "rcp.approx.f32", "sqrt.approx.ftz.f32", "sqrt.approx.f32", "rsqrt.approx.ftz.f32",
    "rsqrt.approx.f32", "ex2.approx.ftz.f32", "ex2.approx.f32", "lg2.approx.ftz.f32", "lg2.approx.f32",
    "sin.approx.ftz.f32", "sin.approx.f32", "cos.approx.ftz.f32", "cos.approx.f32", "tanh.approx.f32",
    "div.approx.f32", "div.approx.ftz.f32", "div.full.f32", "div.full.ftz.f32", "ex2.approx.f16x2",
    "ex2.approx.ftz.bf16x2", "tanh.approx.f16x2", "tanh.approx.bf16x2", "ex2.approx.f16", "ex2.approx.ftz.bf16",
    "tanh.approx.f16", "tanh.approx.bf16"};

// the host table of a half form: ex2 f16, ex2 bf16, tanh f16, tanh bf16
__host__ __device__ static int half_table_of(int f)
{
    switch (f) {
    case F_EX2_F16X2:
    case F_EX2_F16: return 0;
    case F_EX2_BF16X2:
    case F_EX2_BF16: return 1;
    case F_TANH_F16X2:
    case F_TANH_F16: return 2;
    default: return 3;
    }
}

__host__ __device__ static bool is_div(int f) { return f >= F_DIV_APPROX && f <= F_DIV_FULL_FTZ; }

// the divisions' operands for sample i: half of them any bits, half with moderate exponents
__host__ __device__ static inline void div_operands(unsigned long long i, unsigned *a, unsigned *b)
{
    unsigned u = mufu_mix((unsigned)i * 2u + 1u), v = mufu_mix((unsigned)i * 2u + 0x9e3779b9u);
    if (i & 1) {
        u = (u & 0x807fffffu) | ((100u + (u >> 23) % 55u) << 23);
        v = (v & 0x807fffffu) | ((100u + (v >> 23) % 55u) << 23);
    }
    *a = u;
    *b = v;
}

#define F32(OP) asm volatile(OP " %0, %1;" : "=f"(fo) : "f"(fi))
#define B32(OP) asm volatile(OP " %0, %1;" : "=r"(ro) : "r"(ri))
#define B16(OP) asm volatile(OP " %0, %1;" : "=h"(ho) : "h"(hi))
#define DIV(OP) asm volatile(OP " %0, %1, %2;" : "=f"(fo) : "f"(fa), "f"(fb))

// the GPU's result for operand index i (for divisions: sample i)
__device__ static unsigned gpu(int f, unsigned long long i)
{
    unsigned x = (unsigned)i, ri = x, ro = 0, ua = 0, ub = 0;
    float fi = __uint_as_float(x), fo = 0;
    unsigned short hi = (unsigned short)x, ho = 0;
    if (is_div(f))
        div_operands(i, &ua, &ub);
    float fa = __uint_as_float(ua), fb = __uint_as_float(ub);
    switch (f) {
    case F_RCP_FTZ: F32("rcp.approx.ftz.f32"); break;
    case F_RCP: F32("rcp.approx.f32"); break;
    case F_SQRT_FTZ: F32("sqrt.approx.ftz.f32"); break;
    case F_SQRT: F32("sqrt.approx.f32"); break;
    case F_RSQ_FTZ: F32("rsqrt.approx.ftz.f32"); break;
    case F_RSQ: F32("rsqrt.approx.f32"); break;
    case F_EX2_FTZ: F32("ex2.approx.ftz.f32"); break;
    case F_EX2: F32("ex2.approx.f32"); break;
    case F_LG2_FTZ: F32("lg2.approx.ftz.f32"); break;
    case F_LG2: F32("lg2.approx.f32"); break;
    case F_SIN_FTZ: F32("sin.approx.ftz.f32"); break;
    case F_SIN: F32("sin.approx.f32"); break;
    case F_COS_FTZ: F32("cos.approx.ftz.f32"); break;
    case F_COS: F32("cos.approx.f32"); break;
    case F_TANH: F32("tanh.approx.f32"); break;
    case F_DIV_APPROX: DIV("div.approx.f32"); break;
    case F_DIV_APPROX_FTZ: DIV("div.approx.ftz.f32"); break;
    case F_DIV_FULL: DIV("div.full.f32"); break;
    case F_DIV_FULL_FTZ: DIV("div.full.ftz.f32"); break;
    case F_EX2_F16X2: B32("ex2.approx.f16x2"); return ro;
    case F_EX2_BF16X2: B32("ex2.approx.ftz.bf16x2"); return ro;
    case F_TANH_F16X2: B32("tanh.approx.f16x2"); return ro;
    case F_TANH_BF16X2: B32("tanh.approx.bf16x2"); return ro;
    case F_EX2_F16: B16("ex2.approx.f16"); return ho;
    case F_EX2_BF16: B16("ex2.approx.ftz.bf16"); return ho;
    case F_TANH_F16: B16("tanh.approx.f16"); return ho;
    case F_TANH_BF16: B16("tanh.approx.bf16"); return ho;
    }
    return __float_as_uint(fo);
}

// the model: the device's copy of sim/mufu*.c, or for halves the host library's table
__device__ static unsigned model_dev(int f, unsigned long long i, const unsigned *half_table)
{
    unsigned x = (unsigned)i, a = 0, b = 0;
    if (is_div(f))
        div_operands(i, &a, &b);
    switch (f) {
    case F_RCP_FTZ: return dev::ws_ptx_rcp_approx(x, true);
    case F_RCP: return dev::ws_ptx_rcp_approx(x, false);
    case F_SQRT_FTZ: return dev::ws_ptx_sqrt_approx(x, true);
    case F_SQRT: return dev::ws_ptx_sqrt_approx(x, false);
    case F_RSQ_FTZ: return dev::ws_ptx_rsqrt_approx(x, true);
    case F_RSQ: return dev::ws_ptx_rsqrt_approx(x, false);
    case F_EX2_FTZ: return dev::ws_ptx_ex2_approx(x, true);
    case F_EX2: return dev::ws_ptx_ex2_approx(x, false);
    case F_LG2_FTZ: return dev::ws_ptx_lg2_approx(x, true);
    case F_LG2: return dev::ws_ptx_lg2_approx(x, false);
    case F_SIN_FTZ:
    case F_SIN: return dev::ws_ptx_sin_approx(x);
    case F_COS_FTZ:
    case F_COS: return dev::ws_ptx_cos_approx(x);
    case F_TANH: return dev::ws_mufu_tanh(x);
    case F_DIV_APPROX: return dev::ws_ptx_div_approx(a, b, false);
    case F_DIV_APPROX_FTZ: return dev::ws_ptx_div_approx(a, b, true);
    case F_DIV_FULL: return dev::ws_ptx_div_full(a, b, false);
    case F_DIV_FULL_FTZ: return dev::ws_ptx_div_full(a, b, true);
    case F_EX2_F16X2:
    case F_EX2_BF16X2:
    case F_TANH_F16X2:
    case F_TANH_BF16X2: return half_table[x & 0xffff] | half_table[x >> 16] << 16;
    default: return half_table[x & 0xffff];
    }
}

static unsigned model_host(int f, unsigned long long i)
{
    unsigned x = (unsigned)i, a = 0, b = 0;
    if (is_div(f))
        div_operands(i, &a, &b);
    switch (f) {
    case F_RCP_FTZ: return ws_ptx_rcp_approx(x, true);
    case F_RCP: return ws_ptx_rcp_approx(x, false);
    case F_SQRT_FTZ: return ws_ptx_sqrt_approx(x, true);
    case F_SQRT: return ws_ptx_sqrt_approx(x, false);
    case F_RSQ_FTZ: return ws_ptx_rsqrt_approx(x, true);
    case F_RSQ: return ws_ptx_rsqrt_approx(x, false);
    case F_EX2_FTZ: return ws_ptx_ex2_approx(x, true);
    case F_EX2: return ws_ptx_ex2_approx(x, false);
    case F_LG2_FTZ: return ws_ptx_lg2_approx(x, true);
    case F_LG2: return ws_ptx_lg2_approx(x, false);
    case F_SIN_FTZ:
    case F_SIN: return ws_ptx_sin_approx(x);
    case F_COS_FTZ:
    case F_COS: return ws_ptx_cos_approx(x);
    case F_TANH: return ws_mufu_tanh(x);
    case F_DIV_APPROX: return ws_ptx_div_approx(a, b, false);
    case F_DIV_APPROX_FTZ: return ws_ptx_div_approx(a, b, true);
    case F_DIV_FULL: return ws_ptx_div_full(a, b, false);
    case F_DIV_FULL_FTZ: return ws_ptx_div_full(a, b, true);
    case F_EX2_F16X2: return ws_half_ex2(x & 0xffff, 0) | ws_half_ex2(x >> 16, 0) << 16;
    case F_EX2_BF16X2: return ws_half_ex2(x & 0xffff, 1) | ws_half_ex2(x >> 16, 1) << 16;
    case F_TANH_F16X2: return ws_half_tanh(x & 0xffff, 0) | ws_half_tanh(x >> 16, 0) << 16;
    case F_TANH_BF16X2: return ws_half_tanh(x & 0xffff, 1) | ws_half_tanh(x >> 16, 1) << 16;
    case F_EX2_F16: return ws_half_ex2(x & 0xffff, 0);
    case F_EX2_BF16: return ws_half_ex2(x & 0xffff, 1);
    case F_TANH_F16: return ws_half_tanh(x & 0xffff, 0);
    default: return ws_half_tanh(x & 0xffff, 1);
    }
}

// ordering keys: the distance in ulps of two results (of the low half for the half forms)
__host__ __device__ static long long key32(unsigned b)
{
    return (b & 0x80000000u) ? -(long long)(b & 0x7fffffffu) - 1 : (long long)b;
}
__host__ __device__ static long long key16(unsigned b)
{
    b &= 0xffff;
    return (b & 0x8000u) ? -(long long)(b & 0x7fffu) - 1 : (long long)b;
}
__host__ __device__ static bool nan32(unsigned b) { return (b & 0x7fffffffu) > 0x7f800000u; }

enum { HIST = 6, FIRST = 8 };
struct tally {
    unsigned long long equal, hist[HIST], nfirst;
    unsigned long long first_i[FIRST];
    unsigned first_gpu[FIRST], first_model[FIRST];
};

__global__ void compare(int f, unsigned long long base, unsigned long long n, const unsigned *half_table, int brk,
                        tally *t)
{
    unsigned long long eq = 0;
    for (unsigned long long k = blockIdx.x * (unsigned long long)blockDim.x + threadIdx.x; k < n;
         k += (unsigned long long)gridDim.x * blockDim.x) {
        unsigned long long i = base + k;
        unsigned g = gpu(f, i), m = model_dev(f, i, half_table);
        if (brk && (i & 0xfffff) == 0x12345) /* VERIFY_BREAK: a broken model, to see the count move */
            m ^= 1;
        if (g == m) {
            eq++;
            continue;
        }
        bool half = f >= F_EX2_F16X2;
        long long d = half ? llabs(key16(g) - key16(m)) : llabs(key32(g) - key32(m));
        if (half && (g >> 16) != (m >> 16))
            d = d > 16 ? d : 17; /* the high half differs: count it among the large */
        int h = !half && nan32(g) != nan32(m) ? 5 : d <= 1 ? 0 : d <= 2 ? 1 : d <= 4 ? 2 : d <= 16 ? 3 : 4;
        atomicAdd(&t->hist[h], 1ull);
        unsigned long long slot = atomicAdd(&t->nfirst, 1ull);
        if (slot < FIRST) {
            t->first_i[slot] = i;
            t->first_gpu[slot] = g;
            t->first_model[slot] = m;
        }
    }
    atomicAdd(&t->equal, eq);
}

// the device model's outputs on cross-check operand j: every exponent, the fraction hashed
__host__ __device__ static unsigned long long cross_operand(int f, unsigned j)
{
    if (f >= F_EX2_F16)
        return j;
    if (is_div(f))
        return (unsigned long long)mufu_mix(j) << 6 | (j & 63);
    return (unsigned long long)(j << 6 | (mufu_mix(j) & 63));
}
__global__ void cross(int f, unsigned n, const unsigned *half_table, unsigned *out)
{
    unsigned j = blockIdx.x * blockDim.x + threadIdx.x;
    if (j < n)
        out[j] = model_dev(f, cross_operand(f, j), half_table);
}

#define CHECK(call)                                                                              \
    do {                                                                                         \
        cudaError_t e_ = (call);                                                                 \
        if (e_ != cudaSuccess) {                                                                 \
            printf("verify: %s: %s\n", #call, cudaGetErrorString(e_));                           \
            exit(1);                                                                             \
        }                                                                                        \
    } while (0)

int main()
{
    auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    const double budget = getenv("VERIFY_SECONDS") ? atof(getenv("VERIFY_SECONDS")) : 150;
    const int brk = getenv("VERIFY_BREAK") != NULL; /* flip the model's last bit on 1 operand in 2^20 */

    // the host library's ex2 and tanh of every half, f16 and bf16
    static unsigned table[4][65536];
    for (unsigned h = 0; h < 65536; h++)
        for (int bf = 0; bf < 2; bf++) {
            table[bf][h] = ws_half_ex2(h, bf);
            table[2 + bf][h] = ws_half_tanh(h, bf);
        }
    unsigned *d_table, *d_cross;
    tally *d_t;
    const unsigned ncross = 1u << 26;
    CHECK(cudaMalloc(&d_table, sizeof table));
    CHECK(cudaMemcpy(d_table, table, sizeof table, cudaMemcpyHostToDevice));
    CHECK(cudaMalloc(&d_t, sizeof(tally)));
    CHECK(cudaMalloc(&d_cross, ncross * 4ull));
    unsigned *h_cross = (unsigned *)malloc(ncross * 4ull);

    int failed = 0;
    for (int f = 0; f < F_COUNT; f++) {
        if (elapsed() > budget) {
            printf("%-22s NOT RUN (time budget reached)\n", names[f]);
            failed++;
            continue;
        }
        double tf = elapsed();
        const unsigned *tab = d_table + 65536 * half_table_of(f);
        unsigned long long total = f >= F_EX2_F16 ? 1ull << 16 : 1ull << 32;
        tally t;
        memset(&t, 0, sizeof t);
        CHECK(cudaMemcpy(d_t, &t, sizeof t, cudaMemcpyHostToDevice));
        const unsigned long long chunk = 1ull << 30; /* short kernels */
        for (unsigned long long base = 0; base < total; base += chunk) {
            unsigned long long n = total - base < chunk ? total - base : chunk;
            compare<<<132 * 16, 256>>>(f, base, n, tab, brk, d_t);
            CHECK(cudaGetLastError());
        }
        CHECK(cudaMemcpy(&t, d_t, sizeof t, cudaMemcpyDeviceToHost));
        double tgpu = elapsed() - tf;

        // the host library against the device's copy
        unsigned nc = f >= F_EX2_F16 ? 65536 : ncross;
        cross<<<(nc + 255) / 256, 256>>>(f, nc, tab, d_cross);
        CHECK(cudaGetLastError());
        CHECK(cudaMemcpy(h_cross, d_cross, nc * 4ull, cudaMemcpyDeviceToHost));
        unsigned long long cross_diff = 0;
        long long cross_first = -1;
#pragma omp parallel for reduction(+ : cross_diff) schedule(static, 65536)
        for (long long j = 0; j < (long long)nc; j++)
            if (model_host(f, cross_operand(f, (unsigned)j)) != h_cross[j]) {
                cross_diff++;
#pragma omp critical
                if (cross_first < 0)
                    cross_first = j;
            }

        unsigned long long diff = total - t.equal;
        bool ok = diff == 0 && cross_diff == 0;
        failed += !ok;
        printf("%-22s %s %llu of %llu operands%s equal bit for bit, %llu differ (GPU %.1f s); host model = "
               "device model on %u of %u\n",
               names[f], diff ? "DIFFERS" : "EXACT", t.equal, total, is_div(f) ? " (sampled pairs)" : "", diff,
               tgpu, nc - (unsigned)cross_diff, nc);
        if (diff)
            printf("    differences by ulps: 1: %llu, 2: %llu, 3-4: %llu, 5-16: %llu, more: %llu, NaN vs number: %llu\n",
                   t.hist[0], t.hist[1], t.hist[2], t.hist[3], t.hist[4], t.hist[5]);
        for (unsigned k = 0; k < FIRST && k < t.nfirst; k++) {
            unsigned a = (unsigned)t.first_i[k], b = 0;
            if (is_div(f))
                div_operands(t.first_i[k], &a, &b);
            printf("    operand %08x", a);
            if (is_div(f))
                printf(" / %08x", b);
            printf(": GPU %08x, model %08x (host %08x)\n", t.first_gpu[k], t.first_model[k], model_host(f, t.first_i[k]));
        }
        if (cross_diff) {
            unsigned long long x = cross_operand(f, (unsigned)cross_first);
            printf("    host and device model differ first on operand index %llx: host %08x, device %08x\n", x,
                   model_host(f, x), h_cross[cross_first]);
        }
        fflush(stdout);
    }
    printf("verify: %d forms differ or did not run; %.1f s\n", failed, elapsed());
    return failed ? 1 : 0;
}
