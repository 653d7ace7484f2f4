/* The PTX parser: whole modules as nvcc writes them, and PTX as people write it.
 *
 * It resolves everything it can at load time: registers to dense indices, labels to
 * instruction indices, symbols to (space, offset), immediates to the bits of the type the
 * instruction reads them as. An error stops the parse with file:line:column, the source line
 * and what was expected; an instruction outside the opcode table is an error that names it. */
#include "check.h"
#include "isa.h"
#include "lexer.h"
#include "suffix.h"

#include <errno.h>
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small containers ------------------------------------------------------------------------ */

/* A string -> index map for registers and labels (open addressing, power-of-two size). */
typedef struct {
    const char **keys;
    size_t *lens;
    uint32_t *vals;
    size_t cap, n;
} strmap;

static uint64_t hash_str(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return h;
}

static void strmap_free(strmap *m)
{
    free(m->keys);
    free(m->lens);
    free(m->vals);
    memset(m, 0, sizeof *m);
}

static int strmap_get(const strmap *m, const char *s, size_t n, uint32_t *val)
{
    if (!m->cap)
        return 0;
    for (size_t i = hash_str(s, n) & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        if (!m->keys[i])
            return 0;
        if (m->lens[i] == n && memcmp(m->keys[i], s, n) == 0) {
            *val = m->vals[i];
            return 1;
        }
    }
}

/* ---- the parser state ------------------------------------------------------------------------ */

typedef struct {
    uint32_t label;    /* label index */
    uint32_t insn;     /* instruction whose operand 0 names it */
} fixup;

typedef struct {
    ws_lexer lx;
    ws_token tok, ahead;
    int have_ahead;
    const char *path;
    ws_parse_error *err;
    jmp_buf fail;
    ws_module *m;
    /* the kernel being parsed */
    ws_kernel *k;
    int kidx;
    size_t insn_cap, reg_cap, label_cap, call_cap;
    strmap regs, labels;
    char **owned; /* strings owned by the strmaps' keys live in k->regs / k->labels */
} parser;

static void *xrealloc(parser *p, void *ptr, size_t n);

static void set_source_line(parser *p, unsigned line)
{
    const char *s = p->lx.text;
    for (unsigned l = 1; l < line && s < p->lx.end; s++)
        if (*s == '\n')
            l++;
    size_t n = 0;
    while (s + n < p->lx.end && s[n] != '\n' && s[n] != '\r' && n + 1 < sizeof p->err->source_line)
        n++;
    memcpy(p->err->source_line, s, n);
    p->err->source_line[n] = 0;
}

static void describe(const ws_token *t, char *buf, size_t cap)
{
    if (t->kind == TOK_EOF)
        snprintf(buf, cap, "end of file");
    else
        snprintf(buf, cap, "'%.*s'", (int)(t->len > 60 ? 60 : t->len), t->start);
}

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4), noreturn))
#endif
static void fail_at(parser *p, const ws_token *t, const char *fmt, ...)
{
    ws_parse_error *e = p->err;
    snprintf(e->file, sizeof e->file, "%s", p->path ? p->path : "<input>");
    e->line = t->line;
    e->column = t->col;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(e->message, sizeof e->message, fmt, ap);
    va_end(ap);
    set_source_line(p, t->line);
    longjmp(p->fail, 1);
}

#if defined(__GNUC__)
__attribute__((noreturn))
#endif
static void expected(parser *p, const char *what)
{
    char found[80];
    describe(&p->tok, found, sizeof found);
    fail_at(p, &p->tok, "expected %s, found %s", what, found);
}

static void *xrealloc(parser *p, void *ptr, size_t n)
{
    void *q = realloc(ptr, n ? n : 1);
    if (!q)
        fail_at(p, &p->tok, "out of memory");
    return q;
}

static char *xstrndup(parser *p, const char *s, size_t n)
{
    char *d = xrealloc(p, NULL, n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

#define GROW(p, arr, n, cap)                                                                        \
    do {                                                                                            \
        if ((n) >= (cap)) {                                                                         \
            size_t nc_ = (cap) ? (cap)*2 : 16;                                                      \
            (arr) = xrealloc((p), (arr), nc_ * sizeof *(arr));                                      \
            memset((arr) + (cap), 0, (nc_ - (cap)) * sizeof *(arr));                                \
            (cap) = nc_;                                                                            \
        }                                                                                           \
    } while (0)

static void strmap_put(parser *p, strmap *m, const char *s, size_t n, uint32_t val)
{
    if ((m->n + 1) * 2 > m->cap) {
        strmap old = *m;
        m->cap = old.cap ? old.cap * 2 : 64;
        m->n = 0;
        m->keys = xrealloc(p, NULL, m->cap * sizeof *m->keys);
        m->lens = xrealloc(p, NULL, m->cap * sizeof *m->lens);
        m->vals = xrealloc(p, NULL, m->cap * sizeof *m->vals);
        memset(m->keys, 0, m->cap * sizeof *m->keys);
        for (size_t i = 0; i < old.cap; i++)
            if (old.keys[i])
                strmap_put(p, m, old.keys[i], old.lens[i], old.vals[i]);
        strmap_free(&old);
    }
    size_t i = hash_str(s, n) & (m->cap - 1);
    while (m->keys[i])
        i = (i + 1) & (m->cap - 1);
    m->keys[i] = s;
    m->lens[i] = n;
    m->vals[i] = val;
    m->n++;
}

/* ---- tokens ---------------------------------------------------------------------------------- */

static void next(parser *p)
{
    if (p->have_ahead) {
        p->tok = p->ahead;
        p->have_ahead = 0;
    } else {
        p->tok = ws_lex_next(&p->lx);
    }
    if (p->tok.kind == TOK_ERROR)
        fail_at(p, &p->tok, "unexpected character '%.*s'", (int)p->tok.len, p->tok.start);
}

static const ws_token *peek(parser *p)
{
    if (!p->have_ahead) {
        p->ahead = ws_lex_next(&p->lx);
        p->have_ahead = 1;
    }
    return &p->ahead;
}

static int is_punct(const ws_token *t, char c) { return t->kind == TOK_PUNCT && t->start[0] == c; }
static int is_word(const ws_token *t, const char *w)
{
    return t->kind == TOK_WORD && t->len == strlen(w) && memcmp(t->start, w, t->len) == 0;
}

static void expect_punct(parser *p, char c)
{
    if (!is_punct(&p->tok, c)) {
        char what[8] = {'\'', c, '\'', 0};
        expected(p, what);
    }
    next(p);
}

static uint64_t expect_uint(parser *p, const char *what)
{
    ws_number n;
    if (p->tok.kind != TOK_NUMBER || ws_lex_number(&p->tok, &n) != 0 || n.kind != NUM_INT || n.overflow)
        expected(p, what);
    next(p);
    return n.bits;
}

/* ---- types and immediates ------------------------------------------------------------------- */

static ws_type type_word(const ws_token *t)
{
    if (t->kind != TOK_WORD || t->len < 2 || t->start[0] != '.')
        return WS_T_NONE;
    for (const ws_suffix *s = ws_suffixes; s->name; s++)
        if (s->group == SFX_TYPE && strlen(s->name) == t->len - 1 &&
            memcmp(s->name, t->start + 1, t->len - 1) == 0)
            return (ws_type)s->value;
    return WS_T_NONE;
}

static uint64_t mask_bits(uint64_t v, unsigned bits)
{
    return bits >= 64 ? v : (v & ((1ull << bits) - 1));
}

static uint32_t f32_bits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}
static uint64_t f64_bits(double d)
{
    uint64_t u;
    memcpy(&u, &d, 8);
    return u;
}
static double bits_f64(uint64_t u)
{
    double d;
    memcpy(&d, &u, 8);
    return d;
}
static float bits_f32(uint32_t u)
{
    float f;
    memcpy(&f, &u, 4);
    return f;
}

/* Convert a literal to the bits of type t, as PTX reads it in that position. */
static uint64_t literal_bits(parser *p, const ws_token *at, const ws_number *n, int negate, ws_type t)
{
    unsigned bits = ws_type_bits(t);
    if (t == WS_T_PRED)
        bits = 1;
    if (ws_type_is_float(t)) {
        double v;
        switch (n->kind) {
        case NUM_INT: v = (double)n->bits; break;
        case NUM_FLOAT: v = n->value; break;
        case NUM_F32_BITS:
            if (t == WS_T_F32 && !negate)
                return n->bits;
            v = bits_f32((uint32_t)n->bits);
            break;
        default:
            if (t == WS_T_F64 && !negate)
                return n->bits;
            v = bits_f64(n->bits);
            break;
        }
        if (negate)
            v = -v;
        if (t == WS_T_F32)
            return f32_bits((float)v);
        if (t == WS_T_F64)
            return f64_bits(v);
        fail_at(p, at, "f16 immediates are not supported");
    }
    if (n->kind == NUM_FLOAT)
        fail_at(p, at, "expected an integer for .%s, found the floating-point literal '%.*s'",
                ws_type_name(t), (int)at->len, at->start);
    uint64_t v = n->bits;
    if (n->kind == NUM_F32_BITS && bits < 32)
        fail_at(p, at, "a 0f literal needs a 32-bit type, not .%s", ws_type_name(t));
    if (negate)
        v = (uint64_t)0 - v;
    if (n->overflow)
        fail_at(p, at, "integer literal '%.*s' does not fit in 64 bits", (int)at->len, at->start);
    return mask_bits(v, bits);
}

/* ---- symbols --------------------------------------------------------------------------------- */

static int find_symbol(parser *p, const char *s, size_t n, uint32_t *out)
{
    /* kernel scope first, then module scope */
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = p->m->nsymbols; i-- > 0;) {
            ws_symbol *sym = &p->m->symbols[i];
            int in_scope = pass == 0 ? (p->k && sym->kernel == p->kidx) : sym->kernel == -1;
            if (in_scope && strlen(sym->name) == n && memcmp(sym->name, s, n) == 0) {
                *out = i;
                return 1;
            }
        }
    }
    return 0;
}

