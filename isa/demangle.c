/* A small Itanium C++ demangler for kernel names (see demangle.h).
 *
 * The grammar it knows, from the Itanium C++ ABI's "Mangling" chapter:
 *   <encoding>      ::= _Z <name> <bare-function-type>
 *   <name>          ::= N [K|V|r...] <prefix components> E | St <unqualified> | <unqualified> [<template-args>]
 *   <template-args> ::= I <template-arg>+ E;  <template-arg> ::= <type> | L <type> <value> E
 *   <type>          ::= <builtin> | K|V|r <type> | P|R|O <type> | <name> | S_ | S<n>_ | T_ | T<n>_
 * with the substitution table (S_ is the first candidate, S0_ the second, ...): every prefix of
 * a nested name, template names, and every type that is not a builtin. A template function's
 * bare-function-type starts with its return type. Anything else (operators, constructors,
 * lambdas, local names, function and array types, packs, expressions) is refused: the name is
 * then matched only as it is written. */
#include "demangle.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define DM_LEN  512
#define DM_SUBS 64

typedef struct {
    const char *p;
    int fail;
    char subs[DM_SUBS][DM_LEN];
    int nsubs;
    char targs[16][DM_LEN]; /* the function's template arguments, for T_ */
    int ntargs;
} dm;

/* The parts of a demangled function name. */
typedef struct {
    char ret[DM_LEN];    /* the return type of a template function, else "" */
    char name[DM_LEN];   /* qualified, with the function's template arguments: ns::foo<int> */
    char base[DM_LEN];   /* qualified, without them: ns::foo */
    char last[DM_LEN];   /* the last component alone: foo */
    char params[DM_LEN]; /* (int*, float) */
} dm_parts;

static void cat(dm *d, char *dst, const char *s)
{
    size_t n = strlen(dst), m = strlen(s);
    if (n + m >= DM_LEN) {
        d->fail = 1;
        return;
    }
    memcpy(dst + n, s, m + 1);
}

static void add_sub(dm *d, const char *s)
{
    if (d->nsubs == DM_SUBS) {
        d->fail = 1;
        return;
    }
    snprintf(d->subs[d->nsubs++], DM_LEN, "%s", s);
}

static long number(dm *d)
{
    long n = 0;
    if (!isdigit((unsigned char)*d->p)) {
        d->fail = 1;
        return 0;
    }
    while (isdigit((unsigned char)*d->p) && n < 100000)
        n = n * 10 + (*d->p++ - '0');
    return n;
}

static void source_name(dm *d, char *out)
{
    long n = number(d);
    if (d->fail || n <= 0 || n >= DM_LEN || memchr(d->p, 0, (size_t)n)) {
        d->fail = 1;
        return;
    }
    if (n >= 11 && strncmp(d->p, "_GLOBAL__N_", 11) == 0)
        snprintf(out, DM_LEN, "(anonymous namespace)");
    else
        snprintf(out, DM_LEN, "%.*s", (int)n, d->p);
    d->p += n;
}

/* S_ = the first candidate, S<base-36 n>_ = candidate n + 1; St = std */
static int substitution(dm *d, char *out)
{
    if (d->p[0] != 'S')
        return 0;
    if (d->p[1] == 't') {
        d->p += 2;
        snprintf(out, DM_LEN, "std");
        return 1;
    }
    d->p++;
    long idx = 0;
    if (*d->p != '_') {
        long v = 0;
        while (isdigit((unsigned char)*d->p) || isupper((unsigned char)*d->p)) {
            v = v * 36 + (isdigit((unsigned char)*d->p) ? *d->p - '0' : *d->p - 'A' + 10);
            d->p++;
        }
        idx = v + 1;
    }
    if (*d->p != '_' || idx >= d->nsubs) {
        d->fail = 1;
        return 1;
    }
    d->p++;
    snprintf(out, DM_LEN, "%s", d->subs[idx]);
    return 1;
}

static void type(dm *d, char *out);

