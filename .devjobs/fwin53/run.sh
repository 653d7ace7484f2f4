# fwin53: how much far code a cache nearer than L2 keeps between launches (one kernel of 8-160 KiB back to back, two
# kernels by turns, after a scrub), whether the four sub-partitions share it, and the kernels' load addresses (the
# debugger's $pc at each launch: probe_fwin53's kernels and probe_fwin50's region-B kernels, whose slow stretches
# "(fwin50)" could not place without them). docs/calibration.md "(fwin53)".
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin53/run.sh (about 120 s; bash); DIR/fwin53.tar.xz.
set -u
. .devjobs/lib.sh
job fwin53
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 400 ] || { echo "skipped after 400 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/fwin53/probe_fwin53.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p | grep -E "Function|CS2R|STS|EXIT|BAR" >$o/probe_p.sass 2>>$o/nvcc.log
cuobjdump -elf $s/p 2>>$o/nvcc.log | grep -E "^ *\[ *[0-9]+\]|\.text\.|Section|sh_addr|Addr" | head -200 >$o/probe_p.elf
r() { n=$1; shift; left $n || return 0; timeout 30 $s/p "$@" >$o/probe/$n.txt 2>&1 || echo "rc=$? $n" >>$o/meta.txt; }
for kb in 8 16 24 32 40 48 56 64 80 96 128 160; do r seq-$kb seq $kb 32 12; done
for kb in 32 64 128; do r seq4-$kb seq $kb 128 12; done
for kb in 16 32 64; do r scrub-$kb scrub $kb 32 6; done
for kb in 16 24 32 48 64 80; do r alt-$kb alt $kb $kb 32 10; done
r seq-64-again seq 64 32 12
r seq-160-again seq 160 32 12
# load addresses: the debugger stops at each launch's first instruction; its $pc there is the kernel's load address
which cuda-gdb >>$o/meta.txt 2>&1
G() { # G NAME STOPS BIN ARGS...: the debugger's kernel list and $pc at each of STOPS launches
    n=$1 k=$2
    shift 2
    left gdb-$n || return 0
    ex=(-ex 'set cuda break_on_launch application' -ex 'set pagination off' -ex run)
    for ((i = 0; i < k; i++)); do ex+=(-ex 'info cuda kernels' -ex 'p/x $pc' -ex c); done
    timeout 60 cuda-gdb -q -batch "${ex[@]}" --args "$@" >$o/probe/gdb-$n.txt 2>&1 || echo "rc=$? gdb-$n" >>$o/meta.txt
}
G each 26 $s/p each
G seq64 14 $s/p seq 64 32 12
build .devjobs/fwin50/probe_fwin50.cu $s/p50 $o/nvcc50.log
cuobjdump -elf $s/p50 2>>$o/nvcc.log | grep -E "^ *\[ *[0-9]+\]|\.text\.|Section|sh_addr|Addr" | head -200 >$o/probe_p50.elf
for e in 0 6 7 8 5; do
    left b-e$e || continue
    timeout 30 $s/p50 $e 128 10 3 15 0 1 >$o/probe/b-e$e.txt 2>&1 || echo "rc=$? b-e$e" >>$o/meta.txt
    G b-e$e 13 $s/p50 $e 128 10 3 15 0 1
done
ends $o/meta.txt
pack fwin53
