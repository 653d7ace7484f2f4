/* The printer: a module back as PTX that ptxas accepts, and one instruction for traces.
 * Suffixes come out in the order the PTX ISA's syntax lines give them. */
#include "check.h"
#include "opcodes.h"
#include "suffix.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    char *buf;
    size_t len, cap;
    int oom;
} sbuf;

static void sb_printf(sbuf *b, const char *fmt, ...)
{
    va_list ap;
    for (;;) {
        size_t room = b->cap - b->len;
        va_start(ap, fmt);
        int n = vsnprintf(b->buf ? b->buf + b->len : NULL, room, fmt, ap);
        va_end(ap);
        if (n < 0) {
            b->oom = 1;
            return;
        }
        if ((size_t)n < room) {
            b->len += (size_t)n;
            return;
        }
        size_t nc = (b->cap ? b->cap * 2 : 1024) + (size_t)n;
        char *nb = realloc(b->buf, nc);
        if (!nb) {
            b->oom = 1;
            return;
        }
        b->buf = nb;
        b->cap = nc;
    }
}

static void sfx(sbuf *b, uint64_t group, unsigned value)
{
    const char *n = ws_suffix_name(group, value);
    if (n)
        sb_printf(b, ".%s", n);
}

static void print_mnemonic(sbuf *b, const ws_insn *in)
{
    const ws_opinfo *info = &ws_optable[in->op];
    uint64_t s = info->suffixes;
    sb_printf(b, "%s", info->mnemonic);
    if (in->op == WS_OP_MATCH) {
        sfx(b, SFX_VOTEMODE, in->sub);
        sb_printf(b, ".sync");
    } else if (in->mods & WS_MOD_SYNC) {
        sb_printf(b, ".sync");
    }
    if (s & SFX_BARMODE)
        sb_printf(b, "%s", (in->mods & WS_MOD_ARRIVE) ? ".arrive" : ".sync");
    if (in->mods & WS_MOD_ALIGNED)
        sb_printf(b, ".aligned");
    if (s & SFX_SHFLMODE)
        sfx(b, SFX_SHFLMODE, in->sub);
    if ((s & SFX_VOTEMODE) && in->op != WS_OP_MATCH) /* match's mode comes before .sync, above */
        sfx(b, SFX_VOTEMODE, in->sub);
    if (s & SFX_TESTP)
        sfx(b, SFX_TESTP, in->sub);
    if (in->mods & WS_MOD_MMIO)
        sb_printf(b, ".mmio");
    if (in->sem)
        sfx(b, SFX_MEMORD, in->sem);
    if (in->scope)
        sfx(b, SFX_SCOPE, in->scope);
    if (s & SFX_TO && (in->mods & WS_MOD_TO))
        sb_printf(b, ".to");
    if (in->space && in->space != WS_SPACE_GENERIC)
        sb_printf(b, ".%s%s", ws_space_name((ws_space)in->space),
                  in->op == WS_OP_FENCE_ASYNC && in->space == WS_SPACE_SHARED ? "::cta" : "");
    if (in->mods & WS_MOD_NC)
        sb_printf(b, ".nc");
    if (in->mods & WS_MOD_CG)
        sb_printf(b, ".cg");
    if (s & SFX_OP)
        sfx(b, SFX_OP, in->sub);
    if (s & SFX_CMP) {
        sfx(b, SFX_CMP, in->cmp);
        if (in->sub)
            sfx(b, SFX_BOOL, in->sub);
    }
    if (in->vec > 1)
        sb_printf(b, ".v%u", in->vec);
    if ((s & SFX_HILO) && (in->sub != WS_MUL_LO || !ws_type_is_float((ws_type)in->type)))
        if (!ws_type_is_float((ws_type)in->type))
            sfx(b, SFX_HILO, in->sub);
    if (in->mods & WS_MOD_CC)
        sb_printf(b, ".cc");
    if (s & SFX_ISSPACE)
        sfx(b, SFX_ISSPACE, in->sub);
    if (s & (SFX_BMODE | SFX_GRIDDEP))
        sfx(b, s & SFX_BMODE ? SFX_BMODE : SFX_GRIDDEP, in->sub);
    if (s & SFX_SHF)
        sb_printf(b, "%s%s", (in->mods & WS_MOD_SHF_L) ? ".l" : ".r", (in->mods & WS_MOD_WRAP) ? ".wrap" : ".clamp");
    if (in->mods & WS_MOD_EXPLICIT_RND)
        sfx(b, SFX_RND, in->rnd);
    if (in->mods & WS_MOD_APPROX)
        sb_printf(b, ".approx");
    if (in->mods & WS_MOD_FULL)
        sb_printf(b, ".full");
    if (in->mods & WS_MOD_FTZ)
        sb_printf(b, ".ftz");
    if (in->mods & WS_MOD_SAT)
        sb_printf(b, ".sat");
    if (in->mods & WS_MOD_RELU)
        sb_printf(b, ".relu");
    if (in->mods & WS_MOD_NOFTZ)
        sb_printf(b, ".noftz");
    if (in->mods & WS_MOD_NAN)
        sb_printf(b, ".NaN");
    if (in->mods & WS_MOD_SHIFTAMT)
        sb_printf(b, ".shiftamt");
    if (in->mods & WS_MOD_UNI)
        sb_printf(b, ".uni");
    if (in->type)
        sb_printf(b, ".%s", ws_type_name((ws_type)in->type));
    if (in->type2)
        sb_printf(b, ".%s", ws_type_name((ws_type)in->type2));
    if (in->type3)
        sb_printf(b, ".%s", ws_type_name((ws_type)in->type3));
    if (in->mods & WS_MOD_VIDEO_ADD)
        sb_printf(b, ".add");
    if ((s & SFX_PRMT) && in->sub)
        sfx(b, SFX_PRMT, in->sub);
}

