# loop32: the one-warp loop iteration floor. fetch31 (H100 h100h): a loop of IADD3, 8 FFMA, ISETP, BRA (k8n) takes
# 27.1 cycles an iteration at one warp where ptxas's stall counts give 22 (the BRA 13 cycles after its ISETP: `ISETP
# S13`-like padding) and warpsim 14.1; k16 31.2 (counts 26). docs/calibration.md "(fetch31)", "(loop32)".
# Run from the repository root on the device: OUT=DIR sh .devjobs/loop32/run.sh (19 kinds, each its own process:
# about 20-40 s); DIR/loop32.tar.xz holds loop32/probe/KIND.txt ("block launch bl warp t0 t1 warpid smid" a warp,
# blocks of 32, 128, 256, 512, 1024 threads, 10 launches each: launch 0 of the block of 32 is the first, cold; read
# with tests/calibration/probes/probe_alu3.py's spans()), probe_loop32.sass (kernels loop32_KIND, the loop between
# the two clock reads), probe_loop32.ptx (for warpsim) and meta.txt. The kinds: .devjobs/loop32/README.
# What decides: per kind at 32 threads, warm span / 512 (cycles an iteration; m kinds: 2 counts an iteration, 256
# iterations) against the loop's SASS (where ptxas puts the ISETP, the BRA's stall count): fK (K 0-32 FFMAs) whether
# the iteration is max(ISETP + 13, the body's issue) + the BRA's stall + a constant, and that constant; lK the same
# with the ISETP late; mK what a not-taken BRA adds; nK a bound from the argument; sK a loop closed on a shared load's
# value; 128-1024 threads (1, 2, 4, 8 warps a sub-partition) how iterations of several warps overlap.
set -u
. .devjobs/lib.sh  # job, streams
job loop32
streams loop32; ls -l $out
