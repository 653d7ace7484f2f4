/* The prepared kernel's timing tables (timing_tables.h): ptxas's order and the rules of its pipes and stall counts,
 * built once per kernel.
 */
#include "timing_tables.h"
#include "block_layout.h"
#include "cfg.h"
#include "cga.h"
#include "fpexact.h"
#include "memory.h"
#include "narrow.h"
#include "param_remat.h"
#include "timing_info.h"

#include <stdlib.h>

/* stall.imad_fma's cycles from an IMAD-pipe instruction to the warp's next, an FMA-pipe one (imad_stalls); 0: off
 * (the key 0 or 1, or no IMAD pipe: pipe.imad 0). */
static int64_t imad_fma_gap(const ws_timing *t)
{
    int64_t cycles = ws_llround(t->p.stall_imad_fma);
    if (cycles <= 1 || !t->imad_hold)
        return 0;
    return cycles > 16 ? 16 : cycles; /* a stall count's 4 bits */
}

/* stall.half_fma: ptxas counts a half pair's HFMA2 (not HFMA2.MMA) as an FMA-pipe instruction for stall.imad_fma's
 * stall and rule 6's turns: IMAD S02 before it, and IMAD and HFMA2 by turns (probe_alu3.sass alu3_hfma2_m: IMAD S02
 * before each HFMA2, S01 before each HFMA2.MMA; docs/calibration.md "(hsched21)"). */
static int fma_turn_op(const ws_timing *t, const ws_insn *in, uint32_t pc)
{
    if (is_fma_pipe(in))
        return 1;
    return t->p.stall_half_fma > 0 && in->op == WS_OP_FMA && pc < t->ninfo && ws_half_arith_halves(in) == 2 &&
           !(t->half_mma && t->half_mma[pc]);
}

/* schedule.free_slot's movs: the unpack of a 32-bit register into 16-bit halves (`mov.b32 {a, b}, %r`), which ptxas
 * has no SASS for (a HADD2.F32 reads R.H0_H0: probe_alu3.sass alu3_h2f_l), and with schedule.free_slot 2 the pack of
 * one half into both (`mov.b32 %r, {a, a}`), which the half op that makes it writes (`HADD2 R, R.H0_H0, R.H0_H0`
 * gives both halves the sum: probe_alu3.sass alu3_hadd_l, one HADD2 and one LOP3 a step; docs/calibration.md
 * "(half17)"). Not the pack and unpack of a 64-bit value around a DADD, nor the other free movs: given no schedule
 * cycle they put the f64 forms beside an op at +14% to +17% and probe_pipe's u32b_16 at +10.1% (docs/calibration.md
 * "(f64x)", the merge with xu16). */
static int is_half_move(const ws_insn *in, double free_slot)
{
    if (in->op != WS_OP_MOV || in->nops < 2)
        return 0;
    const ws_operand *d = &in->ops[0], *s = &in->ops[1];
    if (ws_type_bits((ws_type)in->type) == 64) /* schedule.free_slot 3: a 64-bit pair's unpack or pack */
        return free_slot > 2 && ((d->kind == WS_OPND_VEC && d->nvec == 2 && s->kind == WS_OPND_REG) ||
                                 (d->kind == WS_OPND_REG && s->kind == WS_OPND_VEC && s->nvec == 2));
    if (ws_type_bits((ws_type)in->type) != 32)
        return 0;
    return (d->kind == WS_OPND_VEC && s->kind == WS_OPND_REG) ||
           (free_slot > 1 && d->kind == WS_OPND_REG && s->kind == WS_OPND_VEC && s->nvec == 2 &&
            s->regs[0] == s->regs[1] && s->regs[0] != WS_NO_REG);
}

/* A mov with no schedule cycle (WS_SCHED_FREE), no SASS of its own and no latency: one free_passes may pass on. */
static int passes_on(const timing_info *f, uint8_t pipe)
{
    return (pipe & 7) == WS_SCHED_FREE && f->free_mov && !f->latency;
}

/* schedule.free_pass: which instructions are movs ptxas has no SASS for that pass their source's value on (pass[pc] 1:
 * the unpack `mov.b32 {a, d}, %r` and the pack `mov.b32 %r, {a, a}` of a scalar half op, given no schedule cycle,
 * WS_SCHED_FREE, and no latency of its own), as issue() does (write_results: the mov's value is ready with its source,
 * made by that producer); and each instruction's datapath for the list schedule's cross.feed (side), a passing mov
 * taking that of the last writer of its source. ptxas's reader reads the producer's register itself:
 * probe_alu3.sass alu3_hadd_l `HADD2 R10, R0.H0_H0, R5.H0_H0` ... `LOP3.LUT R10, R10, UR4, R5` five S01 instructions
 * on, where the pack between them hid the crossing and the schedule counted 4 from where it put the pack. Not the movs
 * of a scalar pair's f16x2 op (fold.pack): their values take ptxas's PRMTs. docs/calibration.md "(hadd27)". Returns 0
 * (both NULL where the kernel has no free mov: nothing to pass), or -1 when out of memory. */
static int free_passes(const ws_timing *t, const ws_launch_ctx *L, const uint8_t *pipe, uint8_t **pass_out,
                       uint8_t **side_out)
{
    uint32_t n = L->k->ninsns, nregs = L->k->nregs, any = 0;
    *pass_out = *side_out = NULL;
    for (uint32_t pc = 0; pc < n && pc < t->ninfo && !any; pc++)
        any = passes_on(&t->info[pc], pipe[pc]);
    if (!any) /* no such mov (most kernels): the schedule as without the key */
        return 0;
    uint8_t *side = malloc((size_t)n + 1), *pass = calloc((size_t)n + 1, 1);
    uint32_t *writer = malloc(((size_t)nregs + 1) * sizeof *writer);
    if (!side || !pass || !writer) {
        free(side);
        free(pass);
        free(writer);
        return -1;
    }
    for (uint32_t r = 0; r <= nregs; r++)
        writer[r] = UINT32_MAX;
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_reg_use *u = &L->uses[pc];
        const timing_info *f = pc < t->ninfo ? &t->info[pc] : NULL;
        int paired = t->fold.pack && t->fold.pack[pc]; /* an op of a scalar half pair */
        side[pc] = f ? f->side : 0;
        pass[pc] = (uint8_t)(f && passes_on(f, pipe[pc]) && !paired);
        uint32_t by = UINT32_MAX; /* the latest writer in program order of its sources */
        for (uint32_t i = 0; i < u->nsrc; i++) {
            uint32_t w = u->src[i] < nregs ? writer[u->src[i]] : UINT32_MAX;
            if (w == UINT32_MAX)
                continue;
            by = by == UINT32_MAX || w > by ? w : by;
            if (paired)
                pass[w] = 0; /* a mov read by a pair's op: a PRMT puts its value in place */
        }
        if (pass[pc] && by != UINT32_MAX && t->fold.pack && t->fold.pack[by])
            pass[pc] = 0; /* a mov of a pair's result: a PRMT */
        if (pass[pc] && by != UINT32_MAX)
            side[pc] = side[by];
        for (uint32_t d = 0; d < u->ndst; d++)
            if (u->dst[d] < nregs)
                writer[u->dst[d]] = pc;
    }
    free(writer);
    *pass_out = pass;
    *side_out = side;
    return 0;
}

/* The code's lines (ifetch.h): per instruction the line of its SASS, code[pc] SASS each, laid out in `order` (per
 * position, a pc) with each basic block where ptxas puts it (block_layout.h: rank). For a first launch with
 * ifetch.order, `order` is the schedule's (the instruction issued at position p is the p-th in its block's code), not
 * the PTX's: a list schedule that issues an instruction from 8 lines on in the PTX finds it in the line it issues
 * from. */
static uint32_t *lines_in_order(uint32_t n, const uint8_t *code, const uint32_t *order, const uint32_t *rank)
{
    uint32_t *laid = ws_block_layout_sort(order, rank, n);
    uint8_t *by_pos = malloc(n ? n : 1);
    uint32_t *pos_line = NULL, *line_of = malloc(((size_t)n + 1) * sizeof *line_of);
    if (laid && by_pos && line_of) {
        for (uint32_t p = 0; p < n; p++)
            by_pos[p] = code[laid[p]];
        pos_line = ws_ifetch_layout(n, by_pos);
    }
    if (pos_line) {
        for (uint32_t p = 0; p < n; p++)
            line_of[laid[p]] = pos_line[p];
        line_of[n] = pos_line[n];
    } else {
        free(line_of);
        line_of = NULL;
    }
    free(pos_line);
    free(by_pos);
    free(laid);
    return line_of;
}

/* ptxas's order (schedule.h) into *sched, with each instruction's latency as issue() charges it when
 * nothing conflicts (a load's space from the instruction; generic: the mem class). */
