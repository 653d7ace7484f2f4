/* test_fatbin.c: the PTX of CUDA fat binaries (runtime/fatbin.h), from the fat binaries nvcc 13
 * made of tests/cuda/fatbin/add_one.cu (tests/cuda/fatbin/README.md): zstd-compressed (nvcc's
 * default), uncompressed, nvcc's default architecture, SASS only, PTX too new; an LZ4 entry
 * made here; truncated and corrupt ones; and the machine's memory calls the CUDA runtime uses
 * (ws_sim_free, ws_sim_map, ws_sim_symbol). */
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include "fatbin.h"
#include "warpsim/warpsim.h"

static unsigned char *read_file(const char *name, size_t *size)
{
    char path[512];
    snprintf(path, sizeof path, "%s/tests/cuda/fatbin/%s", WS_SOURCE_DIR, name);
    FILE *f = fopen(path, "rb");
    assert_non_null(f);
    fseek(f, 0, SEEK_END);
    *size = (size_t)ftell(f);
    fseek(f, 0, SEEK_SET);
    unsigned char *p = malloc(*size);
    assert_int_equal(fread(p, 1, *size, f), *size);
    fclose(f);
    return p;
}

/* The fat binary's PTX, or NULL with the error in err. */
static char *ptx_of(const unsigned char *fb, size_t size, unsigned *arch, char *err)
{
    ws_fatbin_ptx p;
    if (ws_fatbin_ptx_of(fb, size, &p, err, 512) != 0)
        return NULL;
    *arch = p.arch;
    return p.text;
}

static void expect_add_one(const char *file, unsigned want_arch)
{
    size_t size;
    unsigned char *fb = read_file(file, &size);
    unsigned arch = 0;
    char err[512] = "";
    char *ptx = ptx_of(fb, size, &arch, err);
    if (!ptx)
        fail_msg("%s: %s", file, err);
    assert_int_equal(arch, want_arch);
    char target[32];
    snprintf(target, sizeof target, ".target sm_%u", want_arch);
    assert_non_null(strstr(ptx, target));
    assert_non_null(strstr(ptx, ".visible .entry add_one("));
    ws_parse_error perr;
    ws_module *m = ws_module_parse(ptx, strlen(ptx), file, &perr); /* warpsim takes it whole */
    if (!m)
        fail_msg("%s:%u: %s", file, perr.line, perr.message);
    assert_non_null(ws_module_kernel(m, "add_one"));
    ws_module_free(m);
    free(ptx);
    free(fb);
}

static void test_zstd(void **state)
{
    (void)state;
    expect_add_one("zstd.fatbin", 90);
}

static void test_uncompressed(void **state)
{
    (void)state;
    expect_add_one("none.fatbin", 90);
}

static void test_default_arch(void **state)
{
    (void)state;
    expect_add_one("default_arch.fatbin", 75);
}

static void expect_error(const unsigned char *fb, size_t size, const char *want)
{
    unsigned arch;
    char err[512] = "";
    char *ptx = ptx_of(fb, size, &arch, err);
    if (ptx)
        fail_msg("expected an error containing '%s', got PTX", want);
    if (!strstr(err, want))
        fail_msg("expected an error containing '%s', got '%s'", want, err);
}

static void test_refused(void **state)
{
    (void)state;
    size_t size;
    unsigned char *fb = read_file("cubin_only.fatbin", &size);
    expect_error(fb, size, "carries no PTX (1 cubin only)");
    free(fb);
    fb = read_file("sm100_ptx.fatbin", &size);
    expect_error(fb, size, "PTX for sm_100 only");
    free(fb);
    fb = read_file("zstd.fatbin", &size);
    expect_error(fb, 40, "truncated fat binary");
    expect_error(fb + 1, size - 1, "not a CUDA fat binary");
    fb[8] += 1; /* the fat binary claims one byte more than there is */
    expect_error(fb, size, "truncated fat binary");
    fb[8] -= 1;
    unsigned char *copy = malloc(size);
    memcpy(copy, fb, size);
    for (size_t i = size - 64; i < size; i++) /* scramble the end of the compressed PTX */
        copy[i] ^= 0x5a;
    unsigned arch;
    char err[512] = "";
    char *ptx = ptx_of(copy, size, &arch, err);
    if (ptx) /* the scrambled bytes may be padding after the last entry: then the PTX is intact */
        assert_non_null(strstr(ptx, "add_one"));
    else
        assert_non_null(strstr(err, "corrupt"));
    free(ptx);
    free(copy);
    free(fb);
}

