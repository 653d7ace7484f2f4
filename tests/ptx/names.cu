// C++ kernel names as nvcc mangles them (tests/test_ptx_features.c: the demangler and --kernel):
// nvcc -arch=sm_90 -ptx names.cu -o names.ptx
namespace ns { struct P { int x; }; template <class T> struct W { T v; };
__global__ void k1(float *a, float *b, const float *c, int n) { a[n] = b[n] + c[n]; }
template <typename T, int N> __global__ void k2(T *a, const T *b, ns::P p, W<T> w) { a[N & 1] = b[p.x] + w.v; }
template __global__ void k2<float, 4>(float*, const float*, P, W<float>);
template __global__ void k2<unsigned, -2>(unsigned*, const unsigned*, P, W<unsigned>);
}
namespace { __global__ void anon(int *p) { *p = 1; } }
void use() { int *q = 0; anon<<<1,1>>>(q); }
__global__ void foo(int *p) { *p = 2; }
template <typename T> __global__ void tfoo(T *p) { *p = 3; }
template __global__ void tfoo<int>(int*);
template __global__ void tfoo<double>(double*);
template <bool B> __global__ void tb(long long x, unsigned long long y, char c, short s) { if (B) *(char *)y = c + s + (char)x; }
template __global__ void tb<true>(long long, unsigned long long, char, short);
__global__ void refs(int *__restrict__ a, volatile int *b) { *a = *b; }
__device__ int sink;
__global__ void noargs() { sink = 4; }
