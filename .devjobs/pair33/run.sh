# pair33 (issue 15): how an FFMA beside half ops holds the FMA pipe where the two are independent chains (a 64-bit
# stream's halves, as hmid23's fi), by the share of FFMAs to add.f16x2, at 1 / 2 / 4 / 8 warps a sub-partition:
# docs/calibration.md "(pair33)"; kinds and question: probe_pair33.cu's head, README.
# Run from the repository root on the device: OUT=DIR sh .devjobs/pair33/run.sh (under a minute); DIR/pair33.tar.xz
# holds pair33/probe/KIND.txt ("block launch bl warp t0 t1 warpid smid" a warp; tests/calibration/probes/probe_alu3.py's
# spans()), probe_pair33.sass, probe_pair33.ptx and meta.txt.
set -u
. .devjobs/lib.sh  # job, streams
job pair33
streams pair33; ls -l $out
