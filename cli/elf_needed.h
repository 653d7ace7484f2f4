/* The shared libraries an ELF program asks for (its DT_NEEDED entries): warpsim exec reads them
 * to tell a program built with CUDA's static runtime, or another CUDA version's, from one it can
 * run. */
#ifndef WS_ELF_NEEDED_H
#define WS_ELF_NEEDED_H

#include <stddef.h>

/* Writes the names, each followed by '\n', into buf (truncated to cap). Returns 0, or -1 when
 * path is not a readable 64-bit little-endian ELF file (a script, say). */
int ws_elf_needed(const char *path, char *buf, size_t cap);

#endif
