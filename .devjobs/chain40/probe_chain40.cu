// Issue 15, chain40: FFMA chains beside IMADs on fewer streams than mad19's 8, where ptxas's stall counts show the
// FFMA's latency of 4 cycles binding (3 streams of fffm: FFMA S01, S01, S02, then the first stream's next FFMA 4
// cycles after its last) and where warpsim's two estimates of those counts part most: schedule.fma_chain's 5 cycles
// from an FFMA to its FFMA reader (the list schedule's own cycles, main's pick.yield bits) against the FFMA's 4
// (ptxas_issue_cycles, chain40's): docs/calibration.md "(chain40)". Built as probe_ffm30 (probe_alu3's method: per
// warp t0, 32 rounds of S streams of one kind, t1), with S streams, stream i's step reading stream i + 1's value and
// the last one's reading a value none writes. Kinds (KIND_S: form KIND, S streams):
//   fffm_3  three FFMAs and an IMAD a step, 3 streams (warpsim at 256 threads: main 420 cycles, chain40 447)
//   fffm_4  the same, 4 streams (main 636, chain40 641)
//   ffm_3   two FFMAs and an IMAD, 3 streams (main 340, chain40 339)
//   fffm_8  ffm30's fffm again (8 streams: the session's baseline)
// Host: probe_chain40 KIND GRID BLOCKS LAUNCHES [SEED W [LATE]] | list (probe_streams.h).
#include "../probe_streams.h"
#define FORMS(F)                                                                                                       \
    F(fffm, FMA FMA FMA MAD)                                                                                           \
    F(ffm, FMA FMA MAD)
FORMS(STEP32)

// probe_streams.h's k over the first NS streams: v0 .. v(NS-1) stepped, v(NS) read by the last and never written
template <class K, int NS>
__device__ void kn(unsigned long long *o, unsigned *sink, unsigned a, unsigned b, unsigned seed, unsigned late)
{
    typedef typename K::T T;
    unsigned long long t0;
    unsigned s = seed + threadIdx.x;
    T v[9];
#pragma unroll
    for (int i = 0; i < 9; i++)
        v[i] = (T)s + (T)i;
    __syncthreads();
    if ((threadIdx.x >> 7) == late) {
        unsigned long long c0 = clock64();
        while (clock64() - c0 < 300) {
        }
    }
    CLK(t0);
#pragma unroll
    for (int r = 0; r < R; r++)
#pragma unroll
        for (int i = 0; i < NS; i++)
            K::step(v[i], v[i + 1], a, b);
    T y = 0;
#pragma unroll
    for (int i = 0; i <= NS; i++)
        y ^= v[i];
    finish(o, sink, t0, (unsigned)y);
}
#define KN(N, S)                                                                                                       \
    extern "C" __global__ void chain40_##N##_##S(unsigned long long *o, unsigned *sink, unsigned a, unsigned b,        \
                                                 unsigned s, unsigned l)                                               \
    {                                                                                                                  \
        kn<N##_k, S>(o, sink, a, b, s, l);                                                                             \
    }
KN(fffm, 3)
KN(fffm, 4)
KN(ffm, 3)
KN(fffm, 8)
static const char *names[] = {"fffm_3", "fffm_4", "ffm_3", "fffm_8"};
static void *fns[] = {(void *)chain40_fffm_3, (void *)chain40_fffm_4, (void *)chain40_ffm_3, (void *)chain40_fffm_8};
int main(int argc, char **argv) { return streams_main(argc, argv, names, fns); }
