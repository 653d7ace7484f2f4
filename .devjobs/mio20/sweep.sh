#!/bin/bash
# sweep.sh WARPSIM: the figures of docs/calibration.md "ptxas's renaming, a fair queue and the warps' order, tried
# (mio20)". WARPSIM: a build with .devjobs/mio20/experiment.diff applied (its keys are unknown to main's). Writes the
# renamed trees under /tmp/mio20_sweep (.devjobs/mio20/rename.py: every reused register, and loads only) and prints,
# per configuration, h200-issue15.txt's summary and failing slots and bench_mio_w8's / bench_mio_w4's out[2], [3],
# [11], [12].
set -u
W=$(realpath "$1"); SRC=$(cd "$(dirname "$0")/../.." && pwd); T=/tmp/mio20_sweep
mkdir -p $T
python3 $SRC/.devjobs/mio20/rename.py $SRC $T/all >/dev/null
RENAME_LOADS_ONLY=1 python3 $SRC/.devjobs/mio20/rename.py $SRC $T/loads >/dev/null
preset() { # preset NAME KEY VALUE ...: mio18.preset plus the keys
    local f=$T/$1.preset; shift; cp $SRC/tests/calibration/mio18.preset $f
    while [ $# -gt 0 ]; do echo "$1 $2" >> $f; shift 2; done; echo $f; }
Q="shared.queue 12 shared.queue_issue 1 shared.queue_shared 16"
run() { # run TREE PRESET|- LABEL
    local pre=(); [ "$2" != - ] && pre=(--preset $2)
    echo "== $3"
    (cd $1 && tests/check_calibration.sh $W . --data tests/calibration/h200-issue15.txt "${pre[@]}" 2>&1 |
        grep -E "FAIL|checked slots" | sed 's/ld.shared ILP 8 + xor //; s/ (bound 10%)//')
    for b in bench_mio_w8 bench_mio_w4; do
        (cd $1 && $W run programs/$b.ptx @programs/$b.args --json --regs 94 "${pre[@]}" | grep -o '"out": \[[^]]*\]' |
            python3 -c "import sys, json; o = json.loads(sys.stdin.read()[7:]); print('  $b [2] [3] [11] [12]:', o[2], o[3], o[11], o[12])")
    done
}
M=$SRC/tests/calibration/mio18.preset
run $SRC - "the bench's PTX, built-in preset"
run $T/all - "every reused register renamed, built-in preset"
run $T/loads - "loads renamed, built-in preset"
run $T/all $M "every reused register renamed, mio18.preset"
run $T/loads $M "loads renamed, mio18.preset"
run $SRC $(preset q $Q) "the bench's PTX, mio18.preset + queue 12 + 16 shared (mio19)"
run $T/loads $(preset q $Q) "loads renamed, mio18.preset + queue 12 + 16 shared"
run $T/loads $(preset qf $Q shared.queue_fair 1) "loads renamed, mio18.preset + queue 12 + 16 shared, fair"
run $T/loads $(preset qfr $Q shared.queue_fair 1 sched.rotate 1) "and sched.rotate 1"
run $T/loads $(preset qfo $Q shared.queue_fair 1 shared.queue_own 1) "and shared.queue_own 1 (no own rate)"
for d in 4 8 16 26; do
    run $T/loads $(preset q$d shared.queue $d shared.queue_issue 1) "loads renamed, mio18.preset + queue $d"
done
