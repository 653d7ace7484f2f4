/* test_isa.c: the PTX parser and printer (isa/).
 *
 *  - every .ptx of programs/ (nvcc output) and tests/ptx/ parses;
 *  - the printer round-trips: parse -> print -> parse -> print gives identical text, and the
 *    two parses have the same kernels, instruction counts, opcodes and operands;
 *  - malformed inputs fail with the exact file, line, column and a useful message;
 *  - the parser never crashes on any prefix of a valid file;
 *  - when ptxas is installed (WS_PTXAS), the printer's output is accepted by ptxas -arch=sm_90.
 */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "opcodes.h"

static char *read_file(const char *rel, size_t *len)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", WS_SOURCE_DIR, rel);
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    fseek(f, 0, SEEK_END);
    long n = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *s = malloc((size_t)n + 1);
    assert_non_null(s);
    assert_int_equal(fread(s, 1, (size_t)n, f), (size_t)n);
    fclose(f);
    s[n] = 0;
    *len = (size_t)n;
    return s;
}

/* The .ptx files in a source folder, sorted; returns how many (at most cap). */
static int cmp_str(const void *a, const void *b) { return strcmp(*(char *const *)a, *(char *const *)b); }
static size_t list_ptx(const char *dir, char **names, size_t cap)
{
    char path[1024];
    snprintf(path, sizeof path, "%s/%s", WS_SOURCE_DIR, dir);
    DIR *d = opendir(path);
    assert_non_null(d);
    size_t n = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t l = strlen(e->d_name);
        if (l > 4 && strcmp(e->d_name + l - 4, ".ptx") == 0 && n < cap) {
            names[n] = malloc(strlen(dir) + l + 2);
            assert_non_null(names[n]);
            sprintf(names[n], "%s/%s", dir, e->d_name);
            n++;
        }
    }
    closedir(d);
    qsort(names, n, sizeof *names, cmp_str);
    return n;
}

static ws_module *parse_or_fail(const char *text, size_t len, const char *path)
{
    ws_parse_error e;
    memset(&e, 0, sizeof e);
    ws_module *m = ws_module_parse(text, len, path, &e);
    if (!m)
        fail_msg("%s does not parse: %s:%u:%u: %s\n  %s", path, e.file, e.line, e.column, e.message, e.source_line);
    return m;
}

/* ---- every program parses -------------------------------------------------------------------- */
static void test_programs_parse(void **state)
{
    (void)state;
    char *names[128];
    size_t n = list_ptx("programs", names, 128);
    assert_true(n >= 19); /* the seed programs of programs/README.md */
    size_t m2 = list_ptx("tests/ptx", names + n, 128 - n);
    for (size_t i = 0; i < n + m2; i++) {
        size_t len;
        char *text = read_file(names[i], &len);
        assert_non_null(text);
        ws_module *m = parse_or_fail(text, len, names[i]);
        if (m->nkernels < 1)
            fail_msg("%s: no kernel", names[i]);
        uint32_t most = 0;
        for (uint32_t k = 0; k < m->nkernels; k++) {
            const ws_kernel *kk = &m->kernels[k];
            most = kk->ninsns > most ? kk->ninsns : most;
            /* an empty body is a lone ret (CUB's EmptyKernel); anything else has two or more */
            if (kk->ninsns < 2 && !(kk->ninsns == 1 && kk->insns[0].op == WS_OP_RET))
                fail_msg("%s: kernel %s has %u instructions", names[i], kk->name, kk->ninsns);
        }
        if (most < 2)
            fail_msg("%s: no kernel has two instructions", names[i]);
        ws_module_free(m);
        free(text);
        free(names[i]);
    }
}

/* Known contents of one program, to make sure "parses" means "parses right". */
static void test_warp_reduce_down_decoded(void **state)
{
    (void)state;
    size_t len;
    char *text = read_file("programs/warp_reduce_down.ptx", &len);
    assert_non_null(text);
    ws_module *m = parse_or_fail(text, len, "warp_reduce_down.ptx");
    assert_int_equal(m->nkernels, 1);
    const ws_kernel *k = ws_module_kernel(m, "warp_reduce_down");
    assert_non_null(k);
    assert_int_equal(k->nparams, 2);
    assert_int_equal(k->param_bytes, 16);
    /* 5 shfl.sync.down with c = 31 and membermask -1, the deltas 16 8 4 2 1 in registers */
    unsigned nshfl = 0;
    for (uint32_t i = 0; i < k->ninsns; i++) {
        const ws_insn *in = &k->insns[i];
        if (in->op != WS_OP_SHFL)
            continue;
        nshfl++;
        assert_int_equal(in->sub, WS_SHFL_DOWN);
        assert_int_equal(in->type, WS_T_B32);
        assert_true(in->mods & WS_MOD_SYNC);
        assert_int_equal(in->nops, 5);
        assert_true(in->dpred != WS_NO_REG);
        assert_string_equal(k->regs[in->dpred].name, nshfl == 1 ? "%p1" : nshfl == 2 ? "%p2" : nshfl == 3 ? "%p3" : nshfl == 4 ? "%p4" : "%p5");
    }
    assert_int_equal(nshfl, 5);
    /* the guarded branch: @%p6 bra $L__BB0_2 at line 62, column 2; its target is `ret` */
    int found = 0;
    for (uint32_t i = 0; i < k->ninsns; i++) {
        const ws_insn *in = &k->insns[i];
        if (in->op != WS_OP_BRA)
            continue;
        found = 1;
        assert_int_equal(in->line, 62);
        assert_int_equal(in->col, 2);
        assert_true(in->guard != WS_NO_REG);
        assert_string_equal(k->regs[in->guard].name, "%p6");
        assert_int_equal(in->guard_neg, 0);
        assert_int_equal(in->ops[0].kind, WS_OPND_LABEL);
        assert_int_equal(k->insns[in->ops[0].imm].op, WS_OP_RET);
    }
    assert_true(found);
    ws_module_free(m);
    free(text);
}