static const char *builtin(char c)
{
    switch (c) {
    case 'v': return "void";
    case 'w': return "wchar_t";
    case 'b': return "bool";
    case 'c': return "char";
    case 'a': return "signed char";
    case 'h': return "unsigned char";
    case 's': return "short";
    case 't': return "unsigned short";
    case 'i': return "int";
    case 'j': return "unsigned int";
    case 'l': return "long";
    case 'm': return "unsigned long";
    case 'x': return "long long";
    case 'y': return "unsigned long long";
    case 'n': return "__int128";
    case 'o': return "unsigned __int128";
    case 'f': return "float";
    case 'd': return "double";
    case 'e': return "long double";
    case 'g': return "__float128";
    case 'z': return "...";
    default: return NULL;
    }
}

/* L <type> <value> E: an integer or bool template argument, as c++filt prints it */
static void literal(dm *d, char *out)
{
    char t = *d->p++;
    int neg = *d->p == 'n';
    if (neg)
        d->p++;
    const char *digits = d->p;
    while (isdigit((unsigned char)*d->p))
        d->p++;
    int nd = (int)(d->p - digits);
    if (nd == 0 || *d->p != 'E') {
        d->fail = 1;
        return;
    }
    d->p++;
    const char *suffix = t == 'j' ? "u" : t == 'l' ? "l" : t == 'm' ? "ul" : t == 'x' ? "ll" : t == 'y' ? "ull" : "";
    if (t == 'b')
        snprintf(out, DM_LEN, "%s", digits[0] == '0' ? "false" : "true");
    else if (t == 'i' || t == 'j' || t == 'l' || t == 'm' || t == 'x' || t == 'y')
        snprintf(out, DM_LEN, "%s%.*s%s", neg ? "-" : "", nd, digits, suffix);
    else if (builtin(t))
        snprintf(out, DM_LEN, "(%s)%s%.*s", builtin(t), neg ? "-" : "", nd, digits);
    else
        d->fail = 1;
}

/* I <template-arg>+ E into "<a, b>"; record: these are the function's (T_ reads them) */
static void template_args(dm *d, char *out, int record)
{
    d->p++; /* I */
    snprintf(out, DM_LEN, "<");
    int n = 0;
    if (record)
        d->ntargs = 0;
    while (*d->p && *d->p != 'E' && !d->fail) {
        char arg[DM_LEN] = "";
        if (*d->p == 'L') {
            d->p++;
            literal(d, arg);
        } else {
            type(d, arg);
        }
        if (record && d->ntargs < 16)
            snprintf(d->targs[d->ntargs++], DM_LEN, "%s", arg);
        if (n++)
            cat(d, out, ", ");
        cat(d, out, arg);
    }
    if (*d->p != 'E' || n == 0) {
        d->fail = 1;
        return;
    }
    d->p++;
    /* "a<b<int> >" is how older tools print it; c++filt today writes ">>" */
    cat(d, out, ">");
}

/* <name>: nested (N...E), std::, substitution-started or unscoped, with template arguments.
 * is_function: the name of the function being encoded (its full name is no candidate).
 * Fills out (with the last template arguments), base (without them), last (last component). */
