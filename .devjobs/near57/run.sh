# near57: what near56's 8 lines "before the entry" are (docs/calibration.md "(near56)"): fwin53's 16-40 KiB kernels
# warm at other load addresses. Lazy loading (the default) places a process's first kernel first: `pre KB0` launches
# region<KB0,1> once before seq-KB, moving seq-KB's code by KB0's size; CUDA_MODULE_LOADING=EAGER loads the whole
# module at once (other addresses again). The debugger's $pc at each launch gives each run's load addresses.
# Run from the repository root on the device: OUT=DIR bash .devjobs/near57/run.sh (about 90 s); DIR/near57.tar.xz.
set -u
. .devjobs/lib.sh
job near57
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 300 ] || { echo "skipped after 300 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/fwin53/probe_fwin53.cu $s/p $o/nvcc.log
cuobjdump -elf $s/p 2>>$o/nvcc.log | grep -E "\.text\." | head -80 >$o/probe_p.elf
G() { # G NAME STOPS [ENV=VALUE] BIN ARGS...: the debugger's $pc at each of STOPS launches
    n=$1 k=$2
    shift 2
    left gdb-$n || return 0
    ex=(-ex 'set cuda break_on_launch application' -ex 'set pagination off' -ex run)
    for ((i = 0; i < k; i++)); do ex+=(-ex 'p/x $pc' -ex c); done
    timeout 60 env "$1" cuda-gdb -q -batch "${ex[@]}" --args "${@:2}" >$o/probe/gdb-$n.txt 2>&1 ||
        echo "rc=$? gdb-$n" >>$o/meta.txt
}
r() { n=$1; shift; left $n || return 0; timeout 30 env "$@" >$o/probe/$n.txt 2>&1 || echo "rc=$? $n" >>$o/meta.txt; }
for kb in 16 24 32 40; do
    r seq-$kb L=1 $s/p seq $kb 32 12
    r eager-$kb CUDA_MODULE_LOADING=EAGER $s/p seq $kb 32 12
    for kb0 in 8 16 24; do r pre$kb0-$kb L=1 $s/p pre $kb0 $kb 32 12; done
done
G seq-32 3 L=1 $s/p seq 32 32 2
G eager-32 3 CUDA_MODULE_LOADING=EAGER $s/p seq 32 32 2
for kb0 in 8 16 24; do G pre$kb0-32 4 L=1 $s/p pre $kb0 32 32 2; done
G eager-each 30 CUDA_MODULE_LOADING=EAGER $s/p each
ends $o/meta.txt
pack near57
