/* machine: the ws_sim object and a launch (warpsim.h's ws_sim_create, ws_sim_launch): the launch's
 * checks, the kernel made ready to run (kept for its next launch), and its blocks, one after
 * another or on --jobs threads (parallel.c). The layers below it: CONTRIBUTING.md, "Layers of
 * sim/". */
#include "sim.h"
#include "block.h"
#include "calls.h"
#include "cdp.h"
#include "cfg.h"
#include "contract.h"
#include "diag.h"
#include "exec.h"
#include "exec_fast.h"
#include "fpexact.h"
#include "interp.h"
#include "interp_issue.h"
#include "memory.h"
#include "parallel.h"
#include "preset.h"
#include "shadow.h"
#include "grid.h"
#include "timing.h"

#include <inttypes.h>
#include <stddef.h>
#include <stdlib.h>

/* ---- the sim object ---------------------------------------------------------------------------- */

static void prepared_free(ws_sim *sim);

ws_sim *ws_sim_create(const ws_config *cfg)
{
    ws_sim *s = calloc(1, sizeof *s);
    if (!s)
        return NULL;
    if (cfg)
        s->cfg = *cfg;
    if (!s->cfg.max_warp_instructions)
        s->cfg.max_warp_instructions = WS_DEFAULT_MAX_INSTRUCTIONS; /* stops a runaway loop */
    if (!s->cfg.max_memory)
        s->cfg.max_memory = WS_DEFAULT_MAX_MEMORY;
    if (!s->cfg.max_output)
        s->cfg.max_output = WS_DEFAULT_MAX_OUTPUT;
    if (s->cfg.max_output > WS_MAX_OUTPUT_LIMIT) /* printf.c hands widths up to it to snprintf */
        s->cfg.max_output = WS_MAX_OUTPUT_LIMIT;
    /* what the caller holds already counts from the start, so that every message names the
     * whole limit and what is left of it */
    s->mem_used = s->cfg.memory_held < s->cfg.max_memory ? s->cfg.memory_held : s->cfg.max_memory;
    s->next_addr = GLOBAL_BASE;
    return s;
}

void ws_sim_request_stop(ws_sim *s, ws_status status, const char *message)
{
    if (s->stop_requested)
        return;
    s->stop_requested = 1;
    s->stop_request_status = status;
    snprintf(s->stop_request_msg, sizeof s->stop_request_msg, "%s", message ? message : "stopped");
}

/* Frees the register pool (reg_pool, below). */
static void reg_pool_free(ws_sim *sim)
{
    free(sim->reg_pool_mem);
    sim->reg_pool_mem = NULL;
    sim->reg_pool = NULL;
    sim->reg_pool_words = 0;
}

void ws_sim_destroy(ws_sim *s)
{
    if (!s)
        return;
    ws_cdp_free(s);
    for (size_t i = 0; i < s->nallocs; i++)
        if (!s->allocs[i].host)
            free(s->allocs[i].data);
    free(s->allocs);
    for (size_t i = 0; i < s->nmodmem; i++)
        free(s->modmem[i].const_image);
    free(s->modmem);
    reg_pool_free(s);
    prepared_free(s);
    ws_far_cache_free(&s->far_cache);
    free(s->spare_launch);
    ws_block_spare_free(&s->spare_block);
    ws_timing_destroy(s->spare_timing);
    ws_grid_free(s->spare_grid);
    ws_par_pool_free(s->par);
    free(s);
}

void ws_result_free(ws_result *r)
{
    if (!r)
        return;
    free(r->diags);
    r->diags = NULL;
    r->ndiags = 0;
    free(r->launches);
    r->launches = NULL;
    r->nlaunches = 0;
}

long ws_limit_where(const ws_module *m, const ws_kernel *k, const ws_result *res, char *src, size_t src_cap, char *text,
                    size_t text_cap)
{
    if (res->stop_warp == WS_NOWHERE || !text_cap || !src_cap)
        return -1;
    src[0] = '\0';
    if (res->stop_pc >= k->ninsns) {
        snprintf(text, text_cap, "the limit stopped block %u, warp %u, after its last lane exited", res->stop_block,
                 res->stop_warp);
        return 0;
    }
    const ws_insn *in = &k->insns[res->stop_pc];
    ws_insn_source_aside(m, in, src, src_cap);
    char insn[160];
    ws_insn_print(m, k, in, insn, sizeof insn);
    snprintf(text, text_cap, "the limit stopped block %u, warp %u here, before %s", res->stop_block, res->stop_warp,
             insn);
    return in->line;
}


