// Seed 000 (shared/seeds/000_52d692a3b5cd8f38.txt: "Warp shuffle 原语:寄存器内交换数据,5 步完成 warp
// 归约", 2026-09-25): every kernel fragment of the article, completed into one program. The
// article gives no main(); this one (ours) fills inputs with small integers, so that every float
// sum is exact in any order, runs each kernel and prints what it computed.
#include <cstdio>

// Section 1: the old way, a shared-memory mailbox: lane 0 reads lane 7's value.
__global__ void mailbox(const float *in, float *out) {
    __shared__ float mailbox[32];
    float my_value = in[threadIdx.x];
    mailbox[threadIdx.x % 32] = my_value;
    __syncthreads();
    float v = mailbox[7];
    out[threadIdx.x] = v;
}

// Section 3: the 5-step shfl_down reduction, and the block reduction built on it.
__device__ __forceinline__
float warp_reduce(float v) {
#pragma unroll
    for (int offset = 16; offset > 0; offset >>= 1)
        v += __shfl_down_sync(0xffffffffu, v, offset);
    return v;
}

__global__ void block_reduce(const float *in, float *out) {
    float input = in[blockIdx.x * blockDim.x + threadIdx.x];
    unsigned lane = threadIdx.x % 32;
    unsigned wid = threadIdx.x / 32;
    float v = warp_reduce(input);
    __shared__ float warp_sum[32];
    if (lane == 0) warp_sum[wid] = v;
    __syncthreads();
    v = (wid == 0) ? warp_reduce(warp_sum[lane]) : 0.0f;
    if (threadIdx.x == 0) out[blockIdx.x] = v;
}

// Section 4: the xor butterfly, and the shfl_up inclusive scan.
__global__ void butterfly(const float *in, float *out) {
    float v = in[threadIdx.x];
#pragma unroll
    for (int step = 1; step < 32; step <<= 1) {
        float other = __shfl_xor_sync(0xffffffffu, v, step);
        v = ((threadIdx.x & step) == 0) ? v + other : other - v;
    }
    out[threadIdx.x] = v;
}

__global__ void scan(const float *in, float *out) {
    unsigned lane = threadIdx.x % 32;
    float v = in[threadIdx.x];
#pragma unroll
    for (int delta = 1; delta < 32; delta <<= 1) {
        float n = __shfl_up_sync(0xffffffffu, v, delta);
        if (lane >= delta) v += n;
    }
    out[threadIdx.x] = v;
}

// Section 5: votes, and ballot compaction.
__global__ void compact(const int *in, int *out, int *count) {
    unsigned lane = threadIdx.x % 32;
    int value = in[threadIdx.x];
    bool pred = value % 3 == 0;
    int base = 0;
    unsigned hit = __ballot_sync(0xffffffffu, pred);
    unsigned rank = __popc(hit & ((1u << lane) - 1));
    if (pred) out[base + rank] = value;
    unsigned total = __popc(hit);
    if (lane == 0) *count = total;
}

__global__ void votes(const int *in) {
    int v = in[threadIdx.x];
    int all = __all_sync(0xffffffffu, v > 0);
    int any = __any_sync(0xffffffffu, v > 30);
    unsigned ballot = __ballot_sync(0xffffffffu, v % 2);
    if (threadIdx.x == 0)
        printf("__all_sync(v > 0) = %d, __any_sync(v > 30) = %d, __ballot_sync(v odd) = 0x%08x\n", all, any, ballot);
}

static void print_floats(const char *what, const float *v, int n) {
    printf("%s:", what);
    for (int i = 0; i < n; i++)
        printf(" %g", v[i]);
    printf("\n");
}

int main() {
    const int N = 1024 * 4;
    float h_in[N], h_out[N];
    int h_int[32], h_cnt = 0;
    for (int i = 0; i < N; i++)
        h_in[i] = (float)(i % 32);
    for (int i = 0; i < 32; i++)
        h_int[i] = i + 1;
    float *d_in, *d_out;
    int *d_int, *d_iout, *d_cnt;
    cudaMalloc(&d_in, N * sizeof(float));
    cudaMalloc(&d_out, N * sizeof(float));
    cudaMalloc(&d_int, 32 * sizeof(int));
    cudaMalloc(&d_iout, 32 * sizeof(int));
    cudaMalloc(&d_cnt, sizeof(int));
    cudaMemcpy(d_in, h_in, N * sizeof(float), cudaMemcpyHostToDevice);
    cudaMemcpy(d_int, h_int, 32 * sizeof(int), cudaMemcpyHostToDevice);

    mailbox<<<1, 32>>>(d_in, d_out);
    cudaMemcpy(h_out, d_out, 32 * sizeof(float), cudaMemcpyDeviceToHost);
    print_floats("mailbox[7] seen by every lane", h_out, 32);

    block_reduce<<<4, 1024>>>(d_in, d_out);
    cudaMemcpy(h_out, d_out, 4 * sizeof(float), cudaMemcpyDeviceToHost);
    print_floats("block sums of 4 x 1024 values (lane ids)", h_out, 4);

    butterfly<<<1, 32>>>(d_in, d_out);
    cudaMemcpy(h_out, d_out, 32 * sizeof(float), cudaMemcpyDeviceToHost);
    print_floats("xor butterfly of 0..31", h_out, 32);

    scan<<<1, 32>>>(d_in, d_out);
    cudaMemcpy(h_out, d_out, 32 * sizeof(float), cudaMemcpyDeviceToHost);
    print_floats("inclusive scan of 0..31", h_out, 32);

    cudaMemset(d_iout, 0, 32 * sizeof(int));
    compact<<<1, 32>>>(d_int, d_iout, d_cnt);
    cudaMemcpy(h_int, d_iout, 32 * sizeof(int), cudaMemcpyDeviceToHost);
    cudaMemcpy(&h_cnt, d_cnt, sizeof(int), cudaMemcpyDeviceToHost);
    printf("ballot compaction of the multiples of 3 in 1..32: %d hits:", h_cnt);
    for (int i = 0; i < h_cnt; i++)
        printf(" %d", h_int[i]);
    printf("\n");

    votes<<<1, 32>>>(d_int);
    cudaError_t e = cudaDeviceSynchronize();
    printf("cudaDeviceSynchronize: %s\n", cudaGetErrorString(e));
    cudaFree(d_in);
    cudaFree(d_out);
    cudaFree(d_int);
    cudaFree(d_iout);
    cudaFree(d_cnt);
    return 0;
}