static const char *reg_name(const ws_kernel *k, uint32_t r)
{
    return r < k->nregs ? k->regs[r].name : "%?";
}

/* Immediates print as PTX literals of their type: floats as exact 0f/0d bits. */
static void print_imm(sbuf *b, uint64_t v, ws_type t)
{
    if (t == WS_T_F32)
        sb_printf(b, "0f%08" PRIX32, (uint32_t)v);
    else if (t == WS_T_F64)
        sb_printf(b, "0d%016" PRIX64, v);
    else if (ws_type_is_signed(t) && ws_type_bits(t) == 32)
        sb_printf(b, "%" PRId32, (int32_t)(uint32_t)v);
    else if (ws_type_is_signed(t) && ws_type_bits(t) == 64)
        sb_printf(b, "%" PRId64, (int64_t)v);
    else if (ws_type_bits(t) == 32 && (uint32_t)v >= 0x80000000u)
        sb_printf(b, "%" PRId32, (int32_t)(uint32_t)v); /* -1 reads better than 4294967295 */
    else
        sb_printf(b, "%" PRIu64, v);
}

/* The name of the function whose address v is (ws_module.addr_funcs), or NULL. */
static const char *func_at(const ws_module *m, uint64_t v)
{
    uint64_t i = (v - WS_FUNC_ADDR_BASE) / 16 - 1;
    return v > WS_FUNC_ADDR_BASE && v % 16 == 0 && i < m->naddr_funcs ? m->addr_funcs[i] : NULL;
}

/* The name of the kernel whose address v is (ws_module.addr_kernels), or NULL. */
static const char *kernel_at(const ws_module *m, uint64_t v)
{
    uint64_t i = (v - WS_KERNEL_ADDR_BASE) / 16 - 1;
    return v > WS_KERNEL_ADDR_BASE && v % 16 == 0 && i < m->naddr_kernels ? m->addr_kernels[i] : NULL;
}