static void name(dm *d, char *out, char *base, char *last, int is_function, int *templated)
{
    char cur[DM_LEN] = "", comp[DM_LEN] = "";
    int from_sub = 0;
    *templated = 0;
    if (*d->p == 'N') {
        d->p++;
        while (*d->p == 'K' || *d->p == 'V' || *d->p == 'r') /* member function cv: not in kernels */
            d->p++;
        while (*d->p && *d->p != 'E' && !d->fail) {
            if (*d->p == 'I') {
                if (!cur[0]) {
                    d->fail = 1;
                    return;
                }
                add_sub(d, cur); /* a template prefix */
                snprintf(base, DM_LEN, "%s", cur);
                char args[DM_LEN];
                template_args(d, args, is_function);
                cat(d, cur, args);
                *templated = 1;
            } else {
                if (!substitution(d, comp)) {
                    if (!isdigit((unsigned char)*d->p)) {
                        d->fail = 1; /* operators, constructors, lambdas, local names */
                        return;
                    }
                    source_name(d, comp);
                    snprintf(last, DM_LEN, "%s", comp);
                    if (cur[0])
                        cat(d, cur, "::");
                    cat(d, cur, comp);
                } else {
                    const char *c = strrchr(comp, ':');
                    snprintf(last, DM_LEN, "%s", c ? c + 1 : comp);
                    snprintf(cur, DM_LEN, "%s", comp);
                }
                snprintf(base, DM_LEN, "%s", cur);
                *templated = 0;
            }
            if (*d->p != 'E' && *d->p != 'I' && !d->fail)
                add_sub(d, cur); /* a prefix */
        }
        if (*d->p != 'E') {
            d->fail = 1;
            return;
        }
        d->p++;
        if (!is_function)
            add_sub(d, cur);
        snprintf(out, DM_LEN, "%s", cur);
        return;
    }
    if (d->p[0] == 'S' && d->p[1] == 't') { /* std::name */
        d->p += 2;
        source_name(d, comp);
        snprintf(cur, DM_LEN, "std::");
        cat(d, cur, comp);
    } else if (d->p[0] == 'S') { /* a substitution used as a (template) name */
        substitution(d, cur);
        if (*d->p != 'I') {
            snprintf(out, DM_LEN, "%s", cur);
            snprintf(base, DM_LEN, "%s", cur);
            const char *c = strrchr(cur, ':');
            snprintf(last, DM_LEN, "%s", c ? c + 1 : cur);
            return;
        }
        from_sub = 1;
    } else if (isdigit((unsigned char)*d->p)) {
        source_name(d, comp);
        snprintf(cur, DM_LEN, "%s", comp);
    } else {
        d->fail = 1;
        return;
    }
    snprintf(base, DM_LEN, "%s", cur);
    const char *c = strrchr(cur, ':');
    snprintf(last, DM_LEN, "%s", c ? c + 1 : cur);
    if (*d->p == 'I') {
        if (!from_sub)
            add_sub(d, cur); /* an unscoped template name */
        char args[DM_LEN];
        template_args(d, args, is_function);
        cat(d, cur, args);
        *templated = 1;
        if (!is_function)
            add_sub(d, cur);
    } else if (!is_function) {
        add_sub(d, cur); /* a class type */
    }
    snprintf(out, DM_LEN, "%s", cur);
}

static void type(dm *d, char *out)
{
    out[0] = 0;
    if (d->fail || !*d->p) {
        d->fail = 1;
        return;
    }
    char c = *d->p;
    const char *b = builtin(c);
    if (b) {
        d->p++;
        snprintf(out, DM_LEN, "%s", b);
        return;
    }
    char inner[DM_LEN] = "";
    switch (c) {
    case 'K':
    case 'V':
    case 'r':
        d->p++;
        type(d, inner);
        snprintf(out, DM_LEN, "%s", inner);
        cat(d, out, c == 'K' ? " const" : c == 'V' ? " volatile" : " __restrict");
        add_sub(d, out);
        return;
    case 'P':
    case 'R':
    case 'O':
        d->p++;
        type(d, inner);
        snprintf(out, DM_LEN, "%s", inner);
        cat(d, out, c == 'P' ? "*" : c == 'R' ? "&" : "&&");
        add_sub(d, out);
        return;
    case 'T': { /* a template parameter of the function */
        d->p++;
        long idx = 0;
        if (*d->p != '_')
            idx = number(d) + 1;
        if (*d->p != '_' || idx >= d->ntargs) {
            d->fail = 1;
            return;
        }
        d->p++;
        snprintf(out, DM_LEN, "%s", d->targs[idx]);
        add_sub(d, out);
        return;
    }
    case 'D':
        if (d->p[1] == 'n') {
            d->p += 2;
            snprintf(out, DM_LEN, "decltype(nullptr)");
            return;
        }
        if (d->p[1] == 'h') {
            d->p += 2;
            snprintf(out, DM_LEN, "half");
            return;
        }
        d->fail = 1;
        return;
    case 'S':
        if (d->p[1] != 't') {
            substitution(d, out);
            if (*d->p == 'I') { /* a substituted template name with arguments */
                char args[DM_LEN];
                template_args(d, args, 0);
                cat(d, out, args);
                add_sub(d, out);
            }
            return;
        }
        /* std::name */
        /* fall through */
    default: {
        if (c != 'N' && c != 'S' && !isdigit((unsigned char)c)) {
            d->fail = 1; /* function, array, member pointer, pack, decltype types */
            return;
        }
        char base[DM_LEN], last[DM_LEN];
        int templated;
        name(d, out, base, last, 0, &templated);
        return;
    }
    }
}

