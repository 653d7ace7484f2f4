# fwin48: where between "released straight into far code" (fwin46 ENTRY 2: three warps share the issue at 512 threads,
# h100o 18883) and "11 instructions between the barrier and the region" (ENTRY 3: a pair and two held, 16667) the
# card's shape changes (probe_fwin48 ENTRY 11, 12, 14, 16: 3, 4, 6, 8 instructions); and whether region B's slow
# stretches follow the kernel's 16 KiB bounds or region B's own offsets (ENTRY 5: B 8 KiB later).
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin48/run.sh (about 20 s, most of it nvcc);
# DIR/fwin48.tar.xz holds fwin48/probe/*.txt, probe_p.sass, meta.txt. Read: python3 .devjobs/fwin40/read_fwin40.py RAW
# (RAW: the tarball unpacked, fwin48/); warpsim: warpsim_fwin48.py.
set -u
. .devjobs/lib.sh
job fwin48
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 35 ] || { echo "skipped after 35 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/fwin48/probe_fwin48.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_p.sass 2>>$o/nvcc.log
e()
{ # e NAME ENTRY BLOCKS ROLES: probe_fwin48, every sub-partition
    left $1 || return 0
    timeout 10 $s/p $2 $3 10 $4 15 >$o/probe/$1.txt 2>&1 || echo "rc=$? $1" >>$o/meta.txt
}
# the anchors (fwin46's e2 18883, e3 16667 at 512), then 3, 4, 6, 8 instructions between the barrier and t0
e e2 2 512 0
e e3 3 512 0
e n3 11 512 0
e n4 12 512 0
e n6 14 256,512 0
e n8 16 512 0
# region B alone at its place (fwin46's b-128, 15063), and 8 KiB later
e b-128 0 128 3
e b8-128 5 128 3
ends $o/meta.txt
pack fwin48
