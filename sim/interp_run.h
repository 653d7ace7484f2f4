/* The decoded interpreter's run loop (interp.h, ws_interp_run_fn), included once per SIMD
 * variant by interp_base.c, interp_avx2.c and interp_avx512.c with WS_INTERP_RUN naming the
 * function: one source, compiled for each instruction set, so the variants cannot disagree
 * (ctest simd_variants compares their output byte for byte). Every handler computes what the
 * instruction's executor computes (the forms' expressions are fast_ops.h's, which exec_fast.c
 * expands too); an instruction without a handler runs through its executor. */
#include "decode.h"
#include "exec_fast.h"
#include "memory.h"
#include "warp.h"

/* d[l] = value in the lanes of exec, d a row of T; value reads lane l of any row. With all 32
 * lanes, straight into d: the destination may be a source row (rows are the same or apart), so
 * the compiler tests for overlap before its vector loop (-O3; the binary forms avoid even that:
 * CASE_RR_RI) */
#define WRITE(T, value)                                                                                                \
    do {                                                                                                               \
        T *dst_ = (T *)R(di->d);                                                                                       \
        if (exec == FULL_MASK) {                                                                                       \
            for (unsigned l = 0; l < 32; l++)                                                                          \
                dst_[l] = (value);                                                                                     \
        } else {                                                                                                       \
            WRITE_MASKED(T, value);                                                                                    \
        }                                                                                                              \
    } while (0)
/* WRITE's lanes of exec: a blend of the whole row, each lane's mask made in the vector from its
 * bit of exec (an AND with the lane's bit and a compare, which SSE2 has too) */
static const uint32_t lane_bit_[32] = {1u << 0,  1u << 1,  1u << 2,  1u << 3,  1u << 4,  1u << 5,  1u << 6,  1u << 7,
                                       1u << 8,  1u << 9,  1u << 10, 1u << 11, 1u << 12, 1u << 13, 1u << 14, 1u << 15,
                                       1u << 16, 1u << 17, 1u << 18, 1u << 19, 1u << 20, 1u << 21, 1u << 22, 1u << 23,
                                       1u << 24, 1u << 25, 1u << 26, 1u << 27, 1u << 28, 1u << 29, 1u << 30, 1u << 31};
#define WRITE_MASKED(T, value)                                                                                         \
    for (unsigned l = 0; l < 32; l++) {                                                                                \
        const T m_ = (T)((T)0 - (T)((exec & lane_bit_[l]) != 0));                                                      \
        dst_[l] = (m_ & (value)) | (dst_[l] & ~m_);                                                                    \
    }

#define R(off)     (regs + (off))
/* a row of T at offset off */
#define RT(T, off) ((T *)(regs + (off)))

/* WS_INTERP_SIMD: 2 in interp_avx2.c, 3 in interp_avx512.c (with immintrin.h included there);
 * otherwise plain C for the build's own instruction set. */
#ifndef WS_INTERP_SIMD
#define WS_INTERP_SIMD 0
#endif

/* A constant shuffle's result, d[l] = a[s->src[l]] (32-bit rows), in registers: a permutation
 * that goes through memory (a copy, then loads at lane offsets) makes the processor wait for the
 * copy's stores. Every lane of a is read before d is written: d may be a. */
#if WS_INTERP_SIMD == 3
static inline void shfl_perm(uint32_t *d, const uint32_t *a, const ws_dshfl *s)
{
    const __m512i lo = _mm512_loadu_si512(a), hi = _mm512_loadu_si512(a + 16);
    const __m512i r0 = _mm512_permutex2var_epi32(lo, _mm512_loadu_si512(s->src32), hi);
    const __m512i r1 = _mm512_permutex2var_epi32(lo, _mm512_loadu_si512(s->src32 + 16), hi);
    _mm512_storeu_si512(d, r0);
    _mm512_storeu_si512(d + 16, r1);
}
#elif WS_INTERP_SIMD == 2
static inline void shfl_perm(uint32_t *d, const uint32_t *a, const ws_dshfl *s)
{
    __m256i v[4], r[4];
    if (s->shifted) { /* up, down: the lanes of take read l + shift (a masked load, which reads
                       * nothing in the other lanes, so nothing outside the row), the others their own */
        const uintptr_t from = (uintptr_t)a + (uintptr_t)(intptr_t)s->shift * sizeof *a;
        for (unsigned j = 0; j < 4; j++) {
            const __m256i take = _mm256_loadu_si256((const __m256i *)(s->take + 8 * j));
            const __m256i moved = _mm256_maskload_epi32((const int *)(from + 32 * j), take);
            r[j] = _mm256_or_si256(moved, _mm256_andnot_si256(take, _mm256_loadu_si256((const __m256i *)(a + 8 * j))));
        }
        for (unsigned j = 0; j < 4; j++)
            _mm256_storeu_si256((__m256i *)(d + 8 * j), r[j]);
        return;
    }
    if (s->pair) { /* per 8 lanes of the result, the two vectors they read, permuted and blended */
        for (unsigned j = 0; j < 4; j++) {
            const __m256i idx = _mm256_loadu_si256((const __m256i *)(s->src32 + 8 * j));
            const __m256i va = _mm256_loadu_si256((const __m256i *)((const char *)a + s->oa[j]));
            const __m256i vb = _mm256_loadu_si256((const __m256i *)((const char *)a + s->ob[j]));
            r[j] = _mm256_blendv_epi8(_mm256_permutevar8x32_epi32(va, idx), _mm256_permutevar8x32_epi32(vb, idx),
                                      _mm256_loadu_si256((const __m256i *)(s->pick + 8 * j)));
        }
        for (unsigned j = 0; j < 4; j++)
            _mm256_storeu_si256((__m256i *)(d + 8 * j), r[j]);
        return;
    }
    /* otherwise each of the source's four vectors permuted, and the lanes taken from the vector
     * their index names */
    for (unsigned j = 0; j < 4; j++)
        v[j] = _mm256_loadu_si256((const __m256i *)(a + 8 * j));
    for (unsigned j = 0; j < 4; j++) {
        const __m256i idx = _mm256_loadu_si256((const __m256i *)(s->src32 + 8 * j));
        const __m256i hi = _mm256_srli_epi32(idx, 3);
        __m256i acc = _mm256_permutevar8x32_epi32(v[0], idx);
        for (int k = 1; k < 4; k++)
            acc = _mm256_blendv_epi8(acc, _mm256_permutevar8x32_epi32(v[k], idx),
                                     _mm256_cmpeq_epi32(hi, _mm256_set1_epi32(k)));
        r[j] = acc;
    }
    for (unsigned j = 0; j < 4; j++)
        _mm256_storeu_si256((__m256i *)(d + 8 * j), r[j]);
}
#endif