static size_t symbols_cap;

static uint32_t add_symbol(parser *p, const ws_token *name_tok, ws_space space, ws_type elem,
                           uint32_t align, uint64_t size)
{
    size_t cap = p->m->nsymbols; /* capacity grows with the count: realloc each time is fine here */
    (void)symbols_cap;
    p->m->symbols = xrealloc(p, p->m->symbols, (cap + 1) * sizeof *p->m->symbols);
    ws_symbol *s = &p->m->symbols[p->m->nsymbols];
    memset(s, 0, sizeof *s);
    s->name = xstrndup(p, name_tok->start, name_tok->len);
    s->space = (uint8_t)space;
    s->elem = (uint8_t)elem;
    s->align = align;
    s->size = size;
    s->kernel = p->k ? p->kidx : -1;
    s->line = name_tok->line;
    s->col = name_tok->col;
    return p->m->nsymbols++;
}

static uint64_t align_up(uint64_t v, uint64_t a) { return a ? (v + a - 1) / a * a : v; }

/* .global/.const/.shared/.local variable: [.align N] [.vN] .type name[dims] [= init] ; */
static void parse_variable(parser *p, ws_space space, int is_extern)
{
    const ws_token dir = p->tok;
    next(p);
    uint32_t align = 0;
    unsigned vec = 1;
    ws_type t = WS_T_NONE;
    for (;;) {
        if (is_word(&p->tok, ".align")) {
            next(p);
            align = (uint32_t)expect_uint(p, "an alignment");
            if (align == 0 || (align & (align - 1)))
                fail_at(p, &p->tok, "alignment must be a power of two");
        } else if (is_word(&p->tok, ".v2") || is_word(&p->tok, ".v4")) {
            vec = p->tok.start[2] - '0';
            next(p);
        } else if (is_word(&p->tok, ".ptr") || is_word(&p->tok, ".global") || is_word(&p->tok, ".shared")) {
            next(p);
        } else if ((t = type_word(&p->tok)) != WS_T_NONE) {
            next(p);
            break;
        } else {
            expected(p, "a type such as .b8 or .u32 in the variable declaration");
        }
    }
    if (p->tok.kind != TOK_WORD || p->tok.start[0] == '.')
        expected(p, "a variable name");
    ws_token name = p->tok;
    next(p);
    uint64_t elem_size = (t == WS_T_PRED ? 1 : ws_type_bits(t) / 8) * vec;
    uint64_t count = 1;
    int unsized = 0;
    while (is_punct(&p->tok, '[')) {
        next(p);
        if (is_punct(&p->tok, ']')) {
            unsized = 1;
            next(p);
            continue;
        }
        uint64_t d = expect_uint(p, "an array size");
        if (d == 0 || d > (1ull << 32))
            fail_at(p, &name, "array size out of range");
        count *= d;
        expect_punct(p, ']');
    }
    if (count * elem_size > (1ull << 32))
        fail_at(p, &name, "variable '%.*s' is larger than 4 GiB", (int)name.len, name.start);
    /* fuzz: an unsized .local/.param array became "extern" and printed as ".extern .local"
     * inside a body, which does not parse back; ptxas rejects it too */
    if (unsized && (space == WS_SPACE_LOCAL || space == WS_SPACE_PARAM))
        fail_at(p, &name, "a .%s array needs a size: only .extern arrays may leave it out", ws_space_name(space));
    uint32_t idx = add_symbol(p, &name, space, t, align ? align : (uint32_t)elem_size, unsized ? 0 : count * elem_size);
    ws_symbol *sym = &p->m->symbols[idx];
    sym->is_extern = (uint8_t)(is_extern || unsized);
    if (is_punct(&p->tok, '=')) {
        if (space != WS_SPACE_GLOBAL && space != WS_SPACE_CONST)
            fail_at(p, &p->tok, "only .global and .const variables take initialisers, not %.*s",
                    (int)dir.len, dir.start);
        next(p);
        sym = &p->m->symbols[idx];
        uint8_t *init = xrealloc(p, NULL, sym->size ? sym->size : 1);
        memset(init, 0, sym->size ? sym->size : 1);
        sym->init = init;
        uint64_t filled = 0;
        int braced = is_punct(&p->tok, '{');
        if (braced)
            next(p);
        for (;;) {
            while (is_punct(&p->tok, '{')) /* nested braces of multi-dimensional arrays */
                next(p);
            int neg = 0;
            if (is_punct(&p->tok, '-')) {
                neg = 1;
                next(p);
            }
            ws_number n;
            if (p->tok.kind != TOK_NUMBER || ws_lex_number(&p->tok, &n) != 0)
                expected(p, "a number in the initialiser");
            if ((filled + 1) * (elem_size / vec) > sym->size)
                fail_at(p, &p->tok, "too many initialisers for '%s' (%llu bytes)", sym->name,
                        (unsigned long long)sym->size);
            uint64_t bits = literal_bits(p, &p->tok, &n, neg, t);
            memcpy(init + filled * (elem_size / vec), &bits, elem_size / vec);
            filled++;
            next(p);
            while (is_punct(&p->tok, '}') && braced) {
                next(p);
                if (!is_punct(&p->tok, ',') && !is_punct(&p->tok, '}'))
                    break;
            }
            if (!is_punct(&p->tok, ','))
                break;
            next(p);
        }
    }
    expect_punct(p, ';');
}

