// probe_regb60 (regb60): probe_fwin40's kernel (included below, its host renamed) launched in a sequence of roles in
// one process, to tell whether region B's lines kept beside region A (b1-256: about half of B-alone's slow stretches)
// are the far cache's state left by the launch before (warpsim's far cache, fed the previous launch's lines in the
// order they came: docs/calibration.md "(keep56)", "(regb60)") or come from region A's fetch beside B in the same launch.
// Host: probe_regb60 ROUNDS SPEC... (SPEC: BLOCK:ROLES, ROLES hex as probe_fwin40's, every sub-partition): the SPECs
// launched in turn, ROUNDS times, one block each. Output as probe_fwin40's (launch = the round): a warp a line "block
// round warp warpid smid role t0 s1 ... s16", then per SPEC "block B roles R spmask 15 delay 0 pre 0: span ...". The
// SPECs of one run must differ in BLOCK (read_fwin40.py keys a launch by block and round). A launch printed by
// stamps.cuh's print_launch (since the h100ab run; the same lines for the roles it ran, none of which exits).
#define main probe_fwin40_main
#include "../fwin40/probe_fwin40.cu"
#undef main

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 10) {
        fprintf(stderr, "usage: %s ROUNDS BLOCK:ROLES...\n", argv[0]);
        return 2;
    }
    int rounds = atoi(argv[1]), nspec = argc - 2, block[8];
    unsigned roles[8];
    static char spans[8][4096];
    int at[8];
    for (int i = 0; i < nspec; i++) {
        char *p = argv[i + 2];
        block[i] = (int)strtol(p, &p, 10);
        roles[i] = *p == ':' ? (unsigned)strtoul(p + 1, 0, 16) : 0;
        at[i] = snprintf(spans[i], sizeof spans[i], "block %d roles %04x spmask 15 delay 0 pre 0:", block[i], roles[i]);
    }
    unsigned *sink;
    unsigned long long *o, *h = (unsigned long long *)malloc(32 * ROW * 8);
    CK(cudaMalloc(&sink, 1024 * 4));
    CK(cudaMalloc(&o, 32 * ROW * 8));
    for (int r = 0; r < rounds; r++)
        for (int i = 0; i < nspec; i++) {
            int nw = block[i] / 32;
            CK(cudaMemset(o, 0, 32 * ROW * 8));
            fwin40<0><<<1, block[i]>>>(o, sink, 1.0001f, 0.5f, roles[i], 15, 0, 0);
            CK(cudaGetLastError());
            CK(cudaDeviceSynchronize());
            CK(cudaMemcpy(h, o, (size_t)nw * ROW * 8, cudaMemcpyDeviceToHost));
            unsigned long long span = print_launch(block[i], r, h, nw);
            at[i] += snprintf(spans[i] + at[i], sizeof spans[i] - at[i], " %llu", span);
        }
    for (int i = 0; i < nspec; i++)
        printf("%s\n", spans[i]);
    return 0;
}
