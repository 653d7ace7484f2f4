/* warpsim: the command-line front end. Thin glue: each verb lives in its own file, and its
 * options in its table of options.c. */
#include "commands.h"
#include "options.h"

#include <stdio.h>
#include <string.h>

static int (*const verbs[CLI_VERB_COUNT])(int argc, char **argv) = {
#define CLI_VERB_FN(id, name) [CLI_VERB_##id] = cmd_##name,
    CLI_VERBS(CLI_VERB_FN)
#undef CLI_VERB_FN
};

int main(int argc, char **argv)
{
    if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") || !strcmp(argv[1], "help")) {
        cli_usage_verbs(argc < 2 ? stderr : stdout);
        return argc < 2 ? 2 : 0;
    }
    if (!strcmp(argv[1], "--version")) {
        printf("warpsim 0.1.0\n");
        return 0;
    }
    cmd_run_leave_to_exit = 1;
    for (int i = 0; i < CLI_VERB_COUNT; i++)
        if (!strcmp(argv[1], cli_verbs[i].name))
            return verbs[i](argc - 1, argv + 1);
    fprintf(stderr, "warpsim: unknown verb '%s'\n", argv[1]);
    cli_usage_verbs(stderr);
    return 2;
}
