// probe_host.h: what the device probes of tests/calibration/probes (probe_alu, probe_alu2, probe_alu3, probe_tl26,
// probe_cold17, probe_lat16, probe_pipe) and those of .devjobs/ built as they are (mad19) share, written once: the
// clock read, the end of a measured region (t1 after the streams, the sink, lane 0's four words), and the host's
// error check, kind lookup, launch and per-warp lines. Each probe keeps its kernels, arguments and lines; this header
// only holds what they wrote the same. Every device helper is __forceinline__ and keeps the order of the clock reads,
// the asm statements and the stores as the probes wrote them inline, so that their SASS stays as measured.
// A probe beside this file includes "probe_host.h"; a copy built elsewhere (a .devjobs/NAME/ job) needs
// -I tests/calibration/probes, or includes it by its path from the repository root.
#ifndef PROBE_HOST_H
#define PROBE_HOST_H
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <cuda_runtime.h>

// The SM's clock64 into t; "memory" keeps the loads and stores on their side of the read.
#define CLK(t) asm volatile("mov.u64 %0, %%clock64;" : "=l"(t)::"memory")

// t1, read once the streams' xor x is known: under a predicate on x (0x9E3779B9, a value the streams never give),
// so that the read waits for every stream; 0 in the case that never comes.
__device__ __forceinline__ unsigned long long clock_after(unsigned x)
{
    unsigned long long t1;
    asm volatile("{.reg .pred p; setp.ne.u32 p, %1, 0x9E3779B9; @p mov.u64 %0, %%clock64;}"
                 : "=l"(t1)
                 : "r"(x)
                 : "memory");
    if (x == 0x9E3779B9u)
        t1 = 0;
    return t1;
}

// The warp's %warpid (its slot on the SM) and %smid.
__device__ __forceinline__ void warp_sm(unsigned &r, unsigned &m)
{
    asm volatile("mov.u32 %0, %%warpid;" : "=r"(r));
    asm volatile("mov.u32 %0, %%smid;" : "=r"(m));
}

// The sink (x, so that nothing of the region is dead), then lane 0's t0, t1, %warpid, %smid: 4 words a warp, the
// block's warps in turn.
__device__ __forceinline__ void record(unsigned long long *o, unsigned *sink, unsigned long long t0,
                                       unsigned long long t1, unsigned x)
{
    sink[blockIdx.x * blockDim.x + threadIdx.x] = x;
    if ((threadIdx.x & 31) == 0) {
        unsigned r, m;
        warp_sm(r, m);
        unsigned long long *p = o + ((size_t)blockIdx.x * (blockDim.x >> 5) + (threadIdx.x >> 5)) * 4;
        p[0] = t0;
        p[1] = t1;
        p[2] = r;
        p[3] = m;
    }
}

// The end of a region that began at t0 and left its streams' xor in x: t1 after x, the sink and lane 0's words.
__device__ __forceinline__ void finish(unsigned long long *o, unsigned *sink, unsigned long long t0, unsigned x)
{
    record(o, sink, t0, clock_after(x), x);
}

#include "ck.h" // CK: a failed CUDA call ends the probe

// A kind's name: the probes keep their kinds as a list of names (beside a list of kernels) or of entries with one.
static inline const char *probe_name(const char *name) { return name; }
template <class E> static inline const char *probe_name(const E &e) { return e.name; }

// "PROBE list": the kinds' names, one a line; true when argv asked for it.
template <class E, size_t N> static bool probe_list(int argc, char **argv, const E (&kinds)[N])
{
    if (argc != 2 || strcmp(argv[1], "list"))
        return false;
    for (size_t i = 0; i < N; i++)
        printf("%s\n", probe_name(kinds[i]));
    return true;
}

// The index of the kind named by s's first n characters; a name that is none ends the probe ("unknown NAME", exit
// status 2, as its usage errors).
template <class E, size_t N> static unsigned probe_kind(const E (&kinds)[N], const char *s, size_t n)
{
    for (size_t i = 0; i < N; i++)
        if (strlen(probe_name(kinds[i])) == n && !strncmp(s, probe_name(kinds[i]), n))
            return (unsigned)i;
    fprintf(stderr, "unknown %.*s\n", (int)n, s);
    exit(2);
}
template <class E, size_t N> static unsigned probe_kind(const E (&kinds)[N], const char *s)
{
    return probe_kind(kinds, s, strlen(s));
}