static void print_operand(sbuf *b, const ws_module *m, const ws_kernel *k, const ws_insn *in,
                          const ws_operand *o, char shape)
{
    switch (o->kind) {
    case WS_OPND_REG: sb_printf(b, "%s%s", o->neg ? "!" : "", reg_name(k, o->reg)); break;
    case WS_OPND_SREG: sb_printf(b, "%s", ws_sreg_name((ws_sreg)o->reg)); break;
    case WS_OPND_SINK: sb_printf(b, "_"); break;
    case WS_OPND_IMM: {
        if ((o->flags & WS_FUNCADDR) && func_at(m, o->imm)) { /* mov.u64 %rd, func */
            sb_printf(b, "%s", func_at(m, o->imm));
            break;
        }
        if ((o->flags & WS_FUNCADDR) && kernel_at(m, o->imm)) { /* mov.u64 %rd, kernel: a launch target */
            sb_printf(b, "%s", kernel_at(m, o->imm));
            break;
        }
        /* in the type the parser read it in (ws_check_operand_type) */
        print_imm(b, o->imm, ws_check_operand_type(in, (unsigned)(o - in->ops), shape));
        break;
    }
    case WS_OPND_SYM:
        sb_printf(b, "%s", m->symbols[o->sym].name);
        if (o->imm)
            sb_printf(b, "+%" PRIu64, o->imm);
        break;
    case WS_OPND_LABEL: {
        /* of several labels at one instruction (nvcc -G writes $L__tmp and $L__BB ones), the
         * first by name: a choice that survives printing and parsing again */
        uint32_t l = k->label_of && o->imm <= k->ninsns ? k->label_of[o->imm] : UINT32_MAX;
        sb_printf(b, "%s", l != UINT32_MAX ? k->labels[l] : "?");
        break;
    }
    case WS_OPND_VEC: {
        int src_vec = shape != 'd'; /* a source vector: a missing element is a packed or stored 0 */
        sb_printf(b, "{");
        for (unsigned i = 0; i < o->nvec; i++)
            sb_printf(b, "%s%s", i ? ", " : "",
                      o->regs[i] != WS_NO_REG ? reg_name(k, o->regs[i]) : src_vec ? "0" : "_");
        sb_printf(b, "}");
        break;
    }
    case WS_OPND_ADDR:
        sb_printf(b, "[");
        if (o->sym != WS_NO_SYM) /* a linked .func's [param] also names the frame register */
            sb_printf(b, "%s", m->symbols[o->sym].name);
        else if (o->reg != WS_NO_REG)
            sb_printf(b, "%s", reg_name(k, o->reg));
        if (o->reg == WS_NO_REG && o->sym == WS_NO_SYM)
            sb_printf(b, "%" PRIu64, o->imm);
        else if ((int64_t)o->imm != 0)
            sb_printf(b, "%s%" PRId64, (int64_t)o->imm > 0 ? "+" : "+", (int64_t)o->imm);
        sb_printf(b, "]");
        break;
    default: break;
    }
}

static void print_insn(sbuf *b, const ws_module *m, const ws_kernel *k, const ws_insn *in)
{
    if (in->guard != WS_NO_REG)
        sb_printf(b, "@%s%s ", in->guard_neg ? "!" : "", reg_name(k, in->guard));
    print_mnemonic(b, in);
    if (ws_op_class_of(in->op) == CLS_CALL) {
        const ws_call_site *cs = &k->calls[in->call];
        sb_printf(b, " ");
        if (cs->ret_sym != WS_NO_SYM)
            sb_printf(b, "(%s), ", m->symbols[cs->ret_sym].name);
        sb_printf(b, "%s", cs->callee);
        if (cs->nargs) {
            sb_printf(b, ", (");
            for (uint32_t i = 0; i < cs->nargs; i++)
                sb_printf(b, "%s%s", i ? ", " : "", m->symbols[cs->args[i]].name);
            sb_printf(b, ")");
        }
        if (cs->proto) /* an indirect call names its prototype ("name : .callprototype ...") */
            sb_printf(b, ", %.*s", (int)strcspn(cs->proto, " :"), cs->proto);
        return;
    }
    const char *shape = ws_optable[in->op].shape;
    char letters[WS_MAX_OPERANDS + 1] = {0};
    size_t nl = 0;
    for (const char *c = shape; *c && nl < WS_MAX_OPERANDS; c++)
        if (*c != '?')
            letters[nl++] = *c;
    for (unsigned i = 0; i < in->nops; i++) {
        sb_printf(b, i ? ", " : " ");
        print_operand(b, m, k, in, &in->ops[i], letters[i]);
        if (i == 0 && in->dpred != WS_NO_REG && !ws_insn_uses_carry(in))
            sb_printf(b, "|%s", reg_name(k, in->dpred));
    }
}

