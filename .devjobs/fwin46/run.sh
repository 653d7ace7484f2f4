# fwin46: what makes the card run fwin19 K 0 / probe_fwin37 at 512 threads with three warps a sub-partition sharing
# the issue (h100n f37 19207) but fwin40's base with a pair at 16 cycles a line and two held (16571): the code between
# the barrier and the region (probe_fwin46 ENTRY 0-4, region A as probe_fwin40's) or the kernel around it; and b1-256
# (-23.6% in warpsim): is region B slow by itself, by its place, or beside region A (probe_fwin40's roles).
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin46/run.sh (about 25 s, most of it nvcc);
# DIR/fwin46.tar.xz holds fwin46/probe/*.txt, the SASS of both probes, meta.txt. Read: python3
# .devjobs/fwin40/read_fwin40.py RAW (RAW: the tarball unpacked, fwin46/); warpsim: warpsim_fwin46.py.
set -u
. .devjobs/lib.sh
job fwin46
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 60 ] || { echo "skipped after 60 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/fwin46/probe_fwin46.cu $s/p $o/nvcc.log
build .devjobs/fwin40/probe_fwin40.cu $s/p40 $o/nvcc.log
build .devjobs/fwin37/probe_fwin37.cu $s/f37 $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_p.sass 2>>$o/nvcc.log
cuobjdump -sass $s/p40 >$o/probe_p40.sass 2>>$o/nvcc.log
e()
{ # e ENTRY BLOCKS: probe_fwin46, every warp region A
    left e$1 || return 0
    timeout 10 $s/p $1 $2 10 0 15 >$o/probe/e$1.txt 2>&1 || echo "rc=$? e$1" >>$o/meta.txt
}
r()
{ # r NAME BLOCKS ROLES SPMASK: probe_fwin40
    left $1 || return 0
    timeout 10 $s/p40 $2 10 "$3" "$4" >$o/probe/$1.txt 2>&1 || echo "rc=$? $1" >>$o/meta.txt
}
# the card repeats fwin40's job: probe_fwin37 S 16 (19207 at 512), fwin40 base (e0: 8262 / 16571)
timeout 10 $s/f37 4096 16 256,512 10 >$o/probe/f37-first.txt 2>&1 || echo "rc=$? f37 first" >>$o/meta.txt
e 0 256,512
# a second barrier right before t0; region A straight off the barrier; with 20 IMADs; with three taken branches
e 1 256,512
e 2 256,512
e 3 256,512
e 4 256,512
# b1-256: region A alone, region B alone (one warp a sub-partition), B as a pair, B in slot 0, b1-256 again, b1-256
# in sub-partition 0 only
r a-128 128 0 15
r b-128 128 3 15
r bb-256 256 33 15
r b0-256 256 03 15
r b1-256 256 30 15
r b1-sp1 256 30 1
timeout 10 $s/f37 4096 16 512 10 >$o/probe/f37-last.txt 2>&1 || echo "rc=$? f37 last" >>$o/meta.txt
ends $o/meta.txt
pack fwin46
