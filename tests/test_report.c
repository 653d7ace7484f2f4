/* test_report.c: float formatting (cli/json.h), the JSON writer, and the text and JSON
 * reports (cli/report.h) byte for byte. */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <float.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "json.h"
#include "launch.h"
#include "report.h"

static float f32_of(uint32_t u) { float f; memcpy(&f, &u, 4); return f; }
static double f64_of(uint64_t u) { double d; memcpy(&d, &u, 8); return d; }

static void check_f32(uint32_t bits, const char *want)
{
    char buf[WS_FMT_FLOAT_MAX];
    size_t n = ws_fmt_f32(buf, f32_of(bits));
    if (strcmp(buf, want) || n != strlen(want))
        fail_msg("f32 0x%08x: got '%s', wanted '%s'", bits, buf, want);
}

static void check_f64(uint64_t bits, const char *want)
{
    char buf[WS_FMT_FLOAT_MAX];
    size_t n = ws_fmt_f64(buf, f64_of(bits));
    if (strcmp(buf, want) || n != strlen(want))
        fail_msg("f64 0x%016llx: got '%s', wanted '%s'", (unsigned long long)bits, buf, want);
}

/* ---------------------------------------------------------------------------------------- */
/* Float text                                                                                */

static void test_fmt_f32_patterns(void **state)
{
    (void)state;
    check_f32(0x3dcccccd, "0.1");            /* 0.1f */
    check_f32(0x00000001, "1e-45");          /* the smallest denormal, 1.4e-45 */
    check_f32(0x80000001, "-1e-45");
    check_f32(0x007fffff, "1.1754942e-38");  /* the largest denormal */
    check_f32(0x00800000, "1.1754944e-38");  /* FLT_MIN */
    check_f32(0x7f7fffff, "3.4028235e+38");  /* FLT_MAX */
    check_f32(0x00000000, "0");
    check_f32(0x80000000, "-0");
    check_f32(0x7fc00000, "nan");
    check_f32(0x7fc00001, "nan");            /* payloads are not shown in text */
    check_f32(0xffc00000, "nan");
    check_f32(0x7f800001, "nan");            /* signalling */
    check_f32(0x7f800000, "inf");
    check_f32(0xff800000, "-inf");
    check_f32(0x3f800000, "1");
    check_f32(0x43f80000, "496");
    check_f32(0x447a0000, "1000");           /* positional, not 1e+03 */
    check_f32(0x4b800000, "16777216");       /* 2^24 */
    check_f32(0x501502f9, "10000000000");    /* 1e10f, exact: one digit, positional */
    check_f32(0x5a0e1bca, "1e+16");
    check_f32(0x3eaaaaab, "0.33333334");     /* 1/3 */
    check_f32(0x38d1b717, "0.0001");
    check_f32(0x3727c5ac, "1e-05");
    check_f32(0xc2f6e979, "-123.456");
    check_f32(0x3f8ccccd, "1.1");
    check_f32(0x4cbebc20, "100000000");      /* 1e8 */
}

static void test_fmt_f64_patterns(void **state)
{
    (void)state;
    check_f64(UINT64_C(0x3fb999999999999a), "0.1");
    check_f64(UINT64_C(0x3fd5555555555555), "0.3333333333333333");
    check_f64(UINT64_C(0x0000000000000001), "5e-324");
    check_f64(UINT64_C(0x7fefffffffffffff), "1.7976931348623157e+308");
    check_f64(UINT64_C(0x0010000000000000), "2.2250738585072014e-308");
    check_f64(UINT64_C(0x8000000000000000), "-0");
    check_f64(UINT64_C(0x7ff8000000000000), "nan");
    check_f64(UINT64_C(0x7ff0000000000001), "nan");
    check_f64(UINT64_C(0x7ff0000000000000), "inf");
    check_f64(UINT64_C(0xfff0000000000000), "-inf");
    check_f64(UINT64_C(0x4415af1d78b58c40), "1e+20");
    check_f64(UINT64_C(0x4341c37937e08000), "1e+16");
    check_f64(UINT64_C(0x430c6bf526340000), "1000000000000000");   /* 1e15 */
    check_f64(UINT64_C(0x3ff0000000000001), "1.0000000000000002");
    check_f64(UINT64_C(0x405ec00000000000), "123");
    check_f64(UINT64_C(0x3f1a36e2eb1c432d), "0.0001");
    check_f64(UINT64_C(0x3ee4f8b588e368f1), "1e-05");
    /* 0.1f widened to double keeps all its digits. */
    check_f64(UINT64_C(0x3fb99999a0000000), "0.10000000149011612");
}

