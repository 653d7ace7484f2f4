# fwin40: fwin19 K 0 at 512 threads (-14.7% in warpsim; h200f 19215, h100m 19213 cycles: 64 KiB of far straight-line
# FFMAs at 4 warps a sub-partition) with a role per slot (%warpid / 4): what slows the pair from 16.2 cycles a line (2
# warps a sub-partition) to 20.6-21.0 and gives the third ~20% of the issue (docs/calibration.md "(fwin37)",
# "(fwin38)", "(fwin40)"). probe_fwin40 is probe_fwin37's S 16 code (region A: the same 4096 FFMAs and 17 CS2R with
# the same controls) where a slot may instead exit after the barrier (1), run the same FFMAs as a kept loop of 4
# lines (2: the issue without the far fetch), run a second 64 KiB region of its own (3: the far fetch on other lines),
# or sleep until DELAY then run region A (4: resident, next to no issue); SPMASK keeps one or more sub-partitions;
# PRE 1 loads b before the barrier (no LDC between t0 and the first FFMA).
# Run from the repository root on the device: OUT=DIR sh .devjobs/fwin40/run.sh (about 20 s, most of it nvcc);
# DIR/fwin40.tar.xz holds fwin40/probe/*.txt, the SASS, meta.txt. Read: python3 .devjobs/fwin40/read_fwin40.py RAW.
set -u
. .devjobs/lib.sh
job fwin40
t0=$(date +%s)
left() { [ $(($(date +%s) - t0)) -lt 45 ] || { echo "skipped after 45 s: $*" >>$o/meta.txt; return 1; }; }
meta $o/meta.txt
build .devjobs/fwin40/probe_fwin40.cu $s/p $o/nvcc.log
build .devjobs/fwin37/probe_fwin37.cu $s/f37 $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_p.sass 2>>$o/nvcc.log
r()
{ # r NAME BLOCKS ROLES SPMASK [DELAY [PRE]]
    n=$1
    shift
    left $n || return 0
    timeout 10 $s/p $1 10 "$2" "$3" ${4:-} ${5:-} >$o/probe/$n.txt 2>&1 || echo "rc=$? $n" >>$o/meta.txt
}
# fwin37's kernel first (h100m S 16: 8368 / 16179 / 19362 at 256 / 384 / 512)
timeout 10 $s/f37 4096 16 256,384,512 10 >$o/probe/f37-first.txt 2>&1 || echo "rc=$? f37 first" >>$o/meta.txt
r base 256,384,512,1024 0 15
# no LDC in the region: b loaded from global memory before the barrier (the regions of probe_fwin K 0, probe_fwin37
# and base open with each warp's LDC of the parameter b: is the starved fourth waiting on it?)
r pre 256,384,512,1024 0 15 0 1
r pre-x0 512 0001 15 0 1
# the SM's fetch or the sub-partition's: only sub-partition 0's warps (1), 0 and 1's (3)
r sp1 512,1024 0 1
r sp3 512 0 3
# which warps matter: slot 0 (the starved last) gone, slot 3 (the third) gone, both (the pair alone)
r x0 512 0001 15
r x3 512 1000 15
r x03 512 1001 15
r x12 512 0110 15
r x0-384 384 001 15
# the issue without the far fetch: the kept loop in slot 0, in slot 3, in both; at 2 warps beside one far warp
r k0 512 0002 15
r k3 512 2000 15
r k03 512 2002 15
r k1-256 256 20 15
r k123 512 2220 15
# the far fetch on other lines: region B in slot 0, in slot 3, in both; at 2 warps
r b0 512 0003 15
r b3 512 3000 15
r b03 512 3003 15
r b1-256 256 30 15
# a resident warp that issues next to nothing: slot 0 asleep for 25000 cycles (past the others' end), then region A
r s0 512 0004 15 25000
r s03 512 4004 15 25000
r base-last 512 0 15
timeout 10 $s/f37 4096 16 512 10 >$o/probe/f37-last.txt 2>&1 || echo "rc=$? f37 last" >>$o/meta.txt
ends $o/meta.txt
pack fwin40
