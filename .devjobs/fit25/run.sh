# fit25: a second full H200 session of probe_alu3, and the per-process spread of the figures that decide
# docs/calibration.md "(h200fit25)" (which of alu27's 86 / 11 figures beyond 10% are the H200's, which the session's).
# Meant for an H200 (needs_h200: the point is the card; on an H100 it repeats alu3r, meta.txt says which card ran).
#   (1) alu3r's run (every probe_alu3 kind at blocks of 32, 128, 256, 512, 1024 on one SM, 10 launches a process):
#       the only full H200 session so far is alu27 (2026-12-04 17:37Z); its one-warp first launches fetched 20.5
#       cycles a line where cold17's H200 session fetched 17.6 and the H100s 15.2-16.7, and rcp_m, rcp_f at one warp a
#       sub-partition (128 threads) took 11.50 cycles a step where the H100s took 10.12 (h100b) and 10.90 (h100).
#       `check_probe_alu3.py W . --all --raw DIR/fit25.tar.xz` reads it (the top folder's probe/KIND.txt).
#   (2) the edge: lg2, rsqrt, sqrt (the same 4-SASS shape: alu27 gave 2097, 2097 and 2638 in one session), rcp_x,
#       hfma2, bfma2, and fma, lop3_f (code that outruns the fetch) at a block of 32, each in 5 processes of its own
#       (every first launch cold): edge/KIND-N.txt. Whether a kind's first launch pays the fetch in some processes
#       and not in others (then no fetch rule can fit lg2 and sqrt together: variance), or the kind decides.
#   (3) rcp, rcp_m, rcp_f, rcp_l at 128 threads (warm: the first launch of 128 follows ten of 32), 5 processes each:
#       rcp4/KIND-N.txt. The spread of 11.50 a step from process to process on one card; against the H100s' 10.12 and
#       10.90 it says whether the figure is the H200's (then warpsim's 9.66 is a model error) or the card's.
# Run from the repository root on the device: OUT=DIR sh .devjobs/fit25/run.sh (about 2 minutes; DIR/fit25.tar.xz).
set -u
. .devjobs/lib.sh
job fit25
mkdir -p $o/edge $o/rcp4
meta $o/meta.txt
echo "CUDA_MODULE_LOADING: ${CUDA_MODULE_LOADING:-unset}" >>$o/meta.txt
build tests/calibration/probes/probe_alu3.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_alu3.sass
for kind in $($s/p list | grep -v '^mov'); do
    timeout 60 $s/p $kind 1 32,128,256,512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
echo "probe ended: $(date -u +%H:%M:%SZ) after ${SECONDS:-?}s" >>$o/meta.txt
for n in 1 2 3 4 5; do
    for kind in lg2 rsqrt sqrt rcp_x hfma2 bfma2 fma lop3_f; do
        timeout 60 $s/p $kind 1 32 10 >$o/edge/$kind-$n.txt 2>&1 || echo "rc=$? edge $kind $n" >>$o/meta.txt
    done
    for kind in rcp rcp_m rcp_f rcp_l; do
        timeout 60 $s/p $kind 1 32,128 10 >$o/rcp4/$kind-$n.txt 2>&1 || echo "rc=$? rcp4 $kind $n" >>$o/meta.txt
    done
done
ends $o/meta.txt
pack fit25
ls -l $out