static uint64_t next_bits(uint64_t *st) { return ws_splitmix64(st); }

/* The significant digits of a formatted number ("0.00120" and "1.2e-03" have 2). */
static int sig_digits(const char *s)
{
    char d[40];
    int n = 0;
    for (; *s && *s != 'e'; s++)
        if (*s >= '0' && *s <= '9' && (n || *s != '0'))
            d[n++] = *s;
    while (n > 1 && d[n - 1] == '0')
        n--;
    return n;
}

/* True when v printed with one significant digit fewer than text has still reads back. */
static bool shorter_works(const char *text, double v, bool f32)
{
    int p = sig_digits(text);
    if (p <= 1)
        return false;
    char buf[48];
    snprintf(buf, sizeof buf, "%.*e", p - 2, v);
    if (f32) {
        float back = strtof(buf, NULL), want = (float)v;
        return memcmp(&back, &want, 4) == 0;
    }
    double back = strtod(buf, NULL);
    return memcmp(&back, &v, 8) == 0;
}

/* Every finite pattern reads back to its own bits; the text is no longer than needed (one
 * digit fewer does not round-trip), checked on 50000 random patterns of each width. */
static void test_fmt_round_trip(void **state)
{
    (void)state;
    uint64_t st = 2024;
    char buf[WS_FMT_FLOAT_MAX];
    for (int k = 0; k < 50000; k++) {
        uint64_t r = next_bits(&st);
        /* Mix in small exponents and denormals, which random bits rarely hit. */
        uint32_t b32 = (uint32_t)r;
        if (k % 4 == 1)
            b32 &= 0x807fffffu;
        float f = f32_of(b32);
        if (!isnan(f)) {
            ws_fmt_f32(buf, f);
            float back = strtof(buf, NULL);
            if (memcmp(&back, &f, 4) || shorter_works(buf, f, true))
                fail_msg("f32 0x%08x -> '%s'", b32, buf);
        }
        uint64_t b64 = r;
        if (k % 4 == 1)
            b64 &= UINT64_C(0x800fffffffffffff);
        double d = f64_of(b64);
        if (!isnan(d)) {
            ws_fmt_f64(buf, d);
            double back = strtod(buf, NULL);
            if (memcmp(&back, &d, 8) || shorter_works(buf, d, false))
                fail_msg("f64 0x%016llx -> '%s'", (unsigned long long)b64, buf);
        }
    }
}

/* ---------------------------------------------------------------------------------------- */
/* JSON writer                                                                               */

static void test_json_escaping(void **state)
{
    (void)state;
    ws_json j;
    ws_json_init_buffer(&j, 0);
    ws_json_begin_array(&j);
    ws_json_string(&j, "quote \" backslash \\ slash /");
    ws_json_string(&j, "\b\f\n\r\t\x01\x1f\x7f");
    ws_json_string(&j, "caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80"); /* é € 😀 pass through */
    ws_json_string(&j, "bad \xff \x80 \xc0\x80 \xed\xa0\x80 \xf4\x90\x80\x80 \xe2\x82"); /* invalid */
    ws_json_string_n(&j, "nul\0inside", 10);
    ws_json_string(&j, NULL);
    ws_json_string(&j, "");
    ws_json_end_array(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_OK);
    size_t len;
    const char *t = ws_json_text(&j, &len);
    assert_string_equal(t,
        "[\"quote \\\" backslash \\\\ slash /\","
        "\"\\b\\f\\n\\r\\t\\u0001\\u001f\\u007f\","
        "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\","
        "\"bad \\u00ff \\u0080 \\u00c0\\u0080 \\u00ed\\u00a0\\u0080 \\u00f4\\u0090\\u0080\\u0080 \\u00e2\\u0082\","
        "\"nul\\u0000inside\",null,\"\"]");
    assert_int_equal(len, strlen(t));
    ws_json_free(&j);
}

