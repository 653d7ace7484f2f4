// Which shuffles does ptxas turn into moves? A lane whose source lane did not execute reads 0 on
// the H200 (docs/hardware.md point 5) unless ptxas proved the shuffled value the same in every
// lane and made the shuffle a move (point 11). Each case c: lanes 0-15 run
// __shfl_sync(0x0000ffff, X, lane + 16), reading lanes 16-31, which do not execute it; lanes
// 16-31 write -1. out[c * 32 + lane]. X per case:
//  0 lane * 7 + 1 (differs per lane)        1 a full-warp ballot, taken before the branch
//  2 __activemask() before the branch       3 the kernel parameter p
//  4 in[0] (one address for all lanes)      5 in[lane] (all equal at run time, not provably)
//  6 blockIdx.x * 3 + 5                     7 __reduce_add_sync(full, lane) before the branch
//  8 a ballot inside the branch (mask 0xffff) 9 the constant 42
#define CASES 10

__device__ __forceinline__ int read_upper(unsigned lane, int x)
{
    return lane < 16 ? __shfl_sync(0x0000ffffu, x, lane + 16) : -1;
}

extern "C" __global__ void probe_uniform_shfl(const int *in, int *out, int p)
{
    unsigned lane = threadIdx.x & 31;
    int ballot = (int)__ballot_sync(0xffffffffu, lane & 1);
    int active = (int)__activemask();
    int sum = (int)__reduce_add_sync(0xffffffffu, lane);
    out[0 * 32 + lane] = read_upper(lane, (int)lane * 7 + 1);
    out[1 * 32 + lane] = read_upper(lane, ballot);
    out[2 * 32 + lane] = read_upper(lane, active);
    out[3 * 32 + lane] = read_upper(lane, p);
    out[4 * 32 + lane] = read_upper(lane, in[0]);
    out[5 * 32 + lane] = read_upper(lane, in[lane]);
    out[6 * 32 + lane] = read_upper(lane, (int)blockIdx.x * 3 + 5);
    out[7 * 32 + lane] = read_upper(lane, sum);
    int inner = -1;
    if (lane < 16)
        inner = __shfl_sync(0x0000ffffu, (int)__ballot_sync(0x0000ffffu, lane & 2), lane + 16);
    out[8 * 32 + lane] = inner;
    out[9 * 32 + lane] = read_upper(lane, 42);
}
