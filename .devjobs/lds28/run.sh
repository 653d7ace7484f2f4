# lds28 (issue 15): what a one-lane LDS.128 and LDS.64 cost, against LDS and against a whole warp, and what
# BlockReduce's last step (thread 0 alone after the barrier: LDS, LDS.128, LDS.64, seven FADDs) takes against the
# same sum from seven LDS: docs/calibration.md "(reuse27)", "(lds28)". With schedule.reuse warpsim puts the region's
# seven scalar ld.shared in ptxas's order and gives time_cub_block_reduce_warp_sum_float_b256 351 cycles with
# mio18.preset (H200 397, -11.6%); warpsim has no LDS.128 there (seven 4-byte loads), and the one-lane LDS.128's cost
# was never measured. Kinds and lines: probe_lds28.cu's head.
# Run from the repository root on the device (any card): OUT=DIR sh .devjobs/lds28/run.sh (about a minute);
# DIR/lds28.tar.xz holds lds28/probe/KIND.txt ("block launch warp t0 t1", the clocks less the block's least t0),
# probe_lds28.sass (cuobjdump -sass), probe_lds28.res (-res-usage: ptxas's registers, warpsim's --regs),
# probe_lds28.ptx (for warpsim) and meta.txt (the GPU's name, UUID, driver,
# clocks before and after). Read with .devjobs/lds28/analyse.py DIR/lds28.tar.xz [WARPSIM] (median of launches 1-9).
# What decides (warm launches, warp 0's t1 - t0):
#   (1) c16_o - c4_o and c8_o - c4_o (16 dependent loads): a one-lane LDS.128's / LDS.64's latency beyond LDS's
#       (warpsim: shared.128 4 for 16 bytes, 0 for 8); against c16_b, c16_l whether one lane costs what a warp does;
#   (2) i16_o, i8_o against i4_o (16 independent loads): the issue interval of a one-lane LDS.128 / LDS.64
#       (warpsim: mio.issue 4, a 16-byte broadcast shared.bcast128 2 wavefronts);
#   (3) brvp_o against brsp_o (the loads and adds alone, thread 0 after the barrier): what ptxas's LDS + LDS.128 +
#       LDS.64 take against seven LDS on the card; warpsim gives the seven scalar loads' figure to both (the PTX has
#       no vector load there). brv_o, brs_o with the barrier and the store before (t0 as the timed region's).
#       If brvp_o exceeds brsp_o by about the 46 cycles the float BlockReduce misses (397 - 351), the loads' form is
#       what warpsim lacks and schedule.reuse's order is right; if they are equal, the 46 cycles are elsewhere
#       (the barrier's release, the cold lines after the branch);
#   (4) cub_f256, cub_i128: the two timed regions on this card (H200 397, 145), the baseline for (3).
set -u
. .devjobs/lib.sh  # job, meta, build, ends, pack
job lds28
meta $o/meta.txt
build .devjobs/lds28/probe_lds28.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_lds28.ptx .devjobs/lds28/probe_lds28.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_lds28.sass
cuobjdump -res-usage $s/p >$o/probe_lds28.res 2>&1
for kind in $($s/p list); do
    case $kind in
    br*) blocks=128,256 ;;
    cub_f256) blocks=256 ;;
    cub_i128) blocks=128 ;;
    *) blocks=32,256 ;;
    esac
    timeout 60 $s/p $kind $blocks 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
ends $o/meta.txt
cat $o/meta.txt
pack lds28
ls -l $out
