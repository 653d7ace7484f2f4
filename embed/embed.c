/* embed: `warpsim run` and the viewer's frames as one call (embed.h). */
#include "embed.h"
#include "commands.h"
#include "nvrtc.h"

#include <fcntl.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

int ws_embed_main(int argc, char **argv)
{
    ws_cu_options_reset(); /* --ptx-out and --cu-opt of an earlier call point into its words */
    if (argc >= 2 && !strcmp(argv[1], "run"))
        return cmd_run(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "frames"))
        return viz_frames_main(argc - 1, argv + 1);
    if (argc >= 2 && !strcmp(argv[1], "--version")) {
        printf("warpsim 0.1.0\n");
        return 0;
    }
    fprintf(stderr, "warpsim: error: in-process warpsim runs `run` and `frames`, not '%s'\n", argc >= 2 ? argv[1] : "");
    return 2;
}

/* Points descriptor fd at path; returns a copy of what it was, or -1. */
static int redirect(int fd, const char *path)
{
    int file = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (file < 0)
        return -1;
    int saved = dup(fd);
    if (saved < 0 || dup2(file, fd) < 0) {
        if (saved >= 0)
            close(saved);
        close(file);
        return -1;
    }
    close(file);
    return saved;
}

static void restore(int fd, int saved)
{
    dup2(saved, fd);
    close(saved);
}

int ws_embed_call(int argc, char **argv, const char *out_path, const char *err_path)
{
    fflush(stdout);
    fflush(stderr);
    int out = redirect(1, out_path);
    if (out < 0)
        return -1;
    int err = redirect(2, err_path);
    if (err < 0) {
        restore(1, out);
        return -1;
    }
    int status = ws_embed_main(argc, argv);
    fflush(stdout);
    fflush(stderr);
    restore(2, err);
    restore(1, out);
    return status;
}
