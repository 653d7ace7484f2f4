# uni30 (issue 15): ptxas's uniform datapath for shared-loaded values of one address (R2UR, ULOP3) on the H200:
# lds28's kinds (their H200 figures; lds28 ran on h100e only) and nW_N_M, N loads of W bytes at one address then
# their xor, where ptxas 13.0 parks words in uniform registers for n8_16 (11 R2UR, 5 ULOP3), n8_24 and n16_12 (15, 7)
# and not for n4_24, n4_32, n8_8, n8_12, n8_13, n8_32, n16_6, n16_8, n16_16 (probe_uni30.cu's head;
# docs/calibration.md "(uni30)"). Run from the repository root on the device (any card): OUT=DIR sh
# .devjobs/uni30/run.sh (about a minute); DIR/uni30.tar.xz holds uni30/probe/KIND.txt ("block launch warp t0 t1"),
# probe_uni30.sass, .res, .ptx and meta.txt. Read with .devjobs/lds28/analyse.py DIR/uni30.tar.xz [WARPSIM].
set -u
. .devjobs/lib.sh # job, meta, build, ends, pack
job uni30
meta $o/meta.txt
build .devjobs/uni30/probe_uni30.cu $s/p $o/nvcc.log
nvcc -arch=sm_90 -O3 -ptx -o $o/probe_uni30.ptx .devjobs/uni30/probe_uni30.cu >>$o/nvcc.log 2>&1
cuobjdump -sass $s/p >$o/probe_uni30.sass
cuobjdump -res-usage $s/p >$o/probe_uni30.res 2>&1
for kind in $($s/p list); do
    case $kind in
    br*) blocks=128 ;;
    cub_f256) blocks=256 ;;
    cub_i128) blocks=128 ;;
    i*) blocks=32,256 ;;
    *) blocks=32 ;;
    esac
    timeout 20 $s/p $kind $blocks 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
done
ends $o/meta.txt
cat $o/meta.txt
pack uni30
ls -l $out
