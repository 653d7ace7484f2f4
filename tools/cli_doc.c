/* cli_doc: writes the verbs and options of docs/cli.md from the option tables of cli/options.c,
 * the ones the warpsim command parses its arguments with and prints as --help.
 *
 *   cli_doc IN.md [OUT.md]     (stdout without OUT; OUT may be IN)
 *
 * In IN, the table after a line `<!-- cli_doc: verbs -->` (its lines starting with '|') becomes
 * the list of verbs with their summaries, and the fenced block after `<!-- cli_doc: VERB -->`
 * becomes what `warpsim VERB --help` prints; everything else is copied. Every verb must have
 * its block. The build target `cli-doc` rewrites docs/cli.md; the ctest cli_doc_current fails
 * when it differs from what this tool writes. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "options.h"

static char *read_all(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t n = 0, cap = 1 << 16;
    char *buf = malloc(cap + 1);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *nb = realloc(buf, (cap *= 2) + 1);
            if (!nb)
                free(buf);
            buf = nb;
        }
    }
    fclose(f);
    if (buf)
        buf[n] = 0;
    return buf;
}

static void verbs_table(FILE *f)
{
    fputs("| verb | what it does |\n| --- | --- |\n", f);
    for (int i = 0; i < CLI_VERB_COUNT; i++)
        fprintf(f, "| `%s` | %s |\n", cli_verbs[i].name, cli_verbs[i].summary);
}

int main(int argc, char **argv)
{
    if (argc < 2 || argc > 3) {
        fprintf(stderr, "usage: cli_doc IN.md [OUT.md]\n");
        return 2;
    }
    char *text = read_all(argv[1]);
    if (!text) {
        fprintf(stderr, "cli_doc: cannot read %s\n", argv[1]);
        return 2;
    }
    FILE *out = argc == 3 ? fopen(argv[2], "w") : stdout;
    if (!out) {
        fprintf(stderr, "cli_doc: cannot write %s\n", argv[2]);
        free(text);
        return 2;
    }
    enum { COPY, TABLE, BLOCK_START, BLOCK } state = COPY;
    int seen[CLI_VERB_COUNT] = {0}, table = 0;
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line + 1) : strlen(line);
        int fence = !strncmp(line, "```", 3);
        if (state == TABLE && line[0] == '|') { /* a line of the old table */
            line += len;
            continue;
        }
        if (state == BLOCK_START && fence) { /* the old block's opening fence */
            state = BLOCK;
            line += len;
            continue;
        }
        if (state == BLOCK) { /* the old block, to its closing fence */
            state = fence ? COPY : BLOCK;
            line += len;
            continue;
        }
        state = COPY;
        fwrite(line, 1, len, out);
        if (!strncmp(line, "<!-- cli_doc: verbs -->\n", len)) {
            verbs_table(out);
            state = TABLE;
            table = 1;
        }
        for (int i = 0; i < CLI_VERB_COUNT; i++) {
            char marker[64];
            snprintf(marker, sizeof marker, "<!-- cli_doc: %s -->\n", cli_verbs[i].name);
            if (strlen(marker) == len && !strncmp(line, marker, len)) {
                fputs("```\n", out);
                cli_usage(out, i);
                fputs("```\n", out);
                state = BLOCK_START;
                seen[i] = 1;
            }
        }
        line += len;
    }
    free(text);
    if ((out != stdout && fclose(out) != 0) || (out == stdout && fflush(out) != 0)) {
        fprintf(stderr, "cli_doc: cannot write the output\n");
        return 2;
    }
    int missing = !table;
    if (!table)
        fprintf(stderr, "cli_doc: %s has no <!-- cli_doc: verbs --> table\n", argv[1]);
    for (int i = 0; i < CLI_VERB_COUNT; i++)
        if (!seen[i]) {
            fprintf(stderr, "cli_doc: %s has no <!-- cli_doc: %s --> block for warpsim %s\n", argv[1],
                    cli_verbs[i].name, cli_verbs[i].name);
            missing = 1;
        }
    return missing;
}
