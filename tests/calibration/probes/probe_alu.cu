// Issue 15 (pipe24): the issue rate of ALU-pipe and FMA-pipe instructions with 1, 2, 4 and 8 warps a sub-partition
// (BlockScan warp scans<int, 1024> runs 31 ISETP, 31 SEL and 31 IMAD.IADD a warp after its barrier). Each warp: t0,
// R rounds of 8 streams (each step reads the next stream's value, so that ptxas folds nothing) of one kind (inline PTX, volatile), t1; lane 0 writes t0, t1, %warpid, %smid.
// Kinds: sel (setp.ne.s32 + selp.b32: ISETP + SEL), add (add.s32), xor (xor.b32: LOP3), fma (fma.rn.f32: FFMA),
// mad (mad.lo.s32: IMAD), mix (add.s32 + setp.ne.s32 + selp.b32, BlockScan's step).
// Measured 2026-12-04 12:26Z (probes/probe_alu.sh; tests/calibration/device-2026-12-04-alu24.tar.xz, summary
// probes/probe_alu-h200.txt). SASS: sel 256 ISETP + 256 SEL, add 132 IMAD.IADD + 126 IADD3, xor 141 LOP3, fma 256
// FFMA, mad 257 IMAD, mix 256 each of IMAD.IADD, ISETP, SEL.
// Host: probe_alu KIND GRID BLOCK LAUNCHES; GRID 0 = one block on every SM. Prints per warp "launch block warp t0 t1
// warpid smid", clocks less the block's least t0.
#include "probe_host.h"
#define R 32
template <int K> __device__ __forceinline__ void step(unsigned &v, unsigned u, unsigned k, unsigned w) {
    if (K == 0) asm volatile("{.reg .pred p; setp.ne.s32 p, %0, %2; selp.b32 %0, %1, %0, p;}" : "+r"(v) : "r"(u), "r"(k));
    if (K == 1) asm volatile("add.s32 %0, %0, %1;" : "+r"(v) : "r"(u));
    if (K == 2) asm volatile("xor.b32 %0, %0, %1;" : "+r"(v) : "r"(u));
    if (K == 3) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+r"(v) : "r"(u), "r"(w));
    if (K == 4) asm volatile("mad.lo.s32 %0, %0, %1, %2;" : "+r"(v) : "r"(u), "r"(w));
    if (K == 5) asm volatile("{.reg .pred p; add.s32 %0, %0, %1; setp.ne.s32 p, %0, %2; selp.b32 %0, %1, %0, p;}" : "+r"(v) : "r"(u), "r"(k));
}
template <int K> __device__ void k(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) {
    unsigned long long t0, t1;
    unsigned v0 = threadIdx.x, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6, v7 = v0 + 7;
    __syncthreads();
    CLK(t0);
#pragma unroll
    for (int r = 0; r < R; r++) {
        step<K>(v0, v1, a, b); step<K>(v1, v2, a, b); step<K>(v2, v3, a, b); step<K>(v3, v4, a, b);
        step<K>(v4, v5, a, b); step<K>(v5, v6, a, b); step<K>(v6, v7, a, b); step<K>(v7, v0, a, b);
    }
    unsigned x = v0 ^ v1 ^ v2 ^ v3 ^ v4 ^ v5 ^ v6 ^ v7;
    asm volatile("{.reg .pred p; setp.ne.u32 p, %1, 7; @p mov.u64 %0, %%clock64;}" : "=l"(t1) : "r"(x) : "memory");
    if (x == 7) t1 = 0;
    record(o, sink, t0, t1, x);
}
#define KK(N, K) extern "C" __global__ void alu_##N(unsigned long long *o, unsigned *sink, unsigned a, unsigned b) { k<K>(o, sink, a, b); }
KK(sel, 0) KK(add, 1) KK(xor, 2) KK(fma, 3) KK(mad, 4) KK(mix, 5)
int main(int argc, char **argv) {
    if (argc < 5) { fprintf(stderr, "usage: %s KIND GRID BLOCK LAUNCHES\n", argv[0]); return 2; }
    const char *names[6] = {"sel", "add", "xor", "fma", "mad", "mix"};
    void *fns[6] = {(void *)alu_sel, (void *)alu_add, (void *)alu_xor, (void *)alu_fma, (void *)alu_mad, (void *)alu_mix};
    void *fn = fns[probe_kind(names, argv[1])];
    return probe_run(fn, argv, 3, 5, true);
}