/* ---- the kernel, ready to launch --------------------------------------------------------------- */

/* Addresses of symbols in their spaces, folded into the operands once per launch. */
static uint64_t symbol_address(const ws_launch_ctx *L, const ws_symbol *s)
{
    switch (s->space) {
    case WS_SPACE_GLOBAL: return L->sim->module_global_base + s->offset;
    case WS_SPACE_CONST: return CONST_WINDOW + s->offset;
    case WS_SPACE_SHARED: return RESERVED_SMEM_BYTES + s->offset;
    default: return s->offset; /* local, param: space-relative */
    }
}

/* The operand's folded immediate: its own plus its symbol's address. */
static uint64_t folded(const ws_launch_ctx *L, const ws_operand *op)
{
    return op->imm + symbol_address(L, &L->m->symbols[op->sym]);
}

/* Folds the symbol addresses of the launch's module into code, a copy of its kernel's
 * instructions, and lists where in p->sym_at. -1: out of memory. */
static int fold_symbols(const ws_launch_ctx *L, ws_prepared *p)
{
    const ws_kernel *k = L->k;
    uint32_t n = 0;
    for (int pass = 0; pass < 2; pass++) {
        for (uint32_t i = 0; i < k->ninsns; i++)
            for (unsigned o = 0; o < k->insns[i].nops; o++) {
                const ws_operand *op = &k->insns[i].ops[o];
                if ((op->kind != WS_OPND_ADDR && op->kind != WS_OPND_SYM) || op->sym == WS_NO_SYM)
                    continue;
                if (pass) {
                    p->code[i].ops[o].imm = folded(L, op);
                    p->sym_at[n] = i * WS_MAX_OPERANDS + o;
                }
                n++;
            }
        if (!pass) {
            p->nsym_at = n;
            n = 0;
            if (!(p->sym_at = malloc((p->nsym_at ? p->nsym_at : 1) * sizeof *p->sym_at)))
                return -1;
        }
    }
    return 0;
}

/* Whether p->code holds the symbol addresses of the launch's module (a kernel launched again
 * with its module's symbols elsewhere is prepared again): only the operands that have one. */
static int symbols_same(const ws_launch_ctx *L, const ws_prepared *p)
{
    for (uint32_t j = 0; j < p->nsym_at; j++) {
        uint32_t i = p->sym_at[j] / WS_MAX_OPERANDS, o = p->sym_at[j] % WS_MAX_OPERANDS;
        if (p->code[i].ops[o].imm != folded(L, &L->k->insns[i].ops[o]))
            return 0;
    }
    return 1;
}

static void prepared_free(ws_sim *sim)
{
    ws_prepared *p = &sim->prepared;
    free(p->insns);
    free(p->code);
    free(p->sym_at);
    free(p->reconv_pc);
    free(p->zero_regs);
    free(p->uninit_plan);
    free(p->xfn);
    free(p->uses);
    free(p->roff);
    free(p->rkind);
    ws_interp_free(p->dec);
    ws_stq_regs_free(&p->stq_regs);
    ws_timing_kernel_free(p->timing_tables);
    free(p->far_order);
    free(p->far_kept);
    ws_rename_free(&p->renamed);
    memset(p, 0, sizeof *p);
    ws_mem_release(sim, sim->prepared_bytes);
    sim->prepared_bytes = 0;
}

/* Bytes prepare_kernel keeps for a kernel, and what its analyses take while they run (cfg.c:
 * some 80 bytes an instruction, and at most WS_ANALYSIS_BYTES for the registers' sets). */
static uint64_t prepared_bytes(const ws_kernel *k)
{
    return (uint64_t)k->ninsns * (2 * sizeof(ws_insn) + sizeof(uint32_t) + 1 + sizeof(ws_executor) + sizeof(ws_reg_use)) +
           (uint64_t)k->nregs * (2 * sizeof(uint32_t) + 1) + 64 + ws_interp_bytes(k);
}
/* what the renamed kernel takes (rename.h), with fresh registers: its instructions and registers */
static uint64_t renamed_bytes(const ws_kernel *k, uint32_t fresh)
{
    return fresh ? (uint64_t)k->ninsns * sizeof(ws_insn) + ((uint64_t)k->nregs + fresh) * (sizeof(ws_reg_info) + 4) : 0;
}
/* what the timing mode keeps besides: stq_regs' two tables, when some write waits (stq_regs.h) */
static uint64_t stq_regs_bytes(const ws_kernel *k) { return (uint64_t)k->ninsns * 2 * sizeof(uint32_t); }
/* and the timing tables its first timing launch builds (timing.h) */
static uint64_t timing_bytes(const ws_kernel *k) { return stq_regs_bytes(k) + ws_timing_kernel_bytes(k); }
static uint64_t analysis_bytes(const ws_kernel *k)
{
    uint64_t sets = (uint64_t)k->ninsns * ((k->nregs + 63) / 64) * sizeof(uint64_t); /* cfg.c's, when it fits */
    return (uint64_t)k->ninsns * 80 + (uint64_t)k->nregs * 8 + 4096 + (sets <= WS_ANALYSIS_BYTES ? sets : 0);
}

