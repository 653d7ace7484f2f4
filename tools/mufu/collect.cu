// collect: runs every set of sets.h on the GPU and writes DIR/NAME.raw (the output words,
// little-endian: u16 for halves, u32 otherwise). nvcc -O2 -arch=sm_90 collect.cu -o collect
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "sets.h"

#define F32(OP) asm volatile(OP " %0, %1;" : "=f"(fo) : "f"(fi))
#define B16(OP) asm volatile(OP " %0, %1;" : "=h"(ho) : "h"(hi))
#define B32(OP) asm volatile(OP " %0, %1;" : "=r"(ro) : "r"(ri))

__global__ void run(mufu_set s, unsigned *out)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= s.count)
        return;
    unsigned in = mufu_input(&s, i);
    float fi = __uint_as_float(in), fo = 0;
    unsigned short hi = (unsigned short)in, ho = 0;
    unsigned ri = in, ro = 0;
    switch (s.op) {
    case OP_RCP_FTZ: F32("rcp.approx.ftz.f32"); break;
    case OP_RCP: F32("rcp.approx.f32"); break;
    case OP_SQRT_FTZ: F32("sqrt.approx.ftz.f32"); break;
    case OP_SQRT: F32("sqrt.approx.f32"); break;
    case OP_RSQ_FTZ: F32("rsqrt.approx.ftz.f32"); break;
    case OP_RSQ: F32("rsqrt.approx.f32"); break;
    case OP_EX2_FTZ: F32("ex2.approx.ftz.f32"); break;
    case OP_EX2: F32("ex2.approx.f32"); break;
    case OP_LG2_FTZ: F32("lg2.approx.ftz.f32"); break;
    case OP_LG2: F32("lg2.approx.f32"); break;
    case OP_SIN_FTZ: F32("sin.approx.ftz.f32"); break;
    case OP_SIN: F32("sin.approx.f32"); break;
    case OP_COS_FTZ: F32("cos.approx.ftz.f32"); break;
    case OP_COS: F32("cos.approx.f32"); break;
    case OP_TANH: F32("tanh.approx.f32"); break;
    case OP_EX2_F16: B16("ex2.approx.f16"); break;
    case OP_EX2_BF16: B16("ex2.approx.ftz.bf16"); break;
    case OP_TANH_F16: B16("tanh.approx.f16"); break;
    case OP_TANH_BF16: B16("tanh.approx.bf16"); break;
    case OP_EX2_F16X2: B32("ex2.approx.f16x2"); break;
    case OP_EX2_BF16X2: B32("ex2.approx.ftz.bf16x2"); break;
    case OP_TANH_F16X2: B32("tanh.approx.f16x2"); break;
    case OP_TANH_BF16X2: B32("tanh.approx.bf16x2"); break;
    }
    if (s.op >= OP_EX2_F16X2)
        out[i] = ro;
    else if (s.op >= OP_EX2_F16)
        out[i] = ho;
    else
        out[i] = __float_as_uint(fo);
}

int main(int argc, char **argv)
{
    const char *dir = argc > 1 ? argv[1] : ".";
    unsigned *d;
    size_t most = 0;
    for (int k = 0; k < MUFU_NSETS; k++)
        most = mufu_sets[k].count > most ? mufu_sets[k].count : most;
    if (cudaMalloc(&d, most * 4) != cudaSuccess)
        return 1;
    std::vector<unsigned> h(most);
    std::vector<unsigned short> h16(most);
    for (int k = 0; k < MUFU_NSETS; k++) {
        const mufu_set &s = mufu_sets[k];
        run<<<(s.count + 255) / 256, 256>>>(s, d);
        if (cudaMemcpy(h.data(), d, s.count * 4ull, cudaMemcpyDeviceToHost) != cudaSuccess) {
            fprintf(stderr, "collect: %s: %s\n", s.name, cudaGetErrorString(cudaGetLastError()));
            return 1;
        }
        char path[512];
        snprintf(path, sizeof path, "%s/%s.raw", dir, s.name);
        FILE *f = fopen(path, "wb");
        if (!f)
            return 1;
        if (s.mode == MODE_RAW16) {
            for (unsigned i = 0; i < s.count; i++)
                h16[i] = (unsigned short)h[i];
            fwrite(h16.data(), 2, s.count, f);
        } else {
            fwrite(h.data(), 4, s.count, f);
        }
        fclose(f);
    }
    printf("collect: %d sets\n", MUFU_NSETS);
    return 0;
}
