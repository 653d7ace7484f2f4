/* warpsim: the command-line front end. Thin glue: each verb lives in its own file. */
#include "commands.h"

#include <stdio.h>
#include <string.h>

static const struct {
    const char *name;
    int (*run)(int argc, char **argv);
    const char *summary;
} verbs[] = {
    {"run", cmd_run, "run a kernel: warpsim run FILE.ptx [@ARGS] [--trace] [--json]"},
    {"shfl", cmd_shfl, "what one shfl.sync does, lane by lane: warpsim shfl down 16 [--width W]"},
    {"vote", cmd_vote, "what one vote.sync does: warpsim vote ballot --pred LANES [--mask M]"},
    {"match", cmd_match, "what one match.sync does: warpsim match any --values V0,V1,..."},
    {"step", cmd_step, "walk a run one instruction at a time (commands on stdin): warpsim step FILE.ptx [@ARGS]"},
    {"bench", cmd_bench,
     "simulation speed on a fixed set of kernels: warpsim bench [--json] [--quick] [--jobs N] [--peer numba]"},
    {"print", cmd_print, "parse a PTX file and print it back: warpsim print FILE.ptx"},
    {"exec", cmd_exec, "run a CUDA program (nvcc -cudart shared) with its kernels on warpsim: warpsim exec ./app [ARGS]"},
#ifdef WARPSIM_HAVE_VIZ
    {"viz", cmd_viz, "watch a warp run, or render it: warpsim viz FILE.ptx [@ARGS] [--png DIR] [--gif F]"},
#endif
};

static void usage(FILE *f)
{
    fprintf(f, "usage: warpsim VERB [ARGS]\n\nverbs:\n");
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        fprintf(f, "  %-7s %s\n", verbs[i].name, verbs[i].summary);
    fprintf(f, "\nexit status: 0 success, 1 kernel diagnostic treated as error, 2 bad input,\n"
               "3 limit reached, 4 internal error\n");
}

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        usage(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("warpsim 0.1.0\n");
        return 0;
    }
    for (size_t i = 0; i < sizeof verbs / sizeof verbs[0]; i++)
        if (!strcmp(argv[1], verbs[i].name))
            return verbs[i].run(argc - 1, argv + 1);
    fprintf(stderr, "warpsim: unknown verb '%s'\n", argv[1]);
    usage(stderr);
    return 2;
}