/* ---- registers ------------------------------------------------------------------------------- */

static uint32_t add_reg(parser *p, const char *name, size_t n, ws_type t, const ws_token *at)
{
    uint32_t dummy;
    if (strmap_get(&p->regs, name, n, &dummy))
        fail_at(p, at, "register '%.*s' is declared twice", (int)n, name);
    if (p->k->nregs >= (1u << 24))
        fail_at(p, at, "too many registers");
    GROW(p, p->k->regs, p->k->nregs, p->reg_cap);
    ws_reg_info *r = &p->k->regs[p->k->nregs];
    r->name = xstrndup(p, name, n);
    r->type = (uint8_t)t;
    strmap_put(p, &p->regs, r->name, n, p->k->nregs);
    return p->k->nregs++;
}

/* .reg .type %r<N>; or .reg .type %a, %b; */
static void parse_reg_decl(parser *p)
{
    next(p);
    if (is_word(&p->tok, ".v2") || is_word(&p->tok, ".v4"))
        fail_at(p, &p->tok, "vector registers (.reg .v2/.v4) are not supported");
    ws_type t = type_word(&p->tok);
    if (t == WS_T_NONE)
        expected(p, "a register type such as .b32 or .pred");
    next(p);
    for (;;) {
        if (p->tok.kind != TOK_WORD || p->tok.start[0] == '.')
            expected(p, "a register name");
        ws_token name = p->tok;
        next(p);
        if (is_punct(&p->tok, '<')) {
            next(p);
            uint64_t count = expect_uint(p, "a register count");
            if (count > 1000000)
                fail_at(p, &name, "register range too large");
            expect_punct(p, '>');
            char buf[300];
            for (uint64_t i = 0; i < count; i++) {
                int len = snprintf(buf, sizeof buf, "%.*s%llu", (int)(name.len > 250 ? 250 : name.len), name.start,
                                   (unsigned long long)i);
                add_reg(p, buf, (size_t)len, t, &name);
            }
        } else {
            add_reg(p, name.start, name.len, t, &name);
        }
        if (!is_punct(&p->tok, ','))
            break;
        next(p);
    }
    expect_punct(p, ';');
}

/* ---- labels ---------------------------------------------------------------------------------- */

static uint32_t label_index(parser *p, const char *s, size_t n)
{
    uint32_t idx;
    if (strmap_get(&p->labels, s, n, &idx))
        return idx;
    GROW(p, p->k->labels, p->k->nlabels, p->label_cap);
    p->k->label_pc = xrealloc(p, p->k->label_pc, p->label_cap * sizeof *p->k->label_pc);
    p->k->labels[p->k->nlabels] = xstrndup(p, s, n);
    p->k->label_pc[p->k->nlabels] = UINT32_MAX;
    strmap_put(p, &p->labels, p->k->labels[p->k->nlabels], n, p->k->nlabels);
    return p->k->nlabels++;
}

/* ---- instructions ---------------------------------------------------------------------------- */

/* The mnemonic is the longest dotted prefix of the word that the table knows. */
static int lookup_opcode(const char *w, size_t n, size_t *mlen)
{
    size_t len = n;
    for (;;) {
        for (int op = 0; op < WS_OP_COUNT; op++) {
            const char *mn = ws_optable[op].mnemonic;
            if (strlen(mn) == len && memcmp(mn, w, len) == 0) {
                *mlen = len;
                return op;
            }
        }
        while (len > 0 && w[len - 1] != '.')
            len--;
        if (len == 0)
            return -1;
        len--; /* drop the '.' */
    }
}

static void apply_suffix(parser *p, ws_insn *in, const ws_token *at, const char *s, size_t n, int *ntypes)
{
    uint32_t allowed = ws_optable[in->op].suffixes;
    if (allowed & SFX_TYPE2)
        allowed |= SFX_TYPE;
    for (const ws_suffix *x = ws_suffixes; x->name; x++) {
        if (strlen(x->name) != n || memcmp(x->name, s, n) != 0 || !(x->group & allowed))
            continue;
        switch (x->group) {
        case SFX_TYPE:
            if (*ntypes == 0)
                in->type = (uint8_t)x->value;
            else if (*ntypes == 1 && (ws_optable[in->op].suffixes & SFX_TYPE2))
                in->type2 = (uint8_t)x->value;
            else
                fail_at(p, at, "'%s' takes one type; found another: .%.*s", ws_optable[in->op].mnemonic, (int)n, s);
            (*ntypes)++;
            return;
        case SFX_SPACE: in->space = (uint8_t)x->value; return;
        case SFX_VEC: in->vec = (uint8_t)x->value; return;
        case SFX_RND: in->rnd = (uint8_t)x->value; in->mods |= WS_MOD_EXPLICIT_RND; return;
        case SFX_CMP: in->cmp = (uint8_t)x->value; return;
        case SFX_HILO: case SFX_BOOL: case SFX_SHFLMODE: case SFX_VOTEMODE: case SFX_OP:
        case SFX_PRMT: case SFX_TESTP:
            in->sub = (uint8_t)x->value;
            return;
        case SFX_MEMORD:
            in->sem = (uint8_t)x->value;
            if (x->value == 1)
                in->mods |= WS_MOD_VOLATILE;
            return;
        case SFX_SCOPE: in->scope = (uint8_t)x->value; return;
        case SFX_CC:
            fail_at(p, at, "carry arithmetic (.cc) is not supported");
        case SFX_SHF:
            in->mods |= x->value;
            return;
        default: in->mods |= x->value; return;
        }
    }
    fail_at(p, at, "unknown suffix '.%.*s' for '%s'", (int)n, s, ws_optable[in->op].mnemonic);
}

/* A parsed but not yet checked operand. */
typedef struct {
    ws_operand o;
    ws_token at;
    int has_num;
    ws_number num;
    int num_neg;
    int label_ref;      /* a word that named nothing: a label, perhaps defined later */
    ws_token word;
} raw_operand;

static void parse_address(parser *p, raw_operand *r)
{
    next(p); /* '[' */
    r->o.kind = WS_OPND_ADDR;
    r->o.reg = WS_NO_REG;
    r->o.sym = WS_NO_SYM;
    if (p->tok.kind == TOK_WORD) {
        uint32_t idx;
        if (strmap_get(&p->regs, p->tok.start, p->tok.len, &idx)) {
            r->o.reg = idx;
            if (ws_type_bits((ws_type)p->k->regs[idx].type) == 32)
                r->o.flags |= WS_ADDR32;
        } else if (find_symbol(p, p->tok.start, p->tok.len, &idx))
            r->o.sym = idx;
        else
            fail_at(p, &p->tok, "unknown register or variable '%.*s' in address", (int)p->tok.len, p->tok.start);
        next(p);
        if (is_punct(&p->tok, '+') || is_punct(&p->tok, '-')) {
            int neg = is_punct(&p->tok, '-');
            next(p);
            if (is_punct(&p->tok, '-')) {
                neg = !neg;
                next(p);
            }
            ws_number n;
            if (p->tok.kind != TOK_NUMBER || ws_lex_number(&p->tok, &n) != 0 || n.kind != NUM_INT)
                expected(p, "an integer offset");
            r->o.imm = neg ? (uint64_t)0 - n.bits : n.bits;
            next(p);
        }
    } else if (p->tok.kind == TOK_NUMBER) {
        ws_number n;
        if (ws_lex_number(&p->tok, &n) != 0 || n.kind != NUM_INT)
            expected(p, "an address");
        r->o.imm = n.bits;
        next(p);
    } else {
        expected(p, "a register, variable or number inside [ ]");
    }
    expect_punct(p, ']');
}