static void test_json_numbers(void **state)
{
    (void)state;
    ws_json j;
    ws_json_init_buffer(&j, 0);
    ws_json_begin_array(&j);
    ws_json_u64(&j, UINT64_MAX);
    ws_json_s64(&j, INT64_MIN);
    ws_json_s64(&j, -1);
    ws_json_f32(&j, 0.1f);
    ws_json_f32(&j, f32_of(0x80000000));      /* -0 keeps its sign */
    ws_json_f32(&j, f32_of(0x7fc00000));      /* canonical NaN */
    ws_json_f32(&j, f32_of(0x7fc00001));      /* payload */
    ws_json_f32(&j, f32_of(0xffc00000));      /* negative NaN */
    ws_json_f32(&j, f32_of(0x7fffffff));      /* what a GPU's float ops produce */
    ws_json_f32(&j, f32_of(0xff800000));
    ws_json_f64(&j, f64_of(UINT64_C(0x7ff8000000000000)));
    ws_json_f64(&j, f64_of(UINT64_C(0x7ff0000000000001)));
    ws_json_f64(&j, 1e300);
    ws_json_f64(&j, f64_of(UINT64_C(0x8000000000000000)));
    ws_json_bool(&j, true);
    ws_json_bool(&j, false);
    ws_json_null(&j);
    ws_json_raw(&j, "{\"pre\":1}");
    ws_json_end_array(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_OK);
    assert_string_equal(ws_json_text(&j, NULL),
        "[18446744073709551615,-9223372036854775808,-1,0.1,-0.0,\"nan\",\"nan:0x7fc00001\","
        "\"nan:0xffc00000\",\"nan:0x7fffffff\",\"-inf\",\"nan\",\"nan:0x7ff0000000000001\","
        "1e+300,-0.0,true,false,null,{\"pre\":1}]");
    ws_json_free(&j);
}

static void test_json_pretty(void **state)
{
    (void)state;
    ws_json j;
    ws_json_init_buffer(&j, WS_JSON_PRETTY);
    ws_json_begin_object(&j);
    ws_json_key(&j, "a");
    ws_json_begin_array(&j);
    ws_json_u64(&j, 1);
    ws_json_u64(&j, 2);
    ws_json_end_array(&j);
    ws_json_key(&j, "empty");
    ws_json_begin_object(&j);
    ws_json_end_object(&j);
    ws_json_key(&j, "none");
    ws_json_begin_array(&j);
    ws_json_end_array(&j);
    ws_json_key(&j, "objs");
    ws_json_begin_array(&j);
    ws_json_begin_object(&j);
    ws_json_key(&j, "k");
    ws_json_string(&j, "v");
    ws_json_end_object(&j);
    ws_json_u64(&j, 3);
    ws_json_end_array(&j);
    ws_json_end_object(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_OK);
    size_t len;
    char *t = ws_json_take(&j, &len);
    assert_non_null(t);
    assert_string_equal(t, "{\n"
                           "  \"a\": [1, 2],\n"
                           "  \"empty\": {},\n"
                           "  \"none\": [],\n"
                           "  \"objs\": [\n"
                           "    {\n"
                           "      \"k\": \"v\"\n"
                           "    }, 3\n"
                           "  ]\n"
                           "}");
    assert_int_equal(len, strlen(t));
    free(t);
    assert_string_equal(ws_json_text(&j, NULL), ""); /* taken */
    ws_json_free(&j);
}

