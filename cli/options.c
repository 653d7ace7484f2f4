/* options: the verbs of the warpsim command and their option tables (options.h). */
#include "options.h"
#include "launch.h"
#include "nvrtc.h"
#include "warpsim/warpsim.h"

#include <string.h>

/* clang-format off */
static const cli_option run_options[] = {
    {0, "machine", NULL, NULL},
    {RUN_MODE,             "--mode",              "timing|functional", "timing (default): the sm_90 cycle model; functional: results, one cycle an instruction"},
    {RUN_PRESET,           "--preset",            "FILE",     "timing: read this preset over the built-in sm_90 one (presets/sm_90.preset)"},
    {RUN_JOBS,             "--jobs",              "N",        "run the blocks on N host threads (1 to 256); the results are those of one"},
    {RUN_REGS,             "--regs",              "N",        "timing: registers a thread takes (1 to 255, ptxas -v's; default the preset's regs.default, 32): blocks an SM holds, and ptxas's register budget in the schedule"},
    {RUN_LAUNCHES,         "--launches",          "N",        "launch the kernel N times back to back in one process (1 to 1000; default 1), as a program that repeats it: timing's later launches find its code cached (the far cache's lines as the launch before left them); the output is the last launch's"},
    {0, "checks", NULL, NULL},
    {RUN_WERROR,           "--werror",            NULL,       "diagnostics are errors: exit 1 at the first"},
    {RUN_NO_CHECK_UNINIT,  "--no-check-uninit",   NULL,       "do not track uninitialized registers and shared memory, nor shared-memory races"},
    {RUN_POISON,           "--poison-undefined",  NULL,       "results the PTX leaves undefined or ptxas decides (each reported) give 0xdeadbeef"},
    {RUN_POISON_VALUE,     "--poison-value",      "V",        "--poison-undefined with V (non-zero, 32 bits) as the poison"},
    {RUN_NO_CONTRACT,      "--no-contract",       NULL,       "round each mul and add/sub as the PTX reads, where ptxas fuses them into one fma (the H200 does)"},
    {RUN_SLOW_PATH,        "--slow-path",         "LIST",     "turn fast paths off: converged, exec, shfl, timing, interp, uninit or all, by commas (same output)"},
    {RUN_SIMD,             "--simd",              "sse2|avx2|avx512", "the decoded interpreter's SIMD variant, both modes (default: the best the CPU has; same output)"},
    {0, "limits", NULL, NULL},
    {RUN_MAX_INSTRUCTIONS, "--max-instructions",  "N",        "stop after N warp instructions, printf's formatting counted (default 5 million): exit 3"},
    {RUN_MAX_CYCLES,       "--max-cycles",        "N",        "stop after N cycles of a block (functional: one a warp instruction): exit 3"},
    {RUN_MAX_MEMORY,       "--max-memory",        "BYTES",    "host memory for the run: module, buffers, machine (default 480 MiB): exit 3 beyond it"},
    {RUN_MAX_OUTPUT,       "--max-output",        "BYTES",    "printf text of a launch, and each trace file (default 16 MiB, at most 1 GiB): exit 3"},
    {0, "output", NULL, NULL},
    {RUN_JSON,             "--json",              NULL,       "one JSON document: kernel, stdout, buffers, stats, diagnostics"},
    {RUN_ALL_VALUES,       "--all-values",        NULL,       "text: every value of every buffer (default: one of more than 1024 values shows its first and last 4 rows)"},
    {RUN_OUT,              "--out",               "DIR",      "also write each buffer after the run as DIR/LABEL.npy (numpy.load reads it; DIR made if missing)"},
    {RUN_TRACE,            "--trace",             NULL,       "the lane-table text trace on standard output"},
    {RUN_TRACE_BLOCK,      "--trace-block",       "B",        "the text trace of block B only (implies --trace)"},
    {RUN_TRACE_WARP,       "--trace-warp",        "W",        "the text trace of warp W only (implies --trace)"},
    {RUN_TRACE_JSON,       "--trace-json",        "FILE",     "every event as JSON lines"},
    {RUN_PERFETTO,         "--perfetto",          "FILE",     "Chrome trace event format, for ui.perfetto.dev"},
    {RUN_VCD,              "--vcd",               "FILE",     "a Value Change Dump of one block, for GTKWave"},
    {RUN_VCD_REGS,         "--vcd-regs",          "LIST",     "the registers the VCD records (%r1,%f2; default: those the kernel writes)"},
    {RUN_VCD_BLOCK,        "--vcd-block",         "N",        "the block the VCD records (default 0)"},
    {0, NULL, NULL, NULL},
};