size_t ws_insn_print(const ws_module *m, const ws_kernel *k, const ws_insn *in, char *buf, size_t cap)
{
    sbuf b = {0};
    print_insn(&b, m, k, in);
    size_t n = 0;
    if (cap) {
        n = b.len < cap - 1 ? b.len : cap - 1;
        if (b.buf)
            memcpy(buf, b.buf, n);
        buf[n] = 0;
    }
    free(b.buf);
    return n;
}

static void print_decl_type(sbuf *b, const ws_symbol *s)
{
    sb_printf(b, ".align %u .%s %s", s->align ? s->align : 1, ws_type_name((ws_type)s->elem), s->name);
    unsigned esz = s->elem == WS_T_PRED ? 1 : ws_type_bits((ws_type)s->elem) / 8;
    if (s->is_extern)
        sb_printf(b, "[]");
    else if (esz && s->size != esz)
        sb_printf(b, "[%llu]", (unsigned long long)(s->size / esz));
}

static void print_variable(sbuf *b, const ws_module *m, const ws_symbol *s, const char *indent)
{
    sb_printf(b, "%s%s.%s ", indent, s->is_extern ? ".extern " : "", ws_space_name((ws_space)s->space));
    print_decl_type(b, s);
    if (s->init) {
        unsigned esz = s->elem == WS_T_PRED ? 1 : ws_type_bits((ws_type)s->elem) / 8;
        uint64_t n = esz ? s->size / esz : 0;
        /* a scalar takes a bare initialiser: ptxas rejects "= {v}" for a non-array with
         * "Initial value type mismatch" (tests/test_isa.c, kitchen_sink.ptx) */
        int array = s->size != esz;
        sb_printf(b, array ? " = {" : " = ");
        for (uint64_t i = 0; i < n; i++) {
            uint64_t v = 0;
            memcpy(&v, s->init + i * esz, esz);
            sb_printf(b, "%s", i ? ", " : "");
            if (esz == 8 && func_at(m, v)) /* a function table or vtable entry */
                sb_printf(b, "%s", func_at(m, v));
            else
                print_imm(b, v, (ws_type)s->elem);
        }
        if (array)
            sb_printf(b, "}");
    }
    sb_printf(b, ";\n");
}

static void print_param_list(sbuf *b, const ws_module *m, const uint32_t *params, uint32_t n)
{
    for (uint32_t p = 0; p < n; p++) {
        const ws_symbol *s = &m->symbols[params[p]];
        unsigned esz = ws_type_bits((ws_type)s->elem) / 8;
        sb_printf(b, "%s\n\t.param ", p ? "," : "");
        if (esz && s->size != esz)
            sb_printf(b, ".align %u .%s %s[%llu]", s->align, ws_type_name((ws_type)s->elem), s->name,
                      (unsigned long long)(s->size / esz));
        else
            sb_printf(b, ".%s %s", ws_type_name((ws_type)s->elem), s->name);
    }
}

/* ".visible .entry name(params)" or ".func (ret) name(params)" */
static void print_header(sbuf *b, const ws_module *m, const ws_kernel *k, int is_func)
{
    if (is_func) {
        sb_printf(b, "\n.func ");
        if (k->ret_sym != WS_NO_SYM) {
            sb_printf(b, "(");
            print_param_list(b, m, &k->ret_sym, 1);
            sb_printf(b, "\n) ");
        }
        sb_printf(b, "%s(", k->name);
    } else {
        sb_printf(b, "\n.visible .entry %s(", k->name);
    }
    print_param_list(b, m, k->params, k->nparams);
    sb_printf(b, "\n)");
}

