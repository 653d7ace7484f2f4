/* relaunch PTX KERNEL NPARAMS NOUT LAUNCHES: one block of 32 threads, LAUNCHES times in one process;
 * every param a zeroed 64 KiB buffer; prints out[0..NOUT) (the first buffer) after each launch:
 * the first launch finds the code cold, the later ones warm (sync10, issue 15). */
#include <cuda.h>
#include <stdio.h>
#include <stdlib.h>
#define CK(x)                                                                                                          \
    do {                                                                                                               \
        CUresult r_ = (x);                                                                                             \
        if (r_ != CUDA_SUCCESS) {                                                                                      \
            fprintf(stderr, "%s: %d\n", #x, (int)r_);                                                                  \
            return 1;                                                                                                  \
        }                                                                                                              \
    } while (0)
int main(int argc, char **argv)
{
    if (argc != 6)
        return 2;
    int np = atoi(argv[3]), nout = atoi(argv[4]), nl = atoi(argv[5]);
    FILE *f = fopen(argv[1], "rb");
    if (!f)
        return 3;
    static char ptx[1 << 22];
    size_t n = fread(ptx, 1, sizeof ptx - 1, f);
    ptx[n] = 0;
    fclose(f);
    CUdevice d;
    CUcontext c;
    CUmodule m;
    CUfunction k;
    CK(cuInit(0));
    CK(cuDeviceGet(&d, 0));
    CK(cuDevicePrimaryCtxRetain(&c, d));
    CK(cuCtxSetCurrent(c));
    CK(cuModuleLoadData(&m, ptx));
    CK(cuModuleGetFunction(&k, m, argv[2]));
    CUdeviceptr b[8];
    void *p[8];
    for (int i = 0; i < np; i++) {
        CK(cuMemAlloc(&b[i], 65536));
        CK(cuMemsetD8(b[i], 0, 65536));
        p[i] = &b[i];
    }
    unsigned long long out[64];
    for (int l = 0; l < nl; l++) {
        CK(cuLaunchKernel(k, 1, 1, 1, 32, 1, 1, 0, 0, p, 0));
        CK(cuCtxSynchronize());
        CK(cuMemcpyDtoH(out, b[0], 8 * nout));
        printf("%s launch %d:", argv[2], l + 1);
        for (int i = 0; i < nout; i++)
            printf(" %llu", out[i]);
        printf("\n");
    }
    return 0;
}
