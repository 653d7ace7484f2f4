/* The PTX parser: whole modules as nvcc writes them, and PTX as people write it.
 *
 * It resolves everything it can at load time: registers to dense indices, labels to
 * instruction indices, symbols to (space, offset), immediates to the bits of the type the
 * instruction reads them as. An error stops the parse with file:line:column, the source line
 * and what was expected; an instruction outside the opcode table is an error that names it. */
#include "check.h"
#include "contract.h"
#include "half.h"
#include "demangle.h"
#include "opcodes.h"
#include "lexer.h"
#include "suffix.h"

#include <errno.h>
#include <math.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdatomic.h>
#include <sys/stat.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* ---- small containers ------------------------------------------------------------------------ */

/* A string -> index map for names (open addressing, power-of-two size, a slot per entry with its
 * key's hash: a probe reads one cache line, and growing does not hash again). */
typedef struct {
    const char *key; /* NULL: empty */
    uint32_t len, hash, val;
} strslot;

typedef struct {
    strslot *slots;
    size_t cap, n;
} strmap;

/* FNV-1a, its high half folded into the low one (the low bits index the table) */
static uint32_t hash_str(const char *s, size_t n)
{
    uint64_t h = 1469598103934665603ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (unsigned char)s[i]) * 1099511628211ull;
    return (uint32_t)(h ^ h >> 29 ^ h >> 47);
}

static void strmap_free(strmap *m)
{
    free(m->slots);
    memset(m, 0, sizeof *m);
}

/* The slot of key s, or the empty one where it would go. */
static strslot *strmap_find(const strmap *m, const char *s, size_t n, uint32_t h)
{
    for (size_t i = h & (m->cap - 1);; i = (i + 1) & (m->cap - 1)) {
        strslot *e = &m->slots[i];
        if (!e->key || (e->hash == h && e->len == n && memcmp(e->key, s, n) == 0))
            return e;
    }
}

static int strmap_get(const strmap *m, const char *s, size_t n, uint32_t *val)
{
    if (!m->cap)
        return 0;
    const strslot *e = strmap_find(m, s, n, hash_str(s, n));
    if (e->key)
        *val = e->val;
    return e->key != NULL;
}

/* Removes key s (backward-shift deletion keeps every other key reachable). */
static void strmap_remove(strmap *m, const char *s, size_t n)
{
    if (!m->cap)
        return;
    strslot *e = strmap_find(m, s, n, hash_str(s, n));
    if (!e->key)
        return;
    size_t i = (size_t)(e - m->slots);
    for (size_t j = (i + 1) & (m->cap - 1); m->slots[j].key; j = (j + 1) & (m->cap - 1)) {
        size_t home = m->slots[j].hash & (m->cap - 1);
        /* j's key may move into the hole at i when its home is not in (i, j] */
        if ((j > i && (home <= i || home > j)) || (j < i && home <= i && home > j)) {
            m->slots[i] = m->slots[j];
            i = j;
        }
    }
    m->slots[i].key = NULL;
    m->n--;
}

/* ---- the parser state ------------------------------------------------------------------------ */

typedef struct {
    uint32_t label;    /* label index */
    uint32_t insn;     /* instruction whose operand 0 names it */
} fixup;

#define PROTOS_MAX 256 /* call prototypes in one function */

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
    size_t insn_cap, reg_cap, label_cap, call_cap, sym_cap, param_cap, kernel_cap, fdef_cap, func_cap;
    uint32_t scope_floor; /* registers below it belong to enclosing blocks: a nested block may shadow them */
    strmap regs, labels;
    char **owned; /* strings owned by the strmaps' keys live in k->regs / k->labels */
    int in_func;  /* p->k is m->fdefs[-2 - kidx] */
    unsigned param_serial; /* renamed call-site .param variables */
    uint32_t loc_file, loc_line; /* the last .loc: the source position of the instructions after it */
    uint32_t *scratch; /* the linker's work arrays (freed on error too) */
    /* Names found in constant time, so that parsing stays linear in the input: the variables of
     * the body being parsed and of the module (latest declaration first), kernel names, and
     * functions declared or defined (value: the m->fdefs index, UINT32_MAX for a declaration). */
    strmap syms_local, syms_module, kernel_names, func_names;
    uint32_t body_first_sym;    /* the body's symbols are [body_first_sym, m->nsymbols) */
    uint64_t module_shared;     /* bytes of the module's .shared variables so far (layout_kernel) */
    uint32_t *module_extern;    /* the module's .extern .shared variables */
    size_t nmodule_extern, module_extern_cap;
    /* nested blocks: per open block its first register and the height of open_regs at its
     * start; per register the one it shadows (or REG_CLOSED); the registers of open blocks */
    uint32_t *scope_first, *scope_height, *shadowed, *open_regs;
    size_t scope_cap, height_cap, shadowed_cap, open_cap, nopen;
    unsigned scope_serial;      /* renamed registers of closed blocks */
    char *range_name;           /* parse_reg_decl's %r<N> names */
    /* the memory limit: bytes the module holds (an upper bound) and the most it may */
    uint64_t bytes, max_bytes;
    /* the current function's call prototypes (name : .callprototype ...), for indirect calls: at
     * most PROTOS_MAX, the array grown as they come (inside the parser it was 10 KB zeroed at
     * every parse, most modules having none) */
    struct proto {
        const char *name, *text; /* in the source text */
        size_t name_len, text_len;
        uint32_t nparams;
        int has_ret;
    } *protos;
    uint32_t nprotos, protos_cap;
    ws_token *addr_at; /* per m->addr_funcs entry: where its address was first taken (freed on error too) */
    ws_token *kaddr_at; /* per m->addr_kernels entry: the same */
    /* the body's .branchtargets lists (NAME: .branchtargets L0, L1, ...;): list i holds the label
     * indices bt_labels[bt_first[i] .. bt_first[i] + bt_count[i]); label_bt[l] is 1 + the list
     * that label l names, 0 none (l < nlabel_bt) */
    uint32_t *bt_labels, *bt_first, *bt_count, *label_bt;
    size_t nbt_labels, bt_labels_cap, nbt, bt_first_cap, bt_count_cap, nlabel_bt, label_bt_cap;
    unsigned brx_serial; /* brx.idx's hidden predicate registers */
} parser;

static void *xrealloc(parser *p, void *ptr, size_t n);

/* n bytes of s as text: bytes outside printable ASCII as \xHH; at most cap - 1 characters. */
static size_t escape_text(const char *s, size_t n, char *buf, size_t cap)
{
    size_t o = 0;
    for (size_t i = 0; i < n && o + 5 < cap; i++) {
        unsigned char c = (unsigned char)s[i];
        if ((c >= 0x20 && c < 0x7f) || c == '\t')
            buf[o++] = (char)c;
        else
            o += (size_t)snprintf(buf + o, cap - o, "\\x%02X", c);
    }
    buf[o] = 0;
    return o;
}

/* The error's line for display: a window of it around the column (the whole line when it is
 * short), escaped; source_column is the column's place in it, where the caret goes. */
static void set_source_line(parser *p, unsigned line, unsigned col)
{
    ws_parse_error *e = p->err;
    const char *s = p->lx.text;
    for (unsigned l = 1; l < line && s < p->lx.end; s++)
        if (*s == '\n')
            l++;
    size_t len = 0;
    while (s + len < p->lx.end && s[len] != '\n' && s[len] != '\r')
        len++;
    size_t at = col ? col - 1 : 0, from = at > 60 ? at - 60 : 0, o = 0;
    const size_t cap = sizeof e->source_line;
    if (from)
        o = (size_t)snprintf(e->source_line, cap, "...");
    size_t i = from;
    for (; i < len && o + 8 < cap; i++) {
        if (i == at)
            e->source_column = (unsigned)o + 1;
        o += escape_text(s + i, 1, e->source_line + o, cap - o);
    }
    if (i == at)
        e->source_column = (unsigned)o + 1;
    if (i < len)
        o += (size_t)snprintf(e->source_line + o, cap - o, "...");
    e->source_line[o] = 0;
}