static int build_schedule(const ws_timing *t, const ws_launch_ctx *L, ws_schedule *sched)
{
    uint32_t n = L->k->ninsns;
    double *lat = malloc(((size_t)n + 1) * sizeof *lat);
    if (!lat)
        return -1;
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_insn *in = &L->code[pc];
        mem_cost mc = {0};
        mc.space = ws_op_is_memory(in->op) ? ws_access_space(in) : WS_SPACE_NONE;
        lat[pc] = t->info[pc].free_mov                      ? 0
                  : ws_optable[in->op].latency == LAT_MATCH ? t->p.lat[LAT_MATCH]
                                                            : ws_timing_insn_latency(t, pc, in, &mc);
        if (t->info[pc].imc) /* ptxas puts the ULDC among the stretch's first S2Rs (time_cg_*scan*.sass) */
            lat[pc] += t->p.sreg_tid;
        int spaced_clz = pc < t->ninfo && in->op == WS_OP_CLZ && t->info[pc].late;
        if (t->p.schedule_xu_reader > 0 && pc < t->ninfo && xu_short(L->code + pc, t->info[pc].slots) && !spaced_clz &&
            lat[pc] > t->p.schedule_xu_reader)
            lat[pc] = t->p.schedule_xu_reader;
        /* a spaced clz (xu_late): its IADD3 is the reader one XU op later, the IADD3's reader one more (probe_alu3.sass
         * alu3_clz_l: FLO, the LOP3 of the IADD3 before, that IADD3, FLO) */
        if (t->p.schedule_xu_reader > 0 && spaced_clz && t->p.schedule_xu_reader + t->xu_stall < lat[pc])
            lat[pc] = t->p.schedule_xu_reader + t->xu_stall;
    }
    /* branch.feed: the setp (a fixed-latency op) whose predicate a loop's guarded back edge reads weighs the wait more
     * in rule 4's heights: ptxas issues the ISETP as early as its sources let it, the BRA 13 cycles after it (fetch31's
     * k8n: IADD3, 3 FFMA, ISETP, 5 FFMA, BRA, the last FFMA S08; docs/calibration.md "(loop32)"), where by its
     * latency alone it went after every FFMA of the body, the BRA 13 cycles after the body's end. Not a forward
     * branch's: the list takes a source from before the segment as ready, and a setp reading %tid.x (its S2R) went
     * before the shared address the segment's store waits for (test_timing_sass shared_base_once_per_sass_block: 20
     * cycles more) */
    uint8_t *starts = t->bra_kept && t->branch_feed ? calloc((size_t)n + 1, 1) : NULL;
    if (starts)
        ws_block_starts(L->k, starts);
    for (uint32_t pc = 0; starts && pc < n && pc < t->ninfo; pc++) {
        const ws_insn *in = &L->code[pc];
        if (!fed_bra(t, pc) || in->ops[0].imm > pc) /* a loop's guarded back edge */
            continue;
        for (uint32_t j = pc; j-- > 0;) {
            if (ws_reg_use_writes(&L->uses[j], in->guard)) {
                if (t->info[j].fixed)
                    lat[j] += (double)t->branch_feed;
                break;
            }
            if (starts[j])
                break;
        }
    }
    free(starts);
    /* The MATCH.ANY check of a register membermask (subwarp.h) is SASS in the segment before the
     * collective, on the mask's path: ptxas issues the mask's S2R SR_LANEID first, ahead of the
     * S2Rs and the ULDC of thread_rank(), and MATCH.ANY as soon as the mask is there
     * (time_cg_escan_plus_tile16_unsigned.sass, time_cg_iscan_plus_tile8_longlong.sass:
     * CS2R, S2R SR_LANEID, ..., ULDC, ..., MATCH.ANY, REDUX.OR before the first SHFL). The mask's
     * last write before the collective counts that latency more in the schedule. */
    for (uint32_t pc = 0; t->subwarp.form && pc < n && pc < t->ninfo; pc++) {
        const ws_insn *in = &L->code[pc];
        if (t->subwarp.form[pc] != SUBWARP_MATCH || !in->nops || in->ops[in->nops - 1].kind != WS_OPND_REG)
            continue;
        uint32_t mask = in->ops[in->nops - 1].reg;
        for (uint32_t j = pc; j-- > 0;)
            if (ws_reg_use_writes(&L->uses[j], mask)) {
                lat[j] += t->p.lat[LAT_MATCH] + t->p.subwarp_check;
                break;
            }
    }
    /* rule 5's budget, with the preset's schedule.budget 1 (0 in sm_90: docs/calibration.md "ptxas's
     * register budget, modelled"): the registers --regs gives (ptxas -v's count) less those that
     * hold no value of the PTX (schedule.reserved) */
    unsigned regs = t->p.schedule_budget > 0 ? L->sim->cfg.regs_per_thread : 0,
             reserved = (unsigned)t->p.schedule_reserved;
    ws_schedule_budget budget = {.regs = regs > reserved ? regs - reserved : 0,
                                 .spare = (unsigned)t->p.schedule_spare,
                                 .spare_load = (unsigned)t->p.schedule_spare_load,
                                 .predicates = (unsigned)t->p.schedule_predicates,
                                 .fused = t->p.schedule_fused > 0,
                                 .starts = t->p.schedule_drain > 0,
                                 .copies = t->p.schedule_copy > 0,
                                 .written = t->p.schedule_written > 0,
                                 .half_regs = t->p.schedule_half_regs > 0,
                                 .reuse = t->p.schedule_reuse > 0,
                                 .mio_gap = (unsigned)t->p.schedule_mio_gap,
                                 .high_wait = (unsigned)t->p.schedule_high_wait,
                                 .fma_chain = t->p.schedule_fma_chain > 0 ? (unsigned)t->p.schedule_fma_chain : 0,
                                 .half_turn = t->p.schedule_half_turn > 0,
                                 .yield_every = t->p.pick_yield > 0 ? (unsigned)t->p.pick_yield : 0,
                                 .cross = (unsigned)t->cross_feed};
    /* schedule.alloc: the three phases' budget and registers (schedule.alloc_regs, 0: B + 1); with rule 5's budget
     * (--regs) schedule.c keeps rule 5's order */
    if (t->p.schedule_alloc >= 1) {
        budget.alloc = (unsigned)t->p.schedule_alloc;
        budget.alloc_regs = t->p.schedule_alloc_regs >= 1 ? (unsigned)t->p.schedule_alloc_regs : budget.alloc + 1;
    }
    /* rule 6, with the preset's schedule.pipes 1: the pipe each instruction holds, the kind of its slots that
     * holds it longest (math_slots); with schedule.free_slot 1, WS_SCHED_FREE for what issues in no slot */
    int pipes = t->p.schedule_pipes > 0 || t->p.schedule_free_slot > 0 || t->p.fold_zext > 0 || t->p.fold_neg > 0;
    int64_t fma_gap = imad_fma_gap(t);
    uint8_t *pipe = pipes ? calloc((size_t)n + 1, 1) : NULL;
    if (pipes && !pipe) {
        free(lat);
        return -1;
    }
    for (uint32_t pc = 0; pipe && pc < n && pc < t->ninfo; pc++) {
        const uint8_t *sl = t->info[pc].slots;
        /* not SLOT_FMA: pipe.fma_half's holds are the hardware's, not ptxas's (its stall counts know of none) */
        /* nor an HFMA2.MMA's ALU cycle (pipe.mma_alu): ptxas's stall counts space no LOP3 after one; and a scalar
         * pair's PRMTs (fold.pack) pipe.alu's cycles each, a PRMT's own (probe_pack21 p: 2.06-2.15 a step), not the
         * hold pipe.prmt gives them beside the f16x2 op (docs/calibration.md "(hadd24)") */
        uint64_t prmts = pair_prmts(t, pc);
        uint64_t alu = (t->half_mma && t->half_mma[pc] ? 0 : sl[SLOT_ALU] - prmts * t->prmt_hold) + prmts * t->alu_hold;
        uint64_t c[SLOT_FMA] = {alu, sl[SLOT_IMAD], sl[SLOT_ANY] * t->imad_hold, sl[SLOT_XU]}; /* cycles */
        static const uint8_t kind[SLOT_FMA] = {WS_SCHED_ALU, WS_SCHED_IMAD, WS_SCHED_ANY, WS_SCHED_XU};
        unsigned most = SLOT_ALU;
        for (unsigned k = 1; k < SLOT_FMA; k++)
            most = c[k] > c[most] ? k : most;
        /* a MUFU form is its MUFU here, whatever its fix-ups' ALU cycles (rcp.approx.f32's four: 8, as its XU
         * slot's): ptxas spaces the MUFUs and POPCs on the XU pipe and puts the FSETPs and FSELs between other
         * chains' instructions (probe_alu3.sass alu3_rcp_x; docs/calibration.md "(rcp20)") */
        if (c[SLOT_XU] && ws_mufu_fixups(&L->code[pc]) > 0)
            most = SLOT_XU;
        if (t->p.schedule_pipes > 0 && c[most])
            pipe[pc] = WS_SCHED_PIPE(kind[most], c[most]);
        if (t->p.schedule_free_slot > 0 && t->info[pc].free_mov && is_half_move(&L->code[pc], t->p.schedule_free_slot))
            pipe[pc] = WS_SCHED_FREE; /* issue(): no slot, no cycle */
        if (t->fold.kind && (t->fold.kind[pc] == WS_FOLD_ZEXT || t->fold.kind[pc] == WS_FOLD_NEG ||
                             t->fold.kind[pc] == WS_FOLD_PACK || t->fold.kind[pc] == WS_FOLD_DEAD))
            pipe[pc] = WS_SCHED_FREE; /* fold.zext, fold.neg, fold.pack: no SASS (the F2F writes the 32-bit register;
                                       * -R; the pair's f16x2 op, which the second issues) */
        if (t->p.schedule_pipes > 0 && fma_gap > 1 && !t->info[pc].free_mov && fma_turn_op(t, &L->code[pc], pc))
            pipe[pc] = WS_SCHED_PIPE(WS_SCHED_FMA, fma_gap); /* after an IMAD: imad_stalls */
        if (t->p.schedule_pipes > 0 && t->p.schedule_f64 > 0 && t->f64_hold && is_f64_math(&L->code[pc]))
            pipe[pc] = WS_SCHED_PIPE(WS_SCHED_F64, t->f64_hold); /* DADD S02 before a DADD, S01 before a LOP3 */
    }
    /* cross.feed: each instruction's datapath, so that the schedule counts a reader across datapaths 5 cycles after
     * its producer, as ptxas does (probe_alu3.sass alu3_lop3_f: each FFMA five instructions after the LOP3 it reads);
     * read in info (one entry an instruction: ninfo is the kernel's ninsns) */
    uint8_t *sides = NULL, *pass = NULL;
    if (t->cross_feed && n) {
        budget.side = &t->info[0].side;
        budget.side_step = sizeof *t->info;
    }
    /* schedule.reuse: a half pair's HFMA2.MMA weighs in rule 4's heights as the HADD2 it alternates with (its longer
     * latency still times its readers): ptxas keeps probe_alu3's alu3_hadd2 in program order, every add in place,
     * where the MMAs' 6 cycles more made every other add the higher (docs/calibration.md "(reuse27)") */
    uint8_t *unweighed = t->p.schedule_reuse > 0 && budget.regs && t->half_mma ? calloc((size_t)n + 1, 1) : NULL;
    for (uint32_t pc = 0; unweighed && pc < n && pc < t->ninfo; pc++) {
        const ws_insn *in = &L->code[pc];
        double more = t->p.half_mma - t->p.lat[ws_optable[in->op].latency];
        int packed = t->fold.pack && t->fold.pack[pc]; /* a scalar pair's op (fold.pack): not read in its SASS here */
        if (t->half_mma[pc] && in->op != WS_OP_MUL && !packed && t->p.half_mma > 0 && more > 0)
            unweighed[pc] = (uint8_t)(more > 255 ? 255 : more);
    }
    budget.unweighed = unweighed;
    if (t->p.schedule_free_pass > 0 && pipe && n) {
        if (free_passes(t, L, pipe, &pass, &sides) != 0) {
            free(unweighed);
            free(pipe);
            free(lat);
            return -1;
        }
        budget.pass = pass;
        if (t->cross_feed && sides) {
            budget.side = sides;
            budget.side_step = 1;
        }
    }
    /* schedule.high_wait: the MUFU forms with ptxas's fix-ups, the candidates the list waits for (schedule.c high) */
    uint8_t *fixups = t->p.schedule_high_wait > 0 && pipe ? calloc((size_t)n + 1, 1) : NULL;
    for (uint32_t pc = 0; fixups && pc < n; pc++)
        fixups[pc] = ws_mufu_fixups(&L->code[pc]) > 0;
    budget.fixups = fixups;
    /* schedule.pair_split: the pair's packs and unpacks (free movs that stay in the copy, pair_split.h) count in no
     * piece, so that the copy is cut where ptxas's two registers would be (docs/calibration.md "(pair33)", "(pair34)") */
    uint8_t *uncounted = t->p.schedule_pair_split > 0 ? calloc((size_t)n + 1, 1) : NULL;
    for (uint32_t pc = 0; uncounted && pc < n; pc++) {
        const ws_insn *in = &L->code[pc];
        uncounted[pc] = in->op == WS_OP_MOV && ws_type_bits((ws_type)in->type) == 64 && in->nops >= 2 &&
                        (in->ops[0].kind == WS_OPND_VEC || in->ops[1].kind == WS_OPND_VEC);
    }
    budget.uncounted = uncounted;
    int r = ws_schedule_build(L->k, L->code, L->uses, lat, t->fold.kind, &budget, pipe, (uint32_t)t->p.schedule_piece,
                              sched);
    free(uncounted);
    free(fixups);
    free(unweighed);
    free(sides);
    free(pass);
    free(pipe);
    free(lat);
    return r;
}

