/* The decoded interpreter's SIMD variants, and the choice of one (interp.h). */
#include "interp.h"

#include <stdlib.h>

#include "cpu.h"

#if defined(__x86_64__) && defined(__GNUC__)
#define WS_HAVE_X86_VARIANTS 1
#endif

const char *ws_simd_name(ws_simd_kind v)
{
    static const char *const names[WS_SIMD_COUNT] = {
#ifdef WS_HAVE_X86_VARIANTS
        "sse2",
#else
        "base",
#endif
        "avx2", "avx512"};
    return v < WS_SIMD_COUNT ? names[v] : "?";
}

int ws_simd_available(ws_simd_kind v)
{
    switch (v) {
    case WS_SIMD_BASE: return 1;
#ifdef WS_HAVE_X86_VARIANTS
    case WS_SIMD_AVX2: return ws_cpu_has(WS_CPU_AVX2);
    case WS_SIMD_AVX512: return ws_cpu_has(WS_CPU_AVX512 | WS_CPU_AVX2);
#endif
    default: return 0;
    }
}

ws_interp_fns ws_interp_of(ws_simd_kind v)
{
    switch (v) {
#ifdef WS_HAVE_X86_VARIANTS
    case WS_SIMD_AVX2: return (ws_interp_fns){ws_interp_run_avx2, ws_interp_step_avx2, ws_interp_merged_shfl_avx2};
    case WS_SIMD_AVX512:
        return (ws_interp_fns){ws_interp_run_avx512, ws_interp_step_avx512, ws_interp_merged_shfl_avx512};
#endif
    default: return (ws_interp_fns){ws_interp_run_base, ws_interp_step_base, ws_interp_merged_shfl_base};
    }
}

int ws_simd_select(const char *name)
{
    if (!name)
        name = getenv("WARPSIM_SIMD");
    if (!name || !*name || !strcmp(name, "auto")) {
        for (int v = WS_SIMD_COUNT - 1; v > 0; v--)
            if (ws_simd_available((ws_simd_kind)v))
                return v;
        return WS_SIMD_BASE;
    }
    for (int v = 0; v < WS_SIMD_COUNT; v++)
        if (!strcmp(name, ws_simd_name((ws_simd_kind)v)))
            return ws_simd_available((ws_simd_kind)v) ? v : -1;
    return -1;
}

const char *ws_simd_variant(unsigned i) { return i < WS_SIMD_COUNT ? ws_simd_name((ws_simd_kind)i) : NULL; }

bool ws_simd_supported(const char *name) { return name && strcmp(name, "auto") && ws_simd_select(name) >= 0; }
