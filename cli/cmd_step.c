/* warpsim step FILE.ptx [run arguments]: walk a run one instruction at a time.
 *
 * The kernel runs to the end first while the recorder viz uses (record.h) keeps every executed
 * instruction of one block; the commands then move a cursor over the recording, forward and
 * back. Commands
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
#include "record.h"
#include "options.h"
#include "session.h"

#include <errno.h>
#include <inttypes.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>


#define STEP_MAX 2000000 /* recorded instructions; beyond, the recording says it was cut */

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
    const rec_step *s = &r->steps[i];
    char text[256], cells[32][32];
    ws_insn_print(r->m, r->k, s->insn, text, sizeof text);
    printf("warp %u, instruction %zu of %zu: line %u, pc %u, cycle %" PRIu64 ", active 0x%08x, exec 0x%08x\n", s->warp,
           nth + 1, count, s->insn->line, s->pc, s->cycle, s->active, s->exec);
    printf("  %s\n", text);
    if (s->is_shfl) {
        for (unsigned l = 0; l < 32; l++)
            snprintf(cells[l], sizeof cells[l], "%d", s->shfl_src[l]);
        print_lanes("source lane", cells, s->exec);
    }
    for (uint32_t d = 0; d < s->ndst; d++) {
        for (unsigned l = 0; l < 32; l++)
            rec_format_value(r, s->dst_reg[d], s->dst_val[d * 32 + l], cells[l], sizeof cells[l]);
        print_lanes(s->dst_reg[d] < r->k->nregs ? r->k->regs[s->dst_reg[d]].name : "?", cells, s->exec);
    }
    for (int d = s->diag; d >= 0; d = r->diags[d].next) /* every diagnostic reported for it */
        printf("  %s: %s [%s] (lanes 0x%08x)\n", ws_severity_name(r->diags[d].severity), r->diags[d].message,
               ws_diag_kind_name(r->diags[d].kind), r->diags[d].lanes);
}

/* The value of a register in every lane of warp w after recorded step `upto` (inclusive). */
static uint32_t reg_after(const recording *r, uint32_t w, size_t upto, uint32_t reg, uint64_t out[32])
{
    uint32_t have = 0;
    for (size_t i = 0; i <= upto && i < r->nsteps; i++) {
        const rec_step *s = &r->steps[i];
        if (s->warp != w)
            continue;
        for (uint32_t d = 0; d < s->ndst; d++)
            if (s->dst_reg[d] == reg)
                for (unsigned l = 0; l < 32; l++)
                    if ((s->exec >> l) & 1) {
                        out[l] = s->dst_val[d * 32 + l];
                        have |= 1u << l;
                    }
    }
    return have;
}

/* The recorded steps of warp w, as indices into r->steps. */
static size_t warp_steps(const recording *r, uint32_t w, size_t *idx)
{
    size_t n = 0;
    for (size_t i = 0; i < r->nsteps; i++)
        if (r->steps[i].warp == w)
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
    size_t *idx = calloc(r->nsteps + 1, sizeof *idx);
    if (!idx)
        return WS_ERR_INTERNAL;
    uint32_t w = 0;
    size_t cnt = warp_steps(r, w, idx), cur = 0;
    int interactive = isatty(fileno(in)), status = WS_OK;
    printf("warpsim step: kernel %s, block %u: %zu instruction%s recorded in %u warp%s%s; warp 0\n", r->k->name,
           r->block, r->nsteps, r->nsteps == 1 ? "" : "s", r->nwarps, r->nwarps == 1 ? "" : "s",
           r->truncated ? " (recording cut short)" : "");
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
        long count = na > 1 ? strtol(arg, NULL, 0) : 1; /* n 9223372036854775807: at most to the end */
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
            size_t steps = (size_t)count;
            if (fwd)
                cur = steps < cnt - 1 - cur ? cur + steps : cnt - 1;
            else
                cur = steps < cur ? cur - steps : 0;
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
            while (j < cnt && r->steps[idx[j]].insn->line != (uint32_t)target)
                j++;
            if (j >= cnt) {
                printf("warp %u does not reach line %ld again\n", w, target);
                continue;
            }
            cur = j;
            show_step(r, idx[cur], cur, cnt);
        } else if (!strcmp(cmd, "p") || !strcmp(cmd, "print")) {
            uint32_t reg = na > 1 ? rec_find_reg(r->k, arg) : WS_NO_REG;
            if (reg == WS_NO_REG) {
                fprintf(stderr, "warpsim step: kernel %s has no register '%s'\n", r->k->name, na > 1 ? arg : "");
                status = WS_ERR_INPUT;
                continue;
            }
            uint64_t v[32] = {0};
            uint32_t have = cnt ? reg_after(r, w, idx[cur], reg, v) : 0;
            char cells[32][32];
            for (unsigned l = 0; l < 32; l++)
                rec_format_value(r, reg, v[l], cells[l], sizeof cells[l]);
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
    recording *rec = NULL;
    ws_result res;
    memset(&res, 0, sizeof res);
    unsigned long block = 0;

    for (int i = 1; i < argc;) {
        int r = ws_session_parse_arg(&L, argc, argv, &i);
        if (r < 0)
            goto done;
        if (r == 1)
            continue;
        const char *v;
        switch (cli_option_next(CLI_VERB_STEP, argc, argv, &i, &v)) {
        case CLI_HELP: status = WS_OK; goto done;
        case CLI_ERROR: goto done;
        case STEP_BLOCK_INDEX: {
            char *end;
            errno = 0;
            block = strtoul(v, &end, 0);
            if (*end || errno || v[0] == '-' || !v[0] || block > UINT32_MAX) {
                fprintf(stderr, "warpsim: error: --block-index takes a block index, found '%s'\n", v);
                goto done;
            }
            break;
        }
        }
    }
    if ((status = ws_session_load(&S, &L, 0)) != WS_OK)
        goto done;
    status = WS_ERR_INPUT;
    const ws_module *m = S.m;
    const ws_kernel *k = S.k;
    /* every instruction of the block, as viz records it, without the operand values it draws */
    if (!(rec = rec_create(m, k, (uint32_t)block, NULL, 0))) {
        status = WS_ERR_INTERNAL;
        goto done;
    }
    rec->max_steps = STEP_MAX;
    rec->max_bytes = WS_DEFAULT_MAX_MEMORY / 2; /* and the run the other half: under the default limit */
    rec->skip_sources = true;
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.check_uninitialized = true;
    cfg.max_memory = WS_DEFAULT_MAX_MEMORY / 2;
    cfg.on_event = rec_event;
    cfg.event_user = rec;
    cfg.on_output = discard_output; /* printf output: `warpsim run` shows it */
    if ((status = ws_session_prepare(&S, &L, &cfg)) != WS_OK)
        goto done;
    status = ws_session_launch(&S, &L, &res);
    if (status == WS_ERR_INPUT)
        goto done;
    if (rec->oom) {
        status = WS_ERR_INTERNAL;
        goto done;
    }
    if (status != WS_OK && res.message[0])
        printf("(the run stopped: %s; the recording ends there)\n", res.message);
    int st = session(rec, stdin);
    status = st != WS_OK ? st : WS_OK;
done:
    rec_destroy(rec);
    ws_result_free(&res);
    ws_session_free(&S);
    ws_launch_free(&L);
    return status;
}