/* Which half pairs' ops ptxas makes HFMA2.MMA (half_mma: 1 for those): an add, sub, mul or fma of .f16x2 or .bf16x2
 * is HADD2, HMUL2 or HFMA2, or the same op on the tensor pipe, HFMA2.MMA (an add `HFMA2.MMA R, R, 1, 1, R`), which
 * holds neither the ALU nor the IMAD pipe and gives its result later (half.mma: 11 in sm_90). ptxas alternates the two forms
 * among a basic block's pair ops, so that each takes half (probe_alu3.sass alu3_hadd2, alu3_hfma2 and their _l, _m,
 * _f: 128 of each in 256 streams' steps); an add, sub or fma that reads the pair op just before it (a dependent
 * chain, where HFMA2.MMA's latency would stall it) is HADD2 or HFMA2 and the turn starts again (bench_half.sass: 64
 * dependent add.f16x2 are 64 HADD2, 64 fma.rn.f16x2 64 HFMA2), but mul.f16x2 takes its turn even there (64
 * dependent mul.f16x2: HMUL2 and HFMA2.MMA in turn). */
/* pipe.mma_prmt (docs/calibration.md "(pack30)"): whether the nearest instruction before pc in its block that writes
 * a register pc reads is a prmt. probe_pack21 p2 (a prmt.b32, then an add.f16x2 of its value: 256 PRMT, 128 HADD2,
 * 128 HFMA2.MMA a round) takes 2.81-2.89 cycles a step at 2-8 warps a sub-partition on the H200 (h200f), where the
 * ALU pipe counts 2.50 (256 x 2 + 128 x pipe.mma_alu's 1); probe_alu3 hadd2_l, the same pipe count with a LOP3
 * reading the f16x2 op's value instead (260 LOP3, 128 HADD2, 128 HFMA2.MMA), 2.47-2.52: the excess is an
 * HFMA2.MMA's reading a PRMT's value. An HFMA2.MMA so held 2 ALU cycles: p2 3.04-3.06. */
static int reads_prmt(const ws_launch_ctx *L, const uint32_t *block, uint32_t pc)
{
    uint32_t nearest = UINT32_MAX;
    for (uint32_t i = 0; i < L->uses[pc].nsrc; i++) {
        uint32_t q = ws_block_last_writer(L->uses, block, pc, L->uses[pc].src[i]);
        if (q != UINT32_MAX && (nearest == UINT32_MAX || q > nearest))
            nearest = q;
    }
    return nearest != UINT32_MAX && L->code[nearest].op == WS_OP_PRMT;
}

static int half_pairs(const ws_timing *t, const ws_launch_ctx *L, uint8_t *half_mma)
{
    uint32_t n = t->ninfo, prev = UINT32_MAX; /* the block's last pair op */
    uint32_t *block = ws_block_numbers(L->k);
    if (!block)
        return -1;
    for (uint32_t pc = 0; pc < n; pc++) {
        if (pc > 0 && block[pc] != block[pc - 1])
            prev = UINT32_MAX;
        const ws_insn *in = &L->code[pc];
        const uint8_t *pack = t->fold.pack, *kind = t->fold.kind;
        if (ws_half_arith_halves(in) != 2 && !(pack && pack[pc] && kind[pc] != WS_FOLD_PACK))
            continue; /* a pair op, or the f16x2 op of a scalar pair (fold.pack) */
        int reads = prev != UINT32_MAX && ws_reg_use_reads_from(&L->uses[pc], &L->uses[prev]); /* the op before */
        /* half.pack_mul: a scalar mul pair (fold.pack) takes an add's turns (probe_pack21 hm: ptxas's SASS the
         * counts of h's, 94 HMUL2 and 57 HFMA2.MMA a round; docs/calibration.md "(pack30)") */
        int own = in->op == WS_OP_MUL && !(t->p.half_pack_mul > 0 && pack && pack[pc]);
        half_mma[pc] = (uint8_t)(prev != UINT32_MAX && !half_mma[prev] && (own || !reads));
        if (half_mma[pc] && in->op != WS_OP_FMA && t->p.pipe_mma_prmt > 0 && reads_prmt(L, block, pc))
            half_mma[pc] = 2; /* pipe.mma_prmt */
        prev = pc;
    }
    for (uint32_t pc = 0; t->fold.pack && pc < n; pc++) /* a scalar pair's first op: its f16x2 op's form */
        if (t->fold.kind[pc] == WS_FOLD_PACK && pc + t->fold.pack_next[pc] < n)
            half_mma[pc] = half_mma[pc + t->fold.pack_next[pc]];
    free(block);
    return 0;
}

