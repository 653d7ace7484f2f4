/* fatbin: the PTX inside a CUDA fat binary (see fatbin.h for the format). */
#include "fatbin.h"

#include <dlfcn.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum { KIND_PTX = 1, KIND_ELF = 2 };
enum { FLAG_LZ4 = 0x2000, FLAG_ZSTD = 0x8000 };
enum { WARPSIM_ARCH = 90 }; /* the newest architecture warpsim models (an H200 is sm_90) */

static int fail(char *err, size_t cap, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(err, cap, fmt, ap);
    va_end(ap);
    return -1;
}

static uint64_t rd(const unsigned char *p, unsigned bytes)
{
    uint64_t v = 0;
    for (unsigned i = 0; i < bytes; i++)
        v |= (uint64_t)p[i] << (8 * i);
    return v;
}

/* The decompressors, from the system's libraries at run time. */
static int unzstd(const void *src, size_t n, char *dst, size_t cap, char *err, size_t errcap)
{
    static size_t (*decompress)(void *, size_t, const void *, size_t);
    static unsigned (*is_error)(size_t);
    if (!decompress) {
        void *h = dlopen("libzstd.so.1", RTLD_NOW | RTLD_LOCAL);
        if (h) {
            *(void **)&decompress = dlsym(h, "ZSTD_decompress");
            *(void **)&is_error = dlsym(h, "ZSTD_isError");
        }
        if (!decompress || !is_error)
            return fail(err, errcap,
                        "the PTX is zstd-compressed (nvcc's default) and libzstd.so.1 is not installed "
                        "(apt-get install libzstd1), or rebuild the program with nvcc --no-compress");
    }
    size_t r = decompress(dst, cap, src, n);
    if (is_error(r) || r != cap)
        return fail(err, errcap, "the PTX's zstd data is corrupt");
    return 0;
}

static int unlz4(const void *src, size_t n, char *dst, size_t cap, char *err, size_t errcap)
{
    static int (*decompress)(const char *, char *, int, int);
    if (!decompress) {
        void *h = dlopen("liblz4.so.1", RTLD_NOW | RTLD_LOCAL);
        if (h)
            *(void **)&decompress = dlsym(h, "LZ4_decompress_safe");
        if (!decompress)
            return fail(err, errcap,
                        "the PTX is LZ4-compressed and liblz4.so.1 is not installed (apt-get install liblz4-1), "
                        "or rebuild the program with nvcc --no-compress");
    }
    if (n > INT32_MAX || cap > INT32_MAX)
        return fail(err, errcap, "the PTX is too large");
    int r = decompress(src, dst, (int)n, (int)cap);
    if (r < 0 || (size_t)r != cap)
        return fail(err, errcap, "the PTX's LZ4 data is corrupt");
    return 0;
}

int ws_fatbin_ptx_of(const void *data, size_t size, ws_fatbin_ptx *out, char *err, size_t errcap)
{
    const unsigned char *fb = data;
    memset(out, 0, sizeof *out);
    if (size < 16 || rd(fb, 4) != WS_FATBIN_MAGIC)
        return fail(err, errcap, "not a CUDA fat binary (no magic 0x%08x)", WS_FATBIN_MAGIC);
    uint64_t hsize = rd(fb + 6, 2), total = rd(fb + 8, 8);
    if (hsize < 16 || total > size - hsize)
        return fail(err, errcap, "a truncated fat binary");
    const unsigned char *best = NULL;
    unsigned best_arch = 0, newest_ptx = 0, cubins = 0;
    for (uint64_t off = hsize; off + 64 <= hsize + total;) {
        const unsigned char *e = fb + off;
        uint64_t ehsize = rd(e + 4, 4), psize = rd(e + 8, 8);
        unsigned kind = (unsigned)rd(e, 2), arch = (unsigned)rd(e + 28, 4);
        if (ehsize < 64 || psize > hsize + total - off - ehsize)
            return fail(err, errcap, "a fat binary entry at offset %llu runs past its end", (unsigned long long)off);
        out->entries++;
        if (kind == KIND_ELF)
            cubins++;
        if (kind == KIND_PTX) {
            newest_ptx = arch > newest_ptx ? arch : newest_ptx;
            if (arch <= WARPSIM_ARCH && arch >= best_arch) {
                best = e;
                best_arch = arch;
            }
        }
        off += ehsize + psize;
    }
    if (!best) {
        if (newest_ptx)
            return fail(err, errcap,
                        "the program carries PTX for sm_%u only; warpsim models sm_90 and below: rebuild with "
                        "-arch=sm_90 (or add -gencode arch=compute_90,code=compute_90)",
                        newest_ptx);
        return fail(err, errcap,
                    "the program carries no PTX (%u cubin%s only): warpsim runs PTX; rebuild with -arch=sm_90, "
                    "which keeps compute_90 PTX beside the cubin",
                    cubins, cubins == 1 ? "" : "s");
    }
    uint64_t ehsize = rd(best + 4, 4), psize = rd(best + 8, 8), csize = rd(best + 16, 4);
    uint64_t flags = rd(best + 40, 8), usize = rd(best + 56, 8);
    const unsigned char *payload = best + ehsize;
    int compressed = (flags & (FLAG_LZ4 | FLAG_ZSTD)) != 0;
    if (compressed && (csize > psize || usize == 0 || usize > ((uint64_t)1 << 31)))
        return fail(err, errcap, "a compressed PTX entry with sizes %llu/%llu", (unsigned long long)csize,
                    (unsigned long long)usize);
    size_t n = compressed ? (size_t)usize : (size_t)psize;
    char *text = malloc(n + 1);
    if (!text)
        return fail(err, errcap, "out of memory");
    int rc = 0;
    if (flags & FLAG_ZSTD)
        rc = unzstd(payload, (size_t)csize, text, n, err, errcap);
    else if (flags & FLAG_LZ4)
        rc = unlz4(payload, (size_t)csize, text, n, err, errcap);
    else
        memcpy(text, payload, n);
    if (rc != 0) {
        free(text);
        return -1;
    }
    text[n] = 0;
    out->text = text;
    out->len = strlen(text); /* the payload is padded with NULs */
    out->arch = best_arch;
    return 0;
}

/* The wrapper nvcc's generated code passes: {magic, version, data, filename or prelinked
 * fat binaries}. Version 2 wraps relocatable device code (-rdc), linked by nvlink at run
 * time, which warpsim does not do. */
int ws_fatbin_wrapper_ptx(const void *wrapper, ws_fatbin_ptx *out, char *err, size_t errcap)
{
    const struct {
        int magic;
        int version;
        const void *data;
        const void *filename_or_fatbins;
    } *w = wrapper;
    memset(out, 0, sizeof *out);
    if (!w || (unsigned)w->magic != WS_FATBIN_WRAPPER_MAGIC)
        return fail(err, errcap, "not a fat binary wrapper (no magic 0x%08x)", WS_FATBIN_WRAPPER_MAGIC);
    if (w->version != 1)
        return fail(err, errcap,
                    "relocatable device code (nvcc -rdc=true, fat binary wrapper version %d) is not supported; "
                    "build without -rdc",
                    w->version);
    return ws_fatbin_ptx_of(w->data, SIZE_MAX, out, err, errcap);
}