static uint32_t reg_or_fail(parser *p, const ws_token *t)
{
    uint32_t idx;
    if (!strmap_get(&p->regs, t->start, t->len, &idx))
        fail_at(p, t, "unknown register '%.*s'", (int)t->len, t->start);
    return idx;
}

static void parse_operand(parser *p, raw_operand *r)
{
    memset(r, 0, sizeof *r);
    r->at = p->tok;
    r->o.reg = WS_NO_REG;
    r->o.sym = WS_NO_SYM;
    if (is_punct(&p->tok, '[')) {
        parse_address(p, r);
        return;
    }
    if (is_punct(&p->tok, '{')) {
        next(p);
        r->o.kind = WS_OPND_VEC;
        for (;;) {
            if (r->o.nvec == 4)
                fail_at(p, &p->tok, "a vector operand has at most 4 elements");
            if (is_word(&p->tok, "_"))
                r->o.regs[r->o.nvec++] = WS_NO_REG;
            else if (p->tok.kind == TOK_WORD)
                r->o.regs[r->o.nvec++] = reg_or_fail(p, &p->tok);
            else
                expected(p, "a register in the vector");
            next(p);
            if (!is_punct(&p->tok, ','))
                break;
            next(p);
        }
        expect_punct(p, '}');
        return;
    }
    if (is_punct(&p->tok, '!')) {
        next(p);
        if (p->tok.kind != TOK_WORD)
            expected(p, "a predicate register after '!'");
        r->o.kind = WS_OPND_REG;
        r->o.neg = 1;
        r->o.reg = reg_or_fail(p, &p->tok);
        next(p);
        return;
    }
    if (is_punct(&p->tok, '-') || p->tok.kind == TOK_NUMBER) {
        if (is_punct(&p->tok, '-')) {
            r->num_neg = 1;
            next(p);
        }
        if (p->tok.kind != TOK_NUMBER || ws_lex_number(&p->tok, &r->num) != 0)
            expected(p, "a number");
        r->o.kind = WS_OPND_IMM;
        r->has_num = 1;
        r->at = p->tok;
        next(p);
        return;
    }
    if (p->tok.kind != TOK_WORD)
        expected(p, "an operand");
    uint32_t idx;
    int s;
    if (is_word(&p->tok, "_")) {
        r->o.kind = WS_OPND_SINK;
    } else if (strmap_get(&p->regs, p->tok.start, p->tok.len, &idx)) {
        r->o.kind = WS_OPND_REG;
        r->o.reg = idx;
    } else if ((s = ws_sreg_lookup(p->tok.start, p->tok.len)) >= 0) {
        r->o.kind = WS_OPND_SREG;
        r->o.reg = (uint32_t)s;
    } else if (find_symbol(p, p->tok.start, p->tok.len, &idx)) {
        r->o.kind = WS_OPND_SYM;
        r->o.sym = idx;
    } else {
        r->label_ref = 1;
        r->word = p->tok;
    }
    next(p);
    if (r->o.kind == WS_OPND_SYM && (is_punct(&p->tok, '+'))) {
        next(p);
        r->o.imm = expect_uint(p, "an offset");
    }
}

/* The type an immediate in this operand position is read as. */
static ws_type operand_type(const ws_insn *in, char shape)
{
    switch (shape) {
    case 'u': return WS_T_U32;
    case 'q': return WS_T_PRED;
    default: break;
    }
    if ((in->op == WS_OP_CVT || in->op == WS_OP_SET) && in->type2)
        return (ws_type)in->type2;
    if (in->op == WS_OP_SHFL)
        return WS_T_B32;
    return (ws_type)in->type;
}

static void parse_call(parser *p, ws_insn *in)
{
    ws_call_site cs;
    memset(&cs, 0, sizeof cs);
    cs.ret_sym = WS_NO_SYM;
    ws_token at = p->tok;
    if (is_punct(&p->tok, '(')) {
        next(p);
        uint32_t idx;
        if (p->tok.kind != TOK_WORD || !find_symbol(p, p->tok.start, p->tok.len, &idx))
            expected(p, "a .param variable for the return value");
        cs.ret_sym = idx;
        next(p);
        expect_punct(p, ')');
        expect_punct(p, ',');
    }
    if (p->tok.kind != TOK_WORD)
        expected(p, "the name of the function to call");
    ws_token callee = p->tok;
    /* fuzz: the name is copied only once the call has parsed; an error in the argument list
     * used to leak it (errors leave the parser by longjmp) */
    next(p);
    if (is_punct(&p->tok, ',')) {
        next(p);
        expect_punct(p, '(');
        while (!is_punct(&p->tok, ')')) {
            uint32_t idx;
            if (cs.nargs == 8)
                fail_at(p, &p->tok, "at most 8 call arguments are supported");
            if (p->tok.kind != TOK_WORD || !find_symbol(p, p->tok.start, p->tok.len, &idx))
                expected(p, "a .param variable as call argument");
            cs.args[cs.nargs++] = idx;
            next(p);
            if (is_punct(&p->tok, ','))
                next(p);
            else if (!is_punct(&p->tok, ')'))
                expected(p, "',' or ')'");
        }
        next(p);
    }
    if (callee.len != 7 || memcmp(callee.start, "vprintf", 7) != 0) {
        fail_at(p, &callee, "call to '%.*s': only vprintf can be called (mark device functions __forceinline__)",
                (int)callee.len, callee.start);
    }
    (void)at;
    GROW(p, p->k->calls, p->k->ncalls, p->call_cap);
    cs.callee = xstrndup(p, callee.start, callee.len);
    p->k->calls[p->k->ncalls] = cs;
    in->call = p->k->ncalls++;
    in->nops = 0;
}