/* The wrapper nvcc passes: version 2 is relocatable device code. */
static void test_wrapper(void **state)
{
    (void)state;
    size_t size;
    unsigned char *fb = read_file("none.fatbin", &size);
    struct {
        int magic, version;
        const void *data, *filename;
    } w = {(int)WS_FATBIN_WRAPPER_MAGIC, 1, fb, NULL};
    ws_fatbin_ptx p;
    char err[512] = "";
    assert_int_equal(ws_fatbin_wrapper_ptx(&w, &p, err, sizeof err), 0);
    assert_non_null(strstr(p.text, "add_one"));
    free(p.text);
    w.version = 2;
    assert_int_equal(ws_fatbin_wrapper_ptx(&w, &p, err, sizeof err), -1);
    assert_non_null(strstr(err, "-rdc"));
    w.magic = 0;
    assert_int_equal(ws_fatbin_wrapper_ptx(&w, &p, err, sizeof err), -1);
    free(fb);
}

/* An LZ4 entry (flag 0x2000, as nvcc before CUDA 12.8 wrote with -Xfatbin -compress-all),
 * made from the uncompressed one with the system's liblz4. */
static void test_lz4(void **state)
{
    (void)state;
    void *h = dlopen("liblz4.so.1", RTLD_NOW);
    if (!h) {
        printf("liblz4.so.1 is not installed: the LZ4 case is not checked\n");
        skip();
    }
    int (*compress)(const char *, char *, int, int);
    *(void **)&compress = dlsym(h, "LZ4_compress_default");
    assert_non_null(compress);
    size_t size;
    unsigned char *fb = read_file("none.fatbin", &size);
    /* the PTX entry is the second: find it, compress its payload in place of the original */
    size_t off = 16;
    while (fb[off] != 1)
        off += (size_t)(fb[off + 4] | fb[off + 5] << 8) + (size_t)(fb[off + 8] | fb[off + 9] << 8 | fb[off + 10] << 16);
    uint32_t hsize = fb[off + 4] | fb[off + 5] << 8;
    uint32_t psize = fb[off + 8] | fb[off + 9] << 8 | fb[off + 10] << 16;
    const char *ptx = (const char *)fb + off + hsize;
    int n = (int)strnlen(ptx, psize) + 1;
    char *z = malloc((size_t)n + 1024);
    int zn = compress(ptx, z, n, n + 1024);
    assert_true(zn > 0 && (uint32_t)zn <= psize);
    memset(fb + off + hsize, 0, psize);
    memcpy(fb + off + hsize, z, (size_t)zn);
    for (int i = 0; i < 4; i++)
        fb[off + 16 + i] = (unsigned char)(zn >> (8 * i)); /* compressed size */
    fb[off + 41] |= 0x20;                                  /* flags: LZ4 */
    for (int i = 0; i < 8; i++)
        fb[off + 56 + i] = (unsigned char)((uint64_t)n >> (8 * i)); /* uncompressed size */
    unsigned arch;
    char err[512] = "";
    char *text = ptx_of(fb, size, &arch, err);
    if (!text)
        fail_msg("%s", err);
    assert_non_null(strstr(text, ".visible .entry add_one("));
    free(text);
    free(z);
    free(fb);
    dlclose(h);
}

/* ws_sim_free, ws_sim_map and ws_sim_symbol, as the CUDA runtime uses them. */
static const char var_ptx[] = ".version 8.0\n.target sm_90\n.address_size 64\n"
                              ".global .align 4 .u32 counter = 7;\n"
                              ".const .align 4 .b8 coeff[8] = {1, 0, 0, 0, 2, 0, 0, 0};\n"
                              ".visible .entry bump(.param .u64 p)\n{\n"
                              "  .reg .b32 %r<4>;\n  .reg .b64 %rd<3>;\n"
                              "  ld.param.u64 %rd1, [p];\n"
                              "  ld.global.u32 %r1, [counter];\n"
                              "  ld.const.u32 %r2, [coeff+4];\n"
                              "  add.u32 %r3, %r1, %r2;\n"
                              "  st.global.u32 [counter], %r3;\n"
                              "  st.u32 [%rd1], %r3;\n"
                              "  ret;\n}\n";

