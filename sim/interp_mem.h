/* The decoded run loop's (interp_run.h) loads and stores whose lanes are not consecutive
 * elements: strided, permuted or repeated addresses, or a group of several lanes of a diverged
 * warp. One pass over the warp finds the lowest and highest address and whether any is
 * misaligned, so one bounds check covers every lane; each lane's bytes are then at the host
 * pointer of the lowest address plus its own offset. Included by interp_run.h once per SIMD
 * variant (WS_INTERP_SIMD), so a gather is used where the variant has one; every variant moves
 * the same bytes in the same lane order (ctest simd_variants). */
#ifndef WS_INTERP_MEM_H
#define WS_INTERP_MEM_H

/* mem_lanes, load_lanes and store_lanes are kept out of line: inlined into the run loop they made
 * its other handlers cost more (callgrind, avx2: reduce_loop's binary ops 65.0 -> 68.0 host
 * instructions per warp instruction, and bank_conflicts itself 101 -> 135). */

/* The lanes of exec of a DK_LD or DK_ST (decode_mem: a = the address's row, imm its offset, imm2
 * its wrap, imm3 the element's bytes and DK_ADDR_ROW32, c the space): each executing lane's address
 * to x->mem_addr[l] (those lanes only, as the executor leaves it) and its offset from the lowest
 * to offs[l]; the host pointer of the lowest address when every address is aligned and all of them
 * lie inside the block's shared memory or one global allocation, else NULL: the executor then
 * does the work and reports what is wrong (the same message, the same lane as ever). */
static __attribute__((noinline)) uint8_t *mem_lanes(ws_exec *x, const ws_dinsn *di, const uint64_t *base, uint32_t exec,
                                                    uint32_t *offs)
{
    const uint64_t esz = di->imm3 & 15, off = di->imm, wrap = di->imm2;
    uint64_t lo, hi, misaligned;
    if (!exec)
        return NULL;
    if (exec == FULL_MASK && di->c == WS_SPACE_SHARED && (di->imm3 & DK_ADDR_ROW32) && wrap <= UINT32_MAX &&
        x->blk->shared_size >= esz) {
        /* the commonest: a whole warp in shared memory, whose addresses are the offsets from its
         * start; each lane compared with the last aligned element's address, with no minimum or
         * maximum (which SSE2 has no instruction for) */
        const uint32_t *b32 = (const uint32_t *)base, o32 = (uint32_t)off, w32 = (uint32_t)wrap;
        const uint64_t last64 = x->blk->shared_size - esz;
        const uint32_t last = last64 > UINT32_MAX ? UINT32_MAX : (uint32_t)last64, align = (uint32_t)esz - 1;
        uint32_t bad = 0;
        for (unsigned l = 0; l < 32; l++) {
            const uint32_t a = (b32[l] + o32) & w32;
            offs[l] = a;
            x->mem_addr[l] = a;
            bad |= (uint32_t)(a > last) | (a & align);
        }
        return bad ? NULL : x->blk->shared;
    }
    if ((di->imm3 & DK_ADDR_ROW32) && wrap <= UINT32_MAX) {
        /* 32-bit addresses, so 32-bit lanes (twice as many a vector): (b + off) & wrap has the
         * same low 32 bits in either width, and wrap clears the rest */
        const uint32_t *b32 = (const uint32_t *)base, o32 = (uint32_t)off, w32 = (uint32_t)wrap;
        uint32_t a32[32], lo32 = UINT32_MAX, hi32 = 0, mis32 = 0;
        for (unsigned l = 0; l < 32; l++) {
            const uint32_t a = (b32[l] + o32) & w32, in = 0u - ((exec >> l) & 1u);
            a32[l] = a;
            lo32 = (a | ~in) < lo32 ? (a | ~in) : lo32;
            hi32 = (a & in) > hi32 ? (a & in) : hi32;
            mis32 |= a & in;
        }
        for (unsigned l = 0; l < 32; l++)
            offs[l] = a32[l] - lo32;
        if (exec == FULL_MASK) {
            for (unsigned l = 0; l < 32; l++)
                x->mem_addr[l] = a32[l];
        } else {
            FOR_EACH_LANE(exec, l)
                x->mem_addr[l] = a32[l];
        }
        lo = lo32, hi = hi32, misaligned = mis32;
    } else {
        uint64_t a64[32];
        lo = UINT64_MAX, hi = 0, misaligned = 0;
        for (unsigned l = 0; l < 32; l++) {
            const uint64_t a = (lane_base(di, base, l) + off) & wrap, in = 0u - (uint64_t)((exec >> l) & 1u);
            a64[l] = a;
            lo = (a | ~in) < lo ? (a | ~in) : lo;
            hi = (a & in) > hi ? (a & in) : hi;
            misaligned |= a & in;
        }
        for (unsigned l = 0; l < 32; l++)
            offs[l] = (uint32_t)(a64[l] - lo);
        if (exec == FULL_MASK) {
            memcpy(x->mem_addr, a64, sizeof a64);
        } else {
            FOR_EACH_LANE(exec, l)
                x->mem_addr[l] = a64[l];
        }
    }
    if ((misaligned & (esz - 1)) || hi - lo > INT32_MAX) /* the offsets are signed in a gather */
        return NULL;
    const uint64_t span = hi - lo + esz;
    if (di->c == WS_SPACE_SHARED)
        return lo < x->blk->shared_size && span <= x->blk->shared_size - lo ? x->blk->shared + lo : NULL;
    ws_alloc *al = ws_find_alloc(x->L->sim, lo, span);
    return al ? al->data + (lo - al->base) : NULL;
}

/* d[l] = the element at p + offs[l], zero-extended into d's row (32-bit for up to 4 bytes, 64-bit
 * for 8: decode_mem), in the lanes of exec; offs was read whole before d is written (d may be the
 * address's row) */
