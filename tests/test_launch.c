/* test_launch.c: the run specification (cli/launch.h): every SPEC form and INIT, labels,
 * scalars of every type and their range errors, options, ARGSFILEs, located error messages,
 * the rand generator's exact bits, and the limits. */
#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "launch.h"

/* ---------------------------------------------------------------------------------------- */
/* Helpers                                                                                   */

/* Parses one SPEC as command-line argument 1; returns the status. */
static int spec(ws_launch *l, const char *s, ws_launch_error *e)
{
    return ws_launch_parse_spec(l, s, NULL, 1, 1, e);
}

/* The formatted error (without the source lines). */
static const char *errtext(const ws_launch_error *e)
{
    static _Thread_local char buf[1024]; /* test helper only */
    ws_launch_error_format(e, false, buf, sizeof buf);
    return buf;
}

/* Asserts that SPEC s fails with exactly the message want ("argument 1, column C: ..."). */
static void spec_fails(const char *s, const char *want)
{
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    int r = spec(&l, s, &e);
    if (r != -1 || strcmp(errtext(&e), want) != 0)
        fail_msg("SPEC '%s'\n  got    %d: %s\n  wanted -1: %s", s, r, r < 0 ? errtext(&e) : "",
                 want);
    assert_int_equal(l.nargs, 0);
    ws_launch_free(&l);
}

/* Runs the argv words through ws_launch_parse_arg as a front end would (argv[0] is the
 * program); words that are not ours are skipped and counted in *unknown. */
static int parse_words(ws_launch *l, ws_launch_error *e, int *unknown, const char *first, ...)
{
    char *argv[64];
    int argc = 0;
    argv[argc++] = (char *)"warpsim";
    va_list ap;
    va_start(ap, first);
    for (const char *w = first; w && argc < 64; w = va_arg(ap, const char *))
        argv[argc++] = (char *)w;
    va_end(ap);
    if (unknown)
        *unknown = 0;
    for (int i = 1; i < argc;) {
        int before = i;
        int r = ws_launch_parse_arg(l, argc, argv, &i, e);
        if (r < 0)
            return -1;
        if (r == 0) {
            assert_int_equal(i, before);
            if (unknown)
                ++*unknown;
            i++;
        } else {
            assert_true(i > before);
        }
    }
    return 0;
}
#define WORDS(...) __VA_ARGS__, (const char *)NULL

static uint32_t f32b(float f) { uint32_t u; memcpy(&u, &f, 4); return u; }
static uint64_t f64b(double d) { uint64_t u; memcpy(&u, &d, 8); return u; }

static uint64_t elem(const ws_arg *a, size_t i)
{
    const unsigned char *p = (const unsigned char *)a->data + i * ws_elem_size(a->elem);
    switch (ws_elem_size(a->elem)) {
    case 1: { uint8_t v; memcpy(&v, p, 1); return v; }
    case 2: { uint16_t v; memcpy(&v, p, 2); return v; }
    case 4: { uint32_t v; memcpy(&v, p, 4); return v; }
    default: { uint64_t v; memcpy(&v, p, 8); return v; }
    }
}

/* A scratch directory for ARGSFILEs and data files, removed by the teardown. */
typedef struct {
    char dir[64];
    char paths[16][128];
    int n;
} scratch;

static int scratch_setup(void **state)
{
    scratch *s = calloc(1, sizeof *s);
    if (!s)
        return -1;
    snprintf(s->dir, sizeof s->dir, "/tmp/ws_test_launch_XXXXXX");
    if (!mkdtemp(s->dir)) {
        free(s);
        return -1;
    }
    *state = s;
    return 0;
}

static int scratch_teardown(void **state)
{
    scratch *s = *state;
    for (int k = s->n - 1; k >= 0; k--)
        remove(s->paths[k]);
    rmdir(s->dir);
    free(s);
    return 0;
}

/* Writes n bytes to DIR/name (name may hold one level of subdirectory, created first);
 * returns the full path (owned by s). */
static const char *scratch_file(scratch *s, const char *name, const void *data, size_t n)
{
    assert_true(s->n < 15);
    char dir[sizeof s->dir];
    memcpy(dir, s->dir, sizeof dir);
    const char *slash = strchr(name, '/');
    if (slash) {
        snprintf(s->paths[s->n], sizeof s->paths[0], "%s/%.*s", dir, (int)(slash - name), name);
        if (mkdir(s->paths[s->n], 0700) == 0)
            s->n++;
    }
    char *p = s->paths[s->n++];
    snprintf(p, sizeof s->paths[0], "%s/%s", dir, name);
    FILE *fp = fopen(p, "wb");
    assert_non_null(fp);
    assert_int_equal(fwrite(data, 1, n, fp), n);
    fclose(fp);
    return p;
}
static const char *scratch_text(scratch *s, const char *name, const char *text)
{
    return scratch_file(s, name, text, strlen(text));
}

/* ---------------------------------------------------------------------------------------- */
/* Types, defaults, options                                                                  */

static void test_elem_table(void **state)
{
    (void)state;
    static const char *names[] = {"u8", "s8", "u16", "s16", "u32", "s32", "u64", "s64", "f32", "f64"};
    static const size_t sizes[] = {1, 1, 2, 2, 4, 4, 8, 8, 4, 8};
    for (int t = 0; t < WS_ELEM_COUNT; t++) {
        assert_string_equal(ws_elem_name((ws_elem)t), names[t]);
        assert_int_equal(ws_elem_size((ws_elem)t), sizes[t]);
        assert_int_equal(ws_elem_is_float((ws_elem)t), t >= WS_ELEM_F32);
        assert_int_equal(ws_elem_is_signed((ws_elem)t), names[t][0] == 's');
    }
    assert_string_equal(ws_elem_name(WS_ELEM_COUNT), "?");
    assert_int_equal(ws_elem_size(WS_ELEM_COUNT), 0);
}

