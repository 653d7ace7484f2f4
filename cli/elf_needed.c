/* The DT_NEEDED entries of an ELF program: see elf_needed.h. */
#include "elf_needed.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const unsigned char *p;
    uint64_t size;
} image;

/* n little-endian bytes at off, or 0 past the end */
static uint64_t rd(const image *im, uint64_t off, unsigned n)
{
    uint64_t v = 0;
    if (off > im->size || n > im->size - off)
        return 0;
    for (unsigned i = 0; i < n; i++)
        v |= (uint64_t)im->p[off + i] << (8 * i);
    return v;
}

static int needed(const image *im, char *buf, size_t cap)
{
    enum { PT_LOAD = 1, PT_DYNAMIC = 2, DT_NULL = 0, DT_NEEDED = 1, DT_STRTAB = 5 };
    uint64_t phoff = rd(im, 32, 8), phent = rd(im, 54, 2), phnum = rd(im, 56, 2);
    uint64_t dyn = 0, dyn_size = 0, strtab = 0, stroff = 0;
    if (phent < 56)
        return -1;
    for (uint64_t i = 0; i < phnum; i++) /* the dynamic section */
        if (rd(im, phoff + i * phent, 4) == PT_DYNAMIC) {
            dyn = rd(im, phoff + i * phent + 8, 8);
            dyn_size = rd(im, phoff + i * phent + 32, 8);
        }
    for (uint64_t o = dyn; o + 16 <= dyn + dyn_size; o += 16) /* its string table's address */
        if (rd(im, o, 8) == DT_STRTAB)
            strtab = rd(im, o + 8, 8);
    for (uint64_t i = 0; i < phnum; i++) { /* ... as a file offset */
        uint64_t ph = phoff + i * phent, vaddr = rd(im, ph + 16, 8);
        if (rd(im, ph, 4) == PT_LOAD && strtab >= vaddr && strtab - vaddr < rd(im, ph + 32, 8))
            stroff = strtab - vaddr + rd(im, ph + 8, 8);
    }
    size_t len = 0;
    buf[0] = 0;
    for (uint64_t o = dyn; stroff && o + 16 <= dyn + dyn_size && rd(im, o, 8) != DT_NULL; o += 16) {
        uint64_t s = stroff + rd(im, o + 8, 8);
        if (rd(im, o, 8) != DT_NEEDED || s >= im->size)
            continue;
        size_t n = strnlen((const char *)im->p + s, im->size - s);
        if (len + n + 2 <= cap) {
            memcpy(buf + len, im->p + s, n);
            len += n;
            buf[len++] = '\n';
            buf[len] = 0;
        }
    }
    return 0;
}

int ws_elf_needed(const char *path, char *buf, size_t cap)
{
    FILE *f = fopen(path, "rb");
    if (!f || cap < 1)
        return f ? fclose(f), -1 : -1;
    unsigned char *p = NULL;
    long size = -1;
    if (fseek(f, 0, SEEK_END) == 0 && (size = ftell(f)) >= 64 && fseek(f, 0, SEEK_SET) == 0 &&
        (p = malloc((size_t)size)) && fread(p, 1, (size_t)size, f) != (size_t)size)
        size = -1;
    fclose(f);
    image im = {p, size > 0 ? (uint64_t)size : 0};
    int rc = size >= 64 && p && !memcmp(p, "\177ELF\2\1", 6) ? needed(&im, buf, cap) : -1;
    free(p);
    return rc;
}
