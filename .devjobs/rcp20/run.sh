# rcp20 (issue 15): why probe_alu3's rcp forms (rcp.approx.f32 without .ftz) take more cycles a step on the H200 than
# ptxas's stall counts give, at one warp (rcp 9.18 / replay 8.25, rcp_m 11.50 / 8.75, rcp_l 11.94 / 10.15) and with
# 2-8 warps a sub-partition (rcp_m 9.15 where XU, ALU fix-ups and issue each take 8): docs/calibration.md "(rcp20)".
# Run from the repository root on the device: OUT=DIR sh .devjobs/rcp20/run.sh (about a minute); DIR/rcp20.tar.xz
# holds rcp20/probe/KIND-SET.txt (as alu27/probe/KIND.txt: "block launch bl warp t0 t1 warpid smid" a warp; read with
# tests/calibration/probes/probe_alu3.py's spans()), probe_rcp20.sass (sass_replay.py reads it: kernels rcp20_KIND)
# and meta.txt. Kinds and sets: probe_rcp20.cu's head.
# What decides: rmi/rfi/rli against rm/rf/rl (the read of the rcp's result by the other op), set b against set a
# (the data), zm/zf and em against rm/rf (MUFU.RCP without the fix-ups; ex2's one FSETP and FSEL).
set -u
. .devjobs/lib.sh  # job, meta, build, sets, ends, pack
job rcp20
meta $o/meta.txt
build .devjobs/rcp20/probe_rcp20.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_rcp20.sass
sets
ends $o/meta.txt
pack rcp20; ls -l $out
