/* scene: the data of one frame, from the recording (see scene.h). */
#include "scene.h"
#include "provenance.h"
#include "sentence.h"

#include "opcodes.h"

#include <stdio.h>
#include <string.h>

const char *viz_shfl_mode_name(unsigned m)
{
    static const char *n[] = {"up", "down", "bfly", "idx"};
    return m < 4 ? n[m] : "?";
}

const char *viz_vote_mode_name(unsigned m)
{
    static const char *n[] = {"all", "any", "uni", "ballot"};
    return m < 4 ? n[m] : "?";
}

const char *viz_lanes_text(uint32_t lanes, char *buf, size_t cap)
{
    size_t o = 0;
    buf[0] = 0;
    for (unsigned l = 0; l < 32 && o < cap;) {
        if (!((lanes >> l) & 1)) {
            l++;
            continue;
        }
        unsigned e = l;
        while (e + 1 < 32 && ((lanes >> (e + 1)) & 1))
            e++;
        int n = e == l ? snprintf(buf + o, cap - o, "%s%u", o ? ", " : "", l)
                       : snprintf(buf + o, cap - o, "%s%u%s%u", o ? ", " : "", l, e == l + 1 ? ", " : "-", e);
        o += n > 0 ? (size_t)n : 0;
        l = e + 1;
    }
    return buf;
}

static bool reg_is_float(const recording *r, uint32_t reg)
{
    return reg < r->k->nregs &&
           (r->k->regs[reg].type == WS_T_F32 || r->k->regs[reg].type == WS_T_F64 || r->is_float[reg]);
}

static void fill_row(viz_row *row, const recording *r, uint32_t reg, const uint64_t *vals, uint32_t set, uint32_t exec)
{
    row->reg = reg;
    row->set = set;
    row->is_float = reg_is_float(r, reg);
    snprintf(row->label, sizeof row->label, "%s", reg < r->k->nregs ? r->k->regs[reg].name : "");
    int first = -1;
    row->uniform = (exec & set) == exec && exec != 0;
    for (unsigned l = 0; l < 32; l++) {
        row->val[l] = vals ? vals[l] : 0;
        if ((set >> l) & 1)
            rec_format_value(r, reg, row->val[l], row->text[l], VIZ_TEXT);
        else
            row->text[l][0] = 0;
        if ((exec >> l) & 1) {
            if (first < 0)
                first = (int)l;
            else if (row->val[l] != row->val[first])
                row->uniform = false;
        }
    }
}

/* The role of operand o of in, as a teacher names it. */
static const char *role_name(const ws_insn *in, const rec_src *src)
{
    static const char *abc[] = {"a", "b", "c", "d", "e"};
    switch (ws_op_class_of(in->op)) {
    case CLS_COLLECTIVE:
        if (src->opnd + 1 == in->nops)
            return "membermask";
        if (in->op == WS_OP_SHFL)
            return src->opnd == 1   ? "value"
                   : src->opnd == 2 ? (in->sub == WS_SHFL_IDX    ? "lane"
                                       : in->sub == WS_SHFL_BFLY ? "xor mask"
                                                                 : "offset")
                                    : "c";
        return in->op == WS_OP_VOTE ? "predicate" : "value";
    case CLS_LOAD:
    case CLS_STORE:
    case CLS_ATOMIC: return src->role == REC_ADDRESS ? "address" : "value";
    default: break;
    }
    unsigned first = ws_op_writes_op0(in->op) ? 1 : 0;
    unsigned i = src->opnd >= first ? src->opnd - first : 0;
    return i < 5 ? abc[i] : "operand";
}

/* ---- the warps of the block at one cycle ---------------------------------------------------------- */

