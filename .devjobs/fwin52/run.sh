# fwin52: (1) does the 4-warp far shape of a launch follow what the launch before it ran? Each probe launch at 512
# threads after one launch of the same kernel at PRE 128, 256, 384 or 512 threads (MODE 5; fwin51: the shapes' turns
# survive empty launches between). (2) Region B alone moved by 0-8 KiB again, with a device function's load address
# (the "addr" line) and the sections' offsets (probe_p.elf), to place B's lines in memory; and B after a launch that
# ran region A (ROLES 0) at 128 threads.
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin52/run.sh (about 40 s); DIR/fwin52.tar.xz holds
# fwin52/probe/*.txt, probe_p.sass, probe_p.elf, meta.txt.
set -u
. .devjobs/lib.sh
job fwin52
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 200 ] || { echo "skipped after 200 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/fwin52/probe_fwin52.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_p.sass 2>>$o/nvcc.log
cuobjdump -elf $s/p 2>>$o/nvcc.log | grep -E "PROGBITS|NOBITS|\.text\.|\.nv\.constant|\.nv\.shared|\.nv\.global" | head -120 >$o/probe_p.elf
r()
{ # r NAME ENTRY THREADS LAUNCHES ROLES MODE GRID [PRE]
    left $1 || return 0
    timeout 30 $s/p $2 $3 $4 $5 15 $6 $7 ${8:-} >$o/probe/$1.txt 2>&1 || echo "rc=$? $1" >>$o/meta.txt
}
for e in 2 0 14 12; do
    r seq-e$e $e 512 20 0 0 1
    for p in 128 256 384 512; do r pre$p-e$e $e 512 20 0 5 1 $p; done
done
for e in 0 6 7 8 5; do r b-e$e $e 128 10 3 0 1; done
r b-pre128-e0 0 128 10 3 5 1 128
ends $o/meta.txt
pack fwin52