static __attribute__((noinline)) void load_lanes(uint64_t *d, const uint8_t *p, const uint32_t *offs, unsigned esz,
                                                 uint32_t exec)
{
    if (exec == FULL_MASK && esz == 4) {
        uint32_t *d32 = (uint32_t *)d;
#if WS_INTERP_SIMD == 3
        for (unsigned j = 0; j < 32; j += 16)
            _mm512_storeu_si512(d32 + j, _mm512_i32gather_epi32(_mm512_loadu_si512(offs + j), p, 1));
#elif WS_INTERP_SIMD == 2
        for (unsigned j = 0; j < 32; j += 8)
            _mm256_storeu_si256((__m256i *)(d32 + j),
                                _mm256_i32gather_epi32((const int *)p, _mm256_loadu_si256((const __m256i *)(offs + j)),
                                                       1));
#else
#pragma GCC unroll 32
        for (unsigned l = 0; l < 32; l++)
            memcpy(&d32[l], p + offs[l], 4);
#endif
        return;
    }
    FOR_EACH_LANE(exec, l) {
        uint64_t v = 0;
        memcpy(&v, p + offs[l], esz);
        if (esz == 8)
            d[l] = v;
        else
            ((uint32_t *)d)[l] = (uint32_t)v;
    }
}

/* the element at p + offs[l] = lane l's low bytes (little-endian) of v's row, in lane order: where
 * lanes share an address the highest lane's value stays, as in the executor */
static __attribute__((noinline)) void store_lanes(uint8_t *p, const uint64_t *v, const uint32_t *offs, unsigned esz,
                                                  uint32_t exec)
{
    const uint8_t *src = (const uint8_t *)v;
    const size_t stride = esz == 8 ? 8 : 4;
    if (exec == FULL_MASK && esz == 4) {
#if WS_INTERP_SIMD == 3 /* a scatter writes overlapping elements in lane order */
        for (unsigned j = 0; j < 32; j += 16)
            _mm512_i32scatter_epi32(p, _mm512_loadu_si512(offs + j), _mm512_loadu_si512(src + 4 * j), 1);
#else
#pragma GCC unroll 32
        for (unsigned l = 0; l < 32; l++)
            memcpy(p + offs[l], src + 4 * l, 4);
#endif
        return;
    }
    FOR_EACH_LANE(exec, l)
        memcpy(p + offs[l], src + stride * l, esz);
}

/* DK_SHARED_WORD with all 32 lanes: the commonest shared access (consecutive, strided or
 * permuted words; bench/bank_conflicts.ptx has every stride) in one vectorised pass over the
 * address row, which finds each lane's offset, whether any lane is outside the block's shared
 * memory or misaligned and whether the lanes are consecutive words (then one copy). A load
 * gathers, a store writes lane by lane in lane order (the highest lane keeps a word that lanes
 * share, as in the executor). Returns 0, having done nothing, where the executor must report (a
 * lane out of bounds or misaligned). */
#if WS_INTERP_SIMD
#define WS_WORDS 8 /* a vector of AVX2 */
#else
#define WS_WORDS 4 /* 16 bytes, which generic code lowers well (SSE2, NEON) */
#endif
typedef uint32_t ws_words __attribute__((vector_size(4 * WS_WORDS)));
static __attribute__((noinline)) int shared_words(const ws_exec *x, const ws_dinsn *di, uint64_t *regs)
{
    const uint32_t *b32 = RT(const uint32_t, di->a), o = (uint32_t)di->imm, w = (uint32_t)di->imm2;
    const uint64_t size = x->blk->shared_size;
    if (size < 4)
        return 0;
    const uint32_t last = size - 4 > UINT32_MAX ? UINT32_MAX : (uint32_t)(size - 4), a0 = (b32[0] + o) & w;
    ws_words expect, any = {0}, apart = {0}, bad = {0};
    uint32_t offs[32]; /* each lane's offset, for load_lanes and store_lanes */
#if WS_INTERP_SIMD
    ws_words hi = {0}; /* the highest offset: an unsigned maximum, which SSE2 lacks */
#endif
    for (unsigned k = 0; k < WS_WORDS; k++)
        expect[k] = a0 + 4 * k;
#pragma GCC unroll 8
    for (unsigned j = 0; j < 32 / WS_WORDS; j++) {
        ws_words a;
        memcpy(&a, b32 + WS_WORDS * j, sizeof a);
        a = (a + o) & w;
        memcpy(offs + WS_WORDS * j, &a, sizeof a);
        any |= a;
        apart |= a ^ expect;
        expect += 4 * WS_WORDS;
#if WS_INTERP_SIMD
        hi = (ws_words)_mm256_max_epu32((__m256i)hi, (__m256i)a);
#else
        bad |= (ws_words)(a > last);
#endif
    }
#if WS_INTERP_SIMD
    bad = (ws_words)(hi > last);
#endif
    bad |= any & 3;
    uint32_t any_bad = 0, any_apart = 0;
    for (unsigned k = 0; k < WS_WORDS; k++)
        any_bad |= bad[k], any_apart |= apart[k];
    if (any_bad)
        return 0;
    uint8_t *p = x->blk->shared;
    if (!any_apart) {
        if (di->kind == DK_LD)
            memcpy(RT(uint32_t, di->d), p + a0, 128);
        else
            memcpy(p + a0, RT(const uint32_t, di->b), 128);
        x->L->stats.shared_accesses++;
        return 1;
    }
    if (di->kind == DK_LD)
        load_lanes(R(di->d), p, offs, 4, FULL_MASK);
    else
        store_lanes(p, R(di->b), offs, 4, FULL_MASK);
    x->L->stats.shared_accesses++;
    return 1;
}

#endif