/* What a launch derives from its kernel alone (the code with symbol addresses folded in, the
 * reconvergence points, the registers to zero, the executors, the registers each instruction
 * reads and writes; for the timing mode, the writes that wait for a queued store) is kept by the
 * machine for the
 * next launch of the same kernel: a short launch (the numba peer's, a test's) would otherwise
 * spend a third of its time on it. The same kernel means the same instructions, byte for byte,
 * and the same symbol addresses, not only the same pointer: a module freed and parsed again may
 * come back at the address of another. Returns WS_OK, or WS_ERR_LIMIT (the memory limit),
 * WS_ERR_INPUT (an fma this host cannot compute: fpexact.h) or WS_ERR_INTERNAL (out of memory)
 * with res->message set. */
static ws_status prepare_kernel(ws_sim *sim, ws_launch_ctx *L, ws_result *res)
{
    ws_prepared *p = &sim->prepared;
    const ws_kernel *k = L->k;
    size_t bytes = (size_t)k->ninsns * sizeof *k->insns;
    /* the same parse's same kernel (a module is read-only once parsed), or the same bytes */
    int known = L->m->serial && p->serial == L->m->serial && p->kernel == k;
    int timing = sim->cfg.mode == WS_MODE_TIMING;
    /* (a kernel prepared renamed runs only in the timing mode: the functional mode runs the PTX's) */
    int same = p->code && p->ninsns == k->ninsns && p->nregs == k->nregs && p->slow == L->slow &&
               (p->timing || !timing) && (!p->rename || timing) && (known || !memcmp(p->insns, k->insns, bytes)) &&
               symbols_same(L, p);
    if (!same) {
        prepared_free(sim);
        /* schedule.rename (rename.h): the preset is parsed again by the timing state, which reports
         * its errors (here an error renames nothing) */
        ws_preset pre;
        char why[256];
        unsigned classes = 0;
        if (timing && ws_preset_parse(sim->cfg.timing_preset, &pre, why, sizeof why) == 0 && pre.schedule > 0)
            classes = (pre.schedule_rename > 0 ? WS_RENAME_LOADS : 0) |
                      (pre.schedule_rename_alu > 0 ? WS_RENAME_ALU : 0) |
                      (pre.schedule_pair_split > 0 ? WS_RENAME_PAIRS : 0);
        int rename = classes != 0;
        uint32_t fresh = rename ? ws_rename_count(k, classes) : 0;
        if (fresh == UINT32_MAX) {
            snprintf(res->message, sizeof res->message, "out of memory");
            return WS_ERR_INTERNAL;
        }
        if (ws_rename_fits(k, fresh, WS_RENAME_MAX_REGS, res->message, sizeof res->message) != 0)
            return WS_ERR_INPUT;
        ws_kernel shape = *k; /* what the renamed kernel's registers take */
        shape.nregs += fresh;
        uint64_t keep = prepared_bytes(&shape) + (timing ? timing_bytes(&shape) : 0) + renamed_bytes(k, fresh),
                 work = analysis_bytes(&shape);
        if (ws_mem_charge(sim, keep + work) != 0) {
            char more[96] = "";
            if (fresh)
                snprintf(more, sizeof more, " and %u fresh ones of schedule.rename", fresh);
            snprintf(res->message, sizeof res->message,
                     "memory limit reached: kernel %s (%u instructions, %u registers%s) needs %" PRIu64
                     " bytes to prepare, %" PRIu64 " of the limit of %" PRIu64 " bytes are left; raise it with "
                     "--max-memory",
                     k->name, k->ninsns, k->nregs, more, keep + work, sim->cfg.max_memory - sim->mem_used,
                     sim->cfg.max_memory);
            return WS_ERR_LIMIT;
        }
        sim->prepared_bytes = keep;
        p->rename = rename;
        const ws_kernel *ptx = k; /* from here on k is the kernel as it runs */
        if (fresh && ws_rename_build(ptx, classes, fresh, &p->renamed) != 0) {
            ws_mem_release(sim, work);
            prepared_free(sim);
            snprintf(res->message, sizeof res->message, "out of memory");
            return WS_ERR_INTERNAL;
        }
        k = fresh ? &p->renamed.k : ptx;
        p->insns = malloc(bytes ? bytes : 1);
        p->code = malloc(bytes ? bytes : 1);
        p->reconv_pc = ws_reconvergence_points(k);
        p->xfn = malloc(((size_t)k->ninsns + 1) * sizeof *p->xfn);
        p->uses = malloc(((size_t)k->ninsns + 1) * sizeof *p->uses);
        p->roff = malloc(((size_t)k->nregs + 1) * sizeof *p->roff);
        p->rkind = malloc((size_t)k->nregs + 1);
        if (!p->insns || !p->code || !p->reconv_pc || !p->xfn || !p->uses || !p->roff || !p->rkind) {
            ws_mem_release(sim, work);
            prepared_free(sim);
            snprintf(res->message, sizeof res->message, "out of memory");
            return WS_ERR_INTERNAL;
        }
        memcpy(p->insns, ptx->insns, bytes);
        memcpy(p->code, k->insns, bytes);
        p->reg_words = ws_reg_layout(k, p->roff, p->rkind);
        if (fold_symbols(L, p) != 0) {
            ws_mem_release(sim, work);
            prepared_free(sim);
            snprintf(res->message, sizeof res->message, "out of memory");
            return WS_ERR_INTERNAL;
        }
        if (!sim->cfg.no_contract) /* the H200 runs what ptxas made: mul + add fused into one fma */
            ws_contract_rewrite(k, p->code);
        for (uint32_t i = 0; i < k->ninsns; i++) {
            if (ws_insn_calls_fma(&p->code[i]) && !ws_fma_available()) { /* refused, never run wrong */
                ws_mem_release(sim, work);
                prepared_free(sim);
                snprintf(res->message, sizeof res->message,
                         "kernel %s: the fused multiply-add at PTX line %u cannot be computed exactly here: this CPU "
                         "has no FMA instruction and the C library's fma could not be loaded (libm.so.6)",
                         k->name, k->insns[i].line);
                return WS_ERR_INPUT;
            }
            p->xfn[i] = (L->slow & WS_SLOW_EXEC) ? ws_executors[p->code[i].op] : ws_fast_executor(&p->code[i], p->rkind);
            ws_insn_reg_use(&p->code[i], &p->uses[i]);
        }
        /* NULL: zero them all, and check every instruction in full */
        p->zero_regs = ws_registers_read_unwritten(k, p->code, p->uses, &p->nzero_regs, &p->uninit_plan);
        if (timing && ws_stq_regs_build(k, p->code, p->uses, &p->stq_regs) != 0) {
            ws_mem_release(sim, work);
            prepared_free(sim);
            snprintf(res->message, sizeof res->message, "out of memory");
            return WS_ERR_INTERNAL;
        }
        if (timing && !p->stq_regs.wait) { /* nothing waits (no shared store, ...): no tables kept */
            ws_mem_release(sim, stq_regs_bytes(k));
            sim->prepared_bytes -= stq_regs_bytes(k);
        }
        p->timing = timing;
        ws_mem_release(sim, work);
        if (p->uninit_plan) /* an acquire starts a new race epoch in ws_shadow_writes */
            for (uint32_t i = 0; i < k->ninsns; i++)
                if (ws_shadow_acquires(&p->code[i]))
                    p->uninit_plan[i] |= WS_UNINIT_WRITES;
        p->dec = ws_interp_decode(k, p->code, p->uses, p->uninit_plan, p->reconv_pc, p->roff, p->rkind);
        if (!p->dec) {
            prepared_free(sim);
            snprintf(res->message, sizeof res->message, "out of memory");
            return WS_ERR_INTERNAL;
        }
        p->ninsns = ptx->ninsns;
        p->nregs = ptx->nregs;
        p->slow = L->slow;
        k = ptx;
    }
    if (!known) { /* the same bytes in another module (or one made by hand): it becomes the one known */
        p->kernel = k;
        p->serial = L->m->serial;
        /* the timing tables read the module's symbols (their state spaces: cga.h): built again */
        ws_timing_kernel_free(p->timing_tables);
        p->timing_tables = NULL;
    }
    L->ptx = k;
    L->ptx_reg = NULL;
    if (p->renamed.ptx_reg) { /* its borrowed fields: this launch's kernel's (a module freed since may have had them) */
        ws_rename_borrow(&p->renamed, k);
        L->k = &p->renamed.k;
        L->ptx_reg = p->renamed.ptx_reg;
    }
    L->code = p->code;
    L->reconv_pc = p->reconv_pc;
    L->zero_regs = p->zero_regs;
    L->nzero_regs = p->nzero_regs;
    L->uninit_plan = (L->slow & WS_SLOW_UNINIT) ? NULL : p->uninit_plan;
    L->xfn = p->xfn;
    L->uses = p->uses;
    L->roff = p->roff;
    L->rkind = p->rkind;
    L->reg_words = p->reg_words;
    L->stq_regs = timing ? &p->stq_regs : NULL;
    /* the functional mode's converged stretches run decoded, unless that fast path is off */
    L->dk = sim->cfg.mode == WS_MODE_FUNCTIONAL && !(L->slow & (WS_SLOW_CONVERGED | WS_SLOW_INTERP)) ? p->dec : NULL;
    /* the timing mode's issued instructions run through the same handlers, unless that is off */
    L->dk_issue = sim->cfg.mode == WS_MODE_TIMING && !(L->slow & WS_SLOW_INTERP) ? p->dec : NULL;
    L->interp_issue = ws_interp_issue;
    return WS_OK;
}