/* A kernel or a .func with its body: only its own code, not the functions linked into it. */
/* Labels by instruction, then by name: the order a unit prints them in. */
static const ws_kernel *label_order_kernel;
static int label_order(const void *a, const void *b)
{
    const ws_kernel *k = label_order_kernel;
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    if (k->label_pc[x] != k->label_pc[y])
        return k->label_pc[x] < k->label_pc[y] ? -1 : 1;
    return strcmp(k->labels[x], k->labels[y]);
}

/* A vector register's element count if register R is its .x element (only vector elements
 * have a '.' in their names: isa/parser.c declare_reg), else 0. */
static uint32_t vector_decl(const ws_kernel *k, uint32_t r)
{
    const char *x = k->regs[r].name;
    size_t n = strlen(x);
    if (n < 3 || strcmp(x + n - 2, ".x") != 0)
        return 0;
    uint32_t count = 1;
    while (count < 4 && r + count < k->nbody_regs) {
        const char *e = k->regs[r + count].name;
        if (strlen(e) != n || memcmp(e, x, n - 1) != 0 || e[n - 1] != "xyzw"[count])
            break;
        count++;
    }
    return count;
}

/* syms: the unit's own symbol indices, in order */
static void print_unit(sbuf *b, const ws_module *m, const ws_kernel *k, const uint32_t *syms, uint32_t nsyms,
                       int is_func)
{
    print_header(b, m, k, is_func);
    if (k->maxntid[0])
        sb_printf(b, "\n.maxntid %u, %u, %u", k->maxntid[0], k->maxntid[1], k->maxntid[2]);
    if (k->reqntid[0])
        sb_printf(b, "\n.reqntid %u, %u, %u", k->reqntid[0], k->reqntid[1], k->reqntid[2]);
    sb_printf(b, "\n{\n");
    for (uint32_t r = 0; r < k->nbody_regs; r++) {
        uint32_t vec = vector_decl(k, r);
        if (vec) { /* its elements %v.x, %v.y, ...: the parser declares them so */
            sb_printf(b, "\t.reg .v%u .%s %.*s;\n", vec, ws_type_name((ws_type)k->regs[r].type),
                      (int)strlen(k->regs[r].name) - 2, k->regs[r].name);
            r += vec - 1;
        } else {
            sb_printf(b, "\t.reg .%s %s;\n", ws_type_name((ws_type)k->regs[r].type), k->regs[r].name);
        }
    }
    for (uint32_t j = 0; j < nsyms; j++) {
        const ws_symbol *s = &m->symbols[syms[j]];
        if (!s->is_kernel_param && !s->is_func_param) {
            if (s->space == WS_SPACE_PARAM) { /* call-site parameters, hoisted to the kernel scope */
                /* with their declared type: ptxas checks call arguments against the callee's
                 * formal types and rejects a .b8 array for vprintf's .b64 (tests/check_ptxas_roundtrip.sh) */
                sb_printf(b, "\t.param ");
                print_decl_type(b, s);
                sb_printf(b, ";\n");
            } else
                print_variable(b, m, s, "\t");
        }
    }
    /* the labels of an instruction in name order, so that a second print is the first */
    uint32_t *order = malloc(((size_t)k->nbody_labels + 1) * sizeof *order), nl = 0;
    if (!order) {
        b->oom = 1;
        return;
    }
    for (uint32_t l = 0; l < k->nbody_labels; l++)
        if (k->label_pc[l] <= k->nbody)
            order[nl++] = l;
    label_order_kernel = k;
    qsort(order, nl, sizeof *order, label_order);
    for (uint32_t i = 0, next = 0; i <= k->nbody; i++) {
        for (; next < nl && k->label_pc[order[next]] == i; next++)
            sb_printf(b, "%s:\n", k->labels[order[next]]);
        if (i == k->nbody)
            break;
        const ws_insn *in = &k->insns[i];
        if (in->op == WS_OP_CALL && k->calls[in->call].proto) /* its prototype, declared before it */
            sb_printf(b, "\t%s;\n", k->calls[in->call].proto);
        sb_printf(b, "\t");
        print_insn(b, m, k, in);
        sb_printf(b, ";\n");
    }
    free(order);
    sb_printf(b, "}\n");
}

