/* warpsim step FILE.ptx [run arguments]: walk a run one instruction at a time.
 *
 * The kernel runs to the end first while a recorder keeps every executed instruction of one
 * block (as viz does: the ws_event lives only during its callback, so each step copies what
 * it shows); the commands then move a cursor over the recording, forward and back. Commands
 * come from standard input, one a line, so a session is scriptable:
 *
 *   printf 'n\nn\np %r7\nq\n' | warpsim step programs/warp_scan.ptx @programs/warp_scan.args
 *
 *   n [K]       next instruction of the chosen warp (K times)
 *   b [K]       back
 *   c LINE      continue to the next instruction of the chosen warp at PTX line LINE
 *   p REG       print a register of the chosen warp across its 32 lanes, after this instruction
 *   w N         choose warp N (the cursor goes to its first instruction at or after this point)
 *   l           list where the cursor is again        h   help        q   quit (also end of input)
 *
 * Exit status: 0, or 2 when the input (PTX, arguments, a command) is bad, as `run`. */
#include "commands.h"
#include "launch.h"
#include "session.h"

#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


#define STEP_MAX 2000000 /* recorded instructions; beyond, the recording says it was cut */

typedef struct {
    uint32_t warp, pc;
    uint64_t cycle;
    uint32_t active, exec;
    const ws_insn *insn;
    uint32_t ndst;
    uint32_t dst_reg[5];
    uint64_t *val;     /* ndst rows of 32 */
    int8_t *shfl_src;  /* 32, or NULL */
    char *diag;        /* diagnostics reported for this instruction, or NULL */
} step_rec;

typedef struct {
    const ws_module *m;
    const ws_kernel *k;
    uint32_t block;
    step_rec *s;
    size_t n, cap;
    int truncated, oom;
    char *pending[32]; /* diagnostics that came before their instruction, per warp */
    uint32_t nwarps;
    uint8_t *is_float; /* per register: shown as a float */
} recording;

static char *append_text(char *old, const char *add)
{
    size_t a = old ? strlen(old) : 0, b = strlen(add);
    char *n = realloc(old, a + b + 2);
    if (!n)
        return old;
    memcpy(n + a, add, b);
    n[a + b] = '\n';
    n[a + b + 1] = 0;
    return n;
}

static void record_event(void *user, const ws_event *ev)
{
    recording *r = user;
    if (ev->block != r->block || ev->warp >= 32)
        return;
    if (ev->kind == WS_EV_DIAG && ev->diag) {
        char line[400];
        snprintf(line, sizeof line, "  %s: %s [%s] (lanes 0x%08x)", ws_severity_name(ev->diag->severity),
                 ev->diag->message, ws_diag_kind_name(ev->diag->kind), ev->diag->lanes);
        r->pending[ev->warp] = append_text(r->pending[ev->warp], line);
        return;
    }
    if (ev->kind != WS_EV_EXEC)
        return;
    if (r->n == STEP_MAX) {
        r->truncated = 1;
        return;
    }
    if (r->n == r->cap) {
        size_t nc = r->cap ? r->cap * 2 : 1024;
        step_rec *ns = realloc(r->s, nc * sizeof *ns);
        if (!ns) {
            r->oom = 1;
            return;
        }
        r->s = ns;
        r->cap = nc;
    }
    step_rec *s = &r->s[r->n];
    memset(s, 0, sizeof *s);
    s->warp = ev->warp;
    s->pc = ev->pc;
    s->cycle = ev->cycle;
    s->active = ev->active;
    s->exec = ev->exec;
    s->insn = ev->insn;
    s->ndst = ev->ndst > 5 ? 5 : ev->ndst;
    s->val = malloc(sizeof *s->val * 32 * (s->ndst ? s->ndst : 1));
    if (!s->val) {
        r->oom = 1;
        return;
    }
    for (uint32_t d = 0; d < s->ndst; d++) {
        s->dst_reg[d] = ev->dst_reg[d];
        memcpy(&s->val[d * 32], ev->dst_val[d], 32 * sizeof *s->val);
    }
    if (ev->shfl_src && (s->shfl_src = malloc(32)))
        memcpy(s->shfl_src, ev->shfl_src, 32);
    s->diag = r->pending[ev->warp];
    r->pending[ev->warp] = NULL;
    if (ev->warp + 1 > r->nwarps)
        r->nwarps = ev->warp + 1;
    r->n++;
}

