// Issue 15 (pipe24): the shared pipe's rate against the warps of a block. Each warp: s (its first clock read, the
// kernel's first instruction), a (before the barrier), t0 (after it), N independent shared loads xored into v, a
// st.volatile of v, t1; lane 0 writes s, a, t0, t1, %warpid, %smid. Only the warps in `mask` load (the others pass
// the barrier and read t0/t1 around nothing). Kinds: v4b (LDS.128 [UR], every lane one address: 2 wavefronts),
// u32b (LDS [UR], one address: 1 wavefront), u32r (LDS [R+UR], one address from a register: z is 0 at run time),
// v4l (LDS.128 [R+UR], 16 bytes a lane: 4 wavefronts). The loads of one warp are 512 bytes apart (probe_v4's).
// Measured: probe_pipe-h200.txt (device-2026-12-04-pipe24.tar.xz; docs/calibration.md "(pipe24)").
// Host: probe_pipe KIND N GRID BLOCK LAUNCHES MASK; GRID 0 = one block on every SM (dynamic shared memory keeps a
// second off), else GRID blocks. Prints per warp "launch block warp s a t0 t1 warpid smid", clocks less the block's
// least s.
#include "probe_host.h"
__shared__ __align__(16) unsigned s[1024 * 8];
template <int M> __device__ __forceinline__ unsigned ld(unsigned a) {
    unsigned x, y, z, w;
    if (M == 1 || M == 2) { asm volatile("ld.shared.u32 %0, [%1];" : "=r"(x) : "r"(a)); return x; }
    asm volatile("ld.shared.v4.u32 {%0,%1,%2,%3}, [%4];" : "=r"(x), "=r"(y), "=r"(z), "=r"(w) : "r"(a));
    return x ^ y ^ z ^ w;
}
template <int M, int N> __device__ void k(unsigned long long *o, unsigned z, unsigned mask) {
    unsigned long long t_s, t_a, t0, t1;
    CLK(t_s);
    unsigned w = threadIdx.x >> 5, lane = threadIdx.x & 31, v = 0, act = (mask >> w) & 1;
    for (unsigned i = threadIdx.x; i < 1024 * 8; i += blockDim.x) s[i] = i;
    unsigned base = (unsigned)__cvta_generic_to_shared(s) + (M == 3 ? lane * 16 : M == 2 ? lane * z : 0);
    asm volatile("mov.u32 %0, %0;" : "+r"(act));
    CLK(t_a);
    __syncthreads();
    CLK(t0);
    if (act) {
#pragma unroll
        for (int i = 0; i < N; i++) v ^= ld<M>(base + (i % 64) * 512);
    }
    asm volatile("st.volatile.shared.u32 [%0], %1;" ::"r"((unsigned)__cvta_generic_to_shared(s) + threadIdx.x * 4), "r"(v) : "memory");
    CLK(t1);
    if (lane == 0) {
        unsigned r, m;
        warp_sm(r, m);
        unsigned long long *p = o + ((size_t)blockIdx.x * (blockDim.x >> 5) + w) * 6;
        p[0] = t_s; p[1] = t_a; p[2] = t0; p[3] = t1; p[4] = r; p[5] = m;
    }
}
#define K(NAME, M, N) extern "C" __global__ void NAME##_##N(unsigned long long *o, unsigned z, unsigned mask) { k<M, N>(o, z, mask); }
#define KS(N) K(v4b, 0, N) K(u32b, 1, N) K(u32r, 2, N) K(v4l, 3, N)
KS(16) KS(32) KS(64)
int main(int argc, char **argv) {
    if (argc < 7) { fprintf(stderr, "usage: %s KIND N GRID BLOCK LAUNCHES MASK\n", argv[0]); return 2; }
    const char *kind = argv[1];
    int n = atoi(argv[2]), grid = atoi(argv[3]), block = atoi(argv[4]), launches = atoi(argv[5]), nsm = probe_sms();
    unsigned mask = (unsigned)strtoul(argv[6], 0, 0), z = 0;
    size_t dyn = 0;
    int every = grid <= 0;  // one block on every SM
    if (every) grid = nsm;
    void *tab[4][3] = {{(void *)v4b_16, (void *)v4b_32, (void *)v4b_64}, {(void *)u32b_16, (void *)u32b_32, (void *)u32b_64},
                       {(void *)u32r_16, (void *)u32r_32, (void *)u32r_64}, {(void *)v4l_16, (void *)v4l_32, (void *)v4l_64}};
    int m = !strcmp(kind, "v4b") ? 0 : !strcmp(kind, "u32b") ? 1 : !strcmp(kind, "u32r") ? 2 : !strcmp(kind, "v4l") ? 3 : -1;
    int j = n == 16 ? 0 : n == 32 ? 1 : n == 64 ? 2 : -1;
    if (m < 0 || j < 0) { fprintf(stderr, "unknown %s %d\n", kind, n); return 2; }
    void *fn = tab[m][j];
    if (every) dyn = probe_one_per_sm(fn);
    int nw = block / 32, words = 6;
    size_t ow = (size_t)grid * nw * words;
    unsigned long long *o, *h = (unsigned long long *)malloc(ow * 8);
    CK(cudaMalloc(&o, ow * 8));
    for (int l = 0; l < launches; l++) {
        void *args[3] = {&o, &z, &mask};
        probe_launch(fn, grid, block, args, dyn, o, h, ow * 8);
        probe_print_rel(h, grid, nw, words, 4, l);
    }
    return 0;
}