/* Which adds ptxas gives the IMAD pipe (IMAD.IADD) whatever the pipes' state when they issue (add_imad: 1 for
 * those). An add is either an IADD3 (the ALU pipe) or an IMAD.IADD: ptxas chooses when it compiles, balancing the
 * two pipes over the code. Where the ALU pipe bounds a basic block (its ALU cycles at least the block's issue
 * cycles, one an instruction) and its ALU work is at least its IMAD work with every add on the IMAD pipe, every
 * add is an IMAD.IADD (probe_alu mix, BlockScan's step: 256 each of IMAD.IADD, ISETP and SEL); the other blocks'
 * adds take whichever pipe is free when they issue (hold_math; probe_alu add: 132 IMAD.IADD and 126 IADD3;
 * time_cg_iscan_plus_tile8_longlong's one add, 44 ALU cycles in 59 instructions, is an LEA). With ptxas's
 * registers renamed (schedule.rename_alu) the schedule issues a block's adds together, where the free pipe at
 * issue would give the ALU pipe every other one (docs/calibration.md "(lat15)"). */
static int add_pipes(const ws_timing *t, const ws_launch_ctx *L, uint8_t *add_imad)
{
    uint32_t n = t->ninfo;
    uint8_t *leader = calloc((size_t)n + 1, 1);
    if (!leader)
        return -1;
    ws_block_starts(L->k, leader);
    for (uint32_t start = 0; start < n;) {
        uint32_t end = start + 1;
        while (end < n && !leader[end])
            end++;
        uint64_t alu = 0, imad = 0, adds = 0, issued = 0;
        for (uint32_t pc = start; pc < end; pc++) {
            timing_info f = ws_timing_info_of(t, L->code, pc); /* add_imad all 0 here: the pipes at issue */
            alu += f.slots[SLOT_ALU];                          /* the slots' cycles */
            imad += f.slots[SLOT_IMAD];
            adds += f.slots[SLOT_ANY];
            issued += !f.free_mov;
        }
        if (adds && alu >= imad + adds * t->imad_hold && alu >= issued)
            for (uint32_t pc = start; pc < end; pc++)
                add_imad[pc] = 1; /* read by math_slots for an add alone */
        start = end;
    }
    free(leader);
    return 0;
}

/* The instruction at position p of ptxas's order: the schedule's, else the program's. */
static uint32_t at_position(const ws_timing *t, uint32_t p)
{
    return t->sched.order && t->sched.order[p] < t->ninfo ? t->sched.order[p] : p;
}

/* ptxas's order of n instructions: at[p] the instruction at position p, pos[pc] its position (pos NULL: not wanted). */
static void order_positions(const ws_timing *t, uint32_t n, uint32_t *at, uint32_t *pos)
{
    for (uint32_t p = 0; p < n; p++) {
        at[p] = at_position(t, p);
        if (pos)
            pos[at[p]] = p;
    }
}

/* The first position from p on in ptxas's order whose instruction issues there (not a free mov), or ninfo where none
 * does. */
static uint32_t issue_from(const ws_timing *t, uint32_t p)
{
    while (p < t->ninfo && t->info[at_position(t, p)].free_mov)
        p++;
    return p;
}

/* The next position after p that issues: what follows an instruction for ptxas's stall count on it. */
static uint32_t next_issue(const ws_timing *t, uint32_t p) { return issue_from(t, p + 1); }

/* An instruction ptxas keeps as SASS (not a free mov folded away). */
static int has_sass(const ws_timing *t, uint32_t pc) { return !(t->info[pc].free_mov && !t->info[pc].latency); }

/* stall.imad_fma: ptxas's stall count after an IMAD-pipe instruction (IMAD, IMAD.MOV, IMAD.IADD, VIADD, HADD2.F32)
 * is 2 where the next SASS instruction is an FFMA, FADD or FMUL (or another IMAD-pipe one, which the IMAD pipe's own
 * hold spaces already), 1 where it is an ALU-pipe one: in probe_alu3.sass, probe_alu.sass, probe_alu2.sass and
 * tests/calibration/sass, of the independent pairs, 1,743 of 1,747 IMAD-pipe ones before an FFMA/FADD/FMUL and all
 * 254 HADD2.F32 are S02, 10,518 of 10,816 before an ALU op S01. With one warp a sub-partition that stall is the step: probe_alu3 fma_m (FFMA S01, IMAD S02) takes 3.10 cycles
 * a step on the H200 where the two pipes alone give 2 (fadd_m, fmul_m, h2f_f 3.09-3.10, mad_f 3.28); with more warps
 * the others fill the cycle (fma_m at 8 warps a sub-partition 2.07). Per instruction: the cycles beyond one its warp
 * waits after it, where the next instruction the warp issues in ptxas's order (the schedule's next position that
 * takes an issue slot) is an FMA-pipe one (docs/calibration.md "(fimad17)"). */
static void imad_stalls(const ws_timing *t, const ws_launch_ctx *L, uint8_t *stall)
{
    uint32_t n = t->ninfo;
    int64_t cycles = imad_fma_gap(t);
    if (!cycles)
        return;
    for (uint32_t p = 0; p < n; p++) {
        uint32_t pc = at_position(t, p), q = next_issue(t, p);
        if (t->info[pc].free_mov || !t->info[pc].slots[SLOT_IMAD] || q >= n)
            continue;
        if (fma_turn_op(t, &L->code[at_position(t, q)], at_position(t, q)))
            stall[pc] = (uint8_t)(cycles - 1);
    }
}

/* The last writer of source i of instruction pc within `near` instructions before it in the code, or UINT32_MAX
 * where none writes it there. */
static uint32_t near_writer(const ws_launch_ctx *L, uint32_t pc, uint32_t i, uint32_t near)
{
    uint32_t r = L->uses[pc].src[i];
    for (uint32_t back = 1; back <= near && back <= pc; back++) {
        const ws_reg_use *w = &L->uses[pc - back];
        for (uint32_t d = 0; d < w->ndst; d++)
            if (w->dst[d] == r)
                return pc - back;
    }
    return UINT32_MAX;
}

/* stall.half_read's cycles beyond one after a half op whose value an IMAD- or FMA-pipe instruction reads (0: off). */
static uint8_t half_read_gap(const ws_timing *t)
{
    int64_t cycles = ws_llround(t->p.stall_half_read);
    return (uint8_t)(cycles <= 0 || !t->imad_near ? 0 : cycles > 15 ? 15 : cycles); /* a stall count's 4 bits */
}

/* stall.half_read: a half op (HADD2, HMUL2, HFMA2 of .f16x2 or .bf16x2; not HFMA2.MMA, half_pairs) whose value an
 * IMAD- or FMA-pipe instruction at most pipe.imad_near instructions after it in the code reads: its warp waits
 * stall.half_read cycles more than one after it. ptxas keeps probe_alu3's eight streams in ten registers, so its
 * order puts each such half op after the last read of the register it takes and its reader right after it, waiting
 * out the latency (probe_alu3.sass alu3_hadd2_m: 86 of 128 HADD2 S05 before their IMAD, 42 S06; hadd2_f's 47 at 5,
 * 80 at 7; replayed, 3.71 cycles a step at one warp a sub-partition, the H100 3.93 and 4.07: docs/calibration.md
 * "(hmid23)", "(hmid23h)"). The list schedule keeps no register budget by default and runs the half ops ahead (the
 * IMAD pipe's 3.08 a step); the stall stands for the order ptxas's registers give: 2 gives hadd2_m 3.71 and
 * hadd2_f 4.00 at one warp a sub-partition, and with more warps the others fill its cycles ("(xdp24)"). The scalar
 * half ops (.f16: hadd_m, hadd_f, read 8-10 cycles on in ptxas's order, the pipes' 4.0 a step) keep none. */
static void half_read_stalls(const ws_timing *t, const ws_launch_ctx *L, uint8_t *stall)
{
    uint8_t cycles = half_read_gap(t);
    for (uint32_t pc = 0; cycles && pc < t->ninfo; pc++) {
        const ws_insn *in = &L->code[pc];
        if (ws_half_arith_halves(in) || t->info[pc].free_mov || !(is_fma_pipe(in) || t->info[pc].slots[SLOT_IMAD]))
            continue;
        for (uint32_t i = 0; i < L->uses[pc].nsrc; i++) {
            uint32_t by = near_writer(L, pc, i, t->imad_near);
            if (by != UINT32_MAX && ws_half_arith_halves(&L->code[by]) == 2 && !(t->half_mma && t->half_mma[by]) &&
                stall[by] < cycles)
                stall[by] = cycles;
        }
    }
}

/* stall.hfma2: ptxas's stall count after a half fma (HFMA2, HFMA2.MMA: issue_cycles' pipe.hfma2 hold) is counted as if
 * it issued one a cycle, and the H200 waits it out after the hold: the next instruction of the warp issues the hold
 * less one plus the stall count after it (probe_alu3.sass alu3_hfma2, ptxas's order the PTX's: 7 S01 and an S04 a
 * round of 8, the S04 before the HFMA2 that reads the round's first HFMA2.MMA 10 cycles on; the H200 2.39 cycles a
 * step at one warp a sub-partition, sass_replay.py --hold 2 2.50, the hold alone 2.08; docs/calibration.md
 * "(half20)", "(hsched21)"). ptxas's stall count here: ptxas_stall over ptxas_issue_cycles with the stall counts so far
 * (stall.imad_fma's), to the next instruction of the fma's segment that issues. Per instruction into stall: the cycles
 * beyond one its warp waits, the hold's and the stall count's. */