// The device's SMs.
static inline int probe_sms()
{
    int nsm = 0;
    CK(cudaDeviceGetAttribute(&nsm, cudaDevAttrMultiProcessorCount, 0));
    return nsm;
}

// One block on every SM: fn may take 160 KiB of dynamic shared memory, and a block that does keeps a second block
// off its SM (228 KiB a SM). Returns the bytes to launch with.
static inline size_t probe_one_per_sm(void *fn)
{
    size_t dyn = 160 * 1024;
    CK(cudaFuncSetAttribute(fn, cudaFuncAttributeMaxDynamicSharedMemorySize, (int)dyn));
    return dyn;
}

// One launch of fn, waited for: its output o (bytes) zeroed before and copied to h after.
static inline void probe_launch(void *fn, int grid, int block, void **args, size_t dyn, unsigned long long *o,
                                unsigned long long *h, size_t bytes)
{
    CK(cudaMemset(o, 0, bytes));
    CK(cudaLaunchKernel(fn, dim3(grid), dim3(block), args, dyn, 0));
    CK(cudaDeviceSynchronize());
    CK(cudaMemcpy(h, o, bytes, cudaMemcpyDeviceToHost));
}

// Launch l's line a warp, "launch block warp" and the warp's words (`words` of them, the block's warps in turn):
// the first `clocks` less the block's least first word (its earliest clock), the rest as they are.
static inline void probe_print_rel(const unsigned long long *h, int grid, int nw, int words, int clocks, int l)
{
    for (int bl = 0; bl < grid; bl++) {
        unsigned long long base = ~0ull;
        for (int w = 0; w < nw; w++)
            if (h[((size_t)bl * nw + w) * words] < base)
                base = h[((size_t)bl * nw + w) * words];
        for (int w = 0; w < nw; w++) {
            const unsigned long long *r = h + ((size_t)bl * nw + w) * words;
            printf("%d %d %d", l, bl, w);
            for (int i = 0; i < words; i++)
                if (i < clocks)
                    printf(" %lld", (long long)(r[i] - base));
                else
                    printf(" %llu", r[i]);
            printf("\n");
        }
    }
}

// The host of the probes whose kernels take (o, sink, a, b) and write record's 4 words a warp, printed as
// probe_print_rel's "launch block warp t0 t1 warpid smid" (probe_alu, probe_alu2, probe_tl26): GRID BLOCK LAUNCHES in
// argv[2..4]; with every_sm, a GRID of 0 or less is one block on every SM. Returns main's status.
static inline int probe_run(void *fn, char **argv, unsigned a, unsigned b, bool every_sm)
{
    int grid = atoi(argv[2]), block = atoi(argv[3]), launches = atoi(argv[4]);
    size_t dyn = 0;
    if (every_sm) {
        int nsm = probe_sms();
        if (grid <= 0) {
            grid = nsm;
            dyn = probe_one_per_sm(fn);
        }
    }
    int nw = block / 32, words = 4;
    size_t ow = (size_t)grid * nw * words;
    unsigned long long *o, *h = (unsigned long long *)malloc(ow * 8);
    unsigned *sink;
    CK(cudaMalloc(&o, ow * 8));
    CK(cudaMalloc(&sink, (size_t)grid * block * 4));
    for (int l = 0; l < launches; l++) {
        void *args[4] = {&o, &sink, &a, &b};
        probe_launch(fn, grid, block, args, dyn, o, h, ow * 8);
        probe_print_rel(h, grid, nw, words, 2, l);
    }
    return 0;
}

// Launch l's line a warp, "block launch bl warp t0 t1 warpid smid", the clocks as read (record's 4 words), for the
// warps on SMs below sms.
static inline void probe_print_warps(const unsigned long long *h, int grid, int nw, int block, int l,
                                     unsigned long long sms)
{
    for (int bl = 0; bl < grid; bl++)
        for (int w = 0; w < nw; w++) {
            const unsigned long long *r = h + ((size_t)bl * nw + w) * 4;
            if (r[3] >= sms)
                continue;
            printf("%d %d %d %d %llu %llu %llu %llu\n", block, l, bl, w, r[0], r[1], r[2], r[3]);
        }
}
#endif
