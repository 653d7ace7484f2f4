/* Instruction fetch of cold code: ifetch.h. */
#include "ifetch.h"

#include <stdlib.h>
#include <string.h>

#include "fp.h"

int ws_ifetch_init(ws_ifetch *f, uint32_t ninsns, const uint32_t *line_of, double period, double ahead, double latency,
                   double restart, double warm_period, double warm_latency, double warm_restart)
{
    int on = period > 0 || warm_period > 0; /* either launch's lines come one by one: their state */
    /* the layout's lines (line_of[ninsns]: past the last instruction's), and at least a line an 8 instructions
     * and one (as before ifetch.sass: the same lines where every instruction has at most one SASS) */
    uint32_t nlines = on ? (ninsns >> 3) + 1 : 0;
    if (on && line_of && line_of[ninsns] + 1 > nlines)
        nlines = line_of[ninsns] + 1;
    if (f->nlines != nlines) /* the per-line state of another size (or none): made again */
        ws_ifetch_free(f);
    uint64_t *ready = f->ready;
    uint8_t *covered = f->covered, *owner = f->owner;
    uint32_t *seq = f->seq;
    free(f->near_kept); /* the kernel's: made again by the caller where it asks */
    memset(f, 0, sizeof *f);
    f->seq = seq; /* ifetch.far_keep's, made in ws_ifetch_reset where the caller set far_keep */
    if (!on)
        return 0;
    f->nlines = nlines;
    f->ready = ready ? ready : malloc((size_t)f->nlines * sizeof *f->ready);
    f->covered = covered ? covered : malloc(f->nlines);
    f->owner = owner ? owner : calloc(f->nlines, 1);
    if (!f->ready || !f->covered || !f->owner) {
        ws_ifetch_free(f);
        return -1;
    }
    f->cold_period = period > 0 ? (uint64_t)ws_llround(period) : 0;
    f->cold_latency = latency > 0 ? (uint64_t)ws_llround(latency) : 0;
    f->warm_period = warm_period > 0 ? (uint64_t)ws_llround(warm_period) : 0;
    f->warm_latency = warm_latency > 0 ? (uint64_t)ws_llround(warm_latency) : 0;
    f->warm_restart = warm_restart > 0 ? (uint64_t)ws_llround(warm_restart) : 0;
    f->period = f->cold_period;
    f->ahead = ahead > 0 ? (uint32_t)ws_llround(ahead) : 0;
    f->early_ahead = f->ahead;
    f->latency = f->cold_latency;
    f->cold_restart = restart > 0 ? (uint64_t)ws_llround(restart) : 0;
    f->restart = f->cold_restart;
    f->line_of = line_of;
    f->ninsns = ninsns;
    return 0;
}

uint32_t *ws_ifetch_layout(uint32_t ninsns, const uint8_t *code)
{
    uint32_t *line_of = malloc(((size_t)ninsns + 1) * sizeof *line_of), at = 0;
    for (uint32_t pc = 0; line_of && pc < ninsns; pc++) {
        line_of[pc] = at >> 3;
        at += code[pc];
    }
    if (line_of)
        line_of[ninsns] = at >> 3; /* the line after the last instruction's SASS (ws_ifetch_init sizes by it) */
    return line_of;
}

void ws_ifetch_free(ws_ifetch *f)
{
    free(f->ready);
    free(f->covered);
    free(f->seq);
    free(f->near_kept);
    free(f->owner);
    memset(f, 0, sizeof *f);
}

/* Whether line is past those there when a block starts (0 to ahead, fetched as the kernel launched): a line a stream
 * requests. */
static int past_start(const ws_ifetch *f, uint32_t line) { return line > f->ahead; }

void ws_ifetch_reset(ws_ifetch *f, int warm)
{
    f->period = warm ? f->warm_period : f->cold_period;
    f->latency = warm ? f->warm_latency : f->cold_latency;
    /* ifetch.caught, where on, gives a first launch's waited lines their pace in place of ifetch.restart */
    f->restart = warm ? f->warm_restart : f->catch_period ? 0 : f->cold_restart;
    /* ifetch.deep: a cold stream running ahead of its warp requests that many lines ahead; the first ahead + 1 lines
     * are there as ever */
    f->early_ahead = !warm && f->deep ? f->deep : f->ahead;
    f->caught_period = warm ? 0 : f->catch_period;
    f->past_period = warm ? f->window_warm : f->window_cold; /* ifetch.window */
    f->past_kept = warm ? f->kept : NULL;
    f->caught = 0;
    f->together = ~0u; /* ifetch.rerequest: a block's warps start together (one stream), none refetching */
    f->refetching = 0;
    f->looping = 0; /* pick.far_loop */
    f->beyond = 0;  /* pick.far_past */
    /* ifetch.far_keep: in a later launch of far code (the caller sets far_keep for it) */
    f->keep = warm && f->period ? f->far_keep : 0;
    f->nreq = 0;
    if (f->keep && !f->seq && !(f->seq = calloc(f->nlines, sizeof *f->seq)))
        f->keep = 0;                /* out of memory: every line kept, as without the rule */
    if (!f->nlines || !f->period) { /* every line there (none requested, ws_ifetch_ready never asked) */
        f->live = 0;
        return;
    }
    for (uint32_t l = 0; l < f->nlines; l++) {
        f->ready[l] = past_start(f, l) ? UINT64_MAX : 0;
        f->covered[l] = 0;
    }
    for (uint32_t w = 0; w < 32; w++) {
        f->line[w] = 0;
        f->next[w] = f->ahead + 1;
        f->last[w] = 0;
        f->prev[w] = 0;
        f->held[w] = 0;
        f->furthest[w] = 0;
    }
    f->settle = 0;
    f->unrequested = f->nlines > f->ahead + 1 ? f->nlines - (f->ahead + 1) : 0;
    /* ifetch.near_sets: a later launch finds the lines the near caches kept there */
    for (uint32_t l = 0; warm && f->near_kept && l < f->nlines; l++)
        if (f->near_kept[l] && f->ready[l] == UINT64_MAX) {
            f->ready[l] = 0;
            f->unrequested--;
        }
    f->live = 1;
}

