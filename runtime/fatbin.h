/* fatbin: the PTX inside a CUDA fat binary, as nvcc embeds it in a program.
 *
 * nvcc puts each translation unit's device code in a fat binary (section .nv_fatbin) and
 * passes a wrapper {magic 0x466243b1, version, data} to __cudaRegisterFatBinary. The fat
 * binary is a header {magic 0xba55ed50, version 1, header size, size of what follows} and
 * entries, each a header {kind (1 PTX, 2 ELF cubin), version 0x0101, header size, payload
 * size, ..., arch (sm number), flags, uncompressed size} and its payload. nvcc 13 compresses
 * payloads with zstd by default (flag 0x8000); older ones with -Xfatbin -compress-all used LZ4
 * (flag 0x2000); --no-compress leaves them as they are. Both decompressors are loaded at run
 * time (libzstd.so.1, liblz4.so.1), so nothing is needed to build.
 *
 * warpsim runs PTX, so it takes the PTX entry of the highest architecture it models (sm_90 and
 * below; nvcc's default build carries compute_75 PTX, -arch=sm_90 compute_90). A fat binary
 * with SASS only (-gencode arch=compute_90,code=sm_90) cannot run: the error says how to
 * rebuild. Nothing here prints or exits.
 */
#ifndef WS_FATBIN_H
#define WS_FATBIN_H

#include <stddef.h>

#define WS_FATBIN_WRAPPER_MAGIC 0x466243b1u
#define WS_FATBIN_MAGIC         0xba55ed50u

typedef struct {
    char *text; /* the PTX, NUL-terminated, malloc'd: the caller frees it */
    size_t len;
    unsigned arch;    /* the entry's architecture (75 for compute_75) */
    unsigned entries; /* entries in the fat binary (PTX and cubins), for messages */
} ws_fatbin_ptx;

/* Finds and decompresses the PTX to run from a fat binary at data (the wrapper's data
 * pointer, or a fat binary in a file). size bounds the bytes that may be read (SIZE_MAX when
 * unknown, as for a registered fat binary). Returns 0, or -1 with a message in err. */
int ws_fatbin_ptx_of(const void *data, size_t size, ws_fatbin_ptx *out, char *err, size_t errcap);

/* The same, from the wrapper nvcc passes to __cudaRegisterFatBinary. */
int ws_fatbin_wrapper_ptx(const void *wrapper, ws_fatbin_ptx *out, char *err, size_t errcap);

#endif