/* Immediates in all PTX forms decode to the right bits. */
static void test_immediate_forms(void **state)
{
    (void)state;
    static const char src[] = ".version 9.0\n.target sm_90\n.address_size 64\n"
                              ".visible .entry k()\n{\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<4>;\n"
                              "\t.reg .f32 %f<4>;\n\t.reg .f64 %fd<4>;\n"
                              "\tmov.u32 %r1, 0x7fffffff;\n"      /* 0 */
                              "\tmov.u32 %r2, -1;\n"              /* 1 */
                              "\tmov.f32 %f1, 0f3F800000;\n"      /* 2 */
                              "\tmov.f64 %fd1, 0dC000000000000000;\n" /* 3 */
                              "\tmov.u64 %rd1, 0xffffffffffffffff;\n" /* 4 */
                              "\tmov.s32 %r3, -2147483648;\n"     /* 5 */
                              "\tmov.u32 %r4, 0777;\n"            /* 6: octal */
                              "\tmov.u32 %r5, 0b101;\n"           /* 7: binary */
                              "\tmov.f32 %f2, 1.5;\n"             /* 8 */
                              "\tmov.s64 %rd2, -5;\n"             /* 9 */
                              "\tret;\n}\n";
    ws_module *m = parse_or_fail(src, strlen(src), "imm.ptx");
    const ws_kernel *k = &m->kernels[0];
    static const uint64_t want[] = {0x7fffffffu, 0xffffffffu, 0x3f800000u, 0xc000000000000000ull, ~0ull,
                                    0x80000000u, 0777, 5, 0x3fc00000u, 0xfffffffffffffffbull};
    for (unsigned i = 0; i < 10; i++) {
        assert_int_equal(k->insns[i].ops[1].kind, WS_OPND_IMM);
        if (k->insns[i].ops[1].imm != want[i])
            fail_msg("instruction %u (line %u): immediate 0x%llx, expected 0x%llx", i, k->insns[i].line,
                     (unsigned long long)k->insns[i].ops[1].imm, (unsigned long long)want[i]);
    }
    ws_module_free(m);
}

/* ws_mufu_fixups (opcodes.h): the one answer to which MUFU forms ptxas gives fix-ups, read by the timing model's
 * pipes and issue and by the neg fold (probe_alu3.sass: alu3_rcp 2 FSETP + 2 FSEL a MUFU.RCP, alu3_ex2 FSETP +
 * FSEL, alu3_rcpf_x `MUFU.RCP R4, -R4` with none; docs/calibration.md "(mufu18)"). */
static void test_mufu_fixups(void **state)
{
    (void)state;
    static const char src[] = ".version 9.0\n.target sm_90\n.address_size 64\n"
                              ".visible .entry k()\n{\n\t.reg .f32 %f<4>;\n\t.reg .f64 %fd<4>;\n"
                              "\trcp.approx.f32 %f1, %f2;\n"       /* 0: 4 */
                              "\trcp.approx.ftz.f32 %f1, %f2;\n"   /* 1: 0 */
                              "\tsqrt.approx.f32 %f1, %f2;\n"      /* 2: 2 */
                              "\tsqrt.approx.ftz.f32 %f1, %f2;\n"  /* 3: 0 */
                              "\tex2.approx.f32 %f1, %f2;\n"       /* 4: 2 */
                              "\tex2.approx.ftz.f32 %f1, %f2;\n"   /* 5: 0 */
                              "\tlg2.approx.f32 %f1, %f2;\n"       /* 6: 2 */
                              "\trsqrt.approx.ftz.f32 %f1, %f2;\n" /* 7: 0 */
                              "\trcp.rn.f32 %f1, %f2;\n"           /* 8: -1, ptxas's IEEE sequence */
                              "\tsqrt.rn.f32 %f1, %f2;\n"          /* 9: -1 */
                              "\trcp.rn.f64 %fd1, %fd2;\n"         /* 10: -1, another type */
                              "\tsin.approx.f32 %f1, %f2;\n"       /* 11: -1, FMUL.RZ before the MUFU */
                              "\tadd.f32 %f1, %f1, %f2;\n"         /* 12: -1 */
                              "\tcos.approx.ftz.f32 %f1, %f2;\n"   /* 13: -1, FMUL.RZ */
                              "\ttanh.approx.f32 %f1, %f2;\n"      /* 14: -1, the MUFU alone */
                              "\tret;\n}\n";
    static const int want[] = {4, 0, 2, 0, 2, 0, 2, 0, -1, -1, -1, -1, -1, -1, -1};
    /* ws_mufu_reads_first: an instruction before the MUFU reads the source (the fix-ups' FSETP, FMUL.RZ) */
    static const int first[] = {1, 0, 1, 0, 1, 0, 1, 0, 0, 0, 0, 1, 0, 1, 0};
    ws_module *m = parse_or_fail(src, strlen(src), "mufu.ptx");
    const ws_kernel *k = &m->kernels[0];
    for (unsigned i = 0; i < sizeof want / sizeof *want; i++) {
        if (ws_mufu_fixups(&k->insns[i]) != want[i])
            fail_msg("instruction %u (line %u): %d fix-ups, expected %d", i, k->insns[i].line,
                     ws_mufu_fixups(&k->insns[i]), want[i]);
        if (ws_mufu_reads_first(&k->insns[i]) != first[i])
            fail_msg("instruction %u (line %u): ws_mufu_reads_first %d, expected %d", i, k->insns[i].line,
                     ws_mufu_reads_first(&k->insns[i]), first[i]);
    }
    ws_module_free(m);
}

