/* The decoded interpreter's run loop (interp.h, ws_interp_run_fn), included once per SIMD
 * variant by interp_base.c, interp_avx2.c and interp_avx512.c with WS_INTERP_RUN naming the
 * function: one source, compiled for each instruction set, so the variants cannot disagree
 * (ctest simd_variants compares their output byte for byte). Every handler computes what the
 * instruction's executor computes (the forms' expressions are fast_ops.h's, which exec_fast.c
 * expands too); an instruction without a handler runs through its executor. */
#include "decode.h"
#include "exec_fast.h"
#include "warp.h"

/* d[l] = value in the lanes of exec; value reads lane l of any row. With all 32 lanes, straight
 * into d: the destination may be a source row (rows are the same or apart), so the compiler
 * tests for overlap before its vector loop (-O3; the binary forms avoid even that: CASE_RR_RI) */
#define WRITE(value)                                                                                                   \
    do {                                                                                                               \
        uint64_t *dst_ = R(di->d);                                                                                     \
        if (exec == FULL_MASK) {                                                                                       \
            for (unsigned l = 0; l < 32; l++)                                                                          \
                dst_[l] = (value);                                                                                     \
        } else {                                                                                                       \
            WRITE_MASKED(value);                                                                                       \
        }                                                                                                              \
    } while (0)
/* WRITE's lanes of exec: with per-lane variable shifts (AVX2, AVX-512) a blend of the whole row,
 * each lane's mask made from its bit of exec in the vector; without them (SSE2) the row is
 * computed aside and the lanes of exec copied one by one (a blend without variable shifts costs
 * more: docs/performance.md, branch divergent4) */
#if WS_INTERP_SIMD || defined(__AVX2__)
#define WRITE_MASKED(value)                                                                                            \
    for (unsigned l = 0; l < 32; l++) {                                                                                \
        const uint64_t m_ = (uint64_t)0 - ((exec >> l) & 1);                                                           \
        dst_[l] = (m_ & (value)) | (dst_[l] & ~m_);                                                                    \
    }
#else
#define WRITE_MASKED(value)                                                                                            \
    do {                                                                                                               \
        uint64_t row_[32];                                                                                             \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            row_[l] = (value);                                                                                         \
        FOR_EACH_LANE(exec, k_)                                                                                        \
            dst_[k_] = row_[k_];                                                                                       \
    } while (0)
#endif

#define R(off) (regs + (off))

/* WS_INTERP_SIMD: 2 in interp_avx2.c, 3 in interp_avx512.c (with immintrin.h included there);
 * otherwise plain C for the build's own instruction set. */
#ifndef WS_INTERP_SIMD
#define WS_INTERP_SIMD 0
#endif

/* A constant shuffle's result, d[l] = (uint32_t)a[s->src[l]], in registers: a permutation that
 * goes through memory (a copy, then loads at lane offsets) makes the processor wait for the
 * copy's stores (a load that spans two of them cannot take its bytes from the store buffer).
 * Every lane of a is read before d is written: d may be a. */
#if WS_INTERP_SIMD == 3
static inline void shfl_perm(uint64_t *d, const uint64_t *a, const ws_dshfl *s)
{
    /* the 32-bit low halves of the 32 lanes in two vectors, then each 8 lanes of the result
     * from them, zero-extended (the odd 32-bit elements zeroed) */
    const __m512i even = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
    const __m512i lo = _mm512_permutex2var_epi32(_mm512_loadu_si512(a), even, _mm512_loadu_si512(a + 8));
    const __m512i hi = _mm512_permutex2var_epi32(_mm512_loadu_si512(a + 16), even, _mm512_loadu_si512(a + 24));
    for (unsigned j = 0; j < 4; j++)
        _mm512_storeu_si512(d + 8 * j,
                            _mm512_maskz_permutex2var_epi32(0x5555, lo, _mm512_loadu_si512(s->perm + 16 * j), hi));
}
#elif WS_INTERP_SIMD == 2
static inline void shfl_perm(uint64_t *d, const uint64_t *a, const ws_dshfl *s)
{
    /* gathers: each lane's load takes its bytes from one earlier store */
    const __m256i m32 = _mm256_set1_epi64x((long long)M32);
    __m256i v[8];
    for (unsigned j = 0; j < 8; j++)
        v[j] = _mm256_and_si256(_mm256_i32gather_epi64((const long long *)a,
                                                       _mm_loadu_si128((const __m128i *)(s->src32 + 4 * j)), 8),
                                m32);
    for (unsigned j = 0; j < 8; j++)
        _mm256_storeu_si256((__m256i *)(d + 4 * j), v[j]);
}
#endif

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
#define WS_INTERP_HANDLERS(X)                                                                                          \
    X(DK_GENERAL, h_general)                                                                                           \
    WS_FAST_BINARY(WS_HANDLER_RR_RI)                                                                                   \
    WS_FAST_SETP(WS_HANDLER_SETP_RR_RI)                                                                                \
    X(WS_FK_MAD32_RRR, h_MAD32_RRR)                                                                                    \
    X(WS_FK_MAD32_RRI, h_MAD32_RRI)                                                                                    \
    X(WS_FK_MAD32_RIR, h_MAD32_RIR)                                                                                    \
    X(WS_FK_MAD32_RII, h_MAD32_RII)                                                                                    \
    X(WS_FK_MOV32_R, h_MOV32_R)                                                                                        \
    X(WS_FK_MOV64_R, h_MOV64_R)                                                                                        \
    X(WS_FK_MOV_I, h_MOV_I)                                                                                            \
    X(WS_FK_CVT_INT, h_CVT_INT)                                                                                        \
    X(DK_LEAVE, h_check) /* never dispatched: DK_STOP_LEAVE stops it in h_check */                                     \
    X(DK_BRA, h_bra)                                                                                                   \
    X(DK_SHFL_PERM, h_SHFL_PERM)                                                                                       \
    X(DK_LD_PARAM, h_LD_PARAM)                                                                                         \
    X(DK_CHECK, h_check)