static void test_defaults(void **state)
{
    (void)state;
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_null(l.ptx_path);
    assert_null(l.kernel);
    assert_int_equal(l.grid[0], 1);
    assert_int_equal(l.grid[1], 1);
    assert_int_equal(l.grid[2], 1);
    assert_int_equal(l.block[0], 32);
    assert_int_equal(l.block[1], 1);
    assert_int_equal(l.block[2], 1);
    assert_int_equal(l.nargs, 0);
    assert_int_equal(ws_launch_validate(&l, &e), -1);
    assert_string_equal(errtext(&e), "expected a PTX file (FILE.ptx), found none");
    ws_launch_free(&l);
    ws_launch_free(&l); /* freeing twice is harmless */
}

static void test_options(void **state)
{
    (void)state;
    ws_launch l;
    ws_launch_error e;
    int unknown;
    ws_launch_init(&l);
    assert_int_equal(parse_words(&l, &e, &unknown,
                                 WORDS("k.ptx", "--kernel", "reduce", "--grid", "4,2",
                                       "--json", "--block=64,2,3", "--trace")),
                     0);
    assert_int_equal(unknown, 2);
    assert_string_equal(l.ptx_path, "k.ptx");
    assert_string_equal(l.kernel, "reduce");
    assert_int_equal(l.grid[0], 4);
    assert_int_equal(l.grid[1], 2);
    assert_int_equal(l.grid[2], 1);
    assert_int_equal(l.block[0], 64);
    assert_int_equal(l.block[1], 2);
    assert_int_equal(l.block[2], 3);
    assert_int_equal(ws_launch_validate(&l, &e), 0);
    /* A later option replaces an earlier one. */
    assert_int_equal(parse_words(&l, &e, NULL, WORDS("--kernel=scan", "--grid=7", "--block", "1024")), 0);
    assert_string_equal(l.kernel, "scan");
    assert_int_equal(l.grid[0], 7);
    assert_int_equal(l.grid[1], 1);
    assert_int_equal(l.block[0], 1024);
    assert_int_equal(l.block[1], 1);
    /* --arg SPEC, --arg=SPEC and bare SPECs, in order. */
    assert_int_equal(parse_words(&l, &e, NULL, WORDS("--arg", "u32[2]", "--arg=f32:1", "s8:-1")), 0);
    assert_int_equal(l.nargs, 3);
    assert_string_equal(l.args[0].label, "arg0");
    assert_string_equal(l.args[1].label, "arg1");
    assert_string_equal(l.args[2].label, "arg2");
    assert_int_equal(l.args[2].scalar_bits, 0xff);
    ws_launch_free(&l);
}

