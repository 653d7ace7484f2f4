// special-register reads in a timed region (issue 15, cg's thread_rank(): S2R SR_TID.Z, SR_TID.Y
// and S2UR SR_CgaCtaId in time_cg_iscan_plus_tile32_int): latency of one S2R, and whether
// several in flight overlap or queue. Thread 0 writes the cycles of each region to out[slot].
// Built with nvcc -arch=sm_90 -ptx; run with warpsim-hwrun probe_s2r_tid.ptx @probe_s2r_tid.args.
__device__ __forceinline__ unsigned long long clk() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}
__device__ __forceinline__ unsigned sreg_tidy() { unsigned r; asm volatile("mov.u32 %0, %%tid.y;" : "=r"(r)); return r; }
__device__ __forceinline__ unsigned sreg_tidz() { unsigned r; asm volatile("mov.u32 %0, %%tid.z;" : "=r"(r)); return r; }
__device__ __forceinline__ unsigned sreg_ctaid() { unsigned r; asm volatile("mov.u32 %0, %%ctaid.x;" : "=r"(r)); return r; }
__device__ __forceinline__ unsigned sreg_laneid() { unsigned r; asm volatile("mov.u32 %0, %%laneid;" : "=r"(r)); return r; }
__shared__ unsigned keep[8][32];
#define REGION(slot, expr)                                                                       \
    {                                                                                            \
        unsigned long long t0 = clk();                                                           \
        unsigned v = (expr);                                                                     \
        asm volatile("st.volatile.shared.u32 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(&keep[slot][threadIdx.x & 31])), "r"(v) : "memory"); \
        unsigned long long t1 = clk();                                                           \
        if (threadIdx.x == 0) out[slot] = t1 - t0;                                               \
        acc += v;                                                                                \
    }
extern "C" __global__ void probe_s2r_tid(unsigned long long *out, unsigned *sink) {
    unsigned acc = threadIdx.x;
    REGION(0, sreg_tidy() + acc)                                  // one S2R
    REGION(1, sreg_tidz() + sreg_tidy() + acc)                    // two S2R in flight
    REGION(2, sreg_tidz() + sreg_tidy() + sreg_ctaid() + acc)     // three
    REGION(3, sreg_laneid() + sreg_tidy() + sreg_tidz() + sreg_ctaid() + acc) // four
    REGION(4, sreg_tidy() * 3 + 1)                                // one S2R, no prior value
    sink[threadIdx.x] = acc;
}
