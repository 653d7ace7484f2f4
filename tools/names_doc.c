/* names_doc: writes the tables of diagnostic kinds and stall reasons into the docs, from the one
 * list of each in include/warpsim/warpsim.h (WS_DIAG_KINDS, WS_STALL_REASONS).
 *
 *   names_doc IN.md [OUT.md]     (stdout without OUT; OUT may be IN)
 *
 * In IN, the table after a line `<!-- names_doc: diagnostic kinds -->` or `<!-- names_doc: stall
 * reasons -->` (the lines up to the first that does not start with '|') is replaced by the one
 * the list gives; everything else is copied. The build target `names-doc` rewrites
 * docs/diagnostics.md and docs/cli.md; the ctest names_doc_current fails when they differ from
 * what this tool writes, so the docs cannot drift from the names the program prints. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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
    int skipping = 0, tables = 0;
    for (char *line = text; *line;) {
        char *end = strchr(line, '\n');
        size_t len = end ? (size_t)(end - line + 1) : strlen(line);
        if (skipping && line[0] == '|') { /* a line of the old table */
            line += len;
            continue;
        }
        skipping = 0;
        fwrite(line, 1, len, out);
        if (!strncmp(line, "<!-- names_doc: diagnostic kinds -->\n", len)) {
            diag_kinds(out);
            skipping = 1;
            tables++;
        } else if (!strncmp(line, "<!-- names_doc: stall reasons -->\n", len)) {
            stall_reasons(out);
            skipping = 1;
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
    return 0;
}
