/* warpsim's CUDA runtime: the device (one H200), streams, events, synchronisation. */
#include "rt.h"

#include <stdlib.h>
#include <string.h>

/* What cudaGetDeviceProperties gave on the H200 of tests/golden/exec/rt_props.stderr (driver
 * 580.159.04, CUDA 13.0 runtime, 2026-12-01), field by field; fields not named are 0, its
 * UUID too (warpsim is no particular GPU). The PCI and NUMA fields are that machine's. */
/* clang-format off */
const rt_device_prop rt_h200 = {
    .name = "NVIDIA H200", .totalGlobalMem = 150109880320, .sharedMemPerBlock = 49152, .regsPerBlock = 65536,
    .warpSize = 32, .memPitch = 2147483647, .maxThreadsPerBlock = 1024, .maxThreadsDim = {1024, 1024, 64},
    .maxGridSize = {2147483647, 65535, 65535}, .totalConstMem = 65536, .major = 9, .textureAlignment = 512,
    .texturePitchAlignment = 32, .multiProcessorCount = 132, .canMapHostMemory = 1, .maxTexture1D = 131072,
    .maxTexture1DMipmap = 32768, .maxTexture2D = {131072, 65536}, .maxTexture2DMipmap = {32768, 32768},
    .maxTexture2DLinear = {131072, 65000, 2097120}, .maxTexture2DGather = {32768, 32768},
    .maxTexture3D = {16384, 16384, 16384}, .maxTexture3DAlt = {8192, 8192, 32768}, .maxTextureCubemap = 32768,
    .maxTexture1DLayered = {32768, 2048}, .maxTexture2DLayered = {32768, 32768, 2048},
    .maxTextureCubemapLayered = {32768, 2046}, .maxSurface1D = 32768, .maxSurface2D = {131072, 65536},
    .maxSurface3D = {16384, 16384, 16384}, .maxSurface1DLayered = {32768, 2048},
    .maxSurface2DLayered = {32768, 32768, 2048}, .maxSurfaceCubemap = 32768,
    .maxSurfaceCubemapLayered = {32768, 2046}, .surfaceAlignment = 512, .concurrentKernels = 1,
    .ECCEnabled = 1, .pciDeviceID = 6, .asyncEngineCount = 3, .unifiedAddressing = 1, .memoryBusWidth = 6016,
    .l2CacheSize = 62914560, .persistingL2CacheMaxSize = 39321600, .maxThreadsPerMultiProcessor = 2048,
    .streamPrioritiesSupported = 1, .globalL1CacheSupported = 1, .localL1CacheSupported = 1,
    .sharedMemPerMultiprocessor = 233472, .regsPerMultiprocessor = 65536, .managedMemory = 1,
    .concurrentManagedAccess = 1, .computePreemptionSupported = 1, .canUseHostPointerForRegisteredMem = 1,
    .cooperativeLaunch = 1, .sharedMemPerBlockOptin = 232448, .maxBlocksPerMultiProcessor = 32,
    .accessPolicyMaxWindowSize = 134217728, .reservedSharedMemPerBlock = 1024, .hostRegisterSupported = 1,
    .sparseCudaArraySupported = 1, .hostRegisterReadOnlySupported = 1, .timelineSemaphoreInteropSupported = 1,
    .memoryPoolsSupported = 1, .gpuDirectRDMASupported = 1, .gpuDirectRDMAFlushWritesOptions = 1,
    .gpuDirectRDMAWritesOrdering = 100, .memoryPoolSupportedHandleTypes = 9,
    .deferredMappingCudaArraySupported = 1, .ipcEventSupported = 1, .clusterLaunch = 1,
    .unifiedFunctionPointers = 1, .deviceNumaId = -1, .gpuPciDeviceID = 590680286,
    .gpuPciSubsystemID = 415174878,
};
/* clang-format on */

#define RT_RUNTIME_VERSION 13000   /* CUDA 13.0, the runtime whose ABI this one follows */
#define RT_DRIVER_VERSION  13000   /* what the H200's driver 580.159.04 reported */
#define RT_CLOCK_KHZ       1980000 /* the H200's SM clock: events turn the cycle model's cycles into ms */

static int valid_device(int dev) { return dev == 0; }

RT_API cudaError_t cudaGetDeviceCount(int *n)
{
    if (!n)
        return rt_return(cudaErrorInvalidValue);
    *n = 1;
    return rt_return(rt_check());
}

RT_API cudaError_t cudaGetDevice(int *dev)
{
    if (!dev)
        return rt_return(cudaErrorInvalidValue);
    *dev = 0;
    return rt_return(rt_check());
}

RT_API cudaError_t cudaSetDevice(int dev) { return rt_return(valid_device(dev) ? rt_check() : cudaErrorInvalidDevice); }

RT_API cudaError_t cudaGetDeviceProperties(rt_device_prop *p, int dev)
{
    if (!p)
        return rt_return(cudaErrorInvalidValue);
    if (!valid_device(dev))
        return rt_return(cudaErrorInvalidDevice);
    *p = rt_h200;
    return rt_return(rt_check());
}

RT_API cudaError_t cudaDeviceGetAttribute(int *value, int attr, int dev)
{
    if (!value)
        return rt_return(cudaErrorInvalidValue);
    if (!valid_device(dev))
        return rt_return(cudaErrorInvalidDevice);
    switch (attr) {
#define A(id, v)                                                                                                       \
    case id:                                                                                                           \
        *value = (v);                                                                                                  \
        return rt_return(rt_check());
#include "h200_attributes.def"
#undef A
    default: return rt_return(cudaErrorInvalidValue);
    }
}

