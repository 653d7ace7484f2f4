// sass_ldc56 (ldc56): where ptxas starts reloading kernel parameters (an LDC.64 of c[0x0][0x218] beside each FFMA)
// in very long straight-line code: fwin53's region<160> from its 131st chunk on, 0x820 bytes a chunk, not 0x420.
// Compiled here, not run: .devjobs/ldc56/ldc56.sh reads the cubin (ldc56.py). Each kernel runs NC chunks of CH chains
// of 8 dependent FFMAs `v = fmaf(v, a, b)` (a, b the parameters), then a stamp of kind MODE. docs/calibration.md
// "(ldc56)".
template <int CH, int NC, int MODE> __global__ void __launch_bounds__(128) lin(unsigned long long *o, float a, float b)
{
    __shared__ unsigned long long ks[NC + 1];
    float v[16];
#pragma unroll
    for (int c = 0; c < 16; c++)
        v[c] = threadIdx.x * a + c;
    unsigned long long t = 0, acc = 0;
    unsigned at = (unsigned)__cvta_generic_to_shared(&ks[0]);
#pragma unroll
    for (int s = 1; s <= NC; s++) {
#pragma unroll
        for (int i = 0; i < 8; i++) {
#pragma unroll
            for (int c = 0; c < CH; c++)
                v[c] = MODE == 6 ? fmaf(v[c], a, 0.5f) : MODE == 9 ? fmaf(v[c], 1.0001f, 0.5f) : fmaf(v[c], a, b);
        }
        if (MODE == 0) { // a clock read alone
            asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) : : "memory");
            acc += t;
        }
        if (MODE == 1) // a shared store of a constant
            asm volatile("st.shared.u64 [%0], %1;" : : "r"(at + s * 8), "l"((unsigned long long)s) : "memory");
        if (MODE == 2 || MODE == 6 || MODE == 9) { // the clock stored to shared memory (fwin53's stamp)
            asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) : : "memory");
            asm volatile("st.shared.u64 [%0], %1;" : : "r"(at + s * 8), "l"(t) : "memory");
        }
        if (MODE == 3) // membar alone
            asm volatile("membar.cta;" ::: "memory");
        if (MODE == 4) // a global store of a constant
            asm volatile("st.global.u64 [%0], %1;" : : "l"(o + s), "l"((unsigned long long)s) : "memory");
        if (MODE == 5) { // the clock stored to global memory
            asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) : : "memory");
            asm volatile("st.global.u64 [%0], %1;" : : "l"(o + s), "l"(t) : "memory");
        }
        if (MODE == 7) // a shared store of a chain's value
            asm volatile("st.shared.f32 [%0], %1;" : : "r"(at + s * 8), "f"(v[0]) : "memory");
        if (MODE == 8) { // the clock stored to one of 8 shared slots
            asm volatile("mov.u64 %0, %%clock64;" : "=l"(t) : : "memory");
            asm volatile("st.shared.u64 [%0], %1;" : : "r"(at + (s & 7) * 8), "l"(t) : "memory");
        }
    }
    __syncwarp();
    float sum = 0;
#pragma unroll
    for (int c = 0; c < CH; c++)
        sum += v[c];
    if (sum == 12345.0f)
        o[0] = acc + ks[threadIdx.x];
}

#define K(CH, NC, M) template __global__ void lin<CH, NC, M>(unsigned long long *, float, float);
K(8, 200, 0) K(8, 200, 1) K(8, 200, 2) K(8, 200, 3) K(8, 200, 4) K(8, 200, 5) K(8, 200, 6) K(8, 200, 7) K(8, 200, 8)
K(8, 200, 9) K(2, 800, 2) K(4, 400, 2) K(16, 200, 2) K(8, 132, 2) K(8, 140, 2)
