/* --vcd FILE: per-lane register values and masks over cycles, as a Value Change Dump for
 * GTKWave and other waveform viewers.
 *
 * One block (--vcd-block, default 0). For each warp of it, a scope warpN holds:
 *   active[31:0]  the lanes that issued the instruction      exec[31:0]  those whose guard held
 *   pc[31:0]      the instruction index                      line[31:0]  its PTX line
 * and a scope per register (rN, fN, pN ...; '%' dropped: not every viewer takes it in a
 * name) holding lane0 .. lane31, each a vector as wide as the register (a predicate is one
 * bit). The registers are those the kernel writes, or the ones --vcd-regs names. A lane's
 * value is 'x' until the kernel writes it. Time is the block's cycle counter (1 ns = 1 cycle
 * in the header's $timescale); a change is dumped only when a value changes.
 *
 * The header must name every warp before the first value change, but the number of warps is
 * known only from the events: the body goes to a temporary file and close writes the header
 * and then copies the body after it. */
#include "traces.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct trace_vcd {
    FILE *f, *body;
    const ws_kernel *k;
    unsigned block;
    uint32_t *regs; /* recorded register indices */
    unsigned nregs;
    uint32_t nwarps; /* highest warp seen + 1 */
    uint64_t now;    /* last time written to the body */
    int started;
    /* per warp: last values written; known bit per lane and register */
    struct wstate {
        uint64_t *val;   /* nregs rows of 32 */
        uint32_t *known; /* nregs lane masks */
        uint32_t active, exec, pc, line;
        int has_ctl;
    } * w;
};

/* VCD identifier codes: printable ASCII 33..126, base 94. Signal numbering per warp:
 * 4 control signals then nregs * 32 lane signals. */
static void ident(char *buf, uint64_t n)
{
    int i = 0;
    do {
        buf[i++] = (char)(33 + n % 94);
        n /= 94;
    } while (n);
    buf[i] = 0;
}

static uint64_t signal_id(const trace_vcd *t, uint32_t warp, uint64_t sig)
{
    return (uint64_t)warp * (4 + (uint64_t)t->nregs * 32) + sig;
}

static unsigned reg_width(const trace_vcd *t, uint32_t r)
{
    unsigned b = ws_type_bits((ws_type)t->k->regs[r].type);
    return b ? b : 64;
}

static void write_vec(FILE *f, uint64_t v, unsigned width, const char *id)
{
    if (width == 1) {
        fprintf(f, "%c%s\n", (v & 1) ? '1' : '0', id);
        return;
    }
    char bits[72];
    int n = 0, started = 0;
    for (int b = (int)width - 1; b >= 0; b--) {
        int bit = (int)((v >> b) & 1);
        if (bit)
            started = 1;
        if (started)
            bits[n++] = (char)('0' + bit);
    }
    if (!n)
        bits[n++] = '0';
    bits[n] = 0;
    fprintf(f, "b%s %s\n", bits, id);
}

static const char *plain_name(const char *name) { return name[0] == '%' ? name + 1 : name; }

static int wants(const char *list, const char *name)
{
    size_t n = strlen(plain_name(name));
    for (const char *p = list; *p;) {
        while (*p == ',' || *p == ' ')
            p++;
        const char *q = p + (*p == '%');
        size_t len = strcspn(q, ", ");
        if (len == n && !strncmp(q, plain_name(name), n))
            return 1;
        p = q + len;
    }
    return 0;
}

