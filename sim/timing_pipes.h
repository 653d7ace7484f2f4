/* The pipes (timing.c's issue path): an issue holds its sub-partition's math pipes (hold_math, hold_fma,
 * pipe.imad_read), spaces its XU ops (schedule.xu_stall: xu_spaced), holds the MIO pipe (hold_mio) and enters the
 * shared queue (queue_enter); each move of a pipe retimes the warps that wait for it (timing_retime.h).
 * Static functions, included by timing.c alone (after timing_retime.h), inlined into issue() as before.
 */
#ifndef WS_TIMING_PIPES_H
#define WS_TIMING_PIPES_H

/* pipe.fma_half: an instruction with an FMA slot (math_slots) issued at `cycle` on sub-partition sp. A half op (HADD2,
 * HMUL2, HFMA2: FMA_HALF) holds both halves of the FMA pipe its cycles, and opens the window (pipe.half_window) in
 * which the FFMAs, FADDs and FMULs after it hold the pipe whole, each its cycles (pipe.fma_half), against the next
 * FFMA or half op alike; outside it they pair as ever, one a cycle, holding nothing. The H200 issues hadd_f (HADD2 +
 * FFMA) 3.86 cycles a step with 8 warps a sub-partition and hadd2_f (a HADD2, an HFMA2.MMA and two FFMAs a two steps)
 * 2.96, where an FFMA beside an IMAD costs nothing (fma_m 2.07) and two FFMAs alone take a cycle (fma 1.08); NVIDIA
 * dual-issues FP16x2 to both halves of the FMA pipe, FMAheavy and FMAlite (docs/calibration.md "(half18)",
 * "(half19)"). With pipe.half_own an FFMA that reads no half op's value (half_values) is held only within the window
 * after its own warp's last half op: probe_fwin (a HADD2 every K independent FFMAs) on the H200 at 2-8 warps a
 * sub-partition costs a HADD2 0.5-5.6 cycles, falling as the warps grow (the others fill a warp's wait), where the
 * window of the sub-partition held every FFMA near any warp's HADD2 (K 8 at 8 warps a sub-partition +21%;
 * docs/calibration.md "(pack30)"). wi: the warp, below 32 (a block's). */
/* pipe.half_credit N (0: off; with pipe.half_own): each half op gives its warp one credit, up to N, and the warp's next
 * FFMA, FADD or FMUL reading no half op's value spends one and holds the FMA pipe whole, wherever it issues, before the
 * own window is asked: one such op a half op, counted in the warp's own instructions, so the same under any order and
 * warp pick. The H100 (h100j) runs probe_pair33's independent chains at 1-8 warps a sub-partition, cycles a step: fi
 * (an add.f16x2, an FFMA) 2.87, fi2 (two FFMAs) 3.87, fi4 (four) 5.68, f2i (two add.f16x2, one FFMA) 3.77: the first
 * FFMA of a step costs ~2 cycles, the others ~1, a half op ~0.9 (hmid23's fi the H200's to the cycle; docs/calibration.md
 * "(half35)"). With pipe.mma_credit an add's HFMA2.MMA gives its warp a credit too (hold_math), holding no FMA pipe:
 * ptxas's order of hmid23 fi replayed so holds 2.84 cycles a step where the H200 takes 2.87, the HADD2s' credits alone
 * 2.54 (docs/calibration.md "(near37)"). */
static inline void half_credit_give(ws_timing *t, uint32_t wi)
{
    if (t->half_credit[wi & 31] < t->half_credits)
        t->half_credit[wi & 31]++;
}

static inline void hold_fma(ws_timing *t, unsigned sp, uint32_t wi, uint8_t slot, uint64_t cycle)
{
    uint64_t *at = t->math_at[sp];
    if (slot & FMA_HALF) {
        at[SLOT_FMA] = cycle + (slot & (FMA_HALF - 1));
        t->half_end[sp] = cycle + t->half_window;
        t->half_own[wi & 31] = cycle + t->half_own_window;
        half_credit_give(t, wi);
    } else {
        int held;
        if (!t->half_own_rule || (slot & FMA_HALF_VALUE)) /* the sub-partition's window */
            held = cycle < t->half_end[sp];
        else if (t->half_credit[wi & 31]) { /* pipe.half_credit */
            t->half_credit[wi & 31]--;
            held = 1;
        } else /* the warp's own window */
            held = cycle < t->half_end[sp] && cycle < t->half_own[wi & 31] &&
                   !(t->half_alone && !(t->sp_warps[sp] & t->live & ~(1u << wi)));
        if (held)
            at[SLOT_FMA] = cycle + (slot & (FMA_HALF_VALUE - 1));
    }
}

