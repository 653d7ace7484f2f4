/* warpsim bench [--json] [--quick] [--jobs N] [--peer numba] [--only NAME] [--dir ROOT]
 *
 * A fixed set of kernels, each run in the functional and in the timing mode with
 * check_uninitialized off. For each: simulated warp instructions, lane instructions and cycles
 * per second of host time, and the peak memory of the run (ru_maxrss of a forked child that
 * runs only that kernel, less the child's size when it started). With --peer numba, the same
 * kernels written for numba's CUDA simulator (bench/numba_peer.py, NUMBA_ENABLE_CUDASIM=1) run
 * in the same invocation at a size both can afford, and each kernel prints the ratio of
 * warpsim's time per launch to numba's. --speedup --jobs N runs each kernel with --jobs 1 and
 * --jobs N in turns and prints the speed-up. After the table, block_reduce's threads in blocks of
 * 1024 and of 256 side by side (bench_block_sizes). Benchmarks report; they assert nothing. */
#include "bench_args.h"
#include "commands.h"
#include "hostcount.h"
#include "hostload.h"
#include "json.h"
#include "options.h"

#include <errno.h>
#include <inttypes.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

typedef struct {
    const char *name; /* the peer script's name for it */
    const char *ptx;  /* relative to the repository root */
    const char *what;
    unsigned block; /* threads per block */
    unsigned grid, grid_quick;
    int iters, iters_quick; /* the int parameter; 0: the kernel takes (in, out) instead */
    unsigned peer_grid, peer_block;
    int peer_iters;
} bench_kernel;

static const bench_kernel kernels[] = {
    {"reduce_loop", "bench/reduce_loop.ptx", "5-step shfl_down reduction in a loop (converged)", 128, 1, 1, 200000,
     20000, 1, 32, 8},
    {"block_reduce", "programs/block_reduce.ptx", "1024-thread block reduction over many blocks", 1024, 4000, 400, 0, 0,
     1, 1024, 0},
    {"scan_loop", "bench/scan_loop.ptx", "5-step shfl_up inclusive warp scan in a loop", 128, 1, 1, 200000, 20000, 1,
     32, 8},
    {"divergent", "bench/divergent.ptx", "lane-dependent trip counts, if/else shuffles", 128, 1, 1, 100000, 10000, 1,
     32, 8},
    {"bank_conflicts", "bench/bank_conflicts.ptx", "shared memory, 1/2/8/32-way bank conflicts", 128, 1, 1, 200000,
     20000, 1, 32, 8},
};
#define NKERNELS (sizeof kernels / sizeof kernels[0])

typedef struct {
    int ok;
    double wall_s;
    uint64_t warp_insns, lane_insns, cycles, launches;
    long peak_kb;
    uint64_t checksum; /* fnv-1a of the output buffer */
    double parse_s;    /* loading the module */
    double cpu_s;      /* CPU seconds of the fastest launch (the process's own time: a busy machine's
                          other work does not count) */
    double host_insns; /* host instructions retired by that launch; -1: no counter (hostcount.h) */
    /* the rest of the machine while the launches ran (hostload.h): CPU seconds of other
     * processes, steal, and the wall seconds they were measured over */
    double others_s, steal_s, span_s;
    char message[200];
} bench_row;

/* --speedup's co-run: N one-thread launches of 1/N of the grid each, on N host threads, each on a
 * machine of its own (nothing of warpsim shared). The threads begin each launch together and wait
 * for each other at its end, as --jobs N's threads share a launch, and a launch's CPU time is the
 * sum of the threads' (CLOCK_THREAD_CPUTIME_ID): the fewest of those sums counts, the statistic
 * --jobs N gets from the process's CPU time. (Each thread's own fewest, summed, came from launches
 * that did not run at the same moment and is below what any launch of the co-run cost: on the idle
 * VM it made the co-run look 6-15% cheaper than it was, and --jobs N 0.86-0.93x of it.) */
typedef struct {
    pthread_barrier_t step; /* every thread's set-up, and each launch, ends here together */
    unsigned threads;
    atomic_int failed; /* a thread's set-up or launch failed: every thread stops */
    int more;          /* thread 0's word after a launch: another one */
    double *cpu;       /* each thread's CPU seconds of the launch that ended */
} corun_group;

/* After a co-run thread's set-up (ok: it went well): waits for every thread; whether all went well. */
static int corun_ready(corun_group *grp, int ok)
{
    if (!ok)
        atomic_store(&grp->failed, 1);
    pthread_barrier_wait(&grp->step);
    return !atomic_load(&grp->failed);
}

/* After co-run thread `seat`'s launch (cpu: its CPU seconds; ok: it succeeded; more: thread 0's
 * decision to launch again, the others' is not read): waits for every thread's launch. Returns the
 * launch's CPU seconds, all threads', or -1 when one failed; *more: thread 0's decision. */
static double corun_launched(corun_group *grp, unsigned seat, double cpu, int ok, int *more)
{
    grp->cpu[seat] = cpu;
    if (!ok)
        atomic_store(&grp->failed, 1);
    if (seat == 0)
        grp->more = *more;
    pthread_barrier_wait(&grp->step);
    double sum = 0;
    for (unsigned t = 0; t < grp->threads; t++)
        sum += grp->cpu[t];
    *more = grp->more;
    int failed = atomic_load(&grp->failed);
    pthread_barrier_wait(&grp->step); /* every thread has read them: the next launch may write them */
    return failed ? -1 : sum;
}

/* --simd and --variants: the interpreter's variant and the fast paths turned off, for every run */
static const char *run_simd;
static unsigned run_slow;
/* --speedup: exactly this many launches a measurement, whatever they take (0: as many as fit in
 * min_s): the fewest CPU seconds of a side must not come from more tries than the other sides' */
static unsigned run_launches;

