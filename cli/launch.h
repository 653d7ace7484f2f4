/* launch.h: the run specification shared by `warpsim run` and `warpsim-hwrun`.
 *
 * Both programs take the same words and build the same ws_launch from them, so that a kernel
 * sees bit-identical inputs in the simulator and on a GPU:
 *
 *   FILE.ptx [--kernel NAME] [--grid X[,Y[,Z]]] [--block X[,Y[,Z]]] [--shared-bytes N]
 *            [--arg SPEC]... [@ARGSFILE]
 *
 * plus bare SPEC words: a word that is not an option and not the first positional word is a
 * SPEC. Options also take their value after '=' (--grid=4,2). A later --kernel, --grid or
 * --block replaces an earlier one, so `X.ptx @X.args --grid 8` overrides the file's grid.
 *
 * Kernel arguments are positional, in the order of the kernel's .param list. A SPEC is
 *
 *   [LABEL=]TYPE[N][:INIT]    a buffer of N elements (a global pointer parameter)
 *   [LABEL=]TYPE:VALUE        a scalar parameter
 *
 *   TYPE   u8 s8 u16 s16 u32 s32 u64 s64 f32 f64
 *   LABEL  [A-Za-z_][A-Za-z0-9_]*, at most 63 characters, unique; unlabelled arguments are
 *          named arg0, arg1, ... by their position
 *   N      1 to 2^28 elements (decimal or 0x hex); all buffers together at most 1 GiB.
 *          N may be left out (TYPE[]) with list: and file:, which then give the count.
 *   INIT   zero          every element 0 (the default)
 *          iota          0, 1, 2, ... in the element type (integers wrap: u8 gives 0..255, 0..)
 *          fill:V        every element V
 *          rand:SEED     splitmix64 (ws_splitmix64 below) seeded with SEED (u64): element i
 *                        takes the (i+1)-th output z; integers its low 8*size bits (uniform
 *                        over the type); f32 (z >> 40) * 2^-24 and f64 (z >> 11) * 2^-53,
 *                        uniform in [0,1). Only integer arithmetic, so every machine makes
 *                        the same bits.
 *          list:V1,V2,.. exactly N values
 *          file:PATH     raw little-endian bytes; the file's size must be N * size
 *   VALUE  integers: decimal or 0x hex, optional sign, range-checked against the type
 *          (u32:-1 is an error; s32:-0x80000000 is fine). floats: decimal, C hex-float
 *          (0x1.8p3), inf, -inf, nan, -nan, or raw bits as PTX writes them: 0fXXXXXXXX
 *          (8 hex digits) and 0dXXXXXXXXXXXXXXXX (16); either form may be given for f32 or
 *          f64 and is converted (rounded to nearest) like a C cast. A decimal that overflows
 *          the type is an error; one that underflows gives a denormal or zero.
 *
 * An ARGSFILE holds the same words, any number per line, separated by blanks; a word that
 * begins with '#' starts a comment that runs to the end of the line ('#' inside a word is an
 * ordinary character); there is no quoting. Inside an ARGSFILE, @FILE, file:PATH and the PTX
 * path are relative to the ARGSFILE's directory; on the command line, to the current one.
 * ARGSFILEs nest at most 16 deep, at most 1024 are read in all, 16 MiB together.
 *
 * --shared-bytes N: the dynamic shared memory of each block (what a kernel's `extern __shared__`
 * arrays, .extern .shared in PTX, get; cuLaunchKernel's sharedMemBytes), 0 (the default) to
 * 232448 (227 KiB, an H200 block's shared memory; static and dynamic together must fit in it),
 * decimal or 0x hex.
 *
 * Grid: X at most 2^31-1, Y and Z at most 65535. Block: X and Y at most 1024, Z at most 64,
 * X*Y*Z at most 1024. Every dimension at least 1. Defaults: grid 1,1,1 and block 32,1,1.
 *
 * kernel == NULL means "the module's only entry"; a module with several entries needs
 * --kernel in both programs (a GPU driver's enumeration order is not the PTX order).
 *
 * Numbers are read and written with the C library, which assumes the "C" LC_NUMERIC locale
 * (the default unless the program calls setlocale).
 *
 * Library rules: nothing here prints or exits. Functions return 0 or 1 on success and -1 on
 * error, after filling a ws_launch_error that the caller formats with ws_launch_error_format.
 * A ws_launch that saw an error stays valid to free, and to use: arguments parsed before the
 * error are kept, the failing one is not added.
 */
#ifndef WARPSIM_CLI_LAUNCH_H
#define WARPSIM_CLI_LAUNCH_H

#include "options.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Element types, in the order of their names above. */
typedef enum {
    WS_ELEM_U8, WS_ELEM_S8, WS_ELEM_U16, WS_ELEM_S16, WS_ELEM_U32, WS_ELEM_S32,
    WS_ELEM_U64, WS_ELEM_S64, WS_ELEM_F32, WS_ELEM_F64,
    WS_ELEM_COUNT
} ws_elem;

