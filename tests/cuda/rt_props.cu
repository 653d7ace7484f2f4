// What cudaGetDeviceProperties and cudaDeviceGetAttribute say of the device. stdout: the fields
// that are the same on every H200 (warpsim's runtime answers them as an H200); stderr: every
// attribute, including those of one machine (PCI location, NUMA node), for the record.
#include <cstdio>

int main() {
    cudaDeviceProp p;
    cudaError_t e = cudaGetDeviceProperties(&p, 0);
    printf("cudaGetDeviceProperties: %s\n", cudaGetErrorString(e));
    printf("name %s\n", p.name);
    printf("totalGlobalMem %zu\n", p.totalGlobalMem);
    printf("sharedMemPerBlock %zu\n", p.sharedMemPerBlock);
    printf("regsPerBlock %d\n", p.regsPerBlock);
    printf("warpSize %d\n", p.warpSize);
    printf("memPitch %zu\n", p.memPitch);
    printf("maxThreadsPerBlock %d\n", p.maxThreadsPerBlock);
    printf("maxThreadsDim %d %d %d\n", p.maxThreadsDim[0], p.maxThreadsDim[1], p.maxThreadsDim[2]);
    printf("maxGridSize %d %d %d\n", p.maxGridSize[0], p.maxGridSize[1], p.maxGridSize[2]);
    printf("totalConstMem %zu\n", p.totalConstMem);
    printf("compute capability %d.%d\n", p.major, p.minor);
    printf("textureAlignment %zu\n", p.textureAlignment);
    printf("texturePitchAlignment %zu\n", p.texturePitchAlignment);
    printf("multiProcessorCount %d\n", p.multiProcessorCount);
    printf("integrated %d\n", p.integrated);
    printf("canMapHostMemory %d\n", p.canMapHostMemory);
    printf("surfaceAlignment %zu\n", p.surfaceAlignment);
    printf("concurrentKernels %d\n", p.concurrentKernels);
    printf("asyncEngineCount %d\n", p.asyncEngineCount);
    printf("unifiedAddressing %d\n", p.unifiedAddressing);
    printf("memoryBusWidth %d\n", p.memoryBusWidth);
    printf("l2CacheSize %d\n", p.l2CacheSize);
    printf("persistingL2CacheMaxSize %d\n", p.persistingL2CacheMaxSize);
    printf("maxThreadsPerMultiProcessor %d\n", p.maxThreadsPerMultiProcessor);
    printf("streamPrioritiesSupported %d\n", p.streamPrioritiesSupported);
    printf("globalL1CacheSupported %d\n", p.globalL1CacheSupported);
    printf("localL1CacheSupported %d\n", p.localL1CacheSupported);
    printf("sharedMemPerMultiprocessor %zu\n", p.sharedMemPerMultiprocessor);
    printf("regsPerMultiprocessor %d\n", p.regsPerMultiprocessor);
    printf("managedMemory %d\n", p.managedMemory);
    printf("isMultiGpuBoard %d\n", p.isMultiGpuBoard);
    printf("computePreemptionSupported %d\n", p.computePreemptionSupported);
    printf("cooperativeLaunch %d\n", p.cooperativeLaunch);
    printf("sharedMemPerBlockOptin %zu\n", p.sharedMemPerBlockOptin);
    printf("maxBlocksPerMultiProcessor %d\n", p.maxBlocksPerMultiProcessor);
    printf("accessPolicyMaxWindowSize %d\n", p.accessPolicyMaxWindowSize);
    printf("reservedSharedMemPerBlock %zu\n", p.reservedSharedMemPerBlock);
    printf("clusterLaunch %d\n", p.clusterLaunch);
    printf("unifiedFunctionPointers %d\n", p.unifiedFunctionPointers);
    int v = 0;
    cudaDeviceGetAttribute(&v, cudaDevAttrClockRate, 0);
    printf("cudaDevAttrClockRate %d\n", v);
    cudaDeviceGetAttribute(&v, cudaDevAttrMemoryClockRate, 0);
    printf("cudaDevAttrMemoryClockRate %d\n", v);
    cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 0);
    printf("cudaDevAttrWarpSize %d\n", v);
    cudaDeviceGetAttribute(&v, cudaDevAttrMultiProcessorCount, 0);
    printf("cudaDevAttrMultiProcessorCount %d\n", v);
    e = cudaDeviceGetAttribute(&v, cudaDevAttrWarpSize, 1);
    printf("cudaDeviceGetAttribute on device 1: %s\n", cudaGetErrorName(e));
    e = cudaGetDeviceProperties(&p, 1);
    printf("cudaGetDeviceProperties on device 1: %s\n", cudaGetErrorName(e));
    int rt = 0, drv = 0;
    cudaRuntimeGetVersion(&rt);
    printf("cudaRuntimeGetVersion %d\n", rt);
    e = cudaDriverGetVersion(&drv);
    printf("cudaDriverGetVersion: %s\n", cudaGetErrorName(e));

    // everything, for the record (stderr: not compared)
    fprintf(stderr, "driver version %d\n", drv);
    for (int a = 1; a < 160; a++) {
        e = cudaDeviceGetAttribute(&v, (cudaDeviceAttr)a, 0);
        fprintf(stderr, "attribute %d: %s %d\n", a, cudaGetErrorName(e), v);
    }
    fprintf(stderr, "pci %d:%d:%d luidDeviceNodeMask %u ECCEnabled %d tccDriver %d multiGpuBoardGroupID %d\n",
            p.pciDomainID, p.pciBusID, p.pciDeviceID, p.luidDeviceNodeMask, p.ECCEnabled, p.tccDriver,
            p.multiGpuBoardGroupID);
    cudaGetDeviceProperties(&p, 0);
    const int *w = (const int *)&p;
    for (size_t i = 0; i < sizeof p / sizeof(int); i++)
        fprintf(stderr, "word %zu: %d\n", i, w[i]);
    return 0;
}