static void warps_at(viz_scene *sc, const viz_view *v, uint64_t cycle)
{
    const recording *r = v->rec;
    sc->nwarps = r->nwarps;
    for (uint32_t w = 0; w < r->nwarps; w++) {
        viz_warp_now *n = &sc->warps[w];
        const viz_warp_index *x = &v->warps[w];
        memset(n, 0, sizeof *n);
        n->what = VIZ_WARP_WAITING;
        /* the last instruction it issued in this cycle */
        for (size_t i = viz_warp_step_at(v, w, cycle); i < x->nstep && r->steps[x->step[i]].cycle == cycle; i++) {
            n->what = VIZ_WARP_ISSUES;
            n->pc = r->steps[x->step[i]].pc;
            n->line = r->steps[x->step[i]].line;
        }
        if (n->what == VIZ_WARP_ISSUES)
            continue;
        size_t k = viz_warp_stall_at(v, w, cycle);
        if (k < x->nstall && r->stalls[x->stall[k]].from <= cycle) {
            const rec_stall *st = &r->stalls[x->stall[k]];
            n->what = VIZ_WARP_STALLED;
            n->reason = st->reason;
            n->pc = st->pc;
            n->line = st->pc < r->k->ninsns ? r->k->insns[st->pc].line : 0;
            n->producer_line = st->producer_pc < r->k->ninsns ? r->k->insns[st->producer_pc].line : 0;
        } else if (x->nstep && cycle > r->steps[x->step[x->nstep - 1]].cycle) {
            n->what = VIZ_WARP_DONE;
        }
    }
}

/* ---- the parts of a step's frame ------------------------------------------------------------------ */

static void shuffle_arrows(viz_scene *sc, const rec_step *s)
{
    unsigned seg = (s->shfl_c >> 8) & 31;
    unsigned width = 32 - seg;
    sc->width = (width & (width - 1)) == 0 && (seg & (width - 1)) == 0 ? width : 0;
    unsigned b = s->shfl_b & 31;
    for (unsigned l = 0; l < 32; l++) {
        if (!((s->exec >> l) & 1))
            continue;
        viz_arrow *a = &sc->arrows[sc->narrows++];
        unsigned src = (unsigned)s->shfl_src[l] & 31;
        a->dst = (uint8_t)l;
        a->src = (uint8_t)(s->shfl_in_range[l] ? src : l);
        a->kind = !s->shfl_in_range[l] ? VIZ_ARROW_SELF : (s->exec >> src) & 1 ? VIZ_ARROW_ROUTE : VIZ_ARROW_ZERO;
        /* colours: one per width subgroup; a full-warp butterfly's strands (lanes that swap
         * over the same distance) each get their own, so crossing routes stay apart */
        unsigned group = seg ? (l & seg) / (sc->width ? sc->width : 1) : 0;
        if (!seg && s->shfl_mode == WS_SHFL_BFLY && b && (b & (b - 1)) == 0)
            group = l & (b - 1);
        a->group = (uint8_t)(group % 8);
    }
}

static void bank_view(viz_scene *sc, const rec_step *s)
{
    viz_banks *B = &sc->banks;
    if (!s->mem_addr || s->mem_space != WS_SPACE_SHARED || !s->exec)
        return;
    B->present = true;
    B->store = s->mem_store;
    B->bytes = s->mem_bytes;
    B->lanes = s->exec;
    memcpy(B->addr, s->mem_addr, sizeof B->addr);
    ws_bank_rule(B->addr, s->exec, B->bytes, &B->map);
    B->model_wavefronts = s->mem_wavefronts;
    for (unsigned p = 0; p < 4; p++) {
        B->degree = B->map.degree[p] > B->degree ? B->map.degree[p] : B->degree;
        B->phases += B->map.degree[p] > 0;
    }
    for (unsigned l = 0; l < 32; l++)
        for (unsigned w = 0; ((s->exec >> l) & 1) && w < B->map.words; w++) {
            if (B->map.first[l][w] == (int8_t)l)
                B->words_in_bank[B->map.bank[l][w]]++;
            else
                B->broadcast = true;
        }
}

