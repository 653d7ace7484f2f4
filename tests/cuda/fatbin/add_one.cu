// A kernel whose fat binaries tests/test_fatbin.c reads (tests/cuda/fatbin/README.md).
extern "C" __global__ void add_one(int *p) { p[threadIdx.x] += 1; }
