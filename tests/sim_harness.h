/* sim_harness: run a PTX kernel given as a C string on the library API, for the cmocka tests.
 *
 * Two ways in:
 *   - wsh_body(): a test body inside a standard kernel
 *         kernel(.param .u64 in, .param .u64 in2, .param .u64 out, .param .u64 out2)
 *     The prologue sets %r0 = %tid.x, %r127 = the global index i = %ctaid.x * %ntid.x + %tid.x
 *     (1-D launches), %r1 = in[i], %r4 = in2[i], %r2 = %r3 = 0 (so every
 *     lane's output is defined), %rd0 = in, %rd7 = in2 (also a global scratch buffer, read back
 *     into r->in2), %rd4 = &in[i], %rd8 = &in2[i], %rd10 = &out[i], %rd11 = &out2[i].
 *     The epilogue, at label $Lend, stores
 *     out[i] = %r2 and out2[i] = %r3. A body may `bra $Lend` or `ret` (then nothing is stored).
 *     Declared for the body: %p<32>, %r<128>, %rd<64>, %f<64>, %fd<32>, %rs<16>, a .shared
 *     array `sh` of 8 KiB and a .local array `loc` of 256 bytes (both 16-byte aligned).
 *   - wsh_kernel(): a whole PTX module; every parameter is a global buffer (a .u64 pointer),
 *     given by size and initial bytes, read back after the launch.
 * Both return the launch status, the diagnostics and the printf output (cfg.on_output).
 */
#ifndef WS_SIM_HARNESS_H
#define WS_SIM_HARNESS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "warpsim/warpsim.h"

#define WSH_MAX_BUFS 8

typedef struct {
    unsigned grid[3], block[3];     /* zeros mean 1 (block: 32,1,1 when all zero) */
    const uint32_t *in;             /* wsh_body: nthreads*nblocks inputs; NULL: in[i] = i */
    const uint32_t *in2;            /* wsh_body: second inputs; NULL: zeros */
    uint64_t max_warp_instructions; /* 0: the default */
    uint64_t max_cycles, max_memory, max_output; /* 0: the defaults */
    unsigned jobs;                  /* host threads; 0: one */
    bool diagnostics_are_errors;
    bool check_uninitialized;       /* uninitialized registers/shared memory, shared races */
    bool poison_undefined;          /* undefined shuffle reads give WS_POISON */
    uint32_t poison_value;          /* ws_config.poison_value (0: WS_POISON) */
    bool timing;                    /* the timing mode (default: functional) */
    bool no_contract;               /* ws_config.no_contract: mul and add rounded apart */
} wsh_opts;

typedef struct {
    bool parsed;              /* false: perr says why */
    ws_parse_error perr;
    ws_status status;
    ws_result res;            /* diagnostics; freed by wsh_free */
    char *output;             /* printf text, NUL-terminated (never NULL after a run) */
    size_t output_len;
    size_t nbufs;
    uint8_t *buf[WSH_MAX_BUFS];
    size_t buf_bytes[WSH_MAX_BUFS];
    /* wsh_body: out and out2 as 32-bit words, one per thread */
    uint32_t *out, *out2, *in2;
    size_t n;                 /* threads in the launch */
    char *ptx;                /* the text that ran (wsh_body builds it) */
} wsh_run;

/* Parse a module from a string; NULL and *err on failure. */
ws_module *wsh_parse(const char *ptx, ws_parse_error *err);

/* Run a whole module's first kernel (or the one named) with nbufs global buffers as its
 * parameters. sizes[i] bytes, inits[i] may be NULL (zeros). Returns r->status (WS_ERR_INPUT
 * when the text does not parse). */
ws_status wsh_kernel(wsh_run *r, const char *ptx, const char *kernel, const wsh_opts *o, size_t nbufs,
                     const size_t *sizes, const void *const *inits);

/* Run a body in the standard kernel (see above). */
ws_status wsh_body(wsh_run *r, const char *body, const wsh_opts *o);

void wsh_free(wsh_run *r);
/* Run body with in = in[lane], in2 = in2[lane] (32 words each) and check that %r2 equals want in
 * lanes 0..n-1 and, when want2 is given, %r3 equals want2: the table-driven tests' one step. */
void wsh_check_lanes(const char *what, const char *body, const uint32_t *in, const uint32_t *in2,
                     const uint32_t *want, const uint32_t *want2, size_t n);

/* A table row for wsh_check_rows: the lane's a and b, and the %r2 it must end with. */
typedef struct {
    uint32_t a, b, want;
} wsh_row;
/* wsh_check_lanes with a row per lane (n at most 32); %r3 must equal want3[i] when it is given. */
void wsh_check_rows(const char *what, const char *body, const wsh_row *rows, size_t n, const uint32_t *want3);

/* The first diagnostic of kind k, or NULL. */
const ws_diag *wsh_diag(const wsh_run *r, ws_diag_kind k);
/* Number of diagnostics of any kind. */
size_t wsh_ndiags(const wsh_run *r);

/* Compare got[] with want[] lane by lane; on any mismatch print every bad lane
 * ("what: lane L: expected 0x... (dec), got 0x... (dec)") and fail the test. */
void wsh_check_u32(const char *what, const uint32_t *got, const uint32_t *want, size_t n, const char *file, int line);
#define WSH_CHECK(what, got, want, n) wsh_check_u32((what), (got), (want), (n), __FILE__, __LINE__)

/* Fail (with the parse error, status message and diagnostics) unless the run parsed and
 * finished with the given status. */
void wsh_expect_status(const wsh_run *r, ws_status want, const char *file, int line);
#define WSH_EXPECT_OK(r) wsh_expect_status((r), WS_OK, __FILE__, __LINE__)
#define WSH_EXPECT_STATUS(r, s) wsh_expect_status((r), (s), __FILE__, __LINE__)

/* Fail unless a diagnostic of kind k exists, at PTX line `line` (0: any line) and concerning
 * exactly the lanes `lanes` (0: any lanes). Returns it. */
const ws_diag *wsh_expect_diag(const wsh_run *r, ws_diag_kind k, unsigned line, uint32_t lanes, const char *file,
                               int srcline);
#define WSH_EXPECT_DIAG(r, k, line, lanes) wsh_expect_diag((r), (k), (line), (lanes), __FILE__, __LINE__)

/* Fail unless body does not load: WS_ERR_INPUT with needle in the message, at the body's first
 * line and (col non-zero) that column. */
void wsh_expect_refused(const char *body, const char *needle, unsigned col, const char *file, int line);
#define WSH_EXPECT_REFUSED(body, needle, col) wsh_expect_refused((body), (needle), (col), __FILE__, __LINE__)
/* The PTX line of the first line of the body in wsh_body's kernel, so that tests can name
 * the line of the n-th body line: WSH_BODY_LINE + n (n from 0). */
extern const unsigned WSH_BODY_LINE;

/* Read a whole file (WS_SOURCE_DIR-relative when not absolute); NULL when it cannot. */
char *wsh_read_file(const char *path, size_t *len);

#endif