/* The host bytes of a DK_LD or DK_ST (decode.c, decode_mem) in one check, as exec_mem.c's
 * warp_region finds them: all 32 lanes at consecutive elements from an aligned address, or one
 * lane at an aligned address, inside the block's shared memory or one global allocation. NULL for
 * anything else: the executor then does the work, its diagnostics included. Each executing lane's
 * address goes to x->mem_addr[l], as the executor leaves it. */
static inline uint64_t lane_base(const ws_dinsn *di, const uint64_t *base, unsigned l)
{
    return (di->imm3 & DK_ADDR_ROW32) ? ((const uint32_t *)base)[l] : base[l];
}
static inline uint8_t *mem_span(ws_exec *x, const ws_dinsn *di, const uint64_t *base, uint32_t exec)
{
    const uint64_t esz = di->imm3 & 15, off = di->imm, wrap = di->imm2;
    /* lane l's offset from a0, l * esz, in 32 bits (at most 31 * 15): the vector code of a 64-bit
     * product is three multiplies of halves */
    const uint32_t e32 = (uint32_t)esz;
    uint64_t a0, n;
    if (exec == FULL_MASK) {
        uint64_t apart = 0;
        a0 = (lane_base(di, base, 0) + off) & wrap;
        if ((di->imm3 & DK_ADDR_ROW32) && wrap <= UINT32_MAX) { /* in 32-bit lanes, as mem_lanes */
            const uint32_t *b32 = (const uint32_t *)base, o32 = (uint32_t)off, w32 = (uint32_t)wrap;
            const uint32_t a32 = (uint32_t)a0;
            uint32_t apart32 = 0;
            for (unsigned l = 0; l < 32; l++)
                apart32 |= ((b32[l] + o32) & w32) ^ (a32 + l * e32);
            apart = apart32;
        } else if (di->imm3 & DK_ADDR_ROW32) {
            const uint32_t *b32 = (const uint32_t *)base;
            for (unsigned l = 0; l < 32; l++)
                apart |= ((b32[l] + off) & wrap) ^ (a0 + (uint32_t)(l * e32));
        } else {
            for (unsigned l = 0; l < 32; l++)
                apart |= ((base[l] + off) & wrap) ^ (a0 + (uint32_t)(l * e32));
        }
        if (apart)
            return NULL;
        for (unsigned l = 0; l < 32; l++)
            x->mem_addr[l] = a0 + (uint32_t)(l * e32);
        n = 32;
    } else if (exec && !(exec & (exec - 1))) {
        unsigned l = (unsigned)__builtin_ctz(exec);
        a0 = x->mem_addr[l] = (lane_base(di, base, l) + off) & wrap;
        n = 1;
    } else {
        return NULL;
    }
    if (a0 & (esz - 1))
        return NULL;
    if (di->c == WS_SPACE_SHARED)
        return a0 < x->blk->shared_size && n * esz <= x->blk->shared_size - a0 ? x->blk->shared + a0 : NULL;
    ws_alloc *al = ws_find_alloc(x->L->sim, a0, n * esz);
    return al ? al->data + (a0 - al->base) : NULL;
}
#include "interp_mem.h" /* the other lanes' patterns: mem_lanes, after lane_base */

/* Dispatch: threaded code where the compiler has labels as values (GCC, clang): every handler
 * ends with its own jump to the next instruction's handler, which the processor predicts per
 * handler (one shared jump, a switch's, mispredicts where the kernel's sequence of forms
 * repeats with a long period). Elsewhere a switch of gotos. The table and the switch are one
 * list: WS_INTERP_HANDLERS. */
#if defined(__GNUC__) && !defined(WS_INTERP_SWITCH)
#define WS_INTERP_THREADED 1
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wpedantic" /* labels as values */
#else
#define WS_INTERP_THREADED 0
#endif

