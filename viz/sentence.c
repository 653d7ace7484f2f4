/* sentence: the rule of a frame's instruction in words, from what the scene holds (the routes
 * the simulator took, the bank map, the operand rows), never from a second copy of the rules. */
#include "sentence.h"
#include "provenance.h"

#include "opcodes.h"

#include <ctype.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

/* Appends to a fixed buffer. */
typedef struct {
    char *p;
    size_t cap, n;
} text;

static void put(text *t, const char *fmt, ...)
{
    if (t->n >= t->cap)
        return;
    va_list ap;
    va_start(ap, fmt);
    int k = vsnprintf(t->p + t->n, t->cap - t->n, fmt, ap);
    va_end(ap);
    if (k > 0)
        t->n = t->n + (size_t)k < t->cap ? t->n + (size_t)k : t->cap - 1;
}

/* The printed instruction's operands: "add.f32 %f4, %f2, %f3" gives %f4, %f2, %f3. */
static unsigned split_operands(const char *insn, char out[][48], unsigned max)
{
    const char *p = insn;
    if (*p == '@')
        p += strcspn(p, " ");
    while (*p == ' ')
        p++;
    p += strcspn(p, " "); /* the mnemonic */
    unsigned n = 0;
    while (*p && n < max) {
        while (*p == ' ' || *p == ',')
            p++;
        if (!*p || *p == ';')
            break;
        int depth = 0;
        size_t k = 0;
        for (; *p && (depth || (*p != ',' && *p != ';')); p++) {
            depth += (*p == '[' || *p == '{' || *p == '(') - (*p == ']' || *p == '}' || *p == ')');
            if (k + 1 < 48)
                out[n][k++] = *p;
        }
        out[n][k] = 0;
        char *bar = strchr(out[n], '|'); /* "%r7|%p1": the first destination */
        if (bar && n == 0)
            *bar = 0;
        n++;
    }
    return n;
}

/* "lanes 5-7 of each group" when the lanes in set sit at the same places in every group of
 * width lanes that has executing lanes, else the lanes themselves. */
static void lanes_in_groups(text *t, uint32_t set, uint32_t exec, unsigned width)
{
    char buf[128];
    if (width && width < 32) {
        uint32_t gmask = width == 32 ? 0xffffffffu : (1u << width) - 1, pos = 0;
        bool first = true, same = true;
        for (unsigned g = 0; g < 32; g += width) {
            if (!((exec >> g) & gmask))
                continue;
            uint32_t here = (set >> g) & gmask;
            if (first)
                pos = here, first = false;
            else if (here != pos)
                same = false;
        }
        if (same && pos) {
            put(t, "lane%s %s of each group", __builtin_popcount(pos) > 1 ? "s" : "",
                viz_lanes_text(pos, buf, sizeof buf));
            return;
        }
    }
    put(t, "lane%s %s", __builtin_popcount(set) > 1 ? "s" : "", viz_lanes_text(set, buf, sizeof buf));
}

static const viz_row *operand_row(const viz_scene *sc, unsigned opnd)
{
    for (unsigned i = 0; i < sc->nops; i++)
        if (sc->ops[i].opnd == opnd)
            return &sc->ops[i];
    return NULL;
}

