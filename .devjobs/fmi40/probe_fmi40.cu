// probe_fmi40 (fmi40, issue 15): where and in which order mad19 fmi's 8 warps of a sub-partition part at 1024 threads
// (h200f: ends over 3733-4836 cycles in slot order, warpsim within 15; the ledger's -11.1%), with a body that
// strictly alternates IMAD and FFMA as mad19 fmi's SASS does (docs/calibration.md "(fmi38)", "(fmi39)", "(fmi40)").
// fmi37's probe had ptxas's register rotation every fourth segment (two FFMAs together), and its warps parted there;
// mad19 fmi's body has no such pair in its first 472 ops.
// The kernel is mad19's k (probe_streams.h: the SEED, the LATE branch, 64-bit streams, t0 in a register pair of its
// own, 32 rounds of 8 steps, t1 after the streams' xor) cut into S segments by S - 1 stamps: after every 32 / S
// rounds a `mov.u64 %clock64` into a register pair of its own (SASS CS2R: fixed latency, no scoreboard, nothing in the
// region waits on it), stored after the region; t1 ends the last segment, so the region's tail (ptxas's runs of
// FFMAs and IMADs beside the xor's LOP3s) is mad19's. Two things keep ptxas's SASS mad19's (checked here with nvcc 13.0
// and sass_check.py): the xor written in mad19's PTX order (NVVM otherwise reassociates it per kernel, and ptxas's
// order of the region follows it), and in the stamped kernels the step's IMAD written before its FFMA (same halves,
// same values: FFMA on the low halves, IMAD on the high ones): with the FFMA first ptxas opens every segment with the
// FFMA, a body of FFMA, IMAD by turns instead of mad19's IMAD, FFMA.
// Kinds: fmi-s0 (mad19 fmi: its region op for op, control bits included), fmi-s4, -s8, -s16 (to 1024 threads),
// fmi-s32 (to 512 threads: 31 register pairs of stamps).
// Host: probe_fmi40 KIND BLOCKS LAUNCHES [SEED W] | list. Per block size a line "block B", then a line a warp:
// "launch block warp t0 s1 .. sS warpid smid" (sS is t1; the clocks less the block's least t0).
#include "../probe_streams.h" // IND, IMAD_, FFMA_, STEP64, R, CLK, clock_after, warp_sm, CK, the host helpers

STEP64(fmi, IND(FFMA_("vl", "ul"), IMAD_("vh", "uh")))  // mad19's
STEP64(fmis, IND(IMAD_("vh", "uh"), FFMA_("vl", "ul"))) // the same two ops, the IMAD written first (stamped kernels)

// a stamp: the clock into c; the 8 streams tied so that the rounds stay on either side of it
#define V8       "+l"(v0), "+l"(v1), "+l"(v2), "+l"(v3), "+l"(v4), "+l"(v5), "+l"(v6), "+l"(v7)
#define STAMP(c) asm volatile("mov.u64 %0, %%clock64;" : "=l"(c), V8 : : "memory")
#define SEGS(S)  ((S) > 0 ? (S) : 1)

template <class K, int S>
__global__ void __launch_bounds__(S > 16 ? 512 : 1024)
    kn(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned seed, unsigned late)
{
    typedef typename K::T T;
    unsigned long long t0, c[SEGS(S)];
    unsigned s = seed + threadIdx.x;
    T v0 = (T)s | ((T)s << 16 << 16), v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
      v7 = v0 + 7;
    __syncthreads();
    if ((threadIdx.x >> 7) == late) { // mad19's LATE (not used by run.sh; kept so that the SASS stays mad19's)
        unsigned long long c0 = clock64();
        while (clock64() - c0 < 300) {
        }
    }
    CLK(t0);
#pragma unroll
    for (int r = 0; r < R; r++) {
        K::step(v0, v1, a, b);
        K::step(v1, v2, a, b);
        K::step(v2, v3, a, b);
        K::step(v3, v4, a, b);
        K::step(v4, v5, a, b);
        K::step(v5, v6, a, b);
        K::step(v6, v7, a, b);
        K::step(v7, v0, a, b);
        if (r + 1 < R && (r + 1) % (R / SEGS(S)) == 0)
            STAMP(c[(r + 1) / (R / SEGS(S)) - 1]);
    }
    T y; // mad19's v1 ^ v0 ^ v2 ^ ... ^ v7, in its PTX order
    asm("xor.b64 %0, %2, %1; xor.b64 %0, %0, %3; xor.b64 %0, %0, %4; xor.b64 %0, %0, %5; xor.b64 %0, %0, %6;"
        "xor.b64 %0, %0, %7; xor.b64 %0, %0, %8;"
        : "=&l"(y)
        : "l"(v0), "l"(v1), "l"(v2), "l"(v3), "l"(v4), "l"(v5), "l"(v6), "l"(v7));
    unsigned x = (unsigned)y ^ (unsigned)(y >> 16 >> 16);
    unsigned long long t1 = clock_after(x);
    sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if ((threadIdx.x & 31) == 0) {
        unsigned r, m;
        warp_sm(r, m);
        unsigned long long *p = o + ((size_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) * (SEGS(S) + 3);
        p[0] = t0;
#pragma unroll
        for (int i = 0; i < SEGS(S) - 1; i++)
            p[1 + i] = c[i];
        p[SEGS(S)] = t1;
        p[SEGS(S) + 1] = r;
        p[SEGS(S) + 2] = m;
    }
}

struct kind {
    const char *name;
    void *fn;
    int segs, most; // segments, the largest block
};
static const kind kinds[] = {{"fmi-s0", (void *)kn<fmi_k, 0>, 1, 1024},
                             {"fmi-s4", (void *)kn<fmis_k, 4>, 4, 1024},
                             {"fmi-s8", (void *)kn<fmis_k, 8>, 8, 1024},
                             {"fmi-s16", (void *)kn<fmis_k, 16>, 16, 1024},
                             {"fmi-s32", (void *)kn<fmis_k, 32>, 32, 512}};

int main(int argc, char **argv)
{
    if (probe_list(argc, argv, kinds))
        return 0;
    if (argc != 4 && argc != 6) {
        fprintf(stderr, "usage: %s KIND BLOCKS LAUNCHES [SEED W] | list\n", argv[0]);
        return 2;
    }
    const kind &k = kinds[probe_kind(kinds, argv[1])];
    int launches = atoi(argv[3]), words = k.segs + 3;
    unsigned *sink, a = 3, b = argc == 6 ? (unsigned)strtoul(argv[5], 0, 0) : 5,
                    seed = argc == 6 ? (unsigned)strtoul(argv[4], 0, 0) : 0, late = ~0u;
    CK(cudaMalloc(&sink, 1024 * 4));
    for (char *p = argv[2]; *p;) {
        int block = (int)strtol(p, &p, 10), nw = block / 32;
        if (*p == ',')
            p++;
        if (block > k.most)
            continue;
        size_t ow = (size_t)nw * words;
        unsigned long long *o, *h = (unsigned long long *)malloc(ow * 8);
        CK(cudaMalloc(&o, ow * 8));
        printf("block %d\n", block);
        for (int l = 0; l < launches; l++) {
            void *args[6] = {&o, &sink, &a, &b, &seed, &late};
            probe_launch(k.fn, 1, block, args, 0, o, h, ow * 8);
            probe_print_rel(h, 1, nw, words, k.segs + 1, l);
        }
        CK(cudaFree(o));
        free(h);
    }
    return 0;
}