static void parse_instruction(parser *p, uint32_t guard, int guard_neg, const ws_token *guard_tok)
{
    ws_token mn = p->tok;
    size_t mlen;
    int op = lookup_opcode(mn.start, mn.len, &mlen);
    if (op < 0) {
        size_t n = 0;
        while (n < mn.len && mn.start[n] != '.')
            n++;
        fail_at(p, &mn, "unsupported instruction '%.*s'", (int)n, mn.start);
    }
    GROW(p, p->k->insns, p->k->ninsns, p->insn_cap);
    ws_insn *in = &p->k->insns[p->k->ninsns];
    memset(in, 0, sizeof *in);
    in->op = (uint16_t)op;
    in->vec = 1;
    in->guard = guard;
    in->guard_neg = (uint8_t)guard_neg;
    in->dpred = WS_NO_REG;
    in->line = guard_tok ? guard_tok->line : mn.line;
    in->col = guard_tok ? guard_tok->col : mn.col;
    /* suffixes */
    int ntypes = 0;
    const char *s = mn.start + mlen, *end = mn.start + mn.len;
    while (s < end) {
        s++; /* '.' */
        const char *e = s;
        while (e < end && *e != '.')
            e++;
        apply_suffix(p, in, &mn, s, (size_t)(e - s), &ntypes);
        s = e;
    }
    const ws_opinfo *info = &ws_optable[op];
    if ((info->suffixes & SFX_TYPE) && !(info->suffixes & SFX_TYPE2) && ntypes == 0 &&
        op != WS_OP_NANOSLEEP)
        fail_at(p, &mn, "'%.*s' needs a type suffix such as .u32", (int)mn.len, mn.start);
    if ((info->suffixes & SFX_TYPE2) && ntypes != 2)
        fail_at(p, &mn, "'%.*s' needs two types (destination and source)", (int)mn.len, mn.start);
    if ((op == WS_OP_SHFL || op == WS_OP_VOTE || op == WS_OP_MATCH || op == WS_OP_REDUX) &&
        !(in->mods & WS_MOD_SYNC))
        fail_at(p, &mn, "'%.*s': only the .sync forms of warp instructions exist on sm_70 and later",
                (int)mn.len, mn.start);
    if (op == WS_OP_SHFL && in->type != WS_T_B32)
        fail_at(p, &mn, "shfl.sync moves .b32 values");
    if ((op == WS_OP_SETP || op == WS_OP_SET) && in->cmp == WS_CMP_NONE)
        fail_at(p, &mn, "'%.*s' needs a comparison such as .lt", (int)mn.len, mn.start);
    if (op == WS_OP_MATCH && in->sub != WS_VOTE_ANY && in->sub != WS_VOTE_ALL)
        fail_at(p, &mn, "match.sync takes .any or .all");
    if ((op == WS_OP_LD || op == WS_OP_ST || op == WS_OP_LDU) && in->space == WS_SPACE_NONE)
        in->space = WS_SPACE_GENERIC;
    if (op == WS_OP_CVTA && in->space == WS_SPACE_NONE)
        fail_at(p, &mn, "cvta needs a state space (.global, .shared, .local, .const, .param)");
    if ((op == WS_OP_ATOM || op == WS_OP_RED) && in->space == WS_SPACE_NONE)
        in->space = WS_SPACE_GENERIC;
    next(p);

    if (op == WS_OP_CALL) {
        parse_call(p, in);
        expect_punct(p, ';');
        p->k->ninsns++;
        return;
    }

    /* operands, checked against the table's shape */
    const char *shape = info->shape;
    size_t min = 0, max = 0;
    for (const char *c = shape; *c; c++)
        if (*c != '?')
            max++;
    const char *q = strchr(shape, '?');
    min = q ? (size_t)(q - shape) : max;
    char letters[WS_MAX_OPERANDS + 1] = {0};
    for (const char *c = shape; *c && strlen(letters) < WS_MAX_OPERANDS; c++)
        if (*c != '?')
            letters[strlen(letters)] = *c;

    size_t n = 0;
    raw_operand raw;
    ws_check_operand written[WS_MAX_OPERANDS] = {{0}};
    while (!is_punct(&p->tok, ';')) {
        if (n == max)
            fail_at(p, &p->tok, "too many operands for '%s': it takes %zu", info->mnemonic, max);
        parse_operand(p, &raw);
        written[n] = (ws_check_operand){raw.at.line, raw.at.col, raw.has_num ? 1 + (int)raw.num.kind : 0};
        char sh = letters[n];
        ws_operand *o = &in->ops[n];
        *o = raw.o;
        if (raw.label_ref) {
            if (sh != 'l') /* a %name that is no declared register: say so (tests/test_isa.c) */
                fail_at(p, &raw.word, "unknown %s '%.*s'", raw.word.start[0] == '%' ? "register" : "name",
                        (int)raw.word.len, raw.word.start);
            o->kind = WS_OPND_LABEL;
            o->imm = label_index(p, raw.word.start, raw.word.len);
        } else if (sh == 'l') {
            fail_at(p, &raw.at, "expected a label");
        }
        if (raw.has_num) {
            ws_type t = operand_type(in, sh);
            if (sh == 'q')
                fail_at(p, &raw.at, "expected a predicate register, found a number");
            o->imm = literal_bits(p, &raw.at, &raw.num, raw.num_neg, t);
        }
        /* what each shape letter accepts */
        switch (sh) {
        case 'd': case 'D': case 'P':
            if (o->kind != WS_OPND_REG && o->kind != WS_OPND_SINK &&
                !(o->kind == WS_OPND_VEC && (op == WS_OP_LD || op == WS_OP_LDU || op == WS_OP_MOV)))
                fail_at(p, &raw.at, "expected a destination register");
            if (o->neg)
                fail_at(p, &raw.at, "a destination cannot be negated");
            if (sh == 'D' && is_punct(&p->tok, '|')) {
                next(p);
                if (p->tok.kind != TOK_WORD)
                    expected(p, "a predicate register after '|'");
                in->dpred = reg_or_fail(p, &p->tok);
                next(p);
            }
            break;
        case 'a': case 'u': case 's':
            if (o->kind == WS_OPND_ADDR || o->kind == WS_OPND_LABEL || o->kind == WS_OPND_SINK)
                fail_at(p, &raw.at, "expected a register or a number");
            if (o->kind == WS_OPND_VEC && !(op == WS_OP_ST || op == WS_OP_MOV))
                fail_at(p, &raw.at, "a vector operand is not allowed here");
            if (o->kind == WS_OPND_SYM && op != WS_OP_MOV && op != WS_OP_CVTA)
                fail_at(p, &raw.at, "a variable's address can only be taken by mov or cvta");
            break;
        case 'q':
            if (o->kind != WS_OPND_REG)
                fail_at(p, &raw.at, "expected a predicate register");
            break;
        case 'm':
            if (o->kind != WS_OPND_ADDR)
                fail_at(p, &raw.at, "expected a memory address in [ ]");
            break;
        default: break;
        }
        n++;
        if (is_punct(&p->tok, ','))
            next(p);
        else if (!is_punct(&p->tok, ';'))
            expected(p, "',' or ';' after the operand");
    }
    if (n < min)
        fail_at(p, &p->tok, "'%s' needs %zu operands, found %zu", info->mnemonic, min, n);
    in->nops = (uint8_t)n;
    /* vectors must match the .vN suffix */
    if (op == WS_OP_LD || op == WS_OP_LDU || op == WS_OP_ST) {
        const ws_operand *v = &in->ops[op == WS_OP_ST ? 1 : 0];
        unsigned nv = v->kind == WS_OPND_VEC ? v->nvec : 1;
        if (nv != in->vec)
            fail_at(p, &mn, "'%.*s' moves %u value(s) but the operand has %u", (int)mn.len, mn.start, in->vec, nv);
    }
    /* types, modifiers and operands as ptxas checks them (isa/check.c) */
    char refusal[400];
    int culprit;
    if (ws_check_insn(p->m, p->k, in, mn.start, mn.len, written, refusal, sizeof refusal, &culprit)) {
        ws_token t = mn;
        if (culprit >= 0) {
            t.line = written[culprit].line;
            t.col = written[culprit].col;
        }
        fail_at(p, &t, "%s", refusal);
    }
    /* call-site .param accesses live in lane-local memory */
    if ((op == WS_OP_LD || op == WS_OP_ST) && in->space == WS_SPACE_PARAM) {
        const ws_operand *a = &in->ops[op == WS_OP_ST ? 0 : 1];
        if (a->sym != WS_NO_SYM && !p->m->symbols[a->sym].is_kernel_param)
            in->mods |= WS_MOD_CALLPARAM;
        else if (a->sym == WS_NO_SYM)
            fail_at(p, &mn, "ld.param/st.param need a parameter name in the address");
    }
    expect_punct(p, ';');
    p->k->ninsns++;
}

