// bfi and bfe with IMMEDIATE operands: every pos 0..33 x len 0..40, in five forms (fuzz seed 319
// showed that ptxas treats an immediate len of 32 or more differently from a register one).
// r[((form * 34 + pos) * 41 + len) * 32 + lane], a = in[lane], b = in[32 + lane]; forms:
// 0 bfi.b32 d, a, b, POS, LEN   1 bfi.b32 d, a, b, POS, len   2 bfi.b32 d, a, b, pos, LEN
// 3 bfe.u32 d, a, POS, LEN      4 bfe.s32 d, a, POS, LEN      (CAPITALS immediate, lower case in
// a register: zero + the value, zero a kernel parameter the compiler cannot see through).
#define NPOS 34
#define NLEN 41

template <int P, int L> struct bfi_sweep {
    static __device__ __forceinline__ void run(unsigned a, unsigned b, unsigned zero, unsigned *r, unsigned lane)
    {
        unsigned d, k = P * NLEN + L, n = NPOS * NLEN;
        asm volatile("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "n"(P), "n"(L));
        r[(0 * n + k) * 32 + lane] = d;
        asm volatile("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "n"(P), "r"(zero + L));
        r[(1 * n + k) * 32 + lane] = d;
        asm volatile("bfi.b32 %0, %1, %2, %3, %4;" : "=r"(d) : "r"(a), "r"(b), "r"(zero + P), "n"(L));
        r[(2 * n + k) * 32 + lane] = d;
        asm volatile("bfe.u32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "n"(P), "n"(L));
        r[(3 * n + k) * 32 + lane] = d;
        asm volatile("bfe.s32 %0, %1, %2, %3;" : "=r"(d) : "r"(a), "n"(P), "n"(L));
        r[(4 * n + k) * 32 + lane] = d;
        bfi_sweep<P, L + 1>::run(a, b, zero, r, lane);
    }
};

/* a row ends at len NLEN; rows chain over pos (two chains keep the template recursion shallow) */
template <int P> struct bfi_sweep<P, NLEN> {
    static __device__ __forceinline__ void run(unsigned, unsigned, unsigned, unsigned *, unsigned) {}
};

template <int P> struct bfi_rows {
    static __device__ __forceinline__ void run(unsigned a, unsigned b, unsigned zero, unsigned *r, unsigned lane)
    {
        bfi_sweep<P, 0>::run(a, b, zero, r, lane);
        bfi_rows<P + 1>::run(a, b, zero, r, lane);
    }
};

template <> struct bfi_rows<NPOS> {
    static __device__ __forceinline__ void run(unsigned, unsigned, unsigned, unsigned *, unsigned) {}
};

extern "C" __global__ void sweep_bfi_imm(const unsigned *in, unsigned *r, unsigned zero)
{
    unsigned lane = threadIdx.x & 31;
    bfi_rows<0>::run(in[lane], in[32 + lane], zero, r, lane);
}