static void format_value(const recording *r, uint32_t reg, uint64_t v, char *buf, size_t cap)
{
    ws_format_register_value(r->k, r->is_float, reg, v, buf, cap);
}

/* 32 cells in four rows of eight, "." for a lane without a value; one line when all agree. */
static void print_lanes(const char *label, char cells[32][32], uint32_t have)
{
    int first = have ? __builtin_ctz(have) : -1, uniform = first >= 0;
    for (unsigned l = 0; l < 32 && uniform; l++)
        if (((have >> l) & 1) && strcmp(cells[l], cells[first]) != 0)
            uniform = 0;
    if (uniform && have == 0xffffffffu) {
        printf("  %s = %s (every lane)\n", label, cells[first]);
        return;
    }
    printf("  %s:\n", label);
    for (unsigned row = 0; row < 4; row++) {
        printf("    lanes %2u-%2u:", row * 8, row * 8 + 7);
        for (unsigned l = row * 8; l < row * 8 + 8; l++)
            printf(" %10s", ((have >> l) & 1) ? cells[l] : ".");
        printf("\n");
    }
}

static void show_step(const recording *r, size_t i, size_t nth, size_t count)
{
    const step_rec *s = &r->s[i];
    char text[256], cells[32][32];
    ws_insn_print(r->m, r->k, s->insn, text, sizeof text);
    printf("warp %u, instruction %zu of %zu: line %u, pc %u, cycle %" PRIu64 ", active 0x%08x, exec 0x%08x\n",
           s->warp, nth + 1, count, s->insn->line, s->pc, s->cycle, s->active, s->exec);
    printf("  %s\n", text);
    if (s->shfl_src) {
        for (unsigned l = 0; l < 32; l++)
            snprintf(cells[l], sizeof cells[l], "%d", s->shfl_src[l]);
        print_lanes("source lane", cells, s->exec);
    }
    for (uint32_t d = 0; d < s->ndst; d++) {
        for (unsigned l = 0; l < 32; l++)
            format_value(r, s->dst_reg[d], s->val[d * 32 + l], cells[l], sizeof cells[l]);
        print_lanes(s->dst_reg[d] < r->k->nregs ? r->k->regs[s->dst_reg[d]].name : "?", cells, s->exec);
    }
    if (s->diag)
        printf("%s", s->diag);
}

/* The value of a register in every lane of warp w after recorded step `upto` (inclusive). */
static uint32_t reg_after(const recording *r, uint32_t w, size_t upto, uint32_t reg, uint64_t out[32])
{
    uint32_t have = 0;
    for (size_t i = 0; i <= upto && i < r->n; i++) {
        const step_rec *s = &r->s[i];
        if (s->warp != w)
            continue;
        for (uint32_t d = 0; d < s->ndst; d++)
            if (s->dst_reg[d] == reg)
                for (unsigned l = 0; l < 32; l++)
                    if ((s->exec >> l) & 1) {
                        out[l] = s->val[d * 32 + l];
                        have |= 1u << l;
                    }
    }
    return have;
}

static uint32_t find_reg(const ws_kernel *k, const char *name)
{
    for (uint32_t r = 0; r < k->nregs; r++) {
        const char *n = k->regs[r].name;
        if (!strcmp(n, name) || (n[0] == '%' && !strcmp(n + 1, name)))
            return r;
    }
    return WS_NO_REG;
}

/* The recorded steps of warp w, as indices into r->s. */
static size_t warp_steps(const recording *r, uint32_t w, size_t *idx)
{
    size_t n = 0;
    for (size_t i = 0; i < r->n; i++)
        if (r->s[i].warp == w)
            idx[n++] = i;
    return n;
}

