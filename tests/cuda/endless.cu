// A kernel that never ends (on a GPU it would hang): under warpsim exec --max-instructions it
// stops, and the program sees cudaErrorLaunchTimeout at the next synchronisation, sticky
// (tests/check_exec_errors.sh).
#include <cstdio>

__global__ void spin(volatile int *flag) {
    while (*flag == 0) {
    }
}

int main() {
    int *flag;
    cudaMalloc(&flag, sizeof(int));
    cudaMemset(flag, 0, sizeof(int));
    spin<<<1, 32>>>(flag);
    printf("launch: %s\n", cudaGetErrorName(cudaGetLastError()));
    printf("synchronize: %s\n", cudaGetErrorName(cudaDeviceSynchronize()));
    printf("malloc: %s\n", cudaGetErrorName(cudaMalloc(&flag, 4)));
    return 0;
}
