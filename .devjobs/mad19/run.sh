# mad19 (issue 15): why probe_alu3's mad_f takes 2.66-2.75 cycles a step with 2-8 warps a sub-partition where fma_m
# takes 2.07, and fma_l/fadd_l 2.29-2.37 where lop3_f takes 2.08 (docs/calibration.md "(mad19)"). Not run: no device
# machine was lent in the session that wrote it.
# Run from the repository root on the device: OUT=DIR sh .devjobs/mad19/run.sh (about a minute); DIR/mad19.tar.xz
# holds mad19/probe/KIND-SET.txt (as alu27/probe/KIND.txt: "block launch bl warp t0 t1 warpid smid" a warp; read with
# tests/calibration/probes/probe_alu3.py's spans()), probe_mad19.sass and meta.txt.
# Kinds (probe_mad19.cu): mf, fm, fl, lf, ml, lm (probe_alu3's mad_f, fma_m, fma_l, lop3_f, mad_l, lop3_m; local
# ptxas 13.0 gives them alu27's SASS, neighbour for neighbour), mfi, fmi, fli, lfi (the same pairs on independent
# chains: no op reads the other pipe's result), ffm, mff (two FFMAs and an IMAD a step: the FMA pipe's halves).
# Sets: a (v = tid + i, w = 5: alu27's values; mad_f's IMAD and FFMA then write 30 and 5 every step) and
# b (v = 0x3f800000 + tid + i, w = 0x3f800001: values that change every step).
# fm-a-late3, mf-a-late3 (512 and 1024 threads): the warps 12-15 (one a sub-partition) start 300 cycles after the
# others; alu27's fma_m and h2f_f at 4 warps a sub-partition left the warp that started last (0-3) waiting until the
# other three ended: if warps 12-15 are the ones left here, the H200's pick follows the start order.
# What decides: mf-b against mf-a (the data), mfi/fmi against mf/fm (the IMAD -> FFMA read), ffm/mff at one warp a
# sub-partition (128 threads; tests/calibration/probes/fma_halves_model.py on this build's SASS: 4.54 and 4.55 cycles
# a step with the FMA pipe's two halves, an FFMA on the lite one when free, else the heavy one the IMAD needs; 4.05
# with one FMA pipe; with several warps a sub-partition both give the 3).
set -u
. .devjobs/lib.sh  # job, meta, build, sets, ends, pack
job mad19
meta $o/meta.txt
build .devjobs/mad19/probe_mad19.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_mad19.sass
sets
# the start order and the warp left waiting (fma_m at 4 warps a sub-partition, alu27): warps 12-15, then 0-3 start late
for late in 3 0; do
    for kind in fm mf; do
        timeout 60 $s/p $kind 1 512,1024 10 0 5 $late >$o/probe/$kind-a-late$late.txt 2>&1 ||
            echo "rc=$? $kind late $late" >>$o/meta.txt
    done
done
ends $o/meta.txt
pack mad19; ls -l $out
