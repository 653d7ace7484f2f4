// scrub.cuh (fwin50, fwin51, fwin52, span60): the scrub, 192 KiB of straight-line FFMAs (12288), launched as two
// blocks of 128 threads on every SM (<<<264, 128>>>) before a probe launch, so that no line of the probe's code is left
// in an SM's instruction caches.
#pragma once
__global__ void __launch_bounds__(128) scrub(float *o, float a, float b)
{
    float v0 = threadIdx.x * a, v1 = v0 + 1, v2 = v0 + 2, v3 = v0 + 3, v4 = v0 + 4, v5 = v0 + 5, v6 = v0 + 6,
          v7 = v0 + 7;
#pragma unroll
    for (int i = 0; i < 12288 / 8; i++) {
        v0 = fmaf(v0, a, b); v1 = fmaf(v1, a, b); v2 = fmaf(v2, a, b); v3 = fmaf(v3, a, b);
        v4 = fmaf(v4, a, b); v5 = fmaf(v5, a, b); v6 = fmaf(v6, a, b); v7 = fmaf(v7, a, b);
    }
    o[blockIdx.x * blockDim.x + threadIdx.x] = v0 + v1 + v2 + v3 + v4 + v5 + v6 + v7;
}