static void test_sim_memory(void **state)
{
    (void)state;
    ws_parse_error perr;
    ws_module *m = ws_module_parse(var_ptx, sizeof var_ptx - 1, "var.ptx", &perr);
    if (!m)
        fail_msg("%u: %s", perr.line, perr.message);
    ws_config cfg = {0};
    ws_sim *sim = ws_sim_create(&cfg);
    uint64_t addr;
    size_t size;
    uint32_t *counter = ws_sim_symbol(sim, m, "counter", &addr, &size);
    assert_non_null(counter);
    assert_int_equal(size, 4);
    assert_int_equal(*counter, 7);
    uint32_t *coeff = ws_sim_symbol(sim, m, "coeff", &addr, &size);
    assert_int_equal(size, 8);
    coeff[1] = 10; /* cudaMemcpyToSymbol on a __constant__ */
    *counter = 100;
    assert_null(ws_sim_symbol(sim, m, "nothing", &addr, &size));
    /* host memory at its own address: the kernel stores through a pointer to it */
    size_t page = 4096;
    uint32_t *host = mmap((void *)0x300000100000ull, page, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_FIXED_NOREPLACE, -1, 0);
    assert_true(host == (void *)0x300000100000ull);
    assert_int_equal(ws_sim_map(sim, host, page), 0);
    assert_int_equal(ws_sim_map(sim, host + 4, 16), -1);                  /* overlaps */
    assert_int_equal(ws_sim_map(sim, (void *)0x7e0000001000ull, 16), -1); /* the shared window */
    uint64_t params = (uint64_t)(uintptr_t)host;
    unsigned one[3] = {1, 1, 1};
    ws_result res;
    assert_int_equal(ws_sim_launch(sim, m, ws_module_kernel(m, "bump"), one, one, &params, 8, &res), WS_OK);
    ws_result_free(&res);
    assert_int_equal(host[0], 110);
    assert_int_equal(*counter, 110); /* the variable keeps what the kernel stored */
    assert_int_equal(ws_sim_launch(sim, m, ws_module_kernel(m, "bump"), one, one, &params, 8, &res), WS_OK);
    ws_result_free(&res);
    assert_int_equal(host[0], 120);
    /* freeing: a buffer, the mapping, and what is no allocation's base */
    uint64_t buf = ws_sim_alloc(sim, 64, NULL);
    assert_int_equal(ws_sim_free(sim, buf + 4), -1);
    assert_int_equal(ws_sim_free(sim, buf), 0);
    assert_int_equal(ws_sim_free(sim, buf), -1);
    uint32_t word;
    assert_int_equal(ws_sim_read(sim, buf, &word, 4), -1);
    assert_int_equal(ws_sim_free(sim, params), 0);
    params = ws_sim_alloc(sim, 4, NULL); /* the kernel now stores into the machine's memory */
    assert_int_equal(ws_sim_launch(sim, m, ws_module_kernel(m, "bump"), one, one, &params, 8, &res), WS_OK);
    ws_result_free(&res);
    assert_int_equal(ws_sim_read(sim, params, &word, 4), 0);
    assert_int_equal(word, 130);
    assert_int_equal(host[0], 120);
    munmap(host, page);
    ws_sim_destroy(sim);
    ws_module_free(m);
}

int main(void)
{
    const struct CMUnitTest tests[] = {
        cmocka_unit_test(test_zstd),       cmocka_unit_test(test_uncompressed), cmocka_unit_test(test_default_arch),
        cmocka_unit_test(test_refused),    cmocka_unit_test(test_wrapper),      cmocka_unit_test(test_lz4),
        cmocka_unit_test(test_sim_memory),
    };
    return cmocka_run_group_tests(tests, NULL, NULL);
}
