// issue 15 (cub7): the pieces of the CUB BlockReduce<int, 128> regions, one region each, 128 threads
// (4 warps), thread 0 reports out[slot]: a clock64-timed region ending in a volatile shared store of
// its result, as the corpus' regions (tests/calibration/kernels/time_*). A __syncthreads() and a clock
// spin before each region start every warp together. Built with nvcc -arch=sm_90 -O3 -ptx; run with
// warpsim-hwrun probe_cub7.ptx @probe_cub7.args. Measured: probe_cub7-h200.txt.
__device__ __forceinline__ unsigned long long clk() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}
__device__ __forceinline__ void spin() {
    unsigned long long s = clk();
    while (clk() - s < 2000) {
    }
}
__shared__ int keep[128];
__shared__ int box[16];
__device__ __forceinline__ void store(int v) {
    asm volatile("st.volatile.shared.b32 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(&keep[threadIdx.x])), "r"(v) : "memory");
}
#define REGION(slot, BODY)                                                                       \
    {                                                                                            \
        __syncthreads();                                                                         \
        spin();                                                                                  \
        unsigned long long t0 = clk();                                                           \
        int r;                                                                                   \
        BODY;                                                                                    \
        store(r);                                                                                \
        unsigned long long t1 = clk();                                                           \
        if (threadIdx.x == 0) out[slot] = t1 - t0;                                               \
        acc += r;                                                                                \
    }
extern "C" __global__ void probe_cub7(unsigned long long *out, int *sink) {
    const unsigned tid = threadIdx.x, lane = tid & 31;
    int x = (int)((tid * 7 + 3) % 17) - 8, acc = 0;
    asm volatile("" : "+r"(x));
    if (tid < 16) box[tid] = tid;
    // 0: REDUX and the copy of its uniform result
    REGION(0, r = __reduce_add_sync(0xffffffffu, x))
    // 1: the 4-warp barrier alone
    REGION(1, __syncthreads(); r = x)
    // 2: lane 0 of each warp stores, barrier (warp_sum_int_b128 without the REDUX and the loads)
    REGION(2, if (lane == 0) box[1 + (tid >> 5)] = x; __syncthreads(); r = x)
    // 3: thread 0 alone loads two adjacent words (LDS.64) and one more, and adds them
    REGION(3, r = x; if (tid == 0) r += box[2] + box[3] + box[4])
    // 4: barrier, then thread 0's loads (warp_sum_int_b128 without the REDUX)
    REGION(4, if (lane == 0) box[1 + (tid >> 5)] = x; __syncthreads(); r = x; if (tid == 0) r += box[2] + box[3] + box[4])
    // 5: REDUX, %laneid, lane 0 stores, barrier, thread 0 loads (the region itself, by hand)
    REGION(5, r = __reduce_add_sync(0xffffffffu, x); if (lane == 0) box[1 + (tid >> 5)] = r; __syncthreads(); if (tid == 0) r += box[2] + box[3] + box[4])
    // 6: REDUX then a shared store of every lane at the result (the REDUX copy before an STS)
    REGION(6, r = __reduce_add_sync(0xffffffffu, x) + 1)
    sink[tid] = acc;
}
