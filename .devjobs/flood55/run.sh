# flood55: the pending-launch limit's rule on the GPU (flood55.cu's header). Run from the repository root on the device:
# OUT=DIR sh .devjobs/flood55/run.sh (about 30 s); DIR/flood55.tar.xz.
set -u
. .devjobs/lib.sh
job flood55
meta $o/meta.txt
nvcc -arch=sm_90 -rdc=true -o $s/p .devjobs/flood55/flood55.cu -lcudadevrt >$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
r() { n=$1; shift; timeout 60 $s/p "$@" >$o/probe/$n.txt 2>&1 || echo "rc=$? $n" >>$o/meta.txt; }
r f3x1024 3 1024 20 0
r f3x1024-spin 3 1024 5 100000
r f1x1024 1 1024 5 0
r f2x1024 2 1024 10 0
r f4x1024 4 1024 10 0
r f8x512 8 512 10 0
r f96x32 96 32 10 0
ends $o/meta.txt
pack flood55