int ws_ifetch_reached(const ws_ifetch *f, double kib)
{
    if (!f->period || !f->ready || kib <= 0) /* no fetch this block: ready is not this block's */
        return 0;
    double first = kib * 1024 / 128; /* line l holds bytes past kib KiB where (l + 1) * 128 > kib * 1024 */
    for (uint32_t l = first < f->nlines ? (uint32_t)first : f->nlines; l < f->nlines; l++)
        if (f->ready[l] != UINT64_MAX && past_start(f, l))
            return 1;
    return 0;
}

/* The cycles between wi's stream's request before line and line's: its period (caught or not), and for a line past
 * the window (ifetch.window) no less than the block's past_period where it is not kept from an earlier launch
 * (past_kept) and the block's first fetch of it has not come before the stream's last request (keep56: a line gone
 * from the near caches, ifetch.far_keep, is in the far cache since that fetch): L2's pace, not the launch's fetch. */
static uint64_t period_of(const ws_ifetch *f, uint32_t wi, uint32_t line)
{
    uint64_t period = f->caught >> (wi & 31) & 1 ? f->caught_period : f->period;
    return f->past_period > period && f->window && line >= f->window && !(f->past_kept && f->past_kept[line]) &&
                   (!f->past_kept || f->ready[line] == UINT64_MAX || f->ready[line] > f->last[wi & 31])
               ? f->past_period
               : period;
}

enum { OWNER_AGAIN = 0x80 }; /* ws_ifetch.owner: a warp's index, and this bit */

/* Requests a line at cycle from or later: one request every period cycles. */
static uint64_t request(ws_ifetch *f, uint32_t wi, uint32_t line, uint64_t from)
{
    uint64_t *last = &f->last[wi & 31];
    uint64_t period = period_of(f, wi, line);
    uint64_t at = *last + period > from ? *last + period : from;
    *last = at;
    /* OWNER_AGAIN: the line came once and is asked for again (gone, ifetch.far_keep) */
    int again = ws_ifetch_gone(f, line);
    f->unrequested -= f->ready[line] == UINT64_MAX;
    f->ready[line] = at + f->latency;
    if (f->keep)
        f->seq[line] = ++f->nreq;
    f->owner[line] = (uint8_t)((wi & 31) | (again ? OWNER_AGAIN : 0));
    f->settle = f->ready[line] > f->settle ? f->ready[line] : f->settle;
    return f->ready[line];
}

uint64_t ws_ifetch_slow(ws_ifetch *f, uint32_t wi, uint32_t line, uint64_t now)
{
    if (line >= f->nlines) /* past the kernel's end (not reached by an instruction) */
        return 0;
    if (ws_ifetch_gone(f, line)) {
        /* ifetch.far_keep: the line is gone; wi's stream starts over at it, and its next issue enters it (the lines
         * ahead, gone or never requested, requested again) */
        f->next[wi & 31] = line + 1;
        f->line[wi & 31] = UINT32_MAX;
        f->refetching |= 1u << (wi & 31); /* ifetch.rerequest: it fetches its lines again */
        f->covered[line] = 0;
        return request(f, wi, line, now);
    }
    f->unrequested -= f->ready[line] == UINT64_MAX;
    if (f->keep) /* it came now: as old as the last request (ifetch.far_keep), not gone at once */
        f->seq[line] = f->nreq;
    f->ready[line] = now; /* a branch's target outside every stream: it comes with the branch (kept, so
                           * that a later stream's request does not move it) */
    return now;
}

