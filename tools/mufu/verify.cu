// verify: warpsim's special-function model (sim/mufu.c, mufu_ptx.c, exec_half.c's ws_half_ex2)
// against the GPU over every operand: all 2^32 for the .f32 forms and the pairs of halves, all
// 2^16 for one half, and 2^30 sampled operand pairs for the divisions. The GPU computes a chunk,
// the CPU's threads compare it with the model. Prints per form: operands compared, equal bit for
// bit, the differences by size in ulps, the first differences. VERIFY_SECONDS (default 400)
// bounds the run: forms not reached are reported as such.
//   nvcc -O2 -arch=sm_90 -Xcompiler -fopenmp -Isim -Itools/mufu verify.cu (the library's objects) -lm -lgomp
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include "sets.h" /* mufu_mix */

extern "C" {
#include "mufu.h"
uint32_t ws_half_ex2(uint32_t h, int bf16); /* sim/half.h, which is C only */
}

enum form {
    F_RCP_FTZ, F_RCP, F_SQRT_FTZ, F_SQRT, F_RSQ_FTZ, F_RSQ, F_EX2_FTZ, F_EX2, F_LG2_FTZ, F_LG2,
    F_SIN_FTZ, F_SIN, F_COS_FTZ, F_COS, F_EX2_F16X2, F_EX2_BF16X2, F_EX2_F16, F_EX2_BF16,
    F_DIV_APPROX, F_DIV_APPROX_FTZ, F_DIV_FULL, F_DIV_FULL_FTZ, F_COUNT
};
static const char *names[F_COUNT] = {
    "rcp.approx.ftz.f32", "rcp.approx.f32", "sqrt.approx.ftz.f32", "sqrt.approx.f32", "rsqrt.approx.ftz.f32",
    "rsqrt.approx.f32", "ex2.approx.ftz.f32", "ex2.approx.f32", "lg2.approx.ftz.f32", "lg2.approx.f32",
    "sin.approx.ftz.f32", "sin.approx.f32", "cos.approx.ftz.f32", "cos.approx.f32", "ex2.approx.f16x2",
    "ex2.approx.ftz.bf16x2", "ex2.approx.f16", "ex2.approx.ftz.bf16", "div.approx.f32", "div.approx.ftz.f32",
    "div.full.f32", "div.full.ftz.f32"};

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

__global__ void run(int f, unsigned long long base, unsigned n, unsigned *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    unsigned x = (unsigned)(base + i), ri = x, ro = 0, ua, ub;
    float fi = __uint_as_float(x), fo = 0;
    unsigned short hi = (unsigned short)x, ho = 0;
    div_operands(base + i, &ua, &ub);
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
    case F_EX2_F16X2: B32("ex2.approx.f16x2"); break;
    case F_EX2_BF16X2: B32("ex2.approx.ftz.bf16x2"); break;
    case F_EX2_F16: B16("ex2.approx.f16"); break;
    case F_EX2_BF16: B16("ex2.approx.ftz.bf16"); break;
    case F_DIV_APPROX: DIV("div.approx.f32"); break;
    case F_DIV_APPROX_FTZ: DIV("div.approx.ftz.f32"); break;
    case F_DIV_FULL: DIV("div.full.f32"); break;
    case F_DIV_FULL_FTZ: DIV("div.full.ftz.f32"); break;
    }
    out[i] = f >= F_DIV_APPROX ? __float_as_uint(fo) : f >= F_EX2_F16 ? ho : f >= F_EX2_F16X2 ? ro : __float_as_uint(fo);
}

static unsigned model(int f, unsigned long long i)
{
    unsigned x = (unsigned)i, a, b;
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
    case F_EX2_F16X2: return ws_half_ex2(x & 0xffff, 0) | ws_half_ex2(x >> 16, 0) << 16;
    case F_EX2_BF16X2: return ws_half_ex2(x & 0xffff, 1) | ws_half_ex2(x >> 16, 1) << 16;
    case F_EX2_F16: return ws_half_ex2(x & 0xffff, 0);
    case F_EX2_BF16: return ws_half_ex2(x & 0xffff, 1);
    default: div_operands(i, &a, &b);
    }
    switch (f) {
    case F_DIV_APPROX: return ws_ptx_div_approx(a, b, false);
    case F_DIV_APPROX_FTZ: return ws_ptx_div_approx(a, b, true);
    case F_DIV_FULL: return ws_ptx_div_full(a, b, false);
    default: return ws_ptx_div_full(a, b, true);
    }
}