static void step_scene(viz_scene *sc, const viz_view *v, const rec_step *s)
{
    const recording *r = v->rec;
    size_t si = (size_t)(s - r->steps);
    sc->step = s;
    sc->step_index = si;
    sc->cycle = s->cycle;
    sc->line = s->line;
    sc->active = s->active;
    sc->exec = s->exec;
    sc->is_shfl = s->is_shfl;
    sc->is_vote = s->is_vote;
    sc->diag = rec_step_diag(r, s);
    sc->shown_insn = s->insn;
    ws_insn_print(r->m, r->k, s->insn, sc->insn, sizeof sc->insn);
    ws_insn_source(r->m, s->insn, sc->source, sizeof sc->source);
    for (uint32_t i = 0; i < s->nsrc && sc->nops < VIZ_MAX_ROWS; i++) {
        if (s->src[i].role == REC_GUARD)
            continue; /* the executing lanes show it */
        viz_row *row = &sc->ops[sc->nops++];
        row->opnd = s->src[i].opnd;
        fill_row(row, r, s->src[i].reg, s->src_val ? s->src_val + i * 32 : NULL, s->src_val ? s->src_set[i] : 0, s->exec);
        row->ref = REC_NONE;
        snprintf(row->role, sizeof row->role, "%s", role_name(s->insn, &s->src[i]));
    }
    for (uint32_t d = 0; d < s->ndst && sc->nres < VIZ_MAX_RESULTS; d++) {
        viz_row *row = &sc->res[sc->nres++];
        fill_row(row, r, s->dst_reg[d], s->dst_val + d * 32, s->exec, s->exec);
        snprintf(row->role, sizeof row->role, "%s",
                 s->is_shfl ? (d == 0 ? "received" : "in range")
                 : d == 0   ? "result"
                            : "2nd result");
        for (unsigned l = 0; l < 32 && s->dst_prov; l++)
            row->prov[l] = s->dst_prov[d * 32 + l];
        row->live = v->live ? v->live[REC_REF(si, d)] & s->exec : s->exec;
        row->ref = REC_REF(si, d);
    }
    if (s->is_shfl)
        shuffle_arrows(sc, s);
    bank_view(sc, s);
}

/* The result frame: what the warp stored where it leaves the block (global memory, and the local
 * memory printf reads its arguments from), its latest stores first, a vector store's elements
 * last first: the butterfly's printf stores {lane, sum}, and the sum is what it prints. A call's
 * own parameters (st.param of a call sequence, kept in local memory) only pass pointers on. */
static void result_scene(viz_scene *sc, const viz_view *v)
{
    const recording *r = v->rec;
    sc->kind = VIZ_FRAME_RESULT;
    sc->diag = -1;
    sc->cycle = r->end_cycle;
    const rec_step *last = NULL;
    for (size_t i = r->nsteps; i-- > 0 && sc->nres < VIZ_MAX_RESULTS;) {
        const rec_step *s = &r->steps[i];
        if (s->warp != v->warp || !viz_is_output(s) || !s->exec || !s->src_val || (s->insn->mods & WS_MOD_CALLPARAM))
            continue;
        if (!last)
            last = s;
        unsigned vec = s->insn->vec > 1 ? s->insn->vec : 1u, elem_bytes = s->mem_bytes / vec;
        /* each element a vector store writes (an atomic's first data operand), a row; its address,
         * named after the buffer */
        for (uint32_t j = 0, rows = 0; j < s->nsrc && rows < vec && sc->nres < VIZ_MAX_RESULTS; j++) {
            uint32_t k = vec > 1 ? s->nsrc - 1 - j : j;
            if (s->src[k].role != REC_DATA)
                continue;
            rows++;
            viz_row *row = &sc->res[sc->nres++];
            fill_row(row, r, s->src[k].reg, s->src_val + k * 32, s->exec, s->exec);
            char lo[40] = "", hi[40] = ""; /* two of them and ".." fit a row label */
            unsigned first = (unsigned)__builtin_ctz(s->exec);
            uint64_t at = (uint64_t)s->src[k].elem * elem_bytes, amin = s->mem_addr[first] + at, amax = amin;
            for (unsigned l = 0; l < 32; l++)
                if ((s->exec >> l) & 1) {
                    amin = s->mem_addr[l] + at < amin ? s->mem_addr[l] + at : amin;
                    amax = s->mem_addr[l] + at > amax ? s->mem_addr[l] + at : amax;
                }
            bool local = s->mem_space == WS_SPACE_LOCAL; /* each lane's own memory: no buffer */
            if (local || !ws_buffer_name(&r->buffers, amin, 1, lo, sizeof lo))
                snprintf(lo, sizeof lo, "%s0x%llx", local ? "local " : "", (unsigned long long)amin);
            if (amax != amin && (local || !ws_buffer_name(&r->buffers, amax, 1, hi, sizeof hi)))
                snprintf(hi, sizeof hi, "0x%llx", (unsigned long long)amax);
            const char *br = strchr(hi, '[');
            if (amax == amin)
                snprintf(row->label, sizeof row->label, "%s", lo);
            else if (br && !strncmp(lo, hi, (size_t)(br - hi)) && strchr(lo, '['))
                snprintf(row->label, sizeof row->label, "%.*s..%s", (int)strcspn(lo, "]"), lo, br + 1);
            else
                snprintf(row->label, sizeof row->label, "%s..", lo);
            snprintf(row->role, sizeof row->role, "line %u", s->line);
            for (unsigned l = 0; l < 32; l++)
                if ((s->exec >> l) & 1)
                    row->prov[l] = viz_value_prov(r, REC_REF((size_t)(s - r->steps), s->src[k].elem), l);
            row->live = s->exec;
            row->ref = REC_REF((size_t)(s - r->steps), s->src[k].elem);
            sc->exec |= s->exec;
        }
    }
    sc->active = sc->exec;
    snprintf(sc->insn, sizeof sc->insn, "result");
    if (last) {
        sc->line = last->line;
        sc->shown_insn = last->insn;
        ws_insn_source(r->m, last->insn, sc->source, sizeof sc->source);
    }
}

