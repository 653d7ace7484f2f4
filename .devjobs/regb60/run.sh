# regb60: is region B's halved slow fetch beside region A (fwin40 b1-256: ~104 of B's lines missed by its span against
# b-128's ~213, "(fwin47)", "(beside54)") the far cache's state that the launch before left, as warpsim's far cache
# (fed the previous launch's lines in the order they came) gives it, or region A's fetch beside B in the same launch?
# probe_fwin40's kernel in one process, roles by turns (probe_regb60 ROUNDS BLOCK:ROLES ...), 10 rounds each:
#   b128      b-128 alone (B in slot 0 of each sub-partition; h100o 15063): the steady B-alone figure
#   b1        b1-256 alone (A in slot 0, B in slot 1; h100n 12155, q 11905, x 12233, z 12114)
#   b128-b1   b-128, b1-256 by turns: warpsim's far cache (fed the launch before's lines) says b1-256 after a B-alone
#             launch misses B's lines as alone (its B segments as b-128's) and b-128 after a b1-256 launch fewer
#             than alone; a halving within the launch leaves b1-256 near 12000 and b-128 near 15000
#   a256-b128 fwin40 base 256 (A pair) and b-128 by turns: A's lines alone in the launch before B alone
#   b3-b1     b3 at 512 (B in slot 3) and b1-256 by turns: B beside three A warps before B beside one
# Run from the repository root on the device: OUT=DIR sh .devjobs/regb60/run.sh (about 30 s, most of it nvcc); DIR/
# regb60.tar.xz holds regb60/probe/*.txt, the SASS, meta.txt. Read: python3 .devjobs/fwin40/read_fwin40.py RAW (RAW:
# the tarball unpacked, regb60/): each run's blocks and per-slot segments; launch 0 is the process's first.
set -u
. .devjobs/lib.sh
job regb60
meta $o/meta.txt
build .devjobs/regb60/probe_regb60.cu $s/p $o/nvcc.log
cuobjdump -sass $s/p >$o/probe_p.sass 2>>$o/nvcc.log
q()
{ # q NAME SPEC...: one process, the SPECs by turns, 10 rounds
    n=$1
    shift
    timeout 20 $s/p 10 "$@" >$o/probe/$n.txt 2>&1 || echo "rc=$? $n" >>$o/meta.txt
}
q b128 128:3
q b1 256:30
q b128-b1 128:3 256:30
q a256-b128 256:0 128:3
q b3-b1 512:3000 256:30
q b1-again 256:30
ends $o/meta.txt
pack regb60
