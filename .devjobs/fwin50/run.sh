# fwin50: what sets the 4-warp far shape of a launch (P / T-early / T-late, docs/calibration.md "(fwin49)"): the same
# kernels back to back (40 launches), after a scrub of every SM's instruction caches, after a 2 ms host sleep, and on 8
# and 132 SMs at once; the one-warp pace and the pair on this card (entries 2 and 0 at 128 and 256); region B alone
# moved by 0, 1, 2, 4, 8 KiB; every kernel's load address (the "addr" line of each file).
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin50/run.sh (about 60 s: one nvcc ~15 s, the
# runs); DIR/fwin50.tar.xz holds fwin50/probe/*.txt, probe_p.sass, probe_p.elf (section layout), meta.txt.
set -u
. .devjobs/lib.sh
job fwin50
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 150 ] || { echo "skipped after 150 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/fwin50/probe_fwin50.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_p.sass 2>>$o/nvcc.log
cuobjdump -elf $s/p 2>>$o/nvcc.log | grep -E "^ *\[ *[0-9]+\]|\.text\.|Section|sh_addr|Addr" | head -200 >$o/probe_p.elf
r()
{ # r NAME ENTRY THREADS LAUNCHES ROLES MODE GRID
    left $1 || return 0
    timeout 20 $s/p $2 $3 $4 $5 15 $6 $7 >$o/probe/$1.txt 2>&1 || echo "rc=$? $1" >>$o/meta.txt
}
for e in 0 2 3 12 14; do r seq-e$e $e 512 40 0 0 1; done
for e in 0 2 3 12 14; do r scrub-e$e $e 512 20 0 1 1; done
for e in 0 2 3 12 14; do r sleep-e$e $e 512 20 0 2 1; done
for e in 0 2 3 12 14; do r g8-e$e $e 512 10 0 0 8; done
for e in 0 2 14; do r g132-e$e $e 512 10 0 0 132; done
r pace-e2 2 128,256 10 0 0 1
r pace-e0 0 128,256 10 0 0 1
r pace-scrub-e2 2 128,256 10 0 1 1
for e in 0 6 7 8 5; do r b-e$e $e 128 10 3 0 1; done
r b-scrub-e0 0 128 10 3 1 1
ends $o/meta.txt
pack fwin50