/* Bytes a host thread takes to run the launch's blocks, one at a time: the block (registers,
 * shared and local memory), its call stacks, checks and timing state, and the diagnostics. A
 * launch charges them per thread before it starts, so that it fits or is refused the same way
 * whatever --jobs (fewer threads run when fewer fit). */
static uint64_t thread_bytes(const ws_launch_ctx *L, uint32_t nthreads)
{
    const ws_kernel *k = L->k;
    uint32_t nwarps = (nthreads + 31) / 32;
    uint64_t b = L->shared_bytes + (uint64_t)nthreads * L->local_bytes + (uint64_t)nwarps * sizeof(ws_warp) +
                 (uint64_t)nwarps * (k->nregs ? k->nregs : 1) * 32 * sizeof(uint64_t) +
                 ws_call_stacks_bytes(k, nthreads) + ws_diags_bytes(k) + sizeof(ws_launch_ctx);
    if (L->sim->cfg.check_uninitialized)
        b += ws_shadow_block_bytes(nwarps, k->nregs, L->shared_bytes);
    if (L->stq_regs) /* the timing mode */
        b += ws_timing_bytes(k, nwarps, L->stq_regs);
    return b;
}

/* The machine's register pool with room for `words` words, on pages of its own (parallel.c puts
 * each host thread's files ws_reg_pool_stride words apart: whole pages, one of them untouched). It is kept
 * from launch to launch: a launch of one block of 1024 threads would otherwise spend more time
 * having fresh pages zeroed than running, and --jobs threads would do so at every launch. It comes
 * from ws_thread_calloc (aligned_alloc and a memset wrote its pages twice: ~380,000 host
 * instructions at block_reduce's first 20 x 1024 launch). NULL: out of memory. */
