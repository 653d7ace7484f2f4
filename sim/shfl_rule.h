/* shfl_rule: which lane a shuffle reads, for the executor (exec_warp.c, ws_shfl_rule) and the
 * uninitialized-register check (shadow.c: a shuffled value's defined bytes are its source lane's). */
#ifndef WS_SHFL_RULE_H
#define WS_SHFL_RULE_H

#include "warpsim/warpsim.h"

/* shfl.sync, from the PTX ISA:
 *   bval = b[4:0]; clamp = c[4:0]; segmask = c[12:8]
 *   minLane = lane & segmask; maxLane = minLane | (clamp & ~segmask)
 *   up:   j = lane - bval;                 in range when j >= maxLane
 *   down: j = lane + bval;                 in range when j <= maxLane
 *   bfly: j = lane ^ bval;                 in range when j <= maxLane
 *   idx:  j = minLane | (bval & ~segmask); in range when j <= maxLane
 * Out of range, a lane reads its own value. Every other bit of b and c is ignored
 * (measured on the H200 over all 32 lanes for 25 values of b and 32 of c). */
static inline ws_shfl_route ws_shfl_lane_route(ws_shfl_mode mode, unsigned lane, uint32_t b, uint32_t c)
{
    int bval = (int)(b & 31), clamp = (int)(c & 31), segmask = (int)((c >> 8) & 31);
    int min_lane = (int)lane & segmask;
    int max_lane = min_lane | (clamp & ~segmask);
    int j;
    bool in;
    switch (mode) {
    case WS_SHFL_UP:
        j = (int)lane - bval;
        in = j >= max_lane;
        break;
    case WS_SHFL_DOWN:
        j = (int)lane + bval;
        in = j <= max_lane;
        break;
    case WS_SHFL_BFLY:
        j = (int)lane ^ bval;
        in = j <= max_lane;
        break;
    default:
        j = min_lane | (bval & ~segmask);
        in = j <= max_lane;
        break;
    }
    ws_shfl_route r = {in ? j : (int)lane, in};
    return r;
}

#endif
