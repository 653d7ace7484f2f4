# span60: what decides which of its two spans a launch of fwin40's 4-warp runs takes (x3 ~12390 or ~17000, base 384
# 14768 or ~17100, pre-x0 ~12600-17100 on h100q/x/z; docs/calibration.md "(h100z)", "(span60)"). warpsim's carried far
# cache gives one span from the third launch (x3 16513, base 384 16505): its cache holds only lines past the 64 KiB
# window, and the held slot is pick.far_order's. probe_span60 launches probe_fwin40's kernel (the same PTX) 20 times a
# process with, before each launch, nothing (MODE 0, twice: does a fresh process repeat its sequence?), the scrub of
# every SM's instruction caches (1), a launch of the same kernel at 128 threads or of the pair alone (2), or a launch
# whose warps all exit after the barrier (3: the %warpid rotation moves on, no far code runs). If the instruction
# caches' content decides, MODE 1 and MODE 2 give one span each; if the rotation does, MODE 3's spans are MODE 0's
# shifted by one launch; read with .devjobs/span60/read_span60.py FILE [BLOCK] (a launch's held slot, where it waited).
# Run from the repository root on the device: OUT=DIR sh .devjobs/span60/run.sh (about 25 s: nvcc ~15 s, 14 processes
# of 20 launches); DIR/span60.tar.xz holds span60/probe/*.txt, probe_p.sass, meta.txt.
set -u
. .devjobs/lib.sh
job span60
meta $o/meta.txt
build .devjobs/span60/probe_span60.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_p.sass 2>>$o/nvcc.log
r()
{ # r NAME MODE ROLES PRE BLOCK [BBLOCK BROLES]: 20 launches
    n=$1
    shift
    within 50 $n || return 0
    timeout 10 $s/p $1 20 $2 $3 $4 ${5:-} ${6:-} >$o/probe/$n.txt 2>&1 || echo "rc=$? $n" >>$o/meta.txt
}
for k in "x3 1000 0 512" "b384 0 0 384" "px0 0001 1 512"; do
    set -- $k
    r seq-$1 0 $2 $3 $4
    r again-$1 0 $2 $3 $4
    r scrub-$1 1 $2 $3 $4
    r a128-$1 2 $2 $3 $4 128 0
    r skip-$1 3 $2 $3 $4
done
r x03-x3 2 1000 0 512 512 1001
r x03-b384 2 0 0 384 512 1001
ends $o/meta.txt
pack span60
