// uni30 (issue 15): when ptxas parks shared-loaded values of one address in uniform registers (R2UR, then ULOP3 on
// the uniform datapath) and what it costs. lds28's i8_o/i8_b (16 LDS.64 of one address, 32 words, then their xor)
// have 11 R2UR and 5 ULOP3 and take h100e 133 cycles (i4_o 96); ptxas 13.0 parks none at 24 words or fewer hoisted,
// 9-19 words from 25 to 63 words, none at 64 or more (docs/calibration.md "(uni30)"). This is lds28's probe (its
// kinds, the H200's figures of them) with NW 32 for the table and kinds nW_N_M: N independent loads of W bytes at
// [base + 512 i] (one address: M o one lane, b warp 0 whole), then the xor of every word in load order (lds28's
// iW_M with N loads); t1 - t0 of warp 0. Host: probe_uni30 KIND BLOCKS LAUNCHES | list ("block launch warp t0 t1").
#include "../../tests/calibration/probes/probe_host.h" // CLK, clock_after, CK, the kind lookup
#include <cub/cub.cuh>

#define NW   16  // the loads of a chain or an independent run (lds28's kinds)
#define NMAX 32  // the most loads of an nW_N run
#define BLK  512 // bytes between two loads' addresses
__shared__ __align__(16) unsigned s[(NMAX + 1) * BLK / 4];
__shared__ __align__(16) float ts[16];

