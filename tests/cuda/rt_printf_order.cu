// Where device printf output lands among the host's: the CUDA runtime prints a kernel's printf
// buffer at synchronisation points (cudaDeviceSynchronize, a blocking cudaMemcpy, ...), into the
// same stdout the host writes with printf. The last kernel is never waited for.
#include <cstdio>

__global__ void hello(int round) {
    printf("round %d: device thread %d\n", round, threadIdx.x);
}

int main() {
    printf("host: before the first launch\n");
    hello<<<1, 2>>>(1);
    printf("host: after the first launch, before cudaDeviceSynchronize\n");
    cudaDeviceSynchronize();
    printf("host: after cudaDeviceSynchronize\n");
    int *d, h = 0;
    cudaMalloc(&d, sizeof(int));
    hello<<<2, 1>>>(2);
    printf("host: after the second launch, before a blocking cudaMemcpy\n");
    cudaMemcpy(&h, d, sizeof(int), cudaMemcpyDeviceToHost);
    printf("host: after the cudaMemcpy\n");
    cudaStream_t s;
    cudaStreamCreate(&s);
    hello<<<1, 1, 0, s>>>(3);
    printf("host: after a launch on a stream, before cudaStreamSynchronize\n");
    cudaStreamSynchronize(s);
    printf("host: after cudaStreamSynchronize\n");
    cudaEvent_t e;
    cudaEventCreate(&e);
    hello<<<1, 1>>>(4);
    cudaEventRecord(e);
    printf("host: before cudaEventSynchronize\n");
    cudaEventSynchronize(e);
    printf("host: after cudaEventSynchronize\n");
    hello<<<1, 1>>>(5);
    printf("host: the fifth launch is never synchronised; exiting\n");
    return 0;
}
