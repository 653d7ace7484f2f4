// Issue 15, bench_mio_w8[12] (branch mio17): three probes for the H200, run by run.sh, with their own host
// program (many launches in one process, one block per SM so that each launch gives every SM's sample).
// probe_start:   each warp's first clock read (the kernel's first instruction), %warpid, %smid, and the clock
//                right after the first bar.sync: the warps' start stagger at 4, 8, 16, 32 warps.
// probe_queue<N>: 8 warps; the warps in `mask` issue N independent ld.shared (stride 1 or 32 words) after a
//                common barrier, a clock read after each load's issue (no dependence) and then one after each
//                load's value (a predicate from it): each load's issue and completion, to see how deep one
//                sub-partition's MIO queue is and in which order it serves two warps' loads.
// probe_region0<F>: bench_mio_w8's region 0 (64 ld.shared of stride 1, 8 chains) with each warp's start, arrival
//                at the barrier, t0 and t1; F bit 0: the initialising loop of st.shared before it (as in the
//                bench), bit 1: the global load of sink before it (as in the bench).
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

__device__ __forceinline__ unsigned long long clk() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}
// A clock read that waits for v (a predicate from v, always true), as in mio15's probes.
__device__ __forceinline__ unsigned long long clk_after(unsigned v) {
    unsigned long long t = 0;
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, -1;\n\t@p mov.u64 %0, %%clock64;\n\t}" : "+l"(t) : "r"(v) : "memory");
    return t;
}
__device__ __forceinline__ unsigned warpid() { unsigned r; asm volatile("mov.u32 %0, %%warpid;" : "=r"(r)); return r; }
__device__ __forceinline__ unsigned smid() { unsigned r; asm volatile("mov.u32 %0, %%smid;" : "=r"(r)); return r; }

__shared__ unsigned tab[1024];

// o per warp: s (first clock), b (after the first bar.sync), warpid, smid.
extern "C" __global__ void probe_start(unsigned long long *o) {
    unsigned long long s = clk();
    unsigned w = threadIdx.x >> 5, nw = blockDim.x >> 5;
    __syncthreads();
    unsigned long long b = clk();
    if ((threadIdx.x & 31) == 0) {
        unsigned long long *p = o + (blockIdx.x * nw + w) * 4;
        p[0] = s; p[1] = b; p[2] = warpid(); p[3] = smid();
    }
}

