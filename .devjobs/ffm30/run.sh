# ffm30 (issue 15): mad19's ffm and mff (two FFMAs and an IMAD a step) take 4.55 cycles a step at 1-8 warps a
# sub-partition on the H200 and the H100s; the FMA pipe's halves (an FFMA on the lite half when free, else the heavy
# one an IMAD needs) with ptxas's yield bits as the pick (the last warp kept while it can issue and its instruction
# kept the bit) give that from ptxas's SASS alone, and every other mad19 kind within 10% (docs/calibration.md
# "(ffm30)"; tests/calibration/probes/halves_yield_model.py). This job asks whether it predicts other mixes:
# fmf, fffm, ffffm, ffmm, fml, ffl, ffmi (probe_ffm30.cu), and ffm again.
# Run from the repository root on the device: OUT=DIR sh .devjobs/ffm30/run.sh (well under a minute); DIR/ffm30.tar.xz
# holds ffm30/probe/KIND.txt (as mad19's: "block launch bl warp t0 t1 warpid smid" a warp, blocks of 32-1024 threads,
# 10 launches, alu27's values), probe_ffm30.ptx, probe_ffm30.sass and meta.txt.
# Reading: `halves_yield_model.py ffm30/probe_ffm30.sass ffm30_KIND ...` (the model's figures from the SASS) against
# `probe_jobs.py rates ffm30 ffm30` (the measured ones).
set -u
. .devjobs/lib.sh  # job, streams
job ffm30
streams ffm30; ls -l $out