/* X(dispatch value, handler label) for every value of ws_dinsn.disp */
#define WS_HANDLER_RR_RI(name, ...) X(WS_FK_##name##_RR, h_##name##_RR) X(WS_FK_##name##_RI, h_##name##_RI)
#define WS_HANDLER_SETP_RR_RI(name, ...)                                                                               \
    X(WS_FK_SETP_##name##_RR, h_SETP_##name##_RR) X(WS_FK_SETP_##name##_RI, h_SETP_##name##_RI)
#define WS_HANDLER_MOV(w, ...) X(WS_FK_MOV##w##_R, h_MOV##w##_R) X(WS_FK_MOV##w##_I, h_MOV##w##_I)
#define WS_HANDLER_CVT(w, ...) X(WS_FK_CVT_##w, h_CVT_##w)
#define WS_HANDLER_SELP(v)     X(WS_FK_SELP32_##v, h_SELP32_##v)
#define WS_INTERP_HANDLERS(X)                                                                                          \
    X(DK_GENERAL, h_general)                                                                                           \
    WS_FAST_BINARY(WS_HANDLER_RR_RI)                                                                                   \
    WS_FAST_SETP(WS_HANDLER_SETP_RR_RI)                                                                                \
    X(WS_FK_MAD32_RRR, h_MAD32_RRR)                                                                                    \
    X(WS_FK_MAD32_RRI, h_MAD32_RRI)                                                                                    \
    X(WS_FK_MAD32_RIR, h_MAD32_RIR)                                                                                    \
    X(WS_FK_MAD32_RII, h_MAD32_RII)                                                                                    \
    WS_FAST_MOV(WS_HANDLER_MOV)                                                                                        \
    WS_FAST_CVT_ROWS(WS_HANDLER_CVT)                                                                                   \
    WS_FAST_SELP(WS_HANDLER_SELP)                                                                                      \
    X(DK_LEAVE, h_check) /* never dispatched: DK_STOP_LEAVE stops it in h_check */                                     \
    X(DK_BRA, h_bra)                                                                                                   \
    X(DK_SHFL_PERM, h_SHFL_PERM)                                                                                       \
    X(DK_LD_PARAM, h_LD_PARAM)                                                                                         \
    X(DK_SREG, h_SREG)                                                                                                 \
    X(DK_LD, h_LD)                                                                                                     \
    X(DK_ST, h_ST)                                                                                                     \
    X(DK_WARPSYNC, h_WARPSYNC)                                                                                         \
    X(DK_CHECK, h_check)

/* An unguarded constant shuffle or warp sync is dispatched to its handler (decode.c), which
 * looks at no stop: a run where a stop may apply to collectives (a diverged group's, the
 * uninitialised-value check's: stop beyond DK_STOP_LEAVE) sends them to h_check instead, the
 * dispatch of the next instruction through that run's table (GOTO_NEXT) */
#define STOPPED_HERE(v) ((unsigned)(v) == DK_SHFL_PERM || (unsigned)(v) == DK_WARPSYNC)
#if WS_INTERP_THREADED
#define GOTO_HANDLER(v) goto *handlers_[v]
#define GOTO_NEXT(v)    goto *table_[v]
#else
#define GOTO_HANDLER(v)                                                                                                \
    do {                                                                                                               \
        disp_ = (v);                                                                                                   \
        goto dispatch_;                                                                                                \
    } while (0)
#define GOTO_NEXT(v) GOTO_HANDLER(STOPPED_HERE(v) && collectives_stop ? DK_CHECK : (v))
#endif

/* The next instruction, if the stretch goes on (di below lim: stretch_lim): its handler, or
 * h_check (ws_dinsn.disp); at lim, the end of the run or (at_lim) the region loop's next group */
#define HEAD()                                                                                                         \
    do {                                                                                                               \
        if ((uintptr_t)di >= lim)                                                                                      \
            goto at_lim;                                                                                               \
        exec = live;                                                                                                   \
        GOTO_NEXT(di->disp);                                                                                           \
    } while (0)
/* The end of a handler: the instruction counted, on to the next */
#define NEXT()                                                                                                         \
    do {                                                                                                               \
        n++;                                                                                                           \
        lanes += (uint64_t)__builtin_popcount(exec);                                                                   \
        di++;                                                                                                          \
        HEAD();                                                                                                        \
    } while (0)

/* A 32-lane loop whose lane l reads lane l of its rows and writes lane l of one: its rows are the
 * same or apart, so no lane's write reaches another lane's read, and the compiler may make vector
 * code without its test of overlap (where it knows the pragma; elsewhere it tests) */
#if defined(__clang__)
#define LANES_APART _Pragma("clang loop vectorize(assume_safety)")
#elif defined(__GNUC__)
#define LANES_APART _Pragma("GCC ivdep")
#else
#define LANES_APART
#endif
/* Rows of one width are the same or apart, lane for lane (rows of two widths that met would
 * not be lane for lane) */
#define SAME_WIDTH(TD, TA, TB) (sizeof(TD) == sizeof(TA) && sizeof(TD) == sizeof(TB))

/* The binary forms, the most frequent: all 32 lanes, vector code (name##_rows) where the
 * destination is a source of the same width or none of them, else WRITE */
#define CASE_RR_RI(name, TD, TA, TB, expr)                                                                             \
    h_##name##_RR:                                                                                                     \
    {                                                                                                                  \
        const TA *a_ = RT(const TA, di->a);                                                                            \
        const TB *b_ = RT(const TB, di->b);                                                                            \
        if (exec == FULL_MASK && (SAME_WIDTH(TD, TA, TB) || (di->d != di->a && di->d != di->b)))                       \
            name##_rows(RT(TD, di->d), a_, b_);                                                                        \
        else                                                                                                           \
            WRITE(TD, name##_expr(a_[l], b_[l]));                                                                      \
        NEXT();                                                                                                        \
    }                                                                                                                  \
    h_##name##_RI:                                                                                                     \
    {                                                                                                                  \
        const TA *a_ = RT(const TA, di->a);                                                                            \
        const TB bi_ = (TB)di->imm;                                                                                    \
        if (exec == FULL_MASK && (sizeof(TD) == sizeof(TA) || di->d != di->a))                                         \
            name##_row_imm(RT(TD, di->d), a_, bi_);                                                                    \
        else                                                                                                           \
            WRITE(TD, name##_expr(a_[l], bi_));                                                                        \
        NEXT();                                                                                                        \
    }
#define EXPR(name, TD, TA, TB, expr)                                                                                   \
    static inline TD name##_expr(TA A, TB B) { return (TD)(expr); }                                                    \
    static inline void name##_rows(TD *d, const TA *a, const TB *b)                                                    \
    {                                                                                                                  \
        LANES_APART for (unsigned l = 0; l < 32; l++) d[l] = name##_expr(a[l], b[l]);                                  \
    }                                                                                                                  \
    static inline void name##_row_imm(TD *d, const TA *a, TB b)                                                        \
    {                                                                                                                  \
        LANES_APART for (unsigned l = 0; l < 32; l++) d[l] = name##_expr(a[l], b);                                     \
    }

/* setp: the lanes' results as a word of bits (t_), stored by store_predicates */
#define CASE_SETP(name, T, CMP, TS)                                                                                    \
    h_SETP_##name##_RR:                                                                                                \
    {                                                                                                                  \
        const TS *a_ = RT(const TS, di->a), *b_ = RT(const TS, di->b);                                                 \
        t_ = 0;                                                                                                        \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            t_ |= (uint32_t)((T)a_[l] CMP(T) b_[l]) << l;                                                              \
        goto store_predicates;                                                                                         \
    }                                                                                                                  \
    h_SETP_##name##_RI:                                                                                                \
    {                                                                                                                  \
        const TS *a_ = RT(const TS, di->a);                                                                            \
        const T bv_ = (T)di->imm;                                                                                      \
        t_ = 0;                                                                                                        \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            t_ |= (uint32_t)((T)a_[l] CMP bv_) << l;                                                                   \
        goto store_predicates;                                                                                         \
    }

/* mov of a row or an immediate, cvt between integer rows */
#define CASE_MOV(w, TD, TA)                                                                                            \
    h_MOV##w##_R:                                                                                                      \
    {                                                                                                                  \
        const TA *a_ = RT(const TA, di->a);                                                                            \
        WRITE(TD, (TD)a_[l]);                                                                                          \
        NEXT();                                                                                                        \
    }                                                                                                                  \
    h_MOV##w##_I:                                                                                                      \
    {                                                                                                                  \
        const TD v_ = (TD)di->imm;                                                                                     \
        WRITE(TD, v_);                                                                                                 \
        NEXT();                                                                                                        \
    }
#define CASE_CVT(w, TD, TA)                                                                                            \
    h_CVT_##w:                                                                                                         \
    {                                                                                                                  \
        const TA *a_ = RT(const TA, di->a);                                                                            \
        const uint64_t fm_ = di->imm, sb_ = di->imm2, tm_ = di->imm3;                                                  \
        WRITE(TD, (TD)(WS_FAST_CVT((uint64_t)a_[l], fm_, sb_, tm_)));                                                  \
        NEXT();                                                                                                        \
    }

/* The handlers below are the run loop's and the step entry's (WS_INTERP_STEP): each once. */
#define CASE_MAD32                                                                                                     \
    h_MAD32_RRR : {                                                                                                    \
        const uint32_t *a_ = RT(const uint32_t, di->a), *b_ = RT(const uint32_t, di->b),                               \
                       *c_ = RT(const uint32_t, di->c);                                                                \
        WRITE(uint32_t, WS_FAST_MAD32(a_[l], b_[l], c_[l]));                                                           \
        NEXT();                                                                                                        \
    }                                                                                                                  \
    h_MAD32_RRI : {                                                                                                    \
        const uint32_t *a_ = RT(const uint32_t, di->a), *b_ = RT(const uint32_t, di->b), ci_ = (uint32_t)di->imm2;     \
        WRITE(uint32_t, WS_FAST_MAD32(a_[l], b_[l], ci_));                                                             \
        NEXT();                                                                                                        \
    }                                                                                                                  \
    h_MAD32_RIR : {                                                                                                    \
        const uint32_t *a_ = RT(const uint32_t, di->a), bi_ = (uint32_t)di->imm, *c_ = RT(const uint32_t, di->c);      \
        WRITE(uint32_t, WS_FAST_MAD32(a_[l], bi_, c_[l]));                                                             \
        NEXT();                                                                                                        \
    }                                                                                                                  \
    h_MAD32_RII : {                                                                                                    \
        const uint32_t *a_ = RT(const uint32_t, di->a), bi_ = (uint32_t)di->imm, ci_ = (uint32_t)di->imm2;             \
        WRITE(uint32_t, WS_FAST_MAD32(a_[l], bi_, ci_));                                                               \
        NEXT();                                                                                                        \
    }
#define CASE_SELP32                                                                                                    \
    h_SELP32_RR : {                                                                                                    \
        const uint32_t c_ = (uint32_t)*R(di->c), *a_ = RT(const uint32_t, di->a), *b_ = RT(const uint32_t, di->b);     \
        WRITE(uint32_t, (c_ >> l & 1) ? a_[l] : b_[l]);                                                                \
        NEXT();                                                                                                        \
    }                                                                                                                  \
    h_SELP32_RI : {                                                                                                    \
        const uint32_t c_ = (uint32_t)*R(di->c), *a_ = RT(const uint32_t, di->a), bi_ = (uint32_t)di->imm2;            \
        WRITE(uint32_t, (c_ >> l & 1) ? a_[l] : bi_);                                                                  \
        NEXT();                                                                                                        \
    }                                                                                                                  \
    h_SELP32_IR : {                                                                                                    \
        const uint32_t c_ = (uint32_t)*R(di->c), ai_ = (uint32_t)di->imm, *b_ = RT(const uint32_t, di->b);             \
        WRITE(uint32_t, (c_ >> l & 1) ? ai_ : b_[l]);                                                                  \
        NEXT();                                                                                                        \
    }                                                                                                                  \
    h_SELP32_II : {                                                                                                    \
        const uint32_t c_ = (uint32_t)*R(di->c), ai_ = (uint32_t)di->imm, bi_ = (uint32_t)di->imm2;                    \
        WRITE(uint32_t, (c_ >> l & 1) ? ai_ : bi_);                                                                    \
        NEXT();                                                                                                        \
    }
#define CASE_LD_PARAM                                                                                                    \
    h_LD_PARAM : {                                                                                                       \
        /* every lane reads the same bytes: read once (ws_mem_translate's bounds were checked at                       \
         * decode time) */ \
        uint64_t v_ = 0;                                                                                                 \
        memcpy(&v_, L->params + di->imm, di->imm2 == 8 ? 8 : 4);                                                         \
        if (di->d_row == WS_ROW_32) {                                                                                    \
            const uint32_t v32_ = (uint32_t)v_;                                                                          \
            WRITE(uint32_t, v32_);                                                                                       \
        } else {                                                                                                         \
            WRITE(uint64_t, v_);                                                                                         \
        }                                                                                                                \
        NEXT();                                                                                                          \
    }
#define CASE_SREG                                                                                                        \
    h_SREG : {                                                                                                           \
        /* %tid, %ntid, %ctaid, %nctaid, %laneid: the row of the warp's values, a vector fill where                    \
         * it is base + step * lane (ws_sreg_affine), else the executor */ \
        uint64_t base_, step_;                                                                                           \
        if (!ws_sreg_affine(x, (unsigned)di->imm, &base_, &step_))                                                       \
            goto h_general;                                                                                              \
        if (di->d_row == WS_ROW_32) {                                                                                    \
            const uint32_t b32_ = (uint32_t)base_, s32_ = (uint32_t)step_;                                               \
            WRITE(uint32_t, b32_ + s32_ * l);                                                                            \
        } else {                                                                                                         \
            WRITE(uint64_t, base_ + step_ * l);                                                                          \
        }                                                                                                                \
        NEXT();                                                                                                          \
    }
#define CASE_LD_ST                                                                                                       \
    h_LD : {                                                                                                             \
        /* ex_ld with the bytes found in one check (mem_span); else, or where ex_ld does more (the                     \
         * uninitialised-value check, poisoned shared words, --slow-path exec), the executor. The                      \
         * row's elements take the bytes zero-extended: 32-bit rows for up to 4 bytes, 64-bit for 8                    \
         * (decode_mem). */ \
        uint8_t *p_;                                                                                                     \
        uint32_t offs_[32];                                                                                              \
        if (x->blk->shadow || (L->slow & WS_SLOW_EXEC) || (di->c == WS_SPACE_SHARED && x->blk->poison_shared))           \
            goto h_general;                                                                                              \
        if (exec == FULL_MASK && (di->imm3 & DK_SHARED_WORD) && shared_words(x, di, regs))                               \
            NEXT();                                                                                                      \
        const unsigned esz_ = (unsigned)(di->imm3 & 15);                                                                 \
        if (!(p_ = mem_span(x, di, R(di->a), exec))) {                                                                   \
            if (!(p_ = mem_lanes(x, di, R(di->a), exec, offs_)))                                                         \
                goto h_general;                                                                                          \
            load_lanes(R(di->d), p_, offs_, esz_, exec);                                                                 \
            L->stats.shared_accesses += di->c == WS_SPACE_SHARED;                                                        \
            NEXT();                                                                                                      \
        }                                                                                                                \
        if (exec == FULL_MASK) {                                                                                         \
            if (esz_ == 4 || esz_ == 8) {                                                                                \
                memcpy(R(di->d), p_, 32 * esz_);                                                                         \
            } else if (esz_ == 2) {                                                                                      \
                uint32_t *d_ = RT(uint32_t, di->d);                                                                      \
                for (unsigned l = 0; l < 32; l++) {                                                                      \
                    uint16_t e_;                                                                                         \
                    memcpy(&e_, p_ + 2 * l, 2);                                                                          \
                    d_[l] = e_;                                                                                          \
                }                                                                                                        \
            } else {                                                                                                     \
                uint32_t *d_ = RT(uint32_t, di->d);                                                                      \
                for (unsigned l = 0; l < 32; l++)                                                                        \
                    d_[l] = p_[l];                                                                                       \
            }                                                                                                            \
        } else {                                                                                                         \
            const unsigned l_ = (unsigned)__builtin_ctz(exec);                                                           \
            uint64_t v_ = 0;                                                                                             \
            memcpy(&v_, p_, esz_);                                                                                       \
            if (di->d_row == WS_ROW_32)                                                                                  \
                RT(uint32_t, di->d)[l_] = (uint32_t)v_;                                                                  \
            else                                                                                                         \
                R(di->d)[l_] = v_;                                                                                       \
        }                                                                                                                \
        L->stats.shared_accesses += di->c == WS_SPACE_SHARED;                                                            \
        NEXT();                                                                                                          \
    }                                                                                                                    \
    h_ST : {                                                                                                             \
        /* ex_st likewise; the elements are apart, so the order of the lanes' stores does not matter;                  \
         * each lane's low bytes (little-endian) */ \
        uint8_t *p_;                                                                                                     \
        uint32_t offs_[32];                                                                                              \
        if (x->blk->shadow || (L->slow & WS_SLOW_EXEC))                                                                  \
            goto h_general;                                                                                              \
        if (exec == FULL_MASK && (di->imm3 & DK_SHARED_WORD) && shared_words(x, di, regs))                               \
            NEXT();                                                                                                      \
        const unsigned esz_ = (unsigned)(di->imm3 & 15);                                                                 \
        if (!(p_ = mem_span(x, di, R(di->a), exec))) {                                                                   \
            if (!(p_ = mem_lanes(x, di, R(di->a), exec, offs_)))                                                         \
                goto h_general;                                                                                          \
            store_lanes(p_, R(di->b), offs_, esz_, exec);                                                                \
            L->stats.shared_accesses += di->c == WS_SPACE_SHARED;                                                        \
            NEXT();                                                                                                      \
        }                                                                                                                \
        if (exec == FULL_MASK) {                                                                                         \
            if (esz_ == 4 || esz_ == 8) {                                                                                \
                memcpy(p_, R(di->b), 32 * esz_);                                                                         \
            } else if (esz_ == 2) {                                                                                      \
                const uint32_t *v_ = RT(uint32_t, di->b);                                                                \
                for (unsigned l = 0; l < 32; l++) {                                                                      \
                    uint16_t e_ = (uint16_t)v_[l];                                                                       \
                    memcpy(p_ + 2 * l, &e_, 2);                                                                          \
                }                                                                                                        \
            } else {                                                                                                     \
                const uint32_t *v_ = RT(uint32_t, di->b);                                                                \
                for (unsigned l = 0; l < 32; l++)                                                                        \
                    p_[l] = (uint8_t)v_[l];                                                                              \
            }                                                                                                            \
        } else {                                                                                                         \
            const unsigned l_ = (unsigned)__builtin_ctz(exec);                                                           \
            const uint8_t *v_ = (const uint8_t *)R(di->b) + (size_t)l_ * (di->d_row == WS_ROW_32 ? 4 : 8);               \
            memcpy(p_, v_, esz_);                                                                                        \
        }                                                                                                                \
        L->stats.shared_accesses += di->c == WS_SPACE_SHARED;                                                            \
        NEXT();                                                                                                          \
    }

/* The ALU forms' handlers (fast_ops.h's rows) and the predicates' store setp's handlers end in: the same in the run
 * loop and in the step entry (whose NEXT ends the step) */
#define ALU_HANDLERS                                                                                                   \
    WS_FAST_BINARY(CASE_RR_RI)                                                                                         \
    WS_FAST_SETP(CASE_SETP)                                                                                            \
    CASE_MAD32                                                                                                         \
    WS_FAST_MOV(CASE_MOV)                                                                                              \
    WS_FAST_CVT_ROWS(CASE_CVT)                                                                                         \
    CASE_SELP32                                                                                                        \
    store_predicates:                                                                                                  \
    set_predicates(regs, di, exec, t_);                                                                                \
    NEXT();

/* The lanes in which a guard's row is not zero: a predicate's word, or (registers the parser
 * makes) a row */
static inline uint32_t guard_bits(const uint64_t *r, unsigned row)
{
    uint32_t m = 0;
    if (row == WS_ROW_PRED)
        return (uint32_t)*r;
    for (unsigned l = 0; l < 32; l++)
        m |= (uint32_t)(row == WS_ROW_32 ? ((const uint32_t *)r)[l] != 0 : r[l] != 0) << l;
    return m;
}

WS_FAST_BINARY(EXPR)

/* setp's results t (a bit per lane) in its first destination, !t in the second (after the first,
 * as ex_setp does), in the lanes of exec */
static inline void set_predicates(uint64_t *regs, const ws_dinsn *di, uint32_t exec, uint32_t t)
{
    uint64_t *d = R(di->d);
    *d = (*d & ~(uint64_t)exec) | (t & exec);
    if (di->p != WS_NO_REG) {
        uint64_t *q = R(di->p);
        *q = (*q & ~(uint64_t)exec) | (~t & exec);
    }
}

/* What a constant shuffle leaves besides its values: the predicate. (x->coll_exec, the lanes of
 * all membermask groups, is ws_collective's, which sets it before anything reads it; the count
 * is the caller's.) */
static inline void shfl_done(const ws_dinsn *di, const ws_dshfl *s, uint64_t *regs)
{
    if (di->p != WS_NO_REG)
        *R(di->p) = s->in_range;
}

/* Whether a warp's collectives may take their handlers' paths (no collective has split it:
 * ws_split_check finds nothing) */
static inline int warp_unsplit(const ws_exec *x)
{
    return !x->w->split[WS_SPLIT_CALLS].n && !x->w->split[WS_SPLIT_MASKS].n;
}

#if WS_INTERP_SIMD
/* A constant shuffle (DK_SHFL_PERM): what ws_collective and shuffle_full do for one instruction,
 * all 32 lanes and a full constant membermask, in a warp no collective has split (ws_split_check:
 * nothing). Returns 0, having done nothing, otherwise (its executor then). */
static inline int shfl_insn(ws_exec *x, const ws_dinsn *di, uint64_t *regs, uint32_t exec)
{
    if (exec != FULL_MASK || !warp_unsplit(x))
        return 0;
    shfl_perm(RT(uint32_t, di->d), RT(const uint32_t, di->a), di->shfl);
    shfl_done(di, di->shfl, regs);
    x->L->stats.shfl++;
    return 1;
}
#endif

/* The DK_STOP_* that stop the run loop (warp.c runs those instructions): under check_uninitialized,
 * the instructions whose check is not proven needless; in a diverged group, collectives and, but
 * at the first instruction (the scheduler has seen to it), reconvergence points */
static inline uint8_t run_stops(const ws_exec *x)
{
    return DK_STOP_LEAVE | (x->blk->shadow ? DK_STOP_UNINIT : 0) |
           (x->stretch_end ? DK_STOP_COLLECTIVE | DK_STOP_RECONV : 0);
}

/* Where a run at pc stops, as an address in insns: the stretch's end (end; UINT32_MAX for a
 * converged warp's, which has none), or the instruction the budget left (left) reaches when the run
 * goes straight on, whichever is first. Straight on, the next instruction is one more, so one
 * compare with the limit counts the budget and finds the stretch's end; a branch that moves
 * elsewhere computes the limit again. */
static inline uintptr_t stretch_lim(const ws_dinsn *insns, uint32_t pc, uint64_t left, uint32_t end)
{
    const uint64_t room = pc < end ? end - pc : 0;
    return (uintptr_t)insns + (uintptr_t)(pc + (left < room ? left : room)) * sizeof *insns;
}

uint64_t WS_INTERP_RUN(ws_exec *x, const ws_dkernel *dk, uint32_t *pc_io, uint64_t budget, uint64_t *lanes_io,
                       int *yield, int *ended)
{
    ws_launch_ctx *L = x->L;
    uint64_t *const regs = x->regs;
    uint32_t live = x->active; /* the warp's live lanes, or a diverged warp's group */
    uint32_t end = x->stretch_end ? x->stretch_end : UINT32_MAX;
    /* the instruction as a pointer into the decoded kernel (its pc: PC): the next one is di + 1 */
    const ws_dinsn *const insns = dk->insns;
#define PC ((uint32_t)(di - insns))
    const uint32_t pc0 = *pc_io;
    uint64_t n = 0, lanes = 0;
    /* the block's cycle, one per instruction (ws_warp_run_converged's), stored before an
     * executor runs (%clock reads it) and at the end */
    const uint64_t cycle0 = x->blk->cycle;
    uint32_t t_ = 0; /* setp's result, a bit per lane */
#if !WS_INTERP_SIMD
    /* a constant shuffle's values with 32 lanes of zeros either side: a shift by k reads
     * pad_ + 32 + k, no index out of the array */
    uint32_t pad_[96];
    int pad_zeroed = 0; /* zeroed at the first shuffle: a short stretch (a diverged group's) has none */
#endif
    uint8_t stop = run_stops(x); /* what warp.c runs (a run in the region loop changes it: at_lim) */
    /* FULL_MASK once a collective's handler (DK_SHFL_PERM, DK_WARPSYNC) found that no collective
     * has split the warp; until then, and after a collective's executor (it may split the warp),
     * UINT64_MAX, which no lanes are, and the handlers look. A constant shuffle takes its path
     * when its lanes are this. */
    uint64_t coll_whole = UINT64_MAX;
    const ws_dinsn *di;
    uint32_t exec; /* the lanes that run di */
    /* a converged warp's skipped region (ws_dinsn.imm2 of DK_BRA): at rejoin (NULL: none), the
     * lanes rejoin_live go on together again */
    const ws_dinsn *rejoin = NULL;
    uint32_t rejoin_live = live;
#if WS_INTERP_THREADED
#define X(v, label) [v] = &&label,
    static const void *const handlers_[DK_DISPATCH_COUNT] = {WS_INTERP_HANDLERS(X)};
#undef X
#define X(v, label) [v] = STOPPED_HERE(v) ? &&h_check : &&label,
    static const void *const handlers_stopping_[DK_DISPATCH_COUNT] = {WS_INTERP_HANDLERS(X)};
#undef X
    const void *const *table_ = stop == DK_STOP_LEAVE ? handlers_ : handlers_stopping_;
#define SET_STOPS()                                                                                                    \
    do {                                                                                                               \
        stop = run_stops(x);                                                                                           \
        table_ = stop == DK_STOP_LEAVE ? handlers_ : handlers_stopping_;                                               \
    } while (0)
#else
    unsigned disp_;
    int collectives_stop = stop != DK_STOP_LEAVE;
#define SET_STOPS()                                                                                                    \
    do {                                                                                                               \
        stop = run_stops(x);                                                                                           \
        collectives_stop = stop != DK_STOP_LEAVE;                                                                      \
    } while (0)
#endif
    *yield = *ended = 0;
    /* the first instruction: as h_check, but a reconvergence point does not stop it */
    if (!budget || pc0 >= end)
        return 0;
    di = insns + pc0;
    uintptr_t lim = stretch_lim(insns, pc0, budget, end);
    exec = live;
    if (di->stops & stop & ~DK_STOP_RECONV)
        goto out;
    goto guard;

    /* an instruction with a guard, a branch, or one some DK_STOP_* may stop (ws_dinsn.disp) */
h_check:
    if (di == rejoin) { /* the end of a skipped region: the taken lanes waited here */
        live = exec = rejoin_live;
        rejoin = NULL;
    }
    if (di->stops & stop)
        goto out; /* what moves lanes is warp.c's, and the rest of DK_STOP_* */
guard:
    if (di->guard != WS_NO_REG) { /* ws_guard_mask on the decoded row */
        uint32_t m = guard_bits(R(di->guard), di->guard_row);
        exec = (di->guard_neg ? ~m : m) & live;
    }
    if (di->kind == DK_BRA)
        goto h_bra;
    if (!exec) { /* nothing runs, but a strong load still ends the warp's turn */
        n++;
        if (di->ends) {
            *yield = di->yields;
            *ended = 1;
            di++;
            goto out;
        }
        di++;
        HEAD();
    }
    GOTO_HANDLER(di->kind);

h_bra:                          /* ex_bra's uniform case */
    if (exec != live && exec) { /* divergent */
        const uint32_t pc = PC;
        if (!x->stretch_end && di->imm2 && !rejoin && !x->blk->shadow && budget - n >= di->imm - pc) {
            /* a converged warp's over a region it may skip (decode.c, skip_region): the lanes
             * that fall through run it, the taken ones wait at the target, which the budget
             * reaches; nothing in it stops the stretch but a launch that stops */
            n++;
            lanes += (uint64_t)__builtin_popcount(exec);
            rejoin = insns + di->imm;
            rejoin_live = live;
            live &= ~exec;
            di++;
            HEAD();
        }
        if (!x->stretch_end) {
            /* a converged warp's: ex_bra splits it (the executor ws_warp_run_converged would
             * run; with the target past pc + 1 it leaves two groups) and the stretch ends */
            if (rejoin || (uint32_t)di->imm == pc + 1)
                goto out;
            if (x->region) { /* converged in the region loop's run (at_lim): a diverged group's split */
                ws_region_diverge(x);
                SET_STOPS();
                goto diverged_split;
            }
            n++;
            lanes += (uint64_t)__builtin_popcount(exec);
            x->in = &L->code[pc];
            x->pc = x->w->cpc = pc;
            x->blk->cycle = cycle0 + n;
            L->xfn[pc](x, x->in, exec);
            *ended = 1;
            di++;
            goto out;
        }
        /* a diverged group's: ex_bra splits it, and the part with the lower pc is the group the
         * scheduler picks next (every other is at end or above); it goes on */
    diverged_split:;
        const uint32_t target = (uint32_t)di->imm;
        n++;
        lanes += (uint64_t)__builtin_popcount(exec);
        x->active = live;
        if (!x->region) { /* ex_bra's */
            x->in = &L->code[pc];
            x->pc = pc;
            x->blk->cycle = cycle0 + n;
        }
        ws_stretch_branch(x, pc, target, (uint32_t)di->imm3, exec);
        if (target == pc + 1) { /* both ways lead to pc + 1: still one group */
            di++;
        } else if (target <= pc) { /* a loop's back edge: the taken lanes */
            live = exec;
            end = end < pc + 1 ? end : pc + 1;
            di = insns + target;
        } else { /* forward: those that fall through (target > pc + 1: ex_bra split them) */
            live &= ~exec;
            end = end < target ? end : target;
            di++;
        }
        lim = stretch_lim(insns, PC, budget - n, end);
        x->active = live;
        HEAD();
    }
    n++;
    lanes += (uint64_t)__builtin_popcount(exec);
    if (exec) { /* taken: the limit from the target */
        const uint32_t target = (uint32_t)di->imm;
        di = insns + target;
        lim = stretch_lim(insns, target, budget - n, end);
    } else {
        di++;
    }
    HEAD();

    ALU_HANDLERS
h_SHFL_PERM : {
    /* what ws_collective and shuffle_full do for one instruction, all 32 lanes and a full
     * constant membermask, in a warp no collective has split (ws_split_check: nothing); no stop
     * applies here (GOTO_NEXT) */
    if ((uint64_t)exec != coll_whole) {
        if (exec != FULL_MASK || !warp_unsplit(x))
            goto h_general;
        coll_whole = FULL_MASK;
    }
    const ws_dshfl *s_ = di->shfl;
#if WS_INTERP_SIMD
    shfl_perm(RT(uint32_t, di->d), RT(const uint32_t, di->a), s_);
#else
    {
        const uint32_t *a_ = RT(const uint32_t, di->a);
        uint32_t *d_ = RT(uint32_t, di->d);
        uint32_t *val_ = pad_ + 32; /* a copy: d may be a */
        if (!pad_zeroed) {
            memset(pad_, 0, sizeof pad_);
            pad_zeroed = 1;
        }
        for (unsigned l = 0; l < 32; l++)
            val_[l] = a_[l];
        if (s_->shifted) { /* up, down: lanes of take read l + shift, the others their own */
            const uint32_t *from_ = val_ + s_->shift;
            for (unsigned l = 0; l < 32; l++)
                d_[l] = (from_[l] & s_->take[l]) | (val_[l] & ~s_->take[l]);
        } else {
            for (unsigned l = 0; l < 32; l++)
                d_[l] = val_[s_->src[l]];
        }
    }
#endif
    shfl_done(di, s_, regs);
    L->stats.shfl++;
    NEXT();
}
    CASE_LD_PARAM
    CASE_SREG
    CASE_LD_ST
h_WARPSYNC:
    /* what ws_collective does for it: every executing lane is in the membermask (no report, one
     * group) and, in a warp no collective has split, ws_split_check finds nothing; the lanes are
     * together already (a converged stretch, or the scheduler's group) */
    if (coll_whole == FULL_MASK)
        NEXT();
    if (warp_unsplit(x)) {
        coll_whole = FULL_MASK;
        NEXT();
    }
    goto h_general;
h_general : {
    const uint32_t pc = PC;
    const ws_insn *in = &L->code[pc];
    x->in = in;
    x->pc = pc;
    x->blk->cycle = cycle0 + n + 1;
    L->xfn[pc](x, in, exec);
    if (di->stops & DK_STOP_COLLECTIVE) /* a collective may split the warp (ptxas.c) */
        coll_whole = UINT64_MAX;
    if (L->stop || di->ends) { /* a strong load ends the warp's turn, a call the stretch */
        n++;
        lanes += (uint64_t)__builtin_popcount(exec);
        *yield = di->yields;
        di++;
        *ended = 1;
        goto out;
    }
    NEXT();
}

at_lim:
    /* the budget's end, or the stretch's: in the region loop (x->region) a diverged group's end with
     * budget left is the next step's start, which the run takes when it is a stretch (ws_region_hop:
     * the next group, or the whole warp converged) */
    if (!x->region || n >= budget)
        goto out;
    {
        const uint32_t to_ = ws_region_hop(x, PC);
        if (to_ == UINT32_MAX)
            goto out;
        di = insns + to_;
        live = exec = x->active;
        end = x->stretch_end;
        if (!end) { /* converged: the converged warp's stops */
            end = UINT32_MAX;
            SET_STOPS();
        }
        /* the run's first instruction, as at the start (a stop: region_steps takes the step, the
         * group as ws_region_hop left it) */
        if (di->stops & stop & ~DK_STOP_RECONV)
            goto out;
        lim = stretch_lim(insns, to_, budget - n, end);
        goto guard;
    }

#if !WS_INTERP_THREADED
dispatch_:
    switch (disp_) {
#define X(v, label)                                                                                                    \
    case v: goto label;
        WS_INTERP_HANDLERS(X)
#undef X
    }
    goto h_general; /* not reached: every value of disp has its handler */
#endif

out:
    x->blk->cycle = cycle0 + n;
    *pc_io = PC;
    *lanes_io += lanes;
    return n;
#undef PC
#undef SET_STOPS
}

#undef NEXT
#define NEXT() goto done_
/* The step entry's (below) loads and special registers: out of its line, so that its own entry and
 * exit stay those of the ALU forms (these handlers take more of the host's registers, which the
 * step would save and restore at every call). exec: the guard's lanes. */
static __attribute__((noinline)) uint32_t step_mem(ws_exec *x, const ws_dinsn *di, uint32_t exec)
{
    ws_launch_ctx *const L = x->L;
    uint64_t *const regs = x->regs;
    switch (di->kind) {
    case DK_LD_PARAM: goto h_LD_PARAM;
    case DK_SREG: goto h_SREG;
    case DK_LD: goto h_LD;
    case DK_ST: goto h_ST;
    default: return 0;
    }
    CASE_LD_PARAM
    CASE_SREG
    CASE_LD_ST
h_general:
    return 0;
done_:
    return exec;
}

/* One instruction for the timing mode's issue (ws_interp_step_fn, interp_issue.c): the forms that
 * need no executor, the cycle or the run loop's state (ALU forms, setp, mad, selp, mov, cvt and, in
 * the SIMD variants, constant shuffles; step_mem's ld.param, special registers of ws_sreg_affine and
 * loads and stores of a row where the run loop takes them), through the run loop's own handlers (the
 * same macros), without the loop's entry and exit. Returns the lanes it ran (the guard's, never 0),
 * else 0 having done nothing (the caller runs it through the run loop then). */
uint32_t WS_INTERP_STEP(ws_exec *x, const ws_dkernel *dk, uint32_t pc)
{
    uint64_t *const regs = x->regs;
    const ws_dinsn *di = &dk->insns[pc];
    uint32_t exec = x->active, t_;
    if (di->stops && (di->stops & run_stops(x) & ~DK_STOP_RECONV)) /* most have none: run_stops not read */
        return 0;
    if (di->guard != WS_NO_REG) { /* as the run loop's guard */
        uint32_t m = guard_bits(R(di->guard), di->guard_row);
        exec = (di->guard_neg ? ~m : m) & exec;
    }
    if (!exec)
        return 0;
    switch (di->kind) {
#define X(v, label)                                                                                                    \
    case v: goto label;
        WS_FAST_BINARY(WS_HANDLER_RR_RI)
        WS_FAST_SETP(WS_HANDLER_SETP_RR_RI)
        X(WS_FK_MAD32_RRR, h_MAD32_RRR)
        X(WS_FK_MAD32_RRI, h_MAD32_RRI)
        X(WS_FK_MAD32_RIR, h_MAD32_RIR)
        X(WS_FK_MAD32_RII, h_MAD32_RII)
        WS_FAST_MOV(WS_HANDLER_MOV)
        WS_FAST_CVT_ROWS(WS_HANDLER_CVT)
        WS_FAST_SELP(WS_HANDLER_SELP)
#if WS_INTERP_SIMD
        X(DK_SHFL_PERM, h_SHFL_PERM)
#endif
#undef X
    case DK_LD_PARAM:
    case DK_SREG:
    case DK_LD:
    case DK_ST: return step_mem(x, di, exec);
    default: return 0;
    }
    ALU_HANDLERS
#if WS_INTERP_SIMD
h_SHFL_PERM:
    return shfl_insn(x, di, regs, exec) ? exec : 0;
#endif
done_:
    return exec;
}

#if WS_INTERP_THREADED
#pragma GCC diagnostic pop
#endif

/* What exec_warp.c's shuffle() computes for a merged shuffle when every lane's instruction is a
 * constant shuffle (WS_INTERP_MERGED: ws_merged_shfl_fn, interp_issue.h): with all 32 lanes
 * executing and one full membermask (the decoder proved it constant for each), membermask_groups
 * finds one group and nothing outside it, no lane reads an absent or outside lane, and in a warp
 * no collective has split ws_split_check reports nothing; so no diagnostic can arise and each
 * lane reads its own instruction's source lane (ws_dshfl.src) and range. The values are all read
 * before any is written, as in shuffle(): the lanes' sources blended into one row, each group's
 * routing applied to it as a whole row (shfl_perm where the variant has it) and blended into the
 * group's lanes of its destination. */
static inline void blend_lanes(uint32_t *restrict d, const uint32_t *restrict v, uint32_t lanes)
{
    for (unsigned l = 0; l < 32; l++) {
        const uint32_t m_ = 0u - (uint32_t)((lanes & lane_bit_[l]) != 0);
        d[l] = (m_ & v[l]) | (d[l] & ~m_);
    }
}
int WS_INTERP_MERGED(ws_exec *x, const ws_dkernel *dk, const uint32_t *gpc, const uint32_t *glanes, unsigned ng,
                     uint32_t exec)
{
    if (exec != FULL_MASK || x->ev || (x->L->slow & WS_SLOW_SHFL) || x->w->split[WS_SPLIT_CALLS].n ||
        x->w->split[WS_SPLIT_MASKS].n || !ng)
        return 0;
    for (unsigned j = 0; j < ng; j++)
        if (dk->insns[gpc[j]].kind != DK_SHFL_PERM)
            return 0;
    uint64_t *regs = x->regs;
    uint32_t val[32], got[32];
    /* a constant shuffle's rows are 32-bit (decode_shfl); the groups are disjoint and cover the
     * 32 lanes (exec is full). Groups that read one row that none of them writes read it in
     * place; otherwise a copy, blended from the groups' rows. */
    const uint32_t a0 = dk->insns[gpc[0]].a;
    const uint32_t *src = (const uint32_t *)(regs + a0);
    int copy = 0;
    for (unsigned j = 0; j < ng; j++)
        copy |= dk->insns[gpc[j]].a != a0 || dk->insns[gpc[j]].d == a0;
    if (copy) {
        memcpy(val, src, sizeof val);
        for (unsigned j = 1; j < ng; j++)
            blend_lanes(val, (const uint32_t *)(regs + dk->insns[gpc[j]].a), glanes[j]);
        src = val;
    }
    for (unsigned j = 0; j < ng; j++) {
        const ws_dinsn *di = &dk->insns[gpc[j]];
        const ws_dshfl *s = di->shfl;
#if WS_INTERP_SIMD
        shfl_perm(got, src, s);
#else
        for (unsigned l = 0; l < 32; l++)
            got[l] = src[s->src[l]];
#endif
        blend_lanes((uint32_t *)(regs + di->d), got, glanes[j]);
        if (di->p != WS_NO_REG) /* a predicate's word */
            regs[di->p] = (regs[di->p] & ~(uint64_t)glanes[j]) | (s->in_range & glanes[j]);
    }
    x->L->stats.shfl++;
    return 1;
}