/* pipe.imad_read: warp wi issues an FFMA, FADD or FMUL (timing_info.fma_pipe's FMA_READS_IMAD) at `cycle`, reading
 * the registers u names. Where one of them is a near IMAD's result (its producer an IMAD_RESULT at most pipe.imad_near
 * instructions before it), while its sub-partition's IMAD pipe is busy (another IMAD issued the cycle before), the
 * pipe stays busy until pipe.imad_read cycles after it at least: the FFMA does not wait for the pipe, but an IMAD
 * after it does. The key may hold part of a cycle (1.7: the pipe busy one cycle more after 7 of 10 such reads): each
 * read adds the key's part of a cycle to what its sub-partition has left over, and holds the pipe a cycle more when
 * that reaches a whole one (imad_read_left). The H100 (docs/calibration.md "(mad19h)", "(imadr23)", "(xdp24)"): mad19
 * mf (mad.lo then fma.rn reading it, 8 streams) 2.70-2.76 cycles a step at 2-8 warps a sub-partition where the same
 * two on independent chains (mfi) take 2.17-2.27 and an IMAD reading an FFMA (fm) 2.07-2.10; an FFMA reading a
 * HADD2.F32 of the IMAD pipe (h2f_f) 2.08: the IMAD's result, not its pipe. Whole cycles overshoot (3.0 a step). */
static inline void imad_read_issue(ws_timing *t, ws_exec *x, uint32_t wi, const ws_reg_use *u, uint64_t cycle)
{
    const warp_state *s = &t->ws[wi];
    int read = 0;
    for (uint32_t i = 0; i < u->nsrc && !read; i++) {
        uint32_t by = s->rp[u->src[i]], pc = s->pick.pc;
        uint64_t ready = s->rr[u->src[i]];
        read = ready && by < t->ninfo && (t->imad_read[by] & IMAD_RESULT) && by < pc && pc - by <= t->imad_near;
    }
    unsigned sp = t->sp_of[wi];
    uint64_t *at = t->math_at[sp];
    if (!read || at[SLOT_IMAD] <= cycle)
        return; /* a free pipe: one warp a sub-partition (ptxas's S02 after the IMAD) pays nothing (mf 3.27 a step) */
    uint32_t hold = t->imad_read_hold + t->imad_read_left[sp];
    t->imad_read_left[sp] = (uint16_t)(hold % IMAD_READ_ONE);
    if (at[SLOT_IMAD] >= cycle + hold / IMAD_READ_ONE)
        return;
    uint32_t lz = t->lazy_keys[sp]; /* 0 and slotted ~0 in other blocks than filed ones without stall events */
    uint64_t was[SLOT_FMA];
    memcpy(was, at, sizeof was);
    at[SLOT_IMAD] = cycle + hold / IMAD_READ_ONE;
    at[SLOT_ANY] = at[SLOT_ALU] < at[SLOT_IMAD] ? at[SLOT_ALU] : at[SLOT_IMAD];
    if (lz)
        lazy_moved(t, sp, was, cycle, lz);
    if (t->sp_warps[sp] & t->has_pick & t->slotted & ~(1u << wi))
        t->retime(t, x, wi, sp, cycle);
}

/* pipe.fma_halves: warp wi issues an FFMA, FADD or FMUL of schedule.fma_chain's segments (FMA_HALVES) at `cycle`. The
 * FMA pipe is two 16-lane halves (NVIDIA's FMAlite and FMAheavy, docs/calibration.md "(half18)"): the op holds the lite
 * half halves_hold cycles where it is free, else the heavy one, which an IMAD takes (the IMAD pipe, math_at[SLOT_IMAD]).
 * A sub-partition issues one instruction a cycle, so where the lite half is held (an FMA-pipe op the cycle before) the
 * heavy one is free but for pipe.imad_read's longer hold: the op never waits, an IMAD after it does. mad19 ffm at one
 * warp a sub-partition (ptxas's FFMA FFMA FFMA FFMA IMAD IMAD): the FFMAs lite, heavy, lite, heavy, the IMADs wait for
 * the heavy half, 4.5 cycles a step where one FMA pipe gives 4.0 (the H200 4.58; docs/calibration.md "(ffm30)",
 * "(order32)"). */