/* Each failing argv (after "warpsim") and its exact message. */
static void test_option_errors(void **state)
{
    (void)state;
    static const struct {
        const char *w[3];
        const char *msg;
    } cases[] = {
        {{"k.ptx", "--grid", NULL}, "argument 2: expected X[,Y[,Z]] after --grid, found the end of the arguments"},
        {{"k.ptx", "--grid", "0"}, "argument 3, column 1: expected a grid X from 1 to 2147483647, found 0"},
        {{"k.ptx", "--grid", "1,65536"}, "argument 3, column 3: expected a grid Y from 1 to 65535, found 65536"},
        {{"k.ptx", "--grid", "x"}, "argument 3, column 1: expected the grid's X dimension (a decimal number), found 'x'"},
        {{"k.ptx", "--grid", "2,"}, "argument 3, column 3: expected the grid's Y dimension (a decimal number), found the end of the word"},
        {{"k.ptx", "--grid", "1,2,3,4"}, "argument 3, column 6: expected the end after the grid's Z dimension, found ',4'"},
        {{"k.ptx", "--grid", "2x3"}, "argument 3, column 2: expected ',' or the end after the grid's X dimension, found 'x3'"},
        {{"k.ptx", "--grid=-1", NULL}, "argument 2, column 8: expected the grid's X dimension (a decimal number), found '-1'"},
        {{"k.ptx", "--block", "1025"}, "argument 3, column 1: expected a block X from 1 to 1024, found 1025"},
        {{"k.ptx", "--block", "1,1,65"}, "argument 3, column 5: expected a block Z from 1 to 64, found 65"},
        {{"k.ptx", "--block", "32,32,2"}, "argument 3, column 1: expected a block of at most 1024 threads, found 32,32,2 (2048 threads)"},
        {{"k.ptx", "--kernel=", NULL}, "argument 2, column 10: expected a kernel name, found the end of the word"},
        {{"k.ptx", "--arg", NULL}, "argument 2: expected SPEC after --arg, found the end of the arguments"},
        {{"k.ptx", "@", NULL}, "argument 2, column 2: expected a file name after '@', found the end of the word"},
        {{"k.ptx", "other.ptx", NULL}, "argument 2, column 1: expected a SPEC, found a second PTX file 'other.ptx' (the first is 'k.ptx')"},
        {{"", NULL, NULL}, "argument 1: expected a PTX file name, found an empty word"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        ws_launch l;
        ws_launch_error e;
        ws_launch_init(&l);
        int r = parse_words(&l, &e, NULL, cases[c].w[0], cases[c].w[1], cases[c].w[2], (const char *)NULL);
        if (r != -1 || strcmp(errtext(&e), cases[c].msg))
            fail_msg("case %zu: got %d '%s'\n wanted '%s'", c, r, r < 0 ? errtext(&e) : "", cases[c].msg);
        ws_launch_free(&l);
    }
}

static void test_error_format_with_source(void **state)
{
    (void)state;
    ws_launch l;
    ws_launch_error e;
    char buf[512];
    ws_launch_init(&l);
    assert_int_equal(parse_words(&l, &e, NULL, WORDS("k.ptx", "--arg=in=f32[3x]")), -1);
    ws_launch_error_format(&e, true, buf, sizeof buf);
    assert_string_equal(buf, "argument 2, column 15: expected ']', found 'x]'\n"
                             "    --arg=in=f32[3x]\n"
                             "                  ^");
    /* A short buffer is cut and terminated; the return value is the full length. */
    char small[10];
    size_t n = ws_launch_error_format(&e, true, small, sizeof small);
    assert_int_equal(n, strlen(buf));
    assert_string_equal(small, "argument ");
    ws_launch_free(&l);
}

/* ---------------------------------------------------------------------------------------- */
/* SPECs                                                                                     */

static void test_buffer_zero_and_labels(void **state)
{
    (void)state;
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_int_equal(spec(&l, "in=f32[32]", &e), 0);
    assert_int_equal(spec(&l, "u8[3]:zero", &e), 0);
    assert_int_equal(spec(&l, "_x9=s64[0x10]", &e), 0);
    assert_int_equal(l.nargs, 3);
    assert_string_equal(l.args[0].label, "in");
    assert_true(l.args[0].is_buffer);
    assert_int_equal(l.args[0].elem, WS_ELEM_F32);
    assert_int_equal(l.args[0].count, 32);
    for (size_t i = 0; i < 32; i++)
        assert_int_equal(elem(&l.args[0], i), 0);
    assert_string_equal(l.args[1].label, "arg1"); /* named by position */
    assert_int_equal(l.args[1].count, 3);
    assert_string_equal(l.args[2].label, "_x9");
    assert_int_equal(l.args[2].count, 16);
    assert_int_equal(l.total_bytes, 128 + 3 + 128);
    ws_launch_free(&l);
}

static void test_iota(void **state)
{
    (void)state;
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_int_equal(spec(&l, "u8[300]:iota", &e), 0);
    assert_int_equal(spec(&l, "s8[200]:iota", &e), 0);
    assert_int_equal(spec(&l, "f32[5]:iota", &e), 0);
    assert_int_equal(spec(&l, "f64[5]:iota", &e), 0);
    assert_int_equal(spec(&l, "u64[3]:iota", &e), 0);
    assert_int_equal(elem(&l.args[0], 255), 255);
    assert_int_equal(elem(&l.args[0], 256), 0); /* wraps in the element type */
    assert_int_equal(elem(&l.args[0], 299), 43);
    assert_int_equal(elem(&l.args[1], 127), 127);
    assert_int_equal(elem(&l.args[1], 128), 0x80); /* -128 */
    assert_int_equal(elem(&l.args[2], 4), f32b(4.0f));
    assert_int_equal(elem(&l.args[3], 3), f64b(3.0));
    assert_int_equal(elem(&l.args[4], 2), 2);
    ws_launch_free(&l);
}

static void test_fill_and_list(void **state)
{
    (void)state;
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_int_equal(spec(&l, "s16[4]:fill:-2", &e), 0);
    assert_int_equal(spec(&l, "f32[2]:fill:0.1", &e), 0);
    assert_int_equal(spec(&l, "u32[3]:list:1,0x10,4294967295", &e), 0);
    assert_int_equal(spec(&l, "f64[]:list:1.5,-0,inf,nan", &e), 0); /* the list gives N */
    assert_int_equal(spec(&l, "s8[1]:list:-128", &e), 0);
    for (size_t i = 0; i < 4; i++)
        assert_int_equal(elem(&l.args[0], i), 0xfffe);
    assert_int_equal(elem(&l.args[1], 1), 0x3dcccccd);
    assert_int_equal(elem(&l.args[2], 0), 1);
    assert_int_equal(elem(&l.args[2], 1), 16);
    assert_int_equal(elem(&l.args[2], 2), 0xffffffffu);
    assert_int_equal(l.args[3].count, 4);
    assert_int_equal(elem(&l.args[3], 0), f64b(1.5));
    assert_int_equal(elem(&l.args[3], 1), UINT64_C(0x8000000000000000));
    assert_int_equal(elem(&l.args[3], 2), UINT64_C(0x7ff0000000000000));
    assert_int_equal(elem(&l.args[3], 3), UINT64_C(0x7ff8000000000000));
    assert_int_equal(elem(&l.args[4], 0), 0x80);
    ws_launch_free(&l);
}

/* splitmix64's published first output for seed 1234567 (Vigna's splitmix64.c), and the
 * element bits of every type for fixed seeds: a change in the generator fails here. */
static void test_rand_bits(void **state)
{
    (void)state;
    uint64_t st = 1234567;
    assert_int_equal(ws_splitmix64(&st), UINT64_C(6457827717110365317));
    assert_int_equal(ws_splitmix64(&st), UINT64_C(0x2c73f08458540fa5));

    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_int_equal(spec(&l, "u64[4]:rand:1", &e), 0);
    assert_int_equal(spec(&l, "u8[4]:rand:1", &e), 0);
    assert_int_equal(spec(&l, "s16[3]:rand:7", &e), 0);
    assert_int_equal(spec(&l, "f32[3]:rand:42", &e), 0);
    assert_int_equal(spec(&l, "f64[3]:rand:0x2a", &e), 0);
    assert_int_equal(spec(&l, "again=f32[3]:rand:42", &e), 0);
    static const uint64_t u64s[] = {UINT64_C(0x910a2dec89025cc1), UINT64_C(0xbeeb8da1658eec67),
                                    UINT64_C(0xf893a2eefb32555e), UINT64_C(0x71c18690ee42c90b)};
    static const uint64_t u8s[] = {193, 103, 94, 11};
    static const uint64_t s16s[] = {3543, 26140, 10754};
    static const uint64_t f32s[] = {0x3f3dd732, 0x3e23bf8c, 0x3e8ea4ce};
    static const uint64_t f64s[] = {UINT64_C(0x3fe7bae644c5fd6d), UINT64_C(0x3fc477f199d93378),
                                    UINT64_C(0x3fd1d499d5c4c3e6)};
    for (size_t i = 0; i < 4; i++) {
        assert_int_equal(elem(&l.args[0], i), u64s[i]);
        assert_int_equal(elem(&l.args[1], i), u8s[i]);
    }
    for (size_t i = 0; i < 3; i++) {
        assert_int_equal(elem(&l.args[2], i), s16s[i]);
        assert_int_equal(elem(&l.args[3], i), f32s[i]);
        assert_int_equal(elem(&l.args[4], i), f64s[i]);
        assert_int_equal(elem(&l.args[5], i), f32s[i]); /* same seed, same bits */
    }
    /* Floats lie in [0,1). */
    assert_int_equal(spec(&l, "many=f32[4096]:rand:99", &e), 0);
    for (size_t i = 0; i < 4096; i++) {
        float f;
        uint32_t u = (uint32_t)elem(&l.args[6], i);
        memcpy(&f, &u, 4);
        assert_true(f >= 0.0f && f < 1.0f);
    }
    ws_launch_free(&l);
}

static void test_scalars_every_type(void **state)
{
    (void)state;
    static const struct {
        const char *spec;
        ws_elem t;
        uint64_t bits;
    } ok[] = {
        {"u8:255", WS_ELEM_U8, 0xff},
        {"u8:0xff", WS_ELEM_U8, 0xff},
        {"s8:-128", WS_ELEM_S8, 0x80},
        {"s8:127", WS_ELEM_S8, 0x7f},
        {"s8:+5", WS_ELEM_S8, 5},
        {"u16:65535", WS_ELEM_U16, 0xffff},
        {"s16:-32768", WS_ELEM_S16, 0x8000},
        {"u32:4294967295", WS_ELEM_U32, 0xffffffff},
        {"u32:-0", WS_ELEM_U32, 0},
        {"s32:-0x80000000", WS_ELEM_S32, 0x80000000},
        {"s32:2147483647", WS_ELEM_S32, 0x7fffffff},
        {"s32:-1", WS_ELEM_S32, 0xffffffff},
        {"u64:18446744073709551615", WS_ELEM_U64, UINT64_MAX},
        {"u64:0xFFFFFFFFFFFFFFFF", WS_ELEM_U64, UINT64_MAX},
        {"s64:-9223372036854775808", WS_ELEM_S64, UINT64_C(0x8000000000000000)},
        {"s64:9223372036854775807", WS_ELEM_S64, UINT64_C(0x7fffffffffffffff)},
        {"f32:1", WS_ELEM_F32, 0x3f800000},
        {"f32:0.1", WS_ELEM_F32, 0x3dcccccd},
        {"f32:-2.5e-3", WS_ELEM_F32, 0xbb23d70a},
        {"f32:1e-45", WS_ELEM_F32, 0x00000001},
        {"f32:3.4028235e38", WS_ELEM_F32, 0x7f7fffff},
        {"f32:0x1.8p1", WS_ELEM_F32, 0x40400000},
        {"f32:.5", WS_ELEM_F32, 0x3f000000},
        {"f32:inf", WS_ELEM_F32, 0x7f800000},
        {"f32:-inf", WS_ELEM_F32, 0xff800000},
        {"f32:Infinity", WS_ELEM_F32, 0x7f800000},
        {"f32:nan", WS_ELEM_F32, 0x7fc00000},
        {"f32:-nan", WS_ELEM_F32, 0xffc00000},
        {"f32:-0", WS_ELEM_F32, 0x80000000},
        {"f32:0f7fc00001", WS_ELEM_F32, 0x7fc00001},
        {"f32:0F3F800000", WS_ELEM_F32, 0x3f800000},
        {"f32:0d3ff0000000000000", WS_ELEM_F32, 0x3f800000},
        {"f32:0d3fb999999999999a", WS_ELEM_F32, 0x3dcccccd},
        {"f64:0.1", WS_ELEM_F64, UINT64_C(0x3fb999999999999a)},
        {"f64:5e-324", WS_ELEM_F64, 1},
        {"f64:1e-400", WS_ELEM_F64, 0}, /* underflow gives zero, not an error */
        {"f64:0d7ff0000000000001", WS_ELEM_F64, UINT64_C(0x7ff0000000000001)},
        {"f64:0f3f800000", WS_ELEM_F64, UINT64_C(0x3ff0000000000000)},
        {"f64:-inf", WS_ELEM_F64, UINT64_C(0xfff0000000000000)},
        {"f64:nan", WS_ELEM_F64, UINT64_C(0x7ff8000000000000)},
        {"f64:1.7976931348623157e308", WS_ELEM_F64, UINT64_C(0x7fefffffffffffff)},
    };
    for (size_t c = 0; c < sizeof ok / sizeof ok[0]; c++) {
        ws_launch l;
        ws_launch_error e;
        ws_launch_init(&l);
        if (spec(&l, ok[c].spec, &e) != 0)
            fail_msg("'%s': %s", ok[c].spec, errtext(&e));
        assert_int_equal(l.nargs, 1);
        assert_false(l.args[0].is_buffer);
        assert_null(l.args[0].data);
        assert_int_equal(l.args[0].count, 1);
        assert_int_equal(l.args[0].elem, ok[c].t);
        if (l.args[0].scalar_bits != ok[c].bits)
            fail_msg("'%s': bits 0x%llx, wanted 0x%llx", ok[c].spec,
                     (unsigned long long)l.args[0].scalar_bits, (unsigned long long)ok[c].bits);
        assert_int_equal(l.total_bytes, 0);
        ws_launch_free(&l);
    }
}

static void test_scalar_errors(void **state)
{
    (void)state;
    spec_fails("u8:256", "argument 1, column 4: expected a u8 value from 0 to 255, found 256 (out of range)");
    spec_fails("u8:-1", "argument 1, column 4: expected a u8 value from 0 to 255, found -1 (out of range)");
    spec_fails("s8:128", "argument 1, column 4: expected an s8 value from -128 to 127, found 128 (out of range)");
    spec_fails("s8:-129", "argument 1, column 4: expected an s8 value from -128 to 127, found -129 (out of range)");
    spec_fails("u16:65536", "argument 1, column 5: expected a u16 value from 0 to 65535, found 65536 (out of range)");
    spec_fails("s16:-32769", "argument 1, column 5: expected an s16 value from -32768 to 32767, found -32769 (out of range)");
    spec_fails("u32:-1", "argument 1, column 5: expected a u32 value from 0 to 4294967295, found -1 (out of range)");
    spec_fails("s32:0xffffffff", "argument 1, column 5: expected an s32 value from -2147483648 to 2147483647, found 0xffffffff (out of range)");
    spec_fails("u64:18446744073709551616", "argument 1, column 5: expected a u64 value from 0 to 18446744073709551615, found 18446744073709551616 (out of range)");
    spec_fails("s64:-9223372036854775809", "argument 1, column 5: expected an s64 value from -9223372036854775808 to 9223372036854775807, found -9223372036854775809 (out of range)");
    spec_fails("u32:12x", "argument 1, column 7: expected a decimal digit or the end of the value, found 'x'");
    spec_fails("u32:0x", "argument 1, column 7: expected a u32 value (a decimal or 0x hex integer), found the end of the word");
    spec_fails("u32:abc", "argument 1, column 5: expected a u32 value (a decimal or 0x hex integer), found 'abc'");
    spec_fails("u32:1.5", "argument 1, column 6: expected a decimal digit or the end of the value, found '.5'");
    spec_fails("u32:", "argument 1, column 5: expected a u32 value, found the end of the word");
    spec_fails("f32:1e40", "argument 1, column 5: expected an f32 value within +-3.4028235e+38, found 1e40 (out of range)");
    spec_fails("f64:1e309", "argument 1, column 5: expected an f64 value within +-1.7976931348623157e+308, found 1e309 (out of range)");
    spec_fails("f32:0d47f0000000000000", "argument 1, column 5: expected an f32 value within +-3.4028235e+38, found 0d47f0000000000000 (out of range)");
    spec_fails("f32:0f3f80000", "argument 1, column 14: expected 8 hex digits after '0f', found the end of the word");
    spec_fails("f32:0f3f8000000", "argument 1, column 15: expected the end of the value after 8 hex digits, found '0'");
    spec_fails("f32:1.5x", "argument 1, column 8: expected a digit, '.', an exponent or the end of the value, found 'x'");
    spec_fails("f32:1e", "argument 1, column 7: expected the exponent's decimal digits, found the end of the word");
    spec_fails("f32:abc", "argument 1, column 5: expected a digit (for f32: decimal, hex-float, inf, nan or 0fXXXXXXXX), found 'abc'");
    spec_fails("f64:nan(1)", "argument 1, column 5: expected a digit (for f64: decimal, hex-float, inf, nan or 0dXXXXXXXXXXXXXXXX), found 'nan(1)'");
    spec_fails("f32: 1", "argument 1, column 5: expected a digit (for f32: decimal, hex-float, inf, nan or 0fXXXXXXXX), found ' 1'");
}

static void test_spec_errors(void **state)
{
    (void)state;
    spec_fails("", "argument 1, column 1: expected a type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64), found the end of the word");
    spec_fails("float[4]", "argument 1, column 1: expected a type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64), found 'float[4]'");
    spec_fails("x=i32[4]", "argument 1, column 3: expected a type (u8 s8 u16 s16 u32 s32 u64 s64 f32 f64), found 'i32[4]'");
    spec_fails("f32", "argument 1, column 4: expected '[N]' (a buffer) or ':VALUE' (a scalar) after 'f32', found the end of the word");
    spec_fails("f32[", "argument 1, column 5: expected a count of elements, found the end of the word");
    spec_fails("f32[x]", "argument 1, column 5: expected a count of elements, found 'x]'");
    spec_fails("f32[4", "argument 1, column 6: expected ']', found the end of the word");
    spec_fails("f32[0]", "argument 1, column 5: expected a count from 1 to 268435456 elements, found 0");
    spec_fails("f32[]", "argument 1, column 5: expected a count in [N] (only list: and file: may leave it out), found ']'");
    spec_fails("f32[4]x", "argument 1, column 7: expected ':INIT' or the end after ']', found 'x'");
    spec_fails("f32[4]:", "argument 1, column 8: expected an INIT (zero, iota, fill:V, rand:SEED, list:V1,V2,..., file:PATH), found the end of the word");
    spec_fails("f32[4]:ones", "argument 1, column 8: expected an INIT (zero, iota, fill:V, rand:SEED, list:V1,V2,..., file:PATH), found 'ones'");
    spec_fails("f32[4]:iota:1", "argument 1, column 12: expected the end after 'iota', found ':1'");
    spec_fails("f32[4]:fill", "argument 1, column 12: expected ':' after 'fill', found the end of the word");
    spec_fails("f32[4]:fill:", "argument 1, column 13: expected an f32 value, found the end of the word");
    spec_fails("u8[4]:fill:300", "argument 1, column 12: expected a u8 value from 0 to 255, found 300 (out of range)");
    spec_fails("u8[4]:rand:-1", "argument 1, column 12: expected a u64 value from 0 to 18446744073709551615, found -1 (out of range)");
    spec_fails("u8[3]:list:1,2", "argument 1, column 12: expected 3 values for u8[3], found 2");
    spec_fails("u8[2]:list:1,", "argument 1, column 14: expected a u8 value, found the end of the word");
    spec_fails("u8[2]:list:,1", "argument 1, column 12: expected a u8 value, found ','");
    spec_fails("u8[3]:list:1,x,3", "argument 1, column 14: expected a u8 value (a decimal or 0x hex integer), found 'x'");
    spec_fails("=u8[1]", "argument 1, column 1: expected a label before '=', found '='");
    spec_fails("1a=u8[1]", "argument 1, column 1: expected a label that starts with a letter or '_', found '1a=u8[1]'");
    spec_fails("my-label=u8[1]", "argument 1, column 3: expected a label of letters, digits and '_' before '=', found '-label=u8[1]'");
    spec_fails("a234567890123456789012345678901234567890123456789012345678901234=u8[1]",
               "argument 1, column 1: expected a label of at most 63 characters, found 64");
    spec_fails("u8[1]:file:", "argument 1, column 12: expected a file name after 'file:', found the end of the word");

    /* Duplicate labels, also against the default names. */
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_int_equal(spec(&l, "x=u8[1]", &e), 0);
    assert_int_equal(spec(&l, "x=u8[1]", &e), -1);
    assert_string_equal(errtext(&e), "argument 1, column 1: expected a new label, found 'x' (already argument 0)");
    assert_int_equal(spec(&l, "arg1=u8[1]", &e), 0);
    assert_int_equal(spec(&l, "u8[1]", &e), 0); /* arg2: fine */
    assert_int_equal(spec(&l, "arg3=u8[1]", &e), 0);
    assert_int_equal(spec(&l, "arg1=u8[1]", &e), -1);
    assert_int_equal(l.nargs, 4);
    ws_launch_free(&l);
}

/* Every odd word is refused with a message, and nothing crashes or leaks on it. */
static void test_garbage(void **state)
{
    (void)state;
    static const char *words[] = {
        "=", "==", ":", "[", "]", "[]", "u8[]:", "u8[]:list", "u8[]:list:", "f32[1]:list:,",
        "f32:0f", "f32:0d", "f32:0x", "f32:0x.p1", "f32:-", "f32:+", "f32:e5", "f32:1e+",
        "u8[99999999999999999999999]", "u8[0x]", "u8[0x10000001]", "a=b=u8[1]", "a:b=u8[1]",
        "u8:\x01", "f64[1]:fill:\xff", "f32[2]:list:1,2,", "s64:-", "s64:--1", "u64:0x-1",
        "f32:1e99999999999999999999", "f32:0x1p99999999999",
        "u32[1]:file:/nonexistent/x", "f32[]:file:/nonexistent", "u8[1]:rand:",
        "f32:" "1111111111111111111111111111111111111111111111111111111111111111111111111"
        "1111111111111111111111111111111111111111111111111111111111111111111111111",
    };
    for (size_t c = 0; c < sizeof words / sizeof words[0]; c++) {
        ws_launch l;
        ws_launch_error e = {0}; /* stays empty if the word is wrongly accepted */
        ws_launch_init(&l);
        int r = spec(&l, words[c], &e);
        if (r != -1 || !e.msg[0])
            fail_msg("'%s': returned %d, message '%s' (expected -1 and a message)", words[c], r, e.msg);
        ws_launch_free(&l);
    }
    /* Not garbage: a decimal too small for f32 rounds to +0, as nvcc rounds such a literal. */
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_int_equal(spec(&l, "f32:1e-99999999999", &e), 0);
    assert_int_equal(l.args[0].scalar_bits, 0);
    ws_launch_free(&l);
}

/* ---------------------------------------------------------------------------------------- */
/* Files                                                                                     */

static void test_file_init(void **state)
{
    scratch *s = *state;
    const uint8_t bytes[8] = {1, 0, 0, 0, 0xff, 0xff, 0xff, 0xff};
    const char *data = scratch_file(s, "data.bin", bytes, sizeof bytes);
    char w[256];
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    snprintf(w, sizeof w, "a=s32[2]:file:%s", data);
    assert_int_equal(spec(&l, w, &e), 0);
    assert_int_equal(elem(&l.args[0], 0), 1); /* little-endian */
    assert_int_equal(elem(&l.args[0], 1), 0xffffffffu);
    snprintf(w, sizeof w, "b=u16[]:file:%s", data); /* the file gives N */
    assert_int_equal(spec(&l, w, &e), 0);
    assert_int_equal(l.args[1].count, 4);
    assert_int_equal(elem(&l.args[1], 2), 0xffff);

    char want[512];
    snprintf(w, sizeof w, "s32[3]:file:%s", data);
    assert_int_equal(spec(&l, w, &e), -1);
    snprintf(want, sizeof want, "argument 1, column 13: expected 12 bytes in '%s' (s32[3]), found 8", data);
    assert_string_equal(errtext(&e), want);
    snprintf(w, sizeof w, "s32[1]:file:%s", data);
    assert_int_equal(spec(&l, w, &e), -1);
    snprintf(want, sizeof want, "argument 1, column 13: expected 4 bytes in '%s' (s32[1]), found more", data);
    assert_string_equal(errtext(&e), want);
    const char *odd = scratch_file(s, "odd.bin", bytes, 7);
    snprintf(w, sizeof w, "u16[]:file:%s", odd);
    assert_int_equal(spec(&l, w, &e), -1);
    snprintf(want, sizeof want,
             "argument 1, column 12: expected a whole number (at least 1) of 2-byte u16 elements in '%s', found 7 bytes", odd);
    assert_string_equal(errtext(&e), want);
    snprintf(w, sizeof w, "u8[1]:file:%s/missing", s->dir);
    assert_int_equal(spec(&l, w, &e), -1);
    snprintf(want, sizeof want, "argument 1, column 12: cannot read '%s/missing': No such file or directory", s->dir);
    assert_string_equal(errtext(&e), want);
    assert_int_equal(l.nargs, 2);
    ws_launch_free(&l);
}

static void test_argsfile(void **state)
{
    scratch *s = *state;
    const uint8_t bytes[4] = {7, 8, 9, 10};
    scratch_file(s, "sub/in.bin", bytes, sizeof bytes);
    scratch_text(s, "sub/more.args", "# nested: paths relative to sub/\n"
                                     "raw=u8[4]:file:in.bin\n");
    const char *main_args = scratch_text(s, "main.args",
        "# a comment line\n"
        "prog.ptx   --kernel k   # the PTX path is relative to this file too\n"
        "--grid 2,2 --block\n"
        "   64\r\n"
        "in=f32[4]:iota out=f32[1]\t n=u32:4#not-a-comment-inside-a-word\n"
        "\n"
        "@sub/more.args\n"
        "#last line without a newline");
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    char want[256];
    /* "n=u32:4#..." is one word: '#' starts a comment only at the start of a word. */
    assert_int_equal(ws_launch_load_argsfile(&l, main_args, &e), -1);
    snprintf(want, sizeof want, "%s:5:35: expected a decimal digit or the end of the value, found '#not-a-comment-inside-a-...'", main_args);
    assert_string_equal(errtext(&e), want);
    ws_launch_free(&l);

    main_args = scratch_text(s, "main2.args",
        "# a comment line\n"
        "prog.ptx   --kernel k   # the PTX path is relative to this file too\n"
        "--grid 2,2 --block\n"
        "   64\r\n"
        "in=f32[4]:iota out=f32[1]\t n=u32:4 # a comment\n"
        "\n"
        "@sub/more.args\n"
        "#last line without a newline");
    ws_launch_init(&l);
    if (ws_launch_load_argsfile(&l, main_args, &e) != 0)
        fail_msg("%s", errtext(&e));
    snprintf(want, sizeof want, "%s/prog.ptx", s->dir);
    assert_string_equal(l.ptx_path, want);
    assert_string_equal(l.kernel, "k");
    assert_int_equal(l.grid[0], 2);
    assert_int_equal(l.grid[1], 2);
    assert_int_equal(l.block[0], 64);
    assert_int_equal(l.nargs, 4);
    assert_string_equal(l.args[0].label, "in");
    assert_string_equal(l.args[1].label, "out");
    assert_string_equal(l.args[2].label, "n");
    assert_int_equal(l.args[2].scalar_bits, 4);
    assert_string_equal(l.args[3].label, "raw");
    assert_int_equal(elem(&l.args[3], 3), 10);
    ws_launch_free(&l);

    /* From the command line: @FILE and words after it (which override the file's grid). */
    ws_launch_init(&l);
    char at[200];
    snprintf(at, sizeof at, "@%s", main_args);
    assert_int_equal(parse_words(&l, &e, NULL, WORDS(at, "--grid", "8", "extra=s8:-3")), 0);
    assert_int_equal(l.grid[0], 8);
    assert_int_equal(l.grid[1], 1);
    assert_int_equal(l.nargs, 5);
    assert_string_equal(l.args[4].label, "extra");
    ws_launch_free(&l);
}

static void test_argsfile_errors(void **state)
{
    scratch *s = *state;
    static const struct {
        const char *text;
        const char *where_msg; /* after "PATH:" */
    } cases[] = {
        {"k.ptx\n  in=f32[4]:iota  out=f32[x]\n", "2:27: expected a count of elements, found 'x]'"},
        {"k.ptx\n# c\n\t--grid 1,0\n", "3:11: expected a grid Y from 1 to 65535, found 0"},
        {"k.ptx --json\n", "1:7: expected --kernel, --grid, --block, --arg, --shared-bytes, @FILE, the PTX file or a SPEC, found '--json' (not an argument-file option)"},
        {"k.ptx --block\n# only a comment follows\n", "1:7: expected X[,Y[,Z]] after --block, found the end of the file"},
        {"k.ptx u8:1\nu8:\x01\n", "2:4: expected a u8 value (a decimal or 0x hex integer), found '\\x01'"},
        {"k.ptx\nu8[1]\0oops\n", "2:6: expected text, found a NUL byte"},
        {"k.ptx @missing.args\n", "1:8: cannot read argument file '%s/missing.args': No such file or directory"},
        {"k.ptx f32[2]:list:1,2 f64:1e999\n", "1:27: expected an f64 value within +-1.7976931348623157e+308, found 1e999 (out of range)"},
    };
    for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
        char name[32], want[512], where[384];
        snprintf(name, sizeof name, "bad%zu.args", c);
        size_t len = strlen(cases[c].text);
        if (c == 5)
            len = 17; /* keeps the NUL byte */
        const char *path = scratch_file(s, name, cases[c].text, len);
        snprintf(where, sizeof where, cases[c].where_msg, s->dir);
        snprintf(want, sizeof want, "%s:%s", path, where);
        ws_launch l;
        ws_launch_error e;
        ws_launch_init(&l);
        int r = ws_launch_load_argsfile(&l, path, &e);
        if (r != -1 || strcmp(errtext(&e), want))
            fail_msg("case %zu: got %d '%s'\n wanted '%s'", c, r, r < 0 ? errtext(&e) : "", want);
        ws_launch_free(&l);
    }

    /* The caret display shows the line. */
    const char *p = scratch_text(s, "caret.args", "k.ptx\n\tin=f32[4]:fill:1.5.5\n");
    ws_launch l;
    ws_launch_error e;
    char buf[512], want[512];
    ws_launch_init(&l);
    assert_int_equal(ws_launch_load_argsfile(&l, p, &e), -1);
    ws_launch_error_format(&e, true, buf, sizeof buf);
    snprintf(want, sizeof want,
             "%s:2:20: expected a digit, '.', an exponent or the end of the value, found '.5'\n"
             "    \tin=f32[4]:fill:1.5.5\n"
             "    \t                  ^", p);
    assert_string_equal(buf, want);
    ws_launch_free(&l);

    /* A file that includes itself stops at the nesting limit. */
    p = scratch_text(s, "loop.args", "@loop.args\n");
    ws_launch_init(&l);
    assert_int_equal(ws_launch_load_argsfile(&l, p, &e), -1);
    snprintf(want, sizeof want, "%s/loop.args:1:1: expected argument files nested at most 16 deep, found deeper (does one include itself?)", s->dir);
    assert_string_equal(errtext(&e), want);
    ws_launch_free(&l);

    /* The API's own open error has no location. */
    ws_launch_init(&l);
    assert_int_equal(ws_launch_load_argsfile(&l, "/nonexistent/x.args", &e), -1);
    assert_string_equal(errtext(&e), "cannot read argument file '/nonexistent/x.args': No such file or directory");
    ws_launch_free(&l);
}