static void shuffle(viz_scene *sc, text *t, text *d)
{
    const rec_step *s = sc->step;
    char ops[6][48];
    split_operands(sc->insn, ops, 6);
    unsigned b = s->shfl_b & 31, w = sc->width, seg = (s->shfl_c >> 8) & 31, clamp = s->shfl_c & 31;
    const viz_row *brow = operand_row(sc, 2);
    char group[40] = "";
    if (w && w < 32)
        snprintf(group, sizeof group, " of its group of %u", w);
    else if (!w)
        snprintf(group, sizeof group, " of its segment (mask 0x%02x)", seg);
    if (brow && !brow->uniform)
        put(t, "lane i reads the lane its %s names%s", ops[2], group);
    else
        switch (s->shfl_mode) {
        case WS_SHFL_UP: put(t, "lane i reads lane i-%u%s", b, group); break;
        case WS_SHFL_DOWN: put(t, "lane i reads lane i+%u%s", b, group); break;
        case WS_SHFL_BFLY:
            put(t, "lane i reads lane i xor %u%s", b, group);
            if (b && (!w || b < w))
                put(t, ": lanes swap in pairs");
            break;
        default:
            if (w && b >= w)
                put(t, "every lane reads lane %u%s (%u mod %u)", b % w, group, b, w);
            else
                put(t, "every lane reads lane %u%s", b, group);
            break;
        }
    uint32_t self = 0, zero = 0;
    for (unsigned i = 0; i < sc->narrows; i++) {
        self |= (uint32_t)(sc->arrows[i].kind == VIZ_ARROW_SELF) << sc->arrows[i].dst;
        zero |= (uint32_t)(sc->arrows[i].kind == VIZ_ARROW_ZERO) << sc->arrows[i].dst;
    }
    if (self) {
        put(t, "; ");
        lanes_in_groups(t, self, s->exec, w);
        put(t, __builtin_popcount(self) > 1 ? " keep their own value" : " keeps its own value");
    }
    if (zero) {
        put(t, "; ");
        lanes_in_groups(t, zero, s->exec, 0);
        put(t, " read%s a lane that did not execute and get%s 0", __builtin_popcount(zero) > 1 ? "" : "s",
            __builtin_popcount(zero) > 1 ? "" : "s");
    }
    char m[128];
    put(d, "shfl.%s  \xc2\xb7  c = 0x%x: %s, clamp %u  \xc2\xb7  membermask 0x%08x", viz_shfl_mode_name(s->shfl_mode),
        s->shfl_c, w ? (snprintf(m, sizeof m, "width %u", w), m) : "not a width", clamp, s->member_mask);
    if (s->exec != 0xffffffffu)
        put(d, "  \xc2\xb7  lanes %s do not execute", viz_lanes_text(~s->exec, m, sizeof m));
}

static void vote(viz_scene *sc, text *t, text *d)
{
    const rec_step *s = sc->step;
    uint32_t p = s->vote_preds;
    unsigned n = (unsigned)__builtin_popcount(s->exec);
    uint32_t got = ws_vote_rule((ws_vote_mode)s->insn->sub, p, s->exec);
    switch (s->insn->sub) {
    case WS_VOTE_BALLOT:
        put(t, "bit i of the result is lane i's predicate: every executing lane gets the same mask, 0x%08x", got);
        break;
    case WS_VOTE_ALL:
        put(t, "every lane gets 1 when the predicate is true in all %u executing lanes, else 0: here %u", n, got);
        break;
    case WS_VOTE_ANY:
        put(t, "every lane gets 1 when the predicate is true in any of the %u executing lanes: here %u", n, got);
        break;
    default:
        put(t, "every lane gets 1 when the predicate is the same in all %u executing lanes: here %u", n, got);
        break;
    }
    put(d, "predicates 0x%08x of the executing lanes 0x%08x", p, s->exec);
}

static void collective(viz_scene *sc, text *t, text *d)
{
    const rec_step *s = sc->step;
    unsigned n = (unsigned)__builtin_popcount(s->exec);
    static const char *redux[] = {"sum", "minimum", "maximum", "bitwise and", "bitwise or", "bitwise xor"};
    switch (s->insn->op) {
    case WS_OP_MATCH:
        if (s->insn->sub == WS_VOTE_ANY)
            put(t, "each lane gets the mask of the executing lanes whose value equals its own");
        else
            put(t, "every lane gets the mask of the executing lanes when all their values are equal, else 0");
        break;
    case WS_OP_REDUX:
        put(t, "every lane gets the %s of the %u executing lanes' values",
            s->insn->sub < 6 ? redux[s->insn->sub] : "reduction", n);
        break;
    case WS_OP_ACTIVEMASK:
        put(t, "every lane gets the mask of the lanes executing this instruction: 0x%08x", s->exec);
        break;
    default: put(t, "%s over the %u executing lanes", ws_optable[s->insn->op].meaning, n); break;
    }
    put(d, "%u of 32 lanes execute (0x%08x)", n, s->exec);
}

