#!/usr/bin/env python3
"""bench_mio_wN.cu -> bench_mio_wN_abs.cu: the same kernel, but lane 0 of EVERY warp writes the absolute
t0 and t1 (%clock64) of each region: out[warp * 2 * NS + 2 * region] = t0, [... + 1] = t1, so the runs show
when each warp read its clocks (before or after the barrier's release, in which order) and not just
t1 - t0 of warp 0 and the last warp. Usage: abs.py programs/bench_mio_w8.cu OUT.cu"""
import re, sys
src = open(sys.argv[1]).read()
ns = len(re.findall(r'if \(threadIdx\.x == 0\) out\[\d+\] = t1 - t0;', src))
src = re.sub(r'if \(threadIdx\.x == 0\) out\[(\d+)\] = t1 - t0;',
             lambda m: f'if (lane == 0) {{ out[(threadIdx.x >> 5) * {2 * ns} + {2 * int(m.group(1))}] = t0; '
                       f'out[(threadIdx.x >> 5) * {2 * ns} + {2 * int(m.group(1)) + 1}] = t1; }}', src)
src = re.sub(r'\n *if \(threadIdx\.x == blockDim\.x - 32\) out\[\d+\] = t1 - t0;', '', src)
src = re.sub(r'void (bench_mio_w\d+)\(', r'void \1_abs(', src)
open(sys.argv[2], 'w').write(src)