trace_vcd *trace_vcd_open(const char *path, const ws_module *m, const ws_kernel *k, const trace_meta *meta,
                          const char *regs, unsigned block, const char **bad)
{
    static char badname[64];
    trace_vcd *t = calloc(1, sizeof *t);
    if (!t)
        return NULL;
    t->k = k;
    t->block = block;
    t->regs = calloc(k->nregs + 1, sizeof *t->regs);
    uint8_t *written = calloc(k->nregs + 1, 1);
    t->w = calloc(32, sizeof *t->w);
    if (!t->regs || !written || !t->w)
        goto fail;
    /* the registers the kernel writes: destinations (and vector destinations) of its instructions */
    for (uint32_t i = 0; i < k->ninsns; i++) {
        const ws_insn *in = &k->insns[i];
        const char *shape = ws_optable[in->op].shape;
        if (shape[0] == 'd' || shape[0] == 'D' || shape[0] == 'P') {
            if (in->ops[0].kind == WS_OPND_REG && in->ops[0].reg < k->nregs)
                written[in->ops[0].reg] = 1;
            else if (in->ops[0].kind == WS_OPND_VEC)
                for (unsigned v = 0; v < in->ops[0].nvec; v++)
                    if (in->ops[0].regs[v] < k->nregs)
                        written[in->ops[0].regs[v]] = 1;
        }
        if (in->dpred != WS_NO_REG && in->dpred < k->nregs)
            written[in->dpred] = 1;
    }
    if (regs) { /* every name must exist */
        for (const char *p = regs; *p;) {
            while (*p == ',' || *p == ' ')
                p++;
            if (!*p)
                break;
            size_t len = strcspn(p, ", ");
            int found = 0;
            for (uint32_t r = 0; r < k->nregs && !found; r++)
                found = strlen(plain_name(k->regs[r].name)) == len - (*p == '%') &&
                        !strncmp(plain_name(k->regs[r].name), p + (*p == '%'), len - (*p == '%'));
            if (!found) {
                snprintf(badname, sizeof badname, "%.*s", (int)len, p);
                if (bad)
                    *bad = badname;
                errno = EINVAL;
                goto fail;
            }
            p += len;
        }
    }
    for (uint32_t r = 0; r < k->nregs; r++)
        if (regs ? wants(regs, k->regs[r].name) : written[r])
            t->regs[t->nregs++] = r;
    free(written);
    written = NULL;
    t->body = tmpfile();
    if (!t->body)
        goto fail;
    t->f = fopen(path, "w");
    if (!t->f)
        goto fail;
    (void)m;
    (void)meta;
    return t;
fail:
    free(written);
    trace_vcd_close(t);
    return NULL;
}

static struct wstate *warp_state(trace_vcd *t, uint32_t warp)
{
    struct wstate *s = &t->w[warp];
    if (!s->val) {
        s->val = calloc((size_t)t->nregs * 32 + 1, sizeof *s->val);
        s->known = calloc(t->nregs + 1, sizeof *s->known);
        if (!s->val || !s->known)
            return NULL;
    }
    return s;
}

static void at_time(trace_vcd *t, uint64_t cycle)
{
    if (cycle < t->now) /* keep time monotonic: the VCD format requires it */
        cycle = t->now;
    if (!t->started || cycle > t->now) {
        fprintf(t->body, "#%llu\n", (unsigned long long)cycle);
        t->now = cycle;
        t->started = 1;
    }
}

void trace_vcd_event(void *user, const ws_event *ev)
{
    trace_vcd *t = user;
    if (ev->kind != WS_EV_EXEC || ev->block != t->block || ev->warp >= 32)
        return;
    struct wstate *s = warp_state(t, ev->warp);
    if (!s)
        return;
    if (ev->warp + 1 > t->nwarps)
        t->nwarps = ev->warp + 1;
    at_time(t, ev->cycle);
    char id[16];
    uint32_t ctl[4] = {ev->active, ev->exec, ev->pc, ev->insn ? ev->insn->line : 0};
    uint32_t *old[4] = {&s->active, &s->exec, &s->pc, &s->line};
    for (int i = 0; i < 4; i++)
        if (!s->has_ctl || *old[i] != ctl[i]) {
            *old[i] = ctl[i];
            ident(id, signal_id(t, ev->warp, (uint64_t)i));
            write_vec(t->body, ctl[i], 32, id);
        }
    s->has_ctl = 1;
    for (uint32_t d = 0; d < ev->ndst; d++) {
        unsigned ri;
        for (ri = 0; ri < t->nregs && t->regs[ri] != ev->dst_reg[d]; ri++)
            ;
        if (ri == t->nregs)
            continue;
        unsigned width = reg_width(t, t->regs[ri]);
        uint64_t mask = width >= 64 ? ~0ull : (1ull << width) - 1;
        for (unsigned l = 0; l < 32; l++) {
            if (!((ev->exec >> l) & 1))
                continue;
            uint64_t v = ev->dst_val[d][l] & mask;
            uint64_t *slot = &s->val[(size_t)ri * 32 + l];
            if (((s->known[ri] >> l) & 1) && *slot == v)
                continue;
            *slot = v;
            s->known[ri] |= 1u << l;
            ident(id, signal_id(t, ev->warp, 4 + (uint64_t)ri * 32 + l));
            write_vec(t->body, v, width, id);
        }
    }
}

