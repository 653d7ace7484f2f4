# fwin37: fwin19 K 0 at 512 threads (-14.7% in warpsim: h200f 19215 cycles, 64 KiB of far straight-line FFMAs, 4 warps a
# sub-partition) read with stamps that should not move the issue order (docs/calibration.md "(far35)", "(far36)",
# "(fwin37)"). (a) the unstamped kernels first: half19's probe_fwin K 0 (the ledger's kernel) and misc32's probe_fsw
# N 4096 (the same code with t0, t1, %warpid a warp) at 128/256/512/1024 threads: does this card repeat h100i's 19174 at
# 512 (an H100 or an H200 may come: meta.txt names it); (b) probe_fwin37: the same code with S stamps a warp, each a
# CS2R into a register pair of its own (no scoreboard, no wait; stored after the region), S 1 (t0, t1 only), 4, 8, 16,
# 32: does the stamped span equal the unstamped; (c) each warp's stamps, %warpid and %smid: the order of the warps
# through the far code by slot; 16 KiB (kept code), 36, 44, 52 and 96 KiB too; (d) one slot entering D cycles late
# (2 and 4 warps a sub-partition): how far behind a warp still finds its lines; (a) again at the end (the card's drift).
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin37/run.sh (about 30 s, most of it nvcc);
# DIR/fwin37.tar.xz holds fwin37/probe/*.txt, the three kernels' SASS and PTX, meta.txt. Read with
# .devjobs/fwin37/read_fwin37.py RAW (RAW: the tarball unpacked, fwin37/).
set -u
. .devjobs/lib.sh
job fwin37
t0=$(date +%s)
# the runs after the first ones are skipped once 45 s have gone (the job must end, packed, within 60 s)
left() { [ $(($(date +%s) - t0)) -lt 45 ] || { echo "skipped after 45 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/half19/probe_fwin.cu $s/fwin $o/nvcc.log
build .devjobs/misc32/probe_fsw.cu $s/fsw $o/nvcc.log
build .devjobs/fwin37/probe_fwin37.cu $s/p $o/nvcc.log
for b in fwin fsw p; do
    cuobjdump -sass $s/$b >$o/probe_$b.sass 2>>$o/nvcc.log
done
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_fwin37.ptx .devjobs/fwin37/probe_fwin37.cu >>$o/nvcc.log 2>&1
B=128,256,512,1024
unstamped()
{
    timeout 10 $s/fwin 0 $B 10 >$o/probe/fwin-k0-$1.txt 2>&1 || echo "rc=$? fwin $1" >>$o/meta.txt
    timeout 10 $s/fsw 4096 $B 10 >$o/probe/fsw-n4096-$1.txt 2>&1 || echo "rc=$? fsw $1" >>$o/meta.txt
}
unstamped first
for ns in 1 4 8 16 32; do
    timeout 10 $s/p 4096 $ns 128,256,384,512,768,1024 10 >$o/probe/n4096-s$ns.txt 2>&1 || echo "rc=$? n4096 s$ns" >>$o/meta.txt
done
# the window within a launch: at 256 threads slot 1 (the second warp of each sub-partition) enters D cycles after
# slot 0 (nanosleep before its t0); at 512 slot 0 late
for d in 500 1000 2000 4000 8000; do
    left delay 256 $d || continue
    timeout 10 $s/p 4096 16 256 10 $d 2 >$o/probe/delay-b256-m2-d$d.txt 2>&1 || echo "rc=$? delay 256 $d" >>$o/meta.txt
done
for d in 3000 10000; do
    left delay 512 $d || continue
    timeout 10 $s/p 4096 16 512 10 $d 1 >$o/probe/delay-b512-m1-d$d.txt 2>&1 || echo "rc=$? delay 512 $d" >>$o/meta.txt
done
for r in "1024 1" "1024 16" "2304 16" "2816 16" "3328 16" "6144 1" "6144 16"; do
    set -- $r
    left n$1 s$2 || continue
    timeout 10 $s/p $1 $2 $B 10 >$o/probe/n$1-s$2.txt 2>&1 || echo "rc=$? n$1 s$2" >>$o/meta.txt
done
left fsw 6144 && timeout 10 $s/fsw 6144 $B 10 >$o/probe/fsw-n6144-first.txt 2>&1 || echo "rc=$? fsw 6144" >>$o/meta.txt
left unstamped last && unstamped last
ends $o/meta.txt
pack fwin37
