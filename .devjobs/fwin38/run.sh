# fwin38: far code at 3 and 4 warps a sub-partition (fwin19 K 0 at 512 threads, -14.7% in warpsim), stamped densely at
# the front: how the third warp's turns come while the pair leads (docs/calibration.md "(fwin37)", "(fwin38)").
# probe_fwin38 N G: probe_fwin37's code (CS2R stamps that wait on nothing, stored after the region) with its 32 stamps
# at the front, segments 1-31 of G FFMAs (G 8: a stamp a line; 16: 2 lines; 64: 8 lines), segment 32 the rest; N 4096
# (64 KiB, far code) with G 8, 16, 64 and N 1024 (16 KiB, kept) with G 8, at 128 / 256 / 384 / 512 threads, 10
# launches each, one block on one SM; misc32's probe_fsw N 4096 unstamped first and last (the card's drift).
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin38/run.sh (about 20 s); DIR/fwin38.tar.xz holds
# fwin38/probe/*.txt, probe_p.sass, meta.txt. Read with .devjobs/fwin38/read_fwin38.py RAW (RAW: fwin38/ unpacked).
set -u
. .devjobs/lib.sh
job fwin38
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 45 ] || { echo "skipped after 45 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/fwin38/probe_fwin38.cu $s/p $o/nvcc.log
build .devjobs/misc32/probe_fsw.cu $s/fsw $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_p.sass 2>>$o/nvcc.log
B=128,256,384,512
timeout 10 $s/fsw 4096 128,256,512,1024 10 >$o/probe/fsw-n4096-first.txt 2>&1 || echo "rc=$? fsw first" >>$o/meta.txt
for r in "4096 8" "4096 16" "1024 8" "4096 64"; do
    set -- $r
    left n$1 g$2 || continue
    timeout 10 $s/p $1 $2 $B 10 >$o/probe/n$1-g$2.txt 2>&1 || echo "rc=$? n$1 g$2" >>$o/meta.txt
done
left fsw last && { timeout 10 $s/fsw 4096 128,256,512,1024 10 >$o/probe/fsw-n4096-last.txt 2>&1 || echo "rc=$? fsw last" >>$o/meta.txt; }
ends $o/meta.txt
pack fwin38
