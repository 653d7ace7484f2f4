# hmid23 (issue 15): why one warp a sub-partition takes more cycles a step of probe_alu3's hadd2_m and hadd2_f than
# ptxas's own stall counts give (sass_replay.py --pipes 3.71 a step, the H200 3.94 and 4.09 at one warp a
# sub-partition; 3.06-3.13 with 2-8): docs/calibration.md "(hmid23)".
# Run from the repository root on the device: OUT=DIR sh .devjobs/hmid23/run.sh (about a minute); DIR/hmid23.tar.xz
# holds hmid23/probe/KIND.txt (as alu27/probe/KIND.txt: "block launch bl warp t0 t1 warpid smid" a warp; read with
# tests/calibration/probes/probe_alu3.py's spans()), probe_hmid23.sass (sass_replay.py: kernels hmid23_KIND, the
# region between the last two clock reads), probe_hmid23.ptx (for warpsim) and meta.txt. Kinds: probe_hmid23.cu's head.
# What decides (cycles a step at one warp a sub-partition, 128 threads, warm launches, against the SASS's replay):
# mi and fi (no IMAD or FFMA reads a half op; replay 3.06, 3.05) against m and f (replay 3.71): if mi, fi take
# their replay and m, f their 3.94 / 4.09 again, the excess is the read of a HADD2's value by the IMAD or FFMA 5-7
# cycles on (ptxas's placement); pm, pf (HMUL2) whether it is HADD2's alone; sm (hadd_m) the session's baseline.
set -u
. .devjobs/lib.sh  # job, streams
job hmid23
streams hmid23; ls -l $out