static void test_json_misuse(void **state)
{
    (void)state;
    ws_json j;
    /* A member without a key. */
    ws_json_init_buffer(&j, 0);
    ws_json_begin_object(&j);
    ws_json_u64(&j, 1);
    assert_int_equal(ws_json_status(&j), WS_JSON_EMISUSE);
    assert_null(ws_json_take(&j, NULL));
    ws_json_free(&j);
    /* A key in an array; unbalanced ends; a key without its value; unclosed containers. */
    ws_json_init_buffer(&j, 0);
    ws_json_begin_array(&j);
    ws_json_key(&j, "x");
    assert_int_equal(ws_json_status(&j), WS_JSON_EMISUSE);
    ws_json_free(&j);
    ws_json_init_buffer(&j, 0);
    ws_json_begin_array(&j);
    ws_json_end_object(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_EMISUSE);
    ws_json_free(&j);
    ws_json_init_buffer(&j, 0);
    ws_json_end_array(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_EMISUSE);
    ws_json_free(&j);
    ws_json_init_buffer(&j, 0);
    ws_json_begin_object(&j);
    ws_json_key(&j, "x");
    ws_json_end_object(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_EMISUSE);
    ws_json_free(&j);
    ws_json_init_buffer(&j, 0);
    ws_json_begin_object(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_EMISUSE); /* still open */
    ws_json_end_object(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_OK);
    ws_json_free(&j);
    /* Too deep. */
    ws_json_init_buffer(&j, 0);
    for (int k = 0; k <= WS_JSON_MAX_DEPTH; k++)
        ws_json_begin_array(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_EMISUSE);
    ws_json_free(&j);
}

static void test_json_to_file(void **state)
{
    (void)state;
    FILE *fp = tmpfile();
    assert_non_null(fp);
    ws_json j;
    ws_json_init_file(&j, fp, 0);
    ws_json_begin_object(&j);
    ws_json_key(&j, "x");
    ws_json_f64(&j, 0.5);
    ws_json_end_object(&j);
    assert_int_equal(ws_json_status(&j), WS_JSON_OK);
    rewind(fp);
    char buf[64] = {0};
    assert_int_equal(fread(buf, 1, sizeof buf - 1, fp), 9);
    assert_string_equal(buf, "{\"x\":0.5}");
    fclose(fp);
}

/* ---------------------------------------------------------------------------------------- */
/* Reports                                                                                   */

/* Everything fn wrote to a temporary file, NUL-terminated (caller frees). */
static char *read_back(FILE *fp)
{
    long n = ftell(fp);
    assert_true(n >= 0);
    rewind(fp);
    char *buf = calloc((size_t)n + 1, 1);
    assert_non_null(buf);
    assert_int_equal(fread(buf, 1, (size_t)n, fp), (size_t)n);
    return buf;
}

static void build_launch(ws_launch *l)
{
    static const char *specs[] = {
        "out=f32[1]:list:496",
        "n=u32:32",
        "in=f32[10]:iota",
        "bytes=u8[18]:iota",
        "s=s16[3]:list:-1,32767,-32768",
        "big=u64[2]:list:18446744073709551615,0",
        "neg=s64[1]:list:-9223372036854775808",
        "odd=f32[5]:list:-0,nan,0f7fc00001,-inf,1e-45",
        "d=f64[2]:list:0.1,1e300",
        "x=f32:-0",
    };
    ws_launch_error e;
    ws_launch_init(l);
    for (size_t k = 0; k < sizeof specs / sizeof specs[0]; k++)
        if (ws_launch_parse_spec(l, specs[k], NULL, 1, 1, &e) != 0)
            fail_msg("%s: %s", specs[k], e.msg);
    l->grid[0] = 2;
    l->block[0] = 64;
    l->block[1] = 2;
}