/* ---------------------------------------------------------------------------------------- */
/* Limits                                                                                    */

static void test_limits(void **state)
{
    (void)state;
    spec_fails("u8[268435457]", "argument 1, column 4: expected a count from 1 to 268435456 elements, found 268435457");
    spec_fails("u8[99999999999999999999999]", "argument 1, column 4: expected a count from 1 to 268435456 elements, found 99999999999999999999999");
    spec_fails("f64[268435456]", "argument 1, column 1: expected buffers of at most 1 GiB in all, found 2147483648 bytes with this f64[268435456]");

    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    /* Exactly 1 GiB is allowed (calloc'd, never touched, so cheap); one more byte is not. */
    assert_int_equal(spec(&l, "big=f32[268435456]", &e), 0);
    assert_int_equal(l.total_bytes, (size_t)1 << 30);
    assert_int_equal(spec(&l, "u8[1]", &e), -1);
    assert_string_equal(errtext(&e), "argument 1, column 1: expected buffers of at most 1 GiB in all, found 1073741825 bytes with this u8[1]");
    assert_int_equal(spec(&l, "u8[]:list:1", &e), -1);
    assert_int_equal(spec(&l, "u32:5", &e), 0); /* scalars take no buffer space */
    ws_launch_free(&l);

    /* At most WS_MAX_ARGS arguments. */
    ws_launch_init(&l);
    for (int k = 0; k < WS_MAX_ARGS; k++)
        assert_int_equal(spec(&l, "u8:1", &e), 0);
    assert_int_equal(spec(&l, "u8:1", &e), -1);
    assert_string_equal(errtext(&e), "argument 1, column 1: expected at most 32764 kernel arguments, found more");
    ws_launch_free(&l);

    /* a memory limit lower than 1 GiB bounds the buffers too, and says it is the limit */
    ws_launch_init(&l);
    l.max_total_bytes = 1000;
    assert_int_equal(spec(&l, "u8[1000]", &e), 0);
    assert_int_equal(spec(&l, "u8[1]", &e), -1);
    assert_true(e.limit);
    assert_string_equal(errtext(&e), "argument 1, column 1: memory limit reached: buffers of 1001 bytes in all with this "
                                     "u8[1], more than the limit of 1000 bytes; raise it with --max-memory");
    ws_launch_free(&l);
}

