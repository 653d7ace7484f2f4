/* The decoded interpreter's run loop for the baseline instruction set (on x86-64: SSE2), with
 * the build's own flags. */
#define WS_INTERP_RUN    ws_interp_run_base
#define WS_INTERP_STEP   ws_interp_step_base
#define WS_INTERP_MERGED ws_interp_merged_shfl_base
#include "interp_run.h"