static void help(void)
{
    printf("commands: n [K] next, b [K] back, c LINE continue to PTX line, p REG print a register,\n"
           "          w N choose warp, l show the current instruction, h help, q quit\n");
}

static int session(recording *r, FILE *in)
{
    size_t *idx = calloc(r->n + 1, sizeof *idx);
    if (!idx)
        return WS_ERR_INTERNAL;
    uint32_t w = 0;
    size_t cnt = warp_steps(r, w, idx), cur = 0;
    int interactive = isatty(fileno(in)), status = WS_OK;
    printf("warpsim step: kernel %s, block %u: %zu instructions recorded in %u warp%s%s; warp 0\n", r->k->name,
           r->block, r->n, r->nwarps, r->nwarps == 1 ? "" : "s", r->truncated ? " (recording cut short)" : "");
    if (cnt)
        show_step(r, idx[cur], cur, cnt);
    else
        printf("warp 0 executed nothing\n");
    char line[256];
    for (;;) {
        if (interactive) {
            printf("(step) ");
            fflush(stdout);
        }
        if (!fgets(line, sizeof line, in))
            break;
        char cmd[16] = "", arg[200] = "";
        int na = sscanf(line, "%15s %199s", cmd, arg);
        if (na <= 0)
            continue;
        printf("> %s%s%s\n", cmd, na > 1 ? " " : "", na > 1 ? arg : "");
        long count = na > 1 ? strtol(arg, NULL, 0) : 1;
        if (!strcmp(cmd, "q") || !strcmp(cmd, "quit")) {
            break;
        } else if (!strcmp(cmd, "h") || !strcmp(cmd, "help")) {
            help();
        } else if (!strcmp(cmd, "n") || !strcmp(cmd, "next") || !strcmp(cmd, "b") || !strcmp(cmd, "back")) {
            int fwd = cmd[0] == 'n';
            if (count < 1)
                count = 1;
            if (!cnt || (fwd && cur + 1 >= cnt) || (!fwd && cur == 0)) {
                printf("warp %u: %s\n", w, fwd ? "no more instructions (end of the run)" : "at its first instruction");
                continue;
            }
            for (long i = 0; i < count; i++) {
                if (fwd && cur + 1 < cnt)
                    cur++;
                else if (!fwd && cur > 0)
                    cur--;
            }
            show_step(r, idx[cur], cur, cnt);
        } else if (!strcmp(cmd, "c") || !strcmp(cmd, "continue")) {
            char *end;
            long target = na > 1 ? strtol(arg, &end, 10) : -1;
            if (na < 2 || *end || target <= 0) {
                fprintf(stderr, "warpsim step: 'c' takes a PTX line number\n");
                status = WS_ERR_INPUT;
                continue;
            }
            size_t j = cur + 1;
            while (j < cnt && r->s[idx[j]].insn->line != (uint32_t)target)
                j++;
            if (j >= cnt) {
                printf("warp %u does not reach line %ld again\n", w, target);
                continue;
            }
            cur = j;
            show_step(r, idx[cur], cur, cnt);
        } else if (!strcmp(cmd, "p") || !strcmp(cmd, "print")) {
            uint32_t reg = na > 1 ? find_reg(r->k, arg) : WS_NO_REG;
            if (reg == WS_NO_REG) {
                fprintf(stderr, "warpsim step: kernel %s has no register '%s'\n", r->k->name, na > 1 ? arg : "");
                status = WS_ERR_INPUT;
                continue;
            }
            uint64_t v[32] = {0};
            uint32_t have = cnt ? reg_after(r, w, idx[cur], reg, v) : 0;
            char cells[32][32];
            for (unsigned l = 0; l < 32; l++)
                format_value(r, reg, v[l], cells[l], sizeof cells[l]);
            if (!have)
                printf("  %s: not written yet in warp %u\n", r->k->regs[reg].name, w);
            else
                print_lanes(r->k->regs[reg].name, cells, have);
        } else if (!strcmp(cmd, "w") || !strcmp(cmd, "warp")) {
            char *end;
            long nw = na > 1 ? strtol(arg, &end, 10) : -1;
            if (na < 2 || *end || nw < 0 || nw >= (long)r->nwarps) {
                fprintf(stderr, "warpsim step: 'w' takes a warp number from 0 to %u\n", r->nwarps ? r->nwarps - 1 : 0);
                status = WS_ERR_INPUT;
                continue;
            }
            size_t at = cnt ? idx[cur] : 0; /* keep the place in time */
            w = (uint32_t)nw;
            cnt = warp_steps(r, w, idx);
            for (cur = 0; cur + 1 < cnt && idx[cur] < at; cur++)
                ;
            if (cnt)
                show_step(r, idx[cur], cur, cnt);
            else
                printf("warp %u executed nothing\n", w);
        } else if (!strcmp(cmd, "l") || !strcmp(cmd, "list")) {
            if (cnt)
                show_step(r, idx[cur], cur, cnt);
        } else {
            fprintf(stderr, "warpsim step: unknown command '%s'\n", cmd);
            help();
            status = WS_ERR_INPUT;
        }
    }
    free(idx);
    return status;
}