/* The .target list without its "debug" words (-G PTX says ".target sm_90, debug"; the DWARF
 * sections are not printed, and ptxas refuses the debug target without them). Whole words only,
 * and every one of them: cutting the first "debug" alone, or a word that begins with it such as
 * debugm_90, printed a target that printed differently again (fuzz). */
static void print_target(sbuf *b, const char *target)
{
    int first = 1;
    for (const char *w = target; *w;) {
        size_t n = strcspn(w, ",");
        if (!(n == 5 && !strncmp(w, "debug", 5))) {
            sb_printf(b, "%s%.*s", first ? "" : ", ", (int)n, w);
            first = 0;
        }
        w += n;
        while (*w == ',' || *w == ' ')
            w++;
    }
    if (first) /* nothing but debug: kept, so that it prints the same again */
        sb_printf(b, "%s", target);
}

static const struct {
    const char *name, *text;
} cdp_decls[] = {
    {"__cudaCDP2GetParameterBufferV2",
     ".extern .func (.param .b64 func_retval0) __cudaCDP2GetParameterBufferV2\n(\n\t.param .b64 p0,\n"
     "\t.param .align 4 .b8 p1[12],\n\t.param .align 4 .b8 p2[12],\n\t.param .b32 p3\n)\n;\n"},
    {"__cudaCDP2LaunchDeviceV2",
     ".extern .func (.param .b32 func_retval0) __cudaCDP2LaunchDeviceV2\n(\n\t.param .b64 p0,\n"
     "\t.param .b64 p1\n)\n;\n"},
    {"__cudaCDP2GetLastError", ".extern .func (.param .b32 func_retval0) __cudaCDP2GetLastError\n(\n)\n;\n"},
    {"__cudaCDP2PeekAtLastError", ".extern .func (.param .b32 func_retval0) __cudaCDP2PeekAtLastError\n(\n)\n;\n"},
};

int ws_module_print(const ws_module *m, char **out, size_t *outlen)
{
    sbuf b = {0};
    sb_printf(&b, ".version %s\n.target ", m->version ? m->version : "9.0");
    print_target(&b, m->target ? m->target : "sm_90");
    sb_printf(&b, "\n.address_size %u\n\n", m->address_size);
    for (uint32_t f = 0; f < m->nfuncs; f++)
        if (strcmp(m->funcs[f], "vprintf") == 0)
            sb_printf(&b, ".extern .func (.param .b32 func_retval0) vprintf\n(\n\t.param .b64 vprintf_param_0,\n"
                          "\t.param .b64 vprintf_param_1\n)\n;\n");
    /* the device runtime's entry points (device-side launches), as nvcc declares them */
    for (uint32_t f = 0; f < m->nfuncs; f++)
        for (size_t i = 0; i < sizeof cdp_decls / sizeof *cdp_decls; i++)
            if (strcmp(m->funcs[f], cdp_decls[i].name) == 0)
                sb_printf(&b, "%s", cdp_decls[i].text);
    /* the kernels a device-side launch names, declared before any code takes their address */
    for (uint32_t i = 0; i < m->naddr_kernels; i++) {
        print_header(&b, m, &m->kernels[m->addr_kernel_def[i]], 0);
        sb_printf(&b, ";\n");
    }
    /* prototypes first: a function may call one defined after it, or itself, and a variable's
     * initialiser may hold its address */
    for (uint32_t fi = 0; fi < m->nfdefs; fi++) {
        print_header(&b, m, &m->fdefs[fi], 1);
        sb_printf(&b, ";\n");
    }
    for (uint32_t i = 0; i < m->nsymbols; i++)
        if (m->symbols[i].kernel == -1)
            print_variable(&b, m, &m->symbols[i], "");
    /* each unit's symbols, grouped by owner (a counting sort), so that printing stays linear */
    uint32_t nunits = m->nkernels + m->nfdefs;
    uint32_t *start = calloc((size_t)nunits + 2, sizeof *start), *syms = malloc(((size_t)m->nsymbols + 1) * sizeof *syms);
    if (!start || !syms) {
        free(start);
        free(syms);
        free(b.buf);
        return -1;
    }
    for (uint32_t i = 0; i < m->nsymbols; i++) { /* unit u: kernels first, then the .func bodies */
        int32_t o = m->symbols[i].kernel;
        if (o >= 0 ? (uint32_t)o < m->nkernels : o <= -2 && (uint32_t)(-2 - o) < m->nfdefs)
            start[(o >= 0 ? (uint32_t)o : m->nkernels + (uint32_t)(-2 - o)) + 2]++;
    }
    for (uint32_t u = 0; u < nunits; u++)
        start[u + 2] += start[u + 1];
    for (uint32_t i = 0; i < m->nsymbols; i++) {
        int32_t o = m->symbols[i].kernel;
        if (o >= 0 ? (uint32_t)o < m->nkernels : o <= -2 && (uint32_t)(-2 - o) < m->nfdefs)
            syms[start[(o >= 0 ? (uint32_t)o : m->nkernels + (uint32_t)(-2 - o)) + 1]++] = i;
    }
    for (uint32_t fi = 0; fi < m->nfdefs; fi++)
        print_unit(&b, m, &m->fdefs[fi], syms + start[m->nkernels + fi], start[m->nkernels + fi + 1] - start[m->nkernels + fi], 1);
    for (uint32_t ki = 0; ki < m->nkernels; ki++)
        print_unit(&b, m, &m->kernels[ki], syms + start[ki], start[ki + 1] - start[ki], 0);
    free(start);
    free(syms);
    if (b.oom) {
        free(b.buf);
        return -1;
    }
    *out = b.buf;
    *outlen = b.len;
    return 0;
}