// The table: for W bytes a lane (lane stride L: 0 broadcast or one lane, W a lane), the first word of each lane's
// slot in block i holds the address of its slot in block i + 1; the other words their index.
template <int W, int L> __device__ void fill(unsigned base)
{
    for (unsigned i = threadIdx.x; i < (NMAX + 1) * BLK / 4; i += blockDim.x) {
        unsigned off = i * 4 % BLK, blk = i * 4 / BLK;
        bool first = L ? off % W == 0 && off / W < 32 : off == 0;
        s[i] = first ? base + (blk + 1) * BLK + off : i;
    }
}
template <int W> __device__ __forceinline__ unsigned ld_chain(unsigned &a)
{
    unsigned y = 0, z = 0, w = 0;
    if (W == 4)
        asm volatile("ld.shared.u32 %0, [%0];" : "+r"(a)::"memory");
    else if (W == 8)
        asm volatile("ld.shared.v2.u32 {%0, %1}, [%0];" : "+r"(a), "=r"(y)::"memory");
    else
        asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%0];" : "+r"(a), "=r"(y), "=r"(z), "=r"(w)::"memory");
    return y ^ z ^ w;
}
template <int W, int I> __device__ __forceinline__ unsigned ld_at(unsigned a)
{
    unsigned x, y = 0, z = 0, w = 0;
    if (W == 4)
        asm volatile("ld.shared.u32 %0, [%1+%2];" : "=r"(x) : "r"(a), "n"(I * BLK) : "memory");
    else if (W == 8)
        asm volatile("ld.shared.v2.u32 {%0, %1}, [%2+%3];" : "=r"(x), "=r"(y) : "r"(a), "n"(I * BLK) : "memory");
    else
        asm volatile("ld.shared.v4.u32 {%0, %1, %2, %3}, [%4+%5];"
                     : "=r"(x), "=r"(y), "=r"(z), "=r"(w)
                     : "r"(a), "n"(I * BLK)
                     : "memory");
    return x ^ y ^ z ^ w;
}
__device__ __forceinline__ void put(unsigned long long *o, unsigned long long t0, unsigned long long t1)
{
    if ((threadIdx.x & 31) == 0) {
        o[threadIdx.x / 32 * 2] = t0;
        o[threadIdx.x / 32 * 2 + 1] = t1;
    }
}
// M: 0 one lane, 1 warp 0 at one address, 2 warp 0 at W bytes a lane. CHAIN: the chain, else independent loads.
template <int W, int M, bool CHAIN> __device__ void loads(unsigned long long *o, unsigned *sink)
{
    unsigned base = (unsigned)__cvta_generic_to_shared(s);
    fill<W, M == 2>(base);
    __syncthreads();
    unsigned long long t0 = 0, t1 = 0;
    unsigned a = base + (M == 2 ? (threadIdx.x & 31) * W : 0), x = 0;
    if (M == 0 ? threadIdx.x == 0 : threadIdx.x < 32) {
        asm volatile("" : "+r"(a)); // the address is known before t0
        CLK(t0);
        if (CHAIN) {
#pragma unroll
            for (int i = 0; i < NW; i++)
                x ^= ld_chain<W>(a);
            x ^= a;
        } else {
            x = ld_at<W, 0>(a) ^ ld_at<W, 1>(a) ^ ld_at<W, 2>(a) ^ ld_at<W, 3>(a) ^ ld_at<W, 4>(a) ^ ld_at<W, 5>(a) ^
                ld_at<W, 6>(a) ^ ld_at<W, 7>(a) ^ ld_at<W, 8>(a) ^ ld_at<W, 9>(a) ^ ld_at<W, 10>(a) ^ ld_at<W, 11>(a) ^
                ld_at<W, 12>(a) ^ ld_at<W, 13>(a) ^ ld_at<W, 14>(a) ^ ld_at<W, 15>(a);
        }
        t1 = clock_after(x);
    }
    put(o, t0, t1);
    sink[threadIdx.x] = x;
}
// N independent loads of W bytes at one address (M 0: thread 0, 1: warp 0), the xor of every word in load order
template <int W, int I, int N> struct run {
    static __device__ __forceinline__ unsigned go(unsigned a, unsigned x)
    {
        return run<W, I + 1, N>::go(a, x ^ ld_at<W, I>(a));
    }
};
template <int W, int N> struct run<W, N, N> {
    static __device__ __forceinline__ unsigned go(unsigned, unsigned x) { return x; }
};
template <int W, int M, int N> __device__ void nloads(unsigned long long *o, unsigned *sink)
{
    unsigned base = (unsigned)__cvta_generic_to_shared(s);
    fill<W, 0>(base);
    __syncthreads();
    unsigned long long t0 = 0, t1 = 0;
    unsigned a = base, x = 0;
    if (M == 0 ? threadIdx.x == 0 : threadIdx.x < 32) {
        asm volatile("" : "+r"(a));
        CLK(t0);
        x = run<W, 1, N>::go(a, ld_at<W, 0>(a));
        t1 = clock_after(x);
    }
    put(o, t0, t1);
    sink[threadIdx.x] = x;
}
// BlockReduce's last step. VEC: ptxas's LDS, LDS.128, LDS.64; else seven volatile LDS. ALL: warp 0 whole, else
// thread 0. POST: t0 after the barrier (warp 0 alone measures), else before the store (every warp).
template <bool VEC, bool ALL, bool POST> __device__ void br(unsigned long long *o, unsigned *sink)
{
    unsigned base = (unsigned)__cvta_generic_to_shared(ts), w = threadIdx.x / 32;
    float v = (float)((int)((threadIdx.x * 7 + 3) % 17) - 8) * 0.5f, r = v;
    asm volatile("" : "+f"(v));
    unsigned long long t0 = 0, t1 = 0;
    if (!POST)
        CLK(t0);
    if ((threadIdx.x & 31) == 0)
        asm volatile("st.shared.f32 [%0+8], %1;" ::"r"(base + 4 * w), "f"(v) : "memory");
    __syncthreads();
    if (ALL ? threadIdx.x < 32 : threadIdx.x == 0) {
        if (POST)
            CLK(t0);
        float a, b0, b1, b2, b3, c0, c1;
        if (VEC) {
            asm volatile("ld.shared.f32 %0, [%1+12];" : "=f"(a) : "r"(base) : "memory");
            asm volatile("ld.shared.v4.f32 {%0, %1, %2, %3}, [%4+16];"
                         : "=f"(b0), "=f"(b1), "=f"(b2), "=f"(b3)
                         : "r"(base)
                         : "memory");
            asm volatile("ld.shared.v2.f32 {%0, %1}, [%2+32];" : "=f"(c0), "=f"(c1) : "r"(base) : "memory");
        } else {
            asm volatile("ld.volatile.shared.f32 %0, [%1+12];" : "=f"(a) : "r"(base) : "memory");
            asm volatile("ld.volatile.shared.f32 %0, [%1+16];" : "=f"(b0) : "r"(base) : "memory");
            asm volatile("ld.volatile.shared.f32 %0, [%1+20];" : "=f"(b1) : "r"(base) : "memory");
            asm volatile("ld.volatile.shared.f32 %0, [%1+24];" : "=f"(b2) : "r"(base) : "memory");
            asm volatile("ld.volatile.shared.f32 %0, [%1+28];" : "=f"(b3) : "r"(base) : "memory");
            asm volatile("ld.volatile.shared.f32 %0, [%1+32];" : "=f"(c0) : "r"(base) : "memory");
            asm volatile("ld.volatile.shared.f32 %0, [%1+36];" : "=f"(c1) : "r"(base) : "memory");
        }
        r = v + a;
        r = r + b0;
        r = r + b1;
        r = r + b2;
        r = r + b3;
        r = r + c0;
        r = r + c1;
    }
    // the store waits for the sum, so t1 is read after it (as the timed region's st.volatile.shared)
    asm volatile("st.volatile.shared.f32 [%0+8], %1;" ::"r"(base + 4 * w), "f"(r) : "memory");
    if (!POST || (ALL ? threadIdx.x < 32 : threadIdx.x == 0))
        CLK(t1);
    put(o, t0, t1);
    sink[threadIdx.x] = __float_as_uint(r);
}

