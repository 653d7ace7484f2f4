# ldc56: where ptxas puts an LDC beside each FFMA of very long straight-line code (fwin53's region<160> from its 131st
# chunk; fwin54's 176 and 192 KiB kernels); compile only: SASS of sass_ldc56.cu's kernels (lin<CH,NC,PAR,ST>) and
# probe_fwin53 -DFWIN54's at -O3, and sass_ldc56's at ptxas -O1 and -O2. docs/calibration.md "(ldc56)".
# Run from the repository root on the device: OUT=DIR sh .devjobs/ldc56/run.sh (a few minutes); DIR/ldc56.tar.xz.
set -u
. .devjobs/lib.sh
job ldc56
meta $o/meta.txt
nvcc -arch=sm_90 -O3 -cubin -o $s/lin.cubin .devjobs/ldc56/sass_ldc56.cu >$o/nvcc.log 2>&1 || cat $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/lin.ptx .devjobs/ldc56/sass_ldc56.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/lin.cubin >$o/lin.sass 2>>$o/nvcc.log
for lv in 1 2; do
    nvcc -arch=sm_90 -O3 -Xptxas -O$lv -cubin -o $s/lin$lv.cubin .devjobs/ldc56/sass_ldc56.cu >>$o/nvcc.log 2>&1
    cuobjdump -sass $s/lin$lv.cubin >$o/lin-O$lv.sass 2>>$o/nvcc.log
done
nvcc -arch=sm_90 -O3 -DFWIN54 -cubin -o $s/probe.cubin .devjobs/fwin53/probe_fwin53.cu >>$o/nvcc.log 2>&1
nvcc -arch=sm_90 -O3 -DFWIN54 -ptx -o $s/probe.ptx .devjobs/fwin53/probe_fwin53.cu >>$o/nvcc.log 2>&1
xz -c $s/probe.ptx >$o/probe.ptx.xz
cuobjdump -sass $s/probe.cubin >$o/probe.sass 2>>$o/nvcc.log
ends $o/meta.txt
pack ldc56
