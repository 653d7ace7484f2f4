#!/bin/bash
# sweep.sh WARPSIM [NAME...]: the figures of docs/calibration.md "(mio22)". WARPSIM: a build with
# .devjobs/mio22/experiment.diff applied (its trial keys, all 0 by default). Writes the loads-renamed tree under
# /tmp/mio22_sweep (.devjobs/mio20/rename.py, RENAME_LOADS_ONLY=1) and prints, per variant (mio18.preset plus the
# variant's keys), bench_mio_w8's out[2], [3], [11], [12], bench_mio_w4's out[3], and the slots within their bound
# of h200-issue15.txt, h200.txt, h200-subwarp.txt (FULL=1: and tests/check_launch.py's launches).
set -u
W=$(realpath "$1"); shift; SRC=$(cd "$(dirname "$0")/../.." && pwd); T=/tmp/mio22_sweep
mkdir -p $T
[ -d $T/loads ] || RENAME_LOADS_ONLY=1 python3 $SRC/.devjobs/mio20/rename.py $SRC $T/loads >/dev/null
Q="shared.queue 12 shared.queue_issue 1 shared.queue_shared 16"
Q="$Q shared.queue_fair 1"
[ -f $T/sass2.ptx ] || python3 $SRC/.devjobs/mio19/queue_order.py sass-order $SRC/tests/calibration/sass/bench_mio_w8.sass.xz \
    $SRC/programs/bench_mio_w8.ptx $T/sass2.ptx
if [ ! -d $T/sass2 ]; then cp -r $T/loads $T/sass2; cp $T/sass2.ptx $T/sass2/programs/bench_mio_w8.ptx; fi
H27="schedule.hoist_first 27 schedule.hoist 27"
declare -A V=(
  [a_m18]="src|"
  [b_m18r]="loads|"
  [c_q_rot]="loads|$Q sched.rotate 1"
  [d_q_high]="loads|$Q sched.high 1"
  [e_q_high_rot]="loads|$Q sched.high 1 sched.rotate 1"
  [f_pool_high_rot]="loads|${Q% shared.queue_fair 1} sched.high 1 sched.rotate 1"
  [g_sass2_q_high]="sass2|$Q sched.high 1"
  [h_q_high_h27]="loads|$Q sched.high 1 $H27"
  [i_q_high_h8]="loads|$Q sched.high 1 schedule.hoist_first 8 schedule.hoist 8"
  [j_q_rot_h27]="loads|$Q sched.rotate 1 $H27"
  [k_q_age3_h27]="loads|$Q sched.high 3 $H27"
  [l_q_age4_rot_h27]="loads|$Q sched.high 4 sched.rotate 1 $H27"
  [m_q_age32_rot_h16]="loads|$Q sched.high 32 sched.rotate 1 schedule.hoist_first 16 schedule.hoist 16"
  [n_h27]="loads|$H27"
  [o_q_rot2_h27]="loads|$Q sched.rotate 2 $H27"
  [p_q_age2_rot2_h27]="loads|$Q sched.high 2 sched.rotate 2 $H27"
  [q_q_age3_rot2_h27]="loads|$Q sched.high 3 sched.rotate 2 $H27"
  [r_rr]="loads|$Q shared.queue_rr 1"
  [s_rr_rot2]="loads|$Q shared.queue_rr 1 sched.rotate 2"
  [t_rr_rot2_h27]="loads|$Q shared.queue_rr 1 sched.rotate 2 $H27"
  [u_rr_age2_rot2_h27]="loads|$Q shared.queue_rr 1 sched.high 2 sched.rotate 2 $H27"
  [v_rr_high_h27]="loads|$Q shared.queue_rr 1 sched.high 1 $H27"
  [w_src_rr_age2_rot2]="src|$Q shared.queue_rr 1 sched.high 2 sched.rotate 2"
  [x_ps]="loads|$Q shared.queue_rr 2"
  [y_ps_h27]="loads|$Q shared.queue_rr 2 $H27"
  [z_src_ps]="src|$Q shared.queue_rr 2"
  [x3_ps_dyn]="loads|$Q shared.queue_rr 3"
)
names=("$@"); [ ${#names[@]} -eq 0 ] && names=($(printf '%s\n' "${!V[@]}" | sort))
for n in "${names[@]}"; do
    spec=${V[$n]:-${EXTRA:-}}; tree=${spec%%|*}; keys=${spec#*|}
    d=$SRC; [ "$tree" != src ] && d=$T/$tree
    f=$T/$n.preset; cp $SRC/tests/calibration/mio18.preset $f
    set -- $keys; while [ $# -gt 0 ]; do echo "$1 $2" >> $f; shift 2; done
    w8=$(cd $d && $W run programs/bench_mio_w8.ptx @programs/bench_mio_w8.args --json --regs 94 --preset $f | grep -o '"out": \[[^]]*\]' |
        python3 -c "import sys, json; o = json.loads(sys.stdin.read()[7:]); print(o[2], o[3], o[11], o[12])")
    w4=$(cd $d && $W run programs/bench_mio_w4.ptx @programs/bench_mio_w4.args --json --regs 94 --preset $f | grep -o '"out": \[[^]]*\]' |
        python3 -c "import sys, json; o = json.loads(sys.stdin.read()[7:]); print(o[3])")
    line="$n ($tree; $keys): w8 [2] [3] [11] [12] = $w8; w4[3] = $w4"
    for data in h200-issue15 h200 h200-subwarp; do
        r=$(cd $d && tests/check_calibration.sh $W . --data tests/calibration/$data.txt --preset $f 2>&1)
        line="$line; $data: $(echo "$r" | grep -E "checked slots" | head -1)"
        echo "$r" | grep FAIL | sed "s/^/    $n $data /" >> $T/$n.fail
    done
    if [ "${FULL:-0}" = 1 ]; then
        r=$(cd $d && python3 tests/check_launch.py $W . --preset $f 2>&1 | tail -3 | tr '\n' ' ')
        line="$line; launches: $r"
    fi
    echo "$line"
done