// The timed regions of tests/calibration/kernels/time_cub_block_reduce_warp_sum_{float_b256,int_b128}.cu, their
// text but for the output: thread 0's t0 and t1.
template <class T, int B> __device__ void cub_br(unsigned long long *o, unsigned *sink)
{
    using BR = cub::BlockReduce<T, B, cub::BLOCK_REDUCE_WARP_REDUCTIONS>;
    __shared__ typename BR::TempStorage tsc;
    __shared__ T keep[B];
    unsigned tid = threadIdx.x, at = (unsigned)__cvta_generic_to_shared(&keep[tid]);
    T x = (T)((int)((tid * 7 + 3) % 17) - 8) * (T)(sizeof(T) == 4 && (T)0.5 != 0 ? 0.5 : 1);
    unsigned long long t0, t1;
    if (sizeof(T) == 4 && (T)0.5 != 0) { // float: as time_cub_block_reduce_warp_sum_float_b256
        float f = (float)x;
        asm volatile("" : "+f"(f));
        CLK(t0);
        float r = BR(tsc).Sum((T)f);
        asm volatile("st.volatile.shared.f32 [%0], %1;" ::"r"(at), "f"(r) : "memory");
        CLK(t1);
        sink[tid] = __float_as_uint(r);
    } else { // int: as _int_b128
        int i = (int)x;
        asm volatile("" : "+r"(i));
        CLK(t0);
        int r = BR(tsc).Sum((T)i);
        asm volatile("st.volatile.shared.b32 [%0], %1;" ::"r"(at), "r"(r) : "memory");
        CLK(t1);
        sink[tid] = (unsigned)r;
    }
    if (tid == 0) {
        o[0] = t0;
        o[1] = t1;
    }
}

