// Kernel parameters read through a generic pointer (cvta.param of a __grid_constant__
// parameter) and dynamic shared memory (extern __shared__, sized at launch: --shared-bytes)
// (tests/test_ptx_features.c: test_cvta_param, test_dynamic_shared; ptx_features_cli):
// nvcc -arch=sm_90 -ptx param_smem.cu -o param_smem.ptx
struct S { int a[8]; };
__device__ __noinline__ int pick(const int *p, int i) { return p[i]; }
extern "C" __global__ void cvta_param(const __grid_constant__ S s, int *out)
{
    int i = threadIdx.x;
    out[i] = pick(s.a, i % 8);
}
extern "C" __global__ void dyn_shared(int *out, int n)
{
    extern __shared__ int buf[];
    int i = threadIdx.x;
    for (int j = i; j < n; j += blockDim.x)
        buf[j] = j * 3;
    __syncthreads();
    out[i] = buf[(i * 7) % n] + buf[n - 1];
}
