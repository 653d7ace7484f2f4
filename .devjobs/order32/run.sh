# order32 (issue 15): .devjobs/ffm30's kinds again (probe_order32.cu is probe_ffm30.cu unchanged: kernels ffm30_KIND),
# on the H200 this time: ffm30 ran on an H100 (h100g). warpsim now takes ptxas's order for mad19 ffm/mff-like FFMA/IMAD
# chains (schedule.fma_chain), the FMA pipe's halves there (pipe.fma_halves) and the yield pick (pick.yield):
# docs/calibration.md "(order32)". Its figures on h100g, written before this run (first launches at 32 / 128 / 256 /
# 512 / 1024 threads): ffm +12.0 -0.2 -1.5 -0.5 -2.8%, fffm +10.8 -1.3 -2.6 +2.6 -1.7%, ffffm +10.1 +4.5 +5.1 +9.4
# +6.6%; fmf, ffmm, fml, ffl, ffmi as main (the rule does not take them). The H200's figures put them on
# check_device_jobs' footing.
# Run from the repository root on the device: OUT=DIR sh .devjobs/order32/run.sh (well under a minute); DIR/order32.tar.xz
# holds order32/probe/KIND.txt ("block launch bl warp t0 t1 warpid smid" a warp, blocks of 32-1024 threads, 10
# launches), probe_order32.ptx, probe_order32.sass and meta.txt.
set -u
. .devjobs/lib.sh  # job, streams
job order32
streams order32; ls -l $out
