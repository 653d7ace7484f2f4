// flood55: tests/ptx/cdp.cu's flood (every thread of 3 blocks of 1024 launches one 1-thread child; at most 2048 may be
// pending) run 20 times, and variants, with which threads were refused: the rule behind cdp50's one run (2081 launched,
// 991 refused), which warpsim gives as the first 2048 launched (docs/semantics.md). Per run: the count launched, and per
// warp (block * 32 + warp) the refused lanes as a 32-bit mask in hex. Variants: BLOCKS x THREADS, and a child that
// spins SPIN cycles (a child still running holds its slot longer).
#include <cstdio>
#include <cstdlib>

#include "../../tests/calibration/probes/ck.h"

__global__ void one(int *o, long long spin)
{
    long long t = clock64();
    while (clock64() - t < spin)
        ;
    o[0] += 1;
}
__global__ void flood(int *err, int *count, long long spin)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    one<<<1, 1>>>(count + t, spin);
    err[t] = cudaGetLastError();
}

int main(int argc, char **argv)
{
    int blocks = argc > 1 ? atoi(argv[1]) : 3, threads = argc > 2 ? atoi(argv[2]) : 1024, runs = argc > 3 ? atoi(argv[3]) : 20;
    long long spin = argc > 4 ? atoll(argv[4]) : 0;
    int n = blocks * threads, *err, *count;
    CK(cudaMalloc(&err, n * sizeof(int)));
    CK(cudaMalloc(&count, n * sizeof(int)));
    int *h = (int *)malloc(n * sizeof(int)), *c = (int *)malloc(n * sizeof(int));
    printf("flood %d x %d, spin %lld\n", blocks, threads, spin);
    for (int r = 0; r < runs; r++) {
        CK(cudaMemset(err, 0, n * sizeof(int)));
        CK(cudaMemset(count, 0, n * sizeof(int)));
        flood<<<blocks, threads>>>(err, count, spin);
        CK(cudaGetLastError());
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(h, err, n * sizeof(int), cudaMemcpyDeviceToHost));
        CK(cudaMemcpy(c, count, n * sizeof(int), cudaMemcpyDeviceToHost));
        int ran = 0, refused = 0, other = 0;
        for (int i = 0; i < n; i++) {
            ran += c[i];
            refused += h[i] == 69;
            other += h[i] != 0 && h[i] != 69;
        }
        printf("run %d: launched %d refused %d other %d; refused lanes by warp:", r, ran, refused, other);
        for (int w = 0; w < (n + 31) / 32; w++) {
            unsigned m = 0;
            for (int l = 0; l < 32 && w * 32 + l < n; l++)
                m |= (unsigned)(h[w * 32 + l] == 69) << l;
            printf(" %x", m);
        }
        printf("\n");
    }
    return 0;
}
