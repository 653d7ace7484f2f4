// -lineinfo and -G PTX (tests/test_ptx_features.c):
// nvcc -arch=sm_90 -ptx -lineinfo lineinfo.cu -o lineinfo.ptx
// nvcc -arch=sm_90 -ptx -G lineinfo.cu -o lineinfo_g.ptx
extern "C" __global__ void lines(int *out)
{
    int t = threadIdx.x;
    int v = t * 3;
    v += __shfl_down_sync(0xffffffff, v, 1);
    out[t] = v + warpSize;
}
