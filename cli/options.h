/* options: every verb of the warpsim command and its options, one table per verb (options.c).
 * The table is the one place an option is named: it drives the verb's parsing
 * (cli_option_next), its --help (cli_usage), `warpsim --help` and the option lists of
 * docs/cli.md (tools/names_doc.c writes them; ctest names_doc_current fails when they differ). */
#ifndef WS_CLI_OPTIONS_H
#define WS_CLI_OPTIONS_H

#include <stdio.h>

/* An option: its id among the verb's (the enums below), its name, the word it takes (NULL: a
 * flag) and one line of help. A row whose name does not start with '-' heads a group of rows
 * ("output"); a row with id 0 and a name that does not start with '-' either documents a
 * positional word. A NULL name ends the table. */
typedef struct {
    int id;
    const char *name;
    const char *value;
    const char *help;
} cli_option;

/* The verbs, in the order `warpsim --help` lists them: X(ID, name); `warpsim NAME` runs
 * cmd_NAME (commands.h). */
#define CLI_VERBS(X)                                                                                                   \
    X(RUN, run)                                                                                                        \
    X(STEP, step) X(SHFL, shfl) X(VOTE, vote) X(MATCH, match) X(PRINT, print) X(BENCH, bench) X(VIZ, viz) X(EXEC, exec)

enum {
#define CLI_VERB_ID(id, name) CLI_VERB_##id,
    CLI_VERBS(CLI_VERB_ID)
#undef CLI_VERB_ID
        CLI_VERB_COUNT
};

typedef struct {
    const char *name;
    const char *synopsis;      /* what follows "warpsim NAME" */
    const char *summary;       /* one line, for `warpsim --help` and docs/cli.md */
    const cli_option *options; /* the verb's own */
    int launch;                /* it takes warpsim run's launch words too (ws_launch_options) */
    const char *notes;         /* lines printed after the options, or NULL */
} cli_verb;

extern const cli_verb cli_verbs[CLI_VERB_COUNT];

/* ---- the options' ids, per verb (0 is no option) ---- */
enum {
    RUN_JSON = 1,
    RUN_TRACE,
    RUN_TRACE_BLOCK,
    RUN_TRACE_WARP,
    RUN_TRACE_JSON,
    RUN_PERFETTO,
    RUN_VCD,
    RUN_VCD_REGS,
    RUN_VCD_BLOCK,
    RUN_MODE,
    RUN_PRESET,
    RUN_JOBS,
    RUN_REGS,
    RUN_LAUNCHES,
    RUN_WERROR,
    RUN_NO_CHECK_UNINIT,
    RUN_POISON,
    RUN_NO_CONTRACT,
    RUN_POISON_VALUE,
    RUN_SLOW_PATH,
    RUN_SIMD,
    RUN_MAX_INSTRUCTIONS,
    RUN_MAX_CYCLES,
    RUN_MAX_MEMORY,
    RUN_MAX_OUTPUT,
    RUN_ALL_VALUES,
    RUN_OUT
};
enum { STEP_BLOCK_INDEX = 1 };
enum { EXEC_MODE = 1, EXEC_WERROR, EXEC_MAX_INSTRUCTIONS, EXEC_MAX_OUTPUT, EXEC_PTX_DIR };
enum { SHFL_WIDTH = 1, SHFL_C, SHFL_MASK, SHFL_VALUES, SHFL_JSON };
enum { VOTE_PRED = 1, VOTE_MASK, VOTE_JSON };
enum { MATCH_VALUES = 1, MATCH_MASK, MATCH_JSON };
enum {
    BENCH_JSON = 1,
    BENCH_QUICK,
    BENCH_JOBS,
    BENCH_ONLY,
    BENCH_BLOCKS,
    BENCH_MODE,
    BENCH_SCALING,
    BENCH_SPEEDUP,
    BENCH_DIR,
    BENCH_PYTHON,
    BENCH_PEER,
    BENCH_VARIANTS,
    BENCH_SIMD
};
enum {
    VIZ_WARP = 1,
    VIZ_CTA,
    VIZ_WATCH,
    VIZ_ONLY,
    VIZ_LANE,
    VIZ_PNG,
    VIZ_GIF,
    VIZ_FRAMES_JSON,
    VIZ_BESIDE,
    VIZ_SIZE,
    VIZ_DELAY,
    VIZ_MAX_STEPS,
    VIZ_FONT,
    VIZ_SCRIPT
};

/* `warpsim viz`'s exit status when there is no display to open a window on (its --help and
 * docs/cli.md say so). */
#define CLI_EXIT_NO_DISPLAY      5
#define CLI_EXIT_NO_DISPLAY_TEXT "5 no display (render with --png DIR, --gif FILE or --frames-json FILE)"

/* Every exit status the command gives, once (`warpsim --help` and run's --help print them from
 * here): ws_status's (the library's, 0 to 4), then viz's CLI_EXIT_NO_DISPLAY. */
typedef struct {
    int status;
    const char *what;
} cli_exit_status;
enum { CLI_EXIT_STATUS_COUNT = CLI_EXIT_NO_DISPLAY + 1 }; /* 0 to 5, each once */
extern const cli_exit_status cli_exit_statuses[CLI_EXIT_STATUS_COUNT];
/* "exit status: 0 success, 1 ..." with the statuses up to and including last, and a newline. */
void cli_print_exit_statuses(FILE *f, int last);

/* What cli_option_next found besides an option's id. */
enum { CLI_HELP = -1, CLI_ERROR = -2 };

/* argv[*i] as one of the verb's options: its id, *value pointing at the word it takes (*i moves
 * past the option and its value). --help and -h print the verb's usage on standard output and
 * give CLI_HELP; an unknown option or a missing value is reported on standard error and gives
 * CLI_ERROR. */
int cli_option_next(int verb, int argc, char **argv, int *i, const char **value);
/* The name of the verb's option id ("--max-memory"), for a verb that must find one option before
 * it parses the others (run: the memory limit bounds the buffers the launch words make). */
const char *cli_option_name(int verb, int id);
/* For verbs whose first word is not an option (shfl MODE ...): argv[1] is --help or -h, and the
 * usage was printed on standard output. */
int cli_help_first(int verb, int argc, char **argv);
/* The verb's --help: synopsis, the launch words if it takes them, its options by group, notes. */
void cli_usage(FILE *f, int verb);
/* `warpsim --help`: every verb with its summary. */
void cli_usage_verbs(FILE *f);

#endif