/* ptxas_issue_cycles' step: the cycles ptxas counts from instruction a to b, the next in its order: none after a free
 * mov; 2 after a half add, sub, mul or fma that is not HFMA2.MMA (HADD2, HMUL2, HFMA2) where b takes the IMAD pipe
 * (not a half op itself) or the FMA pipe (probe_alu3.sass alu3_hfma2_m, _f, alu3_hadd2_m, _f, bfma2_m: of 126 such
 * HFMA2 or HADD2 before an IMAD or FFMA each, 84-85 S02 and the others S04-S05, none S01; before a LOP3 S01); else 1
 * and the stall after a (stall.imad_fma's; stall NULL: none). */
static int64_t ptxas_step(const ws_timing *t, const ws_launch_ctx *L, uint32_t a, uint32_t b, const uint8_t *stall)
{
    if (a >= t->ninfo || b >= t->ninfo || t->info[a].free_mov)
        return 0;
    const ws_insn *ia = &L->code[a], *ib = &L->code[b];
    int half = ws_half_arith_halves(ia) == 2 && !(t->half_mma && t->half_mma[a]);
    int next = is_fma_pipe(ib) || (t->info[b].slots[SLOT_IMAD] && !ws_half_arith_halves(ib));
    int64_t step = 1 + (stall ? stall[a] : 0);
    return half && next && step < 2 ? 2 : step;
}

/* ptxas's issue estimate: the one timeline ptxas's stall counts are read from (ptxas_stall), so that the rules that
 * read them (pipe.fma_read3's reuse, stall.hfma2) count alike. Per position of each basic block in ptxas's order (at:
 * position -> pc; block: ws_block_numbers), the cycle ptxas counts its instruction issued at: the block's first 0,
 * each instruction that issues there (not a free mov) ptxas_step after the one before it (stall: the stall counts so
 * far, NULL: none) or once the fixed-latency results it reads are ready, their writer's cycle plus timing_info.latency
 * (ptxas waits out a fixed latency with its stall counts, a variable one, a load's, a MUFU's or a shuffle's, on a
 * scoreboard its counts leave out); a free mov at the cycle of the one before it, passing its source's value on (a
 * folded add's IADD3 waits for the add its first half reads; a free mov with a latency of its own, a setp ptxas
 * hoists above a bar.sync or a scalar half pair's first op, is not counted). Its users: pipe.fma_read3's reuse (two3
 * of probe_dep35: `FFMA R17, R5.reuse, R14, R4.reuse` S01, then `FFMA R15, R5, R15, R4` S03, which waits for the FFMA
 * two before it; it runs before the stall counts, stall NULL) and stall.hfma2 (after stall.imad_fma's). 0, or -1 when
 * out of memory. */
static int ptxas_issue_cycles(const ws_timing *t, const ws_launch_ctx *L, const uint32_t *block, const uint32_t *at,
                              uint32_t n, const uint8_t *stall, int64_t *cyc)
{
    uint32_t nregs = L->k->nregs;
    int64_t *ready = malloc(((size_t)nregs + 1) * sizeof *ready); /* per register: its value ready, ptxas's count */
    uint32_t *in = calloc((size_t)nregs + 1, sizeof *in);         /* per register: 1 + the block that wrote it last */
    if (!ready || !in) {
        free(ready);
        free(in);
        return -1;
    }
    uint32_t last = UINT32_MAX; /* the position of the last instruction of the block that issued */
    for (uint32_t p = 0; p < n; p++) {
        uint32_t pc = at[p], b = block[pc] + 1;
        const timing_info *f = &t->info[pc];
        const ws_reg_use *u = &L->uses[pc];
        if (p && block[at[p - 1]] != block[pc])
            last = UINT32_MAX;
        int64_t c = last == UINT32_MAX ? 0 : cyc[last] + (f->free_mov ? 0 : ptxas_step(t, L, at[last], pc, stall));
        int64_t src = INT64_MIN; /* its sources' latest value */
        for (uint32_t i = 0; i < u->nsrc; i++)
            if (u->src[i] < nregs && in[u->src[i]] == b && ready[u->src[i]] > src)
                src = ready[u->src[i]];
        cyc[p] = !f->free_mov && src > c ? src : c;
        int64_t value = f->free_mov && !f->latency ? src : f->fixed && f->latency > 0 ? cyc[p] + f->latency : INT64_MIN;
        for (uint32_t d = 0; d < u->ndst; d++)
            if (u->dst[d] < nregs) {
                ready[u->dst[d]] = value;
                in[u->dst[d]] = b;
            }
        last = f->free_mov ? last : p;
    }
    free(ready);
    free(in);
    return 0;
}

/* ptxas's stall count on the instruction at position p (ptxas_issue_cycles' cyc): the cycles to the next instruction
 * of its block that issues; 0 where none does. */
static int64_t ptxas_stall(const ws_timing *t, const uint32_t *block, const int64_t *cyc, uint32_t p)
{
    uint32_t q = next_issue(t, p);
    return q < t->ninfo && block[at_position(t, q)] == block[at_position(t, p)] ? cyc[q] - cyc[p] : 0;
}

/* ifetch.held: per instruction, the cycles a half fma (HFMA2, HFMA2.MMA) holds its sub-partition's issue
 * (issue_cycles' pipe.hfma2: a second cycle of register reads) beyond ptxas's count to the next instruction in its order
 * (ptxas_step, stall counts 0: 2 where an HFMA2 is followed by an IMAD- or FMA-pipe instruction, else 1), which its
 * stall counts do not show; NULL where the kernel has none. A cold first launch's warp catches its stream where a line
 * came later than the warp would have entered it without them (ifetch.h; docs/calibration.md "(fetch33)"). 0, or -1
 * when out of memory. */
static int fetch_held(const ws_timing *t, const ws_launch_ctx *L, ws_timing_kernel *tk)
{
    uint32_t n = t->ninfo;
    for (uint32_t p = 0; t->sched.order && p < n; p++) {
        uint32_t pc = at_position(t, p), q = next_issue(t, p);
        if (L->code[pc].op != WS_OP_FMA || !ws_half_arith_halves(&L->code[pc]) || t->info[pc].issue < 2)
            continue;
        int64_t count = q < n ? ptxas_step(t, L, pc, at_position(t, q), NULL) : 1; /* stall counts: none */
        if (count >= t->info[pc].issue)
            continue;
        if (!tk->fetch_held && !(tk->fetch_held = calloc(n, 1)))
            return -1;
        tk->fetch_held[pc] = (uint8_t)(t->info[pc].issue - count);
    }
    return 0;
}

static void hfma2_stalls(const ws_timing *t, const ws_launch_ctx *L, uint8_t *stall)
{
    uint32_t n = t->ninfo;
    if (t->p.stall_hfma2 <= 0 || t->hfma2_hold < 2 || !t->sched.order || !t->sched.first)
        return;
    uint32_t *block = ws_block_numbers(L->k), *at = malloc(((size_t)n + 1) * sizeof *at);
    int64_t *cyc = malloc(((size_t)n + 1) * sizeof *cyc); /* per position: ptxas's issue cycle in its block */
    if (at)
        order_positions(t, n, at, NULL);
    if (!block || !at || !cyc || ptxas_issue_cycles(t, L, block, at, n, stall, cyc)) {
        free(block);
        free(at);
        free(cyc);
        return; /* no stall counts: the hold alone */
    }
    for (uint32_t p = 0; p < n; p++) {
        uint32_t pc = at[p], q = next_issue(t, p);
        if (t->info[pc].issue != t->hfma2_hold || ws_half_arith_halves(&L->code[pc]) != 2)
            continue;
        if (q >= n || t->sched.first[q] != t->sched.first[p])
            continue; /* the segment's last: what follows waits as without a stall count */
        /* a reader of the fma's own result waits that alone, the hold within it (bench_half[5]: 64 dependent
         * fma.rn.f16x2, 64 HFMA2, 254 cycles on the H200) */
        if (ws_reg_use_reads_from(&L->uses[at[q]], &L->uses[pc]))
            continue;
        int64_t count = ptxas_stall(t, block, cyc, p);
        int64_t cycles = (int64_t)t->hfma2_hold - 1 + (count < 1 ? 1 : count > 15 ? 15 : count);
        if (cycles - 1 > (int64_t)stall[pc])
            stall[pc] = (uint8_t)(cycles - 1);
    }
    free(block);
    free(at);
    free(cyc);
}

/* Whether source i of instruction pc has an IMAD (kind IMAD_RESULT) for its last writer within pipe.imad_near
 * instructions before it in the code. */
static int near_imad(const ws_timing *t, const ws_launch_ctx *L, const uint8_t *kind, uint32_t pc, uint32_t i)
{
    uint32_t by = near_writer(L, pc, i, t->imad_near);
    return by != UINT32_MAX && (kind[by] & IMAD_RESULT) != 0;
}

