/* Floating-point helpers: bit casts, flush-to-zero, saturation and rounding modes, in the way
 * the PTX ISA defines them. NaN results are the canonical NaN the hardware produces. */
#ifndef WS_FP_H
#define WS_FP_H

#include <fenv.h>
#include <math.h>
#include <stdint.h>
#include <string.h>

#include "fpexact.h"
#include "warpsim/isa.h"

#define CANONICAL_NAN_F32 0x7fffffffu
#define CANONICAL_NAN_F64 0x7fffffffffffffffull

static inline float as_f32(uint64_t v)
{
    uint32_t u = (uint32_t)v;
    float f;
    memcpy(&f, &u, 4);
    return f;
}
static inline double as_f64(uint64_t v)
{
    double d;
    memcpy(&d, &v, 8);
    return d;
}
static inline uint64_t f32_bits_of(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static inline uint64_t f64_bits_of(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}

/* .ftz: subnormal inputs and results become zero of the same sign. */
static inline float flush_f32(float f)
{
    return fpclassify(f) == FP_SUBNORMAL ? copysignf(0.0f, f) : f;
}

/* An f32 result as the hardware writes it: canonical NaN, .ftz and .sat applied. */
static inline uint64_t f32_result(float r, uint32_t mods)
{
    if (isnan(r))
        return (mods & WS_MOD_SAT) ? 0 : CANONICAL_NAN_F32;
    if (mods & WS_MOD_SAT) /* -0 too becomes +0 (programs/probe_isa_audit row 6: add.rn.sat.f32(-0, -0)) */
        r = r <= 0.0f ? 0.0f : r > 1.0f ? 1.0f : r;
    if (mods & WS_MOD_FTZ)
        r = flush_f32(r);
    return f32_bits_of(r);
}

/* A NaN of a narrower format (fbits fraction bits) widened to f64: its sign and payload kept and
 * made quiet, as the H200 widens f32 and f16/bf16 NaNs (tests/corpus fp16_cvt_f64, programs/
 * sweep_half forms 54-57, 2026-12-01), whereas its arithmetic gives the canonical NaN. */
static inline uint64_t f64_widened_nan(unsigned sign, uint64_t frac, unsigned fbits)
{
    return (uint64_t)sign << 63 | 0x7ff8000000000000ull | (frac & ((1ull << fbits) - 1)) << (52 - fbits);
}

static inline uint64_t f64_result(double r, uint32_t mods)
{
    if (isnan(r))
        return (mods & WS_MOD_SAT) ? 0 : CANONICAL_NAN_F64;
    if (mods & WS_MOD_SAT) /* -0 too becomes +0, as in f32 */
        r = r <= 0.0 ? 0.0 : r > 1.0 ? 1.0 : r;
    return f64_bits_of(r);
}

/* The C rounding mode for a PTX rounding modifier (default: nearest even). */
static inline int fe_mode(unsigned rnd)
{
    switch (rnd) {
    case WS_RND_RZ: case WS_RND_RZI: return FE_TOWARDZERO;
    case WS_RND_RM: case WS_RND_RMI: return FE_DOWNWARD;
    case WS_RND_RP: case WS_RND_RPI: return FE_UPWARD;
    default: return FE_TONEAREST;
    }
}

/* Switch the host rounding mode for the span of one instruction, only when it differs. */
#define WITH_ROUNDING(rnd, body)                                                                    \
    do {                                                                                            \
        int want_ = fe_mode(rnd);                                                                   \
        if (want_ != FE_TONEAREST) {                                                                \
            ws_fesetround(want_);                                                                   \
            body;                                                                                   \
            ws_fesetround(FE_TONEAREST);                                                            \
        } else {                                                                                    \
            body;                                                                                   \
        }                                                                                           \
    } while (0)

/* cvt's float-to-integer rule (fp.c): round by .rni/.rzi/.rmi/.rpi, NaN 0, saturate. */
uint64_t ws_float_to_int(double v, ws_type t, unsigned rnd);
/* setp's float comparison (fp.c), NaN ordered or not as cmp says. */
int ws_float_compare(unsigned cmp, double a, double b);

#endif
