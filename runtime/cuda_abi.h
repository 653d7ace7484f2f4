/* The CUDA runtime's types as a program compiled by nvcc 13 passes them (its ABI), written out so
 * that warpsim's runtime builds without the CUDA toolkit. Names follow CUDA's where a program
 * sees them (error codes, dim3, the fields of cudaDeviceProp); the rest are warpsim's. */
#ifndef WS_RT_CUDA_ABI_H
#define WS_RT_CUDA_ABI_H

#include <stddef.h>

typedef enum {
#define E(code, name, str) name = code,
#include "errors.def"
#undef E
} cudaError_t;

typedef struct {
    unsigned x, y, z;
} dim3;

typedef struct rt_stream *cudaStream_t;
typedef struct rt_event *cudaEvent_t;
typedef struct rt_function *cudaKernel_t;

enum {
    cudaMemcpyHostToHost,
    cudaMemcpyHostToDevice,
    cudaMemcpyDeviceToHost,
    cudaMemcpyDeviceToDevice,
    cudaMemcpyDefault
};

typedef struct {
    char bytes[16];
} rt_uuid;

/* struct cudaDeviceProp of CUDA 13 (driver_types.h), field by field: P(type, name, array).
 * tests/test_cudart.c checks every offset against the toolkit's header where it is installed,
 * and the whole struct against the bytes an H200's runtime wrote (rt_props.stderr). */
/* clang-format off */
#define RT_DEVICE_PROP_FIELDS(P) \
    P(char, name, [256]) \
    P(rt_uuid, uuid, ) \
    P(char, luid, [8]) \
    P(unsigned, luidDeviceNodeMask, ) \
    P(size_t, totalGlobalMem, ) \
    P(size_t, sharedMemPerBlock, ) \
    P(int, regsPerBlock, ) \
    P(int, warpSize, ) \
    P(size_t, memPitch, ) \
    P(int, maxThreadsPerBlock, ) \
    P(int, maxThreadsDim, [3]) \
    P(int, maxGridSize, [3]) \
    P(size_t, totalConstMem, ) \
    P(int, major, ) \
    P(int, minor, ) \
    P(size_t, textureAlignment, ) \
    P(size_t, texturePitchAlignment, ) \
    P(int, multiProcessorCount, ) \
    P(int, integrated, ) \
    P(int, canMapHostMemory, ) \
    P(int, maxTexture1D, ) \
    P(int, maxTexture1DMipmap, ) \
    P(int, maxTexture2D, [2]) \
    P(int, maxTexture2DMipmap, [2]) \
    P(int, maxTexture2DLinear, [3]) \
    P(int, maxTexture2DGather, [2]) \
    P(int, maxTexture3D, [3]) \
    P(int, maxTexture3DAlt, [3]) \
    P(int, maxTextureCubemap, ) \
    P(int, maxTexture1DLayered, [2]) \
    P(int, maxTexture2DLayered, [3]) \
    P(int, maxTextureCubemapLayered, [2]) \
    P(int, maxSurface1D, ) \
    P(int, maxSurface2D, [2]) \
    P(int, maxSurface3D, [3]) \
    P(int, maxSurface1DLayered, [2]) \
    P(int, maxSurface2DLayered, [3]) \
    P(int, maxSurfaceCubemap, ) \
    P(int, maxSurfaceCubemapLayered, [2]) \
    P(size_t, surfaceAlignment, ) \
    P(int, concurrentKernels, ) \
    P(int, ECCEnabled, ) \
    P(int, pciBusID, ) \
    P(int, pciDeviceID, ) \
    P(int, pciDomainID, ) \
    P(int, tccDriver, ) \
    P(int, asyncEngineCount, ) \
    P(int, unifiedAddressing, ) \
    P(int, memoryBusWidth, ) \
    P(int, l2CacheSize, ) \
    P(int, persistingL2CacheMaxSize, ) \
    P(int, maxThreadsPerMultiProcessor, ) \
    P(int, streamPrioritiesSupported, ) \
    P(int, globalL1CacheSupported, ) \
    P(int, localL1CacheSupported, ) \
    P(size_t, sharedMemPerMultiprocessor, ) \
    P(int, regsPerMultiprocessor, ) \
    P(int, managedMemory, ) \
    P(int, isMultiGpuBoard, ) \
    P(int, multiGpuBoardGroupID, ) \
    P(int, hostNativeAtomicSupported, ) \
    P(int, pageableMemoryAccess, ) \
    P(int, concurrentManagedAccess, ) \
    P(int, computePreemptionSupported, ) \
    P(int, canUseHostPointerForRegisteredMem, ) \
    P(int, cooperativeLaunch, ) \
    P(size_t, sharedMemPerBlockOptin, ) \
    P(int, pageableMemoryAccessUsesHostPageTables, ) \
    P(int, directManagedMemAccessFromHost, ) \
    P(int, maxBlocksPerMultiProcessor, ) \
    P(int, accessPolicyMaxWindowSize, ) \
    P(size_t, reservedSharedMemPerBlock, ) \
    P(int, hostRegisterSupported, ) \
    P(int, sparseCudaArraySupported, ) \
    P(int, hostRegisterReadOnlySupported, ) \
    P(int, timelineSemaphoreInteropSupported, ) \
    P(int, memoryPoolsSupported, ) \
    P(int, gpuDirectRDMASupported, ) \
    P(unsigned, gpuDirectRDMAFlushWritesOptions, ) \
    P(int, gpuDirectRDMAWritesOrdering, ) \
    P(unsigned, memoryPoolSupportedHandleTypes, ) \
    P(int, deferredMappingCudaArraySupported, ) \
    P(int, ipcEventSupported, ) \
    P(int, clusterLaunch, ) \
    P(int, unifiedFunctionPointers, ) \
    P(int, deviceNumaConfig, ) \
    P(int, deviceNumaId, ) \
    P(int, mpsEnabled, ) \
    P(int, hostNumaId, ) \
    P(unsigned, gpuPciDeviceID, ) \
    P(unsigned, gpuPciSubsystemID, ) \
    P(int, hostNumaMultinodeIpcSupported, ) \
    P(int, reserved, [56])
/* clang-format on */

typedef struct {
#define RT_PROP_FIELD(type, name, array) type name array;
    RT_DEVICE_PROP_FIELDS(RT_PROP_FIELD)
#undef RT_PROP_FIELD
} rt_device_prop;


#endif
