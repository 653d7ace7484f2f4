// cold18's clock gauge and memory holder (docs/calibration.md "(first19)"); built and run by .devjobs/cold18/run.sh.
//   clk gauge [LAUNCHES [SPIN_US]]  one block of 32 threads (a single block goes to SM 124 on the H200, as the
//       probes' did): lane 0 reads %globaltimer (ns) and %clock64 (the SM's cycles), spins SPIN_US (2000) by the
//       globaltimer, reads both again. Prints per launch "gauge L smid c0 c1 g0 g1 MHz host_ns": the SM clock over
//       the spin, and (c, g) pairs on SM 124 that bracket the probe processes run between two gauges, whose
//       clock64 stamps are on the same counter (it runs on across processes: alu27's and cold17's raw runs).
//   clk hold MB SECONDS  holds MB of device memory (cudaMalloc commits it) for SECONDS, so that the processes
//       run meanwhile get their memory, and their code, elsewhere in the GPU's memory.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <unistd.h>

__global__ void gauge(unsigned long long *o, unsigned long long spin_ns) {
    unsigned long long c0, c1, g0, g1, g;
    unsigned sm;
    asm volatile("mov.u32 %0, %%smid;" : "=r"(sm));
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g0)::"memory");
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c0)::"memory");
    do {
        asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g)::"memory");
    } while (g - g0 < spin_ns);
    asm volatile("mov.u64 %0, %%clock64;" : "=l"(c1)::"memory");
    asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(g1)::"memory");
    if (threadIdx.x == 0) {
        o[0] = sm;
        o[1] = c0;
        o[2] = c1;
        o[3] = g0;
        o[4] = g1;
    }
}

#define CK(x) do { cudaError_t e_ = (x); if (e_ != cudaSuccess) { fprintf(stderr, "%s: %s\n", #x, cudaGetErrorString(e_)); exit(1); } } while (0)

static long long host_ns(void) {
    struct timespec t;
    clock_gettime(CLOCK_REALTIME, &t);
    return (long long)t.tv_sec * 1000000000LL + t.tv_nsec;
}

int main(int argc, char **argv) {
    if (argc >= 2 && !strcmp(argv[1], "hold")) {
        size_t mb = argc > 2 ? strtoull(argv[2], 0, 10) : 1024;
        int secs = argc > 3 ? atoi(argv[3]) : 30;
        void *p;
        CK(cudaMalloc(&p, mb << 20));
        printf("held %zu MB at %p\n", mb, p);
        fflush(stdout);
        sleep(secs);
        return 0;
    }
    if (argc < 2 || strcmp(argv[1], "gauge")) {
        fprintf(stderr, "usage: %s gauge [LAUNCHES [SPIN_US]] | hold MB SECONDS\n", argv[0]);
        return 2;
    }
    int launches = argc > 2 ? atoi(argv[2]) : 2;
    unsigned long long spin = (argc > 3 ? strtoull(argv[3], 0, 10) : 2000) * 1000ULL, h[5];
    unsigned long long *o;
    CK(cudaMalloc(&o, sizeof h));
    for (int l = 0; l < launches; l++) {
        long long t = host_ns();
        gauge<<<1, 32>>>(o, spin);
        CK(cudaDeviceSynchronize());
        CK(cudaMemcpy(h, o, sizeof h, cudaMemcpyDeviceToHost));
        printf("gauge %d %llu %llu %llu %llu %llu %.1f %lld\n", l, h[0], h[1], h[2], h[3], h[4],
               (double)(h[2] - h[1]) * 1e3 / (double)(h[4] - h[3]), t);
    }
    return 0;
}