/* The parser's state is 40 KiB (the substitution and template-argument tables): not on the
 * stack, and not a thread-local either, whose block every process start zeroes (ten page
 * faults) whether it demangles or not. It is allocated for the call, after the "_Z" check that
 * turns away every C kernel name. */
static int demangle_into(dm *d, const char *mangled, dm_parts *r)
{
    d->p = mangled + 2;
    d->fail = 0;
    d->nsubs = d->ntargs = 0;
    int templated;
    name(d, r->name, r->base, r->last, 1, &templated);
    if (d->fail)
        return -1;
    if (templated) {
        type(d, r->ret);
        if (d->fail)
            return -1;
    }
    snprintf(r->params, DM_LEN, "(");
    if (!*d->p) /* a function has at least one parameter type (v: none) */
        return -1;
    if (d->p[0] == 'v' && d->p[1] == 0) {
        d->p++;
    } else {
        for (int n = 0; *d->p && !d->fail; n++) {
            char t[DM_LEN];
            type(d, t);
            if (n)
                cat(d, r->params, ", ");
            cat(d, r->params, t);
        }
    }
    cat(d, r->params, ")");
    return d->fail || *d->p ? -1 : 0;
}

static int demangle_parts(const char *mangled, dm_parts *r)
{
    memset(r, 0, sizeof *r);
    if (strncmp(mangled, "_Z", 2) != 0)
        return -1;
    dm *d = malloc(sizeof *d);
    if (!d)
        return -1;
    int rc = demangle_into(d, mangled, r);
    free(d);
    return rc;
}

int ws_demangle(const char *mangled, char *out, size_t cap)
{
    dm_parts r;
    if (!cap || demangle_parts(mangled, &r) != 0)
        return -1;
    int n = snprintf(out, cap, "%s%s%s%s", r.ret, r.ret[0] ? " " : "", r.name, r.params);
    return n < 0 || (size_t)n >= cap ? -1 : 0;
}

/* Spaces that separate two words stay (unsigned int); the others go (int *, a<b, c>). */
static void squeeze(const char *s, char *out, size_t cap)
{
    size_t n = 0;
    for (const char *p = s; *p && n + 1 < cap; p++) {
        if (*p == ' ') {
            const char *q = p;
            while (*q == ' ')
                q++;
            int word_before = n && (isalnum((unsigned char)out[n - 1]) || out[n - 1] == '_');
            int word_after = isalnum((unsigned char)*q) || *q == '_';
            if (word_before && word_after)
                out[n++] = ' ';
            p = q - 1;
            continue;
        }
        out[n++] = *p;
    }
    out[n] = 0;
}

int ws_kernel_name_matches(const char *mangled, const char *query)
{
    if (strcmp(mangled, query) == 0)
        return 1;
    dm_parts r;
    if (demangle_parts(mangled, &r) != 0)
        return 0;
    char q[DM_LEN * 2], cand[DM_LEN * 3], full[DM_LEN * 3];
    squeeze(query, q, sizeof q);
    snprintf(full, sizeof full, "%s%s%s%s", r.ret, r.ret[0] ? " " : "", r.name, r.params);
    const char *forms[5] = {full, NULL, r.name, r.base, r.last};
    char noret[DM_LEN * 2];
    snprintf(noret, sizeof noret, "%s%s", r.name, r.params);
    forms[1] = noret;
    for (int i = 0; i < 5; i++) {
        squeeze(forms[i], cand, sizeof cand);
        if (strcmp(cand, q) == 0)
            return 1;
    }
    return 0;
}
