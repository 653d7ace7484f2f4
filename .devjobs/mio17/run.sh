# Issue 15, bench_mio_w8[12] (branch mio17): the command for the H200 through the device tool. The device receives
# the session checkout (/work/main), where this folder is copied untracked. probes.cu holds the three probes and
# their host program (see its head); everything is launched in-process, "launch" 0 of each file is the first.
# Results: one archive $OUT/mio17.tar.xz (meta.txt, probes.sass, one file a configuration). The run of 2026-12-03
# 15:45Z used d015def's version, whose r() set the loop's variable f (so its r0_g1_* files are all F=0, named
# r0_g1_fr0_f*.txt.txt); r() now uses its own variable.
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/mio17/dev;mkdir -p $s;o=$OUT/mio17;mkdir -p $o;d=.devjobs/mio17
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
nvcc -arch=sm_90 -O3 -o $s/p $d/probes.cu||exit 1;cuobjdump -sass $s/p>$o/probes.sass
r(){ rf=$1;shift;echo "# $*">$o/$rf;timeout 60 $s/p "$@">>$o/$rf 2>&1||echo "rc=$? $rf">>$o/meta.txt;}
# (1) the start stagger: 4, 8, 16, 32 warps; one block on each SM, and one block alone
for b in 128 256 512 1024;do r start_b$b.txt start 0 $b 25;r start_g1_b$b.txt start 1 $b 25;done
# (2) one sub-partition's queue: 8 warps, N loads by w0 alone, w0+w4 (one sub-partition), w0+w1 (two), all 8
for n in 1 2 4 8 16 32;do for t in 1 32;do for m in 0x01 0x11 0x03 0xff;do r q_n${n}_s${t}_m$m.txt queue$n -8 256 20 $t $m;done;done;done
# (3) bench_mio_w8's region 0: F bit 0 the st.shared initialising loop, bit 1 the global load of sink
for f in 0 1 2 3;do r r0_f$f.txt region0$f 0 256 25;r r0_g1_f$f.txt region0$f 1 256 25;done
k=1;while [ $k -le 20 ];do timeout 20 $s/p region03 1 256 1;k=$((k+1));done>$o/r0_g1_f3_proc.txt 2>&1
date -u +%T>>$o/meta.txt;cd $OUT&&tar cJf mio17.tar.xz mio17&&rm -r mio17;ls -l $OUT
