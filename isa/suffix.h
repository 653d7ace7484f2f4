/* Suffix words (.u32, .sync, .down, ...) and their groups, shared by parser and printer. */
#ifndef WS_SUFFIX_H
#define WS_SUFFIX_H

#include <stddef.h>
#include <stdint.h>

#include "opcodes.h" /* the SFX_* groups */

typedef struct {
    const char *name;
    uint64_t group; /* one SFX_* bit */
    unsigned value;
} ws_suffix;

extern const ws_suffix ws_suffixes[];
/* The word for value in group, or NULL. */
const char *ws_suffix_name(uint64_t group, unsigned value);
/* Special register by name ("%tid.x"), or -1. */
int ws_sreg_lookup(const char *name, size_t len);

#endif