rec_ref viz_scene_lane_value(const viz_scene *sc, int lane)
{
    if (lane < 0 || lane > 31)
        return REC_NONE;
    if (sc->kind == VIZ_FRAME_RESULT) {
        for (unsigned i = 0; i < sc->nres; i++)
            if ((sc->res[i].live >> lane) & 1)
                return sc->res[i].ref;
        return REC_NONE;
    }
    if (!sc->step || !((sc->exec >> lane) & 1))
        return REC_NONE;
    if (sc->nres)
        return sc->res[0].ref;
    return sc->step->mem_store ? REC_REF(sc->step_index, 0) : REC_NONE;
}

void viz_node_text(const recording *r, rec_ref ref, unsigned lane, char *buf, size_t cap)
{
    const rec_step *s = &r->steps[REC_REF_STEP(ref)];
    unsigned d = REC_REF_D(ref);
    buf[0] = 0;
    if (d < s->ndst) {
        rec_format_value(r, s->dst_reg[d], s->dst_val[d * 32 + lane], buf, cap);
        return;
    }
    for (uint32_t i = 0; i < s->nsrc && s->src_val; i++) /* a store: the element it wrote */
        if (s->src[i].role == REC_DATA && s->src[i].elem == d) {
            rec_format_value(r, s->src[i].reg, s->src_val[i * 32 + lane], buf, cap);
            return;
        }
}

bool viz_step_conflicts(const rec_step *s)
{
    if (!s->mem_addr || s->mem_space != WS_SPACE_SHARED || !s->exec)
        return false;
    ws_bank_access m;
    ws_bank_rule(s->mem_addr, s->exec, s->mem_bytes, &m);
    return m.wavefronts > m.min_wavefronts;
}

void viz_scene_build(viz_scene *sc, const viz_view *v)
{
    memset(sc, 0, sizeof *sc);
    const recording *r = v->rec;
    sc->warp = v->warp;
    sc->frame = v->pos;
    sc->nframes = v->nframes;
    sc->end_cycle = r->end_cycle;
    sc->diag = -1;
    const rec_step *s = viz_view_step(v);
    if (s)
        step_scene(sc, v, s);
    else if (viz_view_at_result(v))
        result_scene(sc, v);
    if (sc->end_cycle < sc->cycle)
        sc->end_cycle = sc->cycle;
    warps_at(sc, v, sc->cycle);
    viz_rule_sentence(sc, r);
}

bool viz_bank_run(const viz_banks *B, unsigned l, unsigned *b0, unsigned *wave)
{
    if (B->map.words < 2)
        return false;
    *b0 = B->map.bank[l][0];
    *wave = B->map.wave[l][0];
    for (unsigned w = 1; w < B->map.words; w++)
        if (B->map.bank[l][w] != *b0 + w || B->map.wave[l][w] != *wave)
            return false;
    return true;
}
