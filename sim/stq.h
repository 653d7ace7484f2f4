/* The MIO store queue of a sub-partition (docs/calibration.md "The MIO store queue, modelled"):
 * a shared store issues into a data stage, which takes its data (stq.data + bytes / stq.bandwidth
 * cycles, one store after the other: it reads the store's registers) and holds at most stq.bytes
 * of them and stq.entries stores; then it waits for room in the bank stage, which holds at most
 * stq.wavefronts wavefronts, stq.stores stores and stq.bank_bytes bytes and writes one store after
 * the other (stq.min cycles at least, stq.wavefront a wavefront). The warp issues on while the data
 * stage has room; a load waits until the bank stage has written every store its warp queued, a
 * shuffle all but the last stq.shfl_left of them (stq.shfl; sim/timing.c earliest). */
#ifndef WS_STQ_H
#define WS_STQ_H

#define WS_STQ_CAP 64 /* stores kept: more than any preset's bounds let in */

/* A store's size and costs in the two stages. */
typedef struct {
    double bytes, wavefronts; /* its data; its wavefronts */
    double data, write;       /* cycles in the data stage; in the bank stage */
} ws_stq_store;

/* The bounds: bytes in the data stage; wavefronts and stores in the bank stage; bytes in the bank
 * stage; stores in the data stage (0: none). */
typedef struct {
    double bytes, wavefronts, stores, bank_bytes, entries;
} ws_stq_bounds;

typedef struct {
    ws_stq_store s[WS_STQ_CAP];
    double moved[WS_STQ_CAP]; /* when it left the data stage for the bank stage */
    double done[WS_STQ_CAP];  /* when the bank stage has written it */
    unsigned head, n;
} ws_stq;

/* The first cycle at or after `now` at which store st fits in q's data stage. */
double ws_stq_room(const ws_stq *q, double now, const ws_stq_store *st, ws_stq_bounds b);

/* Store st, issued at `now` (when it fits), enters q; its data stage starts not before `busy` (the
 * pipe's other work), its writes not before *pipe (the block's shared pipe, then busy a cycle a
 * wavefront of it). Returns when the bank stage has written it and sets *moved to when it leaves
 * the data stage. The stores written by `now` leave q. */
double ws_stq_push(ws_stq *q, double now, double busy, const ws_stq_store *st, ws_stq_bounds b, double *moved,
                   double *pipe);

#endif
