// cdp50: tests/ptx/cdp.cu's kernels (device-side launches) run on the GPU with the launches warpsim's test makes
// (tests/test_ptx_features.c test_device_launches), their buffers printed: what warpsim's device runtime (sim/cdp.c)
// must give. Build: nvcc -arch=sm_90 -rdc=true -o cdp cdp_host.cu -lcudadevrt
#include "../../tests/ptx/cdp.cu"
#include <cstdio>
#include <cstdlib>
#include <cstring>

#define CK(x)                                                                                                          \
    do {                                                                                                               \
        cudaError_t e_ = (x);                                                                                          \
        if (e_ != cudaSuccess)                                                                                         \
            printf("%s: %d %s\n", #x, (int)e_, cudaGetErrorString(e_));                                                 \
    } while (0)

static int *buf(int n)
{
    int *d;
    CK(cudaMalloc(&d, n * sizeof(int)));
    CK(cudaMemset(d, 0, n * sizeof(int)));
    return d;
}
static void show(const char *name, int *d, int n)
{
    int *h = (int *)malloc(n * sizeof(int));
    CK(cudaMemcpy(h, d, n * sizeof(int), cudaMemcpyDeviceToHost));
    printf("%s:", name);
    for (int i = 0; i < n; i++)
        printf(" %d", h[i]);
    printf("\n");
    free(h);
}
static void done(const char *what)
{
    cudaError_t a = cudaGetLastError(), b = cudaDeviceSynchronize();
    printf("%s: launch %d sync %d (%s)\n", what, (int)a, (int)b, cudaGetErrorString(b));
}

int main()
{
    size_t lim = 0;
    cudaDeviceGetLimit(&lim, cudaLimitDevRuntimePendingLaunchCount);
    printf("pending launch limit %zu\n", lim);
    int *o = buf(64);
    parent<<<1, 32>>>(o);
    done("parent");
    show("parent o", o, 32);
    int *n = buf(64);
    nest<<<1, 1>>>(n);
    done("nest");
    show("nest o", n, 40);
    int *m = buf(256);
    many<<<2, 32>>>(m);
    done("many");
    show("many o", m, 256);
    int *reached = buf(32), *err = buf(32);
    dive<<<1, 1>>>(reached, err);
    done("dive");
    show("dive reached", reached, 32);
    show("dive err", err, 32);
    int *be = buf(8), *bo = buf(32);
    bad_config<<<1, 1>>>(be, bo);
    done("bad_config");
    show("bad_config err", be, 5);
    show("bad_config o", bo, 32);
    for (int rep = 0; rep < 5; rep++) {
        int *log = buf(8);
        order<<<1, 1>>>(log);
        done("order");
        show("order log", log, 4);
    }
    int *fe = buf(3072), *fc = buf(3072);
    flood<<<3, 1024>>>(fe, fc);
    done("flood");
    int *h = (int *)malloc(3072 * sizeof(int)), *c = (int *)malloc(3072 * sizeof(int));
    CK(cudaMemcpy(h, fe, 3072 * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(c, fc, 3072 * sizeof(int), cudaMemcpyDeviceToHost));
    int codes[1024] = {0}, ran = 0;
    for (int i = 0; i < 3072; i++) {
        codes[h[i] & 1023]++;
        ran += c[i];
    }
    printf("flood: counts ran %d; error codes:", ran);
    for (int i = 0; i < 1024; i++)
        if (codes[i])
            printf(" %d x%d", i, codes[i]);
    printf("\n");
    return 0;
}