static inline void halves_issue(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle)
{
    unsigned sp = t->sp_of[wi];
    uint64_t *at = t->math_at[sp];
    if (t->lite_at[sp] <= cycle) {
        t->lite_at[sp] = cycle + t->halves_hold;
        return;
    }
    if (at[SLOT_IMAD] >= cycle + t->halves_hold)
        return;
    uint32_t lz = t->lazy_keys[sp]; /* as imad_read_issue: the IMAD pipe's waits move */
    uint64_t was[SLOT_FMA];
    memcpy(was, at, sizeof was);
    at[SLOT_IMAD] = cycle + t->halves_hold;
    at[SLOT_ANY] = at[SLOT_ALU] < at[SLOT_IMAD] ? at[SLOT_ALU] : at[SLOT_IMAD];
    if (lz)
        lazy_moved(t, sp, was, cycle, lz);
    if (t->sp_warps[sp] & t->has_pick & t->slotted & ~(1u << wi))
        t->retime(t, x, wi, sp, cycle);
}

/* Warp wi issues instruction f at `cycle`, when its slots are free: it holds each pipe its slots' cycles. An add
 * takes the IMAD pipe when that is free, else the ALU (the ALU pipe has more takers: ISETP, SEL, LOP3, SHF; in mix,
 * BlockScan's step of IMAD.IADD, ISETP and SEL, ptxas gives the add to the IMAD pipe). The other warps of its
 * sub-partition that wait for a pipe are retimed (none where the warp is alone there; lone: a constant 1 where the
 * block is known to be of lone warps, the lone warps' issue in run_passes). */
static inline __attribute__((always_inline)) void hold_math(ws_timing *t, ws_exec *x, uint32_t wi, const timing_info *f,
                                                            uint64_t cycle, const int lone, const int lazy)
{
    unsigned sp = t->sp_of[wi];
    uint64_t *at = t->math_at[sp];
    /* lazy waits on this sub-partition that f's slots may move (lazy_moved) */
    uint32_t lz = lazy ? t->lazy_keys[sp] & f->slots[SLOT_MOVES] : 0;
    uint64_t was[SLOT_FMA];
    if (lz)
        memcpy(was, at, sizeof was);
    if (f->slots[SLOT_ANY]) {
        if (at[SLOT_IMAD] <= cycle)
            at[SLOT_IMAD] = cycle + t->imad_hold;
        else
            at[SLOT_ALU] = cycle + t->alu_hold;
    }
    if (f->math_one != SLOT_ANY) {
        if (f->slots[SLOT_ALU])
            at[SLOT_ALU] = cycle + f->slots[SLOT_ALU];
        if (f->slots[SLOT_IMAD])
            at[SLOT_IMAD] = cycle + f->slots[SLOT_IMAD];
        if (f->slots[SLOT_XU])
            at[SLOT_XU] = cycle + f->slots[SLOT_XU];
        if (__builtin_expect(f->slots[SLOT_FMA] != 0, 0))
            hold_fma(t, sp, wi, f->slots[SLOT_FMA], cycle);
        else if (__builtin_expect(f->slots[SLOT_CREDIT] != 0, 0)) /* pipe.mma_credit */
            half_credit_give(t, wi);
    }
    at[SLOT_ANY] = at[SLOT_ALU] < at[SLOT_IMAD] ? at[SLOT_ALU] : at[SLOT_IMAD];
    if (lz & (lz - 1))
        lazy_moved(t, sp, was, cycle, lz);
    else if (lz)
        lazy_moved_one(t, sp, was, cycle, lz);
    if (!lone && (t->sp_warps[sp] & t->has_pick & (lazy ? t->slotted : ~0u) & ~(1u << wi)))
        t->retime(t, x, wi, sp, cycle);
}

/* schedule.xu_stall and a late reader (timing_info.late): an instruction of ptxas's that reads an XU op's result and
 * that ptxas issues one XU op later, as the reader of an XU result, where warpsim issues nothing (it is part of an
 * instruction warpsim issues elsewhere):
 * - clz (schedule.xu_clz): FLO and an IADD3 (31 - it), the IADD3 one XU op later (probe_alu3.sass alu3_clz:
 *   `FLO.U32` S01, then the IADD3 of the FLO before it S07, waiting on that FLO's scoreboard; alu3_clz_l: FLO S01,
 *   LOP3 S02, that IADD3 S05): clz at one warp 12 cycles a step on the H200 (3085 for 256), where the FLOs alone
 *   give 8 (docs/calibration.md "(lat18)");
 * - a MUFU form whose SASS reads its source before the MUFU (ws_mufu_reads_first: the FSETP of ptxas's range
 *   fix-ups, sin's and cos's FMUL.RZ) reading a POPC's, FLO's, BREV's or F2F's value (schedule.xu_fixup): that
 *   FSETP or FMUL.RZ one XU op after the op, the MUFU later (probe_alu3.sass alu3_ex2_x: `POPC` S01, an FMUL S01,
 *   then the `FSETP.GEU.AND` of the POPC before S06, waiting on its scoreboard; alu3_sin_x: `POPC` S01, the
 *   `FMUL.RZ` of the POPC before S07): ex2_x at one warp 20.25 cycles a step on the H200, sin_x 19.9, where
 *   warpsim's POPCs 8 apart gave 16.1 (docs/calibration.md "(mufu19)").
 * Warp wi's next XU op then issues no earlier than that reader, ready with the op's result (late_wait) or a cycle
 * after the warp's last instruction, plus the spacing left less one (at least 1). */
