// Sub-warp collectives on the H200 (issue 15): what a collective whose membermask is not an
// immediate costs. Each kernel runs on one warp; thread 0 reports t1 - t0 (clock64) around the
// region. Chains: N dependent steps, the mask recomputed from the data each step (m = base ^
// (x & zero), zero loaded from memory) so that ptxas emits its convergence check before each.
#include <cstdio>
#include <cuda_runtime.h>
__device__ __forceinline__ unsigned long long clk(){unsigned long long t;asm volatile("mov.u64 %0, %%clock64;":"=l"(t)::"memory");return t;}
__device__ __forceinline__ int lane(){int l;asm volatile("mov.u32 %0, %%laneid;":"=r"(l));return l;}
#define N 32
#define FULL 0xffffffffu
#define TILE(W) ((W) == 32 ? FULL : (((1u << (W)) - 1) << (lane() & ~((W) - 1))))
#define HEAD unsigned z = zero[threadIdx.x]; unsigned x = threadIdx.x; unsigned base = TILE(W); \
  asm volatile("" : "+r"(x), "+r"(base), "+r"(z)); unsigned long long t0 = clk();
#define TAIL asm volatile("st.volatile.shared.b32 [%0], %1;" ::"r"(0), "r"(x) : "memory"); \
  unsigned long long t1 = clk(); if (threadIdx.x == 0) out[0] = t1 - t0; sink[threadIdx.x] = x;
#define K(name) template <int W> __global__ void name(unsigned long long *out, unsigned *sink, const unsigned *zero)
// shfl.sync with a register mask: VOTEU.ANY + MATCH.ANY + REDUX.OR + LOP3 + BRA.DIV before each SHFL
K(shfl_reg) { HEAD
#pragma unroll
  for (int i = 0; i < N; i++) { unsigned m = base ^ (x & z); x = __shfl_xor_sync(m, x, 1) + x; }
  TAIL }
// the same with the immediate full mask
K(shfl_imm) { HEAD
#pragma unroll
  for (int i = 0; i < N; i++) { x = __shfl_xor_sync(FULL, x, 1) + (x ^ (x & z)); }
  TAIL }
// bar.warp.sync with a register mask, then an add and an xor
K(sync_reg) { HEAD
#pragma unroll
  for (int i = 0; i < N; i++) { unsigned m = base ^ (x & z); __syncwarp(m); x = (x + 1) ^ z; }
  TAIL }
// redux.sync with a register mask: REDUX.OR + BRA.DIV before each REDUX
K(redux_reg) { HEAD
#pragma unroll
  for (int i = 0; i < N; i++) { unsigned m = base ^ (x & z); x = __reduce_add_sync(m, x); }
  TAIL }
K(redux_imm) { HEAD
#pragma unroll
  for (int i = 0; i < N; i++) { x = __reduce_add_sync(FULL, x ^ (x & z)); }
  TAIL }
// vote.ballot with a register mask
K(vote_reg) { HEAD
#pragma unroll
  for (int i = 0; i < N; i++) { unsigned m = base ^ (x & z); x = __ballot_sync(m, x & 1) ^ x; }
  TAIL }
// one redux.sync with a mask from %laneid alone (CUB's WarpReduce<int, W>): WARPSYNC.EXCLUSIVE + REDUX
K(redux_one) { HEAD
  { unsigned m = (W == 32) ? FULL : ((1u << W) - 1) << ((lane() / W) * W); x = __reduce_add_sync(m, x); }
  TAIL }
// one shuffle with a mask from %laneid alone (cg's tiles): the check once, then the SHFL
K(shfl_one) { HEAD
  { unsigned m = (W == 32) ? FULL : ((1u << W) - 1) << (lane() & ~(W - 1)); x = __shfl_xor_sync(m, x, 1) + x; }
  TAIL }
// three shuffles with one mask from %laneid (cg::reduce on a tile): one check, three SHFL
K(shfl_three) { HEAD
  { unsigned m = (W == 32) ? FULL : ((1u << W) - 1) << (lane() & ~(W - 1));
    x = __shfl_xor_sync(m, x, 4) + x; x = __shfl_xor_sync(m, x, 2) + x; x = __shfl_xor_sync(m, x, 1) + x; }
  TAIL }
// three shuffles, immediate full mask (the baseline of shfl_three)
K(shfl_three_imm) { HEAD
  { x = __shfl_xor_sync(FULL, x, 4) + x; x = __shfl_xor_sync(FULL, x, 2) + x; x = __shfl_xor_sync(FULL, x, 1) + x; }
  TAIL }
// two reductions with one mask from %laneid: one REDUX.OR check, two REDUX
K(redux_two) { HEAD
  { unsigned m = (W == 32) ? FULL : ((1u << W) - 1) << ((lane() / W) * W);
    x = __reduce_add_sync(m, x) ^ x; x = __reduce_add_sync(m, x); }
  TAIL }
// %laneid alone
K(laneid) { HEAD
  x = (unsigned)lane() + x;
  TAIL }
// constant partial mask inside divergent code: one BRA.DIV check, then N SHFL
K(shfl_div) { HEAD
  if (lane() < W) {
#pragma unroll
    for (int i = 0; i < N; i++) x = __shfl_xor_sync(W == 32 ? FULL : (1u << W) - 1, x, 1) + x;
  }
  TAIL }
typedef void (*kfn)(unsigned long long *, unsigned *, const unsigned *);
struct entry { const char *name; int w; kfn f; };
#define E(k, w) {#k, w, k<w>}
static entry table[] = {
  E(laneid, 32),
  E(shfl_imm, 32), E(shfl_reg, 32), E(shfl_reg, 16), E(shfl_reg, 8), E(shfl_reg, 4), E(shfl_reg, 2), E(shfl_reg, 1),
  E(sync_reg, 32), E(sync_reg, 16), E(sync_reg, 8), E(sync_reg, 2),
  E(redux_imm, 32), E(redux_reg, 32), E(redux_reg, 16), E(redux_reg, 8), E(redux_reg, 2),
  E(vote_reg, 32), E(vote_reg, 16), E(vote_reg, 8),
  E(redux_one, 32), E(redux_one, 16), E(redux_one, 8), E(redux_one, 4), E(redux_one, 2), E(redux_one, 1),
  E(shfl_one, 32), E(shfl_one, 16), E(shfl_one, 8), E(shfl_one, 4),
  E(shfl_three_imm, 32), E(shfl_three, 16), E(shfl_three, 8), E(shfl_three, 4), E(shfl_three, 2),
  E(redux_two, 32), E(redux_two, 16), E(redux_two, 8), E(redux_two, 2),
  E(shfl_div, 32), E(shfl_div, 16), E(shfl_div, 8),
};
int main() {
  unsigned long long *out; unsigned *sink, *zero;
  cudaMalloc(&out, 8); cudaMalloc(&sink, 128); cudaMalloc(&zero, 128); cudaMemset(zero, 0, 128);
  for (auto &e : table) {
    printf("%-10s w%-2d", e.name, e.w);
    for (int r = 0; r < 7; r++) {
      e.f<<<1, 32>>>(out, sink, zero);
      unsigned long long c = 0;
      cudaError_t err = cudaMemcpy(&c, out, 8, cudaMemcpyDeviceToHost);
      if (err != cudaSuccess) { printf(" error %s\n", cudaGetErrorString(err)); return 1; }
      printf(" %llu", c);
    }
    printf("\n");
  }
  return 0;
}