static void test_report_text(void **state)
{
    (void)state;
    ws_launch l;
    build_launch(&l);
    ws_stat stats[] = {ws_stat_uint("cycles", 1234), ws_stat_int("delta", -5),
                       ws_stat_str("gpu", "NVIDIA H200"), ws_stat_float("time_ms", 0.0123),
                       ws_stat_str("odd", "a\"b\\c\nd\x01"), ws_stat_int("low", INT64_MIN),
                       ws_stat_uint("high", UINT64_MAX), ws_stat_int("zero", 0)};
    FILE *fp = tmpfile();
    assert_non_null(fp);
    const char out[] = "lane 0 says hi\nno newline at the end";
    assert_int_equal(ws_report_text(fp, &l, "reduce", out, sizeof out - 1, stats, sizeof stats / sizeof *stats), 0);
    char *t = read_back(fp);
    assert_string_equal(t,
        "lane 0 says hi\n"
        "no newline at the end\n"
        "== out f32[1]\n"
        "496\n"
        "== in f32[10]\n"
        "0 1 2 3 4 5 6 7\n"
        "8 9\n"
        "== bytes u8[18]\n"
        "0 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15\n"
        "16 17\n"
        "== s s16[3]\n"
        "-1 32767 -32768\n"
        "== big u64[2]\n"
        "18446744073709551615 0\n"
        "== neg s64[1]\n"
        "-9223372036854775808\n"
        "== odd f32[5]\n"
        "-0 nan nan -inf 1e-45\n"
        "== d f64[2]\n"
        "0.1 1e+300\n"
        "-- kernel reduce grid 2,1,1 block 64,2,1: cycles=1234 delta=-5 gpu=\"NVIDIA H200\" "
        "time_ms=0.0123 odd=\"a\\\"b\\\\c\\nd\\x01\" low=-9223372036854775808 "
        "high=18446744073709551615 zero=0\n");
    free(t);
    fclose(fp);

    /* No printf output, no buffers, no stats. */
    ws_launch empty;
    ws_launch_init(&empty);
    fp = tmpfile();
    assert_non_null(fp);
    assert_int_equal(ws_report_text(fp, &empty, "k", NULL, 0, NULL, 0), 0);
    t = read_back(fp);
    assert_string_equal(t, "-- kernel k grid 1,1,1 block 32,1,1:\n");
    free(t);
    fclose(fp);
    ws_launch_free(&l);
}

/* A C++ kernel: the summary names it as written, --json has the mangled entry name and that. */
static void test_report_demangled(void **state)
{
    (void)state;
    ws_launch empty;
    ws_launch_init(&empty);
    FILE *fp = tmpfile();
    assert_non_null(fp);
    assert_int_equal(ws_report_text(fp, &empty, "_Z6reduceILi16EEvPKfPf", NULL, 0, NULL, 0), 0);
    char *t = read_back(fp);
    assert_string_equal(t, "-- kernel void reduce<16>(float const*, float*) grid 1,1,1 block 32,1,1:\n");
    free(t);
    fclose(fp);
    fp = tmpfile();
    assert_non_null(fp);
    assert_int_equal(ws_report_json(fp, &empty, "_Z6reduceILi16EEvPKfPf", "", 0, NULL, 0, NULL, 0), 0);
    t = read_back(fp);
    assert_non_null(strstr(t, "\"kernel\": \"_Z6reduceILi16EEvPKfPf\",\n"
                              "  \"demangled\": \"void reduce<16>(float const*, float*)\",\n"));
    free(t);
    fclose(fp);
    ws_launch_free(&empty);
}

