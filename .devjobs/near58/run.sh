# near58: the 32 KiB kernel's near runs at 64 load addresses 128 bytes apart (docs/calibration.md "(near57)": they move
# with the address): probe_fwin53 built with -DNEAR58 launches pad<N> (N lines more code than pad<0>) once, lazy
# loading placing it first, then region<32,0> 4 times (launch 2 the pattern). The debugger's $pc for some N gives the
# placement rule. Run from the repository root on the device: OUT=DIR bash .devjobs/near58/run.sh (about 2 min).
set -u
. .devjobs/lib.sh
job near58
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 360 ] || { echo "skipped after 360 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
nvcc -arch=sm_90 -O3 -DNEAR58 -o $s/p .devjobs/fwin53/probe_fwin53.cu >$o/nvcc.log 2>&1 || { cat $o/nvcc.log; exit 1; }
cuobjdump -elf $s/p 2>>$o/nvcc.log | grep -E "\.text\." | head -120 >$o/probe_p.elf
for n in $(seq 0 63); do
    left pad-$n || break
    timeout 30 $s/p pad $n 32 32 4 >$o/probe/pad-$n.txt 2>&1 || echo "rc=$? pad-$n" >>$o/meta.txt
done
for n in 0 1 2 3 5 8 13 33; do
    left gdb-pad-$n || break
    timeout 60 cuda-gdb -q -batch -ex 'set cuda break_on_launch application' -ex 'set pagination off' -ex run \
        -ex 'p/x $pc' -ex c -ex 'p/x $pc' -ex c -ex c --args $s/p pad $n 32 32 1 >$o/probe/gdb-pad-$n.txt 2>&1 ||
        echo "rc=$? gdb-pad-$n" >>$o/meta.txt
done
ends $o/meta.txt
pack near58
