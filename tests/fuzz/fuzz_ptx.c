/* libFuzzer target: the PTX parser, printer and machine.
 *
 * Input: PTX text. ws_module_parse it (with a 2 MiB memory limit: PARSE_MAX_MEMORY); when it
 * parses, print it and parse the printed text again: it must parse, and print the same text again
 * (the printed module is the module: nothing renamed onto another name, no size wrapped), then run
 * every kernel that takes no parameters in the simulator with a small instruction budget, a small
 * memory limit and every check on (uninitialized reads, races). Under ASan and UBSan any memory
 * error, leak or undefined behaviour in isa/ or sim/ is a finding.
 *
 * Built by the WARPSIM_FUZZ option (clang, -fsanitize=fuzzer); fuzz_replay.c gives the same
 * entry point a main() so that ctest replays tests/fuzz/regressions/ptx/ with any compiler. */
#include "warpsim/warpsim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

/* The parse's memory limit (the CLI's --max-memory). The inputs are at most 64 KiB; the largest
 * module a seed of that size makes takes 0.85 MB (1663 nested scopes; the largest program,
 * bench_mul.ptx, 0.66 MB), so valid inputs parse. Hostile ones (a million registers declared twenty
 * times) stop at the limit after 2 MiB of allocations instead of 64 MiB, which under ASan took a
 * quarter second an input; the limit's paths (the check, the unwinding) run just the same. */
#define PARSE_MAX_MEMORY ((uint64_t)2 << 20)

static void run_kernels(const ws_module *m)
{
    for (uint32_t i = 0; i < m->nkernels && i < 4; i++) {
        const ws_kernel *k = &m->kernels[i];
        if (k->nparams)
            continue;
        ws_config cfg;
        memset(&cfg, 0, sizeof cfg);
        cfg.max_warp_instructions = 3000;
        cfg.max_memory = 1 << 20;
        cfg.max_output = 1 << 16;
        cfg.check_uninitialized = true;
        ws_sim *sim = ws_sim_create(&cfg);
        if (!sim)
            return;
        unsigned grid[3] = {2, 1, 1}, block[3] = {40, 1, 1};
        ws_result res;
        ws_sim_launch(sim, m, k, grid, block, NULL, 0, &res);
        ws_result_free(&res);
        ws_sim_destroy(sim);
    }
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size > 1 << 16)
        return 0;
    ws_parse_error err;
    ws_module *m = ws_module_parse_limited((const char *)data, size, "fuzz.ptx", PARSE_MAX_MEMORY, &err);
    if (!m)
        return 0;
    char *text = NULL, *again = NULL;
    size_t len = 0, alen = 0;
    if (ws_module_print(m, &text, &len) == 0) {
        ws_module *m2 = ws_module_parse_limited(text, len, "printed.ptx", 256 << 20, &err);
        if (!m2) {
            fprintf(stderr, "fuzz_ptx: the printed module does not parse: %s:%u:%u: %s\n--- printed:\n%.*s\n", err.file,
                    err.line, err.column, err.message, (int)len, text);
            abort();
        }
        if (ws_module_print(m2, &again, &alen) == 0 && (alen != len || memcmp(again, text, len) != 0)) {
            fprintf(stderr, "fuzz_ptx: the printed module prints differently:\n--- printed:\n%.*s\n--- again:\n%.*s\n",
                    (int)len, text, (int)alen, again);
            abort();
        }
        free(again);
        ws_module_free(m2);
        free(text);
    }
    run_kernels(m);
    ws_module_free(m);
    return 0;
}
