# .devjobs/lib.sh: the steps the device jobs .devjobs/NAME/run.sh (mad19, rcp20, pack21, turn21) each wrote out,
# written once. A job sources it from the repository root after its `set -u`: . .devjobs/lib.sh
# (POSIX sh: dash or bash). It puts /usr/local/cuda/bin last on PATH (nvcc, cuobjdump on the device).
#   job NAME            out=$OUT (unset or empty ends the job), s=/tmp/NAME (the build), o=$out/NAME (the results,
#                       with $o/probe); makes s and o/probe; t0 its start (seconds)
#   within SECS WHAT    true while the job has run under SECS seconds, else notes WHAT as skipped in $o/meta.txt (a
#                       run's guard: within 50 $name || return 0; span60's)
#   meta FILE           the date, the GPU (name, uuid, bus, driver, clocks) and nvcc's version line into FILE
#   build SRC BIN LOG   nvcc -arch=sm_90 -O3 SRC into BIN, its messages in LOG; a failed build prints LOG and ends
#                       the job (status 1)
#   ends FILE           the end time, the job's seconds (${SECONDS}: bash's, or the environment's) and the clocks
#                       after, appended to FILE
#   sets                the kinds with the value sets a and b (below)
#   pack NAME           $out/NAME into $out/NAME.tar.xz, the folder removed
#   streams NAME        a whole job of .devjobs/NAME/probe_NAME.cu (on probe_streams.h) after `job NAME`: meta, the
#                       build, its PTX and SASS beside the results, each kind of its `list` on one block of 32-1024
#                       threads, 10 launches, into $o/probe/KIND.txt, ends, pack (pack21, hmid23)
PATH=$PATH:/usr/local/cuda/bin
job()
{
    out=${OUT:?}
    s=/tmp/$1
    o=$out/$1
    mkdir -p $s $o/probe
    t0=$(date +%s)
}
within()
{
    [ $(($(date +%s) - t0)) -lt $1 ] || { echo "skipped after $1 s: $2" >>$o/meta.txt; return 1; }
}
meta()
{
    {
        echo "date: $(date -u +%Y-%m-%dT%H:%M:%SZ)"
        nvidia-smi --query-gpu=name,uuid,pci.bus_id,driver_version,clocks.sm,clocks.max.sm,clocks.mem --format=csv
        echo "CUDA: $(nvcc --version | tail -1)"
    } >"$1"
}
build()
{
    nvcc -arch=sm_90 -O3 -o "$2" "$1" >"$3" 2>&1 || { cat "$3"; exit 1; }
}
ends()
{
    echo "end: $(date -u +%H:%M:%SZ) after ${SECONDS:-?}s, clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm --format=csv,noheader | head -1)" >>"$1"
}
pack()
{
    (cd "$out" && tar cJf "$1.tar.xz" "$1" && rm -r "$1")
}
# sets: each kind of $s/p list on one block of 32, 128, 256, 512, 1024 threads, 10 launches, with the value sets a
# (SEED 0, W 5: alu27's) and b (0x3f800000 0x3f800001: normal floats) into $o/probe/KIND-a.txt and KIND-b.txt; a run
# that fails or takes over 60 s leaves its status in $o/meta.txt (mad19, rcp20)
sets()
{
    for kind in $($s/p list); do
        timeout 60 $s/p $kind 1 32,128,256,512,1024 10 0 5 >$o/probe/$kind-a.txt 2>&1 || echo "rc=$? $kind a" >>$o/meta.txt
        timeout 60 $s/p $kind 1 32,128,256,512,1024 10 0x3f800000 0x3f800001 >$o/probe/$kind-b.txt 2>&1 ||
            echo "rc=$? $kind b" >>$o/meta.txt
    done
}
streams()
{
    meta $o/meta.txt
    build .devjobs/$1/probe_$1.cu $s/p $o/nvcc.log
    nvcc -arch=sm_90 -O3 -ptx -o $o/probe_$1.ptx .devjobs/$1/probe_$1.cu >>$o/nvcc.log 2>&1
    cuobjdump -sass $s/p >$o/probe_$1.sass
    for kind in $($s/p list); do
        timeout 60 $s/p $kind 1 32,128,256,512,1024 10 >$o/probe/$kind.txt 2>&1 || echo "rc=$? $kind" >>$o/meta.txt
    done
    ends $o/meta.txt
    pack $1
}