/* ws_reg_use_reads (opcodes.h): the one "does this instruction read register r" that ws_reg_use_reads_any,
 * ws_reg_use_reads_from and the timing tables' checks (pick.young_upto's slot-a reader, pipe.fma_read3's shared
 * source) build on: a source, the guard and an address base are read; a destination is not, nor WS_NO_REG. */
static void test_reg_use_reads(void **state)
{
    (void)state;
    static const char src[] = ".version 9.0\n.target sm_90\n.address_size 64\n"
                              ".visible .entry k()\n{\n\t.reg .pred %p<2>;\n\t.reg .f32 %f<8>;\n\t.reg .b64 %rd<2>;\n"
                              "\tfma.rn.f32 %f1, %f2, %f3, %f4;\n"    /* 0 */
                              "\tadd.f32 %f5, %f1, %f2;\n"            /* 1: reads 0's value and shares %f2 */
                              "\tmov.f32 %f6, %f7;\n"                 /* 2: nothing of 0 */
                              "\t@%p1 st.global.f32 [%rd1+4], %f6;\n" /* 3: guard, base, value; writes none */
                              "\tret;\n}\n";
    ws_module *m = parse_or_fail(src, strlen(src), "reads.ptx");
    const ws_kernel *k = &m->kernels[0];
    ws_reg_use u[4];
    for (unsigned i = 0; i < 4; i++)
        ws_insn_reg_use(&k->insns[i], &u[i]);
    const ws_insn *fma = &k->insns[0], *st = &k->insns[3];
    assert_true(ws_reg_use_reads(&u[0], fma->ops[1].reg) && ws_reg_use_reads(&u[0], fma->ops[3].reg));
    assert_false(ws_reg_use_reads(&u[0], fma->ops[0].reg)); /* its destination */
    assert_false(ws_reg_use_reads(&u[0], WS_NO_REG));
    assert_true(ws_reg_use_reads(&u[3], st->guard));
    assert_true(ws_reg_use_reads(&u[3], st->ops[0].reg)); /* the address base */
    assert_true(ws_reg_use_reads(&u[3], st->ops[1].reg));
    assert_true(ws_reg_use_reads_from(&u[1], &u[0]));
    assert_false(ws_reg_use_reads_from(&u[0], &u[1]));
    assert_false(ws_reg_use_reads_from(&u[2], &u[0]));
    assert_false(ws_reg_use_reads_from(&u[0], &u[3]));             /* a store writes no register */
    assert_true(ws_reg_use_reads_any(&u[1], u[0].src, u[0].nsrc)); /* %f2 */
    assert_false(ws_reg_use_reads_any(&u[2], u[0].src, u[0].nsrc));
    assert_false(ws_reg_use_reads_any(&u[0], u[0].src, 0));
    ws_module_free(m);
}

