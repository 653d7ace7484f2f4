# seq61_all.sh SEQ60 PTX: regb60's five by-turns processes (.devjobs/regb60/run.sh; b1-again is b1 again) in one warpsim
# machine each, through .devjobs/span60/seq60.c with per-item roles and rounds=10, warm figure preset (ifetch.line 0);
# read the medians of rounds 1-9 as check_fwin40.py does.
B=$1
P=$2
for spec in "b128 128:1:3" "b1 256:1:30" "b128-b1 128:1:3,256:1:30" "a256-b128 256:1:0,128:1:3" "b3-b1 512:1:3000,256:1:30"; do
    set -- $spec
    echo "== $1"
    "$B" "$P" "ifetch.line 0" 0 0000 15 0 "$2" rounds=10
done
