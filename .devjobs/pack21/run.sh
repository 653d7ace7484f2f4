# pack21 (issue 15): probe_alu3's hadd is ptxas's packed SASS (157 PRMT, 94 HADD2, 57 HFMA2.MMA for 256 scalar
# add.f16): with warpsim's pipe costs (PRMT 2 ALU cycles, an add's HFMA2.MMA 1) that is 1.49 cycles a step at 4-8 warps
# a sub-partition where the H200 takes 1.77 / 1.82. This job measures what the packed form costs: PRMT alone, a PRMT
# with each f16x2 op, and the scalar half forms ptxas packs (sub, mul, fma, bf16): docs/calibration.md "(pack21)".
# Run from the repository root on the device: OUT=DIR sh .devjobs/pack21/run.sh (under a minute); DIR/pack21.tar.xz
# holds pack21/probe/KIND.txt (as alu27/probe/KIND.txt: "block launch bl warp t0 t1 warpid smid" a warp; read with
# tests/calibration/probes/probe_alu3.py's spans()), probe_pack21.sass (sass_replay.py: kernels pack21_KIND),
# probe_pack21.ptx (for warpsim) and meta.txt. Kinds: probe_pack21.cu's head.
# What decides: p's cycles a step at 2-8 warps a sub-partition (PRMT's ALU cost; 2.0 if warpsim's 2 cycles hold),
# p2 / pm against h2 (what a PRMT adds to each f16x2 op), h against alu27's hadd (the same session's baseline).
set -u
. .devjobs/lib.sh  # job, streams
job pack21
streams pack21; ls -l $out
