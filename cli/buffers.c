/* buffers: device addresses back to the launch's buffer names. */
#include "buffers.h"

#include <inttypes.h>
#include <stdio.h>

void ws_buffer_map_add(ws_buffer_map *m, const char *label, uint64_t base, uint64_t size, unsigned elem)
{
    if (!m || m->n == WS_MAX_BUFFERS)
        return;
    ws_buffer_ref *b = &m->b[m->n++];
    snprintf(b->label, sizeof b->label, "%s", label);
    b->base = base;
    b->size = size;
    b->elem = elem ? elem : 1;
}

size_t ws_buffer_name(const ws_buffer_map *m, uint64_t v, int index, char *buf, size_t cap)
{
    for (unsigned i = 0; m && i < m->n; i++) {
        const ws_buffer_ref *b = &m->b[i];
        if (v < b->base || v - b->base > b->size)
            continue;
        uint64_t off = v - b->base;
        int n = index && off % b->elem == 0 ? snprintf(buf, cap, "%s[%" PRIu64 "]", b->label, off / b->elem)
                                            : snprintf(buf, cap, "%s+%" PRIu64, b->label, off);
        return n < 0 ? 0 : (size_t)n;
    }
    return 0;
}
