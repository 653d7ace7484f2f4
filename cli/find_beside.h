/* Files warpsim loads or runs from where it lives: beside the binary in a build tree, or
 * where `cmake --install` put them. */
#ifndef WS_FIND_BESIDE_H
#define WS_FIND_BESIDE_H

#include <stddef.h>

/* Tries each of rels (NULL-terminated, relative to this binary's directory), then installed;
 * the first that access(mode) accepts is written to out. 0 when found, -1 when not (out holds
 * installed then). */
int cli_find_beside(char *out, size_t cap, const char *const *rels, const char *installed, int mode);

#endif
