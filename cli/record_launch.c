/* record_launch: one launch recorded for replay, as `warpsim viz` (and its tests) run it. */
#include "record.h"
#include "session.h"

#include <string.h>

int rec_launch(ws_session *S, ws_launch *L, uint32_t block, const uint32_t *watch, unsigned nwatch, size_t max_steps,
               recording **out, ws_result *res)
{
    recording *rec = rec_create(S->m, S->k, block, watch, nwatch);
    *out = rec;
    if (!rec)
        return WS_ERR_INTERNAL;
    rec->max_steps = max_steps;
    rec->max_bytes = WS_DEFAULT_MAX_MEMORY / 2; /* and the run the other half: under the default limit */
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.mode = WS_MODE_TIMING; /* the cycles are the timing model's, as `run --mode timing` reports them */
    cfg.max_memory = WS_DEFAULT_MAX_MEMORY / 2;
    cfg.on_event = rec_event;
    cfg.event_user = rec;
    int status = ws_session_prepare(S, L, &cfg);
    if (status != WS_OK)
        return status;
    for (size_t i = 0; i < L->nargs; i++) /* pointers into the buffers read as in+4, out[0] */
        if (L->args[i].is_buffer)
            ws_buffer_map_add(&rec->buffers, L->args[i].label, S->addrs[i],
                              L->args[i].count * ws_elem_size(L->args[i].elem), (unsigned)ws_elem_size(L->args[i].elem));
    if (ws_session_launch(S, L, res) == WS_ERR_INPUT)
        return WS_ERR_INPUT;
    return rec->oom ? WS_ERR_INTERNAL : WS_OK;
}