size_t ws_format_register_value(const ws_kernel *k, const uint8_t *is_float, uint32_t reg, uint64_t v, char *buf,
                                size_t cap)
{
    ws_type ty = reg < k->nregs ? (ws_type)k->regs[reg].type : WS_T_B64;
    unsigned bits = ws_type_bits(ty);
    int n;
    if (ty == WS_T_F64) {
        double d;
        memcpy(&d, &v, 8);
        n = snprintf(buf, cap, "%g", d);
    } else if (ty == WS_T_F32 || (is_float && reg < k->nregs && is_float[reg])) {
        uint32_t u = (uint32_t)v;
        float f;
        memcpy(&f, &u, 4);
        n = snprintf(buf, cap, "%g", (double)f);
    } else if (ty == WS_T_PRED) {
        n = snprintf(buf, cap, "%u", (unsigned)(v & 1));
    } else if (ws_type_is_signed(ty)) {
        if (bits && bits < 64) {
            uint64_t sign = 1ull << (bits - 1);
            v = ((v & ((sign << 1) - 1)) ^ sign) - sign;
        }
        n = snprintf(buf, cap, "%" PRId64, (int64_t)v);
    } else if (v >= (1u << 24)) {
        n = snprintf(buf, cap, "0x%" PRIx64, v);
    } else {
        n = snprintf(buf, cap, "%" PRIu64, v);
    }
    return n < 0 ? 0 : (size_t)n;
}

size_t ws_insn_source(const ws_module *m, const ws_insn *in, char *buf, size_t cap)
{
    if (!cap)
        return 0;
    buf[0] = 0;
    if (!in->src_line || in->src_file >= m->nfiles || !m->files[in->src_file])
        return 0;
    const char *path = m->files[in->src_file], *base = strrchr(path, '/');
    int n = snprintf(buf, cap, "%s:%u", base ? base + 1 : path, in->src_line);
    return n < 0 ? 0 : (size_t)n < cap ? (size_t)n : cap - 1;
}

size_t ws_insn_source_aside(const ws_module *m, const ws_insn *in, char *buf, size_t cap)
{
    if (cap < 4) {
        if (cap)
            buf[0] = 0;
        return 0;
    }
    size_t n = ws_insn_source(m, in, buf + 2, cap - 3);
    if (!n) {
        buf[0] = 0;
        return 0;
    }
    buf[0] = ' ', buf[1] = '(';
    buf[n + 2] = ')', buf[n + 3] = 0;
    return n + 3;
}