size_t ws_elem_size(ws_elem t);        /* 1, 2, 4 or 8 */
const char *ws_elem_name(ws_elem t);   /* "u8" ... "f64"; "?" for an invalid value */
bool ws_elem_is_float(ws_elem t);
bool ws_elem_is_signed(ws_elem t);     /* s8..s64 (not the floats) */

#define WS_LABEL_MAX 64                      /* label buffer size, NUL included */
#define WS_MAX_COUNT ((size_t)1 << 28)       /* elements per buffer */
#ifndef WS_MAX_TOTAL_BYTES                   /* the fuzz build lowers it (tests/fuzz/CMakeLists.txt) */
#define WS_MAX_TOTAL_BYTES ((size_t)1 << 30) /* all buffers together */
#endif
#define WS_MAX_ARGS 32764                    /* kernel parameters (ptxas: 32764 bytes of them) */
#define WS_MAX_ARGSFILE_DEPTH 16
#define WS_MAX_ARGSFILES 1024                /* ARGSFILEs read in all, nested or not */
#define WS_MAX_SHARED_BYTES 232448u          /* --shared-bytes: an H200 block's 227 KiB */

/* One kernel argument. */
typedef struct {
    char label[WS_LABEL_MAX];
    ws_elem elem;
    bool is_buffer;
    size_t count;          /* buffers: elements (>= 1); scalars: 1 */
    void *data;            /* buffers: count * ws_elem_size(elem) bytes, host byte order,
                              owned by the ws_launch; the runners write results back here */
    uint64_t scalar_bits;  /* scalars: the value's bit pattern, zero-extended to 64 bits
                              (s8:-1 is 0xff, f32:1 is 0x3f800000); 0 for buffers */
} ws_arg;

/* The whole run. Fields after nargs are the parser's bookkeeping. */
typedef struct {
    char *ptx_path;        /* NULL until given; relative paths already joined */
    char *kernel;          /* NULL: the only entry */
    unsigned grid[3], block[3];
    uint64_t shared_bytes; /* --shared-bytes: dynamic shared memory per block (extern .shared) */
    ws_arg *args;
    size_t nargs;
    size_t args_cap;
    size_t total_bytes;    /* sum of buffer sizes */
    size_t max_total_bytes; /* all buffers together at most (0: WS_MAX_TOTAL_BYTES; never more) */
    size_t argsfiles_read; /* ARGSFILEs read so far, and their bytes (at most 16 MiB together) */
    size_t argsfile_bytes;
} ws_launch;

/* Where and what. A command-line word has arg > 0 (its argv index) and line == 0; an
 * ARGSFILE word has file and line > 0. column is 1-based, 0 when the whole word is meant.
 * source holds the word or the ARGSFILE line (truncated to fit) for a caret display. msg says
 * what was expected and what was found. */
typedef struct {
    char file[256];
    int arg;
    int line, column;
    char source[256];
    int source_column;   /* where column falls in source: a long line shows a window around it, and
                            bytes outside printable ASCII as \xHH; 0 when it is not shown */
    char msg[512];
    bool limit;          /* the memory limit (max_total_bytes), not bad input */
} ws_launch_error;

void ws_launch_init(ws_launch *l);
void ws_launch_free(ws_launch *l);   /* frees everything; leaves l as after ws_launch_init */

/* Looks at argv[*i]. If it is a shared option (with its value, which may be argv[*i + 1]),
 * the PTX path, a SPEC or @ARGSFILE, consumes it, advances *i past what it consumed and
 * returns 1. Returns 0 with *i unchanged for a word that is not ours (any other word that
 * begins with '-'; the caller handles its own flags such as --json). Returns -1 on error,
 * locating it as "argument N" (N = the argv index) or inside the ARGSFILE. */
int ws_launch_parse_arg(ws_launch *l, int argc, char **argv, int *i, ws_launch_error *err);
/* The words ws_launch_parse_arg takes, as a table of options.h (their --help and docs). */
extern const cli_option ws_launch_options[];

/* Parses one SPEC and appends the argument. Errors are located at file:line:(col + offset)
 * when file is non-NULL (and file:PATH is then relative to file's directory); with file ==
 * NULL, at "argument <line>", column col + offset, relative to the current directory. */
int ws_launch_parse_spec(ws_launch *l, const char *spec, const char *file, int line, int col,
                         ws_launch_error *err);

/* Reads an ARGSFILE (path relative to the current directory) and applies its words. */
int ws_launch_load_argsfile(ws_launch *l, const char *path, ws_launch_error *err);

/* Checks what words alone cannot: a PTX file was given. Call once after parsing. */
int ws_launch_validate(const ws_launch *l, ws_launch_error *err);

/* Writes "FILE:LINE:COL: MSG", "argument N, column C: MSG" or "MSG" into buf (always
 * NUL-terminated when size > 0); with show_source, adds a second line with the source text
 * and a third with a caret under the column. Returns the length it wanted, like snprintf. */
size_t ws_launch_error_format(const ws_launch_error *err, bool show_source, char *buf,
                              size_t size);

/* The generator behind rand:SEED: advances *state by 0x9e3779b97f4a7c15 and returns the
 * mixed value (Steele, Lea and Flood's SplitMix64, as in Vigna's splitmix64.c). */
uint64_t ws_splitmix64(uint64_t *state);

#endif
