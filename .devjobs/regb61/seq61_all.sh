# seq61_all.sh SEQ61 PTX: regb60's five by-turns processes (.devjobs/regb60/run.sh; b1-again is b1 again) in one warpsim
# machine each, warm figure preset (ifetch.line 0), 10 rounds; read the medians of rounds 1-9 as check_fwin40.py does.
B=$1
P=$2
for spec in "b128 128:3" "b1 256:30" "b128-b1 128:3 256:30" "a256-b128 256:0 128:3" "b3-b1 512:3000 256:30"; do
    set -- $spec
    n=$1
    shift
    echo "== $n"
    "$B" "$P" "ifetch.line 0" 10 "$@"
done