static void xu_late(ws_timing *t, uint32_t wi)
{
    uint64_t wait = t->late_wait[wi], last = t->xu_at[wi] - t->xu_left[wi];
    if (wait <= last + 1) { /* the reader waits no longer than the slot after the last instruction: it binds nothing */
        t->late_wait[wi] = 0;
        return;
    }
    uint64_t at = wait + (t->xu_left[wi] > 2 ? t->xu_left[wi] - 1u : 1u);
    if (at > t->xu_at[wi])
        t->xu_at[wi] = at;
}

/* An instruction issued at `cycle` after warp wi's last XU op (xu_spaced): one fewer cycle of the spacing left after
 * it, or none where it reads that op's result (ptxas counts it issued the op's latency in its own model after the op,
 * 9 or more: bench_bits brev + xor, 23 cycles a step on the H200 where one cycle more would follow from the count;
 * bench_conv cvt.rzi.s32.f32 + cvt.rn.f32.s32). */
static void xu_counted(ws_timing *t, uint32_t wi, const ws_reg_use *u, uint64_t cycle)
{
    const uint64_t *rr = t->ws[wi].rr;
    const uint32_t *rp = t->ws[wi].rp;
    int reader = 0;
    for (uint32_t i = 0; i < u->nsrc && !reader; i++)
        reader = rp[u->src[i]] == t->xu_pc[wi] && rr[u->src[i]] == t->xu_ready[wi];
    if (reader || t->xu_left[wi] <= 1)
        t->xu_left[wi] = 1;
    else
        t->xu_left[wi]--;
    t->xu_at[wi] = cycle + t->xu_left[wi];
    xu_late(t, wi);
}

/* schedule.xu_stall: ptxas spaces a warp's XU ops (POPC, FLO, BREV, F2F, F2I, MUFU) with stall counts, not by the
 * hardware (probe_alu3.sass: alu3_popc `POPC` S08 each; alu3_popc_l `POPC` S01, then the `LOP3.LUT` that reads the
 * POPC before it S07, waiting on that POPC's scoreboard first). A stall count is a fixed wait after its instruction,
 * whatever the instruction waited for before it, so a scoreboard wait between two XU ops adds to their 8 cycles
 * (popc_l: 12 a step on the H200), where the XU pipe's hold (pipe.xu) overlaps it. Warp wi issued f at `cycle`: its
 * next XU op issues no earlier than the last instruction issued since its last XU op plus xu_stall less the number
 * of those instructions, at least 1 (xu_at, which earliest reads; docs/calibration.md "(xust17)"). An XU op that
 * holds the issue (a MUFU with its fix-ups, issue_cycles) counts its held cycles as instructions after it. A free
 * or folded instruction is no SASS instruction: it counts for nothing. The ops spaced (math_slots' answer): POPC, FLO
 * of bfind, BREV, F2I, F2F.F64.F32, F2F.F32.F64 (its neg operand folded: fold.neg), clz with schedule.xu_clz (its
 * IADD3 after the next XU op: xu_late; with schedule.xu_fixup a MUFU form's FSETP or FMUL.RZ reading a POPC, FLO,
 * BREV or F2F the same); the others are counted as instructions between (the MUFU forms, F2F to f16 or
 * bf16: warpsim issues apart what their SASS has in one, an FMUL.RZ, a neg operand, the zero-extension unless
 * fold.zext, so ptxas's spacing would wait on it). */
static __attribute__((noinline)) void xu_step(ws_timing *t, uint32_t wi, const timing_info *f, const ws_reg_use *u,
                                              uint32_t pc, uint64_t cycle)
{
    if (f->checks & CHECK_XU) {
        unsigned held = f->issue > 1 ? f->issue - 1u : 0;
        t->xu_at[wi] = cycle + t->xu_stall;
        t->xu_left[wi] = (uint8_t)(held + 1 < t->xu_stall ? t->xu_stall - held : 1);
        t->xu_ready[wi] = cycle + (uint64_t)f->latency;
        t->xu_pc[wi] = pc;
        /* the last op's late reader goes after this op (xu_late); this op's after the next */
        t->late_wait[wi] = t->late_due[wi];
        t->late_due[wi] = f->late ? cycle + f->late : 0;
        xu_late(t, wi);
    } else if (!f->free_mov)
        xu_counted(t, wi, u, cycle);
}