/* pipe.imad_read's table (imad_read: IMAD_* for each instruction; NULL where the key is off or no instruction reads
 * an IMAD's result): a 32-bit mul.lo or mad.lo (one IMAD) is an IMAD_RESULT, and an FADD, FMUL or FFMA whose source
 * an IMAD at most pipe.imad_near instructions before it wrote last is an IMAD_READER, which looks at its sources'
 * producers when it issues (imad_read_issue). In probe_alu3's mad_f (mad.lo then fma.rn reading it) the FFMA reads
 * the IMAD before it; in fma_m (fma.rn then mad.lo) an FFMA reads the IMAD of the round before, 14-16 instructions
 * back, and costs nothing on the H100. 0, or -1 when out of memory. */
static int imad_reads(ws_timing *t, const ws_launch_ctx *L, uint8_t **out)
{
    *out = NULL;
    if (!t->imad_read_hold || !t->imad_near || !t->ninfo)
        return 0;
    uint8_t *kind = calloc(t->ninfo, 1);
    if (!kind)
        return -1;
    int readers = 0;
    for (uint32_t pc = 0; pc < t->ninfo; pc++) {
        const ws_insn *in = &L->code[pc];
        unsigned fold = t->fold.kind ? t->fold.kind[pc] : WS_FOLD_NONE;
        if (ws_optable[in->op].pipe == PIPE_IMAD && !ws_type_is_float((ws_type)in->type) && in->sub != WS_MUL_HI &&
            in->sub != WS_MUL_WIDE && ws_type_bits((ws_type)in->type) == 32 && fold == WS_FOLD_NONE)
            kind[pc] = IMAD_RESULT;
    }
    for (uint32_t pc = 0; pc < t->ninfo; pc++)
        for (uint32_t i = 0; is_fma_pipe(&L->code[pc]) && i < L->uses[pc].nsrc; i++)
            if (near_imad(t, L, kind, pc, i)) {
                kind[pc] |= IMAD_READER;
                readers = 1;
            }
    if (readers)
        *out = kind;
    else
        free(kind);
    return 0;
}

/* A per-instruction table's end: out the table where any instruction has its mark, else none (NULL) and the table
 * freed. Returns 0. */
static int table_if_any(uint8_t *table, int any, uint8_t **out)
{
    if (any)
        *out = table;
    else
        free(table);
    return 0;
}

/* Per register, its writes in the kernel, counted to 2 (ws_uniform_values' ndefs: a value of one write). */
static void register_writes(const ws_launch_ctx *L, uint32_t n, uint32_t *defs)
{
    for (uint32_t pc = 0; pc < n; pc++)
        for (uint32_t i = 0; i < L->uses[pc].ndst; i++)
            if (L->uses[pc].dst[i] < L->k->nregs && defs[L->uses[pc].dst[i]] < 2)
                defs[L->uses[pc].dst[i]]++;
}

/* pick.young's ops (young: 1 for each; NULL where the key is off or there is none): an FFMA, FADD or FMUL reading a
 * uniform register, whose neighbours in ptxas's order (the schedule's; free movs passed over) both take the IMAD pipe
 * (IMAD, HADD2.F32), and that does not read an IMAD's result near before it (probe_alu3 mad_f: IMAD, then the FFMA(UR)
 * reading it, which the hardware does not starve: its 16 warps +0.6% -> +6.6% with it).
 * Uniform, as ptxas keeps it in a UR: stq_regs.h ws_uniform_values (a kernel parameter's ld.param, or a pure op of
 * uniform values). The H100s and the H200 leave the
 * last warp of a sub-partition of 4 to reach such a loop waiting until the others end (probe_alu3 fma_m: FFMA R, R,
 * UR4 between IMADs; h2f_f: between HADD2.F32s; starve24's amu: FADD R, R, UR4), and not where the op reads
 * registers alone (fadd_m, starve24's fmr, fmrr: docs/calibration.md "(starve24)"). */
/* An IMAD-pipe op that is neither an FFMA, FADD, FMUL nor a half op (HADD2, HMUL2, HFMA2: hadd2_f, badd2_f at 16 warps
 * +10.1% with them, with stall.half_read): IMAD, HADD2.F32. */
static int imad_side(const ws_timing *t, const ws_launch_ctx *L, uint32_t pc)
{
    return t->info[pc].slots[SLOT_IMAD] && !is_fma_pipe(&L->code[pc]) && !ws_half_arith_halves(&L->code[pc]);
}

/* The register ptxas puts in an f32 fma's slot a, as fda43 reads it from the PTX: the multiplicand its destination
 * overwrites (the accumulator: `fma v, v, u, w` and `fma v, u, v, w`), else the first; UINT32_MAX where none. */
static uint32_t slot_a_register(const ws_insn *in)
{
    if (in->nops < 3)
        return UINT32_MAX;
    int i = in->ops[2].kind == WS_OPND_REG && in->ops[0].kind == WS_OPND_REG && in->ops[2].reg == in->ops[0].reg ? 2 : 1;
    return in->ops[i].kind == WS_OPND_REG ? in->ops[i].reg : UINT32_MAX;
}

static int young_ops(ws_timing *t, const ws_launch_ctx *L, uint8_t **out)
{
    *out = NULL;
    uint32_t n = t->ninfo, nregs = L->k->nregs;
    if (t->p.pick_young <= 0 || !n)
        return 0;
    uint32_t *defs = calloc(nregs ? nregs : 1, sizeof *defs);
    uint8_t *uni = calloc(nregs ? nregs : 1, 1), *op = calloc(n, 1);
    uint32_t *pos = malloc(n * sizeof *pos), *at = malloc(n * sizeof *at); /* pc -> position, position -> pc */
    int ok = defs && uni && op && pos && at;
    if (ok) {
        order_positions(t, n, at, pos);
        register_writes(L, n, defs);
        ws_uniform_values(L->k, L->code, L->uses, n, defs, uni, NULL);
    }
    int any = 0;
    for (uint32_t pc = 0; ok && pc < n; pc++) {
        int reads = 0;
        for (uint32_t i = 0; is_fma_pipe(&L->code[pc]) && i < L->uses[pc].nsrc; i++)
            reads |= L->uses[pc].src[i] < nregs && uni[L->uses[pc].src[i]];
        if (!reads)
            continue;
        int64_t a = (int64_t)pos[pc] - 1, b = pos[pc] + 1; /* its neighbours in ptxas's order */
        while (a >= 0 && !has_sass(t, at[a]))
            a--;
        while (b < n && !has_sass(t, at[b]))
            b++;
        /* not an IMAD's near reader (pipe.imad_read): mad_f's FFMA, which the hardware does not starve */
        op[pc] = a >= 0 && b < n && imad_side(t, L, at[a]) && imad_side(t, L, at[b]) &&
                 !(t->info[pc].fma_pipe & FMA_READS_IMAD);
        int64_t d = (int64_t)pc - 1; /* the op before it in the PTX (free movs passed over) */
        while (d >= 0 && !has_sass(t, (uint32_t)d))
            d--;
        if (op[pc] && d >= 0 && imad_side(t, L, (uint32_t)d) && ws_reg_use_reads_from(&L->uses[pc], &L->uses[d]))
            op[pc] = YOUNG_READS;                                /* starve24 hf: the FFMA of the HADD2.F32 before it */
        uint32_t e = pc + 1, ra = slot_a_register(&L->code[pc]); /* the op after it in the PTX */
        while (e < n && !has_sass(t, e))
            e++;
        /* pick.young_upto: the slot-a value another op next to it in the PTX reads (fda43's Ar, ptxas's reuse flag:
         * mad19 fm's `mad %r49, %r49, %r54; fma %r54, %r54, %r59`), not fmi's (its IMAD reads the other halves) */
        if (op[pc] && ((d >= 0 && ws_reg_use_reads(&L->uses[d], ra)) ||
                       (e < n && !ws_reg_use_reads_from(&L->uses[e], &L->uses[pc]) && ws_reg_use_reads(&L->uses[e], ra))))
            op[pc] |= YOUNG_SHARED;
        any |= op[pc];
    }
    free(defs);
    free(uni);
    free(pos);
    free(at);
    if (!ok) {
        free(op);
        return -1;
    }
    return table_if_any(op, any, out);
}

/* Whether register reg's last write before pc in its block is a half op or a pack of halves, followed back through
 * register movs (renames, no SASS) 4 at most. */
static int half_written(const ws_launch_ctx *L, const uint32_t *block, uint32_t pc, uint32_t reg, int movs)
{
    uint32_t q = ws_block_last_writer(L->uses, block, pc, reg);
    if (q == UINT32_MAX)
        return 0;
    const ws_insn *w = &L->code[q];
    if (ws_half_arith_halves(w))
        return 1;
    if (w->op == WS_OP_MOV && w->nops >= 2 && w->ops[1].kind == WS_OPND_VEC)
        return 1;
    if (w->op == WS_OP_MOV && w->nops >= 2 && w->ops[1].kind == WS_OPND_REG && movs < 4)
        return half_written(L, block, q, w->ops[1].reg, movs + 1);
    return 0;
}

/* pipe.half_own (docs/calibration.md "(pack30)"): per instruction, 1 for an f32 op (FFMA, FADD, FMUL) whose source's
 * nearest write before it in its block is a half op (HADD2, HMUL2, HFMA2, HFMA2.MMA) or a pack of halves (`mov.b32
 * %r, {a, b}`, no SASS: the half op's register), through register movs: probe_alu3's _f kinds, each FFMA reading the
 * half op's register. NULL when out of memory. */
