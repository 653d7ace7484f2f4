// probe_span60 (span60): what decides which of its two spans a launch of fwin40's 4-warp runs takes (x3: ~12390, the
// three slots sharing the issue to the end, or ~17000, the lowest slot held in its first 32 lines until the pair ends
// and then alone at 17-18 cycles a line; base 384: 14768 or ~17100; docs/calibration.md "(h100z)", "(span60)").
// probe_fwin40's kernel, byte for byte (its file is included; its host loop is not used), launched with a host loop of
// its own: each probe launch preceded by
//   MODE 0  nothing (probe_fwin40's loop: back to back)
//   MODE 1  the scrub (probe_fwin50's: 192 KiB of straight-line FFMAs, two blocks of 128 on every SM): one
//           instruction-cache content before every launch
//   MODE 2  one launch of the same kernel at BBLOCK threads with roles BROLES (spmask 15): a known stream of region A's
//           lines before every launch (BBLOCK 128, BROLES 0: every line in order at one warp a sub-partition, no
//           warp held; 512, 1001: the pair alone)
//   MODE 3  one launch of the same kernel at BLOCK threads with spmask 0 (every warp exits after the barrier): the
//           SM's %warpid rotation moves on by one (the cards: -1 a launch of a block) and no far code runs
// The three readings (the README of span60 in docs/calibration.md): the instruction caches' content (MODE 1 and 2 give
// one span each), the %warpid rotation (MODE 3 shifts the spans by one launch against MODE 0), neither.
// Host: probe_span60 MODE LAUNCHES ROLES PRE BLOCK [BBLOCK BROLES]. Output as probe_fwin40's ("block launch warp warpid
// smid role t0 s1 ... s16" a warp, then "block B roles R spmask M delay D pre P: spans"), after a "mode" line.
#define main probe_fwin40_main
#include "../fwin40/probe_fwin40.cu"
#undef main

#include "../scrub.cuh"

static void launch(int pre, int block, unsigned long long *o, unsigned *sink, unsigned roles, unsigned spmask,
                   const float *bp)
{
    if (pre)
        fwin40<1><<<1, block>>>(o, sink, 1.0001f, 0.5f, roles, spmask, 0, bp);
    else
        fwin40<0><<<1, block>>>(o, sink, 1.0001f, 0.5f, roles, spmask, 0, bp);
    CK(cudaGetLastError());
    CK(cudaDeviceSynchronize());
}

int main(int argc, char **argv)
{
    if (argc != 6 && argc != 8) {
        fprintf(stderr, "usage: %s MODE LAUNCHES ROLES PRE BLOCK [BBLOCK BROLES]\n", argv[0]);
        return 2;
    }
    int mode = atoi(argv[1]), launches = atoi(argv[2]), pre = atoi(argv[4]), block = atoi(argv[5]), nw = block / 32;
    unsigned roles = (unsigned)strtoul(argv[3], 0, 16);
    int bblock = argc == 8 ? atoi(argv[6]) : 0;
    unsigned broles = argc == 8 ? (unsigned)strtoul(argv[7], 0, 16) : 0;
    if (mode < 0 || mode > 3 || (mode == 2) != (bblock > 0) || launches < 1 || launches > 100 || nw < 1 || nw > 32) {
        fprintf(stderr, "probe_span60: bad arguments\n");
        return 2;
    }
    unsigned *sink;
    float *scratch, *bp, hb = 0.5f;
    unsigned long long *o, *h = (unsigned long long *)malloc(32 * ROW * 8);
    CK(cudaMalloc(&sink, 1024 * 4));
    CK(cudaMalloc(&o, 32 * ROW * 8));
    CK(cudaMalloc(&scratch, 264 * 128 * 4));
    CK(cudaMalloc(&bp, sizeof hb));
    CK(cudaMemcpy(bp, &hb, sizeof hb, cudaMemcpyHostToDevice));
    printf("mode %d before %d roles %04x\n", mode, bblock, broles);
    char spans[4096];
    int at = snprintf(spans, sizeof spans, "block %d roles %04x spmask 15 delay 0 pre %d:", block, roles, pre);
    for (int l = 0; l < launches; l++) {
        if (mode == 1) {
            scrub<<<264, 128>>>(scratch, 1.0001f, 0.5f);
            CK(cudaDeviceSynchronize());
        }
        if (mode == 2)
            launch(pre, bblock, o, sink, broles, 15, bp);
        if (mode == 3)
            launch(pre, block, o, sink, roles, 0, bp);
        CK(cudaMemset(o, 0, 32 * ROW * 8));
        launch(pre, block, o, sink, roles, 15, bp);
        CK(cudaMemcpy(h, o, (size_t)nw * ROW * 8, cudaMemcpyDeviceToHost));
        at += snprintf(spans + at, sizeof spans - at, " %llu", print_launch(block, l, h, nw));
    }
    printf("%s\n", spans);
    return 0;
}
