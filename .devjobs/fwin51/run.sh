# fwin51: (1) does fwin50's alternation of the 4-warp far shape between back-to-back launches (seq-e14: P and T by
# turns, seq-e2 and seq-e3 two spans by turns) count launches? The same kernels with one (MODE 3) or two (MODE 4) empty
# launches before each: with one, a toggle per launch puts every probe launch on one side. (2) Far code on many SMs at
# once: fwin50's g132 ran ~22000 where one block runs 16600-19400. The one-warp pace (128 threads, one warp a
# sub-partition), the pair (256) and 512 at 1, 2, 4, 8, 16, 33, 66, 132 blocks, each alone on its SM.
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin51/run.sh (about 60 s); DIR/fwin51.tar.xz holds
# fwin51/probe/*.txt, probe_p.sass, meta.txt.
set -u
. .devjobs/lib.sh
job fwin51
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 200 ] || { echo "skipped after 200 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/fwin51/probe_fwin51.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_p.sass 2>>$o/nvcc.log
r()
{ # r NAME ENTRY THREADS LAUNCHES ROLES MODE GRID
    left $1 || return 0
    timeout 30 $s/p $2 $3 $4 $5 15 $6 $7 >$o/probe/$1.txt 2>&1 || echo "rc=$? $1" >>$o/meta.txt
}
for e in 14 3 2 0; do
    r seq-e$e $e 512 20 0 0 1
    r one-e$e $e 512 20 0 3 1
    r two-e$e $e 512 20 0 4 1
done
for g in 1 2 4 8 16 33 66 132; do
    r grid$g-e2 2 128,256,512 10 0 0 $g
    r grid$g-e0 0 128,256,512 10 0 0 $g
done
r grid132-b 0 128 10 3 0 132
ends $o/meta.txt
pack fwin51