RT_API cudaError_t cudaRuntimeGetVersion(int *v)
{
    if (!v)
        return rt_return(cudaErrorInvalidValue);
    *v = RT_RUNTIME_VERSION;
    return cudaSuccess;
}

RT_API cudaError_t cudaDriverGetVersion(int *v)
{
    if (!v)
        return rt_return(cudaErrorInvalidValue);
    *v = RT_DRIVER_VERSION;
    return cudaSuccess;
}

RT_API cudaError_t cudaDeviceSynchronize(void) { return rt_return(rt_sync()); }

RT_API cudaError_t cudaDeviceReset(void)
{
    rt_sync();
    rt.sticky = cudaSuccess; /* a new context: the fault is gone, and so is the memory */
    return cudaSuccess;
}

/* Hints a GPU may use to place work; they change nothing warpsim computes. */
RT_API cudaError_t cudaDeviceSetCacheConfig(int config)
{
    (void)config;
    return rt_return(rt_check());
}

RT_API cudaError_t cudaFuncSetCacheConfig(const void *func, int config)
{
    (void)func, (void)config;
    return rt_return(rt_check());
}

RT_API cudaError_t cudaSetDeviceFlags(unsigned flags)
{
    (void)flags;
    return rt_return(rt_check());
}

/* ---- streams: everything runs when it is called, so a stream is only a handle -------------- */

RT_API cudaError_t cudaStreamCreateWithFlags(cudaStream_t *s, unsigned flags)
{
    if (!s)
        return rt_return(cudaErrorInvalidValue);
    *s = calloc(1, sizeof **s);
    if (!*s)
        return rt_return(cudaErrorMemoryAllocation);
    (*s)->flags = flags;
    (*s)->next = rt.streams;
    rt.streams = *s;
    return rt_return(rt_check());
}

RT_API cudaError_t cudaStreamCreate(cudaStream_t *s) { return cudaStreamCreateWithFlags(s, 0); }

RT_API cudaError_t cudaStreamCreateWithPriority(cudaStream_t *s, unsigned flags, int priority)
{
    (void)priority;
    return cudaStreamCreateWithFlags(s, flags);
}

RT_API cudaError_t cudaStreamDestroy(cudaStream_t s)
{
    for (rt_stream **p = &rt.streams; *p; p = &(*p)->next)
        if (*p == s) {
            *p = s->next;
            free(s);
            return rt_return(rt_check());
        }
    return rt_return(cudaErrorInvalidResourceHandle);
}

RT_API cudaError_t cudaStreamSynchronize(cudaStream_t s)
{
    (void)s;
    return rt_return(rt_sync());
}

RT_API cudaError_t cudaStreamQuery(cudaStream_t s)
{
    (void)s;
    return rt_return(rt_check()); /* its work is done: cudaSuccess */
}

RT_API cudaError_t cudaStreamWaitEvent(cudaStream_t s, cudaEvent_t e, unsigned flags)
{
    (void)s, (void)e, (void)flags;
    return rt_return(rt_check());
}

/* ---- events: the simulated clock when they were recorded ----------------------------------- */

RT_API cudaError_t cudaEventCreateWithFlags(cudaEvent_t *e, unsigned flags)
{
    (void)flags;
    if (!e)
        return rt_return(cudaErrorInvalidValue);
    *e = calloc(1, sizeof **e);
    if (!*e)
        return rt_return(cudaErrorMemoryAllocation);
    (*e)->next = rt.events;
    rt.events = *e;
    return rt_return(rt_check());
}

RT_API cudaError_t cudaEventCreate(cudaEvent_t *e) { return cudaEventCreateWithFlags(e, 0); }

RT_API cudaError_t cudaEventDestroy(cudaEvent_t e)
{
    for (rt_event **p = &rt.events; *p; p = &(*p)->next)
        if (*p == e) {
            *p = e->next;
            free(e);
            return rt_return(rt_check());
        }
    return rt_return(cudaErrorInvalidResourceHandle);
}

RT_API cudaError_t cudaEventRecord(cudaEvent_t e, cudaStream_t s)
{
    (void)s;
    if (!e)
        return rt_return(cudaErrorInvalidResourceHandle);
    e->recorded = true;
    e->cycle = rt.clock;
    return rt_return(rt_check());
}

RT_API cudaError_t cudaEventRecordWithFlags(cudaEvent_t e, cudaStream_t s, unsigned flags)
{
    (void)flags;
    return cudaEventRecord(e, s);
}

RT_API cudaError_t cudaEventSynchronize(cudaEvent_t e)
{
    (void)e;
    return rt_return(rt_sync());
}

RT_API cudaError_t cudaEventQuery(cudaEvent_t e)
{
    (void)e;
    return rt_return(rt_check());
}

/* The kernels' simulated cycles between the two events at the H200's clock: copies and memsets
 * take no simulated time, and the blocks of a launch run one after the other on one SM
 * (docs/cli.md, warpsim exec). Events never recorded: cudaErrorInvalidResourceHandle, as the
 * H200's runtime answered. */
RT_API cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
    if (!ms || !start || !end)
        return rt_return(cudaErrorInvalidValue);
    if (!start->recorded || !end->recorded)
        return rt_return(cudaErrorInvalidResourceHandle);
    *ms = (float)((double)(int64_t)(end->cycle - start->cycle) / RT_CLOCK_KHZ);
    return rt_return(rt_check());
}