static void test_report_json(void **state)
{
    (void)state;
    ws_launch l;
    build_launch(&l);
    ws_stat stats[] = {ws_stat_uint("cycles", 1234), ws_stat_str("gpu", "NVIDIA H200"),
                       ws_stat_float("time_ms", 0.0123), ws_stat_float("ratio", NAN)};
    ws_report_diag d1 = WS_REPORT_DIAG_INIT;
    d1.kind = "shfl-src-inactive";
    d1.message = "lane 3 reads lane 7, which did not execute the shuffle";
    d1.pc = 12;
    d1.line = 40;
    d1.lanes = 0x8;
    d1.warp = 0;
    d1.block = 1;
    ws_report_diag d2 = WS_REPORT_DIAG_INIT;
    d2.severity = WS_DIAG_ERROR;
    d2.message = "deadlock";
    ws_report_diag d3 = WS_REPORT_DIAG_INIT;
    d3.json = "{\"custom\": true}";
    ws_report_diag diags[] = {d1, d2, d3};
    FILE *fp = tmpfile();
    assert_non_null(fp);
    const char out[] = "hi \"there\"\n";
    assert_int_equal(ws_report_json(fp, &l, "reduce", out, sizeof out - 1, stats, 4, diags, 3), 0);
    char *t = read_back(fp);
    assert_string_equal(t,
        "{\n"
        "  \"kernel\": \"reduce\",\n"
        "  \"grid\": [2, 1, 1],\n"
        "  \"block\": [64, 2, 1],\n"
        "  \"args\": [\n"
        "    {\n      \"label\": \"out\",\n      \"type\": \"f32\",\n      \"count\": 1\n    },\n"
        "    {\n      \"label\": \"n\",\n      \"type\": \"u32\",\n      \"value\": 32\n    },\n"
        "    {\n      \"label\": \"in\",\n      \"type\": \"f32\",\n      \"count\": 10\n    },\n"
        "    {\n      \"label\": \"bytes\",\n      \"type\": \"u8\",\n      \"count\": 18\n    },\n"
        "    {\n      \"label\": \"s\",\n      \"type\": \"s16\",\n      \"count\": 3\n    },\n"
        "    {\n      \"label\": \"big\",\n      \"type\": \"u64\",\n      \"count\": 2\n    },\n"
        "    {\n      \"label\": \"neg\",\n      \"type\": \"s64\",\n      \"count\": 1\n    },\n"
        "    {\n      \"label\": \"odd\",\n      \"type\": \"f32\",\n      \"count\": 5\n    },\n"
        "    {\n      \"label\": \"d\",\n      \"type\": \"f64\",\n      \"count\": 2\n    },\n"
        "    {\n      \"label\": \"x\",\n      \"type\": \"f32\",\n      \"value\": -0.0\n    }\n"
        "  ],\n"
        "  \"stdout\": \"hi \\\"there\\\"\\n\",\n"
        "  \"buffers\": {\n"
        "    \"out\": [496],\n"
        "    \"in\": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],\n"
        "    \"bytes\": [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17],\n"
        "    \"s\": [-1, 32767, -32768],\n"
        "    \"big\": [18446744073709551615, 0],\n"
        "    \"neg\": [-9223372036854775808],\n"
        "    \"odd\": [-0.0, \"nan\", \"nan:0x7fc00001\", \"-inf\", 1e-45],\n"
        "    \"d\": [0.1, 1e+300]\n"
        "  },\n"
        "  \"stats\": {\n"
        "    \"cycles\": 1234,\n"
        "    \"gpu\": \"NVIDIA H200\",\n"
        "    \"time_ms\": 0.0123,\n"
        "    \"ratio\": \"nan\"\n"
        "  },\n"
        "  \"diagnostics\": [\n"
        "    {\n"
        "      \"severity\": \"warning\",\n"
        "      \"kind\": \"shfl-src-inactive\",\n"
        "      \"message\": \"lane 3 reads lane 7, which did not execute the shuffle\",\n"
        "      \"pc\": 12,\n"
        "      \"line\": 40,\n"
        "      \"lanes\": 8,\n"
        "      \"warp\": 0,\n"
        "      \"block\": 1\n"
        "    },\n"
        "    {\n"
        "      \"severity\": \"error\",\n"
        "      \"message\": \"deadlock\"\n"
        "    },\n"
        "    {\"custom\": true}\n"
        "  ]\n"
        "}\n");
    free(t);
    fclose(fp);
    ws_launch_free(&l);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_fmt_f32_patterns),
        cmocka_unit_test(test_fmt_f64_patterns),
        cmocka_unit_test(test_fmt_round_trip),
        cmocka_unit_test(test_json_escaping),
        cmocka_unit_test(test_json_numbers),
        cmocka_unit_test(test_json_pretty),
        cmocka_unit_test(test_json_misuse),
        cmocka_unit_test(test_json_to_file),
        cmocka_unit_test(test_report_text),
        cmocka_unit_test(test_report_json),
        cmocka_unit_test(test_report_demangled),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