/* --shared-bytes N: the dynamic shared memory of each block, 0 to 227 KiB, from argv or an ARGSFILE. */
static void test_shared_bytes(void **state)
{
    (void)state;
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_int_equal(l.shared_bytes, 0);
    assert_int_equal(parse_words(&l, &e, NULL, "k.ptx", "--shared-bytes", "4096", (const char *)NULL), 0);
    assert_int_equal(l.shared_bytes, 4096);
    assert_int_equal(parse_words(&l, &e, NULL, "--shared-bytes=0x38c00", (const char *)NULL), 0);
    assert_int_equal(l.shared_bytes, 232448);
    assert_int_equal(parse_words(&l, &e, NULL, "--shared-bytes", "232449", (const char *)NULL), -1);
    assert_string_equal(errtext(&e), "argument 2, column 1: expected at most 232448 bytes of dynamic shared memory (an "
                                     "H200 block has 227 KiB), found 232449");
    assert_int_equal(parse_words(&l, &e, NULL, "--shared-bytes", "12k", (const char *)NULL), -1);
    assert_string_equal(errtext(&e), "argument 2, column 3: expected a number of bytes of dynamic shared memory, found 'k'");
    assert_int_equal(parse_words(&l, &e, NULL, "--shared-bytes", (const char *)NULL), -1);
    assert_string_equal(errtext(&e), "argument 1: expected BYTES after --shared-bytes, found the end of the arguments");
    ws_launch_free(&l);
}

