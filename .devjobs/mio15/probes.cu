// Issue 15, bench_mio_w8[12] (branch mio15): two probes for the H200, run by run.sh.
// probe_bar_release: when does a warp's first load after __syncthreads() issue, and when does the clock read
//   right after the barrier read? Warp 0 spins `spin` cycles so that it arrives last (spin 0: all together).
//   Per warp (lane 0): s, t (clock before the barrier), b (right after it), c (after a load of the barrier's
//   region and the xor reading it), d0/d1 (the same load + xor without a barrier: its own latency), and
//   e0..e2 (two bar.sync in a row with every warp there: clock after each).
// probe_mio_order: 64 independent ld.shared of stride `stride` words after a barrier, in 8 groups of 8 (ILP 8,
//   each load's value xor'ed in), a clock read after each group: when each warp finishes each group, so the
//   order in which the shared pipe serves the warps of one sub-partition shows.
__device__ __forceinline__ unsigned long long clk() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}
// A clock read that waits for v: guarded by a predicate computed from v (always true: the values are below 1024),
// so ptxas cannot hoist it above the load and xor it must follow.
__device__ __forceinline__ unsigned long long clk_after(unsigned v) {
    unsigned long long t = 0;
    asm volatile("{\n\t.reg .pred p;\n\tsetp.ne.u32 p, %1, -1;\n\t@p mov.u64 %0, %%clock64;\n\t}" : "+l"(t) : "r"(v) : "memory");
    return t;
}
__shared__ unsigned tab[1024];
#define LDX "ld.volatile.shared.u32 %0, [%2];\n\txor.b32 %1, %1, %0;\n\t"
extern "C" __global__ void probe_bar_release(unsigned long long *o, unsigned *sink, unsigned spin) {
    unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31, v = 0, acc = 0;
    for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x) tab[i] = 0;
    unsigned z = sink[threadIdx.x] & 0xfff0000u;
    unsigned a = (unsigned)__cvta_generic_to_shared(tab) + 4u * z;
    __syncthreads();
    unsigned long long s = clk();
    if (w == 0)
        while (clk() - s < spin) {}
    unsigned long long t = clk();
    __syncthreads();
    unsigned long long b = clk();
    asm volatile(LDX : "=&r"(v), "+r"(acc) : "r"(a) : "memory");
    unsigned long long c = clk_after(acc);
    unsigned long long d0 = clk();
    asm volatile(LDX : "=&r"(v), "+r"(acc) : "r"(a) : "memory");
    unsigned long long d1 = clk_after(acc);
    __syncthreads();
    unsigned long long e0 = clk();
    __syncthreads();
    unsigned long long e1 = clk();
    __syncthreads();
    unsigned long long e2 = clk();
    if (lane == 0) {
        unsigned long long *p = o + w * 9;
        p[0] = s; p[1] = t; p[2] = b; p[3] = c; p[4] = d0; p[5] = d1; p[6] = e0; p[7] = e1; p[8] = e2;
    }
    sink[threadIdx.x] = acc;
}
#define L8 LDX LDX LDX LDX LDX LDX LDX LDX
extern "C" __global__ void probe_mio_order(unsigned long long *o, unsigned *sink, unsigned stride) {
    unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31, v = 0, acc = 0;
    for (unsigned i = threadIdx.x; i < 1024; i += blockDim.x) tab[i] = i;
    unsigned a = (unsigned)__cvta_generic_to_shared(tab) + 4u * ((lane * stride) % 1024u);
    unsigned long long g[9];
    __syncthreads();
    g[0] = clk();
#pragma unroll
    for (int k = 1; k < 9; k++) {
        asm volatile(L8 : "=&r"(v), "+r"(acc) : "r"(a) : "memory");
        g[k] = clk_after(acc);
    }
    if (lane == 0)
        for (int k = 0; k < 9; k++)
            o[w * 9 + k] = g[k];
    sink[threadIdx.x] = acc;
}