// o per warp: s, a (arrival), t0 (after the barrier), is[0..N-1] (after each load's issue), c[0..N-1]
// (after each load's value), warpid, smid: 4 + 2N + 1 words (a warp outside the mask writes only s, a, t0, ids).
template <int N>
__device__ void queue(unsigned long long *o, unsigned *sink, unsigned stride, unsigned mask) {
    unsigned long long s = clk();
    unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31, nw = blockDim.x >> 5, acc = 0;
    for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x) tab[i] = i;
    unsigned a = (unsigned)__cvta_generic_to_shared(tab) + 4u * ((lane * stride) % 1024u);
    unsigned long long is[N], c[N], t0, ar;
    unsigned v[N], act = (mask >> w) & 1;
    // Keep the address and the mask's test before the barrier (ptxas would sink them after it).
    asm volatile("mov.u32 %0, %0;" : "+r"(a));
    asm volatile("mov.u32 %0, %0;" : "+r"(act));
    ar = clk();
    __syncthreads();
    t0 = clk();
    if (act) {
#pragma unroll
        for (int k = 0; k < N; k++) {
            asm volatile("ld.volatile.shared.u32 %0, [%1];" : "=r"(v[k]) : "r"(a) : "memory");
            is[k] = clk();
        }
#pragma unroll
        for (int k = 0; k < N; k++) {
            c[k] = clk_after(v[k]);
            acc ^= v[k];
        }
    } else {
#pragma unroll
        for (int k = 0; k < N; k++) is[k] = c[k] = 0;
    }
    if (lane == 0) {
        unsigned long long *p = o + (blockIdx.x * nw + w) * (2 * N + 5);
        p[0] = s; p[1] = ar; p[2] = t0;
        for (int k = 0; k < N; k++) { p[3 + k] = is[k]; p[3 + N + k] = c[k]; }
        p[3 + 2 * N] = warpid(); p[4 + 2 * N] = smid();
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
#define QK(N) extern "C" __global__ void probe_queue_##N(unsigned long long *o, unsigned *sink, unsigned stride, unsigned mask) { queue<N>(o, sink, stride, mask); }
QK(1) QK(2) QK(4) QK(8) QK(16) QK(32)

#define LD8 "ld.volatile.shared.u32 %0, [%16];\n\txor.b32 %8, %8, %0;\n\tld.volatile.shared.u32 %1, [%16];\n\txor.b32 %9, %9, %1;\n\tld.volatile.shared.u32 %2, [%16];\n\txor.b32 %10, %10, %2;\n\tld.volatile.shared.u32 %3, [%16];\n\txor.b32 %11, %11, %3;\n\tld.volatile.shared.u32 %4, [%16];\n\txor.b32 %12, %12, %4;\n\tld.volatile.shared.u32 %5, [%16];\n\txor.b32 %13, %13, %5;\n\tld.volatile.shared.u32 %6, [%16];\n\txor.b32 %14, %14, %6;\n\tld.volatile.shared.u32 %7, [%16];\n\txor.b32 %15, %15, %7;\n\t"
// o per warp: s, a (arrival), t0, t1, warpid, smid.
template <int F>
__device__ void region0(unsigned long long *o, unsigned *sink) {
    unsigned long long s = clk();
    unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31, nw = blockDim.x >> 5;
    unsigned base = (unsigned)__cvta_generic_to_shared(tab);
    if (F & 1)
        for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x) tab[i] = i;
    // The bench loads sink here and uses it only in region 3: its value is masked after t1 (a volatile asm,
    // which ptxas keeps after the clock) so that no warp waits for the global load before the barrier.
    unsigned raw = (F & 2) ? sink[blockIdx.x * blockDim.x + threadIdx.x] : 0u, zero, acc = 0, tid = threadIdx.x;
    unsigned r0, r1, r2, r3, r4, r5, r6, r7;
    unsigned s0 = 0, s1 = 0, s2 = 0, s3 = 0, s4 = 0, s5 = 0, s6 = 0, s7 = 0;
    unsigned long long ar = clk();
    __syncthreads();
    // As in the bench's SASS, the lane's address is made after the barrier, before t0.
    asm volatile("mov.u32 %0, %0;" : "+r"(tid));
    unsigned a = base + 4u * ((tid & 31) % 1024u);
    unsigned long long t0 = clk();
    asm volatile(LD8 LD8 LD8 LD8 LD8 LD8 LD8 LD8 "xor.b32 %8, %8, %9;\n\txor.b32 %8, %8, %10;\n\txor.b32 %8, %8, %11;\n\txor.b32 %8, %8, %12;\n\txor.b32 %8, %8, %13;\n\txor.b32 %8, %8, %14;\n\txor.b32 %8, %8, %15;\n\t" : "=&r"(r0), "=&r"(r1), "=&r"(r2), "=&r"(r3), "=&r"(r4), "=&r"(r5), "=&r"(r6), "=&r"(r7), "+r"(s0), "+r"(s1), "+r"(s2), "+r"(s3), "+r"(s4), "+r"(s5), "+r"(s6), "+r"(s7) : "r"(a) : "memory");
    unsigned long long t1 = clk();
    asm volatile("and.b32 %0, %1, 0xfff0000;" : "=r"(zero) : "r"(raw));
    acc += s0 + r0 + r1 + r2 + r3 + r4 + r5 + r6 + r7 + zero;
    if (lane == 0) {
        unsigned long long *p = o + (blockIdx.x * nw + w) * 6;
        p[0] = s; p[1] = ar; p[2] = t0; p[3] = t1; p[4] = warpid(); p[5] = smid();
    }
    sink[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
#define RK(F) extern "C" __global__ void probe_region0_##F(unsigned long long *o, unsigned *sink) { region0<F>(o, sink); }
RK(0) RK(1) RK(2) RK(3)

// Host: probes.bin EXP GRID BLOCK LAUNCHES [args]; EXP start | queueN STRIDE MASK | region0F.
// GRID 0 = one block per SM, GRID -G = G blocks, one an SM at most (dynamic shared memory reserved so that no
// SM takes two). Prints one line per warp: "launch block warp v0 v1 ...", the clocks less the block's first
// clock read (the least s of its warps), "-" for a clock not read (a warp outside the mask), then warpid, smid.
#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)
int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: %s EXP GRID BLOCK LAUNCHES [STRIDE MASK]\n", argv[0]); return 2; }
    const char *exp = argv[1];
    int grid = atoi(argv[2]), block = atoi(argv[3]), launches = atoi(argv[4]), nsm = 0;
    CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
    size_t dyn = 0;
    if (grid <= 0) { grid = grid == 0 ? nsm : -grid; dyn = 160 * 1024; }
    int nw = block / 32, words;
    void *fn;
    unsigned stride = argc > 5 ? atoi(argv[5]) : 1, mask = argc > 6 ? strtoul(argv[6], 0, 0) : 0;
    int n = 0;
    if (!strcmp(exp, "start")) { fn = (void *)probe_start; words = 4; }
    else if (!strncmp(exp, "queue", 5)) {
        n = atoi(exp + 5);
        fn = n == 1 ? (void *)probe_queue_1 : n == 2 ? (void *)probe_queue_2 : n == 4 ? (void *)probe_queue_4
           : n == 8 ? (void *)probe_queue_8 : n == 16 ? (void *)probe_queue_16 : (void *)probe_queue_32;
        words = 2 * n + 5;
    } else if (!strncmp(exp, "region0", 7)) {
        int f = atoi(exp + 7);
        fn = f == 0 ? (void *)probe_region0_0 : f == 1 ? (void *)probe_region0_1 : f == 2 ? (void *)probe_region0_2 : (void *)probe_region0_3;
        words = 6;
    } else { fprintf(stderr, "unknown %s\n", exp); return 2; }
    if (dyn) CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)dyn));
    size_t ow = (size_t)grid * nw * words;
    unsigned long long *o, *h = (unsigned long long *)malloc(ow * 8);
    unsigned *sink;
    CK(cudaMalloc(&o, ow * 8));
    CK(cudaMalloc(&sink, (size_t)grid * block * 4));
    CK(cudaMemset(sink, 0, (size_t)grid * block * 4));
    for (int l = 0; l < launches; l++) {
        CK(cudaMemset(o, 0, ow * 8));
        void *args[4] = {&o, &sink, &stride, &mask};
        CK(cudaLaunchKernel(fn, dim3(grid), dim3(block), args, dyn, 0));
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(h, o, ow * 8, cudaMemcpyDeviceToHost));
        for (int b = 0; b < grid; b++) {
            unsigned long long base = ~0ull;
            for (int w = 0; w < nw; w++)
                if (h[((size_t)b * nw + w) * words] < base) base = h[((size_t)b * nw + w) * words];
            for (int w = 0; w < nw; w++) {
                const unsigned long long *r = h + ((size_t)b * nw + w) * words;
                printf("%d %d %d", l, b, w);
                for (int k = 0; k < words - 2; k++)
                    if (r[k]) printf(" %lld", (long long)(r[k] - base)); else printf(" -");
                printf(" %llu %llu\n", r[words - 2], r[words - 1]);
            }
        }
    }
    return 0;
}