static const cli_option step_options[] = {
    {STEP_BLOCK_INDEX, "--block-index", "N", "the block to record and walk, linear index (default 0)"},
    {0, NULL, NULL, NULL},
};

static const cli_option shfl_options[] = {
    {0,           "MODE",     NULL,      "up, down, bfly (or xor), idx; CUDA's names work too (__shfl_down_sync)"},
    {0,           "B",        NULL,      "the delta, lane mask or source lane: the instruction's b operand"},
    {SHFL_WIDTH,  "--width",  "W",       "CUDA's width: 1, 2, 4, 8, 16 or 32 (default)"},
    {SHFL_C,      "--c",      "C",       "the raw PTX c operand instead of --width"},
    {SHFL_MASK,   "--mask",   "M",       "the lanes that execute (default all 32)"},
    {SHFL_VALUES, "--values", "V0,V1,...", "the lanes' values (default the lane id; a shorter list repeats)"},
    {SHFL_JSON,   "--json",   NULL,      "a JSON document"},
    {0, NULL, NULL, NULL},
};

static const cli_option vote_options[] = {
    {0,         "MODE",    NULL,    "all, any, uni, ballot"},
    {VOTE_PRED, "--pred",  "LANES", "the lanes whose predicate is true, as a mask (0x0000ffff)"},
    {VOTE_MASK, "--mask",  "M",     "the lanes that execute (votes count only those, as on an H200)"},
    {VOTE_JSON, "--json",  NULL,    "a JSON document"},
    {0, NULL, NULL, NULL},
};

static const cli_option match_options[] = {
    {0,            "MODE",     NULL,         "any, all"},
    {MATCH_VALUES, "--values", "V0,V1,...",  "the lanes' values (a shorter list repeats)"},
    {MATCH_MASK,   "--mask",   "M",          "the lanes that execute (default all 32)"},
    {MATCH_JSON,   "--json",   NULL,         "a JSON document"},
    {0, NULL, NULL, NULL},
};

static const cli_option print_options[] = {
    {0, "FILE.ptx", NULL, "the module to parse and print back as PTX that ptxas accepts"},
    {0, NULL, NULL, NULL},
};

static const cli_option exec_options[] = {
    {EXEC_MODE,             "--mode",             "M", "timing (default: events measure the cycle model) or functional"},
    {EXEC_WERROR,           "--werror",           NULL, "a diagnostic fails the kernel (cudaErrorLaunchFailure)"},
    {EXEC_MAX_INSTRUCTIONS, "--max-instructions", "N", "warp instructions per launch before it stops (cudaErrorLaunchTimeout)"},
    {EXEC_MAX_OUTPUT,       "--max-output",       "BYTES", "printf text of a launch (default 16 MiB, at most 1 GiB); beyond it the launch stops (cudaErrorLaunchTimeout)"},
    {EXEC_PTX_DIR,          "--ptx-dir",          "DIR", "where the program's PTX is written, for messages that name its lines (default $XDG_CACHE_HOME/warpsim/exec)"},
    {0, "PROGRAM [ARGS...]", NULL, "a CUDA program built with nvcc -cudart shared, and its arguments (after -- if they could be read as options)"},
    {0, NULL, NULL, NULL},
};

static const cli_option bench_options[] = {
    {BENCH_JSON,    "--json",    NULL,        "one JSON document"},
    {BENCH_QUICK,   "--quick",   NULL,        "smaller sizes"},
    {BENCH_JOBS,    "--jobs",    "N",         "blocks on N host threads (1 to 256)"},
    {BENCH_ONLY,    "--only",    "NAME",      "one kernel of the set"},
    {BENCH_BLOCKS,  "--blocks",  "N",         "the grid of every kernel"},
    {BENCH_MODE,    "--mode",    "timing|functional", "one mode only"},
    {BENCH_PEER,    "--peer",    "numba",     "the same kernels in numba's CUDA simulator, for a ratio"},
    {BENCH_PYTHON,  "--python",  "PY",        "the Python that runs the peer (default python3)"},
    {BENCH_DIR,     "--dir",     "ROOT",      "the repository (default: found from the current directory)"},
    {BENCH_SCALING, "--scaling", NULL,        "program length scaling: straight-line kernels of growing length"},
    {BENCH_SPEEDUP, "--speedup", NULL,        "with --jobs N: each kernel with --jobs 1, N threads at once and --jobs N in turns, the scaling"},
    {BENCH_VARIANTS, "--variants", NULL,      "functional: the interpreter off and each SIMD variant side by side"},
    {BENCH_SIMD,    "--simd",    "sse2|avx2|avx512", "the functional interpreter's SIMD variant (default: the best the CPU has)"},
    {0, NULL, NULL, NULL},
};