/* ---- the printer round trip ---------------------------------------------------------------------- */
static void same_program(const ws_module *a, const ws_module *b, const char *name)
{
    assert_int_equal(a->nkernels, b->nkernels);
    for (uint32_t ki = 0; ki < a->nkernels; ki++) {
        const ws_kernel *ka = &a->kernels[ki], *kb = &b->kernels[ki];
        assert_string_equal(ka->name, kb->name);
        if (ka->ninsns != kb->ninsns)
            fail_msg("%s kernel %s: %u instructions, %u after printing", name, ka->name, ka->ninsns, kb->ninsns);
        assert_int_equal(ka->nparams, kb->nparams);
        assert_int_equal(ka->param_bytes, kb->param_bytes);
        assert_int_equal(ka->shared_bytes, kb->shared_bytes);
        for (uint32_t i = 0; i < ka->ninsns; i++) {
            const ws_insn *x = &ka->insns[i], *y = &kb->insns[i];
            if (x->op != y->op || x->type != y->type || x->type2 != y->type2 || x->sub != y->sub ||
                x->nops != y->nops || x->space != y->space || x->vec != y->vec || x->cmp != y->cmp ||
                x->rnd != y->rnd || x->guard_neg != y->guard_neg || (x->guard == WS_NO_REG) != (y->guard == WS_NO_REG))
                fail_msg("%s kernel %s instruction %u (line %u): %s differs after printing (line %u: %s)", name, ka->name, i,
                         x->line, ws_optable[x->op].mnemonic, y->line, ws_optable[y->op].mnemonic);
            for (unsigned o = 0; o < x->nops; o++) {
                const ws_operand *p = &x->ops[o], *q = &y->ops[o];
                if (p->kind != q->kind || p->imm != q->imm || p->neg != q->neg || p->nvec != q->nvec)
                    fail_msg("%s kernel %s instruction %u (line %u) operand %u differs after printing: kind %d/%d imm "
                             "0x%llx/0x%llx",
                             name, ka->name, i, x->line, o, p->kind, q->kind, (unsigned long long)p->imm,
                             (unsigned long long)q->imm);
                if (p->kind == WS_OPND_REG || p->kind == WS_OPND_ADDR)
                    if ((p->reg == WS_NO_REG) != (q->reg == WS_NO_REG) ||
                        (p->reg != WS_NO_REG && strcmp(ka->regs[p->reg].name, kb->regs[q->reg].name) != 0))
                        fail_msg("%s instruction %u operand %u: register differs", name, i, o);
            }
        }
    }
}

static void round_trip(const char *name, const char *text, size_t len)
{
    ws_module *m1 = parse_or_fail(text, len, name);
    char *p1 = NULL, *p2 = NULL;
    size_t l1 = 0, l2 = 0;
    assert_int_equal(ws_module_print(m1, &p1, &l1), 0);
    assert_non_null(p1);
    assert_int_equal(strlen(p1), l1);
    ws_module *m2 = parse_or_fail(p1, l1, "printed");
    assert_int_equal(ws_module_print(m2, &p2, &l2), 0);
    if (l1 != l2 || memcmp(p1, p2, l1) != 0) {
        /* show the first differing line */
        size_t i = 0, line = 1;
        while (i < l1 && i < l2 && p1[i] == p2[i])
            line += p1[i++] == '\n';
        fail_msg("%s: print(parse(print(parse(x)))) differs from print(parse(x)) at printed line %zu", name, line);
    }
    same_program(m1, m2, name);
    free(p1);
    free(p2);
    ws_module_free(m1);
    ws_module_free(m2);
}

static void test_printer_round_trip(void **state)
{
    (void)state;
    char *names[128];
    size_t n = list_ptx("programs", names, 128);
    n += list_ptx("tests/ptx", names + n, 128 - n);
    for (size_t i = 0; i < n; i++) {
        size_t len;
        char *text = read_file(names[i], &len);
        assert_non_null(text);
        round_trip(names[i], text, len);
        free(text);
        free(names[i]);
    }
}

/* ws_insn_print gives one instruction's text as the module printer does. */
static void test_insn_print(void **state)
{
    (void)state;
    static const char src[] = ".version 9.0\n.target sm_90\n.address_size 64\n"
                              ".visible .entry k()\n{\n\t.reg .pred %p<3>;\n\t.reg .b32 %r<8>;\n\t.reg .b64 %rd<2>;\n"
                              "\tshfl.sync.down.b32 %r1|%p1, %r2, 16, 31, -1;\n"
                              "\t@!%p1 add.s32 %r3, %r1, -7;\n"
                              "\tld.global.cg.u32 %r4, [%rd1];\n"
                              "\tld.global.nc.u32 %r5, [%rd1];\n"
                              "\tret;\n}\n";
    ws_module *m = parse_or_fail(src, strlen(src), "insn.ptx");
    const ws_kernel *k = &m->kernels[0];
    char buf[256];
    size_t n = ws_insn_print(m, k, &k->insns[0], buf, sizeof buf);
    assert_int_equal(n, strlen(buf));
    assert_non_null(strstr(buf, "shfl.sync.down.b32"));
    assert_non_null(strstr(buf, "%r1|%p1"));
    n = ws_insn_print(m, k, &k->insns[1], buf, sizeof buf);
    assert_non_null(strstr(buf, "@!%p1"));
    assert_non_null(strstr(buf, "add.s32"));
    assert_non_null(strstr(buf, "-7"));
    /* the cache operators the timing mode reads (.cg: an L2 hit's latency) survive a print */
    ws_insn_print(m, k, &k->insns[2], buf, sizeof buf);
    assert_non_null(strstr(buf, "ld.global.cg.u32"));
    ws_insn_print(m, k, &k->insns[3], buf, sizeof buf);
    assert_non_null(strstr(buf, "ld.global.nc.u32"));
    ws_module_free(m);
}

/* ---- malformed inputs: file, line, column, message ------------------------------------------------ */

