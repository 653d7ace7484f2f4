# memset59: near58's model has 4 lines of other code at sets 36-39 loaded each launch (docs/calibration.md "(near58)");
# probe_fwin53 runs a cudaMemset before every launch, pack30's probe_fsize none. Both again with and without one:
# probe_fwin53 seq-KB (16-40 KiB, one warp, 12 launches) with NO_MEMSET set and not, probe_fsize N 2304 (36 KiB) at 32
# and 128 threads with MEMSET set and not. Run from the repository root on the device: OUT=DIR bash .devjobs/memset59/run.sh
set -u
. .devjobs/lib.sh
job memset59
meta $o/meta.txt
build .devjobs/fwin53/probe_fwin53.cu $s/p53 $o/nvcc.log
build .devjobs/pack30/probe_fsize.cu $s/pf $o/nvcc-f.log
for kb in 16 24 32 40; do
    timeout 30 $s/p53 seq $kb 32 12 >$o/probe/seq-$kb.txt 2>&1 || echo "rc=$? seq-$kb" >>$o/meta.txt
    NO_MEMSET=1 timeout 30 $s/p53 seq $kb 32 12 >$o/probe/nomemset-seq-$kb.txt 2>&1 || echo "rc=$? nomemset-seq-$kb" >>$o/meta.txt
done
for n in 2304 2816; do
    timeout 30 $s/pf $n 32,128 10 >$o/probe/fsize-$n.txt 2>&1 || echo "rc=$? fsize-$n" >>$o/meta.txt
    MEMSET=1 timeout 30 $s/pf $n 32,128 10 >$o/probe/memset-fsize-$n.txt 2>&1 || echo "rc=$? memset-fsize-$n" >>$o/meta.txt
done
ends $o/meta.txt
pack memset59