void ws_ifetch_enter(ws_ifetch *f, uint32_t wi, uint32_t line, uint64_t cycle)
{
    wi &= 31;
    /* the warp waited for the line (it came at the issue, or with ifetch.late after the cycle following the warp's
     * last issue, the warp then held by a pipe or a source too: probe_alu3 h2f_l, h2f_f, hadd_l at one warp, 512
     * SASS of HADD2.F32 or HADD2 and LOP3 or FFMA, take the H100's 1125 cycles as lop3_f's, 17.6 a line, where the
     * line's first instruction waiting a cycle for its pipe gave 16 a line, 1010; docs/calibration.md "(hadd24)"):
     * its stream's next request later */
    int waited = cycle && (f->ready[line] == cycle || (f->late && f->ready[line] > f->prev[wi] + 1) ||
                           (f->caught_period && f->held[wi] && f->ready[line] + f->held[wi] >= cycle));
    /* ifetch.rerequest: a warp out of its release's group that fetches lines gone again (ifetch.far_keep) requests on
     * at its period after a wait, no restart (the card's warp left behind refetches at 16 a line, "(fwin45)", "(far50)") */
    if (waited && f->rerequest && f->owner[line] & OWNER_AGAIN) /* it waited for a line fetched again: refetching */
        f->refetching |= 1u << wi;
    uint32_t own = f->rerequest ? ~f->together & f->refetching : 0;
    if (waited && !(own >> wi & 1))
        f->last[wi] += f->restart;
    /* ifetch.caught: a warp that waited for its line has caught its stream, which from then on requests each line
     * caught_period cycles after the one before, those it had requested and are not there coming flight_period apart
     * (ifetch.caught_flight), until the warp enters a line it did not wait for (one past those there at the block's
     * start). fetch31 on the H100 h100h: t12, t13 (12.1, 13.1 cycles a line warm) 17.5 a line cold where t14 ... t16
     * lose nothing (ifetch.line 14); probe_cold17's 64-instruction kernels and bench_sync's 64 NOPs the in-flight
     * lines' pace (docs/calibration.md "(fetch32)") */
    if (f->caught_period && waited && !(f->caught >> wi & 1)) {
        f->caught |= 1u << wi;
        uint64_t at = f->ready[line], gap = f->flight_period ? f->flight_period : f->caught_period;
        for (uint32_t l = line + 1; l < f->next[wi] && l < f->nlines; l++)
            if (f->ready[l] != UINT64_MAX && f->ready[l] > cycle) {
                at = f->ready[l] > at + gap ? f->ready[l] : at + gap;
                f->moved += at != f->ready[l]; /* a pick that read the line's cycle reads it again (ws_ifetch.moved) */
                f->ready[l] = at;
                f->last[wi] = at - f->latency;
            }
        f->settle = at > f->settle ? at : f->settle;
    } else if (f->caught_period && !waited && past_start(f, line))
        f->caught &= ~(1u << wi);
    /* ifetch.deep (a cold block's ahead, when set): a stream whose line (past those there at the block's start) came
     * a request's period or more before its warp's issue runs that far ahead, else ifetch.ahead (probe_rcp20 rx: ptxas's runs of 7 rcp forms, ~6 lines at 9 cycles a form,
     * after runs of POPCs slower than the fetch; probe_cold17's straight 64-instruction kernels wait from the sixth
     * line on and keep ifetch.ahead's pace; docs/calibration.md "(rcp30)") */
    int early = past_start(f, line) && f->ready[line] + f->period <= cycle;
    uint32_t depth = early ? f->early_ahead : f->ahead, *next = &f->next[wi];
    /* a branch out of the stream (the warp's line before the stream's reach, or at or past its next request): over */
    if ((*next > f->early_ahead && line + 1 < *next - f->early_ahead) || line >= *next)
        *next = line + 1;
    /* the lines up to depth beyond, in order; those another warp's stream brought are there */
    for (; *next <= line + depth && *next < f->nlines; (*next)++)
        if (f->ready[*next] == UINT64_MAX || ws_ifetch_gone(f, *next)) {
            f->covered[*next] = 0; /* a gone line's own lines ahead are to be requested again too */
            request(f, wi, *next, cycle);
        }
    f->covered[line] = 1;
}

void ws_ifetch_rerequest(ws_ifetch *f, uint32_t wi, uint32_t line, uint64_t cycle)
{
    wi &= 31;
    /* ifetch.rerequest: the lines ahead that another warp of the sub-partition requested and that this warp's stream would
     * bring sooner are asked for again by this one (two warps of a sub-partition in lock step feed the lines with both
     * streams, as offset warps do) */
    for (uint32_t l = line + 1; l <= line + f->ahead && l < f->nlines; l++) {
        uint64_t period = period_of(f, wi, l);
        uint64_t at = f->last[wi] + period > cycle ? f->last[wi] + period : cycle;
        if (f->ready[l] != UINT64_MAX && f->ready[l] > at + f->latency && (f->owner[l] & 31) != wi &&
            (f->owner[l] & 3) == (wi & 3)) {
            request(f, wi, l, cycle);
            f->moved++; /* it comes sooner: a pick that read its cycle reads it again (ws_ifetch.moved) */
        }
    }
}