/* The kernel head; body lines start at line 12. */
static const char head[] = ".version 9.0\n"          /* 1 */
                           ".target sm_90\n"         /* 2 */
                           ".address_size 64\n"      /* 3 */
                           "\n"                      /* 4 */
                           ".visible .entry k(\n"    /* 5 */
                           "\t.param .u64 k_p\n"     /* 6 */
                           ")\n"                     /* 7 */
                           "{\n"                     /* 8 */
                           "\t.reg .pred %p<4>;\n"   /* 9 */
                           "\t.reg .b32 %r<10>;\n"   /* 10 */
                           "\t.reg .b64 %rd<4>;\n";  /* 11 */

typedef struct {
    const char *what;
    const char *text;   /* appended to head unless whole */
    int whole;
    unsigned line, col;
    const char *message; /* a substring the message must contain */
} bad_case;

static const bad_case bad_cases[] = {
    {"unknown instruction", "\tfrobnicate.u32 %r1, %r2;\n\tret;\n}\n", 0, 12, 2, "unsupported instruction 'frobnicate'"},
    {"unknown register", "\tadd.u32 %r1, %r99, 1;\n\tret;\n}\n", 0, 12, 15, "unknown register '%r99'"},
    {"unknown register as destination", "\tmov.u32 %q1, 1;\n\tret;\n}\n", 0, 12, 10, "'%q1'"},
    {"missing ';'", "\tmov.u32 %r1, 1\n\tmov.u32 %r2, 2;\n\tret;\n}\n", 0, 13, 2, "expected ',' or ';' after the operand, found 'mov.u32'"},
    {"bad suffix", "\tadd.q32 %r1, %r2, 1;\n\tret;\n}\n", 0, 12, 2, "unknown suffix '.q32' for 'add'"},
    {"too few operands", "\tadd.u32 %r1, %r2;\n\tret;\n}\n", 0, 12, 18, "'add' needs 3 operands, found 2"},
    {"too many operands", "\tadd.u32 %r1, %r2, %r3, %r4;\n\tret;\n}\n", 0, 12, 25, "too many operands for 'add': it takes 3"},
    {"undefined label", "\tbra $L_nowhere;\n\tret;\n}\n", 0, 12, 2, "branch to undefined label '$L_nowhere'"},
    {"shfl without .sync", "\tshfl.down.b32 %r1, %r2, 1, 31;\n\tret;\n}\n", 0, 12, 2, "only the .sync forms"},
    {"vote without .sync", "\tvote.ballot.b32 %r1, %p1;\n\tret;\n}\n", 0, 12, 2, "only the .sync forms"},
    {"bad number", "\tmov.u32 %r1, 12x;\n\tret;\n}\n", 0, 12, 15, "expected a number, found '12x'"},
    {"bad hex number", "\tmov.u32 %r1, 0xZZ;\n\tret;\n}\n", 0, 12, 15, "'0xZZ'"},
    {"number too large", "\tmov.u64 %rd1, 0x1ffffffffffffffff;\n\tret;\n}\n", 0, 12, 16, "does not fit in 64 bits"},
    {"float for an integer", "\tadd.u32 %r1, %r2, 1.5;\n\tret;\n}\n", 0, 12, 20, "expected an integer for .u32"},
    {"unterminated body", "\tmov.u32 %r1, 1;\n\tret;\n", 0, 14, 1, "expected '}' to close the kernel body, found end of file"},
    {"duplicate label", "$L1:\n\tmov.u32 %r1, 1;\n$L1:\n\tret;\n}\n", 0, 14, 1, "label '$L1' is defined twice"},
    {"ld vector count mismatch", "\tld.global.v4.u32 {%r1, %r2}, [%rd1];\n\tret;\n}\n", 0, 12, 2, "moves 4 value(s) but the operand has 2"},
    {"st vector count mismatch", "\tst.global.v2.u32 [%rd1], %r1;\n\tret;\n}\n", 0, 12, 2, "moves 2 value(s) but the operand has 1"},
    {"unknown variable in address", "\tld.global.u32 %r1, [nowhere];\n\tret;\n}\n", 0, 12, 22, "unknown register or variable 'nowhere'"},
    {"carry arithmetic on bits", "\tadd.cc.b32 %r1, %r2, %r3;\n\tret;\n}\n", 0, 12, 2,
     "carry arithmetic takes .u32, .s32, .u64 or .s64"},
    {"cvta without space", "\tcvta.u64 %rd1, %rd2;\n\tret;\n}\n", 0, 12, 2, "cvta needs a state space"},
    {"setp without comparison", "\tsetp.u32 %p1, %r1, %r2;\n\tret;\n}\n", 0, 12, 2, "needs a comparison"},
    {"missing type", "\tadd %r1, %r2, 1;\n\tret;\n}\n", 0, 12, 2, "'add' needs a type suffix"},
    {"cvt with one type", "\tcvt.u32 %r1, %rd1;\n\tret;\n}\n", 0, 12, 2, "needs two types"},
    {"shfl of .b64", "\tshfl.sync.down.b64 %rd1, %rd2, 1, 31, -1;\n\tret;\n}\n", 0, 12, 2, "shfl.sync moves .b32 values"},
    {"register declared twice", "\t.reg .b32 %r<4>;\n\tret;\n}\n", 0, 12, 12, "register '%r0' is declared twice"},
    {"unexpected character", "\tmov.u32 %r1, %r2 ^ 3;\n\tret;\n}\n", 0, 12, 19, "unexpected character '^'"},
    {"number as a predicate", "\tsetp.lt.u32 %p1, %r1, %r2, 5;\n\tret;\n}\n", 0, 12, 29, "expected a predicate register, found a number"},
    {"guard not a predicate", "\t@%r1 bra $L;\n$L:\n\tret;\n}\n", 0, 12, 3, "not a .pred register"},
    {"call of a .func without a body", ".version 9.0\n.target sm_90\n.address_size 64\n.extern .func f();\n"
     ".visible .entry k()\n{\n\tcall.uni f;\n}\n", 1, 7, 2, "call to 'f': the module has no body for it"},
    {"missing .version", ".target sm_90\n.address_size 64\n", 1, 3, 1, "missing .version directive"},
    {".address_size 32", ".version 9.0\n.target sm_90\n.address_size 32\n", 1, 3, 15, "only .address_size 64 is supported"},
    {"kernel defined twice",
     ".version 9.0\n.target sm_90\n.address_size 64\n.visible .entry k()\n{\n\tret;\n}\n.visible .entry k()\n{\n\tret;\n}\n", 1, 8,
     17, "kernel 'k' is defined twice"},
};

