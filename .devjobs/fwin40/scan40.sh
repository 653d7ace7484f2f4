# scan40.sh: sp_model40.py over the four candidates (an SM-wide fetch path, a sub-partition's port, a fetch queue
# whose entries a starved warp's request keeps, a shared L1.5/L2 path in bytes a cycle; the window's evictions with
# each), under warpsim's round robin, a greedy pick and a slot priority (the card's far order 1230); one line a setting:
# the spans at 1 2 3 4 8 warps a sub-partition and their errors against h100m's 9114 8327 16186 19213 35639.
M=$(dirname $0)/sp_model40.py
for pick in rr "gto ORDER=1230" "prio ORDER=1230"; do
    for a in "WINDOW=96" "WINDOW=32" "WINDOW=64" "WINDOW=110" "WINDOW=96 SMPORT=2" "WINDOW=96 SMPORT=4" "WINDOW=96 SMPORT=6" \
        "WINDOW=96 BYTES=16" "WINDOW=96 BYTES=8" "WINDOW=96 PORT=8" "WINDOW=96 PORT=16" "WINDOW=96 PORT=24" \
        "WINDOW=96 Q=2" "WINDOW=96 Q=3" "WINDOW=96 Q=4" "WINDOW=96 Q=2 HOLD=use" "WINDOW=96 Q=3 HOLD=use" \
        "WINDOW=96 Q=4 HOLD=use" "WINDOW=96 PORT=8 REREQ=20" "WINDOW=96 SMPORT=2 REREQ=20"; do
        printf '%-16s %-32s' "$pick" "$a"
        python3 $M pick=$pick $a | awk '/^W/{printf " %s %s", $6, $7} /max/{printf "  max %s\n", $3}'
    done
done
