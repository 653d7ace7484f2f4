# fmi40 (issue 15, ledger lines mad19 fmi-a/-b 1024, -11.1%): where and in which order the 8 warps of a sub-partition
# part in mad19 fmi's body of IMAD, FFMA by turns (docs/calibration.md "(fmi38)", "(fmi39)", "(fmi40)"): fmi37's stamps
# (h100m) showed them parting at ptxas's FFMA pairs, which mad19 fmi's body does not have. probe_fmi40 is mad19's
# kernel cut into S segments by stamps that wait on nothing (CS2R into a register pair each, stored after the region),
# with mad19 fmi's SASS between them (sass_check.py); fmi-s0 is mad19 fmi itself, and mad19's own probe runs fmi-a
# again as the ledger's reference.
# Run from the repository root on the device: OUT=DIR sh .devjobs/fmi40/run.sh (5 kinds and mad19 fmi, one block of
# 128-1024 threads, 10 launches each: about 30 s, most of it nvcc). DIR/fmi40.tar.xz holds fmi40/probe/KIND.txt
# ("block B" lines, then "launch block warp t0 s1 .. sS warpid smid" a warp, less the block's first t0),
# fmi40/probe/mad19-fmi-a.txt (mad19's lines), probe_fmi40.sass, probe_fmi40.ptx, probe_mad19.sass, meta.txt.
# Read with: python3 .devjobs/fmi40/read.py RAW/fmi40/probe/fmi-s16.txt [LAUNCH [BLOCK]];
# python3 .devjobs/fmi40/sass_check.py RAW/fmi40/probe_fmi40.sass RAW/fmi40/probe_mad19.sass (the device's SASS).
set -u
. .devjobs/lib.sh # job, meta, build, ends, pack
job fmi40
meta $o/meta.txt
build .devjobs/fmi40/probe_fmi40.cu $s/p $o/nvcc.log
build .devjobs/mad19/probe_mad19.cu $s/m $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_fmi40.ptx .devjobs/fmi40/probe_fmi40.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_fmi40.sass 2>>$o/nvcc.log
cuobjdump -sass $s/m >$o/probe_mad19.sass 2>>$o/nvcc.log
timeout 20 $s/m fmi 1 128,256,512,1024 10 0 5 >$o/probe/mad19-fmi-a.txt 2>&1 || echo "rc=$? mad19 fmi" >>$o/meta.txt
for kind in $($s/p list); do
    timeout 20 $s/p $kind 128,256,512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
# the stamps that matter most once more, after the others (the card's drift within the call)
timeout 20 $s/p fmi-s16 1024 10 >$o/probe/fmi-s16-again.txt 2>&1 || echo "rc=$? fmi-s16 again" >>$o/meta.txt
ends $o/meta.txt
pack fmi40
ls -l $out
