// Device-side launches, CUDA dynamic parallelism (tests/test_ptx_features.c, test_device_launches):
//   nvcc -arch=sm_90 -rdc=true -ptx cdp.cu
// parent: thread 0 launches child, which writes 0..31. nest: a child that launches a grandchild.
// many: each thread launches a grid of its own. dive: a kernel that launches itself until the
// pending limit refuses it (at depth 2048, on an H100 too). bad_config: launches no grid can have
// (the error codes come back).
// order: a tail launch runs after the grid's other children. flood: the pending launch limit.
__global__ void child(int *o) { o[threadIdx.x] = threadIdx.x; }
__global__ void parent(int *o)
{
    if (threadIdx.x == 0)
        child<<<1, 32>>>(o);
}

__global__ void grandchild(int *o, int base) { o[32 + blockIdx.x * blockDim.x + threadIdx.x] = base + threadIdx.x; }
__global__ void middle(int *o, int n)
{
    o[threadIdx.x] = 100 + threadIdx.x;
    if (threadIdx.x == 0)
        grandchild<<<2, n>>>(o, 1000 + blockIdx.x);
}
__global__ void nest(int *o) { middle<<<1, 8>>>(o, 4); }

__global__ void fill(int *o, int who) { o[threadIdx.x] = who * 10 + threadIdx.x; }
__global__ void many(int *o) { fill<<<1, 4>>>(o + 4 * (blockIdx.x * blockDim.x + threadIdx.x), blockIdx.x * blockDim.x + threadIdx.x); }

__global__ void dive(int *reached, int *err) // reached[d], err[d]: the grid at depth d
{
    reached[0] = 1;
    dive<<<1, 1>>>(reached + 1, err + 1);
    err[0] = cudaGetLastError();
}

__global__ void bad_config(int *err, int *o)
{
    child<<<1, 2048>>>(o);           // more than 1024 threads a block
    err[0] = cudaGetLastError();
    err[1] = cudaGetLastError();     // read once: cudaSuccess again
    child<<<dim3(1, 70000), 1>>>(o); // grid y past 65535
    err[2] = cudaPeekAtLastError();
    err[3] = cudaGetLastError();
    child<<<1, 32>>>(o);             // a good one after them runs
    err[4] = cudaGetLastError();
}

__global__ void log_me(int *log, int who) { log[atomicAdd(log, 1) + 1] = who; }
__global__ void order(int *log)
{
    log_me<<<1, 1, 0, cudaStreamTailLaunch>>>(log, 3);
    log_me<<<1, 1>>>(log, 1);
    log_me<<<1, 1, 0, cudaStreamFireAndForget>>>(log, 2);
}

// flood: more launches than may be pending (2048): the later ones come back refused
__global__ void one(int *o) { o[0] += 1; }
__global__ void flood(int *err, int *count)
{
    int t = blockIdx.x * blockDim.x + threadIdx.x;
    one<<<1, 1>>>(count + t);
    err[t] = cudaGetLastError();
}
