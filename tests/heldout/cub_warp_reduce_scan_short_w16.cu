// cub::WarpReduce<short, 16>::Sum (wrapping in 16 bits) and cub::WarpScan<unsigned char, 16>::InclusiveSum
#include <cub/cub.cuh>
#include "heldout.cuh"
extern "C" __global__ void cub_warp_reduce_scan_short_w16(short *red, unsigned char *scan) {
    using WR = cub::WarpReduce<short, 16>;
    using WS = cub::WarpScan<unsigned char, 16>;
    __shared__ typename WR::TempStorage tr[2];
    __shared__ typename WS::TempStorage tsn[2];
    int t = threadIdx.x;
    short x = (short)(hval(t) & 0xffff);
    short r = WR(tr[t / 16]).Sum(x);
    if (t % 16 == 0) red[t / 16] = r;
    unsigned char c = (unsigned char)(hval(t + 64) & 0xff), y;
    WS(tsn[t / 16]).InclusiveSum(c, y);
    scan[t] = y;
}