/* ARGSFILEs are bounded in total, not only in depth: nine files that each include the next ten
 * times stop after 1024 reads instead of reading 10^8. */
static void test_argsfile_total(void **state)
{
    scratch *s = *state;
    char text[256], name[16];
    const char *first = NULL;
    for (int f = 9; f >= 1; f--) {
        size_t n = 0;
        for (int k = 0; k < 10; k++)
            n += (size_t)snprintf(text + n, sizeof text - n, "@f%d.args\n", f + 1);
        snprintf(name, sizeof name, "f%d.args", f);
        first = scratch_file(s, name, f == 9 ? "--grid 2\n" : text, f == 9 ? 9 : n);
    }
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_int_equal(ws_launch_load_argsfile(&l, first, &e), -1);
    assert_non_null(strstr(errtext(&e), "expected at most 1024 argument files read in all"));
    assert_true(l.argsfiles_read <= 1024);
    ws_launch_free(&l);
}

/* A long argument-file line shows a window around the column, the caret under it. */
static void test_error_window(void **state)
{
    scratch *s = *state;
    char line[600];
    memset(line, ' ', 500);
    memcpy(line, "k.ptx", 5);
    snprintf(line + 500, sizeof line - 500, "u32[0]\n");
    const char *path = scratch_file(s, "long.args", line, strlen(line));
    ws_launch l;
    ws_launch_error e;
    ws_launch_init(&l);
    assert_int_equal(ws_launch_load_argsfile(&l, path, &e), -1);
    assert_int_equal(e.column, 505);
    char buf[2048];
    ws_launch_error_format(&e, true, buf, sizeof buf);
    const char *src = strchr(buf, '\n'), *caret = src ? strchr(src + 1, '\n') : NULL;
    assert_non_null(caret);
    size_t at = (size_t)(strchr(caret, '^') - (caret + 1)); /* the caret's column in its line */
    assert_true(at < (size_t)(caret - src - 1));
    assert_int_equal(src[1 + at], '0'); /* under the 0 of u32[0] */
    ws_launch_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_elem_table),
        cmocka_unit_test(test_defaults),
        cmocka_unit_test(test_options),
        cmocka_unit_test(test_option_errors),
        cmocka_unit_test(test_error_format_with_source),
        cmocka_unit_test(test_buffer_zero_and_labels),
        cmocka_unit_test(test_iota),
        cmocka_unit_test(test_fill_and_list),
        cmocka_unit_test(test_rand_bits),
        cmocka_unit_test(test_scalars_every_type),
        cmocka_unit_test(test_scalar_errors),
        cmocka_unit_test(test_spec_errors),
        cmocka_unit_test(test_garbage),
        cmocka_unit_test_setup_teardown(test_file_init, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_argsfile, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_argsfile_errors, scratch_setup, scratch_teardown),
        cmocka_unit_test(test_limits),
        cmocka_unit_test(test_shared_bytes),
        cmocka_unit_test_setup_teardown(test_argsfile_total, scratch_setup, scratch_teardown),
        cmocka_unit_test_setup_teardown(test_error_window, scratch_setup, scratch_teardown),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
