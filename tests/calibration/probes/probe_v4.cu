// issue 15 (cub7): shared loads of 16 bytes every lane reads at one address (LDS.128 [UR4]), of 4 bytes at one
// address (LDS [UR4]) and of 16 bytes a lane (LDS.128 [R2+UR4]): 16 independent loads a warp, 1 and 32 warps; lane 0
// of every warp writes its t0 and t1 (out[2w], out[2w + 1]). Built with nvcc -arch=sm_90 -O3 -ptx; run with
// warpsim-hwrun probe_v4.ptx --kernel v4b|u32b|v4l --block 32|1024 out=u64[64]. Measured: probe_v4-h200.txt.
#define CLK(t) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory")
__shared__ __align__(16) unsigned s[1024 * 4];
template <int M> __device__ unsigned ld(unsigned i) {
    unsigned a = (unsigned)__cvta_generic_to_shared(s) + (M == 2 ? (threadIdx.x & 31) * 16 : 0) + i * 512, x, y, z, w;
    if (M == 1) { asm volatile("ld.shared.u32 %0, [%1];" : "=r"(x) : "r"(a)); return x; }
    asm volatile("ld.shared.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "r"(a));
    return x ^ y ^ z ^ w;
}
template <int M> __device__ void k(unsigned long long *o) {
    for (unsigned i = threadIdx.x; i < 4096; i += blockDim.x) s[i] = i;
    __syncthreads();
    unsigned long long t0, t1; unsigned v = 0;
    CLK(t0);
#pragma unroll
    for (int i = 0; i < 16; i++) v ^= ld<M>(i);
    asm volatile("st.volatile.shared.u32 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(s) + threadIdx.x * 4), "r"(v) : "memory");
    CLK(t1);
    if ((threadIdx.x & 31) == 0) { o[threadIdx.x / 32 * 2] = t0; o[threadIdx.x / 32 * 2 + 1] = t1; }
}
extern "C" __global__ void v4b(unsigned long long *o) { k<0>(o); }
extern "C" __global__ void u32b(unsigned long long *o) { k<1>(o); }
extern "C" __global__ void v4l(unsigned long long *o) { k<2>(o); }
