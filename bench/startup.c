/* Start-up time of warpsim (issue 14: a shuffle question and a one-warp run under 1 ms): the
 * minimum wall time of N runs (default 20) of each case, for each warpsim given, side by side.
 *
 * usage: warpsim-startup [-n N] WARPSIM [WARPSIM...]   (run from the repository root)
 *
 * Each run is posix_spawn to waitpid with stdout and stderr on /dev/null; /bin/true is timed the
 * same way as the floor that spawning alone costs on this machine. The minimum is the figure least
 * disturbed by other work on a shared machine. The binaries take turns run by run (true, A, B,
 * true, A, B, ...), so a burst of load elsewhere falls on all of them alike rather than on the one
 * timed during it; the load average before and after is printed with the figures. A C program
 * rather than a script: Python's own posix_spawn costs about 0.25 ms more than this one's, which
 * hid what warpsim itself costs. */
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static const char *const SHFL[] = {"shfl", "down", "3", "--width", "8", NULL};
static const char *const RUN[] = {"run", "programs/warp_reduce_down.ptx", "@programs/warp_reduce_down.args", NULL};
static const struct {
    const char *name;
    const char *const *words;
} CASES[] = {
    {"shfl down 3 --width 8", SHFL},
    {"run warp_reduce_down (1 warp)", RUN},
};

static double now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec * 1e3 + (double)t.tv_nsec / 1e6;
}

/* The wall time of one run of `prog words...`, in ms; exits when the run fails. */
static double run_ms(const char *prog, const char *const *words, const posix_spawn_file_actions_t *acts)
{
    char *argv[16];
    int argc = 0;
    argv[argc++] = (char *)prog;
    for (int i = 0; words[i] && argc < 15; i++)
        argv[argc++] = (char *)words[i];
    argv[argc] = NULL;
    double t = now_ms();
    pid_t pid;
    if (posix_spawn(&pid, prog, acts, NULL, argv, environ) != 0) {
        fprintf(stderr, "warpsim-startup: cannot start %s\n", prog);
        exit(1);
    }
    int status;
    if (waitpid(pid, &status, 0) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) {
        fprintf(stderr, "warpsim-startup: %s %s: failed (status %d)\n", prog, words[0] ? words[0] : "", status);
        exit(1);
    }
    return now_ms() - t;
}

static void print_load(const char *when)
{
    double load[3];
    if (getloadavg(load, 3) == 3)
        printf("load average %s: %.2f %.2f %.2f\n", when, load[0], load[1], load[2]);
}

enum { MAX_BINARIES = 8 };

int main(int argc, char **argv)
{
    int n = 20, first = 1;
    if (argc > 2 && strcmp(argv[1], "-n") == 0) {
        n = atoi(argv[2]);
        first = 3;
    }
    int count = argc - first;
    if (count < 1 || count > MAX_BINARIES || n < 1) {
        fprintf(stderr,
                "usage: warpsim-startup [-n N] WARPSIM [WARPSIM...]   (run from the repository root; at "
                "most %d binaries)\n",
                MAX_BINARIES);
        return 2;
    }
    posix_spawn_file_actions_t acts;
    posix_spawn_file_actions_init(&acts);
    posix_spawn_file_actions_addopen(&acts, 1, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&acts, 2, "/dev/null", O_WRONLY, 0);
    static const char *const NONE[] = {NULL};
    print_load("before");
    printf("minimum wall time of %d runs, ms (the binaries take turns run by run)\n%-32s", n, "");
    for (int b = first; b < argc; b++) {
        size_t len = strlen(argv[b]);
        printf("%36s", len > 34 ? argv[b] + len - 34 : argv[b]);
    }
    double floor_ms = 1e300;
    for (size_t c = 0; c < sizeof CASES / sizeof CASES[0]; c++) {
        double best[MAX_BINARIES];
        for (int b = 0; b < count; b++)
            best[b] = 1e300;
        for (int r = 0; r < n; r++) {
            double t = run_ms("/bin/true", NONE, &acts);
            floor_ms = t < floor_ms ? t : floor_ms;
            for (int b = 0; b < count; b++) {
                t = run_ms(argv[first + b], CASES[c].words, &acts);
                best[b] = t < best[b] ? t : best[b];
            }
        }
        if (c == 0)
            printf("\n");
        printf("%-32s", CASES[c].name);
        for (int b = 0; b < count; b++)
            printf("%36.3f", best[b]);
        if (count > 1)
            printf("   (%.2fx)", best[0] / best[count - 1]);
        printf("\n");
    }
    printf("%-32s%36.3f\n", "/bin/true (spawn floor)", floor_ms);
    print_load("after");
    posix_spawn_file_actions_destroy(&acts);
    return 0;
}
