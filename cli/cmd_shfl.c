/* warpsim shfl / vote / match: what one warp instruction does, lane by lane, without a kernel.
 *
 *   warpsim shfl MODE B [--width W | --c C] [--mask M] [--values V0,V1,...] [--json]
 *   warpsim vote MODE --pred P [--mask M] [--json]
 *   warpsim match MODE --values V0,V1,... [--mask M] [--json]
 *
 * MODE for shfl is up, down, bfly (or xor) or idx (or sync); CUDA's names work too
 * (__shfl_down_sync). --mask gives the lanes that execute the instruction: lanes outside it
 * do not execute, and a lane whose source did not execute reads 0, as on an H200. */
#include "commands.h"
#include "json.h"
#include "options.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

static int parse_u32(const char *s, uint32_t *out)
{
    char *end;
    errno = 0;
    long long v = strtoll(s, &end, 0);
    if (errno || *end || !*s || v < -2147483648LL || v > 4294967295LL)
        return -1;
    *out = (uint32_t)v;
    return 0;
}

static int parse_values(const char *s, uint64_t vals[32])
{
    uint64_t tmp[32];
    unsigned n = 0;
    char *copy = strdup(s), *save = NULL;
    if (!copy)
        return -1;
    for (char *tok = strtok_r(copy, ",", &save); tok; tok = strtok_r(NULL, ",", &save)) {
        char *end;
        errno = 0;
        long long v = strtoll(tok, &end, 0);
        if (errno || *end || n == 32) {
            free(copy);
            return -1;
        }
        tmp[n++] = (uint64_t)v;
    }
    free(copy);
    if (!n)
        return -1;
    for (unsigned l = 0; l < 32; l++) /* fewer than 32 values repeat */
        vals[l] = tmp[l % n];
    return 0;
}

static int mode_of(const char *s, ws_shfl_mode *m)
{
    static const struct { const char *name; ws_shfl_mode mode; } names[] = {
        {"up", WS_SHFL_UP}, {"down", WS_SHFL_DOWN}, {"bfly", WS_SHFL_BFLY}, {"xor", WS_SHFL_BFLY},
        {"idx", WS_SHFL_IDX}, {"sync", WS_SHFL_IDX}, {"__shfl_up_sync", WS_SHFL_UP},
        {"__shfl_down_sync", WS_SHFL_DOWN}, {"__shfl_xor_sync", WS_SHFL_BFLY}, {"__shfl_sync", WS_SHFL_IDX},
    };
    for (size_t i = 0; i < sizeof names / sizeof names[0]; i++)
        if (!strcmp(s, names[i].name)) {
            *m = names[i].mode;
            return 0;
        }
    return -1;
}

static const char *const mode_names[] = {"up", "down", "bfly", "idx"};

/* An option's lane mask or value list, with the error said once here. */
static int parse_mask(const char *s, uint32_t *out)
{
    if (parse_u32(s, out) == 0)
        return 0;
    fprintf(stderr, "warpsim: error: expected a 32-bit lane mask, found '%s'\n", s);
    return -1;
}
static int parse_value_list(const char *s, uint64_t *vals)
{
    if (parse_values(s, vals) == 0)
        return 0;
    fprintf(stderr, "warpsim: error: expected up to 32 comma-separated integers, found '%s'\n", s);
    return -1;
}

/* s (n characters) right-aligned in width columns, as printf's %*s writes it; the end. */
static char *right(char *at, const char *s, size_t n, size_t width)
{
    for (; width > n; width--)
        *at++ = ' ';
    memcpy(at, s, n);
    return at + n;
}

