# starve24 (issue 15): why probe_alu3's fma_m and h2f_f at 512 threads leave the last starter of each sub-partition
# (warps 0-3) waiting about 800 cycles, and fadd_m, fmul_m do not: docs/calibration.md "(starve24)".
# Run from the repository root on the device: OUT=DIR sh .devjobs/starve24/run.sh (about a minute); DIR/starve24.tar.xz
# holds starve24/probe/KIND.txt (as alu27/probe/KIND.txt: "block launch bl warp t0 t1 warpid smid" a warp; read with
# tests/calibration/probes/probe_alu3.py's spans()), KIND-late-L.txt (512 threads, the warps 4L..4L+3 start 300 cycles
# late), probe_starve24.sass, probe_starve24.ptx (for warpsim) and meta.txt. Kinds: probe_starve24.cu's head.
# Read with `probe_jobs.py late RAW` (the largest end gap a sub-partition and the warps after it). What decides (alu27
# and both H100s at 4 warps a sub-partition: fma_m 808, h2f_f 821 with warps 0-3 after the gap, fadd_m 11):
# fmr, hfr near 11 and amu near 800: the uniform operand of the FMA-pipe op decides; fmr, hfr still near 800: the
# FFMA, not its operand. fm-late-1 / -3: warps 4-7 / 12-15 after the gap: the last starter waits (age); 0-3 still:
# the lowest %warpid slot waits (a fixed priority).
set -u
. .devjobs/lib.sh  # job, meta, build, ends, pack
job starve24
meta $o/meta.txt
build .devjobs/starve24/probe_starve24.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_starve24.ptx .devjobs/starve24/probe_starve24.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_starve24.sass
for kind in $($s/p list); do
    timeout 60 $s/p $kind 1 128,256,512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
for kind in fm hf am; do
    for late in 0 1 3; do
        timeout 30 $s/p $kind 1 512 10 0 5 $late >$o/probe/$kind-late-$late.txt 2>&1 ||
            echo "rc=$? $kind late $late" >>$o/meta.txt
    done
done
ends $o/meta.txt
pack starve24
ls -l $out
