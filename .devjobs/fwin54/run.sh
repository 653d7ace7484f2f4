# fwin54: fwin53's probe at the sizes between (104-144 KiB) and past (176, 192): where lines past the window stop
# being kept, against keep53's cache (.devjobs/fwin53/lru53.py), and where the second, twice slower stretch begins
# (seq-160: from ~134 KiB). Two kernels of 96 KiB by turns, and one warp a sub-partition at 136 KiB.
# Run from the repository root on the device: OUT=DIR bash .devjobs/fwin54/run.sh (about 90 s); DIR/fwin54.tar.xz.
set -u
. .devjobs/lib.sh
job fwin54
meta $o/meta.txt
nvcc -arch=sm_90 -O3 -DFWIN54 -o $s/p .devjobs/fwin53/probe_fwin53.cu >$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
cuobjdump -elf $s/p 2>>$o/nvcc.log | grep -E "\.text\." | head -80 >$o/probe_p.elf
r() { n=$1; shift; timeout 30 $s/p "$@" >$o/probe/$n.txt 2>&1 || echo "rc=$? $n" >>$o/meta.txt; }
for kb in 104 112 120 136 144 176 192; do r seq-$kb seq $kb 32 12; done
r seq-128 seq 128 32 12
r seq-160 seq 160 32 12
r seq4-136 seq 136 128 12
r alt-96 alt 96 96 32 10
timeout 60 cuda-gdb -q -batch -ex 'set cuda break_on_launch application' -ex 'set pagination off' -ex run \
    $(for i in $(seq 40); do printf -- "-ex p/x\$pc -ex c "; done) --args $s/p each >$o/probe/gdb-each.txt 2>&1 ||
    echo "rc=$? gdb-each" >>$o/meta.txt
ends $o/meta.txt
pack fwin54
