#!/usr/bin/env python3
"""bench_mio_w8.cu -> bench_mio_w8_keep.cu: the bench's code unchanged in its regions (the same clock reads, the
same out[] stores by warp 0 and the last warp), but every region's t0 and t1 also kept in registers and written by
lane 0 of every warp at the kernel's end: out[18 + warp * 18 + 2 * region] = t0, [... + 1] = t1 (nothing is stored
between the regions but what the bench stores, unlike mio10's _abs variant). Usage: keep.py IN.cu OUT.cu"""
import re, sys
src = open(sys.argv[1]).read()
ns = len(re.findall(r'if \(threadIdx\.x == 0\) out\[\d+\] = t1 - t0;', src))
src = re.sub(r'(if \(threadIdx\.x == 0\) out\[(\d+)\] = t1 - t0;)',
             lambda m: f'kt[{2 * int(m.group(2))}] = t0; kt[{2 * int(m.group(2)) + 1}] = t1; {m.group(1)}', src)
src = src.replace('unsigned lane = threadIdx.x & 31;', 'unsigned lane = threadIdx.x & 31;\n    unsigned long long kt[%d];' % (2 * ns), 1)
end = src.rindex('sink[threadIdx.x] = acc;')
src = (src[:end] + 'if (lane == 0)\n#pragma unroll\n        for (int i = 0; i < %d; i++) out[%d + (threadIdx.x >> 5) * %d + i] = kt[i];\n    ' % (2 * ns, 2 * ns, 2 * ns) + src[end:])
src = re.sub(r'void (bench_mio_w\d+)\(', r'void \1_keep(', src)
open(sys.argv[2], 'w').write(src)
