// A call that only part of the warp makes, of a function that recurses (docs/hardware.md point
// 17): does the warp come back together after it, as the PTX says? One block per case (the
// block's index is the case); out[(case * 4 + k) * 32 + lane]:
//   k = 0: __activemask() after the call (the if/else around it has ended)
//   k = 1: __ballot_sync(FULL, r & 1)
//   k = 2: a shared-memory exchange across __syncthreads(): lane reads what lane + 10 stored
//   k = 3: r, the value the call computed (what the PTX defines, whatever the warp did)
// Cases:
//   0 rec(v, v & 3) from converged code: the depth differs per lane, so lanes diverge inside
//   1 the same with a depth the whole warp shares (in[0] & 3): nobody diverges
//   2 if (lane & 4) rec(v, v & 3), else a loop: the call is made by half the warp
//   3 case 0, then __syncwarp()
//   4 case 2, then __syncwarp()
//   5 if (lane & 4) loop_call(v, v) (no recursion, a loop inside), else a loop
//   6 case 0, then warp_sum (a full-mask shfl.down reduction in a __noinline__ function), as in
//     tests/ptx/calls.cu: its result goes to k = 3
#define FULL 0xffffffffu

__device__ __noinline__ unsigned rec(unsigned a, unsigned n) { return n == 0 ? a : rec(a * 3 + n, n - 1) ^ n; }

__device__ __noinline__ unsigned loop_call(unsigned a, unsigned n)
{
    for (unsigned i = 0; i < (n & 7); i++)
        a = a & 1 ? a * 3 + i : a >> 1;
    return a;
}

__device__ __noinline__ unsigned warp_sum(unsigned v)
{
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(FULL, v, o);
    return v;
}

__device__ unsigned loop(unsigned v)
{
    for (unsigned i = 0; i < (v & 7); i++)
        v = v * 5 + 1;
    return v;
}

extern "C" __global__ void probe_split_call(const unsigned *in, unsigned *out)
{
    __shared__ unsigned sh[32];
    unsigned c = blockIdx.x, lane = threadIdx.x & 31, v = in[c * 32 + lane], r;
    switch (c) {
    case 0: case 3: case 6: r = rec(v, v & 3); break;
    case 1: r = rec(v, in[c * 32] & 3); break;
    case 2: case 4: r = lane & 4 ? rec(v, v & 3) : loop(v); break;
    case 5: r = lane & 4 ? loop_call(v, v) : loop(v); break;
    default: r = 0; break;
    }
    if (c == 3 || c == 4)
        __syncwarp();
    if (c == 6)
        r = warp_sum(r);
    unsigned *o = out + c * 4 * 32;
    o[lane] = __activemask();
    o[32 + lane] = __ballot_sync(FULL, r & 1);
    sh[lane] = r;
    __syncthreads();
    o[64 + lane] = sh[(lane + 10) & 31];
    o[96 + lane] = r;
}
