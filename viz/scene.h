/* scene: one frame of the replay as data, before any pixel.
 *
 * Everything a frame shows is decided here, from the recording alone: the instruction and the
 * plain sentence of its rule, every operand row and result row with its values, the shuffle
 * arrows, the banks of a shared-memory access, the provenance of each result and whether it
 * still reaches an output, the timing model's cycle and what every warp of the block does in
 * it. The SDL window and the headless PNG/GIF frames draw a scene (draw.c); --frames-json
 * writes it (scene_json.c); a browser or Python front end could read either. No SDL here. */
#ifndef VIZ_SCENE_H
#define VIZ_SCENE_H

#include "view.h"

#define VIZ_MAX_ROWS    6 /* operand rows (every register an instruction reads) */
#define VIZ_MAX_RESULTS 4
#define VIZ_TEXT        40 /* a formatted value */

typedef enum { VIZ_FRAME_STEP, VIZ_FRAME_RESULT } viz_frame_kind;

/* A row of 32 lane cells: an operand before the instruction, or a result after it. */
typedef struct {
    char label[48]; /* %f2, or the address a result frame's store went to */
    char role[24];  /* value, b, c, membermask, a, address, result, stored, ... */
    uint32_t reg;   /* WS_NO_REG: a row that is not one register */
    uint8_t opnd;   /* operands: its operand index in the instruction */
    uint32_t set;   /* lanes that have a value */
    bool uniform;   /* every executing lane holds the same value (drawn as one chip) */
    bool is_float;
    uint64_t val[32];
    char text[32][VIZ_TEXT]; /* as the trace prints it */
    rec_prov prov[32];       /* results: where each lane's value came from */
    uint32_t live;           /* results: lanes whose value reaches an output; the others are "don't care" */
    rec_ref ref;             /* results: the values as dataflow nodes (with the lane); REC_NONE for operands */
} viz_row;

typedef enum {
    VIZ_ARROW_ROUTE, /* the value moves from lane src to lane dst */
    VIZ_ARROW_SELF,  /* out of range: dst keeps its own value */
    VIZ_ARROW_ZERO,  /* the source lane did not execute: dst reads 0 on the H200 */
} viz_arrow_kind;

typedef struct {
    uint8_t src, dst, kind;
    uint8_t group; /* colour group: the width subgroup, or for a butterfly the strand (lane & (xor - 1)) */
} viz_arrow;

/* A shared-memory access bank by bank (ws_bank_rule). */
typedef struct {
    bool present;
    bool store;
    unsigned bytes; /* per lane */
    uint32_t lanes; /* the lanes that access */
    uint64_t addr[32];
    ws_bank_access map;
    unsigned degree;            /* the worst phase's degree: an n-way conflict when above 1 */
    unsigned phases;            /* phases with a lane */
    unsigned words_in_bank[32]; /* distinct words each bank serves, over all phases */
    bool broadcast;             /* some lanes share a word */
    uint32_t model_wavefronts;  /* what the timing model charged (equal to map.wavefronts) */
} viz_banks;

/* Whether lane l's words (more than one) lie in consecutive banks, served by one wavefront: a
 * vector access, drawn as one line to the run (*b0: its first bank, *wave: the wavefront). */
bool viz_bank_run(const viz_banks *B, unsigned l, unsigned *b0, unsigned *wave);

typedef enum { VIZ_WARP_WAITING, VIZ_WARP_ISSUES, VIZ_WARP_STALLED, VIZ_WARP_DONE } viz_warp_do;

typedef struct {
    viz_warp_do what;
    ws_stall_reason reason; /* VIZ_WARP_STALLED */
    uint32_t pc, line;      /* the instruction it issues or waits to issue */
    uint32_t producer_line; /* scoreboard: the line whose result it waits for (0 none) */
} viz_warp_now;

typedef struct {
    viz_frame_kind kind;
    const rec_step *step; /* VIZ_FRAME_STEP */
    size_t step_index;    /* index into rec->steps */
    uint32_t warp;
    size_t frame, nframes;
    uint64_t cycle, end_cycle;
    const ws_insn *shown_insn; /* the instruction whose lines the source panel shows */
    char insn[160];            /* the PTX instruction as printed */
    uint32_t line;
    char source[160]; /* -lineinfo: "file.cu:12" (ws_insn_source), else "" */
    char rule[320];   /* one plain sentence: what the instruction does to the lanes */
    char detail[200]; /* a second line: counts, membermask, the bank verdict */
    uint32_t active, exec;
    viz_row ops[VIZ_MAX_ROWS];
    unsigned nops;
    viz_row res[VIZ_MAX_RESULTS];
    unsigned nres;
    bool is_shfl, is_vote;
    unsigned width; /* shuffles: the subgroup width (32 when none; 0 when c is not a width) */
    viz_arrow arrows[32];
    unsigned narrows;
    viz_banks banks;
    unsigned nwarps;
    viz_warp_now warps[32];
    int diag; /* index into rec->diags shown with the frame, or -1 */
} viz_scene;

/* Builds the scene of the view's current frame. */
void viz_scene_build(viz_scene *sc, const viz_view *v);

/* The value of `lane` that the frame's provenance is about: its first result, the element a
 * store wrote, or on the result frame what the lane stored; REC_NONE when the lane has none. */
rec_ref viz_scene_lane_value(const viz_scene *sc, int lane);
/* A dataflow node's value as text (what its lane wrote, or stored). */
void viz_node_text(const recording *r, rec_ref ref, unsigned lane, char *buf, size_t cap);

/* A shared-memory access that needs more wavefronts than its phases (a bank conflict). */
bool viz_step_conflicts(const rec_step *s);

/* "0-31", "0-3, 8-11": a lane set as text; returns buf. */
const char *viz_lanes_text(uint32_t lanes, char *buf, size_t cap);
const char *viz_shfl_mode_name(unsigned m);
const char *viz_vote_mode_name(unsigned m);

#endif