int cmd_shfl(int argc, char **argv)
{
    ws_shfl_mode mode;
    uint32_t b, c = 0, mask = 0xffffffffu, width = 32;
    int have_c = 0, have_width = 0, json = 0;
    uint64_t vals[32];
    for (unsigned l = 0; l < 32; l++)
        vals[l] = l;
    if (cli_help_first(CLI_VERB_SHFL, argc, argv))
        return WS_OK;
    if (argc < 3 || mode_of(argv[1], &mode) != 0 || parse_u32(argv[2], &b) != 0) {
        cli_usage(stderr, CLI_VERB_SHFL);
        return WS_ERR_INPUT;
    }
    for (int i = 3; i < argc;) {
        const char *v;
        switch (cli_option_next(CLI_VERB_SHFL, argc, argv, &i, &v)) {
        case CLI_HELP: return WS_OK;
        case CLI_ERROR: return WS_ERR_INPUT;
        case SHFL_WIDTH:
            if (parse_u32(v, &width) != 0 || width < 1 || width > 32 || (width & (width - 1))) {
                /* CUDA: "width must have a value which is a power of 2 in the range [1, warpSize]";
                 * other widths are undefined there. The H200 follows the c formula for any width
                 * (0 and 64 act as 32), which --c shows. */
                fprintf(stderr, "warpsim: error: --width takes a power of two from 1 to 32, as CUDA's width does, found "
                                "'%s'", v);
                if (parse_u32(v, &width) == 0 && width <= 64)
                    fprintf(stderr, " (CUDA leaves other widths undefined; what the H200 does with the c operand nvcc "
                                    "makes of it: --c 0x%x)", ws_shfl_c_for_width(mode, width));
                fputc('\n', stderr);
                return WS_ERR_INPUT;
            }
            have_width = 1;
            break;
        case SHFL_C:
            if (parse_u32(v, &c) != 0) {
                fprintf(stderr, "warpsim: error: --c takes a 32-bit number, found '%s'\n", v);
                return WS_ERR_INPUT;
            }
            have_c = 1;
            break;
        case SHFL_MASK:
            if (parse_mask(v, &mask) != 0)
                return WS_ERR_INPUT;
            break;
        case SHFL_VALUES:
            if (parse_value_list(v, vals) != 0)
                return WS_ERR_INPUT;
            break;
        case SHFL_JSON: json = 1; break;
        }
    }
    if (have_c && have_width) {
        fprintf(stderr, "warpsim: error: give --width or --c, not both\n");
        return WS_ERR_INPUT;
    }
    if (!have_c)
        c = ws_shfl_c_for_width(mode, width);
    if (json)
        printf("{\"mode\": \"%s\", \"b\": %u, \"c\": %u, \"mask\": %u, \"lanes\": [", mode_names[mode], b, c, mask);
    else
        printf("shfl.sync.%s.b32  b=%d  c=0x%x (clamp %u, segment mask 0x%x)  executing lanes 0x%08x\n"
               "lane  source  in range  value\n",
               mode_names[mode], (int)b, c, c & 31, (c >> 8) & 31, mask);
    for (unsigned l = 0; l < 32; l++) {
        int executes = (mask >> l) & 1;
        ws_shfl_route r = ws_shfl_rule(mode, l, b, c);
        uint64_t v = !r.in_range ? vals[l] : ((mask >> r.src) & 1) ? vals[r.src] : 0;
        if (json) {
            printf("%s{\"lane\": %u, \"executes\": %s", l ? ", " : "", l, executes ? "true" : "false");
            if (executes)
                printf(", \"source\": %d, \"in_range\": %s, \"value\": %lld", r.src, r.in_range ? "true" : "false",
                       (long long)v);
            printf("}");
        } else { /* what printf's "%4u  %6d  %8s  %5lld%s\n" writes, without its format reading */
            char line[160], num[24], *at = right(line, num, ws_fmt_u64(num, l), 4);
            const char *yes = r.in_range ? "yes" : "no";
            const char *note = !executes ? "       -         -      - (does not execute)"
                   : !r.in_range ? "  (out of range: its own value)"
                   : !((mask >> r.src) & 1) ? "  (source lane does not execute: 0 on the H200)" : "";
            if (executes) {
                at = right(right(at, "", 0, 2), num, ws_fmt_i64(num, r.src), 6);
                at = right(right(at, "", 0, 2), yes, strlen(yes), 8);
                at = right(right(at, "", 0, 2), num, ws_fmt_i64(num, (int64_t)v), 5);
            }
            at = right(at, note, strlen(note), 0);
            *at++ = '\n';
            fwrite(line, 1, (size_t)(at - line), stdout);
        }
    }
    if (json)
        printf("]}\n");
    return WS_OK;
}

