/* cpu: see cpu.h. */
#include "cpu.h"

#include <stdlib.h> /* the C library's own macros (__GLIBC__) */

#if defined(__x86_64__) && defined(__GNUC__)
#if defined(__GLIBC__) && defined(__has_include)
#if __has_include(<sys/platform/x86.h>)
#include <sys/platform/x86.h>
#define WS_CPU_FROM_GLIBC 1
#endif
#endif

unsigned ws_cpu_features_cache;

#ifdef WS_CPU_FROM_GLIBC
/* "Active": the CPU has it and the OS saves its registers (XCR0), as __builtin_cpu_supports asks.
 * glibc's own x86_cpu_active shifts the int 1 by up to 31 (undefined, UBSan stops there): the same
 * lookup with an unsigned bit. */
static int cpu_active(unsigned index)
{
    const unsigned per_leaf = 8 * sizeof(unsigned) * 4, per_reg = 8 * sizeof(unsigned);
    const struct cpuid_feature *leaf = __x86_get_cpuid_feature_leaf(index / per_leaf);
    unsigned in_leaf = index % per_leaf;
    return (leaf->active_array[in_leaf / per_reg] >> (in_leaf % per_reg)) & 1u;
}
#define HAS(name) cpu_active(x86_cpu_##name)
#else
#define HAS(name)     __builtin_cpu_supports(name##_NAME)
#define FMA_NAME      "fma"
#define AVX2_NAME     "avx2"
#define AVX512F_NAME  "avx512f"
#define AVX512BW_NAME "avx512bw"
#define AVX512VL_NAME "avx512vl"
#define AVX512DQ_NAME "avx512dq"
#endif

unsigned ws_cpu_features_read(void)
{
    unsigned f = WS_CPU_KNOWN;
    if (HAS(FMA))
        f |= WS_CPU_FMA;
    if (HAS(AVX2))
        f |= WS_CPU_AVX2;
    if (HAS(AVX512F) && HAS(AVX512BW) && HAS(AVX512VL) && HAS(AVX512DQ))
        f |= WS_CPU_AVX512;
    __atomic_store_n(&ws_cpu_features_cache, f, __ATOMIC_RELAXED);
    return f;
}
#else
typedef int ws_cpu_none; /* ISO C: a translation unit is not empty */
#endif
