/* warpsim exec [options] PROGRAM [ARGS...]: runs a CUDA program with its kernels on warpsim.
 *
 * The program must be built with `nvcc -cudart shared` (it then loads libcudart.so.13 when it
 * starts); exec puts warpsim's runtime (runtime/, built as build/.../cudart/libcudart.so.13)
 * in place of NVIDIA's with LD_PRELOAD and LD_LIBRARY_PATH and replaces itself with the
 * program, so the exit status is the program's. The options reach the runtime through the
 * environment: WARPSIM_MODE, WARPSIM_WERROR, WARPSIM_MAX_INSTRUCTIONS, WARPSIM_MAX_OUTPUT, WARPSIM_PTX_DIR (the
 * same variables work with a plain LD_PRELOAD). A program built with nvcc's default static
 * runtime, or for another CUDA major version, is refused with the command that fixes it. */
#include "commands.h"
#include "options.h"
#include "elf_needed.h"
#include "find_beside.h"

#include <errno.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef WARPSIM_CUDART_INSTALL_DIR
#define WARPSIM_CUDART_INSTALL_DIR "/usr/local/lib/warpsim"
#endif

/* warpsim's libcudart.so.13: $WARPSIM_CUDART, beside this binary in a build tree (cudart/), or
 * where `cmake --install` puts it. */
static int find_runtime(char *out, size_t cap)
{
    const char *env = getenv("WARPSIM_CUDART");
    if (env && *env) {
        snprintf(out, cap, "%s", env);
        return access(out, R_OK);
    }
    static const char *const beside[] = {"cudart/libcudart.so.13", "../lib/warpsim/libcudart.so.13", NULL};
    return cli_find_beside(out, cap, beside, WARPSIM_CUDART_INSTALL_DIR "/libcudart.so.13", R_OK);
}

static int prepend_env(const char *name, const char *value, char sep)
{
    const char *old = getenv(name);
    size_t n = strlen(value) + (old ? strlen(old) : 0) + 2;
    char *v = malloc(n);
    if (!v)
        return -1;
    if (old && *old)
        snprintf(v, n, "%s%c%s", value, sep, old);
    else
        snprintf(v, n, "%s", value);
    int rc = setenv(name, v, 1);
    free(v);
    return rc;
}

/* PROGRAM as execvp will find it, for reading its ELF header. */
static void resolve_program(const char *prog, char *out, size_t cap)
{
    snprintf(out, cap, "%s", prog);
    if (strchr(prog, '/'))
        return;
    const char *path = getenv("PATH");
    for (const char *p = path ? path : ""; *p;) {
        size_t n = strcspn(p, ":");
        snprintf(out, cap, "%.*s/%s", (int)n, p, prog);
        if (access(out, X_OK) == 0)
            return;
        p += n + (p[n] == ':');
    }
    snprintf(out, cap, "%s", prog);
}

int cmd_exec(int argc, char **argv)
{
    int i = 1;
    while (i < argc && argv[i][0] == '-') {
        if (!strcmp(argv[i], "--")) {
            i++;
            break;
        }
        const char *v;
        switch (cli_option_next(CLI_VERB_EXEC, argc, argv, &i, &v)) {
        case CLI_HELP: return WS_OK;
        case EXEC_MODE:
            if (strcmp(v, "timing") && strcmp(v, "functional")) {
                fprintf(stderr, "warpsim: error: --mode takes 'timing' (the default) or 'functional', found '%s'\n", v);
                return WS_ERR_INPUT;
            }
            setenv("WARPSIM_MODE", v, 1);
            break;
        case EXEC_WERROR: setenv("WARPSIM_WERROR", "1", 1); break;
        case EXEC_MAX_INSTRUCTIONS: {
            char *end;
            if (strtoull(v, &end, 0) == 0 || *end || v[0] == '-') {
                fprintf(stderr, "warpsim: error: --max-instructions takes a positive number, found '%s'\n", v);
                return WS_ERR_INPUT;
            }
            setenv("WARPSIM_MAX_INSTRUCTIONS", v, 1);
            break;
        }
        case EXEC_MAX_OUTPUT: {
            char *end;
            unsigned long long n = strtoull(v, &end, 0);
            if (n == 0 || *end || v[0] == '-' || n > WS_MAX_OUTPUT_LIMIT) {
                fprintf(stderr, "warpsim: error: --max-output takes a number of bytes from 1 to %llu, found '%s'\n",
                        (unsigned long long)WS_MAX_OUTPUT_LIMIT, v);
                return WS_ERR_INPUT;
            }
            setenv("WARPSIM_MAX_OUTPUT", v, 1);
            break;
        }
        case EXEC_PTX_DIR: setenv("WARPSIM_PTX_DIR", v, 1); break;
        default: return WS_ERR_INPUT;
        }
    }
    if (i >= argc) {
        cli_usage(stderr, CLI_VERB_EXEC);
        return WS_ERR_INPUT;
    }
    char prog[PATH_MAX], needed[4096], lib[PATH_MAX];
    resolve_program(argv[i], prog, sizeof prog);
    if (access(prog, X_OK) != 0) {
        fprintf(stderr, "warpsim: error: cannot run %s: %s\n", argv[i], strerror(errno));
        return WS_ERR_INPUT;
    }
    if (ws_elf_needed(prog, needed, sizeof needed) == 0 && !strstr(needed, "libcudart.so.13\n")) {
        const char *other = strstr(needed, "libcudart.so.");
        if (other)
            fprintf(stderr,
                    "warpsim: error: %s uses %.*s, another CUDA version's runtime; warpsim provides CUDA 13's "
                    "libcudart.so.13: rebuild it with nvcc 13 and -cudart shared\n",
                    argv[i], (int)strcspn(other, "\n"), other);
        else
            fprintf(stderr,
                    "warpsim: error: %s does not load libcudart.so.13: a CUDA program built with nvcc's default "
                    "static runtime cannot take warpsim's; rebuild it with `nvcc -cudart shared ...`\n",
                    argv[i]);
        return WS_ERR_INPUT;
    }
    if (find_runtime(lib, sizeof lib) != 0) {
        fprintf(stderr,
                "warpsim: error: warpsim's CUDA runtime %s is missing (build the target warpsim_cudart, or "
                "set WARPSIM_CUDART to its path)\n",
                lib);
        return WS_ERR_INTERNAL;
    }
    char dir[PATH_MAX], asan[128] = "";
    snprintf(dir, sizeof dir, "%s", lib);
    *strrchr(dir, '/') = 0;
    /* A runtime built with AddressSanitizer (the asan preset) needs ASan's library loaded before
     * any other, which the program, built without it, does not do: preload it first. */
    const char *a = ws_elf_needed(lib, needed, sizeof needed) == 0 ? strstr(needed, "libasan.so") : NULL;
    if (a)
        snprintf(asan, sizeof asan, "%.*s", (int)strcspn(a, "\n"), a);
    if (prepend_env("LD_PRELOAD", lib, ':') != 0 || (asan[0] && prepend_env("LD_PRELOAD", asan, ':') != 0) ||
        prepend_env("LD_LIBRARY_PATH", dir, ':') != 0) {
        fprintf(stderr, "warpsim: error: out of memory\n");
        return WS_ERR_INTERNAL;
    }
    fflush(NULL);
    execvp(argv[i], argv + i);
    fprintf(stderr, "warpsim: error: cannot run %s: %s\n", argv[i], strerror(errno));
    return WS_ERR_INPUT;
}