static double cpu_now_s(clockid_t clock)
{
    struct timespec t;
    clock_gettime(clock, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static double now_s(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + ts.tv_nsec * 1e-9;
}

static uint64_t fnv1a(const void *p, size_t n, uint64_t h)
{
    const uint8_t *b = p;
    for (size_t i = 0; i < n; i++)
        h = (h ^ b[i]) * 0x100000001b3ull;
    return h;
}

/* --scaling: a generated kernel (PTX text) instead of bk->ptx */
static const char *gen_ptx;

/* A kernel (out, iters) whose loop body is `len` dependent adds: program length scaling. */
static char *straight_line_ptx(unsigned len)
{
    size_t cap = 1024 + (size_t)len * 40, n = 0;
    char *t = malloc(cap);
    if (!t)
        return NULL;
    n += (size_t)snprintf(t + n, cap - n,
                          ".version 8.0\n.target sm_90\n.address_size 64\n"
                          ".visible .entry straight(.param .u64 out, .param .u32 iters)\n{\n"
                          ".reg .pred %%p<2>;\n.reg .b32 %%r<8>;\n.reg .b64 %%rd<4>;\n"
                          "ld.param.u64 %%rd1, [out];\nld.param.u32 %%r1, [iters];\nmov.u32 %%r2, %%tid.x;\n"
                          "mov.u32 %%r3, 0;\n$L_loop:\n");
    for (unsigned i = 0; i < len; i++)
        n += (size_t)snprintf(t + n, cap - n, "add.u32 %%r2, %%r2, %u;\n", i & 7);
    snprintf(t + n, cap - n,
             "add.u32 %%r3, %%r3, 1;\nsetp.lt.u32 %%p1, %%r3, %%r1;\n@%%p1 bra $L_loop;\n"
             "mov.u32 %%r4, %%tid.x;\nmul.wide.u32 %%rd2, %%r4, 4;\nadd.s64 %%rd3, %%rd1, %%rd2;\n"
             "st.global.u32 [%%rd3], %%r2;\nret;\n}\n");
    return t;
}

/* One configuration of one kernel, launched as many times as fit in min_s seconds (two at least).
 * grp: seat `seat` of a co-run (corun_group: the threads' launches in step; the CPU time of all
 * of them counts, on seat 0's row), or NULL. */
static void run_one(const char *root, const bench_kernel *bk, ws_mode mode, unsigned grid, unsigned block, int iters,
                    unsigned jobs, double min_s, corun_group *grp, unsigned seat, bench_row *row)
{
    memset(row, 0, sizeof *row);
    char path[4096];
    snprintf(path, sizeof path, "%s/%s", root, bk->ptx);
    ws_parse_error perr;
    double tp = now_s();
    ws_module *m =
        gen_ptx ? ws_module_parse(gen_ptx, strlen(gen_ptx), "generated.ptx", &perr) : ws_module_load(path, &perr);
    row->parse_s = now_s() - tp;
    if (!m) {
        snprintf(row->message, sizeof row->message, "%.80s: %.100s", path, perr.message);
        if (grp)
            corun_ready(grp, 0);
        return;
    }
    const ws_kernel *k = ws_module_kernel(m, NULL);
    ws_config cfg;
    memset(&cfg, 0, sizeof cfg);
    cfg.mode = mode;
    cfg.check_uninitialized = false;
    cfg.max_warp_instructions = UINT64_MAX / 2;
    cfg.jobs = jobs;
    cfg.simd = run_simd;
    cfg.slow_paths = run_slow;
    ws_sim *sim = ws_sim_create(&cfg);
    uint8_t params[64];
    size_t out_bytes;
    uint64_t a_out = bench_launch_args(sim, m, k, grid, block, bk->iters ? iters : 0, params, &out_bytes);
    if (!a_out)
        snprintf(row->message, sizeof row->message, "%.150s: cannot set up the launch", path);
    if (grp && !corun_ready(grp, a_out != 0) && a_out)
        snprintf(row->message, sizeof row->message, "another thread of the co-run failed");
    if (!a_out || *row->message)
        goto done;
    unsigned g[3] = {grid, 1, 1}, b[3] = {block, 1, 1};
    host_load l0, l1;
    host_load_read(&l0);
    double t0 = now_s(), cpu0 = cpu_now_s(CLOCK_PROCESS_CPUTIME_ID), best = 1e300;
    int counter = grp ? -1 : host_counter_open();
    row->cpu_s = 1e300;
    row->host_insns = counter < 0 ? -1 : 1e300;
    /* another launch (a co-run: seat 0's decision, corun_launched) */
    int more;
    do { /* the fastest launch counts: the machine may be busy with other work now and then */
        /* the wall clock innermost: the CPU clocks and the counter are system calls (some 0.7 us
         * each on a VM), which a launch of a few microseconds must not count */
        double q1 = cpu_now_s(CLOCK_PROCESS_CPUTIME_ID), c1 = cpu_now_s(CLOCK_THREAD_CPUTIME_ID);
        uint64_t h1 = host_counter_read(counter);
        double t1 = now_s();
        ws_result res;
        ws_status st = ws_sim_launch(sim, m, k, g, b, params, k->param_bytes, &res);
        double t2 = now_s();
        uint64_t h2 = host_counter_read(counter);
        double c2 = cpu_now_s(CLOCK_THREAD_CPUTIME_ID), q2 = cpu_now_s(CLOCK_PROCESS_CPUTIME_ID);
        double cpu = q2 - q1; /* --jobs N: the process's time is all its threads' */
        more = run_launches ? row->launches + 1 < run_launches : now_s() - t0 < min_s || row->launches + 1 < 2;
        if (grp && (cpu = corun_launched(grp, seat, c2 - c1, st == WS_OK, &more)) < 0 && st == WS_OK) {
            snprintf(row->message, sizeof row->message, "another thread of the co-run failed");
            ws_result_free(&res);
            goto done;
        }
        if (cpu < row->cpu_s)
            row->cpu_s = cpu;
        if (counter >= 0 && (double)(h2 - h1) < row->host_insns)
            row->host_insns = (double)(h2 - h1);
        if (st != WS_OK) {
            snprintf(row->message, sizeof row->message, "launch failed (%d): %.170s", (int)st, res.message);
            ws_result_free(&res);
            host_counter_close(counter);
            goto done;
        }
        if (t2 - t1 < best)
            best = t2 - t1;
        row->warp_insns = res.stats.warp_instructions; /* every launch does the same work */
        row->lane_insns = res.stats.lane_instructions;
        row->cycles = res.stats.cycles;
        row->launches++;
        ws_result_free(&res);
    } while (more);
    double t9 = now_s(), cpu9 = cpu_now_s(CLOCK_PROCESS_CPUTIME_ID);
    host_load_read(&l1);
    if (l0.ok && l1.ok) { /* what the machine did besides this process, over the launches */
        row->others_s = (l1.busy_s - l0.busy_s) - (cpu9 - cpu0);
        row->steal_s = l1.steal_s - l0.steal_s;
        row->span_s = t9 - t0;
    }
    row->wall_s = best; /* seconds per launch */
    host_counter_close(counter);
    uint8_t *out = malloc(out_bytes);
    if (out && ws_sim_read(sim, a_out, out, out_bytes) == 0)
        row->checksum = fnv1a(out, out_bytes, 0xcbf29ce484222325ull);
    free(out);
    row->ok = 1;
done:
    ws_sim_destroy(sim);
    ws_module_free(m);
}

typedef struct {
    const char *root;
    const bench_kernel *bk;
    ws_mode mode;
    unsigned grid, block;
    int iters;
    double min_s;
    corun_group *grp;
    unsigned seat;
    pthread_mutex_t *gate; /* held while the threads are created: then whether they all were */
    bench_row row;
} corun_thread;

static void *corun_main(void *arg)
{
    corun_thread *t = arg;
    pthread_mutex_lock(t->gate);
    unsigned threads = t->grp->threads;
    pthread_mutex_unlock(t->gate);
    if (threads) /* 0: a thread could not be created, the co-run is off */
        run_one(t->root, t->bk, t->mode, t->grid, t->block, t->iters, 1, t->min_s, t->grp, t->seat, &t->row);
    return NULL;
}

/* The co-run: n host threads, each launching its share of the grid (grid / n blocks, one more for
 * the first grid % n) with --jobs 1 on a machine of its own, the launches in step. The row's CPU
 * time is the fewest of a launch's, all threads' (corun_group): what n threads that share nothing
 * of warpsim cost on this machine at this moment (its cores' shared caches, memory and clocks, and
 * whatever else runs on it). n is at most grid. */
static void run_corun(const char *root, const bench_kernel *bk, ws_mode mode, unsigned grid, unsigned block, int iters,
                      unsigned n, double min_s, bench_row *row)
{
    corun_group grp = {.threads = n};
    pthread_mutex_t gate = PTHREAD_MUTEX_INITIALIZER;
    corun_thread *t = calloc(n, sizeof *t);
    pthread_t *th = calloc(n, sizeof *th);
    double *cpu = calloc(n, sizeof *cpu);
    memset(row, 0, sizeof *row);
    if (!t || !th || !cpu || pthread_barrier_init(&grp.step, NULL, n) != 0) {
        snprintf(row->message, sizeof row->message, "out of memory");
        free(t);
        free(th);
        free(cpu);
        return;
    }
    grp.cpu = cpu;
    atomic_init(&grp.failed, 0);
    unsigned started = 1;
    for (unsigned i = 0; i < n; i++)
        t[i] = (corun_thread){root, bk, mode, grid / n + (i < grid % n), block, iters, min_s, &grp, i, &gate, {0}};
    pthread_mutex_lock(&gate);
    for (; started < n; started++)
        if (pthread_create(&th[started], NULL, corun_main, &t[started]) != 0)
            break;
    if (started < n) { /* the threads that started leave at the gate */
        grp.threads = 0;
        snprintf(t[0].row.message, sizeof t[0].row.message, "cannot start the co-run's threads");
    }
    pthread_mutex_unlock(&gate);
    if (started == n)
        corun_main(&t[0]);
    for (unsigned i = 1; i < started; i++)
        pthread_join(th[i], NULL);
    pthread_barrier_destroy(&grp.step);
    /* seat 0's row: the launches' CPU time (all threads'), the machine's load as it saw it (the
     * process's CPU time taken off) */
    *row = t[0].row;
    for (unsigned i = 1; i < n && row->ok; i++) {
        const bench_row *r = &t[i].row;
        if (!r->ok) {
            *row = *r;
            break;
        }
        row->wall_s = r->wall_s > row->wall_s ? r->wall_s : row->wall_s;
        row->warp_insns += r->warp_insns;
        row->lane_insns += r->lane_insns;
    }
    free(t);
    free(th);
    free(cpu);
}

/* Runs run_one (corun > 1: run_corun) in a forked child so that ru_maxrss is this run's own peak. */
static void run_child(const char *root, const bench_kernel *bk, ws_mode mode, unsigned grid, unsigned block, int iters,
                      unsigned jobs, unsigned corun, double min_s, bench_row *row)
{
    int fd[2];
    fflush(stdout);
    if (pipe(fd) != 0) {
        if (corun > 1)
            run_corun(root, bk, mode, grid, block, iters, corun, min_s, row);
        else
            run_one(root, bk, mode, grid, block, iters, jobs, min_s, NULL, 0, row);
        return;
    }
    pid_t pid = fork();
    if (pid == 0) {
        close(fd[0]);
        struct rusage ru0, ru1;
        getrusage(RUSAGE_SELF, &ru0);
        bench_row r;
        if (corun > 1)
            run_corun(root, bk, mode, grid, block, iters, corun, min_s, &r);
        else
            run_one(root, bk, mode, grid, block, iters, jobs, min_s, NULL, 0, &r);
        getrusage(RUSAGE_SELF, &ru1);
        r.peak_kb = ru1.ru_maxrss - ru0.ru_maxrss;
        ssize_t n = write(fd[1], &r, sizeof r);
        _exit(n == (ssize_t)sizeof r ? 0 : 1);
    }
    close(fd[1]);
    memset(row, 0, sizeof *row);
    ssize_t got = pid > 0 ? read(fd[0], row, sizeof *row) : -1;
    close(fd[0]);
    if (pid > 0)
        waitpid(pid, NULL, 0);
    if (got != (ssize_t)sizeof *row) {
        memset(row, 0, sizeof *row);
        snprintf(row->message, sizeof row->message, "the measuring child failed");
    }
}

static void run_measured(const char *root, const bench_kernel *bk, ws_mode mode, unsigned grid, unsigned block,
                         int iters, unsigned jobs, double min_s, bench_row *row)
{
    run_child(root, bk, mode, grid, block, iters, jobs, 0, min_s, row);
}

/* --speedup: the same grid with --jobs 1, as a co-run and with --jobs N, measured in turns (rounds
 * of the three, short ones, the fewest CPU seconds of each side counting) so that a busy moment of
 * the machine falls on all alike. Prints the wall speed-up (fastest launches) and whether the
 * output bytes agree, and the CPU-time scaling: N x (CPU seconds of a launch with --jobs 1) / (CPU
 * seconds of all threads of a launch with --jobs N). A job elsewhere that takes a core away shows
 * in the wall time, not in the threads' CPU time (with the VM's steal not counted either: Linux
 * takes it off a thread's time); what else does count is what running N threads at once costs on
 * this machine, with or without warpsim: the cores' shared caches, memory and clocks, which the
 * other jobs load too. So the co-run (run_corun: N threads with 1/N of the grid each, sharing
 * nothing, launching in step) is measured beside it: the co-run scaling is the machine's own, and jobs N against the
 * co-run is what warpsim's threads add to it (1.00x: nothing). And the rest of the machine during
 * each side's launches: the cores other processes used, and the steal. */
enum { SPEEDUP_ROUNDS = 5 };

static void bench_speedup(const char *root, const bench_kernel *bk, ws_mode mode, unsigned grid, int iters,
                          unsigned jobs, double min_s)
{
    /* side 0: --jobs 1; 1: the co-run of N threads; 2: --jobs N */
    bench_row best[3], r;
    double cpu[3] = {1e300, 1e300, 1e300}, others[3] = {0}, span[3] = {0}, steal = 0;
    unsigned corun = jobs < grid ? jobs : grid;
    memset(best, 0, sizeof best);
    run_launches = 0; /* the first measurement (--jobs 1) sets the number of launches of every one */
    for (int round = 0; round < SPEEDUP_ROUNDS; round++)
        for (int side = 0; side < 3; side++) {
            if (side == 1 && corun < 2)
                continue;
            run_child(root, bk, mode, grid, bk->block, iters, side == 2 ? jobs : 1, side == 1 ? corun : 0, min_s / 3, &r);
            if (!r.ok) {
                printf("%-15s %-10s  error: %s\n", bk->name, ws_mode_name(mode), r.message);
                run_launches = 0;
                return;
            }
            if (!run_launches)
                run_launches = (unsigned)r.launches;
            if (!best[side].ok || r.wall_s < best[side].wall_s)
                best[side] = r;
            cpu[side] = r.cpu_s < cpu[side] ? r.cpu_s : cpu[side];
            others[side] += r.others_s;
            span[side] += r.span_s;
            steal += r.steal_s;
        }
    char co[16] = "-", vs[16] = "-", load[48];
    if (corun >= 2) {
        snprintf(co, sizeof co, "%.2fx", corun * cpu[0] / cpu[1]);
        if (corun == jobs)
            snprintf(vs, sizeof vs, "%.2fx", cpu[1] / cpu[2]);
    }
    double all = span[0] + span[1] + span[2];
    if (all > 0)
        snprintf(load, sizeof load, "%.2f/%.2f/%.2f %6.2f", span[0] > 0 ? others[0] / span[0] : 0.0,
                 span[1] > 0 ? others[1] / span[1] : 0.0, span[2] > 0 ? others[2] / span[2] : 0.0, steal / all);
    else
        snprintf(load, sizeof load, "- -");
    printf("%-15s %-10s %8ux%-5u %9.3f %9.3f %8.2fx %10.2fx %9s %9s %-4s %s\n", bk->name, ws_mode_name(mode), grid,
           bk->block, best[0].wall_s, best[2].wall_s, best[0].wall_s / best[2].wall_s, jobs * cpu[0] / cpu[2], co, vs,
           best[0].checksum == best[2].checksum ? "yes" : "NO", load);
    fflush(stdout);
    run_launches = 0;
}

/* Whether kernel bk is measured (--only), and its grid and loop count (--blocks, --quick). */
static int bench_size(const bench_kernel *bk, const char *only, unsigned blocks, int quick, unsigned *grid, int *iters)
{
    *grid = blocks ? blocks : quick ? bk->grid_quick : bk->grid;
    *iters = quick ? bk->iters_quick : bk->iters;
    return !only || !strcmp(only, bk->name);
}

/* Host instructions per lane instruction, or "-" without a counter */
static const char *per_lane(const bench_row *r, char *buf, size_t n)
{
    if (r->host_insns < 0 || !r->lane_insns)
        return "-";
    snprintf(buf, n, "%.3g", r->host_insns / (double)r->lane_insns);
    return buf;
}

/* --variants: each kernel in the functional mode with the decoded interpreter off (--slow-path
 * interp) and with each SIMD variant this build and CPU have, side by side in one run: lane
 * instructions per second of wall time and of the process's CPU time (which another job on a
 * busy machine does not inflate), host instructions per lane instruction where the CPU counts
 * them, the speed-up over the interpreter off (CPU time), and whether the output is the same. */
static void bench_variants(const char *root, const char *only, unsigned blocks, int quick, unsigned jobs)
{
    printf("%-15s %-10s %11s %12s %12s %10s %9s %s\n", "kernel", "variant", "grid x blk", "lane insn/s", "cpu lane/s",
           "host/lane", "speed-up", "same result");
    for (size_t i = 0; i < NKERNELS; i++) {
        const bench_kernel *bk = &kernels[i];
        unsigned grid;
        int iters;
        if (!bench_size(bk, only, blocks, quick, &grid, &iters))
            continue;
        char gb[32], hb[32];
        snprintf(gb, sizeof gb, "%ux%u", grid, bk->block);
        bench_row off, r;
        for (int v = -1; v < 0 || ws_simd_variant((unsigned)v); v++) {
            const char *name = v < 0 ? "interp off" : ws_simd_variant((unsigned)v);
            if (v >= 0 && !ws_simd_supported(name))
                continue;
            run_simd = v < 0 ? NULL : name;
            run_slow = v < 0 ? WS_SLOW_INTERP : 0;
            bench_row *row = v < 0 ? &off : &r;
            run_measured(root, bk, WS_MODE_FUNCTIONAL, grid, bk->block, iters, jobs, quick ? 0.3 : 1.5, row);
            if (!row->ok) {
                printf("%-15s %-10s %11s  error: %s\n", bk->name, name, gb, row->message);
                break;
            }
            printf("%-15s %-10s %11s %12.4g %12.4g %10s %8.2fx %s\n", bk->name, name, gb, row->lane_insns / row->wall_s,
                   row->lane_insns / row->cpu_s, per_lane(row, hb, sizeof hb), off.cpu_s / row->cpu_s,
                   row->checksum == off.checksum ? "yes" : "NO");
            fflush(stdout);
        }
    }
    run_simd = NULL;
    run_slow = 0;
    printf(
        "speed-up: CPU time per launch with the interpreter off / with the variant; host/lane: host instructions\n"
        "per lane instruction (\"-\": this CPU or VM has no instruction counter; docs/performance.md has callgrind's)\n");
}

/* The cost per lane of block size: block_reduce's threads in blocks of 1024 and of 256 (four times
 * the blocks), side by side in one run, in each mode measured. Prints the CPU time per lane
 * instruction of each (a busy machine's other work does not count in it) and their ratio; the
 * timing mode's scheduler should not cost more per lane when a block has more warps. */
static void bench_block_sizes(const char *root, unsigned blocks, int quick, unsigned jobs, int only_mode)
{
    static const ws_mode modes[2] = {WS_MODE_FUNCTIONAL, WS_MODE_TIMING};
    const bench_kernel *bk = &kernels[1]; /* block_reduce */
    unsigned grid = blocks ? blocks : quick ? bk->grid_quick : bk->grid;
    printf("\nblock size: %s, the same threads in blocks of 1024 and of 256\n", bk->name);
    printf("%-10s %12s %14s %12s %14s %12s\n", "mode", "1024: grid", "ns/lane insn", "256: grid", "ns/lane insn",
           "1024 / 256");
    for (int mi = 0; mi < 2; mi++) {
        if (only_mode >= 0 && mi != only_mode)
            continue;
        bench_row r[2];
        unsigned g[2] = {grid, grid * 4}, b[2] = {1024, 256};
        for (int k = 0; k < 2; k++)
            run_measured(root, bk, modes[mi], g[k], b[k], 0, jobs, quick ? 0.3 : 1.5, &r[k]);
        if (!r[0].ok || !r[1].ok) {
            printf("%-10s error: %s\n", ws_mode_name(modes[mi]), r[r[0].ok].message);
            continue;
        }
        double ns[2];
        for (int k = 0; k < 2; k++)
            ns[k] = r[k].cpu_s * 1e9 / (double)r[k].lane_insns;
        printf("%-10s %12u %14.3f %12u %14.3f %11.2fx\n", ws_mode_name(modes[mi]), g[0], ns[0], g[1], ns[1],
               ns[0] / ns[1]);
        fflush(stdout);
    }
}

/* The repository root: --dir, $WARPSIM_ROOT, or the first directory above the executable or the
 * current directory that holds bench/reduce_loop.ptx. */
static int find_root(const char *given, char *root, size_t n)
{
    char probe[8400];
    const char *env = getenv("WARPSIM_ROOT");
    const char *fixed[] = {given, env};
    for (int i = 0; i < 2; i++)
        if (fixed[i]) {
            snprintf(root, n, "%s", fixed[i]);
            snprintf(probe, sizeof probe, "%s/bench/reduce_loop.ptx", root);
            return access(probe, R_OK) == 0 ? 0 : -1;
        }
    char start[2][4096];
    ssize_t len = readlink("/proc/self/exe", start[0], sizeof start[0] - 1);
    start[0][len > 0 ? len : 0] = 0;
    if (!getcwd(start[1], sizeof start[1]))
        start[1][0] = 0;
    for (int s = 0; s < 2; s++) {
        char dir[4096];
        memcpy(dir, start[s], sizeof dir);
        for (int up = 0; up < 6 && dir[0]; up++) {
            snprintf(probe, sizeof probe, "%s/bench/reduce_loop.ptx", dir);
            if (access(probe, R_OK) == 0) {
                snprintf(root, n, "%s", dir);
                return 0;
            }
            char *slash = strrchr(dir, '/');
            if (!slash)
                break;
            *slash = 0;
        }
    }
    return -1;
}

/* The numba peer: `python3 bench/numba_peer.py --json` prints one JSON object per line:
 * {"kernel": NAME, "seconds_per_launch": S, "checksum": C, "ok": true} (or "error": MSG). */
typedef struct {
    int ok;
    double s_per_launch;
    uint64_t checksum;
    char error[200];
} peer_row;

static void json_field(const char *line, const char *key, char *out, size_t n)
{
    out[0] = 0;
    char pat[64];
    snprintf(pat, sizeof pat, "\"%s\":", key);
    const char *p = strstr(line, pat);
    if (!p)
        return;
    p += strlen(pat);
    while (*p == ' ')
        p++;
    size_t i = 0;
    if (*p == '"') {
        p++;
        while (*p && *p != '"' && i + 1 < n)
            out[i++] = *p++;
    } else {
        while (*p && *p != ',' && *p != '}' && i + 1 < n)
            out[i++] = *p++;
    }
    out[i] = 0;
}

static int run_peer(const char *root, const char *python, peer_row *rows)
{
    char cmd[8400];
    snprintf(cmd, sizeof cmd, "'%s' '%s/bench/numba_peer.py' --json", python, root);
    FILE *p = popen(cmd, "r");
    if (!p)
        return -1;
    char line[4096];
    int n = 0;
    while (fgets(line, sizeof line, p)) {
        char name[64], v[200];
        json_field(line, "kernel", name, sizeof name);
        for (size_t i = 0; i < NKERNELS; i++) {
            if (strcmp(name, kernels[i].name))
                continue;
            peer_row *r = &rows[i];
            json_field(line, "seconds_per_launch", v, sizeof v);
            r->s_per_launch = strtod(v, NULL);
            json_field(line, "checksum", v, sizeof v);
            r->checksum = strtoull(v, NULL, 10);
            json_field(line, "error", r->error, sizeof r->error);
            r->ok = !r->error[0] && r->s_per_launch > 0;
            n++;
        }
    }
    int rc = pclose(p);
    return n ? 0 : rc ? rc : -1;
}

/* --scaling: how time and memory grow with threads per block, blocks per grid and program length */
static int bench_scaling(const char *root, int quick)
{
    static const ws_mode modes[2] = {WS_MODE_FUNCTIONAL, WS_MODE_TIMING};
    printf("%-22s %8s %12s %12s %12s %12s %10s %10s\n", "dimension", "value", "func s", "timing s", "func lane/s",
           "timing lane/s", "peak KiB", "parse s");
    for (int dim = 0; dim < 3; dim++) {
        static const unsigned tpb[] = {32, 64, 128, 256, 512, 1024};
        static const unsigned bpg[] = {1, 10, 100, 1000, 10000};
        static const unsigned len[] = {10, 100, 1000, 10000, 100000};
        const unsigned *vals = dim == 0 ? tpb : dim == 1 ? bpg : len;
        size_t nv = dim == 0 ? 6 : 5;
        for (size_t v = 0; v < nv; v++) {
            bench_kernel bk = dim == 1 ? kernels[1] : kernels[0];
            unsigned grid = 1, block = 32;
            int iters = 0;
            char *text = NULL;
            if (dim == 0) {
                block = vals[v];
                iters = quick ? 200 : 2000;
            } else if (dim == 1) {
                grid = vals[v] > 1000 && quick ? 1000 : vals[v];
                block = 1024;
            } else {
                text = straight_line_ptx(vals[v]);
                iters = (int)((quick ? 100000u : 1000000u) / vals[v]);
                if (iters < 1)
                    iters = 1;
                bk.ptx = "generated.ptx";
                bk.iters = iters;
            }
            gen_ptx = text;
            bench_row r[2];
            for (int mi = 0; mi < 2; mi++)
                run_measured(root, &bk, modes[mi], grid, block, iters, 1, 0, &r[mi]);
            gen_ptx = NULL;
            free(text);
            const char *names[] = {"threads per block", "blocks (of 1024 thr.)", "program length (insns)"};
            if (!r[0].ok || !r[1].ok) {
                printf("%-22s %8u error: %s\n", names[dim], dim == 1 ? grid : vals[v], r[r[0].ok].message);
                continue;
            }
            printf("%-22s %8u %12.4g %12.4g %12.4g %12.4g %10ld %10.4g\n", names[dim], dim == 1 ? grid : vals[v],
                   r[0].wall_s, r[1].wall_s, r[0].lane_insns / r[0].wall_s, r[1].lane_insns / r[1].wall_s,
                   r[0].peak_kb > r[1].peak_kb ? r[0].peak_kb : r[1].peak_kb, r[0].parse_s);
            fflush(stdout);
        }
    }
    return WS_OK;
}

int cmd_bench(int argc, char **argv)
{
    int json = 0, quick = 0, peer = 0;
    unsigned jobs = 1;
    const char *only = NULL, *dir = NULL, *python = "python3";
    unsigned blocks = 0; /* --blocks N: the grid of every kernel */
    int only_mode = -1, scaling = 0, speedup = 0, variants = 0;
    for (int i = 1; i < argc;) {
        const char *v;
        switch (cli_option_next(CLI_VERB_BENCH, argc, argv, &i, &v)) {
        case CLI_HELP: return WS_OK;
        case CLI_ERROR: return WS_ERR_INPUT;
        case BENCH_JSON: json = 1; break;
        case BENCH_QUICK: quick = 1; break;
        case BENCH_JOBS: {
            char *end;
            long n = strtol(v, &end, 10);
            if (*end || n < 1 || n > 256) {
                fprintf(stderr, "warpsim: error: --jobs takes a number of threads from 1 to 256, found '%s'\n", v);
                return WS_ERR_INPUT;
            }
            jobs = (unsigned)n;
            break;
        }
        case BENCH_ONLY: only = v; break;
        case BENCH_BLOCKS: blocks = (unsigned)strtoul(v, NULL, 10); break;
        case BENCH_MODE:
            only_mode = !strcmp(v, "timing") ? 1 : !strcmp(v, "functional") ? 0 : -2;
            if (only_mode == -2) {
                fprintf(stderr, "warpsim: error: --mode takes 'functional' or 'timing', found '%s'\n", v);
                return WS_ERR_INPUT;
            }
            break;
        case BENCH_SCALING: scaling = 1; break;
        case BENCH_SPEEDUP: speedup = 1; break;
        case BENCH_VARIANTS: variants = 1; break;
        case BENCH_SIMD:
            if (!ws_simd_supported(v)) {
                fprintf(stderr, "warpsim: error: --simd: '%s' is not a SIMD variant this build and CPU have\n", v);
                return WS_ERR_INPUT;
            }
            run_simd = v;
            break;
        case BENCH_DIR: dir = v; break;
        case BENCH_PYTHON: python = v; break;
        case BENCH_PEER:
            if (strcmp(v, "numba")) {
                fprintf(stderr, "warpsim: error: --peer knows 'numba' only, found '%s'\n", v);
                return WS_ERR_INPUT;
            }
            peer = 1;
            break;
        }
    }
    char root[4096];
    if (find_root(dir, root, sizeof root) != 0) {
        fprintf(stderr,
                "warpsim: error: cannot find bench/reduce_loop.ptx; run from the repository or give --dir ROOT\n");
        return WS_ERR_INPUT;
    }
    if (scaling)
        return bench_scaling(root, quick);
    if (variants) {
        bench_variants(root, only, blocks, quick, jobs);
        return WS_OK;
    }
    static const ws_mode modes[2] = {WS_MODE_FUNCTIONAL, WS_MODE_TIMING};
    if (speedup) {
        if (jobs < 2) {
            fprintf(stderr, "warpsim: error: --speedup compares --jobs N (2 or more) with --jobs 1; give --jobs N\n");
            return WS_ERR_INPUT;
        }
        printf("%-15s %-10s %14s %9s %9s %9s %11s %9s %9s %-4s %s\n", "kernel", "mode", "grid x blk", "jobs 1 s",
               "jobs N s", "speed-up", "cpu scaling", "co-run", "vs co-run", "same", "others 1/co/N steal");
        for (size_t i = 0; i < NKERNELS; i++) {
            const bench_kernel *bk = &kernels[i];
            if (only && strcmp(only, bk->name))
                continue;
            for (int mi = 0; mi < 2; mi++)
                if (only_mode < 0 || mi == only_mode)
                    bench_speedup(root, bk, modes[mi],
                                  blocks  ? blocks
                                  : quick ? bk->grid_quick
                                          : bk->grid,
                                  quick ? bk->iters_quick : bk->iters, jobs, quick ? 0.3 : 1.5);
        }
        printf("jobs N = %u; jobs 1, the co-run and jobs N measured %d times in turns, each time with as many\n"
               "launches as the first jobs 1 measurement fitted in its time; the fastest launch of each side counts.\n"
               "cpu scaling: N x CPU seconds of a launch with jobs 1 / CPU seconds of all threads of one with jobs N\n"
               "(time another job takes a core away, and the VM's steal, do not count in it; running N threads at\n"
               "once on the machine's shared caches and memory does). co-run: the same N x CPU seconds with jobs 1\n"
               "/ CPU seconds of N threads launching 1/N of the grid each with jobs 1, sharing nothing, their launches\n"
               "begun together and all threads' CPU seconds of one counted (as jobs N's): the machine's own scaling now. vs co-run: its CPU seconds / jobs N's, what warpsim's threads add (1.00x:\n"
               "nothing). others: cores used by other processes during the jobs 1, co-run and jobs N launches, and\n"
               "the cores' steal (/proc/stat)\n",
               jobs, SPEEDUP_ROUNDS);
        return WS_OK;
    }
    bench_row rows[NKERNELS][2];
    bench_row prow[NKERNELS];
    peer_row peers[NKERNELS];
    memset(rows, 0, sizeof rows);
    memset(prow, 0, sizeof prow);
    memset(peers, 0, sizeof peers);
    int peer_failed = 0;
    if (peer) /* the peer first, while the machine is otherwise idle in both cases */
        peer_failed = run_peer(root, python, peers) != 0;
    if (!json)
        printf("%-15s %-10s %11s %9s %12s %12s %12s %10s %10s\n", "kernel", "mode", "grid x blk", "s/launch",
               "warp insn/s", "lane insn/s", "cycles/s", "peak KiB", "host/lane");
    for (size_t i = 0; i < NKERNELS; i++) {
        const bench_kernel *bk = &kernels[i];
        unsigned grid;
        int iters;
        if (!bench_size(bk, only, blocks, quick, &grid, &iters))
            continue;
        for (int mi = 0; mi < 2; mi++) {
            bench_row *r = &rows[i][mi];
            if (only_mode >= 0 && mi != only_mode) {
                snprintf(r->message, sizeof r->message, "not measured (--mode)");
                continue;
            }
            run_measured(root, bk, modes[mi], grid, bk->block, iters, jobs, quick ? 0.3 : 1.5, r);
            if (json)
                continue;
            char gb[32];
            snprintf(gb, sizeof gb, "%ux%u", grid, bk->block);
            if (!r->ok) {
                printf("%-15s %-10s %11s  error: %s\n", bk->name, ws_mode_name(modes[mi]), gb, r->message);
                continue;
            }
            char hb[32];
            printf("%-15s %-10s %11s %9.3f %12.4g %12.4g %12.4g %10ld %10s\n", bk->name, ws_mode_name(modes[mi]), gb,
                   r->wall_s, r->warp_insns / r->wall_s, r->lane_insns / r->wall_s, mi ? r->cycles / r->wall_s : 0.0,
                   r->peak_kb, per_lane(r, hb, sizeof hb));
            fflush(stdout);
        }
        if (peer) /* warpsim at the peer's size: launches repeated for at least 0.3 s */
            run_measured(root, bk, WS_MODE_FUNCTIONAL, bk->peer_grid, bk->peer_block, bk->peer_iters, jobs, 0.3,
                         &prow[i]);
    }
    if (!json && (!only || !strcmp(only, kernels[1].name)))
        bench_block_sizes(root, blocks, quick, jobs, only_mode);
    if (peer && !json) {
        printf(
            "\npeer: numba-cuda's simulator (NUMBA_ENABLE_CUDASIM=1), bench/numba_peer.py; it has no warp-level\n"
            "functions, so its kernels exchange through shared memory with syncthreads (as a numba user writes them)\n");
        if (peer_failed)
            printf("(the peer did not run: install it with bench/setup_numba.sh)\n");
        printf("%-15s %12s %10s %14s %14s %10s %s\n", "kernel", "grid x blk", "iters", "warpsim s/launch",
               "numba s/launch", "ratio", "same result");
        for (size_t i = 0; i < NKERNELS; i++) {
            const bench_kernel *bk = &kernels[i];
            if ((only && strcmp(only, bk->name)) || !prow[i].ok)
                continue;
            double ws = prow[i].wall_s;
            char gb[32];
            snprintf(gb, sizeof gb, "%ux%u", bk->peer_grid, bk->peer_block);
            if (!peers[i].ok) {
                printf("%-15s %12s %10d %14.3g %14s %10s %s\n", bk->name, gb, bk->peer_iters, ws, "-", "-",
                       peers[i].error[0] ? peers[i].error : "");
                continue;
            }
            printf("%-15s %12s %10d %14.3g %14.3g %10.3g %s\n", bk->name, gb, bk->peer_iters, ws, peers[i].s_per_launch,
                   ws / peers[i].s_per_launch, peers[i].checksum == prow[i].checksum ? "yes" : "NO");
        }
        printf("ratio = warpsim time / numba time per launch of the same work (below 1: warpsim is faster)\n");
    }
    if (json) {
        ws_json j;
        ws_json_init_file(&j, stdout, WS_JSON_PRETTY);
        ws_json_begin_object(&j);
        ws_json_key(&j, "quick");
        ws_json_bool(&j, quick);
        ws_json_key(&j, "jobs");
        ws_json_u64(&j, jobs);
        ws_json_key(&j, "kernels");
        ws_json_begin_array(&j);
        for (size_t i = 0; i < NKERNELS; i++) {
            const bench_kernel *bk = &kernels[i];
            if (only && strcmp(only, bk->name))
                continue;
            ws_json_begin_object(&j);
            ws_json_key(&j, "name");
            ws_json_string(&j, bk->name);
            ws_json_key(&j, "ptx");
            ws_json_string(&j, bk->ptx);
            ws_json_key(&j, "grid");
            ws_json_u64(&j, blocks ? blocks : quick ? bk->grid_quick : bk->grid);
            ws_json_key(&j, "block");
            ws_json_u64(&j, bk->block);
            ws_json_key(&j, "iters");
            ws_json_s64(&j, quick ? bk->iters_quick : bk->iters);
            for (int mi = 0; mi < 2; mi++) {
                bench_row *r = &rows[i][mi];
                ws_json_key(&j, ws_mode_name(modes[mi]));
                ws_json_begin_object(&j);
                ws_json_key(&j, "ok");
                ws_json_bool(&j, r->ok);
                if (!r->ok) {
                    ws_json_key(&j, "error");
                    ws_json_string(&j, r->message);
                } else {
                    ws_json_key(&j, "seconds_per_launch");
                    ws_json_f64(&j, r->wall_s);
                    ws_json_key(&j, "warp_instructions");
                    ws_json_u64(&j, r->warp_insns);
                    ws_json_key(&j, "lane_instructions");
                    ws_json_u64(&j, r->lane_insns);
                    ws_json_key(&j, "cycles");
                    ws_json_u64(&j, r->cycles);
                    ws_json_key(&j, "warp_instructions_per_s");
                    ws_json_f64(&j, r->warp_insns / r->wall_s);
                    ws_json_key(&j, "lane_instructions_per_s");
                    ws_json_f64(&j, r->lane_insns / r->wall_s);
                    ws_json_key(&j, "cycles_per_s");
                    ws_json_f64(&j, r->cycles / r->wall_s);
                    ws_json_key(&j, "peak_rss_kib");
                    ws_json_s64(&j, r->peak_kb);
                    ws_json_key(&j, "cpu_seconds_per_launch");
                    ws_json_f64(&j, r->cpu_s);
                    if (r->host_insns >= 0) {
                        ws_json_key(&j, "host_instructions_per_lane_instruction");
                        ws_json_f64(&j, r->lane_insns ? r->host_insns / (double)r->lane_insns : 0);
                    }
                }
                ws_json_end_object(&j);
            }
            if (peer) {
                ws_json_key(&j, "peer_numba");
                ws_json_begin_object(&j);
                ws_json_key(&j, "grid");
                ws_json_u64(&j, bk->peer_grid);
                ws_json_key(&j, "block");
                ws_json_u64(&j, bk->peer_block);
                ws_json_key(&j, "iters");
                ws_json_s64(&j, bk->peer_iters);
                double ws = prow[i].ok ? prow[i].wall_s : 0;
                ws_json_key(&j, "warpsim_seconds_per_launch");
                ws_json_f64(&j, ws);
                ws_json_key(&j, "numba_seconds_per_launch");
                ws_json_f64(&j, peers[i].ok ? peers[i].s_per_launch : 0);
                ws_json_key(&j, "ratio");
                ws_json_f64(&j, peers[i].ok && prow[i].ok ? ws / peers[i].s_per_launch : 0);
                ws_json_key(&j, "same_result");
                ws_json_bool(&j, peers[i].ok && prow[i].ok && peers[i].checksum == prow[i].checksum);
                if (!peers[i].ok) {
                    ws_json_key(&j, "error");
                    ws_json_string(&j, peers[i].error[0] ? peers[i].error : "the peer did not run");
                }
                ws_json_end_object(&j);
            }
            ws_json_end_object(&j);
        }
        ws_json_end_array(&j);
        ws_json_end_object(&j);
        fputc('\n', stdout);
        if (ws_json_status(&j) != WS_JSON_OK)
            return WS_ERR_INTERNAL;
    }
    return WS_OK;
}
