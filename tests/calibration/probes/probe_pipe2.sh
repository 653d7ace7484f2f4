# As run on 2026-12-04 (device-2026-12-04-pipe24b.tar.xz) but for the probe_alu lines, whose "10>" and "3>" the shell
# took for redirections of descriptors 10 and 3 (every probe_alu run printed its usage): fixed here, not run yet.
# Issue 15 (branch pipe24), second call: (1) probe_alu.cu (its head): ISETP+SEL, IADD, LOP3, FFMA, IMAD and BlockScan's
# add+setp+selp step at 4, 8, 16, 32 warps, one block alone (10 launches) and one on every SM (3 launches); (2)
# BlockScan warp scans<int, 1024>'s timeline with each warp's arrival (bar) and its first load's return (first),
# gen_timeline.py's variants, hwrun, each a process's first launch, 20 runs. Results: $OUT/pipe24b.tar.xz.
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/pipe24b/dev;mkdir -p $s;o=$OUT/pipe24b;mkdir -p $o;d=.devjobs/pipe24b
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
nvcc -arch=sm_90 -O3 -I tests/calibration/probes -o $s/p $d/probe_alu.cu||exit 1;nvcc -arch=sm_90 -O3 -I tests/calibration/probes -ptx -o $o/probe_alu.ptx $d/probe_alu.cu;cuobjdump -sass $s/p>$o/probe_alu.sass
sh programs/hwrun/build.sh $s/hw>/dev/null 2>&1||echo "hwrun build failed">>$o/meta.txt
for k in sel add xor fma mad mix;do for b in 128 256 512 1024;do
 timeout 60 $s/p $k 1 $b 10 >$o/${k}_1_$b.txt 2>&1||echo "rc=$? $k 1 $b">>$o/meta.txt
 timeout 60 $s/p $k 0 $b 3 >$o/${k}_0_$b.txt 2>&1||echo "rc=$? $k 0 $b">>$o/meta.txt;done;done
t=timeline_cub_block_scan_warpscans_exclusivesum_int_b1024
for v in bar first ends;do ptxas -arch=sm_90 $d/${t}_$v.ptx -o $s/$v.cubin&&cuobjdump -sass $s/$v.cubin>$o/${t}_$v.sass
 k=1;while [ $k -le 20 ];do echo "== $k";timeout 20 $s/hw $d/${t}_$v.ptx @$d/${t}_$v.args --json 2>&1;k=$((k+1));done>$o/${t}_$v.txt;done
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader>>$o/meta.txt;cp $d/probe_alu.cu tests/calibration/probes/probe_host.h $o/;echo "ended $(date -u +%T) after ${SECONDS}s">>$o/meta.txt
cd $OUT&&tar cJf pipe24b.tar.xz pipe24b&&rm -r pipe24b;ls -l $OUT
