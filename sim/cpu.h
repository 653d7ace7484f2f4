/* cpu: which x86-64 extensions this CPU and its OS let warpsim use (FMA for fpexact, AVX2 and
 * AVX-512 for the interpreter's variants).
 *
 * Read from the C library where it keeps them (glibc 2.33's <sys/platform/x86.h>: the dynamic
 * loader asks the CPU once, before main, for every program), not with __builtin_cpu_supports:
 * that one links libgcc's constructor __cpu_indicator_init, which runs at every start, whether a
 * command needs the answer or not, and asks the CPU again with ~14 CPUID instructions. In a virtual
 * machine each CPUID traps to the hypervisor (3.5 us each on the H200 host's VM): about 50 us of a
 * one-warp run's ~0.45 ms above the spawn floor (docs/performance.md, issue 14, start18). Without
 * glibc's record (another C library, an older glibc) it is __builtin_cpu_supports, as before. */
#ifndef WS_CPU_H
#define WS_CPU_H

#if defined(__x86_64__) && defined(__GNUC__)
enum {
    WS_CPU_FMA = 1u << 0,
    WS_CPU_AVX2 = 1u << 1,
    WS_CPU_AVX512 = 1u << 2, /* F, BW, VL and DQ: what interp_avx512.c is compiled for */
    WS_CPU_KNOWN = 1u << 8   /* set once the others are read */
};

/* The WS_CPU_* bits, read at the first call (lock-free: every thread computes the same value) */
unsigned ws_cpu_features_read(void);

extern unsigned ws_cpu_features_cache; /* 0 until read; then WS_CPU_KNOWN with the others */

/* Whether every extension of `mask` (WS_CPU_*) may be used. A load and a test after the first call
 * (ws_fma asks it for every fused multiply-add it computes). */
static inline int ws_cpu_has(unsigned mask)
{
    unsigned f = __atomic_load_n(&ws_cpu_features_cache, __ATOMIC_RELAXED);
    if (!f)
        f = ws_cpu_features_read();
    return (f & mask) == mask;
}
#endif

#endif
