/* npy.c: NumPy's .npy format, version 1.0 (numpy.lib.format): the magic "\x93NUMPY", the
 * version 1 0, a little-endian 16-bit header length, then a Python dict literal padded with
 * spaces and a newline so that the data starts at a multiple of 64 bytes, then the data. */
#include "npy.h"

#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/* numpy's dtype string for an element type: byte order ('<' little, '>' big, '|' for one
 * byte), kind (u, i, f) and size. */
static void dtype(ws_elem t, char out[8])
{
    const uint16_t one = 1;
    unsigned char first;
    memcpy(&first, &one, 1);
    size_t size = ws_elem_size(t);
    char order = size == 1 ? '|' : first ? '<' : '>';
    char kind = ws_elem_is_float(t) ? 'f' : ws_elem_is_signed(t) ? 'i' : 'u';
    snprintf(out, 8, "%c%c%zu", order, kind, size);
}

static int write_one(const char *path, const ws_arg *arg)
{
    FILE *f = fopen(path, "wb");
    if (!f)
        return -1;
    char dt[8], dict[128];
    dtype(arg->elem, dt);
    int n = snprintf(dict, sizeof dict, "{'descr': '%s', 'fortran_order': False, 'shape': (%zu,), }", dt, arg->count);
    size_t header = 10 + (size_t)n + 1; /* magic, version, length; the dict; its newline */
    size_t pad = (64 - header % 64) % 64;
    uint16_t hlen = (uint16_t)((size_t)n + pad + 1);
    unsigned char pre[10] = {
        0x93, 'N', 'U', 'M', 'P', 'Y', 1, 0, (unsigned char)(hlen & 0xff), (unsigned char)(hlen >> 8)};
    int ok = fwrite(pre, 1, sizeof pre, f) == sizeof pre && fwrite(dict, 1, (size_t)n, f) == (size_t)n;
    for (size_t i = 0; ok && i < pad; i++)
        ok = fputc(' ', f) != EOF;
    ok = ok && fputc('\n', f) != EOF;
    size_t bytes = arg->count * ws_elem_size(arg->elem);
    ok = ok && fwrite(arg->data, 1, bytes, f) == bytes;
    int e = errno;
    if (fclose(f) != 0 || !ok) {
        errno = e ? e : EIO;
        return -1;
    }
    return 0;
}

int ws_npy_write_buffers(const char *dir, const ws_launch *l, char *err, size_t cap)
{
    struct stat st;
    if (stat(dir, &st) != 0 && mkdir(dir, 0777) != 0 && errno != EEXIST) {
        snprintf(err, cap, "cannot make the directory %s: %s", dir, strerror(errno));
        return -1;
    }
    if (stat(dir, &st) != 0 || !S_ISDIR(st.st_mode)) {
        snprintf(err, cap, "%s is not a directory", dir);
        return -1;
    }
    for (size_t a = 0; a < l->nargs; a++) {
        const ws_arg *arg = &l->args[a];
        if (!arg->is_buffer)
            continue;
        char path[4096];
        if ((size_t)snprintf(path, sizeof path, "%s/%s.npy", dir, arg->label) >= sizeof path) {
            snprintf(err, cap, "the directory name %.64s... is too long", dir);
            return -1;
        }
        errno = 0;
        if (write_one(path, arg) != 0) {
            snprintf(err, cap, "cannot write %s: %s", path, strerror(errno));
            return -1;
        }
    }
    return 0;
}