static const cli_option viz_options[] = {
    {VIZ_WARP,      "--warp",      "N",      "the warp to show first (default 0)"},
    {VIZ_CTA,       "--cta",       "N",      "the block to record, linear index (default 0; --block is the launch size)"},
    {VIZ_CTA,       "--block-index", "N",    "the same as --cta"},
    {VIZ_WATCH,     "--watch",     "R[,R]",  "registers shown on every step (up to 4), e.g. %r4,%f2"},
    {VIZ_ONLY,      "--only",      "LIST",   "frames only for: shfl, vote, warp (every warp-wide instruction), mem (shared-memory accesses), opcodes (shfl,add.f32)"},
    {VIZ_LANE,      "--lane",      "N",      "show lane N's provenance tree on every frame (default: on the result frame)"},
    {VIZ_PNG,       "--png",       "DIR",    "headless: one PNG per frame into DIR"},
    {VIZ_GIF,       "--gif",       "FILE",   "headless: an animated GIF"},
    {VIZ_FRAMES_JSON, "--frames-json", "FILE", "headless: every frame's scene as JSON (docs/viz-frames.md)"},
    {VIZ_BESIDE,    "--beside",    "ARGSFILE", "with --png: each frame beside the same frame of that launch, under both kernels' cycles"},
    {VIZ_SIZE,      "--size",      "WxH",    "frame or window size (default 1280x720)"},
    {VIZ_DELAY,     "--delay",     "MS",     "GIF frame time (default 1200 with --only, else 400)"},
    {VIZ_MAX_STEPS, "--max-steps", "N",      "steps kept for replay (default 200000)"},
    {VIZ_FONT,      "--font",      "PATH",   "a monospace TrueType font (default $WARPSIM_FONT or DejaVu Sans Mono)"},
    {VIZ_SCRIPT,    "--script",    "KEYS",   "window: keys to play, e.g. right,right,n,q (for tests)"},
    {0, NULL, NULL, NULL},
};
/* clang-format on */

const cli_verb cli_verbs[CLI_VERB_COUNT] = {
    [CLI_VERB_RUN] = {"run", "FILE.ptx|FILE.cu [launch words] [options]",
                      "run a kernel: its printf output, buffers and a summary; traces", run_options, 1, NULL},
    [CLI_VERB_STEP] = {"step", "FILE.ptx|FILE.cu [launch words] [--block-index N]",
                       "walk a run one instruction at a time, commands from standard input", step_options, 1,
                       "commands: n [K] next, b [K] back, c LINE, p REG, w N (warp), l, h, q"},
    [CLI_VERB_SHFL] = {"shfl", "MODE B [--width W | --c C] [--mask M] [--values V0,V1,...] [--json]",
                       "what one shfl.sync does, lane by lane, without a kernel", shfl_options, 0, NULL},
    [CLI_VERB_VOTE] = {"vote", "MODE --pred LANES [--mask M] [--json]", "what one vote.sync does", vote_options, 0, NULL},
    [CLI_VERB_MATCH] = {"match", "MODE --values V0,V1,... [--mask M] [--json]", "what one match.sync does",
                        match_options, 0, NULL},
    [CLI_VERB_PRINT] = {"print", "FILE.ptx", "parse a PTX file and print it back as PTX", print_options, 0, NULL},
    [CLI_VERB_BENCH] = {"bench", "[options]", "simulation speed on a fixed set of kernels", bench_options, 0,
                        "benchmarks report; they assert nothing"},
    [CLI_VERB_VIZ] = {"viz", "FILE.ptx|FILE.cu [launch words] [options]",
                      "watch a warp run in a window, or render PNG frames or a GIF (built with SDL2)", viz_options, 1,
                      "window keys: space play/pause, right/left step, +/- speed, n next shuffle, m next shared access,\n"
                      "w/W warp, click a lane (or [ ]) for its provenance, p/esc hide it, q quit\n"
                      "exit status: as warpsim run; " CLI_EXIT_NO_DISPLAY_TEXT},
    [CLI_VERB_EXEC] = {"exec", "[options] [--] PROGRAM [ARGS...]",
                       "run a CUDA program (nvcc -cudart shared) unchanged, its kernels on warpsim", exec_options, 0,
                       "warpsim's libcudart.so.13 stands in for NVIDIA's (LD_PRELOAD): kernel printf output, errors and\n"
                       "device properties are an H200's; diagnostics go to stderr, naming the launch's host call site.\n"
                       "exit status: the program's; 2 when it cannot be run on warpsim (the reason on stderr)"},
};