/* ---- kernels --------------------------------------------------------------------------------- */

static void skip_to_end_of_line(parser *p, unsigned line)
{
    while (p->tok.kind != TOK_EOF && p->tok.line == line)
        next(p);
}

static void parse_param_list(parser *p)
{
    expect_punct(p, '(');
    uint64_t off = 0;
    while (!is_punct(&p->tok, ')')) {
        if (!is_word(&p->tok, ".param"))
            expected(p, "'.param'");
        next(p);
        uint32_t align = 0;
        ws_type t = WS_T_NONE;
        for (;;) {
            if (is_word(&p->tok, ".align")) {
                next(p);
                align = (uint32_t)expect_uint(p, "an alignment");
                if (align == 0 || (align & (align - 1)) || align > 4096)
                    fail_at(p, &p->tok, "alignment must be a power of two");
            } else if (p->tok.kind == TOK_WORD && p->tok.start[0] == '.' && type_word(&p->tok) == WS_T_NONE) {
                next(p); /* .ptr .global .shared and friends */
            } else if ((t = type_word(&p->tok)) != WS_T_NONE) {
                next(p);
                if (p->tok.kind == TOK_WORD && p->tok.start[0] == '.')
                    continue;
                break;
            } else {
                expected(p, "a parameter type");
            }
        }
        if (p->tok.kind != TOK_WORD)
            expected(p, "a parameter name");
        ws_token name = p->tok;
        next(p);
        uint64_t size = ws_type_bits(t) / 8;
        if (t == WS_T_PRED)
            fail_at(p, &name, ".pred parameters are not allowed");
        if (is_punct(&p->tok, '[')) {
            next(p);
            uint64_t cnt = expect_uint(p, "an array size");
            if (cnt == 0 || cnt > 4096)
                fail_at(p, &name, "parameter array size out of range");
            size *= cnt;
            expect_punct(p, ']');
        }
        if (!align)
            align = (uint32_t)(ws_type_bits(t) / 8);
        off = align_up(off, align);
        uint32_t idx = add_symbol(p, &name, WS_SPACE_PARAM, t, align, size);
        p->m->symbols[idx].is_kernel_param = 1;
        p->m->symbols[idx].offset = off;
        off += size;
        if (off > 32764)
            fail_at(p, &name, "kernel parameters exceed 32764 bytes");
        p->k->params = xrealloc(p, p->k->params, (p->k->nparams + 1) * sizeof *p->k->params);
        p->k->params[p->k->nparams++] = idx;
        if (is_punct(&p->tok, ','))
            next(p);
        else if (!is_punct(&p->tok, ')'))
            expected(p, "',' or ')' in the parameter list");
    }
    next(p);
    p->k->param_bytes = off;
}

/* Registers declared inside a nested { } block (nvcc wraps inline asm in one: `{ .reg .pred p;
 * ... }`) go out of scope at its '}', so a later block may declare the same name. They stay in
 * the kernel's register file under a unique name (name$sN) and the name map is rebuilt from
 * the registers still in scope. (tests/test_isa.c: programs with two inline-asm blocks.) */
static void close_reg_scope(parser *p, uint32_t first, unsigned serial)
{
    ws_kernel *k = p->k;
    if (first == k->nregs)
        return;
    for (uint32_t r = first; r < k->nregs; r++) {
        char buf[300];
        int n = snprintf(buf, sizeof buf, "%.250s$s%u", k->regs[r].name, serial);
        free(k->regs[r].name);
        k->regs[r].name = xstrndup(p, buf, (size_t)n);
    }
    strmap_free(&p->regs);
    for (uint32_t r = 0; r < k->nregs; r++)
        strmap_put(p, &p->regs, k->regs[r].name, strlen(k->regs[r].name), r);
}

static void parse_body(parser *p)
{
    expect_punct(p, '{');
    int depth = 0;
    uint32_t scope_first[64]; /* per open nested block: the first register it declared */
    unsigned scopes = 0;
    for (;;) {
        if (p->tok.kind == TOK_EOF)
            expected(p, "'}' to close the kernel body");
        if (is_punct(&p->tok, '{')) {
            /* ptxas 13.0's parser runs out of stack in the 1664th nested block (tests/ptx/malformed/nest_1664.ptx) */
            if (depth == 1663)
                fail_at(p, &p->tok, "blocks nested more than 1663 deep: ptxas refuses them (its parser runs out of stack)");
            if (depth < 64)
                scope_first[depth] = p->k->nregs;
            depth++;
            next(p);
            continue;
        }
        if (is_punct(&p->tok, '}')) {
            next(p);
            if (depth-- == 0)
                break;
            if (depth < 64)
                close_reg_scope(p, scope_first[depth], ++scopes);
            continue;
        }
        if (is_word(&p->tok, ".reg")) {
            parse_reg_decl(p);
        } else if (is_word(&p->tok, ".local")) {
            parse_variable(p, WS_SPACE_LOCAL, 0);
        } else if (is_word(&p->tok, ".shared")) {
            parse_variable(p, WS_SPACE_SHARED, 0);
        } else if (is_word(&p->tok, ".const") || is_word(&p->tok, ".global")) {
            parse_variable(p, is_word(&p->tok, ".const") ? WS_SPACE_CONST : WS_SPACE_GLOBAL, 0);
        } else if (is_word(&p->tok, ".param")) {
            /* a call-site parameter; sibling call sequences reuse the same names */
            ws_token save = p->tok;
            next(p);
            uint32_t align = 0;
            ws_type t = WS_T_NONE;
            while (is_word(&p->tok, ".align")) {
                next(p);
                align = (uint32_t)expect_uint(p, "an alignment");
            }
            if ((t = type_word(&p->tok)) == WS_T_NONE)
                expected(p, "a parameter type");
            next(p);
            if (p->tok.kind != TOK_WORD)
                expected(p, "a parameter name");
            ws_token name = p->tok;
            next(p);
            uint64_t size = ws_type_bits(t) / 8;
            if (is_punct(&p->tok, '[')) {
                next(p);
                size *= expect_uint(p, "an array size");
                expect_punct(p, ']');
            }
            if (size == 0 || size > 4096)
                fail_at(p, &name, "call parameter size out of range");
            uint32_t idx;
            if (!(find_symbol(p, name.start, name.len, &idx) && p->m->symbols[idx].kernel == p->kidx &&
                  !p->m->symbols[idx].is_kernel_param && p->m->symbols[idx].size >= size))
                idx = add_symbol(p, &name, WS_SPACE_PARAM, t, align ? align : (uint32_t)(ws_type_bits(t) / 8), size);
            (void)save;
            expect_punct(p, ';');
        } else if (is_word(&p->tok, ".pragma")) {
            while (!is_punct(&p->tok, ';') && p->tok.kind != TOK_EOF)
                next(p);
            expect_punct(p, ';');
        } else if (is_word(&p->tok, ".loc") || is_word(&p->tok, ".file")) {
            skip_to_end_of_line(p, p->tok.line);
        } else if (is_punct(&p->tok, '@')) {
            ws_token at = p->tok;
            next(p);
            int neg = 0;
            if (is_punct(&p->tok, '!')) {
                neg = 1;
                next(p);
            }
            if (p->tok.kind != TOK_WORD)
                expected(p, "a predicate register after '@'");
            uint32_t g = reg_or_fail(p, &p->tok);
            /* a guard is a .pred register; ptxas rejects any other (tests/test_isa.c) */
            if (p->k->regs[g].type != WS_T_PRED)
                fail_at(p, &p->tok, "the guard '%.*s' is not a .pred register", (int)p->tok.len, p->tok.start);
            next(p);
            if (p->tok.kind != TOK_WORD)
                expected(p, "an instruction after the guard");
            parse_instruction(p, g, neg, &at);
        } else if (p->tok.kind == TOK_WORD && p->tok.start[0] != '.' && is_punct(peek(p), ':')) {
            uint32_t l = label_index(p, p->tok.start, p->tok.len);
            if (p->k->label_pc[l] != UINT32_MAX)
                fail_at(p, &p->tok, "label '%.*s' is defined twice", (int)p->tok.len, p->tok.start);
            p->k->label_pc[l] = p->k->ninsns;
            next(p);
            next(p);
        } else if (p->tok.kind == TOK_WORD && p->tok.start[0] != '.') {
            parse_instruction(p, WS_NO_REG, 0, NULL);
        } else {
            expected(p, "an instruction, a label or a declaration");
        }
    }
}

