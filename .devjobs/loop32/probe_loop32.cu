// probe_loop32: the one-warp loop iteration floor (fetch31: k8n, IADD3 + 8 FFMA + ISETP + BRA, 27.1 cycles an
// iteration on the H100 where ptxas's stall counts give 22; warpsim 14.1). What sets it: the BRA's wait after the
// ISETP that writes its predicate (ptxas: 13 cycles) and a taken branch's cost past the BRA (~5 beyond its stall
// count). docs/calibration.md "(loop32)"; the kinds: .devjobs/loop32/README.
// Loop kinds (template lp<K, L, M, N>): 512 counts of a loop of K FFMAs (on min(K, 8) chains: fmaf(v, a, b), fwin19's)
// and the counter's IADD3, ISETP, BRA:
//   fK (K 0 .. 32): the body's length; f0's body is one IADD3 of an asm add (no FFMA), so the loop stays;
//   lK: the counter adds the sign bit of the last FFMA chain's value (0 at run time): the ISETP waits for that FFMA
//       (L 1: ptxas cannot issue the ISETP early);
//   mK: two halves of K/2 FFMAs, each followed by a count and an exit test (M 1; the bound from the argument, N 1,
//       so that ptxas cannot drop the first test by the parity): one not-taken BRA an iteration
//       beside the taken one (256 iterations of 2 counts);
//   nK: the bound is the kernel's argument b + 507 (512), not an immediate (N 1);
// Load kinds: sK: a chain of shared loads (smem[i] = i + 1 mod 512, the loop runs until the loaded index is 0: 512
//   LDS an iteration each, the BRA's predicate from an ISETP of the load's value) with K FFMAs beside.
// Per warp: t0, the region, t1; lane 0 writes t0, t1, %warpid, %smid (probe_host.h).
// Host: probe_loop32 KIND GRID BLOCKS LAUNCHES | list (probe_streams.h's streams_main; GRID 1: one block on one SM).
#include "../probe_streams.h"

#define NC 512

template <int K, int L, int M, int N>
__device__ __forceinline__ void lp(unsigned long long *o, unsigned *sink, unsigned ka, unsigned kb)
{
    float a = __uint_as_float(0x3f800344u + ka), b = __uint_as_float(0x3efffffbu + kb);
    float v[8];
#pragma unroll
    for (int i = 0; i < 8; i++)
        v[i] = threadIdx.x * a + i;
    unsigned x = ka ^ threadIdx.x, n = N ? kb + 507 : NC;
    unsigned long long t0;
    __syncthreads();
    asm volatile("mov.u64 %0, %%clock64;"
                 : "=l"(t0), "+f"(v[0]), "+f"(v[1]), "+f"(v[2]), "+f"(v[3]), "+f"(v[4]), "+f"(v[5]), "+f"(v[6]),
                   "+f"(v[7])
                 :
                 : "memory");
    unsigned r = 0;
#pragma unroll 1
    for (;;) {
        if (K == 0)
            asm volatile("add.u32 %0, %0, %1;" : "+r"(x) : "r"(r));
#pragma unroll
        for (int i = 0; i < (M ? K / 2 : K); i++)
            v[i % 8] = fmaf(v[i % 8], a, b);
        if (M) {
            if (++r == n)
                break;
#pragma unroll
            for (int i = K / 2; i < K; i++)
                v[i % 8] = fmaf(v[i % 8], a, b);
        }
        r += 1 + (L ? __float_as_uint(v[(K - 1) % 8]) >> 31 : 0);
        if (r == n)
            break;
    }
    float s = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
    finish(o, sink, t0, __float_as_uint(s) ^ x ^ r);
}

// the shared-load chain: smem[i] = (i + 1) % NC, K FFMAs an iteration beside the load
template <int K>
__device__ __forceinline__ void sp(unsigned long long *o, unsigned *sink, unsigned ka, unsigned kb)
{
    __shared__ unsigned smem[NC];
    float a = __uint_as_float(0x3f800344u + ka), b = __uint_as_float(0x3efffffbu + kb);
    float v[8];
#pragma unroll
    for (int i = 0; i < 8; i++)
        v[i] = threadIdx.x * a + i;
    for (unsigned i = threadIdx.x; i < NC; i += blockDim.x)
        smem[i] = (i + 1) % NC;
    unsigned long long t0;
    __syncthreads();
    asm volatile("mov.u64 %0, %%clock64;"
                 : "=l"(t0), "+f"(v[0]), "+f"(v[1]), "+f"(v[2]), "+f"(v[3]), "+f"(v[4]), "+f"(v[5]), "+f"(v[6]),
                   "+f"(v[7])
                 :
                 : "memory");
    unsigned r = ka - 3, c = 0; // 0
#pragma unroll 1
    do {
        r = *(volatile unsigned *)&smem[r];
#pragma unroll
        for (int i = 0; i < K; i++)
            v[i % 8] = fmaf(v[i % 8], a, b);
        c++;
    } while (r != 0);
    float s = v[0] + v[1] + v[2] + v[3] + v[4] + v[5] + v[6] + v[7];
    finish(o, sink, t0, __float_as_uint(s) ^ c);
}

// name, K, L, M, N
#define LP(F)                                                                                                          \
    F(f0, 0, 0, 0, 0)                                                                                                  \
    F(f2, 2, 0, 0, 0)                                                                                                  \
    F(f4, 4, 0, 0, 0)                                                                                                  \
    F(f6, 6, 0, 0, 0)                                                                                                  \
    F(f8, 8, 0, 0, 0)                                                                                                  \
    F(f10, 10, 0, 0, 0)                                                                                                \
    F(f12, 12, 0, 0, 0)                                                                                                \
    F(f14, 14, 0, 0, 0)                                                                                                \
    F(f16, 16, 0, 0, 0)                                                                                                \
    F(f20, 20, 0, 0, 0)                                                                                                \
    F(f24, 24, 0, 0, 0)                                                                                                \
    F(f32, 32, 0, 0, 0)                                                                                                \
    F(l8, 8, 1, 0, 0)                                                                                                  \
    F(l16, 16, 1, 0, 0)                                                                                                \
    F(m16, 16, 0, 1, 1)                                                                                                \
    F(m32, 32, 0, 1, 1)                                                                                                \
    F(n8, 8, 0, 0, 1)
#define SP(F) F(s0, 0) F(s8, 8)

#define LPK(NAME, K, L, M, N)                                                                                          \
    extern "C" __global__ void loop32_##NAME(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned,  \
                                             unsigned)                                                                 \
    {                                                                                                                  \
        lp<K, L, M, N>(o, sink, a, b);                                                                                 \
    }
#define SPK(NAME, K)                                                                                                   \
    extern "C" __global__ void loop32_##NAME(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned,  \
                                             unsigned)                                                                 \
    {                                                                                                                  \
        sp<K>(o, sink, a, b);                                                                                          \
    }
LP(LPK)
SP(SPK)
#define LPN(N, ...) #N,
#define LPF(N, ...) (void *)loop32_##N,
static const char *names[] = {LP(LPN) SP(LPN)};
static void *fns[] = {LP(LPF) SP(LPF)};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