/* xu_step where it has something to do: an XU op, or a warp with spacing left (out of line: most issues have
 * neither, and the common issue stays as it was). */
static inline __attribute__((always_inline)) void xu_spaced(ws_timing *t, uint32_t wi, const timing_info *f,
                                                            const ws_reg_use *u, uint32_t pc, uint64_t cycle)
{
    if (__builtin_expect((f->checks & CHECK_XU) || t->xu_left[wi] > 1 || t->late_wait[wi], 0))
        xu_step(t, wi, f, u, pc, cycle);
}

/* Warp wi's shared access or shuffle holds its sub-partition's MIO pipe `hold` cycles from now (or
 * from when the pipe frees); the warps waiting for a pipe wait longer: in blocks of up to 8 warps
 * (or with no shuffle waiting) every warp on a pipe computes its figures again, else see
 * retime_shuffles. A shuffle (shfl) moves only its sub-partition's MIO pipe, which only that
 * sub-partition's warps read (earliest), so only they compute theirs again (a shared access also
 * moves the block's shared pipe, which every warp's shared access reads). */
static inline __attribute__((always_inline)) void hold_mio(ws_timing *t, ws_exec *x, uint32_t wi, uint64_t cycle,
                                                           double hold, const int shfl)
{
    unsigned sp = t->sp_of[wi];
    double start = t->mio_free[sp] > (double)cycle ? t->mio_free[sp] : (double)cycle;
    t->mio_free[sp] = start + hold;
    t->mio_at[sp] = whole_cycle(t->mio_free[sp]);
    t->mio_next[sp] = cycle + t->mio_issue;
    if (t->on_shfl)
        retime_shuffles(t, x, wi, sp, cycle);
    else
        t->dirty |= shfl ? t->on_pipe & t->sp_warps[sp] : t->on_pipe;
}

/* Warp wi's shared access m enters its sub-partition's queue at `cycle` (shared.queue): the cycles from then until
 * its data is read, which its result waits beyond its latency. The pipe's wavefronts are shared among the k
 * sub-partitions holding the block's warps (queue_k): each sub-partition's loads start in the order they entered,
 * one every hold x k cycles, and each takes hold x k cycles, not hold (mio22's row x: four 32-way loads of four
 * sub-partitions take 128 cycles each and end together, as the H200's four warps of bench_mio_w4 end region 2
 * within 7 cycles (8218-8225) and each sub-partition's leaders of bench_mio_w8 within 65; a pipe that served the
 * sub-partitions one load after another would end them 32 cycles apart). A warp's own loads start one per its
 * load's MIO hold (mio17: a warp alone 66 cycles a 32-way load, two warps' together 32). */
static double queue_enter(ws_timing *t, ws_exec *x, uint32_t wi, const mem_access *m, uint64_t cycle)
{
    unsigned q = t->sp_of[wi];
    double now = (double)cycle;
    double start = t->queue_free[q] > now ? t->queue_free[q] : now;
    t->queue_free[q] = start + m->c.hold * t->queue_k;
    t->queue_start[q][t->queue_n[q]++ % QUEUE_RING] = start;
    double mine = t->queue_next[wi] > start ? t->queue_next[wi] : start;
    t->queue_next[wi] = mine + m->c.mio;
    hold_mio(t, x, wi, cycle, t->p.shared_queue_issue, 0);
    return mine + m->c.hold * (t->queue_k - 1) - now;
}

/* A block's start: shared.queue's counts from the preset, its queues empty. */
static void queue_reset(ws_timing *t, unsigned nsp)
{
    t->queue_depth = (uint32_t)ws_llround(t->p.shared_queue);
    if (!t->queue_depth)
        return;
    t->queue_shared = (uint32_t)ws_llround(t->p.shared_queue_shared);
    t->queue_sps = nsp < 32 ? nsp : 32;
    t->queue_k = 0;
    for (unsigned sp = 0; sp < t->queue_sps; sp++)
        t->queue_k += t->sp_warps[sp] != 0;
    memset(t->queue_n, 0, sizeof t->queue_n);
    memset(t->queue_free, 0, sizeof t->queue_free);
    memset(t->queue_next, 0, sizeof t->queue_next);
}

#endif