/* Lay out this kernel's shared and local memory. Module-scope .shared variables come first,
 * at the same offsets in every kernel. */
static void layout_kernel(parser *p, ws_module *m, ws_kernel *k, int kidx)
{
    uint64_t shared = 0, local = 0;
    for (uint32_t i = 0; i < m->nsymbols; i++) {
        ws_symbol *s = &m->symbols[i];
        if (s->space == WS_SPACE_SHARED && s->kernel == -1 && !s->is_extern)
            shared = align_up(shared, s->align) + s->size;
    }
    for (uint32_t i = 0; i < m->nsymbols; i++) {
        ws_symbol *s = &m->symbols[i];
        if (s->kernel != kidx)
            continue;
        if (s->space == WS_SPACE_SHARED && !s->is_extern) {
            s->offset = shared = align_up(shared, s->align);
            shared += s->size;
        } else if (s->space == WS_SPACE_LOCAL || (s->space == WS_SPACE_PARAM && !s->is_kernel_param)) {
            s->offset = local = align_up(local, s->align ? s->align : 1);
            local += s->size;
        }
    }
    /* dynamic (extern) shared arrays start after the static ones */
    uint64_t dyn = shared;
    for (uint32_t i = 0; i < m->nsymbols; i++) {
        ws_symbol *s = &m->symbols[i];
        if (s->space == WS_SPACE_SHARED && s->is_extern && (s->kernel == -1 || s->kernel == kidx)) {
            dyn = align_up(dyn, s->align ? s->align : 16);
            if (s->kernel == kidx || s->offset == 0)
                s->offset = dyn;
        }
    }
    if (shared > 228 * 1024)
        fail_at(p, &p->tok, "kernel '%s' uses %llu bytes of shared memory; an H200 block has at most 227 KiB",
                k->name, (unsigned long long)shared);
    k->shared_bytes = shared;
    k->local_bytes = align_up(local, 16);
    if (k->local_bytes > 512 * 1024)
        fail_at(p, &p->tok, "kernel '%s' uses more than 512 KiB of local memory per thread", k->name);
}

static void finish_kernel(parser *p)
{
    ws_kernel *k = p->k;
    for (uint32_t l = 0; l < k->nlabels; l++) {
        if (k->label_pc[l] == UINT32_MAX) {
            /* find a use to point at */
            for (uint32_t i = 0; i < k->ninsns; i++)
                for (unsigned o = 0; o < k->insns[i].nops; o++)
                    if (k->insns[i].ops[o].kind == WS_OPND_LABEL && k->insns[i].ops[o].imm == l) {
                        ws_token t = {TOK_WORD, NULL, 0, k->insns[i].line, k->insns[i].col};
                        fail_at(p, &t, "branch to undefined label '%s'", k->labels[l]);
                    }
        }
    }
    for (uint32_t i = 0; i < k->ninsns; i++)
        for (unsigned o = 0; o < k->insns[i].nops; o++)
            if (k->insns[i].ops[o].kind == WS_OPND_LABEL)
                k->insns[i].ops[o].imm = k->label_pc[k->insns[i].ops[o].imm];
    if (k->ninsns == 0 || (k->insns[k->ninsns - 1].op != WS_OP_RET && k->insns[k->ninsns - 1].op != WS_OP_EXIT &&
                           !(k->insns[k->ninsns - 1].op == WS_OP_BRA && k->insns[k->ninsns - 1].guard == WS_NO_REG))) {
        /* falling off the end of a kernel returns */
        GROW(p, k->insns, k->ninsns, p->insn_cap);
        ws_insn *in = &k->insns[k->ninsns++];
        memset(in, 0, sizeof *in);
        in->op = WS_OP_RET;
        in->vec = 1;
        in->guard = WS_NO_REG;
        in->dpred = WS_NO_REG;
        in->line = p->tok.line;
        in->col = p->tok.col;
    }
    layout_kernel(p, p->m, k, p->kidx);
    strmap_free(&p->regs);
    strmap_free(&p->labels);
    p->k = NULL;
}

static void parse_entry(parser *p)
{
    next(p); /* .entry */
    if (p->tok.kind != TOK_WORD || p->tok.start[0] == '.')
        expected(p, "the kernel's name");
    for (uint32_t i = 0; i < p->m->nkernels; i++)
        if (strlen(p->m->kernels[i].name) == p->tok.len && !memcmp(p->m->kernels[i].name, p->tok.start, p->tok.len))
            fail_at(p, &p->tok, "kernel '%.*s' is defined twice", (int)p->tok.len, p->tok.start);
    p->m->kernels = xrealloc(p, p->m->kernels, (p->m->nkernels + 1) * sizeof *p->m->kernels);
    p->kidx = (int)p->m->nkernels++;
    p->k = &p->m->kernels[p->kidx];
    memset(p->k, 0, sizeof *p->k);
    p->insn_cap = p->reg_cap = p->label_cap = p->call_cap = 0;
    p->k->name = xstrndup(p, p->tok.start, p->tok.len);
    p->k->line = p->tok.line;
    p->k->col = p->tok.col;
    next(p);
    if (is_punct(&p->tok, '('))
        parse_param_list(p);
    /* performance directives: .maxntid 256, 1, 1 / .reqntid / .minnctapersm N / .maxnreg N */
    while (p->tok.kind == TOK_WORD && p->tok.start[0] == '.') {
        next(p);
        while (p->tok.kind == TOK_NUMBER || is_punct(&p->tok, ','))
            next(p);
    }
    if (is_punct(&p->tok, ';')) { /* a declaration only */
        next(p);
        p->m->nkernels--;
        free(p->k->name);
        free(p->k->params);
        p->k = NULL;
        return;
    }
    parse_body(p);
    finish_kernel(p);
}

