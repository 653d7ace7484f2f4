/* libFuzzer target: the run specification (cli/launch.c).
 *
 * The first byte picks what the rest is:
 *   0: one SPEC word ([LABEL=]TYPE[N][:INIT] or TYPE:VALUE), for ws_launch_parse_spec;
 *   1: an ARGSFILE's text, written to a scratch file and read with ws_launch_load_argsfile
 *      (the library reads ARGSFILEs by path: @FILE and file:PATH inside resolve next to it);
 *   2: command-line words separated by NUL or newline, for ws_launch_parse_arg;
 *   3: a --preset file's text, for ws_preset_check (its message formatted into a short buffer too).
 * Every error is formatted (with and without the source line) and the launch freed.
 * Paths: an input holding '/' is skipped, so nothing outside the scratch folder is read
 * (file:/dev/stdin would block). */
#include "launch.h"
#include "warpsim/warpsim.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char scratch[256];

static const char *scratch_file(void)
{
    if (!scratch[0]) {
        char dir[] = "/tmp/warpsim-fuzz-XXXXXX";
        if (!mkdtemp(dir))
            return NULL;
        snprintf(scratch, sizeof scratch, "%s/in.args", dir);
    }
    return scratch;
}

static void report(const ws_launch_error *err)
{
    char buf[4096];
    ws_launch_error_format(err, true, buf, sizeof buf);
    ws_launch_error_format(err, false, buf, 64);
    ws_launch_error_format(err, true, buf, 1);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    if (size < 1 || size > 1 << 14 || memchr(data, '/', size))
        return 0;
    int mode = data[0] % 4;
    data++;
    size--;
    if (mode == 3) {
        char *text = malloc(size + 1), why[256], small[8];
        if (!text)
            return 0;
        memcpy(text, data, size);
        text[size] = 0;                         /* a NUL inside ends the text, as reading a --preset file does */
        ws_preset_check(text, why, sizeof why); /* ASan and UBSan watch the reading and the message */
        ws_preset_check(text, small, sizeof small);
        free(text);
        return 0;
    }
    ws_launch l;
    ws_launch_init(&l);
    ws_launch_error err;
    memset(&err, 0, sizeof err);
    if (mode == 0) {
        char *spec = malloc(size + 1);
        if (!spec)
            return 0;
        memcpy(spec, data, size);
        spec[size] = 0;
        if (ws_launch_parse_spec(&l, spec, NULL, 3, 1, &err) < 0)
            report(&err);
        if (ws_launch_parse_spec(&l, spec, "dir.args", 7, 5, &err) < 0)
            report(&err);
        free(spec);
    } else if (mode == 1) {
        const char *path = scratch_file();
        FILE *f = path ? fopen(path, "wb") : NULL;
        if (!f)
            return 0;
        fwrite(data, 1, size, f);
        fclose(f);
        if (ws_launch_load_argsfile(&l, path, &err) < 0)
            report(&err);
        if (ws_launch_validate(&l, &err) < 0)
            report(&err);
    } else {
        char *text = malloc(size + 1);
        char **argv = malloc((size + 2) * sizeof *argv);
        if (!text || !argv) {
            free(text);
            free(argv);
            return 0;
        }
        memcpy(text, data, size);
        text[size] = 0;
        int argc = 0;
        argv[argc++] = "warpsim";
        for (char *p = text; p < text + size;) {
            argv[argc++] = p;
            while (p < text + size && *p && *p != '\n')
                p++;
            *p++ = 0;
        }
        argv[argc] = NULL;
        for (int i = 1; i < argc;) {
            int r = ws_launch_parse_arg(&l, argc, argv, &i, &err);
            if (r < 0) {
                report(&err);
                break;
            }
            if (r == 0)
                i++; /* a word that is not ours */
        }
        free(text);
        free(argv);
    }
    ws_launch_free(&l);
    return 0;
}
