/* memory: the state spaces. Global allocations (ws_sim_alloc), the module's .global and .const
 * images, and the translation of an address in a space to host bytes, with the out-of-bounds
 * and misalignment diagnostics. */
#ifndef WS_MEMORY_H
#define WS_MEMORY_H

#include "sim.h"

/* Generic-address windows. Global buffers live at GLOBAL_BASE and above; the shared, local,
 * const and param windows sit below it, so cvta is an add and a generic access a compare. The
 * param window holds the kernel's parameters (cvta.param of a __grid_constant__ parameter). */
#define SHARED_WINDOW 0x00007e0000000000ull
#define LOCAL_WINDOW  0x00007d0000000000ull
#define CONST_WINDOW  0x00007c0000000000ull
#define PARAM_WINDOW  0x00007b0000000000ull
#define WINDOW_SIZE   0x0000010000000000ull
#define GLOBAL_BASE   0x00007f0000000000ull

/* ---- an instruction's access, decoded once for execution (exec_mem.c) and timing (timing.c) ---- */

/* The space an instruction accesses: its own, but a call's parameters (ld/st.param of a call
 * site, WS_MOD_CALLPARAM) live in the lane's local memory. */
static inline ws_space ws_access_space(const ws_insn *in)
{
    return (in->mods & WS_MOD_CALLPARAM) ? WS_SPACE_LOCAL : (ws_space)in->space;
}

/* What wraps an address: a 32-bit base register makes the sum wrap at 32 bits. */
static inline uint64_t ws_address_mask(const ws_operand *a) { return (a->flags & WS_ADDR32) ? UINT32_MAX : UINT64_MAX; }

/* Lane l's address: the address operand's base register (if any) plus its offset. */
static inline uint64_t ws_access_address(const ws_exec *x, const ws_operand *a, unsigned lane)
{
    uint64_t base = a->reg != WS_NO_REG ? ws_reg_get(x, a->reg, lane) : 0;
    return (base + a->imm) & ws_address_mask(a);
}

/* ws_access_address of the lanes of mask into addr[lane] (timing.c's access of a picked group):
 * a few lanes read their own; else every lane of the warp at once, the base register's row read
 * once (the lanes outside mask get an address too, which the caller does not read). */
static inline void ws_access_addresses(const ws_exec *x, const ws_operand *a, uint32_t mask, uint64_t *addr)
{
    if (a->reg != WS_NO_REG && __builtin_popcount(mask) < 8) {
        FOR_EACH_LANE(mask, l)
            addr[l] = ws_access_address(x, a, l);
        return;
    }
    uint64_t imm = a->imm, wrap = ws_address_mask(a);
    if (a->reg == WS_NO_REG) {
        for (unsigned l = 0; l < 32; l++)
            addr[l] = imm & wrap;
        return;
    }
    uint64_t row[32];
    const uint64_t *base = ws_reg_row(x, a->reg, row);
    for (unsigned l = 0; l < 32; l++)
        addr[l] = (base[l] + imm) & wrap;
}

/* A generic address resolved to the space whose window holds it, made relative to the window
 * of shared, local and param memory (const addresses keep theirs: the const image is addressed
 * from CONST_WINDOW); anything outside the windows is global. Another space comes back unchanged. */
static inline ws_space ws_resolve_generic(ws_space space, uint64_t *addr)
{
    if (space != WS_SPACE_GENERIC)
        return space;
    if (*addr - SHARED_WINDOW < WINDOW_SIZE) {
        *addr -= SHARED_WINDOW;
        return WS_SPACE_SHARED;
    }
    if (*addr - LOCAL_WINDOW < WINDOW_SIZE) {
        *addr -= LOCAL_WINDOW;
        return WS_SPACE_LOCAL;
    }
    if (*addr - PARAM_WINDOW < WINDOW_SIZE) {
        *addr -= PARAM_WINDOW;
        return WS_SPACE_PARAM;
    }
    return *addr - CONST_WINDOW < WINDOW_SIZE ? WS_SPACE_CONST : WS_SPACE_GLOBAL;
}

/* The window a space's addresses take in the generic space (cvta adds or subtracts it). */
static inline uint64_t ws_space_window(ws_space s)
{
    return s == WS_SPACE_SHARED  ? SHARED_WINDOW
           : s == WS_SPACE_LOCAL ? LOCAL_WINDOW
           : s == WS_SPACE_PARAM ? PARAM_WINDOW
                                 : 0;
}

/* ---- host bytes -------------------------------------------------------------------------------- */

/* Translate an address in a space to host bytes, or NULL (and a diagnostic). */
uint8_t *ws_mem_translate(ws_exec *x, ws_space space, uint64_t addr, unsigned lane, size_t size, int store);
/* The global allocation holding [addr, addr + size), or NULL. */
ws_alloc *ws_find_alloc(const ws_sim *sim, uint64_t addr, size_t size);
/* Allocates the module's .global variables (initialised) and its .const image, once per module,
 * both charged against the memory limit. Returns WS_OK, or WS_ERR_LIMIT (the memory limit) or
 * WS_ERR_INTERNAL (out of memory) with a message in msg. */
ws_status ws_mem_load_module(ws_sim *s, const ws_module *m, char *msg, size_t cap);

#endif