/* "bank 0 holds 32 different words: a 32-way bank conflict, 32 wavefronts instead of 1". */
static void banks(viz_scene *sc, text *t, text *d)
{
    const viz_banks *B = &sc->banks;
    unsigned n = (unsigned)__builtin_popcount(B->lanes);
    if (B->bytes > 4)
        put(t, "%u bytes a lane, served %u lanes at a time; ", B->bytes, B->map.lanes_per_phase);
    /* the worst phase's banks */
    uint32_t worst = 0;
    unsigned degree = B->degree;
    for (unsigned p = 0; p < 4; p++) {
        if (B->map.degree[p] != degree || !degree)
            continue;
        unsigned count[32] = {0};
        for (unsigned l = p * B->map.lanes_per_phase; l < (p + 1) * B->map.lanes_per_phase && l < 32; l++)
            for (unsigned w = 0; ((B->lanes >> l) & 1) && w < B->map.words; w++)
                if (B->map.first[l][w] == (int8_t)l)
                    count[B->map.bank[l][w]]++;
        for (unsigned b = 0; b < 32; b++)
            worst |= (uint32_t)(count[b] == degree) << b;
    }
    char buf[128];
    unsigned nworst = (unsigned)__builtin_popcount(worst);
    if (degree > 1) {
        if (nworst == 1)
            put(t, "bank %s holds %u different words: a %u-way bank conflict", viz_lanes_text(worst, buf, sizeof buf),
                degree, degree);
        else
            put(t, "%u banks hold %u different words each: a %u-way bank conflict", nworst, degree, degree);
    } else if (B->broadcast) {
        put(t, "lanes on one word share it (a broadcast): no conflict");
    } else if (B->bytes <= 4) {
        put(t, "%u lane%s, each word in a bank of its own: no conflict", n, n == 1 ? "" : "s");
    } else {
        put(t, "no bank holds two words in a phase: no conflict");
    }
    put(t, ", %u wavefront%s", B->map.wavefronts, B->map.wavefronts == 1 ? "" : "s");
    if (B->map.wavefronts > B->map.min_wavefronts)
        put(t, " instead of %u", B->map.min_wavefronts);
    else if (B->map.wavefronts > 1)
        put(t, " (one a phase)");
    put(d, "shared %s of %u byte%s by %u lanes  \xc2\xb7  bank = (address / 4) mod 32  \xc2\xb7  %u extra wavefront%s",
        B->store ? "store" : "load", B->bytes, B->bytes == 1 ? "" : "s", n, B->map.wavefronts - B->map.min_wavefronts,
        B->map.wavefronts - B->map.min_wavefronts == 1 ? "" : "s");
}