#define LOADS(F)                                                                                                        \
    F(c4_o, (loads<4, 0, true>))                                                                                        \
    F(c8_o, (loads<8, 0, true>)) F(c16_o, (loads<16, 0, true>)) F(c4_b, (loads<4, 1, true>))                            \
        F(c8_b, (loads<8, 1, true>)) F(c16_b, (loads<16, 1, true>)) F(c4_l, (loads<4, 2, true>))                        \
            F(c8_l, (loads<8, 2, true>)) F(c16_l, (loads<16, 2, true>)) F(i4_o, (loads<4, 0, false>))                   \
                F(i8_o, (loads<8, 0, false>)) F(i16_o, (loads<16, 0, false>)) F(i4_b, (loads<4, 1, false>)) F(          \
                    i8_b, (loads<8, 1, false>)) F(i16_b, (loads<16, 1, false>)) F(i4_l, (loads<4, 2, false>))           \
                    F(i8_l, (loads<8, 2, false>)) F(i16_l, (loads<16, 2, false>)) F(brv_o, (br<true, false, false>)) F( \
                        brs_o, (br<false, false, false>)) F(brv_b,                                                      \
                                                            (br<true, true, false>)) F(brs_b, (br<false, true, false>)) \
                        F(brvp_o, (br<true, false, true>)) F(brsp_o, (br<false, false, true>))                          \
                            F(brvp_b, (br<true, true, true>)) F(brsp_b, (br<false, true, true>))                        \
                                F(cub_f256, (cub_br<float, 256>)) F(cub_i128, (cub_br<int, 128>))                       \
                                    F(n4_24_o, (nloads<4, 0, 24>)) F(n4_24_b, (nloads<4, 1, 24>))                       \
                                        F(n4_32_o, (nloads<4, 0, 32>)) F(n4_32_b, (nloads<4, 1, 32>))                   \
                                            F(n8_8_o, (nloads<8, 0, 8>)) F(n8_8_b, (nloads<8, 1, 8>))                   \
                                                F(n8_12_o, (nloads<8, 0, 12>)) F(n8_12_b, (nloads<8, 1, 12>))           \
                                                    F(n8_13_o, (nloads<8, 0, 13>)) F(n8_13_b, (nloads<8, 1, 13>)) F(    \
                                                        n8_16_o, (nloads<8, 0, 16>)) F(n8_16_b, (nloads<8, 1, 16>))     \
                                                        F(n8_24_o, (nloads<8, 0, 24>)) F(n8_24_b, (nloads<8, 1, 24>))   \
                                                            F(n8_32_o,                                                  \
                                                              (nloads<8, 0, 32>)) F(n8_32_b, (nloads<8, 1, 32>))        \
                                                                F(n16_6_o,                                              \
                                                                  (nloads<16, 0, 6>)) F(n16_6_b, (nloads<16, 1, 6>))    \
                                                                    F(n16_8_o, (nloads<16, 0, 8>))                      \
                                                                        F(n16_8_b, (nloads<16, 1, 8>))                  \
                                                                            F(n16_12_o, (nloads<16, 0, 12>))            \
                                                                                F(n16_12_b, (nloads<16, 1, 12>))        \
                                                                                    F(n16_16_o, (nloads<16, 0, 16>))    \
                                                                                        F(n16_16_b, (nloads<16, 1, 16>))
#define KERNEL(N, T)                                                                                                   \
    extern "C" __global__ void uni30_##N(unsigned long long *o, unsigned *sink) { T(o, sink); }
LOADS(KERNEL)
#define NAME(N, T) #N,
#define FN(N, T)   (void *)uni30_##N,
static const char *names[] = {LOADS(NAME)};
static void *fns[] = {LOADS(FN)};

int main(int argc, char **argv)
{
    if (probe_list(argc, argv, names))
        return 0;
    if (argc != 4) {
        fprintf(stderr, "usage: %s KIND BLOCKS LAUNCHES | list\n", argv[0]);
        return 2;
    }
    void *fn = fns[probe_kind(names, argv[1])];
    int launches = atoi(argv[3]);
    unsigned long long *o, h[64];
    unsigned *sink;
    CK(cudaMalloc(&o, sizeof h));
    CK(cudaMalloc(&sink, 1024 * 4));
    for (char *p = argv[2]; *p;) {
        int block = (int)strtol(p, &p, 10), nw = block / 32;
        if (*p == ',')
            p++;
        for (int l = 0; l < launches; l++) {
            void *args[2] = {&o, &sink};
            probe_launch(fn, 1, block, args, 0, o, h, sizeof h);
            unsigned long long base = ~0ull;
            for (int w = 0; w < nw; w++)
                if (h[2 * w] && h[2 * w] < base)
                    base = h[2 * w];
            for (int w = 0; w < nw; w++)
                if (h[2 * w])
                    printf("%d %d %d %lld %lld\n", block, l, w, (long long)(h[2 * w] - base),
                           (long long)(h[2 * w + 1] - base));
        }
    }
    return 0;
}