static uint8_t *half_values(const ws_launch_ctx *L, uint32_t n)
{
    uint8_t *value = calloc((size_t)n + 1, 1);
    uint32_t *block = ws_block_numbers(L->k);
    if (!value || !block) {
        free(value);
        free(block);
        return NULL;
    }
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_insn *in = &L->code[pc];
        if (in->type != WS_T_F32 || ws_half_arith_halves(in))
            continue;
        for (uint32_t i = 0; i < L->uses[pc].nsrc && !value[pc]; i++)
            value[pc] = (uint8_t)half_written(L, block, pc, L->uses[pc].src[i], 0);
    }
    free(block);
    return value;
}

/* The registers of one write that hold a kernel parameter or an immediate, through movs (val[r] 1): ptxas reads
 * those from the constant bank, a UR or the instruction (mad19's `FFMA R, R, R, UR4` of `mov.b32 %f, %r` after
 * ld.param), not from the register file. A value computed from them is not one: pick33's a = ka + 0x3f800344 is
 * ptxas's `IADD3 R0, R66, 0x3f800344, RZ`, read from R0. */
static void param_values(const ws_launch_ctx *L, uint32_t n, const uint32_t *defs, uint8_t *val)
{
    uint32_t nregs = L->k->nregs;
    for (uint32_t pc = 0; pc < n; pc++) {
        const ws_insn *in = &L->code[pc];
        const ws_reg_use *u = &L->uses[pc];
        if (u->ndst != 1 || u->dst[0] >= nregs || defs[u->dst[0]] != 1)
            continue;
        if (in->op == WS_OP_LD && in->space == WS_SPACE_PARAM)
            val[u->dst[0]] = 1;
        else if (in->op == WS_OP_MOV && in->nops == 2 && in->guard == WS_NO_REG &&
                 (in->ops[1].kind == WS_OPND_IMM ||
                  (in->ops[1].kind == WS_OPND_REG && in->ops[1].reg < nregs && val[in->ops[1].reg])))
            val[u->dst[0]] = 1;
    }
}

/* pipe.fma_read3's FFMAs (out: 1 for each; NULL where the key is off or there is none), docs/calibration.md
 * "(dep35)": a sub-partition reads each of its two register banks (register number mod 2) one register a cycle, and
 * an operand the reuse cache holds reads none, so an FFMA reading three registers reads two of one bank in two cycles
 * (pick33 dep on an H100: `FFMA R2, R0, R2, R69` one every 2 cycles a sub-partition at 4 warps; alu27's ptxas -O0 fma
 * on the H200 2.05 cycles an FFMA at 16 warps a sub-partition). warpsim allocates no registers: the stand-in is an
 * f32 fma whose three sources are distinct registers, none a kernel parameter or an immediate (param_values), and
 * none from the reuse cache: ptxas sets a reuse flag only on
 * an instruction of stall count 1 or 2 (0 of ~300,000 operand pairs of the committed listings after a stall of 3 or
 * more), so an fma that reads the value of the instruction before it in its block (a dependent chain: stall 4 before
 * it) or that shares no register with it (probe_dep35 ind3) reads all three; one that shares a source with an
 * independent op before it (pick33 ind: `FFMA R11, R0.reuse, R6, R13.reuse`) does not, also across an op that reads
 * no register (the clock read: each segment's first FFMA of pick33 ind, 9 cycles a segment for 9 SASS). */
static int fma_read3_ops(const ws_timing *t, const ws_launch_ctx *L, uint8_t **out)
{
    *out = NULL;
    uint32_t n = t->ninfo;
    if (t->p.pipe_fma_read3 <= 0 || !n)
        return 0;
    uint32_t nregs = L->k->nregs;
    uint8_t *op = calloc(n, 1), *imm = calloc(nregs ? nregs : 1, 1);
    uint32_t *block = ws_block_numbers(L->k), *defs = calloc(nregs ? nregs : 1, sizeof *defs);
    uint32_t *pos = malloc(n * sizeof *pos), *at = malloc(n * sizeof *at); /* pc -> position, position -> pc */
    int64_t *cyc = malloc(n * sizeof *cyc); /* ptxas_issue_cycles' (before the stall counts: none) */
    if (at && pos)
        order_positions(t, n, at, pos);
    int ok = op && imm && block && defs && pos && at && cyc && !ptxas_issue_cycles(t, L, block, at, n, NULL, cyc);
    if (ok) {
        register_writes(L, n, defs);
        param_values(L, n, defs, imm);
    }
    int any = 0;
    for (uint32_t pc = 0; ok && pc < n; pc++) {
        const ws_insn *in = &L->code[pc];
        if (in->op != WS_OP_FMA || in->type != WS_T_F32 || ws_half_arith_halves(in) || in->nops < 4)
            continue;
        int three = 1;
        for (int i = 1; i <= 3; i++)
            three &= in->ops[i].kind == WS_OPND_REG && in->ops[i].reg < nregs && !imm[in->ops[i].reg];
        if (!three || in->ops[1].reg == in->ops[2].reg || in->ops[1].reg == in->ops[3].reg ||
            in->ops[2].reg == in->ops[3].reg)
            continue;
        /* the last instruction before it in ptxas's order (its block's) that reads registers and has SASS (a clock
         * read between keeps the reuse cache: pick33 ind's `R0.reuse, R13.reuse` before the CS2R), none between
         * that it waits on */
        int reuse = 0;
        for (uint32_t p = pos[pc]; p-- > 0 && block[at[p]] == block[pc];) {
            uint32_t q = at[p];
            if (ws_reg_use_reads_from(&L->uses[pc], &L->uses[q]))
                break;
            if (L->uses[q].nsrc && has_sass(t, q)) { /* ptxas sets no reuse flag on a stall of 3 or more */
                reuse = ws_reg_use_reads_any(&L->uses[pc], L->uses[q].src, L->uses[q].nsrc) &&
                        ptxas_stall(t, block, cyc, p) < 3;
                break;
            }
        }
        op[pc] = (uint8_t)!reuse;
        any |= op[pc];
    }
    free(imm);
    free(block);
    free(defs);
    free(pos);
    free(at);
    free(cyc);
    if (!ok) {
        free(op);
        return -1;
    }
    return table_if_any(op, any, out);
}

/* pipe.fma_half's rule for the kernel: where the preset holds an FFMA beside half work and the kernel has a half op
 * that is not HFMA2.MMA (half_pairs). In no other kernel does an FFMA, FADD or FMUL take an FMA slot: no test at its
 * issue, and the kernels without half work are timed as without the rule. */
static int fma_half_rule(const ws_timing *t, const ws_launch_ctx *L)
{
    if (!t->fma_hold || !t->half_window)
        return 0;
    for (uint32_t pc = 0; pc < t->ninfo; pc++)
        if (ws_half_arith_halves(&L->code[pc]) && !(t->half_mma && t->half_mma[pc]))
            return 1;
    return 0;
}

/* branch.rejoin's table (ws_timing.join_at): at each position where a divergent branch's lanes meet again
 * (ws_cga_rejoins: a branch ptxas keeps, BSSY/BSYNC), the instruction a warp issues first there or after it in
 * ptxas's order that is not a free mov (a free mov issues at its pick, where earliest is not asked: the wait goes to
 * the next one); those instructions have CHECK_JOIN (earliest's test, which every pick's figures pass through: no plan
 * takes them, plannable). None with the key 0 (0, no table). 0, or -1 when out of memory. */
static int join_table(ws_timing *t, const ws_launch_ctx *L, ws_timing_kernel *tk)
{
    uint32_t n = t->ninfo;
    if (!t->rejoin || !n)
        return 0;
    uint8_t *at = ws_cga_rejoins(L->k, L->code, L->reconv_pc);
    uint32_t *join = calloc(n, sizeof *join);
    if (!at || !join) {
        free(at);
        free(join);
        return -1;
    }
    int any = 0;
    for (uint32_t r = 0; r < n; r++) {
        uint32_t p = at[r] ? issue_from(t, r) : n;
        if (p < n) {
            join[at_position(t, p)] = r + 1;
            any = 1;
        }
    }
    free(at);
    if (!any) {
        free(join);
        return 0;
    }
    t->join_at = tk->join_at = join;
    for (uint32_t pc = 0; pc < n; pc++) /* what ws_timing_info_of gives it from now on (--slow-path timing) */
        tk->info[pc].checks |= join[pc] ? CHECK_JOIN : 0;
    return 0;
}

/* pipe.fma_halves' and pick.yield's tables (ws_timing.halves, .kept) from the schedule's FMA-pipe chains
 * (schedule.fma_chain: ws_schedule.chain): the FFMAs, FADDs and FMULs of such a segment take the halves (halves_issue),
 * and each instruction there whose yield bit ptxas keeps is kept (rr_pick). NULL where none. 0, or -1 when out of
 * memory. */
