// issue 15: cycles a step of shuffle chains by their consumer (the cg tile-32 scans, cg::less, the
// double WarpReduce/WarpScan). One region a kernel (no sharing between regions): t0, N dependent
// steps, a volatile shared store of the result, t1; thread 0 writes t1 - t0 to out[0].
// Kernels probe_<pattern>_<N>, N = 1, 5, 9: the slope is the cycles a step. Built with
// nvcc -arch=sm_90 -O3 -ptx; run with warpsim-hwrun probe_shfl_steps.ptx --kernel NAME @probe_shfl_steps.args.
// Measured: tests/calibration/h200-shfl-steps.txt; docs/calibration.md "thread_rank(), double shuffles".
#include <cooperative_groups.h>
#include <cooperative_groups/scan.h>
namespace cg = cooperative_groups;
__device__ __forceinline__ unsigned long long clk() {
    unsigned long long t;
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory");
    return t;
}
__shared__ unsigned long long keep[32];
#define FULL 0xffffffffu
__device__ __forceinline__ void store(unsigned v) { asm volatile("st.volatile.shared.u32 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(&keep[threadIdx.x & 31])), "r"(v) : "memory"); }
__device__ __forceinline__ void store(int v) { store((unsigned)v); }
__device__ __forceinline__ void store(float v) { store(__float_as_uint(v)); }
__device__ __forceinline__ void store(double v) { asm volatile("st.volatile.shared.f64 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(&keep[threadIdx.x & 31])), "d"(v) : "memory"); }
__device__ __forceinline__ void store(long long v) { asm volatile("st.volatile.shared.u64 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(&keep[threadIdx.x & 31])), "l"(v) : "memory"); }
// CUB's 64-bit shuffle-down with the predicate (time_cub_warp_reduce_sum_double_w32)
__device__ __forceinline__ double cub_down_add(double v, int d) {
    double r;
    asm volatile("{ .reg .u32 lo; .reg .u32 hi; .reg .pred p; .reg .f64 r0; mov.b64 %0, %1; mov.b64 {lo, hi}, %1;"
                 " shfl.sync.down.b32 lo|p, lo, %2, 31, -1; shfl.sync.down.b32 hi|p, hi, %2, 31, -1;"
                 " mov.b64 r0, {lo, hi}; @p add.f64 %0, %0, r0; }" : "=d"(r) : "d"(v), "r"(d));
    return r;
}
// CUB's 32-bit shuffle-up with the predicate (time_cub_warp_scan_inclusive_sum_int_w32)
__device__ __forceinline__ unsigned cub_up_add(unsigned v, int d) {
    unsigned r;
    asm volatile("{ .reg .u32 r0; .reg .pred p; shfl.sync.up.b32 r0|p, %1, %2, 0, -1; @p add.u32 r0, r0, %1; mov.u32 %0, r0; }"
                 : "=r"(r) : "r"(v), "r"(d));
    return r;
}
#define KERNEL(name, T, init, N, PRE, STEP)                                                      \
    extern "C" __global__ void probe_##name##_##N(unsigned long long *out, unsigned *sink, const unsigned *in) { \
        const unsigned lane = threadIdx.x & 31;                                                  \
        const unsigned x = (threadIdx.x * 7 + 3) % 17 - 8;                                              \
        T v = (T)(init);                                                                         \
        unsigned long long t0 = clk();                                                           \
        PRE;                                                                                     \
        _Pragma("unroll") for (int k = 0; k < (N); k++) { const unsigned d = 1u << (k % 5); STEP; } \
        store(v);                                                                                \
        unsigned long long t1 = clk();                                                           \
        if (threadIdx.x == 0) out[0] = t1 - t0;                                                  \
        sink[threadIdx.x] = (unsigned)v + lane;                                                  \
    }
#define ALL(name, T, init, PRE, STEP) KERNEL(name, T, init, 1, PRE, STEP) KERNEL(name, T, init, 5, PRE, STEP) KERNEL(name, T, init, 9, PRE, STEP)
#define RANK const unsigned rank = cg::this_thread_block().thread_rank() & 31
ALL(up_add, unsigned, x, , v += __shfl_up_sync(FULL, v, d))
ALL(up_sel_lane, unsigned, x, , { unsigned t = __shfl_up_sync(FULL, v, d); v += lane >= d ? t : 0; })
ALL(up_sel_rank, unsigned, x, RANK, { unsigned t = __shfl_up_sync(FULL, v, d); v += rank >= d ? t : 0; })
ALL(up_fsel_lane, float, x, , { float t = __shfl_up_sync(FULL, v, d); v += lane >= d ? t : 0.0f; })
ALL(up_fsel_rank, float, x, RANK, { float t = __shfl_up_sync(FULL, v, d); v += rank >= d ? t : 0.0f; })
ALL(up_cub, unsigned, x, , v = cub_up_add(v, d))
ALL(bfly_fmin, float, x, , { float t = __shfl_xor_sync(FULL, v, d); v = v > t ? t : v; })
ALL(bfly_fadd, float, x, , v += __shfl_xor_sync(FULL, v, d))
ALL(down_cub_dadd, double, x, , v = cub_down_add(v, d))
ALL(bfly_dadd, double, x, , v += __shfl_xor_sync(FULL, v, d))
ALL(up_sel_ll_lane, long long, x, , { long long t = __shfl_up_sync(FULL, v, d); v += lane >= d ? t : 0; })
ALL(up_xor_sel_lane, unsigned, x, , { unsigned t = __shfl_up_sync(FULL, v, d); v ^= lane >= d ? t : 0; })
// thread_rank() alone in a region (S2R SR_TID.Z, SR_TID.Y, IMADs), and with one shuffle in flight
KERNEL(rank_only, unsigned, x, 1, RANK, v += rank)
KERNEL(rank_shfl, unsigned, x, 1, RANK, { unsigned t = __shfl_up_sync(FULL, v, d); v += rank >= d ? t : 0; })
// the corpus' cg scans (time_cg_iscan_plus_tile32_int/_float)
KERNEL(cg_iscan_int, int, x, 1, , v = cg::inclusive_scan(cg::tiled_partition<32>(cg::this_thread_block()), v))
KERNEL(cg_iscan_float, float, x, 1, , v = cg::inclusive_scan(cg::tiled_partition<32>(cg::this_thread_block()), v))
// cg::reduce over tiles of 16 (the sub-warp check before the shuffles): cg::less against cg::plus
#include <cooperative_groups/reduce.h>
KERNEL(cg_reduce16_less, float, x, 1, , v = cg::reduce(cg::tiled_partition<16>(cg::this_thread_block()), v, cg::less<float>()))
KERNEL(cg_reduce16_plus, float, x, 1, , v = cg::reduce(cg::tiled_partition<16>(cg::this_thread_block()), v, cg::plus<float>()))
KERNEL(cg_reduce32_less, float, x, 1, , v = cg::reduce(cg::tiled_partition<32>(cg::this_thread_block()), v, cg::less<float>()))