// distance in ulps between two f32 (or the low halves' keys for the half forms)
static long long key(unsigned b) { return (b & 0x80000000u) ? -(long long)(b & 0x7fffffffu) - 1 : (long long)b; }

int main()
{
    const double budget = getenv("VERIFY_SECONDS") ? atof(getenv("VERIFY_SECONDS")) : 400;
    auto t0 = std::chrono::steady_clock::now();
    auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count(); };
    const unsigned chunk = 1u << 28;
    unsigned *d, *h;
    if (cudaMalloc(&d, chunk * 4ull) != cudaSuccess || cudaMallocHost(&h, chunk * 4ull) != cudaSuccess) {
        printf("verify: no memory\n");
        return 1;
    }
    int order[] = {F_EX2_FTZ, F_RSQ_FTZ, F_EX2, F_RSQ, F_RCP_FTZ, F_RCP, F_LG2_FTZ, F_LG2, F_SQRT_FTZ, F_SQRT, F_SIN,
                   F_COS, F_EX2_F16, F_EX2_BF16, F_DIV_APPROX, F_DIV_APPROX_FTZ, F_DIV_FULL, F_DIV_FULL_FTZ,
                   F_EX2_BF16X2, F_EX2_F16X2, F_SIN_FTZ, F_COS_FTZ};
    int failed = 0;
    for (int f : order) {
        unsigned long long total = f == F_EX2_F16 || f == F_EX2_BF16 ? 1ull << 16 : f >= F_DIV_APPROX ? 1ull << 30 : 1ull << 32;
        unsigned long long done = 0, equal = 0, hist[6] = {0};
        std::vector<std::pair<unsigned long long, unsigned>> first; // operand index, GPU bits
        double tf = elapsed();
        for (unsigned long long base = 0; base < total && elapsed() < budget; base += chunk) {
            unsigned n = (unsigned)(total - base < chunk ? total - base : chunk);
            run<<<(n + 255) / 256, 256>>>(f, base, n, d);
            if (cudaMemcpy(h, d, n * 4ull, cudaMemcpyDeviceToHost) != cudaSuccess) {
                printf("verify: %s: %s\n", names[f], cudaGetErrorString(cudaGetLastError()));
                return 1;
            }
            unsigned long long eq = 0, hh[6] = {0};
#pragma omp parallel for reduction(+ : eq, hh[:6]) schedule(static, 65536)
            for (long long i = 0; i < (long long)n; i++) {
                unsigned m = model(f, base + i), g = h[i];
                if (m == g) {
                    eq++;
                    continue;
                }
                long long dist = llabs(key(m) - key(g));
                bool nan = ((m & 0x7fffffffu) > 0x7f800000u) != ((g & 0x7fffffffu) > 0x7f800000u);
                hh[nan ? 5 : dist <= 1 ? 0 : dist <= 2 ? 1 : dist <= 4 ? 2 : dist <= 16 ? 3 : 4]++;
#pragma omp critical
                if (first.size() < 8)
                    first.push_back({base + i, g});
            }
            equal += eq;
            for (int k = 0; k < 6; k++)
                hist[k] += hh[k];
            done += n;
        }
        bool complete = done == total;
        printf("%-22s %s %llu of %llu operands compared, %llu equal bit for bit%s (%.1f s)\n", names[f],
               done == equal && complete ? "EXACT" : done == equal ? "PARTIAL" : "DIFFERS", done, total, equal,
               complete ? "" : " (time budget reached)", elapsed() - tf);
        if (done != equal) {
            failed++;
            printf("    differences by ulps: 1: %llu, 2: %llu, 3-4: %llu, 5-16: %llu, more: %llu, NaN vs number: %llu\n",
                   hist[0], hist[1], hist[2], hist[3], hist[4], hist[5]);
            for (auto &p : first) {
                unsigned a = (unsigned)p.first, b = 0;
                if (f >= F_DIV_APPROX)
                    div_operands(p.first, &a, &b);
                printf("    operand %08x %08x: GPU %08x, model %08x\n", a, b, p.second, model(f, p.first));
            }
        }
        fflush(stdout);
    }
    printf("verify: %d forms differ; %.1f s\n", failed, elapsed());
    return failed ? 1 : 0;
}