static void test_malformed_inputs(void **state)
{
    (void)state;
    size_t n = sizeof bad_cases / sizeof bad_cases[0];
    assert_true(n >= 15);
    int bad = 0;
    for (size_t i = 0; i < n; i++) {
        const bad_case *c = &bad_cases[i];
        char text[2048];
        snprintf(text, sizeof text, "%s%s", c->whole ? "" : head, c->text);
        ws_parse_error e;
        memset(&e, 0, sizeof e);
        ws_module *m = ws_module_parse(text, strlen(text), "bad.ptx", &e);
        if (m) {
            print_error("%s: parsed, expected an error at %u:%u\n", c->what, c->line, c->col);
            ws_module_free(m);
            bad++;
            continue;
        }
        if (strcmp(e.file, "bad.ptx") != 0 || e.line != c->line || e.column != c->col || !strstr(e.message, c->message)) {
            print_error("%s: got %s:%u:%u: %s\n      expected bad.ptx:%u:%u: ...%s...\n", c->what, e.file, e.line,
                        e.column, e.message, c->line, c->col, c->message);
            bad++;
        }
        /* the source line is the line the error names */
        const char *s = text;
        for (unsigned l = 1; l < e.line && *s; s++)
            l += *s == '\n';
        size_t ll = strcspn(s, "\n");
        if (strlen(e.source_line) != ll || strncmp(e.source_line, s, ll) != 0) {
            print_error("%s: source_line '%s', expected '%.*s'\n", c->what, e.source_line, (int)ll, s);
            bad++;
        }
    }
    if (bad)
        fail_msg("%d of %zu malformed inputs gave the wrong error", bad, n);
}

/* ws_module_load: a missing file is an error naming the file, with no line */
static void test_load_missing_file(void **state)
{
    (void)state;
    ws_parse_error e;
    memset(&e, 0, sizeof e);
    ws_module *m = ws_module_load("/nonexistent/dir/k.ptx", &e);
    assert_null(m);
    assert_string_equal(e.file, "/nonexistent/dir/k.ptx");
    assert_int_equal(e.line, 0);
    assert_non_null(strstr(e.message, "cannot open"));
}

/* ---- hostile and large inputs: ptxas's limits, no tighter; errors located -------------------------- */

/* A growing string for the generated modules below. */
typedef struct {
    char *s;
    size_t len, cap;
} gen;

static void gen_add(gen *g, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    assert_true(n >= 0);
    if (g->len + (size_t)n + 1 > g->cap) {
        g->cap = (g->len + (size_t)n + 1) * 2;
        g->s = realloc(g->s, g->cap);
        assert_non_null(g->s);
    }
    va_start(ap, fmt);
    vsnprintf(g->s + g->len, g->cap - g->len, fmt, ap);
    va_end(ap);
    g->len += (size_t)n;
}

#define MODULE_HEAD ".version 9.0\n.target sm_90\n.address_size 64\n"

static void expect_refused(const char *text, unsigned line, unsigned col, const char *message)
{
    ws_parse_error e;
    ws_module *m = ws_module_parse(text, strlen(text), "hostile.ptx", &e);
    if (m) {
        ws_module_free(m);
        fail_msg("parsed, expected %u:%u: ...%s...", line, col, message);
    }
    if (e.line != line || e.column != col || !strstr(e.message, message))
        fail_msg("got %u:%u: %s; expected %u:%u: ...%s...", e.line, e.column, e.message, line, col, message);
}