static int is_option(const cli_option *o) { return o->name[0] == '-'; }

int cli_option_next(int verb, int argc, char **argv, int *i, const char **value)
{
    const cli_verb *v = &cli_verbs[verb];
    const char *a = argv[*i];
    *value = NULL;
    if (!strcmp(a, "--help") || !strcmp(a, "-h")) {
        cli_usage(stdout, verb);
        return CLI_HELP;
    }
    const cli_option *o = v->options;
    while (o->name && !(o->id && is_option(o) && !strcmp(o->name, a)))
        o++;
    if (!o->name) {
        fprintf(stderr, "warpsim: error: unknown option '%s' (see warpsim %s --help)\n", a, v->name);
        return CLI_ERROR;
    }
    if (o->value) {
        if (*i + 1 >= argc) {
            fprintf(stderr, "warpsim: error: %s takes %s, found the end of the arguments (see warpsim %s --help)\n",
                    o->name, o->value, v->name);
            return CLI_ERROR;
        }
        *value = argv[++*i];
    }
    ++*i;
    return o->id;
}

const char *cli_option_name(int verb, int id)
{
    const cli_option *o = cli_verbs[verb].options;
    while (o->name && !(o->id == id && is_option(o)))
        o++;
    return o->name ? o->name : "";
}

int cli_help_first(int verb, int argc, char **argv)
{
    if (argc < 2 || (strcmp(argv[1], "--help") && strcmp(argv[1], "-h")))
        return 0;
    cli_usage(stdout, verb);
    return 1;
}

/* "  --name VALUE   help", the help aligned in a column */
static void print_rows(FILE *f, const cli_option *o)
{
    for (; o->name; o++) {
        if (o->id == 0 && !o->help) { /* a group */
            fprintf(f, "%s:\n", o->name);
            continue;
        }
        char word[64];
        snprintf(word, sizeof word, "%s%s%s", o->name, o->value ? " " : "", o->value ? o->value : "");
        fprintf(f, "  %-28s %s\n", word, o->help);
    }
}

void cli_usage(FILE *f, int verb)
{
    const cli_verb *v = &cli_verbs[verb];
    fprintf(f, "usage: warpsim %s %s\n", v->name, v->synopsis);
    if (v->launch) {
        fprintf(f, "launch:\n");
        print_rows(f, ws_launch_options);
        print_rows(f, ws_cu_options);
        if (v->options[0].name && (is_option(&v->options[0]) || v->options[0].help))
            fprintf(f, "options:\n");
    }
    print_rows(f, v->options);
    if (v->notes)
        fprintf(f, "%s\n", v->notes);
    if (verb == CLI_VERB_RUN)
        cli_print_exit_statuses(f, WS_ERR_INTERNAL);
}

const cli_exit_status cli_exit_statuses[CLI_EXIT_STATUS_COUNT] = {
    {WS_OK, "success"},
    {WS_ERR_DIAG, "diagnostic as error"},
    {WS_ERR_INPUT, "bad input"},
    {WS_ERR_LIMIT, "limit reached"},
    {WS_ERR_INTERNAL, "internal error"},
    {CLI_EXIT_NO_DISPLAY, "no display (viz)"},
};

void cli_print_exit_statuses(FILE *f, int last)
{
    fprintf(f, "exit status:");
    for (int i = 0; i < CLI_EXIT_STATUS_COUNT && cli_exit_statuses[i].status <= last; i++)
        fprintf(f, "%s %d %s", i ? "," : "", cli_exit_statuses[i].status, cli_exit_statuses[i].what);
    fprintf(f, "\n");
}

void cli_usage_verbs(FILE *f)
{
    fprintf(f, "usage: warpsim VERB [ARGS]   (warpsim VERB --help: its options)\n\nverbs:\n");
    for (int i = 0; i < CLI_VERB_COUNT; i++)
        fprintf(f, "  %-7s %s\n", cli_verbs[i].name, cli_verbs[i].summary);
    fprintf(f, "\n");
    cli_print_exit_statuses(f, CLI_EXIT_NO_DISPLAY);
}
