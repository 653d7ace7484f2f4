// probe_fwin53 (fwin53): how much far code a cache nearer than L2 keeps between launches, and where the kernels lie.
// One warp (or one a sub-partition) runs KB chunks of straight-line code, each 64 FFMAs on 8 chains and a stamp
// (CS2R of clock64, STS.64: no scoreboard wait in the region), so a chunk's cycles say whether its ~8 lines came from a
// kept copy (~17 cycles a line far, ~8 near) or from L2 (~40 a line). docs/calibration.md "(fwin53)". Built with
// -DFWIN54 it has the sizes 104-144, 176 and 192 KiB too (.devjobs/fwin54).
// Host: probe_fwin53 seq KB THREADS LAUNCHES       one kernel back to back
//       probe_fwin53 alt KB1 KB2 THREADS LAUNCHES  K<KB1> and its twin K2<KB2> (other code) by turns
//       probe_fwin53 scrub KB THREADS LAUNCHES     the 160 KiB twin on every SM before each launch
//       probe_fwin53 each                          every kernel once (for the debugger's load addresses)
//       probe_fwin53 pre KB0 KB THREADS LAUNCHES   K2<KB0> once, then K<KB> back to back (near57: another load address)
//       probe_fwin53 pad N KB THREADS LAUNCHES     (built with -DNEAR58) pad<N>, N lines more code, once, then K<KB>
// Output: a line a launch and warp: "L n KB k w W sm M: d1 ... dKB" (each chunk's cycles; d1 from the region's t0)
#include <cstring>

#include "../../tests/calibration/probes/ck.h"

#define F8 "+f"(v0), "+f"(v1), "+f"(v2), "+f"(v3), "+f"(v4), "+f"(v5), "+f"(v6), "+f"(v7)
#ifdef FWIN54 /* fwin54: the sizes between, and past 160 */
#define MAXKB 192
#else
#define MAXKB 160
#endif

template <int KB, int TWIN> __global__ void __launch_bounds__(128) region(unsigned long long *o, float a, float b)
{
    __shared__ unsigned long long ks[4][MAXKB + 1];
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
    unsigned w = threadIdx.x / 32, sm;
    unsigned long long t;
    unsigned at = (unsigned)__cvta_generic_to_shared(&ks[w][0]);
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(t), F8 : : "memory");
    asm volatile("st.shared.u64 [%0], %1;" : : "r"(at), "l"(t) : "memory");
#pragma unroll
    for (int s = 1; s <= KB; s++) {
#pragma unroll
        for (int i = 0; i < 8; i++) {
            if (TWIN) {
                v0 = fmaf(v0, b, a); v1 = fmaf(v1, b, a); v2 = fmaf(v2, b, a); v3 = fmaf(v3, b, a);
                v4 = fmaf(v4, b, a); v5 = fmaf(v5, b, a); v6 = fmaf(v6, b, a); v7 = fmaf(v7, b, a);
            } else {
                v0 = fmaf(v0, a, b); v1 = fmaf(v1, a, b); v2 = fmaf(v2, a, b); v3 = fmaf(v3, a, b);
                v4 = fmaf(v4, a, b); v5 = fmaf(v5, a, b); v6 = fmaf(v6, a, b); v7 = fmaf(v7, a, b);
            }
        }
        asm volatile("mov.u64 %0, %%clock64;" : "=l"(t), F8 : : "memory");
        asm volatile("st.shared.u64 [%0], %1;" : : "r"(at + s * 8), "l"(t) : "memory");
    }
    __syncwarp();
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    unsigned long long *p = o + (size_t)(blockIdx.x * 4 + w) * (MAXKB + 3);
    for (int s = threadIdx.x % 32; s <= KB; s += 32)
        p[s] = ks[w][s];
    if (threadIdx.x % 32 == 0)
        p[MAXKB + 1] = sm, p[MAXKB + 2] = 1;
    if (v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7 == 12345.0f)
        o[0] = 0; // keeps the chains live
}

#ifdef NEAR58 /* near58: kernels of 0-63 lines more code, loaded before region<KB,0> to move it in small steps */
template <int N> __global__ void pad(unsigned long long *o, float a, float b)
{
    float v = threadIdx.x * a;
#pragma unroll
    for (int i = 0; i < 8 * N; i++)
        asm volatile("add.f32 %0, %0, %1;" : "+f"(v) : "f"(b));
    if (v == 12345.0f)
        o[0] = 0;
}
#define P4(n) pad<n>, pad<n + 1>, pad<n + 2>, pad<n + 3>
#define P16(n) P4(n), P4(n + 4), P4(n + 8), P4(n + 12)
static void (*const pads[64])(unsigned long long *, float, float) = {P16(0), P16(16), P16(32), P16(48)};
#endif