/* Global, local, param loads and stores: where, named after the launch's buffers. */
static void memory(viz_scene *sc, const recording *r, text *t, text *d)
{
    const rec_step *s = sc->step;
    char ops[6][48];
    split_operands(sc->insn, ops, 6);
    unsigned first = s->exec ? (unsigned)__builtin_ctz(s->exec) : 0, esz = s->mem_bytes ? s->mem_bytes : 1;
    bool same = true, by_lane = true;
    for (unsigned l = 0; l < 32; l++) {
        if (!((s->exec >> l) & 1))
            continue;
        same &= s->mem_addr[l] == s->mem_addr[first];
        by_lane &= s->mem_addr[l] == s->mem_addr[first] + (uint64_t)(l - first) * esz;
    }
    char where[64] = "", base[64] = "";
    bool named = ws_buffer_name(&r->buffers, s->mem_addr[first], 1, where, sizeof where) > 0;
    unsigned i0 = 0;
    if (named && by_lane && !same && strchr(where, '[')) { /* lane i on element i (+ k) */
        int shift = sscanf(strchr(where, '[') + 1, "%u", &i0) == 1 ? (int)i0 - (int)first : 0;
        snprintf(base, sizeof base, "%.*s[i%s%.0d]", (int)strcspn(where, "["), where, shift > 0 ? "+" : "", shift);
    }
    /* who: one lane, every lane, lane i; where: a buffer element or the address a register holds */
    const char *who = __builtin_popcount(s->exec) == 1 ? NULL
                      : same                           ? "every executing lane"
                      : base[0]                        ? "lane i"
                                                       : "each lane";
    char lane1[16], at[96];
    snprintf(lane1, sizeof lane1, "lane %u", first);
    bool reg_addr = false;
    for (uint32_t i = 0; i < s->nsrc; i++)
        reg_addr |= s->src[i].role == REC_ADDRESS;
    if (s->mem_space == WS_SPACE_PARAM)
        snprintf(at, sizeof at, "the kernel parameter %s", s->mem_store ? ops[0] : ops[1]);
    else if (same && named)
        snprintf(at, sizeof at, "%s", where);
    else if (!reg_addr)
        snprintf(at, sizeof at, "%s", s->mem_store ? ops[0] : ops[1]);
    else if (base[0])
        snprintf(at, sizeof at, "%s", base);
    else
        snprintf(at, sizeof at, "the address in its %s", s->mem_store ? ops[0] : ops[1]);
    if (ws_op_class_of(s->insn->op) == CLS_ATOMIC)
        put(t, "%s updates %s atomically", who ? who : lane1, at);
    else if (s->mem_store)
        put(t, "%s stores %s%s to %s", who ? who : lane1, who && strcmp(who, "every executing lane") ? "its " : "",
            ops[1], at);
    else
        put(t, "%s loads %s", who ? who : lane1, at);
    put(d, "%u of 32 lanes execute (0x%08x)", __builtin_popcount(s->exec), s->exec);
}

/* An ALU instruction: the table's meaning with the operands put in ("%f4 = %f2 + %f3"). */
static void lanewise(viz_scene *sc, const recording *r, text *t, text *d)
{
    const rec_step *s = sc->step;
    const ws_insn *in = s->insn;
    char ops[6][48];
    unsigned n = split_operands(sc->insn, ops, 6);
    const char *m = ws_optable[in->op].meaning;
    /* the formula: up to "; " or a " (" that opens words, not an expression */
    size_t len = strcspn(m, ";");
    for (const char *p = strstr(m, " ("); p && (size_t)(p - m) < len; p = strstr(p + 1, " (")) {
        int letters = 0;
        while (isalpha((unsigned char)p[2 + letters]))
            letters++;
        if (letters >= 3) {
            len = (size_t)(p - m);
            break;
        }
    }
    /* setp's CMP as the comparison itself (the unordered and the unsigned forms by name) */
    static const char *const cmp[] = {"?",  "==",  "!=",  "<",   "<=",  ">",   ">=",  "lo",  "ls", "hi",
                                      "hs", "equ", "neu", "ltu", "leu", "gtu", "geu", "num", "nan"};
    const char *cmp_text = in->cmp < sizeof cmp / sizeof cmp[0] ? cmp[in->cmp] : "?";
    char f[256];
    size_t o = 0;
    bool subst = !strncmp(m, "d = ", 4) || !strncmp(m, "p = ", 4);
    for (size_t i = 0; i < len && o + 50 < sizeof f; i++) {
        char c = m[i];
        bool alone = subst && (i == 0 || !isalnum((unsigned char)m[i - 1])) && !isalnum((unsigned char)m[i + 1]) &&
                     m[i + 1] != '.';
        int k = c == 'd' || c == 'p' ? 0 : c == 'a' ? 1 : c == 'b' ? 2 : c == 'c' ? 3 : -1;
        if (alone && k >= 0 && (unsigned)k < n && (c != 'p' || i == 0)) {
            o += (size_t)snprintf(f + o, sizeof f - o, "%s", ops[k]);
            continue;
        }
        if (subst && !strncmp(m + i, "CMP", 3)) {
            o += (size_t)snprintf(f + o, sizeof f - o, "%s", cmp_text);
            i += 2;
            continue;
        }
        f[o++] = c;
    }
    f[o] = 0;
    switch (ws_op_class_of(in->op)) {
    case CLS_BARRIER:
        put(t, "each warp waits here until all %u warp%s of the block have arrived", r->nwarps,
            r->nwarps == 1 ? "" : "s");
        break;
    case CLS_BRANCH:
    case CLS_CALL:
    case CLS_RETURN:
    case CLS_EXIT:
    case CLS_TRAP:
        if (in->op == WS_OP_BRA && in->nops >= 1 && in->ops[0].kind == WS_OPND_LABEL && in->ops[0].imm < r->k->ninsns) {
            uint32_t line = r->k->insns[in->ops[0].imm].line;
            if (in->guard != WS_NO_REG)
                put(t, "lanes whose %s%s is true jump to line %u; the others go on", in->guard_neg ? "!" : "",
                    r->k->regs[in->guard].name, line);
            else
                put(t, "the lanes jump to line %u", line);
        } else {
            put(t, "%s", m);
        }
        break;
    default:
        if (subst)
            put(t, "each lane computes %s from its own values", f);
        else
            put(t, "each lane: %s", f);
    }
    put(d, "%u of 32 lanes execute (0x%08x)%s", __builtin_popcount(s->exec), s->exec,
        s->exec != s->active ? "; the other active lanes' guard is false" : "");
}

