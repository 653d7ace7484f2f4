// One __shfl_down_sync by 3 within groups of 8 lanes: lane i reads lane i+3 of its group; lanes
// 5-7 of each group are out of range and keep their own value (tests/test_viz.c checks the
// viewer's sentence for it).
// PTX: nvcc -arch=sm_90 -ptx -lineinfo viz/examples/shfl_down_w8_d3.cu -o viz/examples/shfl_down_w8_d3.ptx
extern "C" __global__ void shfl_down_w8_d3(const int *in, int *out)
{
    int v = in[threadIdx.x];
    out[threadIdx.x] = __shfl_down_sync(0xffffffffu, v, 3, 8);
}