typedef void (*kern)(unsigned long long *, float, float);
struct entry {
    int kb, twin;
    kern k;
};
#define E(n) {n, 0, region<n, 0>}, {n, 1, region<n, 1>}
static const entry table[] = {
#ifdef FWIN54
    E(104), E(112), E(120), E(136), E(144), E(176), E(192),
#endif
    E(8), E(16), E(24), E(32), E(40), E(48), E(56), E(64), E(80), E(96), E(128), E(160)};
static const int nt = sizeof table / sizeof *table;

static kern find(int kb, int twin)
{
    for (int i = 0; i < nt; i++)
        if (table[i].kb == kb && table[i].twin == twin)
            return table[i].k;
    fprintf(stderr, "no kernel of %d KiB\n", kb);
    exit(2);
}

static unsigned long long *o, *h;
static const size_t words = (size_t)264 * 4 * (MAXKB + 3);

static void launch(int kb, int twin, int grid, int threads, int n, bool print)
{
    if (!getenv("NO_MEMSET")) /* memset59: whether the memset's code is near58's other lines at sets 36-39 */
        CK(cudaMemset(o, 0, words * 8));
    find(kb, twin)<<<grid, threads>>>(o, 1.0001f, 0.5f);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
    if (!print)
        return;
    CK(cudaMemcpy(h, o, (size_t)4 * (MAXKB + 3) * 8, cudaMemcpyDeviceToHost));
    for (int w = 0; w < threads / 32; w++) {
        unsigned long long *q = h + (size_t)w * (MAXKB + 3);
        printf("L %d KB %d%s w %d sm %llu:", n, kb, twin ? "t" : "", w, q[MAXKB + 1]);
        for (int s = 1; s <= kb; s++)
            printf(" %lld", (long long)(q[s] - q[s - 1]));
        printf("\n");
    }
}

int main(int argc, char **argv)
{
    CK(cudaMalloc(&o, words * 8));
    h = (unsigned long long *)malloc(words * 8);
    const char *mode = argc > 1 ? argv[1] : "";
    if (!strcmp(mode, "each") && argc == 2) {
        for (int i = 0; i < nt; i++)
            launch(table[i].kb, table[i].twin, 1, 32, i, true);
        return 0;
    }
    if ((!strcmp(mode, "seq") || !strcmp(mode, "scrub")) && argc == 5) {
        int kb = atoi(argv[2]), threads = atoi(argv[3]), n = atoi(argv[4]);
        for (int l = 0; l < n; l++) {
            if (mode[1] == 'c')
                launch(MAXKB, 1, 264, 128, l, false);
            launch(kb, 0, 1, threads, l, true);
        }
        return 0;
    }
    if (!strcmp(mode, "pre") && argc == 6) { /* near57: KB0's twin once (lazy loading places it first), then seq */
        int kb0 = atoi(argv[2]), kb = atoi(argv[3]), threads = atoi(argv[4]), n = atoi(argv[5]);
        launch(kb0, 1, 1, 32, -1, false);
        for (int l = 0; l < n; l++)
            launch(kb, 0, 1, threads, l, true);
        return 0;
    }
#ifdef NEAR58
    if (!strcmp(mode, "pad") && argc == 6) { /* near58: pad<N> once (lazy loading places it first), then seq */
        int pn = atoi(argv[2]), kb = atoi(argv[3]), threads = atoi(argv[4]), n = atoi(argv[5]);
        if (pn < 0 || pn > 63)
            return 2;
        pads[pn]<<<1, 32>>>(o, 1.0001f, 0.5f);
        CK(cudaDeviceSynchronize());
        for (int l = 0; l < n; l++)
            launch(kb, 0, 1, threads, l, true);
        return 0;
    }
#endif
    if (!strcmp(mode, "alt") && argc == 6) {
        int kb1 = atoi(argv[2]), kb2 = atoi(argv[3]), threads = atoi(argv[4]), n = atoi(argv[5]);
        for (int l = 0; l < n; l++) {
            launch(kb1, 0, 1, threads, l, true);
            launch(kb2, 1, 1, threads, l, true);
        }
        return 0;
    }
    fprintf(stderr, "usage: %s seq|scrub KB THREADS LAUNCHES | alt KB1 KB2 THREADS LAUNCHES | pre KB0 KB THREADS LAUNCHES | each\n",
            argv[0]);
    return 2;
}