#if WS_INTERP_THREADED
#define GOTO_HANDLER(v) goto *handlers_[v]
#else
#define GOTO_HANDLER(v)                                                                                                \
    do {                                                                                                               \
        disp_ = (v);                                                                                                   \
        goto dispatch_;                                                                                                \
    } while (0)
#endif

/* The next instruction, if the stretch goes on: its handler, or h_check (ws_dinsn.disp) */
#define HEAD()                                                                                                         \
    do {                                                                                                               \
        if (n >= budget || pc >= end)                                                                                  \
            goto out;                                                                                                  \
        di = &dk->insns[pc];                                                                                           \
        exec = live;                                                                                                   \
        GOTO_HANDLER(di->disp);                                                                                        \
    } while (0)
/* The end of a handler: the instruction counted, on to the next */
#define NEXT()                                                                                                         \
    do {                                                                                                               \
        n++;                                                                                                           \
        lanes += (uint64_t)__builtin_popcount(exec);                                                                   \
        pc++;                                                                                                          \
        HEAD();                                                                                                        \
    } while (0)

/* The binary forms, the most frequent: all 32 lanes into a row that is none of the sources
 * (restrict: vector code with no test of overlap, no copy), else WRITE */
#define CASE_RR_RI(name, expr)                                                                                         \
    h_##name##_RR:                                                                                                     \
    {                                                                                                                  \
        const uint64_t *a_ = R(di->a), *b_ = R(di->b);                                                                 \
        if (exec == FULL_MASK && di->d != di->a && di->d != di->b)                                                     \
            name##_rows(R(di->d), a_, b_);                                                                             \
        else                                                                                                           \
            WRITE(name##_expr(a_[l], b_[l]));                                                                          \
        NEXT();                                                                                                        \
    }                                                                                                                  \
    h_##name##_RI:                                                                                                     \
    {                                                                                                                  \
        const uint64_t *a_ = R(di->a), bi_ = di->imm;                                                                  \
        if (exec == FULL_MASK && di->d != di->a)                                                                       \
            name##_row_imm(R(di->d), a_, bi_);                                                                         \
        else                                                                                                           \
            WRITE(name##_expr(a_[l], bi_));                                                                            \
        NEXT();                                                                                                        \
    }
#define EXPR(name, expr)                                                                                               \
    static inline uint64_t name##_expr(uint64_t A, uint64_t B) { return (expr); }                                      \
    static inline void name##_rows(uint64_t *restrict d, const uint64_t *restrict a, const uint64_t *restrict b)       \
    {                                                                                                                  \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            d[l] = name##_expr(a[l], b[l]);                                                                            \
    }                                                                                                                  \
    static inline void name##_row_imm(uint64_t *restrict d, const uint64_t *restrict a, uint64_t b)                    \
    {                                                                                                                  \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            d[l] = name##_expr(a[l], b);                                                                               \
    }

/* setp: t in the first destination, !t in the second (after the first, as ex_setp does) */
#define CASE_SETP(name, T, CMP)                                                                                        \
    h_SETP_##name##_RR:                                                                                                \
    {                                                                                                                  \
        const uint64_t *a_ = R(di->a), *b_ = R(di->b);                                                                 \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            t_[l] = (uint64_t)((T)a_[l] CMP(T) b_[l]);                                                                 \
        goto store_predicates;                                                                                         \
    }                                                                                                                  \
    h_SETP_##name##_RI:                                                                                                \
    {                                                                                                                  \
        const uint64_t *a_ = R(di->a);                                                                                 \
        const T bv_ = (T)di->imm;                                                                                      \
        for (unsigned l = 0; l < 32; l++)                                                                              \
            t_[l] = (uint64_t)((T)a_[l] CMP bv_);                                                                      \
        goto store_predicates;                                                                                         \
    }

WS_FAST_BINARY(EXPR)

uint64_t WS_INTERP_RUN(ws_exec *x, const ws_dkernel *dk, uint32_t *pc_io, uint64_t budget, uint64_t *lanes_io,
                       int *yield, int *ended)
{
    ws_launch_ctx *L = x->L;
    ws_warp *w = x->w;
    uint64_t *const regs = x->regs;
    uint32_t live = x->active; /* the warp's live lanes, or a diverged warp's group */
    uint32_t end = x->stretch_end ? x->stretch_end : UINT32_MAX;
    uint32_t pc = *pc_io;
    uint64_t n = 0, lanes = 0;
    /* the block's cycle, one per instruction (ws_warp_run_converged's), stored before an
     * executor runs (%clock reads it) and at the end */
    const uint64_t cycle0 = x->blk->cycle;
    uint64_t t_[32];
#if !WS_INTERP_SIMD
    /* a constant shuffle's values with 32 lanes of zeros either side: a shift by k reads
     * pad_ + 32 + k, no index out of the array */
    uint64_t pad_[96];
    int pad_zeroed = 0; /* zeroed at the first shuffle: a short stretch (a diverged group's) has none */
#endif
    /* what warp.c runs (DK_STOP_*): under check_uninitialized, the instructions whose check is
     * not proven needless; in a diverged group, collectives and, but at the first instruction
     * (the scheduler has seen to it), reconvergence points */
    const uint8_t stop = DK_STOP_LEAVE | (x->blk->shadow ? DK_STOP_UNINIT : 0) |
                         (x->stretch_end ? DK_STOP_COLLECTIVE | DK_STOP_RECONV : 0);
    const ws_dinsn *di;
    uint32_t exec; /* the lanes that run di */
#if WS_INTERP_THREADED
#define X(v, label) [v] = &&label,
    static const void *const handlers_[DK_DISPATCH_COUNT] = {WS_INTERP_HANDLERS(X)};
#undef X
#else
    unsigned disp_;
#endif
    *yield = *ended = 0;
    /* the first instruction: as h_check, but a reconvergence point does not stop it */
    if (!budget || pc >= end)
        goto out;
    di = &dk->insns[pc];
    exec = live;
    if (di->stops & stop & ~DK_STOP_RECONV)
        goto out;
    goto guard;

    /* an instruction with a guard, a branch, or one some DK_STOP_* may stop (ws_dinsn.disp) */
h_check:
    if (di->stops & stop)
        goto out; /* what moves lanes is warp.c's, and the rest of DK_STOP_* */
guard:
    if (di->guard != WS_NO_REG) { /* ws_guard_mask on the decoded row */
        uint32_t m = ws_predicate_bits(R(di->guard));
        exec = (di->guard_neg ? ~m : m) & live;
    }
    if (di->kind == DK_BRA)
        goto h_bra;
    if (!exec) { /* nothing runs, but a strong load still ends the warp's turn */
        n++;
        pc++;
        if (di->ends) {
            *yield = di->yields;
            *ended = 1;
            goto out;
        }
        HEAD();
    }
    GOTO_HANDLER(di->kind);

h_bra:                          /* ex_bra's uniform case */
    if (exec != live && exec) { /* divergent */
        if (!x->stretch_end)
            goto out; /* a converged warp's: warp.c's */
        /* a diverged group's: ex_bra splits it, and the part with the lower pc is the group the
         * scheduler picks next (every other is at end or above); it goes on */
        const uint32_t target = (uint32_t)di->imm;
        n++;
        lanes += (uint64_t)__builtin_popcount(exec);
        x->in = &L->code[pc];
        x->pc = pc;
        x->active = live;
        x->blk->cycle = cycle0 + n;
        ws_stretch_branch(x, pc, exec);
        if (target == pc + 1) { /* both ways lead to pc + 1: still one group */
            pc++;
        } else if (target <= pc) { /* a loop's back edge: the taken lanes */
            live = exec;
            end = end < pc + 1 ? end : pc + 1;
            pc = target;
        } else { /* forward: those that fall through (target > pc + 1: ex_bra split them) */
            live &= ~exec;
            end = end < target ? end : target;
            pc++;
        }
        x->active = live;
        HEAD();
    }
    n++;
    lanes += (uint64_t)__builtin_popcount(exec);
    pc = exec ? (uint32_t)di->imm : pc + 1;
    HEAD();

    WS_FAST_BINARY(CASE_RR_RI)
    WS_FAST_SETP(CASE_SETP)
h_MAD32_RRR : {
    const uint64_t *a_ = R(di->a), *b_ = R(di->b), *c_ = R(di->c);
    WRITE(WS_FAST_MAD32(a_[l], b_[l], c_[l]));
    NEXT();
}
h_MAD32_RRI : {
    const uint64_t *a_ = R(di->a), *b_ = R(di->b), ci_ = di->imm;
    WRITE(WS_FAST_MAD32(a_[l], b_[l], ci_));
    NEXT();
}
h_MAD32_RIR : {
    const uint64_t *a_ = R(di->a), bi_ = di->imm, *c_ = R(di->c);
    WRITE(WS_FAST_MAD32(a_[l], bi_, c_[l]));
    NEXT();
}
h_MAD32_RII : {
    const uint64_t *a_ = R(di->a), bi_ = di->imm, ci_ = di->imm2;
    WRITE(WS_FAST_MAD32(a_[l], bi_, ci_));
    NEXT();
}
h_MOV32_R : {
    const uint64_t *a_ = R(di->a);
    WRITE(a_[l] & M32);
    NEXT();
}
h_MOV64_R : {
    const uint64_t *a_ = R(di->a);
    WRITE(a_[l]);
    NEXT();
}
h_MOV_I : {
    const uint64_t v_ = di->imm;
    WRITE(v_);
    NEXT();
}
h_CVT_INT : {
    const uint64_t *a_ = R(di->a), fm_ = di->imm, sb_ = di->imm2, tm_ = di->imm3;
    WRITE(WS_FAST_CVT(a_[l], fm_, sb_, tm_));
    NEXT();
}
store_predicates : {
    uint64_t *d_ = R(di->d);
    if (exec == FULL_MASK) {
        for (unsigned l = 0; l < 32; l++)
            d_[l] = t_[l];
        if (di->p != WS_NO_REG) {
            uint64_t *q_ = R(di->p);
            for (unsigned l = 0; l < 32; l++)
                q_[l] = t_[l] ^ 1;
        }
    } else {
        uint64_t *q_ = di->p != WS_NO_REG ? R(di->p) : NULL;
        FOR_EACH_LANE(exec, l) {
            d_[l] = t_[l];
            if (q_)
                q_[l] = t_[l] ^ 1;
        }
    }
    NEXT();
}
h_SHFL_PERM:
    /* what ws_collective and shuffle_full do for one instruction, all 32 lanes and a full
     * constant membermask, in a warp no collective has split (ws_split_check: nothing) */
    if (exec == FULL_MASK && !w->split[WS_SPLIT_CALLS].n && !w->split[WS_SPLIT_MASKS].n) {
        const ws_dshfl *s_ = &dk->shfl[di->shfl];
        const uint64_t *a_ = R(di->a);
        uint64_t *d_ = R(di->d);
#if WS_INTERP_SIMD
        shfl_perm(d_, a_, s_);
#else
        uint64_t *val_ = pad_ + 32; /* a copy: d may be a */
        if (!pad_zeroed) {
            memset(pad_, 0, sizeof pad_);
            pad_zeroed = 1;
        }
        for (unsigned l = 0; l < 32; l++)
            val_[l] = (uint32_t)a_[l];
        if (s_->shifted) { /* up, down: lanes of take read l + shift, the others their own */
            const uint64_t *from_ = val_ + s_->shift;
            for (unsigned l = 0; l < 32; l++)
                d_[l] = (from_[l] & s_->take[l]) | (val_[l] & ~s_->take[l]);
        } else {
            for (unsigned l = 0; l < 32; l++)
                d_[l] = val_[s_->src[l]];
        }
#endif
        if (di->p != WS_NO_REG) { /* a loop the compiler vectorises, not a call of memcpy */
            uint64_t *p_ = R(di->p);
            for (unsigned l = 0; l < 32; l++)
                p_[l] = s_->in_range[l];
        }
        x->coll_exec = FULL_MASK;
        L->stats.shfl++;
        NEXT();
    }
    goto h_general;
h_LD_PARAM : {
    /* every lane reads the same bytes: read once (ws_mem_translate's bounds were checked at
     * decode time) */
    uint64_t v_ = 0;
    memcpy(&v_, L->params + di->imm, di->imm2 == 8 ? 8 : 4);
    WRITE(v_);
    NEXT();
}
h_general : {
    const ws_insn *in = &L->code[pc];
    x->in = in;
    x->pc = pc;
    x->blk->cycle = cycle0 + n + 1;
    L->xfn[pc](x, in, exec);
    if (L->stop || di->ends) { /* a strong load ends the warp's turn, a call the stretch */
        n++;
        lanes += (uint64_t)__builtin_popcount(exec);
        pc++;
        *yield = di->yields;
        *ended = 1;
        goto out;
    }
    NEXT();
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
    *pc_io = pc;
    *lanes_io += lanes;
    return n;
}

#if WS_INTERP_THREADED
#pragma GCC diagnostic pop
#endif
