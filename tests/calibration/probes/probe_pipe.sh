# Issue 15, the shared pipe's rate against the warps of a block (branch pipe24): the command for the H200 through the
# As run on 2026-12-04 (device-2026-12-04-pipe24.tar.xz) from .devjobs/pipe24/ (probe_pipe.cu, analyse.py = probe_pipe.py,
# gen_timeline.py's ends and steps PTX and args).
# device tool (the session checkout, this folder untracked in it). probe_pipe.cu (its head says what it measures):
# (1) v4b, u32b, u32r, v4l x 16, 32, 64 loads a warp x 4, 8, 12, 16, 24, 32 warps, one block on every SM, 4 launches;
# (2) the same with 16 loads, one block alone (grid 1), 10 launches; (3) 32 warps with some warps loading (masks);
# (4) BlockScan warp scans<int, 1024>'s timeline (gen_timeline.py's ends and steps), hwrun, a process's first launch.
# Results: $OUT/pipe24.tar.xz (meta.txt, probe_pipe.ptx/.sass, one file a run, summary.txt from analyse.py).
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/pipe24/dev;mkdir -p $s;o=$OUT/pipe24;mkdir -p $o;d=.devjobs/pipe24
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
nvcc -arch=sm_90 -O3 -I tests/calibration/probes -o $s/p $d/probe_pipe.cu||exit 1;nvcc -arch=sm_90 -O3 -I tests/calibration/probes -ptx -o $o/probe_pipe.ptx $d/probe_pipe.cu
cuobjdump -sass $s/p>$o/probe_pipe.sass;sh programs/hwrun/build.sh $s/hw>/dev/null||echo "hwrun build failed">>$o/meta.txt
r(){ f=$o/$1_$2_$3_$4_$6.txt;timeout 60 $s/p "$@">$f 2>&1||echo "rc=$? $f">>$o/meta.txt;}
for k in u32b v4b u32r v4l;do for n in 16 32 64;do for b in 128 256 384 512 768 1024;do r $k $n 0 $b 4 0xffffffff;done;done;done
for k in u32b v4b u32r v4l;do for b in 128 256 384 512 768 1024;do r $k 16 1 $b 10 0xffffffff;done;done
for k in u32b v4b;do for n in 16 64;do for m in 0xf 0xff 0xffff 0x11111111 0x01010101 0x33333333 0xf0f0f0f0;do r $k $n 0 1024 4 $m;done;done;done
r u32b 64 0 256 4 0x11;r u32b 64 0 256 4 0x03;r u32b 16 0 256 4 0x11
nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader>>$o/meta.txt
t=timeline_cub_block_scan_warpscans_exclusivesum_int_b1024
for v in ends steps;do k=1;while [ $k -le 20 ];do echo "== $k";timeout 20 $s/hw $d/${t}_$v.ptx @$d/${t}_$v.args --json 2>&1;k=$((k+1));done>$o/${t}_$v.txt;done
python3 $d/analyse.py $o/*_0x*.txt>$o/summary.txt 2>&1;cp $d/probe_pipe.cu tests/calibration/probes/probe_host.h $d/analyse.py $o/;echo "ended $(date -u +%T) after ${SECONDS}s">>$o/meta.txt
cd $OUT&&tar cJf pipe24.tar.xz pipe24&&cp pipe24/summary.txt summary.txt&&rm -r pipe24;ls -l $OUT