static int chain_tables(ws_timing *t, const ws_launch_ctx *L, ws_timing_kernel *tk)
{
    uint32_t n = t->ninfo;
    int want_h = t->halves_hold > 0, want_k = t->p.pick_yield > 0;
    if (!t->sched.chain || !t->sched.order || !n || (!want_h && !want_k))
        return 0;
    uint8_t *halves = want_h ? calloc(n, 1) : NULL, *kept = want_k ? calloc(n, 1) : NULL;
    if ((want_h && !halves) || (want_k && !kept)) {
        free(halves);
        free(kept);
        return -1;
    }
    int any_h = 0, any_k = 0;
    for (uint32_t p = 0; p < n; p++) {
        uint32_t pc = t->sched.order[p];
        if (!(t->sched.chain[p] & WS_CHAIN_IN) || pc >= n)
            continue;
        if (halves && is_fma_pipe(&L->code[pc]) && !tk->info[pc].free_mov)
            any_h = halves[pc] = 1;
        if (kept && (t->sched.chain[p] & WS_CHAIN_KEPT))
            any_k = kept[pc] = 1;
    }
    if (!any_h) {
        free(halves);
        halves = NULL;
    }
    if (!any_k) {
        free(kept);
        kept = NULL;
    }
    t->halves = tk->halves = halves;
    t->kept = tk->kept = kept;
    for (uint32_t pc = 0; halves && pc < n; pc++) /* what ws_timing_info_of gives it from now on (--slow-path timing) */
        if (halves[pc])
            tk->info[pc] = ws_timing_info_of(t, L->code, pc);
    return 0;
}

/* The kernel's timing tables into tk, built on t's fields (ws_timing_info_of and build_schedule read
 * them there; t: the kernel's first timing launch's state, its preset parsed), which borrow them.
 * 0, or -1 when out of memory (what was built is tk's to free). */
int ws_timing_build_tables(ws_timing *t, const ws_launch_ctx *L, ws_timing_kernel *tk)
{
    t->info = tk->info = calloc(t->ninfo ? t->ninfo : 1, sizeof *t->info);
    t->narrow = tk->narrow = calloc(t->ninfo ? t->ninfo : 1, 1);
    if (!tk->info || !tk->narrow)
        return -1;
    /* subwarp and cga before info: ws_timing_info_of reads them */
    if (ws_subwarp_build(L->k, L->code, L->uses, &tk->subwarp) != 0)
        return -1;
    t->subwarp = tk->subwarp;
    tk->cga.remat = t->p.sreg_cga_remat > 0;
    tk->cga.clock = t->p.sreg_cga_clock > 0;
    if (ws_cga_build(L->k, L->code, L->uses, L->reconv_pc, L->m, &tk->cga) != 0)
        return -1;
    for (uint32_t pc = 0; tk->cga.needs && pc < t->ninfo; pc++)
        tk->cga_used |= tk->cga.needs[pc];
    /* branch.feed's branches, before info (feed) and the schedule (the setp's weight) */
    if ((t->branch_feed || t->branch_taken) &&
        (t->bra_kept = tk->bra_kept = ws_cga_kept_branches(L->k, L->code, L->reconv_pc)) == NULL)
        return -1;
    t->cga = tk->cga;
    if (ws_narrow_build(L->k, L->code, L->uses, tk->narrow) != 0 ||
        (t->p.schedule > 0 &&
         ws_fold_build(L->k, L->code, L->uses, tk->narrow,
                       (t->p.fold_tree > 0 ? WS_FOLD_TREE : 0u) | (t->p.fold_xor > 0 ? WS_FOLD_XOR : 0u) |
                           (t->p.fold_xor > 1 ? WS_FOLD_XOR_BLOCK : 0u) | (t->p.fold_imad > 0 ? WS_FOLD_IMAD_ADD : 0u) |
                           (t->p.fold_address > 0 ? WS_FOLD_OFFSETS : 0u) | (t->p.conv_form > 0 ? WS_FOLD_F2F_FORM : 0u) |
                           (t->p.fold_zext > 0 ? WS_FOLD_ZEXT_FREE : 0u) | (t->p.fold_neg > 0 ? WS_FOLD_NEG_OPERAND : 0u) |
                           (t->p.fold_pack > 0 ? WS_FOLD_PACK_HALVES : 0u) |
                           (t->p.fold_xor > 2 ? WS_FOLD_XOR_LOADS : 0u) | (t->p.fold_dead > 0 ? WS_FOLD_DEAD_CODE : 0u),
                       &tk->fold) != 0))
        return -1;
    t->fold = tk->fold;
    t->half_mma = tk->half_mma = calloc(t->ninfo ? t->ninfo : 1, 1);
    if (!tk->half_mma || half_pairs(t, L, tk->half_mma) != 0)
        return -1;
    if (t->p.pipe_half_own > 0 && (t->half_value = tk->half_value = half_values(L, t->ninfo)) == NULL)
        return -1;
    t->add_imad = tk->add_imad = calloc(t->ninfo ? t->ninfo : 1, 1);
    if (!tk->add_imad || add_pipes(t, L, tk->add_imad) != 0)
        return -1;
    t->fma_rule = tk->fma_rule = fma_half_rule(t, L); /* after half_pairs, before info (math_slots) */
    if (imad_reads(t, L, &tk->imad_read) != 0)        /* after fold, before info (timing_info.fma_pipe) */
        return -1;
    t->imad_read = tk->imad_read;
    t->halves = t->kept = NULL; /* chain_tables' (after the schedule): none of another kernel's in info */
    for (uint32_t pc = 0; pc < t->ninfo; pc++) {
        tk->info[pc] = ws_timing_info_of(t, L->code, pc);
        tk->xu_used |= (tk->info[pc].checks & CHECK_XU) != 0;
    }
    if (t->p.schedule > 0 && build_schedule(t, L, &tk->sched) != 0)
        return -1;
    /* after the schedule (the next instruction is the next in its order), then into info */
    t->sched = tk->sched;
    if (t->p.ifetch_line > 0 || (t->p.ifetch_hold > 0 && t->p.ifetch_warm_line > 0) ||
        (t->p.ifetch_far > 0 && t->p.ifetch_far_line > 0)) { /* a folded mov or add has no
                                                                                        * SASS of its own (ifetch.h) */
        uint8_t *code = malloc(t->ninfo ? t->ninfo : 1);
        uint8_t *remat =
            t->p.ifetch_sass > 0 ? ws_param_remat(L->code, t->ninfo, (unsigned)t->p.ifetch_remat_stores) : NULL;
        if (!code || (!remat && t->p.ifetch_sass > 0 && t->p.ifetch_remat_stores >= 1)) {
            free(code);
            free(remat);
            return -1;
        }
        for (uint32_t pc = 0; pc < t->ninfo; pc++)
            code[pc] = (uint8_t)((!tk->info[pc].free_mov || tk->info[pc].latency > 0) &&
                                         !(t->fold.kind && t->fold.kind[pc] == WS_FOLD_PACK) /* no SASS of its own */
                                     ? ws_timing_sass_count(t, L->code, pc) + pair_prmts(t, pc) + (remat ? remat[pc] : 0)
                                     : 0);
        free(remat);
        uint32_t *rank = ws_block_layout_rank(L->code, t->ninfo), *program = malloc((t->ninfo + 1) * sizeof *program);
        for (uint32_t pc = 0; program && pc < t->ninfo; pc++)
            program[pc] = pc;
        tk->line_of = rank && program ? lines_in_order(t->ninfo, code, program, rank) : NULL;
        tk->line_sched = rank && t->p.ifetch_order > 0 && t->sched.order
                             ? lines_in_order(t->ninfo, code, t->sched.order, rank)
                             : NULL;
        free(program);
        free(rank);
        free(code);
        if (!tk->line_of || (t->p.ifetch_order > 0 && t->sched.order && !tk->line_sched))
            return -1;
        if (t->p.ifetch_held > 0 && fetch_held(t, L, tk) != 0)
            return -1;
    }
    if (join_table(t, L, tk) != 0) /* after the schedule (its order), then into info */
        return -1;
    if (young_ops(t, L, &tk->young) != 0) /* after info (its free movs and IMAD slots) and the schedule */
        return -1;
    if (fma_read3_ops(t, L, &tk->fma_read3) != 0) /* after info and the schedule (ptxas's order), then into info */
        return -1;
    t->fma_read3 = tk->fma_read3;
    for (uint32_t pc = 0; tk->fma_read3 && pc < t->ninfo; pc++)
        if (tk->fma_read3[pc])
            tk->info[pc] = ws_timing_info_of(t, L->code, pc);
    if (chain_tables(t, L, tk) != 0) /* after info and the schedule, before the stalls (info's stall) */
        return -1;
    if (!imad_fma_gap(t) && !(t->p.stall_hfma2 > 0 && t->hfma2_hold >= 2 && t->sched.order) && !half_read_gap(t))
        return 0; /* stall.imad_fma, .hfma2, .half_read off: every stall 0, no table (ws_timing_info_of reads NULL as 0) */
    tk->stall = calloc(t->ninfo ? t->ninfo : 1, 1);
    if (!tk->stall)
        return -1;
    imad_stalls(t, L, tk->stall);
    hfma2_stalls(t, L, tk->stall);
    half_read_stalls(t, L, tk->stall);
    t->stall = tk->stall;
    for (uint32_t pc = 0; pc < t->ninfo; pc++)
        tk->info[pc].stall = tk->stall[pc];
    return 0;
}
