# Issue 15, bench_mio_w8 [3] and [12] (branch mio21): the command for the H200 through the device tool. The device
# receives the session checkout (/work/main), where this folder is copied untracked. issue.ptx is bench_mio_w8's own
# code with a clock read right after the first and the last ld.shared of regions 0-3 (probe.py, nvcc 13.0 -ptx of
# issue.cu), issue16.ptx the same with one after the 16th too, keep.ptx mio18's keep variant (no clock added); each
# warp's t0/t1 of every region, those clocks, %warpid and %smid at the kernel's end (probe.py's head). Each run is a
# process's first launch of one block (hwrun), the condition of h200-issue15.txt; the four kinds interleaved.
# Results: one archive $OUT/mio21.tar.xz (meta.txt, the SASS of each PTX by this device's ptxas, one file a kind).
set -u;PATH=$PATH:/usr/local/cuda/bin;s=/tmp/mio21/dev;mkdir -p $s;o=$OUT/mio21;mkdir -p $o;d=.devjobs/mio21
{ date -u +%FT%TZ;nvidia-smi --query-gpu=name,driver_version,clocks.sm,clocks.max.sm --format=csv,noheader;nvcc --version|tail -1;}>$o/meta.txt
sh programs/hwrun/build.sh $s/hw>/dev/null||exit 1
for v in issue issue16 keep;do ptxas -arch=sm_90 -v $d/$v.ptx -o $s/$v.cubin 2>>$o/meta.txt&&cuobjdump -sass $s/$v.cubin>$o/$v.sass;done
ptxas -arch=sm_90 -v programs/bench_mio_w8.ptx -o $s/w8.cubin 2>>$o/meta.txt&&cuobjdump -sass $s/w8.cubin>$o/w8.sass
h(){ f=$1;shift;echo "== $k";timeout 20 $s/hw "$@" --json 2>&1;}
k=1;while [ $k -le 160 ] && [ $SECONDS -lt 200 ];do
 h issue.txt $d/issue.ptx --grid 1 --block 256 'out=u64[242]' 'sink=u32[256]'>>$o/issue.txt
 [ $((k%2)) = 0 ]&&h issue16.txt $d/issue16.ptx --grid 1 --block 256 'out=u64[274]' 'sink=u32[256]'>>$o/issue16.txt
 [ $((k%4)) = 1 ]&&h keep.txt $d/keep.ptx --grid 1 --block 256 'out=u64[162]' 'sink=u32[256]'>>$o/keep.txt
 [ $((k%4)) = 3 ]&&h w8.txt programs/bench_mio_w8.ptx @programs/bench_mio_w8.args>>$o/w8.txt
 k=$((k+1));done
echo "runs $((k-1)) ended $(date -u +%T) after ${SECONDS}s">>$o/meta.txt;cp $d/*.ptx $d/probe.py $o/
cd $OUT&&tar cJf mio21.tar.xz mio21&&rm -r mio21;ls -l $OUT