static void describe(const ws_token *t, char *buf, size_t cap)
{
    if (t->kind == TOK_EOF) {
        snprintf(buf, cap, "end of file");
        return;
    }
    buf[0] = '\'';
    size_t n = escape_text(t->start, t->len > 60 ? 60 : t->len, buf + 1, cap - 2);
    snprintf(buf + 1 + n, cap - 1 - n, "'");
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
    set_source_line(p, t->line, t->col);
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

/* The module may hold at most p->max_bytes (ws_parse_limits): every array and string that the
 * input can make grow is charged here when it grows. The message gives the limit and what was
 * counted when it stopped (the file's text included), a lower bound of what the module needs. */
static void charge(parser *p, uint64_t bytes)
{
    p->bytes += bytes;
    if (p->bytes > p->max_bytes) {
        p->err->limit = 1;
        fail_at(p, &p->tok,
                "memory limit reached: the module needs more than %llu bytes (%llu counted when parsing stopped "
                "here, the file's text included); raise it with --max-memory",
                (unsigned long long)p->max_bytes, (unsigned long long)p->bytes);
    }
}

static void *xrealloc(parser *p, void *ptr, size_t n)
{
    void *q = realloc(ptr, n ? n : 1);
    if (!q)
        fail_at(p, &p->tok, "out of memory");
    return q;
}

/* An array of `size`-byte elements that holds n and needs one more: its capacity doubles (the
 * growth charged, the new part zeroed). */
static void *grow(parser *p, void *arr, size_t n, size_t *cap, size_t size)
{
    if (n < *cap)
        return arr;
    size_t nc = *cap ? *cap * 2 : 16;
    charge(p, (uint64_t)(nc - *cap) * size);
    char *a = xrealloc(p, arr, nc * size);
    memset(a + *cap * size, 0, (nc - *cap) * size);
    *cap = nc;
    return a;
}

/* What malloc takes for n bytes: a header and 16-byte granules, 32 at least (glibc) */
static uint64_t malloc_bytes(uint64_t n) { return n + 8 <= 32 ? 32 : (n + 8 + 15) / 16 * 16; }

static char *xstrndup(parser *p, const char *s, size_t n)
{
    charge(p, malloc_bytes(n + 1));
    char *d = xrealloc(p, NULL, n + 1);
    memcpy(d, s, n);
    d[n] = 0;
    return d;
}

#define GROW(p, arr, n, cap) ((arr) = grow((p), (arr), (n), &(cap), sizeof *(arr)))

/* Room for `more` keys at most half full (so that probing stays short). */
static void strmap_reserve(parser *p, strmap *m, size_t more)
{
    if ((m->n + more) * 2 > m->cap) {
        strmap old = *m;
        size_t cap = old.cap ? old.cap * 2 : 64;
        while ((m->n + more) * 2 > cap)
            cap *= 2;
        charge(p, (uint64_t)(cap - old.cap) * sizeof *m->slots);
        strslot *slots = calloc(cap, sizeof *slots);
        if (!slots)
            fail_at(p, &p->tok, "out of memory");
        m->slots = slots;
        m->cap = cap;
        for (size_t i = 0; i < old.cap; i++)
            if (old.slots[i].key)
                *strmap_find(m, old.slots[i].key, old.slots[i].len, old.slots[i].hash) = old.slots[i];
        free(old.slots);
    }
}

/* The slot of key s, with room for it: one probe for a lookup and an insertion together. */
static strslot *strmap_slot(parser *p, strmap *m, const char *s, size_t n)
{
    strmap_reserve(p, m, 1);
    return strmap_find(m, s, n, hash_str(s, n));
}

static void strmap_put(parser *p, strmap *m, const char *s, size_t n, uint32_t val)
{
    strmap_reserve(p, m, 1);
    if (n > UINT32_MAX)
        fail_at(p, &p->tok, "a name longer than 4 GiB");
    uint32_t h = hash_str(s, n);
    strslot *e = strmap_find(m, s, n, h);
    m->n += !e->key;
    *e = (strslot){s, (uint32_t)n, h, val};
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
    if (p->tok.kind == TOK_ERROR && p->tok.error)
        fail_at(p, &p->tok, "%s", p->tok.error);
    if (p->tok.kind == TOK_ERROR) {
        unsigned char c = (unsigned char)p->tok.start[0];
        if (c >= 0x20 && c < 0x7f)
            fail_at(p, &p->tok, "unexpected character '%c'", c);
        fail_at(p, &p->tok, "unexpected character \\x%02X (byte 0x%02x)", c, c);
    }
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
        fail_at(p, at, "immediates of .%s are not supported: move the bits into a register with mov.b16/mov.b32",
                ws_type_name(t));
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

/* The variable a name means: the body's own first, then the module's (the latest declaration). */
static int find_symbol(parser *p, const char *s, size_t n, uint32_t *out)
{
    return (p->k && strmap_get(&p->syms_local, s, n, out)) || strmap_get(&p->syms_module, s, n, out);
}

/* Makes symbol i the one its name means in its scope. */
static void name_symbol(parser *p, uint32_t i)
{
    ws_symbol *sym = &p->m->symbols[i];
    strmap *map = sym->kernel == -1 ? &p->syms_module : &p->syms_local;
    size_t n = strlen(sym->name);
    uint32_t old;
    if (strmap_get(map, sym->name, n, &old))
        strmap_remove(map, sym->name, n); /* its key may be the older symbol's string */
    strmap_put(p, map, sym->name, n, i);
}

/* A body's variables are out of scope once it ends. */
static void begin_body_symbols(parser *p)
{
    strmap_free(&p->syms_local);
    p->body_first_sym = p->m->nsymbols;
}

/* A .func declared or defined so far. */
static int is_function_name(parser *p, const char *s, size_t n)
{
    uint32_t f;
    return strmap_get(&p->func_names, s, n, &f);
}

/* A kernel (.entry) declared or defined so far: a device-side launch may take its address. */
static int is_kernel_name(parser *p, const char *s, size_t n)
{
    uint32_t k;
    return strmap_get(&p->kernel_names, s, n, &k);
}

/* The index of name t in a list of names whose address the module takes (names, n, with where
 * each was first taken in at), added on first use; the linker checks that the module defines it
 * (link_module). */
static uint32_t addr_id(parser *p, char ***names, uint32_t *n, ws_token **at, const ws_token *t)
{
    for (uint32_t i = 0; i < *n; i++)
        if (strlen((*names)[i]) == t->len && memcmp((*names)[i], t->start, t->len) == 0)
            return i;
    *at = xrealloc(p, *at, (*n + 1) * sizeof **at);
    (*at)[*n] = *t;
    *names = xrealloc(p, *names, (*n + 1) * sizeof **names);
    (*names)[*n] = xstrndup(p, t->start, t->len);
    return (*n)++;
}

/* A function's: its address is WS_FUNC_ADDR(index). */
static uint32_t func_addr_id(parser *p, const ws_token *t)
{
    return addr_id(p, &p->m->addr_funcs, &p->m->naddr_funcs, &p->addr_at, t);
}

/* A kernel's (a device-side launch's target): its address is WS_KERNEL_ADDR(index). */
static uint32_t kernel_addr_id(parser *p, const ws_token *t)
{
    return addr_id(p, &p->m->addr_kernels, &p->m->naddr_kernels, &p->kaddr_at, t);
}


static uint32_t add_symbol(parser *p, const ws_token *name_tok, ws_space space, ws_type elem,
                           uint32_t align, uint64_t size)
{
    size_t cap = p->sym_cap;
    GROW(p, p->m->symbols, p->m->nsymbols, cap);
    p->sym_cap = cap;
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
    name_symbol(p, p->m->nsymbols);
    return p->m->nsymbols++;
}

/* A unique name for something of the body renamed out of the way: name$<tag>N with the first N
 * that no register or variable of the body uses (names may be long: nothing is cut). */
static char *unique_name(parser *p, const char *name, char tag, unsigned *serial)
{
    size_t n = strlen(name), cap = n + 16;
    charge(p, cap); /* before the allocation: a charge that fails leaves nothing behind */
    char *buf = xrealloc(p, NULL, cap);
    for (;;) {
        int len = snprintf(buf, cap, "%s$%c%u", name, tag, ++*serial);
        uint32_t idx;
        if (!strmap_get(&p->syms_local, buf, (size_t)len, &idx) && !strmap_get(&p->regs, buf, (size_t)len, &idx))
            break;
    }
    return buf;
}

/* Symbol i, of the body, gives its name to a later declaration: it keeps a name of its own. */
static void rename_symbol(parser *p, uint32_t i)
{
    ws_symbol *sym = &p->m->symbols[i];
    char *renamed = unique_name(p, sym->name, 'p', &p->param_serial);
    strmap_remove(&p->syms_local, sym->name, strlen(sym->name));
    free(sym->name);
    sym->name = renamed;
    strmap_put(p, &p->syms_local, sym->name, strlen(sym->name), i);
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
        /* saturating: sm[4294967296][4294967296] is 2^64 bytes, not 0 */
        count = count > (1ull << 33) / d ? 1ull << 33 : count * d;
        expect_punct(p, ']');
    }
    if (count * elem_size > (1ull << 32))
        fail_at(p, &name, "variable '%.*s' is larger than 4 GiB, more than warpsim holds (ptxas wraps such sizes to 32 bits)",
                (int)name.len, name.start);
    /* fuzz: an unsized .local/.param array became "extern" and printed as ".extern .local"
     * inside a body, which does not parse back; ptxas rejects it too */
    if (unsized && (space == WS_SPACE_LOCAL || space == WS_SPACE_PARAM))
        fail_at(p, &name, "a .%s array needs a size: only .extern arrays may leave it out", ws_space_name(space));
    /* ptxas: "Non-external variable 'g' has incomplete type" (fuzz: such a body variable printed
     * as .extern, which a body does not take) */
    if (unsized && !is_extern && !is_punct(&p->tok, '='))
        fail_at(p, &name, "array '%.*s' has no size: only .extern arrays may leave it out (ptxas: incomplete type)",
                (int)name.len, name.start);
    uint32_t idx = add_symbol(p, &name, space, t, align ? align : (uint32_t)elem_size, unsized ? 0 : count * elem_size);
    ws_symbol *sym = &p->m->symbols[idx];
    sym->is_extern = (uint8_t)(is_extern || unsized);
    if (space == WS_SPACE_SHARED && sym->kernel == -1 && !sym->is_extern)
        p->module_shared = align_up(p->module_shared, sym->align) + sym->size;
    if (space == WS_SPACE_SHARED && sym->kernel == -1 && sym->is_extern) {
        GROW(p, p->module_extern, p->nmodule_extern, p->module_extern_cap);
        p->module_extern[p->nmodule_extern++] = idx;
    }
    if (is_punct(&p->tok, '=')) {
        if (space != WS_SPACE_GLOBAL && space != WS_SPACE_CONST)
            fail_at(p, &p->tok, "only .global and .const variables take initialisers, not %.*s",
                    (int)dir.len, dir.start);
        next(p);
        sym = &p->m->symbols[idx];
        charge(p, sym->size ? sym->size : 1); /* an initialiser of g[4294967296] holds 4 GiB */
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
            int func = p->tok.kind == TOK_WORD && !neg && is_function_name(p, p->tok.start, p->tok.len);
            if (func && ws_type_bits(t) != 64) /* nvcc writes function pointer tables and vtables so */
                fail_at(p, &p->tok, "'%.*s' in an initialiser: a function's address fills a 64-bit element, not .%s",
                        (int)p->tok.len, p->tok.start, ws_type_name(t));
            if (p->tok.kind == TOK_WORD && !neg && !func)
                fail_at(p, &p->tok, "'%.*s' in an initialiser: addresses of variables (pointer tables in "
                                    ".global/.const data) are not supported; function addresses are",
                        (int)p->tok.len, p->tok.start);
            if (!func && (p->tok.kind != TOK_NUMBER || ws_lex_number(&p->tok, &n) != 0))
                expected(p, "a number in the initialiser");
            if ((filled + 1) * (elem_size / vec) > sym->size)
                fail_at(p, &p->tok, "too many initialisers for '%s' (%llu bytes)", sym->name,
                        (unsigned long long)sym->size);
            uint64_t bits = func ? WS_FUNC_ADDR(func_addr_id(p, &p->tok))
                                 : literal_bits(p, &p->tok, &n, neg, t);
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

#define REG_CLOSED (UINT32_MAX - 1) /* p->shadowed: a register of a closed block, renamed */
static char *unique_name(parser *p, const char *name, char tag, unsigned *serial);

/* A closed block's vector element %v.y becomes %v$sN.y, N the serial its %v.x took (the
 * elements follow one another): the elements stay one vector, %v$sN, for the printer. NULL for
 * a scalar register. */
static char *vector_elem_rename(parser *p, const char *name)
{
    size_t n = strlen(name);
    if (n < 3 || name[n - 2] != '.')
        return NULL;
    size_t cap = n + 16;
    charge(p, cap);
    char *buf = xrealloc(p, NULL, cap);
    uint32_t idx;
    int len = 0;
    do /* a new serial at .x, unused by any vector (a declared %v$s3 too) */
        len = snprintf(buf, cap, "%.*s$s%u%s", (int)(n - 2), name, p->scope_serial += name[n - 1] == 'x',
                       name + n - 2);
    while (name[n - 1] == 'x' && strmap_get(&p->regs, buf, (size_t)len, &idx));
    return buf;
}

static uint32_t add_reg(parser *p, const char *name, size_t n, ws_type t, const ws_token *at)
{
    strslot *e = strmap_slot(p, &p->regs, name, n);
    uint32_t prev = e->key ? e->val : UINT32_MAX;
    int shadows = e->key != NULL;
    if (shadows && p->shadowed[prev] == REG_CLOSED) { /* a closed block's register had the name: it takes another */
        char *renamed = vector_elem_rename(p, p->k->regs[prev].name);
        if (!renamed)
            renamed = unique_name(p, p->k->regs[prev].name, 's', &p->scope_serial);
        strmap_remove(&p->regs, name, n);
        free(p->k->regs[prev].name);
        p->k->regs[prev].name = renamed;
        strmap_put(p, &p->regs, renamed, strlen(renamed), prev);
        shadows = 0;
        e = strmap_slot(p, &p->regs, name, n);
    }
    if (shadows && prev >= p->scope_floor)
        fail_at(p, at, "register '%.*s' is declared twice", (int)n, name);
    if (p->k->nregs >= (1u << 24))
        fail_at(p, at, "too many registers");
    GROW(p, p->k->regs, p->k->nregs, p->reg_cap);
    GROW(p, p->shadowed, p->k->nregs, p->shadowed_cap);
    ws_reg_info *r = &p->k->regs[p->k->nregs];
    r->name = xstrndup(p, name, n);
    r->type = (uint8_t)t;
    /* the inner declaration hides the outer one until its block closes (close_reg_scope) */
    p->shadowed[p->k->nregs] = shadows ? prev : UINT32_MAX;
    GROW(p, p->open_regs, p->nopen, p->open_cap);
    p->open_regs[p->nopen++] = p->k->nregs;
    /* the slot is the name's (the growths above touch other arrays): it means this register now */
    p->regs.n += !e->key;
    *e = (strslot){r->name, (uint32_t)n, e->key ? e->hash : hash_str(r->name, n), p->k->nregs};
    return p->k->nregs++;
}

/* Vector registers (.reg .v2 .f32 %v;) are one scalar register per element, named %v.x, %v.y,
 * %v.z, %v.w: an element operand is then an ordinary register, and a bare %v stands for the
 * brace list of its elements where a vector operand is allowed (vector_reg). No other register
 * name has a '.' (declare_reg refuses one), so %v.x being declared is what makes %v a vector. */
static const char vec_elems[] = "xyzw", vec_colours[] = "rgba";

/* The register a name means: %v.r, .g, .b, .a are %v.x, .y, .z, .w. */
static int find_reg(parser *p, const char *s, size_t n, uint32_t *idx)
{
    if (strmap_get(&p->regs, s, n, idx))
        return 1;
    const char *c = n > 2 && s[n - 2] == '.' ? strchr(vec_colours, s[n - 1]) : NULL;
    if (!c || !s[n - 1])
        return 0;
    char buf[256];
    if (n > sizeof buf)
        return 0;
    memcpy(buf, s, n);
    buf[n - 1] = vec_elems[c - vec_colours];
    return strmap_get(&p->regs, buf, n, idx);
}

/* If NAME is a vector register: its element count, and its first element's index in *first
 * (the others follow it). */
static unsigned vector_reg(parser *p, const char *s, size_t n, uint32_t *first)
{
    char buf[256];
    if (n + 2 > sizeof buf)
        return 0;
    memcpy(buf, s, n);
    memcpy(buf + n, ".x", 2);
    if (!strmap_get(&p->regs, buf, n + 2, first))
        return 0;
    unsigned count = 1;
    while (count < 4 && *first + count < p->k->nregs) {
        buf[n + 1] = vec_elems[count];
        const char *name = p->k->regs[*first + count].name;
        if (strlen(name) != n + 2 || memcmp(name, buf, n + 2) != 0)
            break;
        count++;
    }
    return count;
}

/* One declared name: a scalar register, or a vector's VEC element registers. */
static void declare_reg(parser *p, const char *name, size_t n, ws_type t, unsigned vec, const ws_token *at)
{
    if (memchr(name, '.', n))
        fail_at(p, at, "register name '%.*s' has a '.'", (int)n, name);
    uint32_t idx;
    /* a name declared twice in one block, as a scalar or a vector: ptxas refuses it */
    if ((strmap_get(&p->regs, name, n, &idx) || vector_reg(p, name, n, &idx) > 0) && idx >= p->scope_floor &&
        p->shadowed[idx] != REG_CLOSED) /* a closed block's register renamed to this name gives it up (add_reg) */
        fail_at(p, at, "register '%.*s' is declared twice", (int)n, name);
    if (!vec) {
        add_reg(p, name, n, t, at);
        return;
    }
    if (n + 2 > 256)
        fail_at(p, at, "vector register name too long");
    char buf[256];
    memcpy(buf, name, n);
    buf[n] = '.';
    for (unsigned i = 0; i < vec; i++) {
        buf[n + 1] = vec_elems[i];
        add_reg(p, buf, n + 2, t, at);
    }
}

/* .reg .type %r<N>; or .reg .type %a, %b; or .reg .v2 .type %v; */
static void parse_reg_decl(parser *p)
{
    ws_token tail = p->tok; /* ".reg.b32" without a space, as cuda_fp16.h's inline asm writes it */
    tail.start += 4;
    tail.len -= 4;
    if (tail.len == 0) {
        next(p);
        tail = p->tok;
    }
    unsigned vec = 0;
    ws_token vec_at = tail;
    if (is_word(&tail, ".v2") || is_word(&tail, ".v4")) {
        vec = (unsigned)(tail.start[2] - '0');
        next(p);
        tail = p->tok;
    }
    ws_type t = type_word(&tail);
    if (t == WS_T_NONE)
        expected(p, "a register type such as .b32 or .pred");
    /* what ptxas 13.0 refuses (tests/test_forms.c) */
    if (vec && t == WS_T_PRED)
        fail_at(p, &tail, "a vector register cannot be .pred: predicates are scalar registers only");
    if (t == WS_T_BF16 || t == WS_T_BF16X2 || t == WS_T_U16X2 || t == WS_T_S16X2)
        fail_at(p, &tail, "ptxas refuses a .%s register: declare it .b%u (the instructions give the type)",
                ws_type_name(t), ws_type_bits(t));
    if (vec * ws_type_bits(t) > 128)
        fail_at(p, &vec_at, "a .v%u .%s register is %u bits: a vector is at most 128 bits", vec, ws_type_name(t),
                vec * ws_type_bits(t));
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
            /* name0, name1, ...: the decimal suffix counted up in place */
            strmap_reserve(p, &p->regs, count);
            char *buf = p->range_name = xrealloc(p, p->range_name, name.len + 24); /* parser_free frees it on an error */
            memcpy(buf, name.start, name.len);
            size_t len = name.len + 1;
            buf[name.len] = '0';
            for (uint64_t i = 0; i < count; i++) {
                declare_reg(p, buf, len, t, vec, &name);
                size_t d = len;
                while (d > name.len && buf[d - 1] == '9')
                    buf[--d] = '0';
                if (d == name.len) { /* 99 -> 100 */
                    buf[name.len] = '1';
                    buf[len++] = '0';
                } else {
                    buf[d - 1]++;
                }
            }
        } else {
            declare_reg(p, name.start, name.len, t, vec, &name);
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
    size_t before = p->label_cap;
    GROW(p, p->k->labels, p->k->nlabels, p->label_cap);
    if (p->label_cap != before) {
        charge(p, (p->label_cap - before) * sizeof *p->k->label_pc);
        p->k->label_pc = xrealloc(p, p->k->label_pc, p->label_cap * sizeof *p->k->label_pc);
    }
    p->k->labels[p->k->nlabels] = xstrndup(p, s, n);
    p->k->label_pc[p->k->nlabels] = UINT32_MAX;
    strmap_put(p, &p->labels, p->k->labels[p->k->nlabels], n, p->k->nlabels);
    return p->k->nlabels++;
}

/* ---- instructions ---------------------------------------------------------------------------- */

/* ---- names of the opcode and suffix tables ----------------------------------------------------- */

/* A table's names by first character, in table order, with their lengths: a lookup compares only
 * the names that start with the word's character, first to last as a scan of the table would
 * (the first match wins). Scanning the whole opcode table with a strlen of every name was a
 * quarter of a one-warp run's host instructions, and a third of it after names were compared by
 * their first character. Built once a process. */
enum { NAME_INDEX_MAX = 512 };
typedef struct {
    const char *base; /* entry i's name is *(const char **)(base + i x stride) */
    size_t stride;
    uint16_t first[128];           /* 1 + the first entry starting with that character; 0: none */
    uint16_t next[NAME_INDEX_MAX]; /* 1 + the next entry with the same first character; 0: none */
    uint8_t len[NAME_INDEX_MAX];   /* each name's length (255: longer, compared by strlen) */
} name_index;

static name_index opcode_names, suffix_names;
static pthread_once_t names_once = PTHREAD_ONCE_INIT;

static const char *index_name(const name_index *x, size_t i)
{
    return *(const char *const *)(x->base + i * x->stride);
}

/* Index n names, each at base + i x stride. */
static void index_names(name_index *x, const void *base, size_t stride, size_t n)
{
    if (n > NAME_INDEX_MAX) {
        fprintf(stderr, "warpsim: internal error: more than %d names in a table\n", NAME_INDEX_MAX);
        abort();
    }
    x->base = base;
    x->stride = stride;
    for (size_t i = n; i-- > 0;) { /* backwards, so that each chain runs in table order */
        const char *name = index_name(x, i);
        unsigned char c = (unsigned char)name[0] & 127;
        size_t len = strlen(name);
        x->len[i] = (uint8_t)(len < 255 ? len : 255);
        x->next[i] = x->first[c];
        x->first[c] = (uint16_t)(i + 1);
    }
}

static void index_tables(void)
{
    index_names(&opcode_names, &ws_optable[0].mnemonic, sizeof ws_optable[0], WS_OP_COUNT);
    size_t n = 0;
    while (ws_suffixes[n].name)
        n++;
    index_names(&suffix_names, &ws_suffixes[0].name, sizeof ws_suffixes[0], n);
}

/* The first entry of x after entry `after` (-1: from the start) whose name is w[0..n); -1 if none. */
static int find_name(const name_index *x, int after, const char *w, size_t n)
{
    if (n == 0)
        return -1;
    unsigned i = after < 0 ? x->first[(unsigned char)w[0] & 127] : x->next[after];
    for (; i; i = x->next[i - 1]) {
        const char *name = index_name(x, i - 1);
        if (name[0] == w[0] && (x->len[i - 1] < 255 ? x->len[i - 1] == n : strlen(name) == n) &&
            memcmp(name, w, n) == 0)
            return (int)i - 1;
    }
    return -1;
}

/* The mnemonic is the longest dotted prefix of the word that the table knows. */
static int lookup_opcode(const char *w, size_t n, size_t *mlen)
{
    pthread_once(&names_once, index_tables);
    size_t len = n;
    for (;;) {
        int op = find_name(&opcode_names, -1, w, len);
        if (op >= 0) {
            *mlen = len;
            return op;
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
    uint64_t allowed = ws_optable[in->op].suffixes;
    if (allowed & SFX_TYPE2)
        allowed |= SFX_TYPE;
    pthread_once(&names_once, index_tables);
    for (int i = find_name(&suffix_names, -1, s, n); i >= 0; i = find_name(&suffix_names, i, s, n)) {
        const ws_suffix *x = &ws_suffixes[i];
        if (!(x->group & allowed))
            continue;
        switch (x->group) {
        case SFX_TYPE:
            if (*ntypes == 0)
                in->type = (uint8_t)x->value;
            else if (*ntypes == 1 && (ws_optable[in->op].suffixes & (SFX_TYPE2 | SFX_VIDEO)))
                in->type2 = (uint8_t)x->value;
            else if (*ntypes == 2 && (ws_optable[in->op].suffixes & (SFX_VIDEO | SFX_TYPE3)))
                in->type3 = (uint8_t)x->value;
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
            /* .mmio goes with .relaxed (ld.mmio.relaxed.sys); any other pair is two orders */
            if (x->value == WS_SEM_MMIO && !(in->mods & WS_MOD_MMIO)) {
                in->mods |= WS_MOD_MMIO;
                return;
            }
            if (in->sem)
                fail_at(p, at, "'%s' takes one memory order; found another: .%.*s", ws_optable[in->op].mnemonic,
                        (int)n, s);
            in->sem = (uint8_t)x->value;
            if (x->value == WS_SEM_VOLATILE)
                in->mods |= WS_MOD_VOLATILE;
            return;
        case SFX_SCOPE:
            if (in->scope)
                fail_at(p, at, "'%s' takes one scope; found another: .%.*s", ws_optable[in->op].mnemonic, (int)n, s);
            in->scope = (uint8_t)x->value;
            return;
        case SFX_BMODE: case SFX_GRIDDEP: case SFX_ISSPACE:
            in->sub = (uint8_t)x->value;
            return;
        case SFX_SHF:
            in->mods |= x->value;
            return;
        default: in->mods |= x->value; return;
        }
    }
    /* forms ptxas takes elsewhere, or that need what warpsim does not model: say which */
    const char *mn = ws_optable[in->op].mnemonic;
    if ((in->op == WS_OP_LD || in->op == WS_OP_ST) && n > 11 && !memcmp(s, "L2::evict_", 10))
        fail_at(p, at,
                "'.%.*s': ptxas 13.0 takes an L2 eviction priority only on 256-bit loads and stores (.v8.b32, "
                ".v4.b64), which need .target sm_100",
                (int)n, s);
    if ((in->op == WS_OP_LD || in->op == WS_OP_ST) && n == 14 && !memcmp(s, "L2::cache_hint", 14))
        fail_at(p, at, "'.L2::cache_hint' is not supported: its cache policy operand comes from createpolicy, "
                       "which warpsim does not model");
    if ((ws_optable[in->op].suffixes & SFX_VEC) && n == 2 && !memcmp(s, "v8", 2))
        fail_at(p, at, "'%s.v8': 256-bit loads and stores need .target sm_100 (ptxas refuses them for sm_90)", mn);
    if (in->op == WS_OP_FENCE && ((n > 6 && !memcmp(s, "proxy.", 6)) || (n == 5 && !memcmp(s, "proxy", 5))))
        fail_at(p, at,
                "this fence.proxy form is not supported (fence.proxy.alias and fence.proxy.async are; tensor maps are "
                "not modelled)");
    if (in->op == WS_OP_CVT_PACK && n == 2 && (s[0] == 'u' || s[0] == 's') && (s[1] == '2' || s[1] == '4'))
        fail_at(p, at, "'cvt.pack.sat.%.*s': packing into 2- and 4-bit integers is not modelled (.u8 .s8 .u16 .s16 are)",
                (int)n, s);
    if (in->op == WS_OP_FENCE && n >= 13 && !memcmp(s, "mbarrier_init", 13))
        fail_at(p, at, "'fence.mbarrier_init' is not supported: warpsim does not model mbarrier objects");
    fail_at(p, at, "unknown suffix '.%.*s' for '%s'", (int)n, s, mn);
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
    int vector_reg;     /* a vector register's name: o is the brace list of its elements */
} raw_operand;

static void parse_address(parser *p, raw_operand *r)
{
    next(p); /* '[' */
    r->o.kind = WS_OPND_ADDR;
    r->o.reg = WS_NO_REG;
    r->o.sym = WS_NO_SYM;
    if (p->tok.kind == TOK_WORD) {
        uint32_t idx;
        if (find_reg(p, p->tok.start, p->tok.len, &idx)) {
            if (memchr(p->tok.start, '.', p->tok.len)) /* ptxas: a syntax error */
                fail_at(p, &p->tok, "'%.*s': a vector register's element cannot be an address", (int)p->tok.len,
                        p->tok.start);
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
    if (!find_reg(p, t->start, t->len, &idx))
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
            if (is_word(&p->tok, "_") || (p->tok.kind == TOK_NUMBER && p->tok.len == 1 && p->tok.start[0] == '0'))
                r->o.regs[r->o.nvec++] = WS_NO_REG; /* a sink, or a 0 packed by mov (cuda_bf16.h: {byte, 0}) */
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
    unsigned nvec;
    int s;
    if (is_word(&p->tok, "_")) {
        r->o.kind = WS_OPND_SINK;
    } else if (is_word(&p->tok, "WARP_SZ")) {
        /* PTX's one predefined constant: the warp size, 32 (nvcc writes it for warpSize) */
        r->o.kind = WS_OPND_IMM;
        r->has_num = 1;
        r->num.kind = NUM_INT;
        r->num.bits = 32;
    } else if (find_reg(p, p->tok.start, p->tok.len, &idx)) {
        r->o.kind = WS_OPND_REG;
        r->o.reg = idx;
    } else if ((nvec = vector_reg(p, p->tok.start, p->tok.len, &idx)) > 0) {
        r->o.kind = WS_OPND_VEC; /* the brace list of its elements */
        r->vector_reg = 1;
        r->o.nvec = (uint8_t)nvec;
        for (unsigned i = 0; i < nvec; i++)
            r->o.regs[i] = idx + i;
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
    cs.indirect_reg = WS_NO_REG;
    uint32_t ridx;
    if (strmap_get(&p->regs, p->tok.start, p->tok.len, &ridx)) { /* call through a function pointer */
        if (ws_type_bits((ws_type)p->k->regs[ridx].type) != 64 || p->k->regs[ridx].type == WS_T_F64)
            fail_at(p, &p->tok, "indirect call through '%.*s': a function's address is a 64-bit integer register",
                    (int)p->tok.len, p->tok.start);
        cs.indirect_reg = ridx;
    }
    ws_token callee = p->tok;
    /* fuzz: the name is copied only once the call has parsed; an error in the argument list
     * used to leak it (errors leave the parser by longjmp) */
    next(p);
    if (is_punct(&p->tok, ',') && (cs.indirect_reg == WS_NO_REG || is_punct(peek(p), '('))) {
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
    /* an indirect call names its prototype last: its callees are resolved by it (link_module) */
    uint32_t proto = UINT32_MAX;
    if (cs.indirect_reg != WS_NO_REG) {
        expect_punct(p, ',');
        for (uint32_t i = 0; i < p->nprotos && proto == UINT32_MAX; i++)
            if (p->tok.kind == TOK_WORD && p->protos[i].name_len == p->tok.len &&
                memcmp(p->protos[i].name, p->tok.start, p->tok.len) == 0)
                proto = i;
        if (proto == UINT32_MAX)
            fail_at(p, &p->tok, "an indirect call names its .callprototype last (a call target list, .calltargets, "
                                "is not supported)");
        if (p->protos[proto].nparams != cs.nargs || p->protos[proto].has_ret != (cs.ret_sym != WS_NO_SYM))
            fail_at(p, &p->tok, "the call does not match prototype '%.*s' (%u parameter(s)%s)",
                    (int)p->protos[proto].name_len, p->protos[proto].name, p->protos[proto].nparams,
                    p->protos[proto].has_ret ? " and a return value" : ", no return value");
        next(p);
    }
    /* the callee (vprintf or a .func of the module, perhaps defined later) is resolved when the
     * module is linked (link_module) */
    (void)at;
    cs.entry = UINT32_MAX;
    cs.func = UINT32_MAX;
    GROW(p, p->k->calls, p->k->ncalls, p->call_cap);
    if (proto != UINT32_MAX) { /* kept for the printer: "name : .callprototype ..." */
        size_t nn = p->protos[proto].name_len, tn = p->protos[proto].text_len;
        char *text = xrealloc(p, NULL, nn + tn + 4);
        snprintf(text, nn + tn + 4, "%.*s : %.*s", (int)nn, p->protos[proto].name, (int)tn, p->protos[proto].text);
        cs.proto = text;
    }
    cs.callee = xstrndup(p, callee.start, callee.len);
    p->k->calls[p->k->ncalls] = cs;
    in->call = p->k->ncalls++;
    in->nops = 0;
}

/* The carry flag's register (WS_CARRY_REG_NAME), declared in the function on first use. */
static uint32_t carry_reg(parser *p, const ws_token *at)
{
    uint32_t idx;
    if (strmap_get(&p->regs, WS_CARRY_REG_NAME, strlen(WS_CARRY_REG_NAME), &idx))
        return idx;
    return add_reg(p, WS_CARRY_REG_NAME, strlen(WS_CARRY_REG_NAME), WS_T_PRED, at);
}

/* Types and modes the newer rows take, as ptxas checks them. */
static void check_forms(parser *p, ws_insn *in, const ws_token *mn)
{
    ws_type t = (ws_type)in->type;
    int int3264 = t == WS_T_U32 || t == WS_T_S32 || t == WS_T_U64 || t == WS_T_S64;
    switch (in->op) {
    case WS_OP_BMSK:
    case WS_OP_SZEXT:
        if (!in->sub)
            fail_at(p, mn, "'%.*s' needs a mode: .clamp or .wrap", (int)mn->len, mn->start);
        if (in->op == WS_OP_BMSK ? t != WS_T_B32 : (t != WS_T_U32 && t != WS_T_S32))
            fail_at(p, mn, in->op == WS_OP_BMSK ? "bmsk takes .b32" : "szext takes .u32 or .s32");
        break;
    case WS_OP_FNS:
        if (t != WS_T_B32)
            fail_at(p, mn, "fns takes .b32");
        break;
    case WS_OP_GRIDDEP:
        if (!in->sub)
            fail_at(p, mn, "griddepcontrol needs .launch_dependents or .wait");
        break;
    case WS_OP_ELECT:
        if (!(in->mods & WS_MOD_SYNC))
            fail_at(p, mn, "elect needs .sync");
        break;
    default: break;
    }
    if (ws_insn_uses_carry(in)) {
        if (!int3264)
            fail_at(p, mn, "carry arithmetic takes .u32, .s32, .u64 or .s64");
        if (in->mods & WS_MOD_SAT)
            fail_at(p, mn, ".sat and carry arithmetic do not go together");
        if ((in->op == WS_OP_MAD || in->op == WS_OP_MADC) && in->sub == WS_MUL_WIDE)
            fail_at(p, mn, "'%.*s' takes .lo or .hi", (int)mn->len, mn->start);
        in->dpred = carry_reg(p, mn);
    }
}


/* NAME: .branchtargets L0, L1, ...; -- the list brx.idx jumps through. NAME is a label of its own
 * (defined here, so that no code label can take its name); the targets may be defined later. */
static void parse_branchtargets(parser *p, const ws_token *name, uint32_t l)
{
    if (p->k->label_pc[l] != UINT32_MAX)
        fail_at(p, name, "label '%.*s' is defined twice", (int)name->len, name->start);
    p->k->label_pc[l] = p->k->ninsns;
    next(p); /* .branchtargets */
    GROW(p, p->bt_first, p->nbt, p->bt_first_cap);
    GROW(p, p->bt_count, p->nbt, p->bt_count_cap);
    p->bt_first[p->nbt] = (uint32_t)p->nbt_labels;
    p->bt_count[p->nbt] = 0;
    for (;;) {
        if (p->tok.kind != TOK_WORD || p->tok.start[0] == '.' || p->tok.start[0] == '%')
            expected(p, "a label in the .branchtargets list");
        GROW(p, p->bt_labels, p->nbt_labels, p->bt_labels_cap);
        p->bt_labels[p->nbt_labels++] = label_index(p, p->tok.start, p->tok.len);
        p->bt_count[p->nbt]++;
        next(p);
        if (!is_punct(&p->tok, ','))
            break;
        next(p);
    }
    expect_punct(p, ';');
    while (p->nlabel_bt <= l) {
        GROW(p, p->label_bt, p->nlabel_bt, p->label_bt_cap);
        p->label_bt[p->nlabel_bt++] = 0;
    }
    p->label_bt[l] = (uint32_t)++p->nbt;
}

/* An instruction the parser writes itself (brx.idx's expansion), at the source position of `at`. */
static ws_insn *emit(parser *p, const ws_insn *at, uint16_t op)
{
    GROW(p, p->k->insns, p->k->ninsns, p->insn_cap);
    ws_insn *in = &p->k->insns[p->k->ninsns++];
    memset(in, 0, sizeof *in);
    in->op = op;
    in->vec = 1;
    in->guard = WS_NO_REG;
    in->dpred = WS_NO_REG;
    in->line = at->line;
    in->col = at->col;
    in->src_file = at->src_file;
    in->src_line = at->src_line;
    return in;
}

/* brx.idx{.uni} index, list: each lane jumps to the index-th label of the .branchtargets list.
 * Written out here as one compare and branch per target (setp.eq.u32 %p, index, i; @%p bra Li;
 * under brx's own guard through setp's .and), so that the lanes of each target branch together
 * as on the H200 and every analysis sees every target; then a lane whose index is past the list
 * (undefined on the H200) stops the launch at a trap that says so (its guard is named %brx$pN). */
static void parse_brx(parser *p, uint32_t guard, int guard_neg, const ws_token *guard_tok)
{
    ws_token mn = p->tok;
    if (!(mn.len == 7 || (mn.len == 11 && !memcmp(mn.start + 7, ".uni", 4))))
        fail_at(p, &mn, "'%.*s': brx takes .idx and optionally .uni (brx.idx.uni)", (int)mn.len, mn.start);
    ws_insn at = {0};
    at.line = guard_tok ? guard_tok->line : mn.line;
    at.col = guard_tok ? guard_tok->col : mn.col;
    at.src_file = (uint16_t)p->loc_file;
    at.src_line = p->loc_line;
    next(p);
    raw_operand idx, list;
    parse_operand(p, &idx);
    if (idx.label_ref || (idx.o.kind != WS_OPND_REG && !idx.has_num))
        fail_at(p, &idx.at, "brx.idx's index is a .u32 register or number");
    if (idx.has_num)
        idx.o.imm = literal_bits(p, &idx.at, &idx.num, idx.num_neg, WS_T_U32);
    else if (p->k->regs[idx.o.reg].type == WS_T_PRED || ws_type_bits((ws_type)p->k->regs[idx.o.reg].type) != 32 ||
             ws_type_is_float((ws_type)p->k->regs[idx.o.reg].type))
        fail_at(p, &idx.at, "brx.idx's index is a 32-bit integer register; '%.*s' is .%s", (int)idx.at.len,
                idx.at.start, ws_type_name((ws_type)p->k->regs[idx.o.reg].type));
    expect_punct(p, ',');
    parse_operand(p, &list);
    uint32_t l = UINT32_MAX;
    if (list.label_ref)
        strmap_get(&p->labels, list.word.start, list.word.len, &l);
    if (l == UINT32_MAX || l >= p->nlabel_bt || !p->label_bt[l])
        fail_at(p, &list.at, "brx.idx needs the name of a .branchtargets list declared before it");
    expect_punct(p, ';');
    uint32_t b = p->label_bt[l] - 1, n = p->bt_count[b];
    char *name = unique_name(p, "%brx", 'p', &p->brx_serial);
    uint32_t t = add_reg(p, name, strlen(name), WS_T_PRED, &mn);
    free(name);
    for (uint32_t i = 0; i <= n; i++) { /* i == n: the range check */
        ws_insn *s = emit(p, &at, WS_OP_SETP);
        s->type = WS_T_U32;
        s->cmp = i < n ? WS_CMP_EQ : WS_CMP_HS;
        s->ops[0] = (ws_operand){.kind = WS_OPND_REG, .reg = t, .sym = WS_NO_SYM};
        s->ops[1] = idx.o;
        s->ops[2] = (ws_operand){.kind = WS_OPND_IMM, .reg = WS_NO_REG, .sym = WS_NO_SYM, .imm = i};
        s->nops = 3;
        if (guard != WS_NO_REG) {
            s->sub = WS_BOOL_AND;
            s->ops[3] = (ws_operand){.kind = WS_OPND_REG, .reg = guard, .sym = WS_NO_SYM, .neg = (uint8_t)guard_neg};
            s->nops = 4;
        }
        ws_insn *j = emit(p, &at, i < n ? WS_OP_BRA : WS_OP_TRAP);
        j->guard = t;
        if (i < n) {
            j->ops[0] = (ws_operand){.kind = WS_OPND_LABEL, .reg = WS_NO_REG, .sym = WS_NO_SYM,
                                     .imm = p->bt_labels[p->bt_first[b] + i]};
            j->nops = 1;
        } /* else the trap: ex_trap knows it by its %brx$ guard */
    }
}

static void parse_instruction(parser *p, uint32_t guard, int guard_neg, const ws_token *guard_tok)
{
    ws_token mn = p->tok;
    size_t mlen;
    if (mn.len >= 7 && !memcmp(mn.start, "brx.idx", 7)) {
        parse_brx(p, guard, guard_neg, guard_tok);
        return;
    }
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
    in->src_file = (uint16_t)p->loc_file;
    in->src_line = p->loc_line;
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
    if ((info->suffixes & SFX_TYPE2) && ntypes != 2 && !((info->suffixes & SFX_TYPE3) && ntypes == 3))
        fail_at(p, &mn, "'%.*s' needs two types (destination and source)", (int)mn.len, mn.start);
    if ((info->suffixes & SFX_VIDEO) && ntypes != ((info->suffixes & SFX_CMP) ? 2 : 3))
        fail_at(p, &mn, "'%.*s' needs %s", (int)mn.len, mn.start,
                (info->suffixes & SFX_CMP) ? "two types, .atype.btype" : "three types, .dtype.atype.btype");
    if ((info->suffixes & SFX_SYNC) && !(in->mods & WS_MOD_SYNC))
        fail_at(p, &mn, "'%.*s': only the .sync forms of warp instructions exist on sm_70 and later",
                (int)mn.len, mn.start);
    if (op == WS_OP_SHFL && in->type != WS_T_B32)
        fail_at(p, &mn, "shfl.sync moves .b32 values");
    if ((op == WS_OP_SETP || op == WS_OP_SET) && in->cmp == WS_CMP_NONE)
        fail_at(p, &mn, "'%.*s' needs a comparison such as .lt", (int)mn.len, mn.start);
    if (op == WS_OP_MATCH && in->sub != WS_VOTE_ANY && in->sub != WS_VOTE_ALL)
        fail_at(p, &mn, "match.sync takes .any or .all");
    if ((ws_op_class_of(op) == CLS_LOAD || ws_op_class_of(op) == CLS_STORE) && in->space == WS_SPACE_NONE)
        in->space = WS_SPACE_GENERIC;
    if (op == WS_OP_CVTA && in->space == WS_SPACE_NONE)
        fail_at(p, &mn, "cvta needs a state space (.global, .shared, .local, .const, .param)");
    if (ws_op_class_of(op) == CLS_ATOMIC && in->space == WS_SPACE_NONE)
        in->space = WS_SPACE_GENERIC;
    check_forms(p, in, &mn);
    next(p);

    if (ws_op_class_of(op) == CLS_CALL) {
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
        if (raw.label_ref && sh == 's' && is_function_name(p, raw.word.start, raw.word.len)) {
            /* mov.u64 %rd, func: the function's address (an indirect call's target) */
            if (ws_type_bits((ws_type)in->type) != 64)
                fail_at(p, &raw.word, "a function's address is 64 bits: mov.u64 or mov.b64, not .%s",
                        ws_type_name((ws_type)in->type));
            raw.label_ref = 0;
            o->kind = WS_OPND_IMM;
            o->flags |= WS_FUNCADDR;
            o->imm = WS_FUNC_ADDR(func_addr_id(p, &raw.word));
        }
        if (raw.label_ref && sh == 's' && is_kernel_name(p, raw.word.start, raw.word.len)) {
            /* mov.u64 %rd, kernel: the kernel's address, what nvcc passes the device runtime for a
             * device-side launch (kernel<<<...>>> in a kernel); opaque, usable as a launch target only */
            if (in->op != WS_OP_MOV || ws_type_bits((ws_type)in->type) != 64)
                fail_at(p, &raw.word, "a kernel's address is 64 bits, taken by mov.u64 or mov.b64 only");
            raw.label_ref = 0;
            o->kind = WS_OPND_IMM;
            o->flags |= WS_FUNCADDR;
            o->imm = WS_KERNEL_ADDR(kernel_addr_id(p, &raw.word));
        }
        if (raw.label_ref) {
            if (sh != 'l' && is_function_name(p, raw.word.start, raw.word.len))
                fail_at(p, &raw.word, "the address of function '%.*s' is taken by mov.u64 only",
                        (int)raw.word.len, raw.word.start);
            /* %r1.h0, %r2.b3210: a video instruction's mask or byte/half selector */
            const char *dot = memchr(raw.word.start, '.', raw.word.len);
            uint32_t sel_reg;
            unsigned nv;
            if (sh != 'l' && dot && (nv = vector_reg(p, raw.word.start, (size_t)(dot - raw.word.start), &sel_reg)) > 0)
                fail_at(p, &raw.word, "'%.*s': '%.*s' is a .v%u vector register; its elements are %s", (int)raw.word.len,
                        raw.word.start, (int)(dot - raw.word.start), raw.word.start, nv,
                        nv == 2 ? ".x .y (or .r .g)" : ".x .y .z .w (or .r .g .b .a)");
            if (sh != 'l' && dot && strmap_get(&p->regs, raw.word.start, (size_t)(dot - raw.word.start), &sel_reg))
                fail_at(p, &raw.word,
                        "'%.*s': operand selectors and masks (.b3210, .h10, ...) are not modelled: warpsim runs the "
                        "video instructions with their default selectors only",
                        (int)raw.word.len, raw.word.start);
            if (sh != 'l') /* a %name that is no declared register: say so (tests/test_isa.c) */
                fail_at(p, &raw.word, "unknown %s '%.*s'", raw.word.start[0] == '%' ? "register" : "name",
                        (int)raw.word.len, raw.word.start);
            o->kind = WS_OPND_LABEL;
            o->imm = label_index(p, raw.word.start, raw.word.len);
        } else if (sh == 'l') {
            fail_at(p, &raw.at, "expected a label");
        }
        if (raw.has_num) {
            ws_type t = ws_check_operand_type(in, (unsigned)n, sh);
            if (sh == 'q')
                fail_at(p, &raw.at, "expected a predicate register, found a number");
            o->imm = literal_bits(p, &raw.at, &raw.num, raw.num_neg, t);
        }
        /* a vector register is what its brace list is, but mov.b64 %d, %v packs it whole: say so in its terms */
        if (raw.vector_reg && op == WS_OP_MOV && in->vec == 1 &&
            o->nvec * ws_type_bits((ws_type)p->k->regs[o->regs[0]].type) != ws_type_bits((ws_type)in->type))
            fail_at(p, &raw.at, "'%.*s' is a .v%u .%s vector register (%u bits); mov.%s moves %u", (int)raw.at.len,
                    raw.at.start, o->nvec, ws_type_name((ws_type)p->k->regs[o->regs[0]].type),
                    o->nvec * ws_type_bits((ws_type)p->k->regs[o->regs[0]].type), ws_type_name((ws_type)in->type),
                    ws_type_bits((ws_type)in->type));
        /* what each shape letter accepts */
        switch (sh) {
        case 'd': case 'D': case 'P':
            if (o->kind != WS_OPND_REG && o->kind != WS_OPND_SINK &&
                !(o->kind == WS_OPND_VEC && (ws_op_class_of(op) == CLS_LOAD || op == WS_OP_MOV)))
                fail_at(p, &raw.at, o->kind == WS_OPND_VEC ? "a vector operand is not allowed here"
                                                           : "expected a destination register");
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
            if (o->kind == WS_OPND_VEC && !(ws_op_class_of(op) == CLS_STORE || op == WS_OP_MOV))
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
    if (op == WS_OP_MOV && in->vec > 1)
        for (unsigned i = 0; i < 2; i++)
            if (in->ops[i].kind != WS_OPND_VEC || in->ops[i].nvec != in->vec)
                fail_at(p, &mn, "'%.*s' moves %u elements: its %s must be a .v%u vector register or a list of %u",
                        (int)mn.len, mn.start, in->vec, i ? "source" : "destination", in->vec, in->vec);
    int moves = ws_op_class_of(op) == CLS_LOAD || ws_op_class_of(op) == CLS_STORE; /* ld, ldu, st */
    if (moves) {
        const ws_operand *v = &in->ops[ws_op_writes_op0(op) ? 0 : 1];
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
    if (moves && in->space == WS_SPACE_PARAM) {
        const ws_operand *a = &in->ops[ws_op_address_operand(op)];
        if (a->sym != WS_NO_SYM && !p->m->symbols[a->sym].is_kernel_param)
            in->mods |= WS_MOD_CALLPARAM;
        else if (a->sym == WS_NO_SYM)
            fail_at(p, &mn, "ld.param/st.param need a parameter name in the address");
    }
    char why[200];
    if (ws_half_form_error(in, why, sizeof why))
        fail_at(p, &mn, "%s", why);
    expect_punct(p, ';');
    p->k->ninsns++;
}

/* ---- kernels --------------------------------------------------------------------------------- */


/* ---- -lineinfo and -G: source positions, debug sections --------------------------------------- */

/* .file N "path" [, timestamp, size] */
static void parse_file(parser *p)
{
    next(p);
    ws_token num = p->tok;
    uint64_t n = expect_uint(p, "a file number");
    if (n == 0 || n > 65535)
        fail_at(p, &num, "file number out of range (1 to 65535)");
    if (p->tok.kind != TOK_STRING)
        expected(p, "the file's path in quotes");
    if (n >= p->m->nfiles) {
        charge(p, (n + 1 - p->m->nfiles) * sizeof *p->m->files);
        p->m->files = xrealloc(p, p->m->files, (size_t)(n + 1) * sizeof *p->m->files);
        memset(p->m->files + p->m->nfiles, 0, (size_t)(n + 1 - p->m->nfiles) * sizeof *p->m->files);
        p->m->nfiles = (uint32_t)n + 1;
    }
    free(p->m->files[n]);
    p->m->files[n] = NULL;
    p->m->files[n] = xstrndup(p, p->tok.start + 1, p->tok.len >= 2 ? p->tok.len - 2 : 0);
    next(p);
    while (is_punct(&p->tok, ',')) { /* the optional timestamp and size */
        next(p);
        expect_uint(p, "a number");
    }
}

/* .loc file line column [, function_name label [+ offset], inlined_at file line column]: the
 * instructions that follow come from this source position. Code inlined from a header keeps the
 * line it was inlined at: that is the line of the user's source. */
static void parse_loc(parser *p)
{
    unsigned line = p->tok.line;
    next(p);
    uint32_t f = (uint32_t)expect_uint(p, "a file number");
    uint32_t l = (uint32_t)expect_uint(p, "a line number");
    expect_uint(p, "a column number");
    while (is_punct(&p->tok, ',') && p->tok.line == line) {
        next(p);
        if (is_word(&p->tok, "inlined_at")) {
            next(p);
            f = (uint32_t)expect_uint(p, "a file number");
            l = (uint32_t)expect_uint(p, "a line number");
            expect_uint(p, "a column number");
        } else if (is_word(&p->tok, "function_name")) {
            next(p);
            if (p->tok.kind != TOK_WORD)
                expected(p, "a label after function_name");
            next(p);
            if (is_punct(&p->tok, '+')) {
                next(p);
                expect_uint(p, "an offset");
            }
        } else {
            expected(p, "function_name or inlined_at");
        }
    }
    p->loc_file = f > 65535 ? 0 : f;
    p->loc_line = l;
}

/* .section .debug_str { ... }: the DWARF nvcc writes with -lineinfo (function names for
 * inlined_at) and -G (the whole of it). warpsim keeps the source lines from .loc and skips the
 * rest: labels, .b8/.b32/.b64 data and nested braces up to the closing one. */
static void skip_section(parser *p)
{
    ws_token at = p->tok;
    next(p);
    if (p->tok.kind != TOK_WORD || p->tok.len < 7 || memcmp(p->tok.start, ".debug_", 7) != 0)
        fail_at(p, &at, "only DWARF sections (.section .debug_*) are supported");
    next(p);
    expect_punct(p, '{');
    for (int depth = 1; depth > 0;) {
        if (p->tok.kind == TOK_EOF)
            expected(p, "'}' to close the .section");
        if (is_punct(&p->tok, '{'))
            depth++;
        else if (is_punct(&p->tok, '}'))
            depth--;
        next(p);
    }
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
            if (cnt == 0 || cnt > 32764) /* the most a kernel's parameters may take */
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
        if (p->k->nparams == 0)
            p->param_cap = 0;
        GROW(p, p->k->params, p->k->nparams, p->param_cap);
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
 * the kernel's register file under a unique name (name$sN, the first N no name of the body has)
 * and the names they hid mean the outer registers again. Linear in the block's registers, so
 * that many blocks cost no more than their declarations. (tests/test_isa.c: programs with two
 * inline-asm blocks.) */
static void close_reg_scope(parser *p, size_t height)
{
    ws_kernel *k = p->k;
    for (size_t i = p->nopen; i-- > height;) { /* the latest first: it undoes what came after */
        uint32_t r = p->open_regs[i];
        if (strcmp(k->regs[r].name, WS_CARRY_REG_NAME) == 0) /* one carry flag for the whole function */
            continue;
        size_t n = strlen(k->regs[r].name);
        strmap_remove(&p->regs, k->regs[r].name, n);
        if (p->shadowed[r] != UINT32_MAX)
            strmap_put(p, &p->regs, k->regs[p->shadowed[r]].name, n, p->shadowed[r]);
    }
    for (size_t i = height; i < p->nopen; i++) {
        uint32_t r = p->open_regs[i];
        if (strcmp(k->regs[r].name, WS_CARRY_REG_NAME) == 0)
            continue;
        char *renamed = vector_elem_rename(p, k->regs[r].name);
        if (!renamed)
            renamed = unique_name(p, k->regs[r].name, 's', &p->scope_serial);
        free(k->regs[r].name);
        k->regs[r].name = renamed;
        /* in the map too, so that no later name takes it; a later declaration of it renames it
         * again (add_reg: it is out of scope) */
        strmap_put(p, &p->regs, renamed, strlen(renamed), r);
        p->shadowed[r] = REG_CLOSED;
    }
    p->nopen = height;
}

/* NAME : .callprototype (.param .b32 _) _ (.param .b64 _, ...); after "NAME :": the shape of the
 * functions an indirect call may reach (nvcc writes one before each call through a function
 * pointer or a virtual function). What counts here: the number of parameters and whether a
 * value comes back; the parameters' own sizes are the callee's (sim/calls.c copies them). */
static void parse_callprototype(parser *p, const ws_token *name)
{
    const char *text = p->tok.start;
    next(p);
    if (p->nprotos == PROTOS_MAX)
        fail_at(p, name, "more than %zu call prototypes in one function", (size_t)PROTOS_MAX);
    int has_ret = 0;
    uint32_t nparams = 0;
    if (is_punct(&p->tok, '(')) { /* the return value */
        has_ret = 1;
        while (!is_punct(&p->tok, ')') && p->tok.kind != TOK_EOF)
            next(p);
        expect_punct(p, ')');
    }
    if (!is_word(&p->tok, "_"))
        expected(p, "'_' in the prototype");
    next(p);
    if (is_punct(&p->tok, '(')) {
        next(p);
        while (!is_punct(&p->tok, ')') && p->tok.kind != TOK_EOF) {
            nparams += is_word(&p->tok, ".param");
            next(p);
        }
        expect_punct(p, ')');
    }
    if (!is_punct(&p->tok, ';'))
        fail_at(p, &p->tok, "'%.*s' in a .callprototype is not supported", (int)p->tok.len, p->tok.start);
    for (uint32_t i = 0; i < p->nprotos; i++)
        if (p->protos[i].name_len == name->len && memcmp(p->protos[i].name, name->start, name->len) == 0)
            fail_at(p, name, "prototype '%.*s' is declared twice", (int)name->len, name->start);
    if (p->nprotos == p->protos_cap) { /* not charged to the module: the parser's own, as it was */
        p->protos_cap = p->protos_cap ? 2 * p->protos_cap : 8;
        p->protos = xrealloc(p, p->protos, p->protos_cap * sizeof *p->protos);
    }
    p->protos[p->nprotos].name = name->start;
    p->protos[p->nprotos].name_len = name->len;
    p->protos[p->nprotos].text = text;
    p->protos[p->nprotos].text_len = (size_t)(p->tok.start - text);
    p->protos[p->nprotos].nparams = nparams;
    p->protos[p->nprotos++].has_ret = has_ret;
    next(p);
}

static void parse_body(parser *p)
{
    expect_punct(p, '{');
    unsigned depth = 0;
    p->scope_floor = 0;
    for (;;) {
        if (p->tok.kind == TOK_EOF)
            expected(p, "'}' to close the kernel body");
        if (is_punct(&p->tok, '{')) {
            /* ptxas 13.0's parser runs out of stack in the 1664th nested block (tests/ptx/malformed/nest_1664.ptx) */
            if (depth == 1663)
                fail_at(p, &p->tok, "blocks nested more than 1663 deep: ptxas refuses them (its parser runs out of stack)");
            GROW(p, p->scope_first, depth, p->scope_cap); /* per open block: the first register it declared */
            GROW(p, p->scope_height, depth, p->height_cap);
            p->scope_height[depth] = (uint32_t)p->nopen;
            p->scope_first[depth++] = p->k->nregs;
            p->scope_floor = p->k->nregs;
            next(p);
            continue;
        }
        if (is_punct(&p->tok, '}')) {
            next(p);
            if (depth == 0)
                break;
            close_reg_scope(p, p->scope_height[--depth]);
            p->scope_floor = depth > 0 ? p->scope_first[depth - 1] : 0;
            continue;
        }
        if (is_word(&p->tok, ".reg") || (p->tok.kind == TOK_WORD && p->tok.len > 5 && memcmp(p->tok.start, ".reg.", 5) == 0)) {
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
                uint64_t cnt = expect_uint(p, "an array size");
                size = cnt > 4096 ? 4097 : size * cnt; /* no wrap-around: 8 x 2^61 + 8 is no 8 */
                expect_punct(p, ']');
            }
            if (size == 0 || size > 4096)
                fail_at(p, &name, "call parameter size out of range");
            uint32_t idx;
            if (!align)
                align = (uint32_t)(ws_type_bits(t) / 8);
            int found = find_symbol(p, name.start, name.len, &idx) && p->m->symbols[idx].kernel == p->kidx &&
                        !p->m->symbols[idx].is_kernel_param && !p->m->symbols[idx].is_func_param;
            ws_symbol *old = found ? &p->m->symbols[idx] : NULL;
            if (old && (old->elem != t || old->size != size || old->align != align)) {
                /* the same name with another type in a later call sequence (param0 a .b64 pointer
                 * here, a .b32 there): both are printed hoisted to the function's scope, where
                 * ptxas needs them apart and checks each against the callee's formal type */
                rename_symbol(p, idx);
                old = NULL;
            }
            if (!old)
                idx = add_symbol(p, &name, WS_SPACE_PARAM, t, align, size);
            (void)save;
            expect_punct(p, ';');
        } else if (is_word(&p->tok, ".pragma")) {
            while (!is_punct(&p->tok, ';') && p->tok.kind != TOK_EOF)
                next(p);
            expect_punct(p, ';');
        } else if (is_word(&p->tok, ".loc")) {
            parse_loc(p);
        } else if (is_word(&p->tok, ".file")) {
            parse_file(p);
        } else if (is_word(&p->tok, ".callprototype")) {
            fail_at(p, &p->tok, "a .callprototype needs a name: NAME : .callprototype ...");
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
            ws_token name = p->tok;
            next(p);
            next(p);
            if (is_word(&p->tok, ".callprototype")) {
                parse_callprototype(p, &name);
                continue;
            }
            uint32_t l = label_index(p, name.start, name.len);
            if (is_word(&p->tok, ".branchtargets")) {
                parse_branchtargets(p, &name, l);
                continue;
            }
            if (p->k->label_pc[l] != UINT32_MAX)
                fail_at(p, &name, "label '%.*s' is defined twice", (int)name.len, name.start);
            p->k->label_pc[l] = p->k->ninsns;
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
    /* the module's .shared variables so far (p->module_shared), then the body's own: its symbols
     * are [body_first_sym, nsymbols), so the layout is linear in the module */
    uint64_t shared = p->module_shared, local = 0;
    for (uint32_t i = p->body_first_sym; i < m->nsymbols; i++) {
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
    /* dynamic (extern) shared arrays start after the static ones: the module's, then the body's */
    uint64_t dyn = shared;
    for (size_t j = 0; j < p->nmodule_extern + m->nsymbols - p->body_first_sym; j++) {
        uint32_t i = j < p->nmodule_extern ? p->module_extern[j] : p->body_first_sym + (uint32_t)(j - p->nmodule_extern);
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
                        ws_token t = {TOK_WORD, NULL, 0, k->insns[i].line, k->insns[i].col, NULL};
                        fail_at(p, &t, "branch to undefined label '%s'", k->labels[l]);
                    }
        }
    }
    for (uint32_t i = 0; i < k->ninsns; i++)
        for (unsigned o = 0; o < k->insns[i].nops; o++)
            if (k->insns[i].ops[o].kind == WS_OPND_LABEL)
                k->insns[i].ops[o].imm = k->label_pc[k->insns[i].ops[o].imm];
    const ws_insn *last = k->ninsns ? &k->insns[k->ninsns - 1] : NULL;
    ws_op_class lc = last ? ws_op_class_of(last->op) : CLS_ALU;
    if (!last || !(lc == CLS_RETURN || lc == CLS_EXIT || (lc == CLS_BRANCH && last->guard == WS_NO_REG))) {
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
    p->loc_file = p->loc_line = 0;
    layout_kernel(p, p->m, k, p->kidx);
    k->nbody = k->ninsns;
    k->nbody_regs = k->nregs;
    k->nbody_labels = k->nlabels;
    k->nbody_calls = k->ncalls;
    k->frame_bytes = k->local_bytes;
    k->frame_reg = WS_NO_REG;
    strmap_free(&p->regs);
    strmap_free(&p->labels);
    strmap_free(&p->syms_local);
    p->nopen = 0;
    p->nbt = p->nbt_labels = p->nlabel_bt = 0;
    p->k = NULL;
}

static void parse_entry(parser *p)
{
    next(p); /* .entry */
    if (p->tok.kind != TOK_WORD || p->tok.start[0] == '.')
        expected(p, "the kernel's name");
    uint32_t dup;
    ws_token name_tok = p->tok;
    if (strmap_get(&p->kernel_names, p->tok.start, p->tok.len, &dup) && dup != UINT32_MAX)
        fail_at(p, &p->tok, "kernel '%.*s' is defined twice", (int)p->tok.len, p->tok.start);
    GROW(p, p->m->kernels, p->m->nkernels, p->kernel_cap);
    begin_body_symbols(p);
    p->kidx = (int)p->m->nkernels++;
    p->k = &p->m->kernels[p->kidx];
    memset(p->k, 0, sizeof *p->k);
    p->insn_cap = p->reg_cap = p->label_cap = p->call_cap = 0;
    p->nprotos = 0;
    p->k->name = xstrndup(p, p->tok.start, p->tok.len);
    p->k->line = p->tok.line;
    p->k->col = p->tok.col;
    p->k->ret_sym = WS_NO_SYM;
    next(p);
    if (is_punct(&p->tok, '('))
        parse_param_list(p);
    /* performance directives: .maxntid 256, 1, 1 / .reqntid / .minnctapersm N / .maxnreg N. The
     * block-size ones are kept (a launch that breaks them fails on the GPU); the others change
     * only ptxas's register and occupancy choices, not results. */
    while (p->tok.kind == TOK_WORD && p->tok.start[0] == '.') {
        uint32_t *dims = is_word(&p->tok, ".maxntid") ? p->k->maxntid : is_word(&p->tok, ".reqntid") ? p->k->reqntid : NULL;
        next(p);
        for (unsigned n = 0; p->tok.kind == TOK_NUMBER || is_punct(&p->tok, ',');) {
            if (dims && p->tok.kind == TOK_NUMBER) {
                ws_token num = p->tok;
                uint64_t v = expect_uint(p, "a block dimension");
                if (n == 3 || v == 0 || v > 1024)
                    fail_at(p, &num, "a block dimension of .maxntid/.reqntid is 1 to 1024, at most three of them");
                dims[n++] = (uint32_t)v;
                continue;
            }
            next(p);
        }
        for (unsigned n = 1; dims && dims[0] && n < 3; n++)
            dims[n] = dims[n] ? dims[n] : 1;
    }
    if (is_punct(&p->tok, ';')) { /* a declaration only: a device-side launch may take its address */
        next(p);
        strmap_free(&p->syms_local);
        if (!strmap_get(&p->kernel_names, p->k->name, strlen(p->k->name), &dup))
            strmap_put(p, &p->kernel_names, name_tok.start, name_tok.len, UINT32_MAX);
        while (p->m->nsymbols > 0 && p->m->symbols[p->m->nsymbols - 1].kernel == p->kidx)
            free(p->m->symbols[--p->m->nsymbols].name);
        p->m->nkernels--;
        free(p->k->name);
        free(p->k->params);
        p->k = NULL;
        return;
    }
    strmap_put(p, &p->kernel_names, p->k->name, strlen(p->k->name), (uint32_t)p->kidx);
    parse_body(p);
    finish_kernel(p);
}

/* .func: a declaration (vprintf, or a prototype of a function defined later) records the
 * name; a definition is parsed like a kernel into m->fdefs, its parameters and return value
 * kept as .param symbols of its frame, and linked into the kernels that call it (link_module). */
static void parse_func(parser *p, int is_extern)
{
    ws_token at = p->tok;
    next(p);
    begin_body_symbols(p);
    uint32_t first_sym = p->m->nsymbols;
    uint32_t fi = p->m->nfdefs;
    GROW(p, p->m->fdefs, fi, p->fdef_cap);
    p->m->nfdefs = fi + 1;
    p->kidx = -2 - (int)fi;
    p->k = &p->m->fdefs[fi];
    p->in_func = 1;
    memset(p->k, 0, sizeof *p->k);
    p->insn_cap = p->reg_cap = p->label_cap = p->call_cap = 0;
    p->nprotos = 0;
    p->k->ret_sym = WS_NO_SYM;
    p->k->frame_reg = WS_NO_REG;
    p->k->name = xstrndup(p, "", 0);
    if (is_punct(&p->tok, '(')) { /* the return value: (.param .b32 func_retval0) */
        parse_param_list(p);
        if (p->k->nparams > 1)
            fail_at(p, &at, "a .func returns at most one value");
        if (p->k->nparams == 1)
            p->k->ret_sym = p->k->params[0];
        p->k->nparams = 0;
    }
    if (p->tok.kind != TOK_WORD || p->tok.start[0] == '.')
        expected(p, "a function name");
    ws_token name = p->tok;
    free(p->k->name);
    p->k->name = xstrndup(p, name.start, name.len);
    p->k->line = name.line;
    p->k->col = name.col;
    next(p);
    if (is_punct(&p->tok, '('))
        parse_param_list(p);
    for (uint32_t i = first_sym; i < p->m->nsymbols; i++) {
        p->m->symbols[i].is_kernel_param = 0;
        p->m->symbols[i].is_func_param = 1;
    }
    while (p->tok.kind == TOK_WORD && p->tok.start[0] == '.') { /* .noreturn and friends */
        if (is_word(&p->tok, ".noreturn"))
            fail_at(p, &p->tok, "function '%.*s': .noreturn functions are not supported", (int)name.len, name.start);
        next(p);
        while (p->tok.kind == TOK_NUMBER || is_punct(&p->tok, ','))
            next(p);
    }
    if (is_punct(&p->tok, '{')) {
        if (is_extern)
            fail_at(p, &name, "an .extern .func has no body");
        uint32_t def;
        if (strmap_get(&p->func_names, name.start, name.len, &def) && def != UINT32_MAX)
            fail_at(p, &name, "function '%.*s' is defined twice", (int)name.len, name.start);
        if (strmap_get(&p->func_names, name.start, name.len, &def))
            strmap_remove(&p->func_names, name.start, name.len);
        strmap_put(p, &p->func_names, p->k->name, strlen(p->k->name), fi);
        parse_body(p);
        finish_kernel(p);
        for (uint32_t i = first_sym; i < p->m->nsymbols; i++)
            if (p->m->symbols[i].kernel == -2 - (int)fi && p->m->symbols[i].space == WS_SPACE_SHARED) {
                ws_token t = {TOK_WORD, NULL, 0, p->m->symbols[i].line, p->m->symbols[i].col, NULL};
                fail_at(p, &t, "a .shared variable declared inside a .func is not supported");
            }
        p->in_func = 0;
        return;
    }
    expect_punct(p, ';');
    /* a declaration only: forget its parameters */
    strmap_free(&p->syms_local);
    while (p->m->nsymbols > first_sym)
        free(p->m->symbols[--p->m->nsymbols].name);
    free(p->k->name);
    free(p->k->params);
    p->m->nfdefs = fi;
    p->k = NULL;
    p->in_func = 0;
    GROW(p, p->m->funcs, p->m->nfuncs, p->func_cap);
    p->m->funcs[p->m->nfuncs] = xstrndup(p, name.start, name.len);
    uint32_t known;
    if (!strmap_get(&p->func_names, name.start, name.len, &known))
        strmap_put(p, &p->func_names, p->m->funcs[p->m->nfuncs], name.len, UINT32_MAX);
    p->m->nfuncs++;
}

/* ---- linking: .func bodies into the kernels that call them ---------------------------------------- */

static ws_token insn_token(const ws_insn *in)
{
    ws_token t = {TOK_WORD, NULL, 0, in->line, in->col, NULL};
    return t;
}

/* An indirect call site's possible callees: every function whose address the module takes
 * and whose parameters and return value the prototype has, each a call site of its own after
 * k's others (first_target, ntargets): what a lane's address selects at run time. */
static void expand_indirect(parser *p, ws_kernel *k, uint32_t c)
{
    ws_module *m = p->m;
    k->calls[c].first_target = k->ncalls;
    k->calls[c].ntargets = 0;
    for (uint32_t i = 0; i < m->naddr_funcs; i++) {
        const ws_kernel *F = &m->fdefs[m->addr_func_def[i]];
        const ws_call_site *cs = &k->calls[c];
        if (F->nparams != cs->nargs || (F->ret_sym != WS_NO_SYM) != (cs->ret_sym != WS_NO_SYM))
            continue;
        k->calls = xrealloc(p, k->calls, ((size_t)k->ncalls + 1) * sizeof *k->calls);
        ws_call_site *t = &k->calls[k->ncalls];
        *t = k->calls[c];
        t->callee = NULL;
        t->proto = NULL;
        k->ncalls++; /* counted before the copy of the name, which may fail */
        t->callee = xstrndup(p, F->name, strlen(F->name));
        t->indirect_reg = WS_NO_REG;
        t->first_target = t->ntargets = 0;
        t->func = m->addr_func_def[i];
        k->calls[c].ntargets++;
    }
}

static const struct {
    const char *name;
    uint32_t nargs, ret;
} builtins[WS_BUILTIN_COUNT] = {
#define WS_BUILTIN_ROW_(id, name, nargs, ret) [WS_BUILTIN_##id] = {name, nargs, ret},
    WS_BUILTINS(WS_BUILTIN_ROW_)
#undef WS_BUILTIN_ROW_
};

/* A call of a function warpsim provides (isa.h WS_BUILTINS): vprintf as nvcc declares it, the
 * device runtime's with their parameters and return value. Returns 0 for any other callee. */
static int resolve_builtin(parser *p, ws_call_site *cs, const ws_token *at)
{
    for (uint8_t b = WS_BUILTIN_NONE + 1; b < WS_BUILTIN_COUNT; b++) {
        if (strcmp(cs->callee, builtins[b].name) != 0)
            continue;
        if (b != WS_BUILTIN_VPRINTF && (cs->nargs != builtins[b].nargs || (cs->ret_sym != WS_NO_SYM) != builtins[b].ret))
            fail_at(p, at, "call to '%s' passes %u argument(s)%s; the device runtime's takes %u and returns a value",
                    cs->callee, cs->nargs, cs->ret_sym != WS_NO_SYM ? " and reads a return value" : "",
                    builtins[b].nargs);
        cs->func = UINT32_MAX;
        cs->builtin = b;
        return 1;
    }
    return 0;
}

/* An indirect call through a register a mov of the function gave a kernel's address: a kernel is
 * no function (CUDA cannot call a __global__ function; only the device runtime launches it). What
 * the parser cannot see (an address moved through memory) stops the run at the call (calls.c). */
static void check_not_kernel_target(parser *p, const ws_kernel *k, const ws_insn *call, const ws_call_site *cs)
{
    for (uint32_t i = 0; i < k->ninsns; i++) {
        const ws_insn *in = &k->insns[i];
        if (in->op != WS_OP_MOV || in->nops < 2 || in->ops[0].kind != WS_OPND_REG || in->ops[0].reg != cs->indirect_reg)
            continue;
        const ws_operand *o = &in->ops[1];
        if (o->kind == WS_OPND_IMM && (o->flags & WS_FUNCADDR) && o->imm > WS_KERNEL_ADDR_BASE &&
            o->imm < WS_FUNC_ADDR_BASE) {
            ws_token t = {TOK_WORD, NULL, 0, call->line, call->col, NULL};
            fail_at(p, &t, "indirect call through %s, which holds the address of kernel '%s' (line %u): a kernel is "
                           "launched (kernel<<<...>>>, through the device runtime), never called",
                    k->regs[cs->indirect_reg].name, p->m->addr_kernels[(o->imm - WS_KERNEL_ADDR_BASE) / 16 - 1],
                    in->line);
        }
    }
}

/* Every call site names vprintf or a .func defined in the module, with as many arguments as it
 * has parameters and a place for its return value if the caller reads one. */
static void resolve_calls(parser *p, ws_kernel *k)
{
    ws_module *m = p->m;
    for (uint32_t i = 0; i < k->ninsns; i++) {
        const ws_insn *in = &k->insns[i];
        if (ws_op_class_of(in->op) != CLS_CALL)
            continue;
        ws_call_site *cs = &k->calls[in->call];
        ws_token t = insn_token(in);
        if (cs->indirect_reg != WS_NO_REG) {
            check_not_kernel_target(p, k, in, cs);
            expand_indirect(p, k, in->call);
            continue;
        }
        if (resolve_builtin(p, cs, &t))
            continue;
        if (is_kernel_name(p, cs->callee, strlen(cs->callee)))
            fail_at(p, &t, "call to '%s': it is a kernel (.entry), which is launched (kernel<<<...>>>, through the "
                           "device runtime), never called", cs->callee);
        uint32_t f = UINT32_MAX;
        strmap_get(&p->func_names, cs->callee, strlen(cs->callee), &f);
        if (f == UINT32_MAX)
            fail_at(p, &t, "call to '%s': the module has no body for it (only vprintf and the module's own "
                           ".func definitions can be called)", cs->callee);
        const ws_kernel *F = &m->fdefs[f];
        if (cs->nargs != F->nparams)
            fail_at(p, &t, "call to '%s' passes %u argument(s); it takes %u", cs->callee, cs->nargs, F->nparams);
        if (cs->ret_sym != WS_NO_SYM && F->ret_sym == WS_NO_SYM)
            fail_at(p, &t, "call to '%s' reads a return value; the function returns none", cs->callee);
        cs->func = f;
    }
}

static void relocate_operand(ws_operand *o, uint32_t reg_base, uint32_t pc_base)
{
    switch (o->kind) {
    case WS_OPND_REG: o->reg += reg_base; break;
    case WS_OPND_ADDR: if (o->reg != WS_NO_REG) o->reg += reg_base; break;
    case WS_OPND_VEC:
        for (unsigned i = 0; i < o->nvec; i++)
            if (o->regs[i] != WS_NO_REG)
                o->regs[i] += reg_base;
        break;
    case WS_OPND_LABEL: o->imm += pc_base; break;
    default: break;
    }
}

/* Appends function f's code to kernel k: registers after k's, labels and call sites after k's,
 * and its frame symbols ([param], __local_depot) read relative to the lane's frame register. */
static void append_function(parser *p, ws_kernel *k, uint32_t f)
{
    const ws_kernel *F = &p->m->fdefs[f];
    uint32_t pc_base = k->ninsns, reg_base = k->nregs, label_base = k->nlabels, call_base = k->ncalls;
    /* every kernel that calls F holds a copy of it */
    charge(p, (uint64_t)F->ninsns * sizeof *k->insns + (uint64_t)F->nregs * sizeof *k->regs +
                  (uint64_t)(F->nlabels + 1) * (sizeof *k->labels + sizeof *k->label_pc) +
                  (uint64_t)(F->ncalls + 1) * sizeof *k->calls);
    k->insns = xrealloc(p, k->insns, ((size_t)k->ninsns + F->ninsns) * sizeof *k->insns);
    k->regs = xrealloc(p, k->regs, ((size_t)k->nregs + F->nregs) * sizeof *k->regs);
    k->labels = xrealloc(p, k->labels, ((size_t)k->nlabels + F->nlabels + 1) * sizeof *k->labels);
    k->label_pc = xrealloc(p, k->label_pc, ((size_t)k->nlabels + F->nlabels + 1) * sizeof *k->label_pc);
    k->calls = xrealloc(p, k->calls, ((size_t)k->ncalls + F->ncalls + 1) * sizeof *k->calls);
    /* a function's registers are named NAME@FUNCTION in the kernel (%p1@rec), so that traces,
     * the VCD and the viewer tell them from the kernel's own and from other functions' */
    size_t fn = strlen(F->name);
    for (uint32_t r = 0; r < F->nregs; r++) {
        size_t rn = strlen(F->regs[r].name);
        charge(p, malloc_bytes(rn + fn + 2));
        char *name = xrealloc(p, NULL, rn + fn + 2);
        memcpy(name, F->regs[r].name, rn);
        name[rn] = '@';
        memcpy(name + rn + 1, F->name, fn + 1);
        k->regs[k->nregs].name = name;
        k->regs[k->nregs++].type = F->regs[r].type;
    }
    for (uint32_t l = 0; l < F->nlabels; l++) {
        k->labels[k->nlabels] = xstrndup(p, F->labels[l], strlen(F->labels[l]));
        k->label_pc[k->nlabels++] = F->label_pc[l] + pc_base;
    }
    for (uint32_t c = 0; c < F->ncalls; c++) {
        k->calls[k->ncalls] = F->calls[c];
        k->calls[k->ncalls].callee = NULL;
        k->calls[k->ncalls].proto = NULL;
        k->calls[k->ncalls].callee = xstrndup(p, F->calls[c].callee, strlen(F->calls[c].callee));
        if (F->calls[c].proto)
            k->calls[k->ncalls].proto = xstrndup(p, F->calls[c].proto, strlen(F->calls[c].proto));
        if (F->calls[c].indirect_reg != WS_NO_REG) {
            k->calls[k->ncalls].indirect_reg += reg_base;
            k->calls[k->ncalls].first_target += call_base;
        }
        k->calls[k->ncalls++].caller_in_func = 1;
    }
    (void)label_base;
    for (uint32_t i = 0; i < F->ninsns; i++) {
        ws_insn *in = &k->insns[k->ninsns++];
        *in = F->insns[i];
        in->mods |= WS_MOD_INFUNC;
        if (in->guard != WS_NO_REG)
            in->guard += reg_base;
        if (in->dpred != WS_NO_REG)
            in->dpred += reg_base;
        if (ws_op_class_of(in->op) == CLS_CALL)
            in->call += call_base;
        for (unsigned o = 0; o < in->nops; o++) {
            ws_operand *op = &in->ops[o];
            relocate_operand(op, reg_base, pc_base);
            if ((op->kind == WS_OPND_ADDR || op->kind == WS_OPND_SYM) && op->sym != WS_NO_SYM) {
                const ws_symbol *sy = &p->m->symbols[op->sym];
                if (sy->kernel == -2 - (int)f && (sy->space == WS_SPACE_LOCAL || sy->space == WS_SPACE_PARAM))
                    op->reg = k->frame_reg; /* frame-relative: the symbol's offset plus the frame base */
            }
        }
    }
}

/* A kernel that calls .func bodies gets them appended, each once, with the frame register that
 * says where each lane's current frame starts, and a call stack in its local memory. */
static void link_kernel(parser *p, ws_kernel *k)
{
    ws_module *m = p->m;
    uint32_t nf = m->nfdefs;
    if (nf == 0)
        return;
    free(p->scratch);
    p->scratch = xrealloc(p, NULL, (size_t)nf * 4 * sizeof *p->scratch); /* freed again: not charged */
    uint32_t *order = p->scratch, *pos = order + nf, *pc_base = pos + nf, *reg_base = pc_base + nf;
    for (uint32_t f = 0; f < nf; f++)
        pos[f] = UINT32_MAX;
    uint32_t n = 0;
    for (uint32_t c = 0; c < k->ncalls; c++)
        if (k->calls[c].func != UINT32_MAX && pos[k->calls[c].func] == UINT32_MAX) {
            pos[k->calls[c].func] = n;
            order[n++] = k->calls[c].func;
        }
    for (uint32_t j = 0; j < n; j++) { /* the functions those call, and so on */
        const ws_kernel *F = &m->fdefs[order[j]];
        for (uint32_t c = 0; c < F->ncalls; c++)
            if (F->calls[c].func != UINT32_MAX && pos[F->calls[c].func] == UINT32_MAX) {
                pos[F->calls[c].func] = n;
                order[n++] = F->calls[c].func;
            }
    }
    if (n == 0)
        return;
    /* the frame register first, so that the kernel's printed registers stay a prefix */
    k->regs = xrealloc(p, k->regs, ((size_t)k->nregs + 1) * sizeof *k->regs);
    k->regs[k->nregs].name = xstrndup(p, "%__frame", 8);
    k->regs[k->nregs].type = WS_T_U64;
    k->frame_reg = k->nregs++;
    uint32_t call_owner_start = k->ncalls;
    for (uint32_t j = 0; j < n; j++) {
        pc_base[j] = k->ninsns;
        reg_base[j] = k->nregs;
        append_function(p, k, order[j]);
    }
    /* each call site: where its callee starts, which registers it saves, the two frames */
    uint32_t owner = 0, owner_end = call_owner_start + (n ? m->fdefs[order[0]].ncalls : 0);
    for (uint32_t c = 0; c < k->ncalls; c++) {
        ws_call_site *cs = &k->calls[c];
        uint64_t caller_frame = k->frame_bytes;
        if (c >= call_owner_start) {
            while (c >= owner_end) {
                owner++;
                owner_end += m->fdefs[order[owner]].ncalls;
            }
            caller_frame = m->fdefs[order[owner]].local_bytes;
        }
        cs->caller_frame = align_up(caller_frame, 16);
        if (cs->func == UINT32_MAX)
            continue;
        uint32_t j = pos[cs->func];
        cs->entry = pc_base[j];
        cs->reg_first = reg_base[j];
        cs->reg_count = m->fdefs[cs->func].nregs;
        cs->callee_frame = align_up(m->fdefs[cs->func].local_bytes, 16);
    }
    k->local_bytes = align_up(k->frame_bytes, 16) + WS_CALL_STACK_BYTES;
}

static void link_module(parser *p)
{
    ws_module *m = p->m;
    /* the functions whose address is taken: each must have a body here */
    m->addr_func_def = xrealloc(p, NULL, ((size_t)m->naddr_funcs + 1) * sizeof *m->addr_func_def);
    for (uint32_t i = 0; i < m->naddr_funcs; i++) {
        uint32_t f = 0;
        while (f < m->nfdefs && strcmp(m->fdefs[f].name, m->addr_funcs[i]) != 0)
            f++;
        if (f == m->nfdefs)
            fail_at(p, &p->addr_at[i], "the address of function '%s' is taken, but the module has no body for it",
                    m->addr_funcs[i]);
        m->addr_func_def[i] = f;
    }
    /* the kernels whose address is taken (device-side launches): each must be defined here */
    m->addr_kernel_def = xrealloc(p, NULL, ((size_t)m->naddr_kernels + 1) * sizeof *m->addr_kernel_def);
    for (uint32_t i = 0; i < m->naddr_kernels; i++) {
        uint32_t kx = UINT32_MAX;
        strmap_get(&p->kernel_names, m->addr_kernels[i], strlen(m->addr_kernels[i]), &kx);
        if (kx == UINT32_MAX)
            fail_at(p, &p->kaddr_at[i], "the address of kernel '%s' is taken, but the module does not define it",
                    m->addr_kernels[i]);
        m->addr_kernel_def[i] = kx;
    }
    for (uint32_t f = 0; f < p->m->nfdefs; f++)
        resolve_calls(p, &p->m->fdefs[f]);
    for (uint32_t i = 0; i < p->m->nkernels; i++) {
        resolve_calls(p, &p->m->kernels[i]);
        link_kernel(p, &p->m->kernels[i]);
    }
    free(p->scratch);
    p->scratch = NULL;
}

/* Which mul + add/sub pairs ptxas fuses into one fma (isa/contract.c), in each linked kernel. */
static void contract_module(parser *p)
{
    for (uint32_t i = 0; i < p->m->nkernels; i++) {
        ws_kernel *k = &p->m->kernels[i];
        char msg[400];
        uint32_t pc;
        if (ws_contract_kernel(k, msg, sizeof msg, &pc)) {
            ws_token t = {TOK_WORD, NULL, 0, k->insns[pc].line, k->insns[pc].col, NULL};
            fail_at(p, &t, "%s", msg);
        }
    }
}

/* Per instruction, the label a branch to it prints (label_of): of several labels at one
 * instruction (nvcc -G writes $L__tmp and $L__BB ones) the first by name, a choice that survives
 * printing and parsing again. Computed once, so that printing is linear in the kernel. */
static void index_labels(parser *p, ws_kernel *k)
{
    charge(p, ((uint64_t)k->ninsns + 1) * sizeof *k->label_of);
    k->label_of = xrealloc(p, NULL, ((size_t)k->ninsns + 1) * sizeof *k->label_of);
    for (uint32_t i = 0; i <= k->ninsns; i++)
        k->label_of[i] = UINT32_MAX;
    for (uint32_t l = 0; l < k->nlabels; l++) {
        uint32_t pc = k->label_pc[l], *best = pc <= k->ninsns ? &k->label_of[pc] : NULL;
        if (best && (*best == UINT32_MAX || strcmp(k->labels[l], k->labels[*best]) < 0))
            *best = l;
    }
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
        } else if (is_word(&p->tok, ".file")) {
            parse_file(p);
        } else if (is_word(&p->tok, ".loc")) {
            parse_loc(p);
        } else if (is_word(&p->tok, ".section")) {
            skip_section(p);
        } else {
            expected(p, "a module directive (.version, .target, .entry, .global, ...)");
        }
    }
    if (!p->m->version)
        fail_at(p, &p->tok, "missing .version directive");
    link_module(p);
    contract_module(p);
    layout_module(p->m);
    for (uint32_t i = 0; i < p->m->nkernels + p->m->nfdefs; i++)
        index_labels(p, i < p->m->nkernels ? &p->m->kernels[i] : &p->m->fdefs[i - p->m->nkernels]);
}

/* What the parser holds besides the module. */
static void parser_free(parser *p)
{
    free(p->scratch);
    strmap_free(&p->regs);
    strmap_free(&p->labels);
    strmap_free(&p->syms_local);
    strmap_free(&p->syms_module);
    strmap_free(&p->kernel_names);
    strmap_free(&p->func_names);
    free(p->scope_first);
    free(p->scope_height);
    free(p->shadowed);
    free(p->open_regs);
    free(p->module_extern);
    free(p->range_name);
    free(p->addr_at);
    free(p->kaddr_at);
    free(p->protos);
    free(p->bt_labels);
    free(p->bt_first);
    free(p->bt_count);
    free(p->label_bt);
    free(p);
}

/* ws_module_parse_limited with text_bytes already counted towards the limit (the file's text,
 * which ws_module_load_limited holds while it parses). */
static ws_module *parse_counted(const char *text, size_t len, const char *path, uint64_t max_memory,
                                uint64_t text_bytes, ws_parse_error *err)
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
    p->max_bytes = max_memory ? max_memory : WS_DEFAULT_MAX_MEMORY;
    p->bytes = text_bytes;
    static atomic_uint_fast64_t parses; /* ws_module.serial: parses in this process */
    m->serial = (uint64_t)atomic_fetch_add(&parses, 1) + 1;
    m->address_size = 64;
    m->path = path ? strdup(path) : NULL;
    if (setjmp(p->fail)) {
        if (p->k && p->in_func) /* the function in progress is counted; free what it holds */
            p->m->nfdefs = (uint32_t)(-2 - p->kidx) + 1;
        else if (p->k) /* the kernel in progress is counted; free what it holds */
            p->m->nkernels = (uint32_t)p->kidx + 1;
        parser_free(p);
        ws_module_free(m);
        return NULL;
    }
    charge(p, sizeof *m + (path ? strlen(path) + 1 : 0));
    parse_module(p);
    m->memory_bytes = p->bytes;
    parser_free(p);
    return m;
}

ws_module *ws_module_parse_limited(const char *text, size_t len, const char *path, uint64_t max_memory,
                                   ws_parse_error *err)
{
    return parse_counted(text, len, path, max_memory, 0, err);
}

ws_module *ws_module_parse(const char *text, size_t len, const char *path, ws_parse_error *err)
{
    return ws_module_parse_limited(text, len, path, 0, err);
}

ws_module *ws_module_load(const char *path, ws_parse_error *err) { return ws_module_load_limited(path, 0, err); }

ws_module *ws_module_load_limited(const char *path, uint64_t max_memory, ws_parse_error *err)
{
    ws_parse_error dummy;
    if (!err)
        err = &dummy;
    memset(err, 0, sizeof *err);
    snprintf(err->file, sizeof err->file, "%s", path);
    uint64_t max = max_memory ? max_memory : WS_DEFAULT_MAX_MEMORY;
    FILE *f = fopen(path, "rb");
    if (!f) {
        snprintf(err->message, sizeof err->message, "cannot open: %s", strerror(errno));
        return NULL;
    }
    /* a directory opens, and a device never ends: say what it is instead of parsing nothing */
    struct stat st;
    int stat_ok = fstat(fileno(f), &st) == 0;
    if (stat_ok && !S_ISREG(st.st_mode) && !S_ISFIFO(st.st_mode)) {
        const char *what = S_ISDIR(st.st_mode)   ? "a directory"
                           : S_ISCHR(st.st_mode) ? "a character device"
                           : S_ISBLK(st.st_mode) ? "a block device"
                           : S_ISSOCK(st.st_mode) ? "a socket"
                                                  : "not a regular file";
        snprintf(err->message, sizeof err->message, "%s, not a PTX file", what);
        fclose(f);
        return NULL;
    }
    /* the text counts towards the memory limit: read at most what it leaves (a pipe too). A
     * regular file's size and the byte that finds its end to start with, else 64 KiB (a 64 KiB
     * buffer for a 1.5 KB file spread the heap over pages that then had to be faulted in). */
    int sized = stat_ok && S_ISREG(st.st_mode) && st.st_size > 0 && st.st_size < (1 << 16);
    size_t cap = sized ? (size_t)st.st_size + 1 : 1 << 16, n = 0;
    char *buf = malloc(cap);
    size_t r;
    errno = 0;
    while (buf && (r = fread(buf + n, 1, cap - n, f)) > 0) {
        n += r;
        if (n == cap) {
            if (cap >= max) {
                free(buf);
                fclose(f);
                err->limit = 1;
                snprintf(err->message, sizeof err->message,
                         "memory limit reached: the file is larger than %llu bytes; raise it with --max-memory",
                         (unsigned long long)max);
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
    int read_error = ferror(f);
    int e = errno;
    fclose(f);
    if (!buf || read_error) {
        snprintf(err->message, sizeof err->message, "%s", !buf ? "out of memory" : e ? strerror(e) : "read error");
        free(buf);
        return NULL;
    }
    if (n >= max) {
        free(buf);
        err->limit = 1;
        snprintf(err->message, sizeof err->message,
                 "memory limit reached: the file is larger than %llu bytes; raise it with --max-memory",
                 (unsigned long long)max);
        return NULL;
    }
    /* the text is held while it parses: counted (its unused capacity given back first), so
     * that a limit the module passes is reported as the limit itself, not as what is left */
    char *fit = realloc(buf, n ? n : 1);
    if (fit)
        buf = fit;
    ws_module *m = parse_counted(buf, n, path, max, fit ? n : cap, err);
    free(buf);
    return m;
}

void ws_module_free(ws_module *m)
{
    if (!m)
        return;
    for (uint32_t i = 0; i < m->nkernels + m->nfdefs; i++) {
        ws_kernel *k = i < m->nkernels ? &m->kernels[i] : &m->fdefs[i - m->nkernels];
        free(k->name);
        free(k->params);
        free(k->insns);
        for (uint32_t r = 0; r < k->nregs; r++)
            free(k->regs[r].name);
        free(k->regs);
        for (uint32_t c = 0; c < k->ncalls; c++) {
            free(k->calls[c].callee);
            free(k->calls[c].proto);
        }
        free(k->calls);
        free(k->label_of);
        for (uint32_t l = 0; l < k->nlabels; l++)
            free(k->labels[l]);
        free(k->labels);
        free(k->label_pc);
    }
    free(m->kernels);
    free(m->fdefs);
    for (uint32_t i = 0; i < m->nfiles; i++)
        free(m->files[i]);
    free(m->files);
    for (uint32_t i = 0; i < m->nsymbols; i++) {
        free(m->symbols[i].name);
        free(m->symbols[i].init);
    }
    free(m->symbols);
    for (uint32_t i = 0; i < m->nfuncs; i++)
        free(m->funcs[i]);
    free(m->funcs);
    for (uint32_t i = 0; i < m->naddr_funcs; i++)
        free(m->addr_funcs[i]);
    free(m->addr_funcs);
    free(m->addr_func_def);
    for (uint32_t i = 0; i < m->naddr_kernels; i++)
        free(m->addr_kernels[i]);
    free(m->addr_kernels);
    free(m->addr_kernel_def);
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
    const ws_kernel *k = NULL; /* a C++ kernel by its demangled name: only when one kernel has it */
    return ws_module_kernels_named(m, name, &k) == 1 ? k : NULL;
}

unsigned ws_module_kernels_named(const ws_module *m, const char *name, const ws_kernel **first)
{
    unsigned n = 0;
    *first = NULL;
    for (uint32_t i = 0; m && i < m->nkernels; i++)
        if (ws_kernel_name_matches(m->kernels[i].name, name)) {
            if (!n++)
                *first = &m->kernels[i];
        }
    return n;
}
