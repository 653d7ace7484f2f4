// Device-function calls as nvcc compiles them (tests/test_ptx_features.c runs calls.ptx):
// nvcc -arch=sm_90 -ptx calls.cu -o calls.ptx
#include <cooperative_groups.h>
#include <cooperative_groups/reduce.h>
#include <cstdio>
namespace cg = cooperative_groups;

// recursion whose depth depends on the lane: lanes diverge inside the function
__device__ __noinline__ int fib(int n) { return n < 2 ? n : fib(n - 1) + fib(n - 2); }

// a warp shuffle inside a called function
__device__ __noinline__ int warp_sum(int v)
{
    for (int o = 16; o > 0; o /= 2)
        v += __shfl_down_sync(0xffffffff, v, o);
    return v;
}

// each call's local array is its own: the recursive call gets a pointer into its caller's frame
__device__ __noinline__ int nest(volatile int *up, int n)
{
    volatile int a[4];
    for (int i = 0; i < 4; i++)
        a[i] = n * 10 + i;
    int below = n > 0 ? nest(a, n - 1) : 0;
    if (up)
        up[0] = up[0] + 100; // into the caller's frame
    // the callee added 100 to our a[0]; its own a[] did not overwrite ours
    return below + a[0] + a[1] + a[2] + a[3] + (up ? 0 : 1000);
}

__device__ __noinline__ void store(int *p, int v) { *p = v; }

__device__ __noinline__ void hello(int t)
{
    if (t == 3)
        printf("hello from lane %d\n", t);
}

// as deep as the caller asks: a volatile local keeps nvcc from making a loop of it
__device__ __noinline__ int deep(int n)
{
    volatile int keep[1];
    keep[0] = n;
    int r = n == 0 ? 0 : deep(n - 1);
    return r + keep[0] - n + 1;
}

extern "C" __global__ void calls(int *out)
{
    int t = threadIdx.x;
    out[t] = fib(t % 12);
    out[32 + t] = warp_sum(t);
    out[64 + t] = nest(nullptr, t % 4) + warpSize;
    cg::thread_block_tile<8> tile = cg::tiled_partition<8>(cg::this_thread_block());
    out[96 + t] = cg::reduce(tile, t, cg::plus<int>());
    out[128 + t] = tile.ballot(t & 1);
    if (t & 1)
        store(&out[160 + t], t * 7); // a call only odd lanes make
    hello(t);
}

extern "C" __global__ void recurse(int *out)
{
    out[threadIdx.x] = deep(out[threadIdx.x]);
}
