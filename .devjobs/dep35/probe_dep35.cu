// probe_dep35: what an FFMA costs when it reads two registers of one bank (docs/calibration.md "(dep35)"). pick33's
// dep (4 dependent `FFMA R2, R0, R2, R69` a segment: three registers read, R0 and R2 both even, no reuse flag since
// ptxas sets none after a stall of 3 or more) took 31.7 cycles a warp-segment at 4 warps a sub-partition on an H100
// where 1 and 2 warps take 16: one such FFMA every 2 cycles a sub-partition. Hypothesis: a sub-partition reads each of
// its two register banks (register number mod 2) one register a cycle, an operand the reuse cache holds reads none.
// Each kind is a region of 256 FFMAs between two clock reads (t0, t1; lane 0 writes t0, t1, %warpid, %smid):
//   d3:    one chain, d = fma(d, x, y), x and y per-thread registers: three registers read, two in one bank, no reuse;
//          the hypothesis: 2 cycles an FFMA a sub-partition once 2+ warps fill it (4 warps: 2048, 8: 4096, 16: 8192),
//          the FMA pipe alone 1 (1024, 2048, 4096)
//   d2_0 .. d2_3: one chain, d = fma(d, xJ, 0.5): two registers read (d and xJ); x0..x3 live in four registers, so
//          some kinds read d and xJ from one bank and some from two (the SASS says which): 2 cycles against 1
//   d2u:   one chain, d = fma(d, x, u), u the kernel's parameter (a uniform register): two registers read
//   dd:    one chain, d = fma(d, d, y): two slots read one register, and y
//   ind3:  4 chains, c_i = fma(c_i, x_i, y_i), no operand shared between neighbours (no reuse at stall 1): three
//          registers read an FFMA even at one warp: 2 cycles an FFMA at one warp where the pipe gives 1
//   ind3r: 4 chains, c_i = fma(c_i, x, y): ptxas's reuse flags on x and y (one register read): 1 cycle (pick33 ind)
//   two3:  2 chains, c_i = fma(c_i, x, y) (stall 2: ptxas keeps the reuse flags) : at 2+ warps a sub-partition the
//          warps take turns; 1 cycle an FFMA if the reuse cache is the warp's across another warp's issue, 2 if
//          another warp's issue empties it
// Host: probe_dep35 KIND LAUNCHES [2sm] | list: one block of 32, 128, 256, 512, 1024 threads on one SM (grid 1),
// LAUNCHES launches each, a line a warp "block launch bl warp t0 t1 warpid smid" (tests/calibration/probes/
// probe_alu3.py's spans()); with 2sm, 2 blocks of 1024 on every SM instead (16 warps a sub-partition;
// __launch_bounds__(1024, 2): at most 32 registers), the warps of SMs 0-3 only (probe_alu3.py's two_blocks()).
#include "../../tests/calibration/probes/probe_host.h" // CLK, finish, CK, probe_list, probe_kind, probe_sms

#define N 256
#define CH(D, X, Y) asm volatile("fma.rn.f32 %0, %0, %1, %2;" : "+f"(D) : "f"(X), "f"(Y))
#define CHI(D, X) asm volatile("fma.rn.f32 %0, %0, %1, 0f3F000000;" : "+f"(D) : "f"(X))

template <int KIND>
__global__ void __launch_bounds__(1024, 2) dep35(unsigned long long *o, unsigned *sink, float u, unsigned seed)
{
    unsigned s = seed ^ threadIdx.x;
    // per-thread values near 1: no uniform register can hold them
    float x[4], y[4], c[4];
#pragma unroll
    for (int i = 0; i < 4; i++) {
        x[i] = __uint_as_float(0x3f800000u | ((s * (2 * i + 3)) & 0x3ff));
        y[i] = __uint_as_float(0x3e800000u | ((s * (2 * i + 5)) & 0x3ff));
        c[i] = __uint_as_float(0x3f000000u | ((s + i) & 0xff));
    }
    unsigned long long t0;
    __syncthreads();
    CLK(t0);
#pragma unroll
    for (int i = 0; i < N; i++) {
        if (KIND == 0)
            CH(c[0], x[0], y[0]);
        else if (KIND >= 1 && KIND <= 4)
            CHI(c[0], x[KIND - 1]);
        else if (KIND == 5)
            CH(c[0], x[0], u);
        else if (KIND == 6)
            CH(c[0], c[0], y[0]);
        else if (KIND == 7)
            CH(c[i % 4], x[i % 4], y[i % 4]);
        else if (KIND == 8)
            CH(c[i % 4], x[0], y[0]);
        else
            CH(c[i % 2], x[0], y[0]);
    }
    float r = c[0] + c[1] + c[2] + c[3] + x[0] + x[1] + x[2] + x[3] + y[0] + y[1] + y[2] + y[3];
    finish(o, sink, t0, __float_as_uint(r));
}

static const char *names[] = {"d3", "d2_0", "d2_1", "d2_2", "d2_3", "d2u", "dd", "ind3", "ind3r", "two3"};
static void *fns[] = {(void *)dep35<0>, (void *)dep35<1>, (void *)dep35<2>, (void *)dep35<3>, (void *)dep35<4>,
                      (void *)dep35<5>, (void *)dep35<6>, (void *)dep35<7>, (void *)dep35<8>, (void *)dep35<9>};

static void run(void *fn, int grid, int block, int launches, unsigned long long sms)
{
    int nw = block / 32;
    size_t ow = (size_t)grid * nw * 4;
    unsigned long long *o, *h = (unsigned long long *)malloc(ow * 8);
    unsigned *sink;
    float u = 0.25f;
    unsigned seed = 0;
    CK(cudaMalloc(&o, ow * 8));
    CK(cudaMalloc(&sink, (size_t)grid * block * 4));
    for (int l = 0; l < launches; l++) {
        void *args[4] = {&o, &sink, &u, &seed};
        probe_launch(fn, grid, block, args, 0, o, h, ow * 8);
        probe_print_warps(h, grid, nw, block, l, sms);
    }
    CK(cudaFree(o));
    CK(cudaFree(sink));
    free(h);
}

int main(int argc, char **argv)
{
    if (probe_list(argc, argv, names))
        return 0;
    if (argc != 3 && (argc != 4 || strcmp(argv[3], "2sm"))) {
        fprintf(stderr, "usage: %s KIND LAUNCHES [2sm] | list\n", argv[0]);
        return 2;
    }
    void *fn = fns[probe_kind(names, argv[1])];
    int launches = atoi(argv[2]);
    static const int blocks[] = {32, 128, 256, 512, 1024};
    if (argc == 4)
        run(fn, 2 * probe_sms(), 1024, launches, 4);
    else
        for (int b : blocks)
            run(fn, 1, b, launches, ~0ull);
    return 0;
}
