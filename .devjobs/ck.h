// ck.h: the device probes' check of a CUDA runtime call: on an error, the call and its message on stderr, exit 1.
#ifndef DEVJOBS_CK_H
#define DEVJOBS_CK_H
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(x)                                                                                                          \
    do {                                                                                                               \
        cudaError_t e_ = (x);                                                                                          \
        if (e_ != cudaSuccess) {                                                                                       \
            fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_));                                                   \
            exit(1);                                                                                                   \
        }                                                                                                              \
    } while (0)
#endif
