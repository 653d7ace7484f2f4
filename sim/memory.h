/* memory: the state spaces. Global allocations (ws_sim_alloc), the module's .global and .const
 * images, and the translation of an address in a space to host bytes, with the out-of-bounds
 * and misalignment diagnostics. */
#ifndef WS_MEMORY_H
#define WS_MEMORY_H

#include "sim.h"

/* Generic-address windows. Global buffers live at GLOBAL_BASE and above; the shared, local
 * and const windows sit below it, so cvta is an add and a generic access a compare. */
#define SHARED_WINDOW 0x00007e0000000000ull
#define LOCAL_WINDOW  0x00007d0000000000ull
#define CONST_WINDOW  0x00007c0000000000ull
#define WINDOW_SIZE   0x0000010000000000ull
#define GLOBAL_BASE   0x00007f0000000000ull

/* Translate an address in a space to host bytes, or NULL (and a diagnostic). */
uint8_t *ws_mem_translate(ws_exec *x, ws_space space, uint64_t addr, unsigned lane, size_t size, int store);
/* The global allocation holding [addr, addr + size), or NULL. */
ws_alloc *ws_find_alloc(const ws_sim *sim, uint64_t addr, size_t size);
/* Allocates the module's .global variables (initialised) and its .const image, once per module.
 * Returns -1 when out of memory. */
int ws_mem_load_module(ws_sim *s, const ws_module *m);

#endif
