// Calls a CUDA runtime function warpsim's runtime does not provide (cudaFuncGetAttributes: it
// would report the register count of ptxas's SASS, which warpsim does not compile): warpsim exec
// must stop the program with a message naming it (tests/check_exec_errors.sh).
#include <cstdio>

__global__ void k(int *p) { p[threadIdx.x] = threadIdx.x; }

int main() {
    printf("before\n");
    cudaFuncAttributes a;
    cudaError_t e = cudaFuncGetAttributes(&a, k);
    printf("after: %s, %d registers\n", cudaGetErrorString(e), a.numRegs);
    return 0;
}
