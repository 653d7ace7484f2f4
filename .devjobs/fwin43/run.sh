# fwin43: is kept code's one warp at a time (fwin37: probe_fwin37 at 16 KiB, 512 threads, slots 3, 2, 1, 0 each
# alone, 36 of 36) the pick's, or a hold after the region's constant load (the far starved fourth's, fwin40 point 4)?
# probe_fwin40's kernel (.devjobs/fwin40/probe_fwin40.cu, not copied: its N set here by sed) built at N 1024 (16 KiB,
# 128 lines: kept), 2304 (36 KiB) and 4096 (64 KiB: far, fwin40's), each run as it is (base: each warp's region
# opens with `LDC R4, c[0x0][0x224]`) and with PRE 1 (b loaded before the barrier: no LDC in the region). What each
# reading predicts (docs/calibration.md "(fwin43)"): a greedy pick gives kept pre one warp at a time as kept base; a
# constant load that waits while the sub-partition issues every cycle (a hold, not the pick) gives kept base one at a
# time and kept pre the four together (25% of the issue each), whatever the pick. k3 and x0 at 4096: the issue share
# of a third that is always ready (a kept loop in slot 3) and of slot 3 with slot 0 gone: a pointer that turns every
# cycle 25% / 25%, warpsim's round robin 33% / 33%, a greedy pick ~0% / ~0%.
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin43/run.sh (about 15 s, most of it nvcc);
# DIR/fwin43.tar.xz holds fwin43/probe/*.txt, the SASS, meta.txt. Read: python3 .devjobs/fwin43/read_fwin43.py RAW.
set -u
. .devjobs/lib.sh
job fwin43
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 50 ] || { echo "skipped after 50 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
for n in 1024 2304 4096; do
    sed "s/^#define N 4096$/#define N $n/" .devjobs/fwin40/probe_fwin40.cu >$s/p$n.cu
    grep -q "^#define N $n$" $s/p$n.cu || { echo "no N in probe_fwin40.cu" >>$o/meta.txt; exit 1; }
    build $s/p$n.cu $s/p$n $o/nvcc.log
    cuobjdump -sass $s/p$n >$o/probe_p$n.sass 2>>$o/nvcc.log
done
r()
{ # r NAME N BLOCKS ROLES SPMASK [DELAY [PRE]]
    n=$1
    shift
    left $n || return 0
    b=$1
    shift
    timeout 10 $s/p$b $1 10 "$2" "$3" ${4:-} ${5:-} >$o/probe/$n.txt 2>&1 || echo "rc=$? $n" >>$o/meta.txt
}
r kept-base 1024 256,384,512,1024 0 15
r kept-pre 1024 256,384,512,1024 0 15 0 1
r mid-base 2304 512 0 15
r mid-pre 2304 512 0 15 0 1
r far-base 4096 512 0 15
r far-pre 4096 512 0 15 0 1
r far-k3 4096 512 2000 15
r far-x0 4096 512 0001 15
r kept-base-last 1024 512 0 15
ends $o/meta.txt
pack fwin43
