// Calls through pointers (tests/test_ptx_features.c): nvcc -arch=sm_90 -ptx indirect.cu
// indirect: out[t] = table[t % 3](t) + shape(t)->area(t), lanes of one warp reaching different
// functions at one call; indirect_bad: a call through the address the input holds.
__device__ __noinline__ int plus1(int x) { return x + 1; }
__device__ __noinline__ int times5(int x) { return x * 5; }
__device__ __noinline__ int minus9(int x) { return x - 9; }
__device__ int (*const table[3])(int) = {plus1, times5, minus9};

struct Shape {
    __device__ virtual int area(int x) const { return 1000 * x; }
};
struct Square : Shape {
    __device__ int area(int x) const override { return x * x; }
};

extern "C" __global__ void indirect(int *out)
{
    int t = threadIdx.x;
    Shape s;
    Square q;
    const Shape *p = (t & 4) ? (const Shape *)&q : &s;
    out[t] = table[t % 3](t) + p->area(t);
}

extern "C" __global__ void indirect_bad(const unsigned long long *fn, int *out)
{
    int t = threadIdx.x;
    int (*f)(int) = (int (*)(int))fn[t];
    out[t] = f(t) + table[0](t);
}
