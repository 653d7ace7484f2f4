# chain40 (issue 15): FFMA chains beside IMADs on 3 and 4 streams, where ptxas's stall counts show the FFMA's latency
# of 4 binding and warpsim's two estimates of them (schedule.fma_chain's 5 cycles, main; the FFMA's 4, chain40) part
# most: fffm on 3 streams at 256 threads, main 420 cycles, chain40 447 (probe_chain40.cu; docs/calibration.md
# "(chain40)"). Run from the repository root on the device: OUT=DIR sh .devjobs/chain40/run.sh (well under a
# minute); DIR/chain40.tar.xz holds chain40/probe/KIND.txt (as mad19's: "block launch bl warp t0 t1 warpid smid" a
# warp, blocks of 32-1024 threads, 10 launches), probe_chain40.ptx, probe_chain40.sass and meta.txt.
# Reading: `probe_jobs.py rates chain40 chain40 WARPSIM PTX` against each branch's warpsim.
set -u
. .devjobs/lib.sh  # job, streams
job chain40
streams chain40; ls -l $out