static void test_hostile_inputs(void **state)
{
    (void)state;
    char name[1100];
    /* registers of nested blocks with long names that share their first 300 characters, and a
     * later name that looks like a renamed one: all unique when printed, the same when parsed again */
    memset(name, 'a', 1000);
    name[1000] = 0;
    gen g = {0};
    gen_add(&g, MODULE_HEAD ".visible .entry k()\n{\n");
    for (int i = 0; i < 4; i++)
        gen_add(&g, "{\n.reg .b32 %%%s%d;\nmov.u32 %%%s%d, %d;\n}\n", name, i % 2, name, i % 2, i);
    gen_add(&g, "{\n.reg .b32 %%x;\nmov.u32 %%x, 1;\n}\n.reg .b32 %%x$s1;\n.reg .b32 %%x$s5;\nmov.u32 %%x$s1, 2;\n"
                "mov.u32 %%x$s5, 3;\nret;\n}\n");
    round_trip("long nested names", g.s, g.len);
    /* 1663 nested blocks (ptxas's parser's depth), each declaring the same name */
    g.len = 0;
    gen_add(&g, MODULE_HEAD ".visible .entry k()\n{\n");
    for (int i = 0; i < 1663; i++)
        gen_add(&g, "{ .reg .b32 %%q;\nmov.u32 %%q, %d;\n", i);
    for (int i = 0; i < 1663; i++)
        gen_add(&g, "}\n");
    gen_add(&g, "ret;\n}\n");
    round_trip("1663 nested blocks", g.s, g.len);
    /* 30000 blocks after one another (linear: the names of a closed block are undone one by one) */
    g.len = 0;
    gen_add(&g, MODULE_HEAD ".visible .entry k()\n{\n");
    for (int i = 0; i < 30000; i++)
        gen_add(&g, "{ .reg .b32 %%q;\nmov.u32 %%q, %d;\n}\n", i);
    gen_add(&g, "ret;\n}\n");
    ws_module *m = parse_or_fail(g.s, g.len, "30000 blocks");
    assert_int_equal(m->kernels[0].nregs, 30000);
    ws_module_free(m);
    /* 32764 one-byte parameters and an 8 KiB parameter array: ptxas's 32764 bytes of them */
    g.len = 0;
    gen_add(&g, MODULE_HEAD ".visible .entry k(.param .align 8 .b8 big[8192]");
    for (int i = 0; i < 32764 - 8192; i++)
        gen_add(&g, ", .param .u8 p%d", i);
    gen_add(&g, ")\n{\nret;\n}\n");
    m = parse_or_fail(g.s, g.len, "32764 bytes of parameters");
    assert_int_equal(m->kernels[0].nparams, 32764 - 8192 + 1);
    assert_int_equal(m->kernels[0].param_bytes, 32764);
    ws_module_free(m);
    free(g.s);

    /* sizes that overflow 64 bits are refused, not wrapped (sm[2^32][2^32] is not sm[0]) */
    expect_refused(MODULE_HEAD ".visible .entry k()\n{\n.shared .b8 sm[4294967296][4294967296];\nret;\n}\n", 6, 13,
                   "larger than 4 GiB");
    expect_refused(MODULE_HEAD ".visible .entry k()\n{\n.param .b64 x[2305843009213693953];\nret;\n}\n", 6, 13,
                   "call parameter size out of range");
    /* an unterminated comment is located where it starts, a byte as an escape and its value */
    expect_refused(MODULE_HEAD ".visible .entry k()\n{\n/* no end\nret;\nret;\n}\n", 6, 1, "unterminated comment");
    expect_refused(MODULE_HEAD ".visible .entry k()\n{\nret; \xaf\n}\n", 6, 6, "unexpected character \\xAF (byte 0xaf)");
    expect_refused(MODULE_HEAD ".file 1 \"abc\n.visible .entry k()\n{\nret;\n}\n", 4, 9, "unterminated string");
    static const char nul[] = MODULE_HEAD ".visible .entry k()\n{\nret; \0\n}\n"; /* a NUL byte is no punctuation */
    ws_parse_error e0;
    assert_null(ws_module_parse(nul, sizeof nul - 1, "nul.ptx", &e0));
    assert_int_equal(e0.line, 6);
    assert_int_equal(e0.column, 6);
    assert_string_equal(e0.message, "unexpected character \\x00 (byte 0x00)");
    /* the caret of an error far into a line: a window of the line, the column in it */
    g = (gen){0};
    gen_add(&g, MODULE_HEAD ".visible .entry k()\n{\n");
    for (int i = 0; i < 400; i++)
        gen_add(&g, " ");
    gen_add(&g, "ret; frob;\n}\n");
    ws_parse_error e;
    assert_null(ws_module_parse(g.s, g.len, "window.ptx", &e));
    assert_int_equal(e.column, 406);
    assert_true(e.source_column > 0 && e.source_column < sizeof e.source_line);
    assert_int_equal(strncmp(e.source_line + e.source_column - 1, "frob", 4), 0);
    free(g.s);
    /* the memory limit covers the parse: a limit it passes is an error that says so */
    static const char many_regs[] = MODULE_HEAD ".visible .entry k()\n{\n.reg .b32 %r<1000000>;\nret;\n}\n";
    assert_null(ws_module_parse_limited(many_regs, strlen(many_regs), "regs.ptx", 1 << 20, &e));
    assert_true(e.limit);
    assert_non_null(strstr(e.message, "memory limit reached: the module needs more than 1048576 bytes"));
    m = ws_module_parse_limited(many_regs, strlen(many_regs), "regs.ptx", 1 << 30, &e);
    assert_non_null(m);
    assert_true(m->memory_bytes > 1000000 * sizeof(ws_reg_info) && m->memory_bytes < (1 << 30));
    ws_module_free(m);
    /* a directory or a device is said to be one */
    assert_null(ws_module_load(WS_SOURCE_DIR "/tests", &e));
    assert_string_equal(e.message, "a directory, not a PTX file");
    assert_null(ws_module_load("/dev/null", &e));
    assert_string_equal(e.message, "a character device, not a PTX file");
}

