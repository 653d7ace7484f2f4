// A kernel that stores through a wild pointer: the CUDA runtime reports an illegal address at
// the next synchronisation, and the error is sticky: every later call returns it.
#include <cstdio>

__global__ void wild(int *p) {
    p[threadIdx.x] = 1;
}

#define SHOW(call)                                                                           \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        printf("%-40s -> %d %s: %s\n", #call, (int)e_, cudaGetErrorName(e_), cudaGetErrorString(e_)); \
    } while (0)

int main() {
    int *d = nullptr;
    SHOW(cudaMalloc(&d, 64));
    wild<<<1, 32>>>((int *)0x10);
    SHOW(cudaPeekAtLastError());
    SHOW(cudaDeviceSynchronize());
    SHOW(cudaGetLastError());
    SHOW(cudaGetLastError());
    SHOW(cudaMalloc(&d, 64));
    SHOW(cudaDeviceSynchronize());
    return 0;
}
