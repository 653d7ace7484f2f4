# fetch33: the first launch's fetch of cold code with 1-4 warps on as many sub-partitions, and per-warp stamps along the
# region. fetch32 on the H100 h100i (docs/calibration.md "(fetch32)"): t12 / t13 (12.1 / 13.1 cycles a 128-byte line
# warm) take 17.57 / 17.58 a line at 1 warp, 17.62 / 15.55 at 2 and 14.08 / 13.59 at 4; probe_cold17's NOPs and FFMAs (8-10
# a line) at 2 and 4 warps 17.7-18.3 (H200 cold17). warpsim gives every warp of the block the one-warp figure (+14.5% /
# +31% at 2 / 4 warps). Questions: where along the region a warp waits (its stamps every ~12 lines), whether the warps
# take turns (a warp waiting while another does not), how the gain goes with the code's rate (11-15 a line) and the
# warps (1, 2, 3, 4; 8 = 2 a sub-partition), and whether a warp that starts behind the others is fetched for by them.
# Run from the repository root on the device: OUT=DIR sh .devjobs/fetch33/run.sh (about 55 processes of 3 launches:
# 20-40 s); DIR/fetch33.tar.xz holds fetch33/probe/KIND-bB[-lateW-D][-rR].txt (a line a warp: "launch warp warpid smid
# t0 s1 .. s15 t1", clocks less the block's least t0; launch 0 cold, each file its own process), probe_fetch33.sass,
# probe_fetch33.ptx, meta.txt.
set -u
. .devjobs/lib.sh
job fetch33
meta $o/meta.txt
build .devjobs/fetch33/probe_fetch33.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_fetch33.ptx .devjobs/fetch33/probe_fetch33.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_fetch33.sass
run()
{
    f=$o/probe/$1-b$2${5:+-$5}.txt
    timeout 20 $s/p $1 $2 3 ${3:-} ${4:-} >$f 2>&1 || echo "rc=$? $f" >>$o/meta.txt
}
for kind in t12 t13 t14 t125 t135 t11 t15; do
    for b in 32 64 96 128 256; do
        run $kind $b
    done
done
for kind in t12n t13n t14n t15n; do
    for b in 32 64 128; do
        run $kind $b
    done
done
for r in 2 3; do
    run t13 64 '' '' r$r
    run t12 128 '' '' r$r
    run t12 64 '' '' r$r
done
for d in 100 400; do
    run t12 64 1 $d late1-$d
    run t13 64 1 $d late1-$d
    run t13 128 3 $d late3-$d
done
run t12 128 3 400 late3-400
ends $o/meta.txt
pack fetch33
ls -l $out