/* ---- truncations never crash ----------------------------------------------------------------------- */
static void parse_prefixes(const char *rel, size_t step)
{
    size_t len;
    char *text = read_file(rel, &len);
    assert_non_null(text);
    size_t ok = 0, failed = 0;
    for (size_t n = 0; n <= len; n += (n + step < len || n == len) ? step : len - n) {
        /* a heap copy of exactly n bytes, so that ASan sees any read past the end */
        char *copy = malloc(n ? n : 1);
        assert_non_null(copy);
        memcpy(copy, text, n);
        ws_parse_error e;
        memset(&e, 0, sizeof e);
        ws_module *m = ws_module_parse(copy, n, rel, &e);
        if (m) {
            ok++;
            ws_module_free(m);
        } else {
            failed++;
            if (!e.message[0])
                fail_msg("%s truncated to %zu bytes: error without a message", rel, n);
            if (e.line == 0 && n > 0)
                fail_msg("%s truncated to %zu bytes: error without a line: %s", rel, n, e.message);
        }
        free(copy);
        if (n == len)
            break;
    }
    assert_true(failed > 0);
    assert_true(ok >= 1); /* at least the whole file */
    free(text);
}

static void test_truncations_never_crash(void **state)
{
    (void)state;
    parse_prefixes("programs/warp_reduce_down.ptx", 1);
    parse_prefixes("programs/shfl_xor_16.ptx", 1);
    parse_prefixes("programs/block_scan.ptx", 1);
    parse_prefixes("programs/ballot_compact.ptx", 1);
    parse_prefixes("tests/ptx/kitchen_sink.ptx", 1);
    parse_prefixes("tests/ptx/calls.ptx", 1);      /* .func bodies, call sequences */
    parse_prefixes("tests/ptx/lineinfo_g.ptx", 1); /* .file, .loc, DWARF sections */
    parse_prefixes("tests/ptx/sm90_forms.ptx", 1); /* the carry chain, bmsk, szext, elect */
    parse_prefixes("tests/ptx/cdp.ptx", 1);        /* kernel addresses, the device runtime's calls */
}

/* ---- ptxas accepts what the printer writes ----------------------------------------------------------- */
static void test_printer_output_accepted_by_ptxas(void **state)
{
    (void)state;
#ifdef WS_PTXAS
    char *names[128];
    size_t n = list_ptx("programs", names, 128);
    n += list_ptx("tests/ptx", names + n, 128 - n);
    char dir[] = "/tmp/ws_test_isa_XXXXXX";
    assert_non_null(mkdtemp(dir));
    for (size_t i = 0; i < n; i++) {
        size_t len;
        char *text = read_file(names[i], &len);
        ws_module *m = parse_or_fail(text, len, names[i]);
        char *out;
        size_t outlen;
        assert_int_equal(ws_module_print(m, &out, &outlen), 0);
        char path[512], cmd[2048];
        snprintf(path, sizeof path, "%s/printed.ptx", dir);
        FILE *f = fopen(path, "wb");
        assert_non_null(f);
        fwrite(out, 1, outlen, f);
        fclose(f);
        /* device-side launches call the device runtime, which cudadevrt provides at link time:
         * such a module is relocatable code (nvcc -rdc=true), compiled with -c */
        snprintf(cmd, sizeof cmd, "'%s' -arch=sm_90 %s'%s' -o '%s/out.cubin' 2>&1", WS_PTXAS,
                 strstr(out, "__cudaCDP2") ? "-c " : "", path, dir);
        int rc = system(cmd);
        if (rc != 0)
            fail_msg("ptxas rejects the printed %s (status %d)", names[i], rc);
        free(out);
        ws_module_free(m);
        free(text);
        free(names[i]);
        unlink(path);
        snprintf(path, sizeof path, "%s/out.cubin", dir);
        unlink(path);
    }
    rmdir(dir);
#else
    skip();
#endif
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_programs_parse),
        cmocka_unit_test(test_warp_reduce_down_decoded),
        cmocka_unit_test(test_immediate_forms),
        cmocka_unit_test(test_mufu_fixups),
        cmocka_unit_test(test_reg_use_reads),
        cmocka_unit_test(test_printer_round_trip),
        cmocka_unit_test(test_insn_print),
        cmocka_unit_test(test_malformed_inputs),
        cmocka_unit_test(test_load_missing_file),
        cmocka_unit_test(test_hostile_inputs),
        cmocka_unit_test(test_truncations_never_crash),
        cmocka_unit_test(test_printer_output_accepted_by_ptxas),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
