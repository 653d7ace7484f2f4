/* names_doc: writes what the docs list from the program's own tables: the diagnostic kinds and
 * stall reasons of include/warpsim/warpsim.h (WS_DIAG_KINDS, WS_STALL_REASONS), and the verbs
 * of the warpsim command with each verb's options (the tables of cli/options.c, which the
 * command parses with and prints as --help).
 *
 *   names_doc IN.md [OUT.md]     (stdout without OUT; OUT may be IN)
 *
 * In IN, the table after a line `<!-- names_doc: diagnostic kinds -->`, `<!-- names_doc: stall
 * reasons -->` or `<!-- cli_doc: verbs -->` (the lines up to the first that does not start
 * with '|') is replaced by the one the list gives, and the fenced block after `<!-- cli_doc:
 * VERB -->` by what `warpsim VERB --help` prints; everything else is copied. A file with the
 * verbs table must have every verb's block. The build target `names-doc` rewrites
 * docs/diagnostics.md and docs/cli.md; the ctest names_doc_current fails when they differ from
 * what this tool writes, so the docs cannot drift from the program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"
#include "read_all.h"
#include "warpsim/warpsim.h"

static void diag_kinds(FILE *f)
{
    fputs("| kind | what happened | where the H200 is deterministic, warpsim does the same |\n"
          "| --- | --- | --- |\n",
          f);
#define KIND(id, name, sev, what, h200) fprintf(f, "| `%s` | %s | %s%s|\n", name, what, h200, *(h200) ? " " : "");
    WS_DIAG_KINDS(KIND)
#undef KIND
}

static void stall_reasons(FILE *f)
{
    fputs("| reason | the warp could not issue because |\n"
          "| --- | --- |\n",
          f);
#define REASON(id, name, what) fprintf(f, "| `%s` | %s |\n", name, what);
    WS_STALL_REASONS(REASON)
#undef REASON
}

static void verbs_table(FILE *f)
{
    fputs("| verb | what it does |\n| --- | --- |\n", f);
    for (int i = 0; i < CLI_VERB_COUNT; i++)
        fprintf(f, "| `%s` | %s |\n", cli_verbs[i].name, cli_verbs[i].summary);
}

/* The verb whose block the line `<!-- cli_doc: VERB -->` asks for, or -1. */
static int verb_marker(const char *line, size_t len)
{
    for (int i = 0; i < CLI_VERB_COUNT; i++) {
        char marker[64];
        snprintf(marker, sizeof marker, "<!-- cli_doc: %s -->\n", cli_verbs[i].name);
        if (strlen(marker) == len && !strncmp(line, marker, len))
            return i;
    }
    return -1;
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: names_doc IN.md [OUT.md]\n");
        return 2;
    }
    char *text = read_all(argv[1]);
    if (!text) {
        fprintf(stderr, "names_doc: cannot read %s\n", argv[1]);
        return 2;
    }
    FILE *out = argc == 3 ? fopen(argv[2], "w") : stdout;
    if (!out) {
        fprintf(stderr, "names_doc: cannot write %s\n", argv[2]);
        free(text);
        return 2;
    }
    enum { COPY, TABLE, BLOCK_START, BLOCK } state = COPY; /* in an old table or block, to replace */
    int tables = 0, verbs = 0, blocks[CLI_VERB_COUNT] = {0};
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line + 1) : strlen(line);
        int fence = !strncmp(line, "```", 3), v;
        if ((state == TABLE && line[0] == '|') || (state == BLOCK_START && fence) || state == BLOCK) {
            state = state == BLOCK_START ? BLOCK : state == BLOCK && fence ? COPY : state;
            line += len;
            continue;
        }
        state = COPY;
        fwrite(line, 1, len, out);
        if (!strncmp(line, "<!-- names_doc: diagnostic kinds -->\n", len)) {
            diag_kinds(out);
            state = TABLE;
            tables++;
        } else if (!strncmp(line, "<!-- names_doc: stall reasons -->\n", len)) {
            stall_reasons(out);
            state = TABLE;
            tables++;
        } else if (!strncmp(line, "<!-- cli_doc: verbs -->\n", len)) {
            verbs_table(out);
            state = TABLE;
            tables++;
            verbs = 1;
        } else if ((v = verb_marker(line, len)) >= 0) {
            fputs("```\n", out);
            cli_usage(out, v);
            fputs("```\n", out);
            state = BLOCK_START;
            blocks[v] = 1;
            tables++;
        }
        line += len;
    }
    free(text);
    if ((out != stdout && fclose(out) != 0) || (out == stdout && fflush(out) != 0)) {
        fprintf(stderr, "names_doc: cannot write the output\n");
        return 2;
    }
    if (!tables) {
        fprintf(stderr, "names_doc: %s has no <!-- names_doc: ... --> marker\n", argv[1]);
        return 1;
    }
    int missing = 0;
    for (int i = 0; verbs && i < CLI_VERB_COUNT; i++)
        if (!blocks[i]) {
            fprintf(stderr, "names_doc: %s has no <!-- cli_doc: %s --> block for warpsim %s\n", argv[1],
                    cli_verbs[i].name, cli_verbs[i].name);
            missing = 1;
        }
    return missing;
}
