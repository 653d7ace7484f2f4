// stamps.cuh (fwin40, fwin46, fwin48, span60): a far-code probe's launch printed from its rows read back, each warp's
// ROW words (S + 1 stamps, then %warpid, %smid, role; role 1: the warp exited): "block launch warp warpid smid role t0
// s1 ... sS" a warp (stamps less the launch's first t0 of a staying warp), returning the span over the staying warps.
// The includer defines S and ROW.
#pragma once
static unsigned long long print_launch(int block, int l, const unsigned long long *h, int nw)
{
    unsigned long long lo = ~0ull, hi = 0;
    for (int w = 0; w < nw; w++) {
        const unsigned long long *q = h + (size_t)w * ROW;
        if (q[S + 3] == 1)
            continue;
        lo = q[0] < lo ? q[0] : lo;
        hi = q[S] > hi ? q[S] : hi;
    }
    for (int w = 0; w < nw; w++) {
        const unsigned long long *q = h + (size_t)w * ROW;
        if (q[S + 3] == 1) {
            printf("%d %d %d -1 -1 1\n", block, l, w);
            continue;
        }
        printf("%d %d %d %llu %llu %llu", block, l, w, q[S + 1], q[S + 2], q[S + 3]);
        for (int i = 0; i <= S; i++)
            printf(" %lld", (long long)(q[i] - lo));
        printf("\n");
    }
    return hi - lo;
}
