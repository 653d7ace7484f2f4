/* What the verbs that run a kernel share (run, viz, step, bench): the module and kernel a
 * launch names, a machine with the launch's buffers allocated and its parameters packed, and
 * the buffers read back afterwards. Errors are printed here, once, in one wording. */
#ifndef WS_SESSION_H
#define WS_SESSION_H

#include "launch.h"
#include "warpsim/warpsim.h"

typedef struct {
    ws_module *m;
    const ws_kernel *k;
    ws_sim *sim;
    uint64_t *addrs;  /* device address of each buffer argument (0 for scalars) */
    uint8_t *params;  /* the packed .param buffer */
    ws_config cfg;    /* the machine's configuration (ws_session_prepare's), for a launch again */
} ws_session;

/* ws_launch_parse_arg with its error printed: 1 consumed argv[*i] (and its value), 0 not a
 * launch word (the verb's own option), -1 an error, already reported (-WS_ERR_LIMIT: the memory
 * limit). */
int ws_session_parse_arg(ws_launch *L, int argc, char **argv, int *i);

/* Validates the launch, loads its PTX and picks the kernel. max_memory: the run's memory limit
 * (0: the default), which the module counts towards. Returns WS_OK, WS_ERR_INPUT or WS_ERR_LIMIT. */
int ws_session_load(ws_session *s, const ws_launch *L, uint64_t max_memory);
/* Creates the machine with cfg, allocates and fills every buffer, checks the arguments against
 * the kernel's parameters and packs them. The machine's memory limit is what cfg->max_memory
 * leaves after the module, the launch's host buffers and the printf text kept here; the
 * dynamic shared memory is the launch's --shared-bytes. Returns WS_OK or the status to exit with. */
int ws_session_prepare(ws_session *s, const ws_launch *L, const ws_config *cfg);
/* Launches the kernel and copies every buffer back into the launch's host copies. A launch that
 * ran on several host threads and stopped at a limit runs again on one thread, on a fresh machine
 * with the buffers as they were (the host copies, not read back yet): the instruction and cycle
 * limits are one thread's, in block order (docs/diagnostics.md, "Limits"), so that what is printed
 * is the same whatever --jobs. */
ws_status ws_session_launch(ws_session *s, ws_launch *L, ws_result *res);
void ws_session_free(ws_session *s);

/* Checks the arguments against the kernel's .param list and packs them (addrs: each buffer's
 * device address). Prints what is wrong and returns -1 on a mismatch. */
int pack_params(const ws_launch *L, const ws_module *m, const ws_kernel *k, const uint64_t *addrs, uint8_t *params);

#endif