/* .func: external declarations (vprintf) are recorded; bodies are not supported. */
static void parse_func(parser *p, int is_extern)
{
    ws_token at = p->tok;
    next(p);
    if (is_punct(&p->tok, '(')) { /* return parameter */
        while (!is_punct(&p->tok, ')') && p->tok.kind != TOK_EOF)
            next(p);
        expect_punct(p, ')');
    }
    if (p->tok.kind != TOK_WORD)
        expected(p, "a function name");
    ws_token name = p->tok;
    next(p);
    if (is_punct(&p->tok, '(')) {
        while (!is_punct(&p->tok, ')') && p->tok.kind != TOK_EOF)
            next(p);
        expect_punct(p, ')');
    }
    while (p->tok.kind == TOK_WORD && p->tok.start[0] == '.') { /* .noreturn and friends */
        next(p);
        while (p->tok.kind == TOK_NUMBER || is_punct(&p->tok, ','))
            next(p);
    }
    if (is_punct(&p->tok, '{'))
        fail_at(p, &name, "function '%.*s': device functions (.func with a body) are not supported; "
                          "mark them __forceinline__", (int)name.len, name.start);
    expect_punct(p, ';');
    (void)at;
    (void)is_extern;
    p->m->funcs = xrealloc(p, p->m->funcs, (p->m->nfuncs + 1) * sizeof *p->m->funcs);
    p->m->funcs[p->m->nfuncs++] = xstrndup(p, name.start, name.len);
}

static void layout_module(ws_module *m)
{
    uint64_t g = 0, c = 0;
    for (uint32_t i = 0; i < m->nsymbols; i++) {
        ws_symbol *s = &m->symbols[i];
        if (s->space == WS_SPACE_GLOBAL) {
            s->offset = g = align_up(g, s->align ? s->align : 1);
            g += s->size;
        } else if (s->space == WS_SPACE_CONST) {
            s->offset = c = align_up(c, s->align ? s->align : 1);
            c += s->size;
        }
    }
    m->global_bytes = g;
    m->const_bytes = c;
}

static void parse_module(parser *p)
{
    next(p);
    while (p->tok.kind != TOK_EOF) {
        if (is_word(&p->tok, ".version")) {
            next(p);
            if (p->tok.kind != TOK_NUMBER)
                expected(p, "a version number such as 9.0");
            free(p->m->version);
            p->m->version = xstrndup(p, p->tok.start, p->tok.len);
            next(p);
        } else if (is_word(&p->tok, ".target")) {
            next(p);
            char buf[256] = "";
            for (;;) {
                if (p->tok.kind != TOK_WORD)
                    expected(p, "a target such as sm_90");
                size_t l = strlen(buf);
                snprintf(buf + l, sizeof buf - l, "%s%.*s", l ? ", " : "", (int)p->tok.len, p->tok.start);
                next(p);
                if (!is_punct(&p->tok, ','))
                    break;
                next(p);
            }
            free(p->m->target);
            p->m->target = xstrndup(p, buf, strlen(buf));
        } else if (is_word(&p->tok, ".address_size")) {
            next(p);
            ws_token num = p->tok; /* the error points at the number, not the token after it */
            uint64_t a = expect_uint(p, "32 or 64");
            if (a != 64)
                fail_at(p, &num, "only .address_size 64 is supported");
            p->m->address_size = (unsigned)a;
        } else if (is_word(&p->tok, ".visible") || is_word(&p->tok, ".weak") || is_word(&p->tok, ".common")) {
            next(p);
        } else if (is_word(&p->tok, ".extern")) {
            next(p);
            if (is_word(&p->tok, ".func"))
                parse_func(p, 1);
            else if (is_word(&p->tok, ".shared"))
                parse_variable(p, WS_SPACE_SHARED, 1);
            else if (is_word(&p->tok, ".global") || is_word(&p->tok, ".const"))
                fail_at(p, &p->tok, "external .global/.const variables cannot be resolved");
            else
                expected(p, ".func or .shared after .extern");
        } else if (is_word(&p->tok, ".entry")) {
            parse_entry(p);
        } else if (is_word(&p->tok, ".func")) {
            parse_func(p, 0);
        } else if (is_word(&p->tok, ".global")) {
            parse_variable(p, WS_SPACE_GLOBAL, 0);
        } else if (is_word(&p->tok, ".const")) {
            parse_variable(p, WS_SPACE_CONST, 0);
        } else if (is_word(&p->tok, ".shared")) {
            parse_variable(p, WS_SPACE_SHARED, 0);
        } else if (is_word(&p->tok, ".file") || is_word(&p->tok, ".loc")) {
            skip_to_end_of_line(p, p->tok.line);
        } else if (is_word(&p->tok, ".section")) {
            fail_at(p, &p->tok, "debug sections (.section) are not supported; compile without -G");
        } else {
            expected(p, "a module directive (.version, .target, .entry, .global, ...)");
        }
    }
    if (!p->m->version)
        fail_at(p, &p->tok, "missing .version directive");
    layout_module(p->m);
}

ws_module *ws_module_parse(const char *text, size_t len, const char *path, ws_parse_error *err)
{
    parser *p = calloc(1, sizeof *p);
    ws_module *volatile m = calloc(1, sizeof *m);
    ws_parse_error dummy;
    if (!err)
        err = &dummy;
    memset(err, 0, sizeof *err);
    if (!p || !m) {
        free(p);
        free(m);
        snprintf(err->message, sizeof err->message, "out of memory");
        return NULL;
    }
    ws_lex_init(&p->lx, text, len);
    p->path = path;
    p->err = err;
    p->m = m;
    m->address_size = 64;
    m->path = path ? strdup(path) : NULL;
    if (setjmp(p->fail)) {
        if (p->k) { /* the kernel in progress is counted; free what it holds */
            p->m->nkernels = (uint32_t)p->kidx + 1;
        }
        strmap_free(&p->regs);
        strmap_free(&p->labels);
        free(p);
        ws_module_free(m);
        return NULL;
    }
    parse_module(p);
    free(p);
    return m;
}

ws_module *ws_module_load(const char *path, ws_parse_error *err)
{
    ws_parse_error dummy;
    if (!err)
        err = &dummy;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", path);
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err->message, sizeof err->message, "cannot open: %s", strerror(errno));
        return NULL;
    }
    size_t cap = 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t r;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            if (cap > (256u << 20)) {
                free(buf);
                fclose(f);
                snprintf(err->message, sizeof err->message, "file larger than 256 MiB");
                return NULL;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                free(buf);
                buf = NULL;
                break;
            }
            buf = nb;
            cap *= 2;
        }
    }
    fclose(f);
    if (!buf) {
        snprintf(err->message, sizeof err->message, "out of memory");
        return NULL;
    }
    ws_module *m = ws_module_parse(buf, n, path, err);
    free(buf);
    return m;
}

void ws_module_free(ws_module *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->nkernels; i++) {
        ws_kernel *k = &m->kernels[i];
        free(k->name);
        free(k->params);
        free(k->insns);
        for (uint32_t r = 0; r < k->nregs; r++)
            free(k->regs[r].name);
        free(k->regs);
        for (uint32_t c = 0; c < k->ncalls; c++)
            free(k->calls[c].callee);
        free(k->calls);
        free(k->label_of);
        for (uint32_t l = 0; l < k->nlabels; l++)
            free(k->labels[l]);
        free(k->labels);
        free(k->label_pc);
    }
    free(m->kernels);
    for (uint32_t i = 0; i < m->nsymbols; i++) {
        free(m->symbols[i].name);
        free(m->symbols[i].init);
    }
    free(m->symbols);
    for (uint32_t i = 0; i < m->nfuncs; i++)
        free(m->funcs[i]);
    free(m->funcs);
    free(m->version);
    free(m->target);
    free(m->path);
    free(m);
}

const ws_kernel *ws_module_kernel(const ws_module *m, const char *name)
{
    if (!m || m->nkernels == 0)
        return NULL;
    if (!name)
        return &m->kernels[0];
    for (uint32_t i = 0; i < m->nkernels; i++)
        if (strcmp(m->kernels[i].name, name) == 0)
            return &m->kernels[i];
    return NULL;
}
