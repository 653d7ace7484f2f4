/* buffers: the launch's global buffers by device address, so that a pointer reads as in+4 or
 * out[1] rather than 0x7f0000000004 (the text trace, the viewer). */
#ifndef WS_BUFFERS_H
#define WS_BUFFERS_H

#include <stddef.h>
#include <stdint.h>

#define WS_MAX_BUFFERS 64

typedef struct {
    char label[64];
    uint64_t base, size;
    unsigned elem; /* element size in bytes */
} ws_buffer_ref;

typedef struct {
    ws_buffer_ref b[WS_MAX_BUFFERS];
    unsigned n;
} ws_buffer_map;

void ws_buffer_map_add(ws_buffer_map *m, const char *label, uint64_t base, uint64_t size, unsigned elem);
/* "in+4" (byte offset) or, with index set, "out[1]" (element index; "out+5" when not aligned)
 * for an address inside a buffer (its end included); returns 0 and writes nothing when v is in
 * none. */
size_t ws_buffer_name(const ws_buffer_map *m, uint64_t v, int index, char *buf, size_t cap);

#endif