static void write_header(trace_vcd *t)
{
    FILE *f = t->f;
    static const char *const ctl[4] = {"active", "exec", "pc", "line"};
    char id[16];
    fprintf(f, "$comment warpsim: kernel %s, block %u $end\n", t->k->name, t->block);
    fprintf(f, "$timescale 1ns $end\n");
    fprintf(f, "$scope module block%u $end\n", t->block);
    for (uint32_t w = 0; w < t->nwarps; w++) {
        fprintf(f, "$scope module warp%u $end\n", w);
        for (int i = 0; i < 4; i++) {
            ident(id, signal_id(t, w, (uint64_t)i));
            fprintf(f, "$var wire 32 %s %s [31:0] $end\n", id, ctl[i]);
        }
        for (unsigned ri = 0; ri < t->nregs; ri++) {
            unsigned width = reg_width(t, t->regs[ri]);
            fprintf(f, "$scope module %s $end\n", plain_name(t->k->regs[t->regs[ri]].name));
            for (unsigned l = 0; l < 32; l++) {
                ident(id, signal_id(t, w, 4 + (uint64_t)ri * 32 + l));
                if (width == 1)
                    fprintf(f, "$var wire 1 %s lane%u $end\n", id, l);
                else
                    fprintf(f, "$var wire %u %s lane%u [%u:0] $end\n", width, id, l, width - 1);
            }
            fprintf(f, "$upscope $end\n");
        }
        fprintf(f, "$upscope $end\n");
    }
    fprintf(f, "$upscope $end\n$enddefinitions $end\n");
    /* every signal starts unknown */
    fprintf(f, "#0\n$dumpvars\n");
    for (uint32_t w = 0; w < t->nwarps; w++) {
        for (uint64_t sig = 0; sig < 4 + (uint64_t)t->nregs * 32; sig++) {
            ident(id, signal_id(t, w, sig));
            unsigned width = sig < 4 ? 32 : reg_width(t, t->regs[(sig - 4) / 32]);
            if (width == 1)
                fprintf(f, "x%s\n", id);
            else
                fprintf(f, "bx %s\n", id);
        }
    }
    fprintf(f, "$end\n");
}

int trace_vcd_close(trace_vcd *t)
{
    if (!t)
        return 0;
    int bad = 0;
    if (t->f && t->body) {
        write_header(t);
        rewind(t->body);
        char buf[65536];
        size_t n;
        int skip_first = 1; /* a body that starts at #0 repeats the header's #0: drop that line */
        while ((n = fread(buf, 1, sizeof buf, t->body)) > 0) {
            size_t off = 0;
            if (skip_first && n >= 3 && !memcmp(buf, "#0\n", 3))
                off = 3;
            skip_first = 0;
            fwrite(buf + off, 1, n - off, t->f);
        }
        bad |= ferror(t->body) || ferror(t->f);
    }
    if (t->body)
        fclose(t->body);
    if (t->f)
        bad |= fclose(t->f) != 0;
    for (int w = 0; t->w && w < 32; w++) {
        free(t->w[w].val);
        free(t->w[w].known);
    }
    free(t->w);
    free(t->regs);
    free(t);
    return bad ? -1 : 0;
}

/* The body: the header comes at the end and is small. */
uint64_t trace_vcd_bytes(const trace_vcd *t)
{
    off_t pos = t ? ftello(t->body) : 0;
    return pos > 0 ? (uint64_t)pos : 0;
}
