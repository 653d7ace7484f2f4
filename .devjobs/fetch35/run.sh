# fetch35: fetch33's job (with t14n, t15n) twice in one call on one card, each pass's start clock and the card's clocks
# logged: is the cold fetch's pace a property of the card (h100j: one card-wide pace, 197-198 cycles a segment, blocks
# released together) or of the moment (h100i's fetch32 gave 2- and 4-warp gains)? Run from the repository root on the
# device: OUT=DIR bash .devjobs/fetch35/run.sh; DIR/pass1/fetch33.tar.xz, DIR/pass2/fetch33.tar.xz and DIR/passes.txt.
set -u
out=${OUT:?}
for pass in 1 2; do
    mkdir -p $out/pass$pass
    echo "pass $pass start $(date -u +%H:%M:%S.%NZ) clocks $(nvidia-smi --query-gpu=clocks.sm,clocks.max.sm,temperature.gpu,power.draw --format=csv,noheader | head -1)" >>$out/passes.txt
    OUT=$out/pass$pass bash .devjobs/fetch33/run.sh >$out/pass$pass/run.log 2>&1 || echo "pass $pass rc=$?" >>$out/passes.txt
    echo "pass $pass end $(date -u +%H:%M:%S.%NZ)" >>$out/passes.txt
done