#define REG_POOL_LINE (WS_THREAD_PAGE / sizeof(uint64_t))
static uint64_t *reg_pool(ws_sim *sim, size_t words)
{
    if (sim->reg_pool_words >= words)
        return sim->reg_pool;
    reg_pool_free(sim);
    size_t n = (words + REG_POOL_LINE - 1) / REG_POOL_LINE * REG_POOL_LINE;
    if (n < words || n > SIZE_MAX / sizeof *sim->reg_pool ||
        !(sim->reg_pool = ws_thread_calloc(n * sizeof *sim->reg_pool, &sim->reg_pool_mem)))
        return NULL;
    sim->reg_pool_words = n;
    return sim->reg_pool;
}

/* Whether the kernel calls vprintf (its blocks then run on one host thread, see ws_sim_launch). */
static int calls_printf(const ws_kernel *k)
{
    for (uint32_t i = 0; i < k->ncalls; i++)
        if (k->calls[i].entry == UINT32_MAX)
            return 1;
    return 0;
}


/* One grid: the host's launch, or a device-side launch's child grid (ws_sim_launch). */
static ws_status launch_grid(ws_sim *sim, const ws_module *m, const ws_kernel *k, const unsigned grid[3],
                             const unsigned block[3], const void *params, size_t param_bytes, ws_result *res)
{
    memset(res, 0, sizeof *res);
    res->stop_block = res->stop_warp = res->stop_pc = WS_NOWHERE;
    sim->stop_requested = 0;
    uint64_t nthreads = (uint64_t)block[0] * block[1] * block[2];
    uint64_t nblocks = (uint64_t)grid[0] * grid[1] * grid[2];
    if (!k || nthreads == 0 || nthreads > WS_MAX_BLOCK_THREADS || nblocks == 0 || nblocks > (1ull << 32) - 1 ||
        grid[1] > 65535 || grid[2] > 65535 || block[2] > 64) {
        snprintf(res->message, sizeof res->message,
                 "bad launch: block %ux%ux%u (at most 1024 threads, z at most 64), grid %ux%ux%u", block[0], block[1],
                 block[2], grid[0], grid[1], grid[2]);
        return res->status = WS_ERR_INPUT;
    }
    const uint32_t *req = k->reqntid, *max = k->maxntid;
    if ((req[0] && (block[0] != req[0] || block[1] != req[1] || block[2] != req[2])) ||
        (max[0] && nthreads > (uint64_t)max[0] * max[1] * max[2])) {
        snprintf(res->message, sizeof res->message,
                 "kernel %s declares %s %ux%ux%u; a block of %ux%ux%u cannot launch it (the GPU refuses it too)",
                 k->name, req[0] ? ".reqntid" : ".maxntid", req[0] ? req[0] : max[0], req[0] ? req[1] : max[1],
                 req[0] ? req[2] : max[2], block[0], block[1], block[2]);
        return res->status = WS_ERR_INPUT;
    }
    if (k->param_bytes > sizeof((ws_launch_ctx *)0)->params) { /* fuzz: L->params is 32 KiB */
        snprintf(res->message, sizeof res->message, "kernel %s takes %llu bytes of parameters; at most %zu are supported",
                 k->name, (unsigned long long)k->param_bytes, sizeof((ws_launch_ctx *)0)->params);
        return res->status = WS_ERR_INPUT;
    }
    if (param_bytes < k->param_bytes) {
        snprintf(res->message, sizeof res->message, "kernel %s takes %llu bytes of parameters, got %zu", k->name,
                 (unsigned long long)k->param_bytes, param_bytes);
        return res->status = WS_ERR_INPUT;
    }
    /* the H200's shared memory per block: 227 KiB with the opt-in attribute the runner sets */
    if (sim->cfg.dynamic_shared_bytes > WS_MAX_SHARED_BYTES ||
        k->shared_bytes + sim->cfg.dynamic_shared_bytes > WS_MAX_SHARED_BYTES) {
        snprintf(res->message, sizeof res->message,
                 "kernel %s: %llu bytes of static and %llu of dynamic shared memory exceed the %u bytes (227 KiB) an "
                 "H200 block may have",
                 k->name, (unsigned long long)k->shared_bytes, (unsigned long long)sim->cfg.dynamic_shared_bytes,
                 WS_MAX_SHARED_BYTES);
        return res->status = WS_ERR_INPUT;
    }
    /* the machine's from its last launch (taken: a launch from a callback of this one has its own) */
    ws_launch_ctx *L = sim->spare_launch ? sim->spare_launch : malloc(sizeof *L);
    sim->spare_launch = NULL;
    if (L) /* everything but params, which the kernel's parameter bytes fill below */
        memset(L, 0, offsetof(ws_launch_ctx, params));
    if (!L) {
        snprintf(res->message, sizeof res->message, "out of memory");
        return res->status = WS_ERR_INTERNAL;
    }
    L->sim = sim;
    sim->launches++;
    L->m = m;
    L->k = k;
    L->ptx = k;
    L->res = res;
    memcpy(L->grid, grid, sizeof L->grid);
    memcpy(L->block, block, sizeof L->block);
    if (k->param_bytes) /* fuzz: memcpy from NULL params is undefined even for 0 bytes */
        memcpy(L->params, params, k->param_bytes);
    L->insn_limit = sim->cfg.max_warp_instructions;
    L->out_limit = sim->cfg.max_output;
    L->shared_bytes = RESERVED_SMEM_BYTES + k->shared_bytes + sim->cfg.dynamic_shared_bytes;
    L->local_bytes = k->local_bytes;
    L->slow = sim->cfg.slow_paths;
    int simd = ws_simd_select(sim->cfg.simd);
    if (simd < 0) {
        snprintf(res->message, sizeof res->message,
                 "SIMD variant '%.40s' is not one this build and CPU have (sse2, avx2, avx512 or auto; see warpsim "
                 "bench --simd)",
                 sim->cfg.simd ? sim->cfg.simd : getenv("WARPSIM_SIMD"));
        free(L);
        return res->status = WS_ERR_INPUT;
    }
    const ws_interp_fns fns = ws_interp_of((ws_simd_kind)simd);
    L->interp_run = fns.run;
    L->interp_step = fns.step;
    L->merged_shfl = fns.merged_shfl;
    ws_status st = WS_OK;
    ws_block b;
    memset(&b, 0, sizeof b);
    ws_event ev;
    uint64_t charged = 0;
    /* events come in order and printf text stops exactly at its limit on one host thread */
    unsigned jobs = sim->cfg.jobs > 1 && !sim->cfg.on_event && !calls_printf(k) ? sim->cfg.jobs : 1;
    if (jobs > nblocks)
        jobs = (unsigned)nblocks;
    if ((st = ws_mem_load_module(sim, m, res->message, sizeof res->message)) != WS_OK ||
        (st = prepare_kernel(sim, L, res)) != WS_OK)
        goto done;
    /* Each host thread's storage, charged before anything is allocated; as many threads as fit
     * (the results are the same with fewer). printf's text is charged as it grows (ws_output). */
    uint64_t per_thread = thread_bytes(L, (uint32_t)nthreads);
    for (; jobs > 0; jobs--)
        if (per_thread <= UINT64_MAX / jobs && ws_mem_charge(sim, per_thread * jobs) == 0)
            break;
    if (!jobs) {
        snprintf(res->message, sizeof res->message,
                 "memory limit reached: a block of %" PRIu64 " threads of kernel %s needs %" PRIu64
                 " bytes (registers, shared and local memory, checks), %" PRIu64 " of the limit of %" PRIu64
                 " bytes are left; raise it with --max-memory",
                 nthreads, k->name, per_thread, sim->cfg.max_memory - sim->mem_used, sim->cfg.max_memory);
        st = WS_ERR_LIMIT;
        goto done;
    }
    charged = per_thread * jobs;
    res->jobs = jobs;
    if (sim->cfg.mode == WS_MODE_TIMING) {
        /* the machine's from its last launch (taken: a launch from a callback of this one makes its own) */
        L->timing = ws_timing_create(L, &sim->prepared, sim->spare_timing, res->message, sizeof res->message);
        sim->spare_timing = NULL;
        if (!L->timing) {
            st = WS_ERR_INPUT;
            goto done;
        }
        const ws_preset *tp = ws_timing_preset(L->timing);
        uint64_t block_regs = ws_grid_block_regs(tp, (uint32_t)nthreads, sim->cfg.regs_per_thread);
        if (sim->cfg.regs_per_thread && block_regs > (uint64_t)tp->sm_regs) {
            snprintf(res->message, sizeof res->message,
                     "kernel %s: %u registers a thread take %" PRIu64 " registers for a block of %" PRIu64
                     " threads, more than the %.0f of an SM: the launch would fail (too many resources requested)",
                     k->name, sim->cfg.regs_per_thread, block_regs, (uint64_t)nthreads, tp->sm_regs);
            st = WS_ERR_INPUT;
            goto done;
        }
        L->sms =
            ws_grid_create(tp, (uint32_t)nthreads, L->shared_bytes, sim->cfg.regs_per_thread, nblocks, sim->spare_grid);
        sim->spare_grid = NULL;
        if (!L->sms) {
            snprintf(res->message, sizeof res->message, "out of memory");
            st = WS_ERR_INTERNAL;
            goto done;
        }
    }
    /* a block's register files, nwarps x reg_words, one set per host thread, from the machine's pool */
    size_t block_words = (size_t)(nthreads + 31) / 32 * L->reg_words;
    size_t pool_stride = ws_reg_pool_stride(block_words, jobs); /* a page between threads' files */
    uint64_t *pool = reg_pool(sim, pool_stride * jobs);
    if (!pool) {
        snprintf(res->message, sizeof res->message, "out of memory");
        st = WS_ERR_INTERNAL;
        goto done;
    }
    if (jobs > 1) {
        st = ws_run_parallel(L, jobs, nblocks, (uint32_t)nthreads, pool, pool_stride, &res->ndiags_not_listed);
        goto done;
    }
    /* an event shows the registers as 64-bit rows (ws_event.regfile) */
    if (sim->cfg.on_event && !(L->ev_regs = calloc((size_t)(k->nregs ? k->nregs : 1) * 32, sizeof *L->ev_regs))) {
        snprintf(res->message, sizeof res->message, "out of memory");
        st = WS_ERR_INTERNAL;
        goto done;
    }
    if (ws_block_alloc_spare(L, &b, (uint32_t)nthreads, pool, &sim->spare_block) != 0) {
        snprintf(res->message, sizeof res->message, "out of memory");
        st = WS_ERR_INTERNAL;
        goto done;
    }
    for (uint64_t id = 0; id < nblocks && !L->stop; id++) {
        ws_block_init(L, &b, (uint32_t)id);
        memset(&ev, 0, sizeof ev);
        uint64_t insns_before = L->stats.warp_instructions;
        ws_block_run(L, &b, sim->cfg.on_event ? &ev : NULL);
        L->stats.cycles += b.cycle;
        if (L->sms) {
            size_t nstores;
            const ws_grid_store *stores = ws_timing_block_stores(L->timing, &nstores);
            if (ws_grid_block(L->sms, b.cycle, ws_timing_block_memory(L->timing),
                              L->stats.warp_instructions - insns_before, stores, nstores) != 0)
                ws_launch_stop(L, WS_ERR_INTERNAL, "out of memory");
        }
        L->stats.blocks++;
        L->stats.warps += b.nwarps;
        if (L->out_len && sim->cfg.on_output) {
            sim->cfg.on_output(sim->cfg.output_user, L->out, L->out_len);
            L->out_before += L->out_len;
            L->out_len = 0;
        }
    }
    if (L->sms) { /* the order its first block got its lines in: its next launch feeds the far cache that */
        uint32_t n, *order = ws_timing_take_far_order(L->timing, &n);
        if (order) {
            free(sim->prepared.far_order);
            sim->prepared.far_order = order;
            sim->prepared.nfar_order = n;
        }
    }
    if (L->stop)
        st = L->stop_status;
    res->ndiags_not_listed = ws_diags_not_listed(L, L->diag_seen, L->diags, L->ndiags);
done:
    if (L->out_len && sim->cfg.on_output)
        sim->cfg.on_output(sim->cfg.output_user, L->out, L->out_len);
    /* b.warps[].regs belong to the machine's pool; a large pool goes back with the launch's charge,
     * and so do block buffers over WS_BLOCK_SPARE_BYTES */
    ws_block_keep(&b, &sim->spare_block);
    if (sim->reg_pool_words * sizeof *sim->reg_pool > ((size_t)4 << 20))
        reg_pool_free(sim);
    ws_mem_release(sim, charged + L->out_charged);
    if (L->sms) { /* the timing mode's cycles: the makespan of the blocks on the SMs */
        ws_grid_end(L->sms, &L->stats);
        if (!sim->spare_grid)
            sim->spare_grid = L->sms;
        else
            ws_grid_free(L->sms);
    }
    res->stats = L->stats;
    res->diags = L->diags;
    res->ndiags = L->ndiags;
    for (size_t i = 0; st == WS_OK && sim->cfg.diagnostics_are_errors && i < L->ndiags; i++)
        if (L->diags[i].severity == WS_SEV_ERROR)
            st = WS_ERR_DIAG;
    res->status = st;
    if (L->sms && st == WS_OK) /* its blocks fetched the code: the next launch of it finds it cached */
        sim->prepared.code_warm += sim->prepared.code_warm < 2;
    /* L->code, reconv_pc, zero_regs, xfn and the timing tables belong to the machine (sim->prepared) */
    if (!sim->spare_timing)
        sim->spare_timing = ws_timing_keep(L->timing);
    else
        ws_timing_destroy(L->timing);
    ws_diags_free(L);
    free(L->out);
    free(L->ev_regs);
    if (!sim->spare_launch)
        sim->spare_launch = L;
    else
        free(L);
    return st;
}

/* A launch runs its grid, then the grids that grid launched from the device (cdp.c), each with its
 * own after it: the parent grid is complete when its children are. cdp.c runs each of them with
 * launch_grid, from a stack of its own, not through here: nesting does not recurse. */
ws_status ws_sim_launch(ws_sim *sim, const ws_module *m, const ws_kernel *k, const unsigned grid[3],
                        const unsigned block[3], const void *params, size_t param_bytes, ws_result *res)
{
    size_t first = sim->ncdp;
    ws_cdp_grid_begin(sim);
    ws_status st = launch_grid(sim, m, k, grid, block, params, param_bytes, res);
    return ws_cdp_run_children(sim, m, first, st, res, launch_grid);
}
