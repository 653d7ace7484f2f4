#!/usr/bin/env bash
# ptxas_regs.sh: writes tests/calibration/regs.txt, the registers ptxas gives each calibrated kernel
# (ptxas -arch=sm_90 -v: "Used N registers" of the program's entry; run from the source tree).
# check_calibration.sh runs each program with --regs N, which rule 5 of sim/schedule.c (ptxas's
# register budget, preset schedule.budget) needs: docs/calibration.md "ptxas's register budget".
set -eu
out=tests/calibration/regs.txt
{
    echo "# program registers: ptxas -arch=sm_90 -v ($(ptxas --version | tail -1)), written by ptxas_regs.sh"
    for p in $(cat tests/calibration/h200.txt tests/calibration/h200-issue15.txt tests/calibration/h200-subwarp.txt |
               awk '!/^#/ && NF { print $1 }' | sort -u); do
        f=programs/$p.ptx
        [ -f "$f" ] || f=tests/calibration/kernels/$p.ptx
        kernel=$(sed -n 's/^--kernel \([^ ]*\).*/\1/p' "${f%.ptx}.args" | head -1)
        n=$(ptxas -arch=sm_90 -v "$f" -o /dev/null 2>&1 |
            awk -v k="${kernel:-$p}" '/Compiling entry function/ { cur = index($0, "\x27" k "\x27") > 0 }
                                      /Used [0-9]+ registers/ && cur { print $5; exit }')
        [ -n "$n" ] || { echo "ptxas_regs.sh: no register count for $p" >&2; exit 1; }
        echo "$p $n"
    done
} > "$out.tmp"
mv "$out.tmp" "$out"
