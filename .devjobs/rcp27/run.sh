# rcp27: whether warm code past 32 KiB is fetched again in every launch (docs/calibration.md "(rcp27)", the rule
# ifetch.hold / ifetch.warm_line). probe_alu3's rcp_m, rcp_f, rcp_l (kernels of 33.0 KiB) and rcp20's rm, rf, rl, rmi,
# rfi, rli (33.2-33.4 KiB) are the only warm figures that differ by card (rcp_m at one warp a sub-partition 11.45 /
# 10.85 / 10.07 cycles a 128-byte line on alu27's H200 / h100 / h100b and h100c) and by launch (a block of 32: launch 1
# 2808, launches 2-9 2939 on the H200); every kind of 25-29 KiB (rcp, ex2_m, sqrt_l, ...) takes the same cycles on
# every card and launch, and rcp_x (33 KiB, a line in 19.6 cycles) too. The rule says the instruction caches keep
# 32 KiB of a kernel between launches and a larger kernel's warm launch fetches its lines again (about 11 cycles a
# line). This job varies only the code's size: probe_alu3.cu built with R (its rounds of 8 steps, 32 in probe_alu3)
#   (1) rcp_m, rcp_f, rcp_l at R 28, 30, 31, 32 (8 SASS a step: 28.9, 30.9, 31.9, 33.0 KiB) and rcp at R 32, 34,
#       36 (7 a step: 29.0, 30.8, 32.5 KiB): the rule says each runs at its 25-29 KiB rate (rcp 9.18, rcp_m about 9.15
#       a step) below 32 KiB and at the fetch's rate past it, on this card;
#   (2) code that issues faster than the fetch, far from the MUFU forms: lop3_f, fma_f (2 SASS a step, 8.2-8.4 cycles
#       a line warm at 25 KiB and less) and fma (1 SASS a step) at R 96, 120, 124, 132, 136, 192, 256 (lop3_f: 24.4,
#       30.4, 31.4, 33.4, 34.4, 48.4, 64.4 KiB): past 32 KiB the rule says every line costs the refetch (the period
#       the data of (1) cannot split from the MUFU forms' own issue), below it the known 8.2-8.6;
#   (3) each at blocks of 32, 128, 256, 512 on one SM, 10 launches a process (launch 0 cold; launch 1 against 2-9).
# Run from the repository root on the device: OUT=DIR sh .devjobs/rcp27/run.sh (about 2 minutes; DIR/rcp27.tar.xz).
# What decides: per kind and R the warm cycles a line at 128 threads (probe_alu3.py's spans over the kernel's lines:
# region SASS / 8 from probe_R.sass): a step up between 31.x and 33.x KiB in (1) and (2) and none elsewhere is the
# rule; lop3_f past 32 KiB gives the refetch's own rate (ifetch.warm_line + .warm_restart); no step (rcp_m at R 31
# as slow as at R 32) says the size is not the cause, and the 1-2 cycles a step are the MUFU forms' own.
set -u
. .devjobs/lib.sh
job rcp27
meta $o/meta.txt
one()
{ # R KINDS: build probe_alu3 with R rounds, its SASS, each kind at 32-512 threads
    sed "s/^#define R 32\$/#define R $1/" tests/calibration/probes/probe_alu3.cu >$s/p$1.cu
    grep -q "^#define R $1\$" $s/p$1.cu || { echo "no R $1" >>$o/meta.txt; return; }
    nvcc -arch=sm_90 -O3 -I tests/calibration/probes -o $s/p$1 $s/p$1.cu >>$o/nvcc.log 2>&1 || { echo "build R $1 failed" >>$o/meta.txt; return; }
    cuobjdump -sass $s/p$1 | xz >$o/probe_R$1.sass.xz
    mkdir -p $o/probe/R$1
    for kind in $2; do
        timeout 60 $s/p$1 $kind 1 32,128,256,512 10 >$o/probe/R$1/$kind.txt 2>&1 || echo "rc=$? R $1 $kind" >>$o/meta.txt
    done
}
# The builds, "R:KINDS" each (KINDS comma-separated); short.sh sets RCP27_PLAN to a subset (one build per R).
m="rcp_m,rcp_f,rcp_l" f="lop3_f,fma_f,fma"
for step in ${RCP27_PLAN:-28:$m 30:$m 31:$m 32:$m 32:rcp 34:rcp 36:rcp 96:$f 120:$f 124:$f 132:$f 136:$f 192:$f 256:$f}; do
    one ${step%%:*} "$(echo ${step#*:} | tr , ' ')"
done
ends $o/meta.txt
pack rcp27
ls -l $out