static void discard_output(void *user, const char *text, size_t len) { (void)user, (void)text, (void)len; }

int cmd_step(int argc, char **argv)
{
    ws_launch L;
    ws_launch_init(&L);
    int status = WS_ERR_INPUT;
    ws_session S = {0};
    recording rec;
    memset(&rec, 0, sizeof rec);
    ws_result res;
    memset(&res, 0, sizeof res);
    unsigned long block = 0;

    for (int i = 1; i < argc;) {
        int r = ws_session_parse_arg(&L, argc, argv, &i);
        if (r < 0)
            goto done;
        if (r == 1)
            continue;
        if (!strcmp(argv[i], "--block-index") && i + 1 < argc) {
            block = strtoul(argv[++i], NULL, 0);
        } else {
            fprintf(stderr, "warpsim: error: unknown option '%s' (warpsim step FILE.ptx [run arguments] "
                            "[--block-index N])\n", argv[i]);
            goto done;
        }
        i++;
    }
    if ((status = ws_session_load(&S, &L)) != WS_OK)
        goto done;
    status = WS_ERR_INPUT;
    const ws_module *m = S.m;
    const ws_kernel *k = S.k;
    rec.m = m;
    rec.k = k;
    rec.block = (uint32_t)block;
    rec.is_float = calloc(k->nregs + 1, 1);
    if (!rec.is_float) {
        status = WS_ERR_INTERNAL;
        goto done;
    }
    ws_kernel_float_registers(k, rec.is_float);
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.check_uninitialized = true;
    cfg.on_event = record_event;
    cfg.event_user = &rec;
    cfg.on_output = discard_output; /* printf output: `warpsim run` shows it */
    if ((status = ws_session_prepare(&S, &L, &cfg)) != WS_OK)
        goto done;
    status = ws_session_launch(&S, &L, &res);
    if (status == WS_ERR_INPUT)
        goto done;
    if (rec.oom) {
        status = WS_ERR_INTERNAL;
        goto done;
    }
    if (status != WS_OK && res.message[0])
        printf("(the run stopped: %s; the recording ends there)\n", res.message);
    int st = session(&rec, stdin);
    status = st != WS_OK ? st : WS_OK;
done:
    for (size_t i = 0; i < rec.n; i++) {
        free(rec.s[i].val);
        free(rec.s[i].shfl_src);
        free(rec.s[i].diag);
    }
    for (int w = 0; w < 32; w++)
        free(rec.pending[w]);
    free(rec.s);
    free(rec.is_float);
    ws_result_free(&res);
    ws_session_free(&S);
    ws_launch_free(&L);
    return status;
}
