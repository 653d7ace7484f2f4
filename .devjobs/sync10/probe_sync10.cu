// probe_sync10 (issue 15, branch sync10): what 64 NOPs (bar.warp.sync -1) cost and why the
// sub-warp baselines (subwarp_shfl_imm_w32, subwarp_redux_imm_w32) are ~200 cycles slower than
// their steps. One warp per kernel; out[i] = t1 - t0 of %clock64 around region i.
//  nops<N, SPIN>: N x __syncwarp() (NOPs in SASS); SPIN: a 3,000-cycle clock spin first; the region
//                 runs twice (#pragma unroll 1 loop), out[0] first execution, out[1] second.
//  shfl_imm<C>:   subwarp_bench.cu's shfl_imm; C = 1: z (the loaded word) consumed before t0.
//  redux_imm<C>:  likewise for redux_imm.
//  ldg_first:     t0; v = zero[tid]; x += v; t1: one load of a line the kernel has not touched.
#include <cstdio>
#include <cuda_runtime.h>
__device__ __forceinline__ unsigned long long clk(){unsigned long long t;asm volatile("mov.u64 %0, %%clock64;":"=l"(t)::"memory");return t;}
#define FULL 0xffffffffu
#define NS(n) _Pragma("unroll") for (int i = 0; i < (n); i++) __syncwarp();
template <int N, int SPIN> __global__ void nops(unsigned long long *out, unsigned *sink, const unsigned *zero)
{
#pragma unroll 1
  for (int it = 0; it < 2; it++) {
    if (SPIN) { unsigned long long s = clk(); while (clk() - s < 3000) { } }
    unsigned long long t0 = clk();
    NS(N)
    unsigned long long t1 = clk();
    if (threadIdx.x == 0) out[it] = t1 - t0;
  }
}
template <int C> __global__ void shfl_imm(unsigned long long *out, unsigned *sink, const unsigned *zero)
{
  unsigned z = zero[threadIdx.x]; unsigned x = threadIdx.x;
  if (C) x ^= z; // consumed before the clock read
  asm volatile("" : "+r"(x), "+r"(z));
  unsigned long long t0 = clk();
#pragma unroll
  for (int i = 0; i < 32; i++) { x = __shfl_xor_sync(FULL, x, 1) + (x ^ (x & z)); }
  asm volatile("st.volatile.shared.b32 [%0], %1;" ::"r"(0), "r"(x) : "memory");
  unsigned long long t1 = clk(); if (threadIdx.x == 0) out[0] = t1 - t0; sink[threadIdx.x] = x;
}
template <int C> __global__ void redux_imm(unsigned long long *out, unsigned *sink, const unsigned *zero)
{
  unsigned z = zero[threadIdx.x]; unsigned x = threadIdx.x;
  if (C) x ^= z;
  asm volatile("" : "+r"(x), "+r"(z));
  unsigned long long t0 = clk();
#pragma unroll
  for (int i = 0; i < 32; i++) { x = __reduce_add_sync(FULL, x ^ (x & z)); }
  asm volatile("st.volatile.shared.b32 [%0], %1;" ::"r"(0), "r"(x) : "memory");
  unsigned long long t1 = clk(); if (threadIdx.x == 0) out[0] = t1 - t0; sink[threadIdx.x] = x;
}
__global__ void ldg_first(unsigned long long *out, unsigned *sink, const unsigned *zero)
{
  unsigned x = threadIdx.x;
  asm volatile("" : "+r"(x));
  unsigned long long t0 = clk();
  unsigned v; asm volatile("ld.global.u32 %0, [%1];" : "=r"(v) : "l"(zero + threadIdx.x));
  x += v;
  asm volatile("" : "+r"(x));
  unsigned long long t1 = clk(); if (threadIdx.x == 0) out[0] = t1 - t0; sink[threadIdx.x] = x;
}
typedef void (*kfn)(unsigned long long *, unsigned *, const unsigned *);
struct E { const char *name; kfn f; int nout; };
static E table[] = {
  {"nops16_start", nops<16, 0>, 2}, {"nops32_start", nops<32, 0>, 2}, {"nops64_start", nops<64, 0>, 2},
  {"nops128_start", nops<128, 0>, 2}, {"nops256_start", nops<256, 0>, 2},
  {"nops16_spin", nops<16, 1>, 2}, {"nops32_spin", nops<32, 1>, 2}, {"nops64_spin", nops<64, 1>, 2},
  {"nops128_spin", nops<128, 1>, 2}, {"nops256_spin", nops<256, 1>, 2},
  {"shfl_imm", shfl_imm<0>, 1}, {"shfl_imm_zfirst", shfl_imm<1>, 1},
  {"redux_imm", redux_imm<0>, 1}, {"redux_imm_zfirst", redux_imm<1>, 1},
  {"ldg_first", ldg_first, 1},
};
int main() {
  unsigned long long *out; unsigned *sink, *zero;
  cudaMalloc(&out, 16); cudaMalloc(&sink, 128); cudaMalloc(&zero, 128); cudaMemset(zero, 0, 128);
  for (auto &e : table) {
    for (int o = 0; o < e.nout; o++) {
      printf("%-18s out%d", e.name, o);
      for (int r = 0; r < 7; r++) {
        e.f<<<1, 32>>>(out, sink, zero);
        unsigned long long c[2] = {0, 0};
        cudaError_t err = cudaMemcpy(c, out, 16, cudaMemcpyDeviceToHost);
        if (err != cudaSuccess) { printf(" error %s\n", cudaGetErrorString(err)); return 1; }
        printf(" %llu", c[o]);
      }
      printf("\n");
    }
  }
  return 0;
}
