/* The MIO store queue of a sub-partition (stq.h). Both stages serve in order, so each store's
 * times follow from the stores before it when it enters: the stores still in a stage at a later
 * cycle are always a suffix of the ring. */
#include "stq.h"

static unsigned slot(const ws_stq *q, unsigned i) { return (q->head + i) % WS_STQ_CAP; }

enum { BY_WAVEFRONTS, BY_BYTES, BY_STORES };

static double size_of(const ws_stq_store *s, int by)
{
    return by == BY_BYTES ? s->bytes : by == BY_WAVEFRONTS ? s->wavefronts : 1;
}

/* The first cycle at or after `from` at which `need` more fits under `max` in the stage whose
 * stores leave at t[] (0 = no bound), each store counted by `by`: drop the oldest until the rest
 * fit; the new one then enters when the last dropped leaves. */
static double fits(const ws_stq *q, const double *t, int by, double need, double max, double from)
{
    if (max <= 0)
        return from;
    double held = need;
    for (unsigned i = 0; i < q->n; i++) {
        unsigned k = slot(q, i);
        held += t[k] > from ? size_of(&q->s[k], by) : 0;
    }
    for (unsigned i = 0; i < q->n && held > max; i++) {
        unsigned k = slot(q, i);
        if (t[k] > from) {
            held -= size_of(&q->s[k], by);
            from = t[k];
        }
    }
    return from;
}

double ws_stq_room(const ws_stq *q, double now, const ws_stq_store *st, ws_stq_bounds b)
{
    double t = fits(q, q->moved, BY_BYTES, st->bytes, b.bytes, now);
    return fits(q, q->moved, BY_STORES, 1, b.entries, t);
}

double ws_stq_push(ws_stq *q, double now, double busy, const ws_stq_store *st, ws_stq_bounds b, double *moved_out,
                   double *pipe)
{
    while (q->n && (q->done[q->head] <= now || q->n == WS_STQ_CAP)) {
        q->head = (q->head + 1) % WS_STQ_CAP;
        q->n--;
    }
    double moved = now, written = now; /* the previous store's: it left the data stage; was written */
    if (q->n) {
        unsigned last = slot(q, q->n - 1);
        moved = q->moved[last] > now ? q->moved[last] : now;
        written = q->done[last] > now ? q->done[last] : now;
    }
    /* the data stage takes its data after the previous store has left it; the store enters the bank
     * stage as its data starts (when the bank stage has room) and is written after the previous one */
    double begin = busy > moved ? busy : moved;
    double ready = begin + st->data;
    double enter = fits(q, q->done, BY_WAVEFRONTS, st->wavefronts, b.wavefronts, begin);
    enter = fits(q, q->done, BY_STORES, 1, b.stores, enter);
    enter = fits(q, q->done, BY_BYTES, st->bytes, b.bank_bytes, enter);
    double start = enter > written ? enter : written;
    start = *pipe > start ? *pipe : start; /* the block's shared pipe writes its wavefronts */
    *pipe = start + st->wavefronts;
    unsigned k = slot(q, q->n++);
    q->s[k] = *st;
    q->moved[k] = ready > enter ? ready : enter;
    q->done[k] = start + st->write > ready ? start + st->write : ready;
    *moved_out = q->moved[k];
    return q->done[k];
}
