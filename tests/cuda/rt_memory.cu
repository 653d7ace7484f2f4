// Memory the host and the device share, streams and events: managed memory, mapped pinned
// memory, asynchronous copies and memsets on a stream, __device__ and __constant__ variables
// through cudaMemcpyToSymbol/FromSymbol, and events (only whether times are sane is printed).
#include <cstdio>

__device__ int counter;
__constant__ int coeff[4];

__global__ void scale(int *v, int n) {
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        v[i] = v[i] * coeff[i % 4] + 1;
    atomicAdd(&counter, 1);
}

#define CHECK(call)                                                                   \
    do {                                                                              \
        cudaError_t e_ = (call);                                                      \
        if (e_ != cudaSuccess)                                                        \
            printf("%s: %s\n", #call, cudaGetErrorString(e_));                        \
    } while (0)

static void show(const char *what, const int *v, int n) {
    printf("%s:", what);
    for (int i = 0; i < n; i++)
        printf(" %d", v[i]);
    printf("\n");
}

int main() {
    const int n = 40;
    int c[4] = {1, 2, 3, 4}, zero = 0, count = -1;
    CHECK(cudaMemcpyToSymbol(coeff, c, sizeof c));
    CHECK(cudaMemcpyToSymbol(counter, &zero, sizeof zero));

    // managed memory: the host writes, the kernel updates, the host reads after a sync
    int *m;
    CHECK(cudaMallocManaged(&m, n * sizeof(int)));
    for (int i = 0; i < n; i++)
        m[i] = i;
    scale<<<2, 32>>>(m, n);
    CHECK(cudaDeviceSynchronize());
    show("managed", m, n);

    // pinned host memory mapped into the device
    int *h, *hd;
    CHECK(cudaHostAlloc(&h, n * sizeof(int), cudaHostAllocMapped));
    for (int i = 0; i < n; i++)
        h[i] = 100 + i;
    CHECK(cudaHostGetDevicePointer(&hd, h, 0));
    scale<<<1, 64>>>(hd, n);
    CHECK(cudaDeviceSynchronize());
    show("mapped", h, n);

    // a stream: async memset, copy in, kernel, copy out, with events around the kernel
    int *p, *d;
    CHECK(cudaMallocHost(&p, n * sizeof(int)));
    CHECK(cudaMalloc(&d, n * sizeof(int)));
    cudaStream_t s;
    cudaEvent_t e0, e1;
    CHECK(cudaStreamCreateWithFlags(&s, cudaStreamNonBlocking));
    CHECK(cudaEventCreate(&e0));
    CHECK(cudaEventCreate(&e1));
    for (int i = 0; i < n; i++)
        p[i] = 2 * i;
    CHECK(cudaMemsetAsync(d, 0xff, n * sizeof(int), s));
    CHECK(cudaMemcpyAsync(d, p, n / 2 * sizeof(int), cudaMemcpyHostToDevice, s));
    CHECK(cudaEventRecord(e0, s));
    scale<<<1, 64, 0, s>>>(d, n);
    CHECK(cudaEventRecord(e1, s));
    CHECK(cudaMemcpyAsync(p, d, n * sizeof(int), cudaMemcpyDeviceToHost, s));
    CHECK(cudaStreamSynchronize(s));
    show("stream", p, n);
    float ms = -1;
    CHECK(cudaEventElapsedTime(&ms, e0, e1));
    printf("kernel time %s\n", ms > 0 && ms < 1000 ? "between 0 and 1000 ms" : "out of range");

    // cudaMemcpyDefault works out the direction from the pointers
    int back[n];
    CHECK(cudaMemcpy(back, d, sizeof back, cudaMemcpyDefault));
    show("default", back, 8);
    CHECK(cudaMemcpy(d, m, n * sizeof(int), cudaMemcpyDefault));
    CHECK(cudaMemcpy(back, d, sizeof back, cudaMemcpyDeviceToHost));
    show("managed to device", back, 8);
    int *d2;
    CHECK(cudaMalloc(&d2, n * sizeof(int)));
    CHECK(cudaMemcpy(d2, d, n * sizeof(int), cudaMemcpyDeviceToDevice));
    CHECK(cudaMemset(d2, 0, 4 * sizeof(int)));
    CHECK(cudaMemcpy(back, d2, sizeof back, cudaMemcpyDeviceToHost));
    show("device to device", back, 8);

    // the launch <<<>>> compiles to, called by hand
    int half = n / 2;
    void *args[] = {&d2, &half};
    CHECK(cudaLaunchKernel((const void *)scale, dim3(1), dim3(32), args, 0, s));
    CHECK(cudaStreamSynchronize(s));
    CHECK(cudaMemcpy(back, d2, sizeof back, cudaMemcpyDeviceToHost));
    show("cudaLaunchKernel", back, 8);

    CHECK(cudaMemcpyFromSymbol(&count, counter, sizeof count));
    printf("counter %d\n", count);
    int cback[4];
    CHECK(cudaMemcpyFromSymbol(cback, coeff, sizeof cback));
    show("coeff", cback, 4);

    CHECK(cudaStreamDestroy(s));
    CHECK(cudaEventDestroy(e0));
    CHECK(cudaEventDestroy(e1));
    CHECK(cudaFree(m));
    CHECK(cudaFree(d));
    CHECK(cudaFree(d2));
    CHECK(cudaFreeHost(h));
    CHECK(cudaFreeHost(p));
    printf("done\n");
    return 0;
}
