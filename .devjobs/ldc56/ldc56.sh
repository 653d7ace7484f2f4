# ldc56: ptxas's parameter reloads in long straight-line code, from cubins nvcc builds here (no GPU, no cuobjdump):
# sass_ldc56.cu's kernels and probe_fwin53's (-DFWIN54: 8-192 KiB). Run from the repository root:
# sh .devjobs/ldc56/ldc56.sh > .devjobs/ldc56/ldc56.txt (about a minute). docs/calibration.md "(ldc56)".
set -eu
d=$(mktemp -d)
nvcc --version | tail -1
nvcc -arch=sm_90 -O3 -cubin -o $d/lin.cubin .devjobs/ldc56/sass_ldc56.cu
python3 .devjobs/ldc56/ldc56.py $d/lin.cubin | sort
nvcc -arch=sm_90 -O3 -DFWIN54 -cubin -o $d/probe.cubin .devjobs/fwin53/probe_fwin53.cu
python3 .devjobs/ldc56/ldc56.py $d/probe.cubin | sort -t'<' -k2 -n
rm -r $d