static void result(viz_scene *sc, const recording *r, text *t, text *d)
{
    if (!sc->nres) {
        put(t, "warp %u stored nothing to global memory", sc->warp);
        return;
    }
    const viz_row *row = &sc->res[0];
    uint32_t lanes = row->live;
    char buf[128], from[128];
    if (__builtin_popcount(lanes) == 1) {
        unsigned l = (unsigned)__builtin_ctz(lanes);
        rec_prov p = row->prov[l];
        put(t, "lane %u stored %s to %s", l, row->text[l], row->label);
        if (p.lanes)
            put(t, ": it comes from the inputs of lane%s %s", __builtin_popcount(p.lanes) > 1 ? "s" : "",
                viz_lanes_text(p.lanes, from, sizeof from));
        if (p.warps)
            put(t, "%s warp%s %s", p.lanes ? " and of" : ": it comes from", __builtin_popcount(p.warps) > 1 ? "s" : "",
                viz_lanes_text(p.warps, from, sizeof from));
    } else {
        put(t, "lanes %s stored their %s to %s", viz_lanes_text(lanes, buf, sizeof buf),
            row->reg < r->k->nregs ? r->k->regs[row->reg].name : "values", row->label);
    }
    uint32_t none = ~sc->exec;
    if (none)
        put(d, "lane%s %s stored nothing", __builtin_popcount(none) > 1 ? "s" : "",
            viz_lanes_text(none, buf, sizeof buf));
    if (sc->nres > 1)
        put(d, "%sthe latest store first", none ? "  \xc2\xb7  " : "");
}

void viz_rule_sentence(viz_scene *sc, const recording *r)
{
    text t = {sc->rule, sizeof sc->rule, 0}, d = {sc->detail, sizeof sc->detail, 0};
    sc->rule[0] = sc->detail[0] = 0;
    if (sc->kind == VIZ_FRAME_RESULT) {
        result(sc, r, &t, &d);
        return;
    }
    const rec_step *s = sc->step;
    if (!s)
        return;
    if (s->is_shfl)
        shuffle(sc, &t, &d);
    else if (s->is_vote)
        vote(sc, &t, &d);
    else if (ws_op_class_of(s->insn->op) == CLS_COLLECTIVE)
        collective(sc, &t, &d);
    else if (sc->banks.present)
        banks(sc, &t, &d);
    else if (s->mem_addr)
        memory(sc, r, &t, &d);
    else
        lanewise(sc, r, &t, &d);
}
