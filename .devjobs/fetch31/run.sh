# fetch31: one warp's first launch (cold instruction cache) against the code's own warm issue rate, 12-20 cycles a
# 128-byte line in fine steps (14-15.5 in steps of 0.25), straight-line code of 5, 25 and 31 KiB; and fwin K 8's loop at
# one warp (pack30: 28.2 cycles an iteration on the H200, warpsim 22.0) beside three variants. docs/calibration.md
# "(rcp30)" (code issuing a line in 15.4-16.0 cycles hides the fetch, 14.37 does not; warpsim's ifetch.line 16) and
# "(pack30)" ("fwin K 8 at one warp a sub-partition").
# Run from the repository root on the device: OUT=DIR sh .devjobs/fetch31/run.sh (28 kinds, each its own process:
# about 30-60 s); DIR/fetch31.tar.xz holds fetch31/probe/KIND.txt ("block launch bl warp t0 t1 warpid smid" a warp,
# blocks of 32, 128, 256, 512, 1024 threads, 10 launches each: launch 0 of the block of 32 is the first, cold; read
# with tests/calibration/probes/probe_alu3.py's spans() or probe_jobs.py), probe_fetch31.sass (kernels
# fetch31_KIND, the region between the last two clock reads; .devjobs/fetch31/sass_rates.py gives each kind's rate),
# probe_fetch31.ptx (for warpsim) and meta.txt. The kinds and their SASS rates (ptxas 13.0 here): .devjobs/fetch31/README.
# What decides: for each t, l, p, d kind, first-launch span / warm span (median of launches 1-9) at 32 threads against
# the warm cycles a line (warm span / (region SASS / 8)): the rate below which the first launch waits on the fetch,
# and by how much at each rate (t14 .. t155 in steps of 0.25: 14.37 waited and 15.4 did not on h200f); t14s/t14x,
# t155s/t155x, p165s/p165x the same rates at 5 and 31 KiB. k8 against k8a (the loop in 3 lines, not 2), k8n, k8i,
# k16 at 32 threads: what fwin K 8's 28.2 cycles an iteration owes to the loop's place in the lines (k8a), to the
# HADD2 (k8n: none), to its dependence (k8i: it reads the loop counter) and to the FFMAs between two (k16).
set -u
. .devjobs/lib.sh  # job, streams
job fetch31
streams fetch31; ls -l $out
