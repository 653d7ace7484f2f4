#!/bin/bash
# --jobs 2: does the helper thread's stack position change its cost a block? Variants of one build whose helper
# thread starts its work N bytes lower on its stack (build/var/wN, alloca in par_helper_main), in rotation.
exec > >(tee $OUT/log5.txt) 2>&1
date -u
for r in 1 2 3 4; do for v in 0 16 32 48 64; do
  printf "w%-3s " $v; taskset -c 2,3 build/var/w$v bench --jobs 2 --speedup --only block_reduce --mode functional | grep -E "^block_reduce +functional"
done; done
date -u
