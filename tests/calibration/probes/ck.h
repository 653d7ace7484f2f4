// ck.h: a failed CUDA call ends the probe: the call's text and CUDA's message on stderr, exit status 1 (the device
// probes', tests/calibration/probes and .devjobs).
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
