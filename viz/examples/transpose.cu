// A 32x32 tile transposed through shared memory by a block of 32x8 threads, twice: reading the
// tile by columns makes all 32 lanes of a warp hit one bank (a 32-way conflict); one column of
// padding (tile[32][33]) spreads a column over all 32 banks. docs/pictures/transpose_*.png show
// the two side by side with their cycles; the args files run one kernel each.
// PTX: nvcc -arch=sm_90 -ptx -lineinfo viz/examples/transpose.cu -o viz/examples/transpose.ptx
#define TILE 32
#define ROWS 8

extern "C" __global__ void transpose_conflict(const float *in, float *out)
{
    __shared__ float tile[TILE][TILE];
    int x = threadIdx.x, y = threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        tile[y + j][x] = in[(y + j) * TILE + x];
    __syncthreads();
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * TILE + x] = tile[x][y + j]; // a column: lanes x = 0..31 all in bank (y + j) % 32
}

extern "C" __global__ void transpose_padded(const float *in, float *out)
{
    __shared__ float tile[TILE][TILE + 1];
    int x = threadIdx.x, y = threadIdx.y;
    for (int j = 0; j < TILE; j += ROWS)
        tile[y + j][x] = in[(y + j) * TILE + x];
    __syncthreads();
    for (int j = 0; j < TILE; j += ROWS)
        out[(y + j) * TILE + x] = tile[x][y + j]; // row x starts 33 words on: lane x in bank (x + y + j) % 32
}
