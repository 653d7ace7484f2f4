// The CUDA runtime's answers to calls that fail, and to the error queries: warpsim's runtime
// (runtime/) must give the same codes, names and strings, and keep or clear the last error as
// the CUDA runtime does. Every line printed is deterministic on a GPU.
#include <cstdio>
#include <cstdint>

#define SHOW(call)                                                                           \
    do {                                                                                     \
        cudaError_t e_ = (call);                                                             \
        printf("%-58s -> %d %s: %s\n", #call, (int)e_, cudaGetErrorName(e_), cudaGetErrorString(e_)); \
    } while (0)
#define LAST() SHOW(cudaGetLastError())

__global__ void k(int *p) {
    if (p)
        p[threadIdx.x] = threadIdx.x;
}

__global__ void big_shared(int *p) {
    extern __shared__ int s[];
    s[threadIdx.x] = threadIdx.x;
    __syncthreads();
    p[threadIdx.x] = s[31 - threadIdx.x];
}

int main() {
    int n = -1;
    SHOW(cudaGetDeviceCount(&n));
    printf("device count %d\n", n);
    int dev = -1;
    SHOW(cudaGetDevice(&dev));
    printf("device %d\n", dev);
    SHOW(cudaSetDevice(0));
    SHOW(cudaSetDevice(1));
    SHOW(cudaPeekAtLastError());
    LAST();
    LAST();
    SHOW(cudaSetDevice(-1));
    LAST();

    int *d = nullptr;
    SHOW(cudaMalloc(&d, 32 * sizeof(int)));
    int *z = (int *)1;
    SHOW(cudaMalloc(&z, 0));
    printf("cudaMalloc of 0 bytes gives %s\n", z == nullptr ? "NULL" : "a pointer");
    int *huge = nullptr;
    SHOW(cudaMalloc(&huge, (size_t)1 << 50));
    printf("after a failed cudaMalloc the pointer is %s\n", huge == nullptr ? "NULL" : "set");
    LAST();
    LAST();
    SHOW(cudaMalloc((int **)nullptr, 16));

    // launches that cannot start
    k<<<1, 1025>>>(d);
    SHOW(cudaPeekAtLastError());
    SHOW(cudaDeviceSynchronize());
    LAST();
    LAST();
    k<<<dim3(1, 65536), 32>>>(d);
    LAST();
    k<<<0, 32>>>(d);
    LAST();
    k<<<1, dim3(32, 32, 2)>>>(d);
    LAST();
    k<<<1, dim3(1, 1, 65)>>>(d);
    LAST();
    big_shared<<<1, 32, 48 * 1024 + 4>>>(d);
    LAST();
    big_shared<<<1, 32, 48 * 1024>>>(d);
    LAST();
    SHOW(cudaDeviceSynchronize());
    k<<<1, 32>>>(d);
    LAST();
    SHOW(cudaDeviceSynchronize());

    // copies and frees
    int h[32] = {0};
    SHOW(cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost));
    printf("h[5] = %d, h[31] = %d\n", h[5], h[31]);
    SHOW(cudaMemcpy(nullptr, d, sizeof h, cudaMemcpyDeviceToHost));
    SHOW(cudaMemcpy(h, nullptr, sizeof h, cudaMemcpyDeviceToHost));
    SHOW(cudaMemcpy(h, d, 0, cudaMemcpyDeviceToHost));
    SHOW(cudaMemcpy(h, d, sizeof h, (cudaMemcpyKind)7));
    SHOW(cudaMemcpy(h, d, sizeof h, cudaMemcpyDefault));
    SHOW(cudaMemset(d, 0, sizeof h));
    SHOW(cudaMemset(nullptr, 0, 4));
    SHOW(cudaFree(nullptr));
    SHOW(cudaFree(h));
    LAST();
    SHOW(cudaFree(d));
    SHOW(cudaFree(d));
    LAST();

    // events and streams
    cudaEvent_t a, b;
    SHOW(cudaEventCreate(&a));
    SHOW(cudaEventCreate(&b));
    float ms = -1;
    SHOW(cudaEventElapsedTime(&ms, a, b));
    SHOW(cudaEventQuery(a));
    SHOW(cudaEventRecord(a));
    SHOW(cudaEventRecord(b));
    SHOW(cudaEventSynchronize(b));
    SHOW(cudaEventElapsedTime(&ms, a, b));
    printf("elapsed time %s\n", ms >= 0 ? ">= 0" : "< 0");
    SHOW(cudaEventQuery(b));
    cudaStream_t s;
    SHOW(cudaStreamCreate(&s));
    SHOW(cudaStreamQuery(s));
    SHOW(cudaStreamSynchronize(s));
    SHOW(cudaStreamDestroy(s));
    SHOW(cudaEventDestroy(a));
    SHOW(cudaEventDestroy(b));

    // error names and strings
    for (int e = 0; e <= 1000; e++) {
        const char *name = cudaGetErrorName((cudaError_t)e);
        const char *str = cudaGetErrorString((cudaError_t)e);
        if (e < 12 || e == 98 || e == 100 || e == 101 || e == 200 || e == 209 || e == 400 || e == 500 ||
            e == 600 || e == 700 || e == 701 || e == 716 || e == 719 || e == 801 || e == 999 || e == 1000)
            printf("%d %s: %s\n", e, name, str);
    }
    SHOW(cudaDeviceReset());
    return 0;
}
