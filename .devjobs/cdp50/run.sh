# cdp50: tests/ptx/cdp.cu's device-side launches on the GPU (.devjobs/cdp50/cdp_host.cu): the buffers and error codes
# warpsim's device runtime must give. Run from the repository root: OUT=DIR sh .devjobs/cdp50/run.sh; DIR/cdp50.txt.
set -u
PATH=$PATH:/usr/local/cuda/bin
out=${OUT:?}
{
    echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
    nvidia-smi --query-gpu=name,uuid,driver_version --format=csv,noheader
    nvcc --version | tail -1
} >$out/cdp50.txt
nvcc -arch=sm_90 -rdc=true -o /tmp/cdp .devjobs/cdp50/cdp_host.cu -lcudadevrt >>$out/cdp50.txt 2>&1 &&
    timeout 60 /tmp/cdp >>$out/cdp50.txt 2>&1; echo "rc=$?" >>$out/cdp50.txt