int cmd_vote(int argc, char **argv)
{
    static const char *const names[] = {"all", "any", "uni", "ballot"};
    int mode = -1, json = 0;
    uint32_t pred = 0, mask = 0xffffffffu;
    int have_pred = 0;
    if (cli_help_first(CLI_VERB_VOTE, argc, argv))
        return WS_OK;
    for (int i = 0; argc > 1 && i < 4; i++)
        if (!strcmp(argv[1], names[i]))
            mode = i;
    for (int i = 2; i < argc && mode >= 0;) {
        const char *v;
        switch (cli_option_next(CLI_VERB_VOTE, argc, argv, &i, &v)) {
        case CLI_HELP: return WS_OK;
        case CLI_ERROR: return WS_ERR_INPUT;
        case VOTE_PRED:
            if (parse_mask(v, &pred) != 0)
                return WS_ERR_INPUT;
            have_pred = 1;
            break;
        case VOTE_MASK:
            if (parse_mask(v, &mask) != 0)
                return WS_ERR_INPUT;
            break;
        case VOTE_JSON: json = 1; break;
        }
    }
    if (mode < 0 || !have_pred) {
        cli_usage(stderr, CLI_VERB_VOTE);
        return WS_ERR_INPUT;
    }
    static const ws_vote_mode modes[] = {WS_VOTE_ALL, WS_VOTE_ANY, WS_VOTE_UNI, WS_VOTE_BALLOT};
    uint32_t r = ws_vote_rule(modes[mode], pred, mask);
    if (json)
        printf("{\"mode\": \"%s\", \"pred\": %u, \"mask\": %u, \"result\": %u}\n", names[mode], pred, mask, r);
    else if (!mask) /* nothing to give: the vote is an instruction no lane runs */
        printf("vote.sync.%s  predicates 0x%08x  executing lanes 0x00000000\n"
               "no lane executes it, so no lane gets a result (an H200's vote counts exactly the lanes that execute;\n"
               "in a kernel, a membermask of 0 is undefined behaviour in the PTX ISA)\n",
               names[mode], pred);
    else
        printf("vote.sync.%s  predicates 0x%08x  executing lanes 0x%08x\nevery executing lane gets %s0x%08x\n",
               names[mode], pred, mask, mode == 3 ? "" : "the predicate ", r);
    return WS_OK;
}

int cmd_match(int argc, char **argv)
{
    int mode = -1, json = 0, have_vals = 0;
    uint32_t mask = 0xffffffffu;
    uint64_t vals[32];
    if (cli_help_first(CLI_VERB_MATCH, argc, argv))
        return WS_OK;
    if (argc > 1 && !strcmp(argv[1], "any"))
        mode = 0;
    if (argc > 1 && !strcmp(argv[1], "all"))
        mode = 1;
    for (int i = 2; i < argc && mode >= 0;) {
        const char *v;
        switch (cli_option_next(CLI_VERB_MATCH, argc, argv, &i, &v)) {
        case CLI_HELP: return WS_OK;
        case CLI_ERROR: return WS_ERR_INPUT;
        case MATCH_VALUES:
            if (parse_value_list(v, vals) != 0)
                return WS_ERR_INPUT;
            have_vals = 1;
            break;
        case MATCH_MASK:
            if (parse_mask(v, &mask) != 0)
                return WS_ERR_INPUT;
            break;
        case MATCH_JSON: json = 1; break;
        }
    }
    if (mode < 0 || !have_vals) {
        cli_usage(stderr, CLI_VERB_MATCH);
        return WS_ERR_INPUT;
    }
    bool all_equal = true;
    ws_match_rule(WS_VOTE_ALL, 0, vals, mask, &all_equal);
    if (json)
        printf("{\"mode\": \"%s\", \"mask\": %u, \"lanes\": [", mode ? "all" : "any", mask);
    else
        printf("match.%s.sync.b64  executing lanes 0x%08x\nlane  value  result%s\n", mode ? "all" : "any", mask,
               mode ? "      pred" : ""); /* match.any has no predicate output */
    for (unsigned l = 0; l < 32; l++) {
        uint32_t r = (mask >> l & 1) ? ws_match_rule(mode ? WS_VOTE_ALL : WS_VOTE_ANY, l, vals, mask, NULL) : 0;
        if (json)
            printf("%s{\"lane\": %u, \"value\": %lld, \"result\": %u}", l ? ", " : "", l, (long long)vals[l], r);
        else if (mask >> l & 1 && mode)
            printf("%4u  %5lld  0x%08x  %d\n", l, (long long)vals[l], r, all_equal);
        else if (mask >> l & 1)
            printf("%4u  %5lld  0x%08x\n", l, (long long)vals[l], r);
        else
            printf("%4u      -  (does not execute)\n", l);
    }
    if (json)
        printf("], \"all_equal\": %s}\n", all_equal ? "true" : "false");
    return WS_OK;
}
