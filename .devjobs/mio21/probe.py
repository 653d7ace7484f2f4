#!/usr/bin/env python3
"""probe.py IN.cu OUT.cu [REGIONS [LOADS]]: bench_mio_w8.cu -> a probe of the loads' issue in its own code
(docs/calibration.md "(mio21)"). The bench's regions unchanged (the same clock reads around each region, the same
out[] stores by warp 0 and the last warp), plus, in each load region of REGIONS (default 0,1,2,3), a clock read
(mov.u64 %clock64: CS2R) right after the ld.shared of each 1-based index in LOADS (default 1,64: the first and the
last load) inside the region's asm. Every region's t0 and t1, those clocks, %warpid and %smid are kept in registers
and written by lane 0 of each warp at the kernel's end, as mio18's keep.py does: out[18 + warp * W + i], i: t0, t1
of region 0, t0, t1 of region 1, ... (18), then the clocks of each region of REGIONS in LOADS' order, then %warpid,
%smid; W = 18 + len(REGIONS) * len(LOADS) + 2. The kernel is bench_mio_w8_issue; prints W and the out size."""
import re, sys
src = open(sys.argv[1]).read()
want = [int(x) for x in (sys.argv[3] if len(sys.argv) > 3 else '0,1,2,3').split(',')]
loads = [int(x) for x in (sys.argv[4] if len(sys.argv) > 4 else '1,64').split(',')]
ns = len(re.findall(r'if \(threadIdx\.x == 0\) out\[\d+\] = t1 - t0;', src))
K = len(loads)
W = 2 * ns + K * len(want) + 2
# the load regions' asm, in order: asm volatile(R8("BODY") "TAIL" : OUTS : "r"(a) : "memory");
pat = re.compile(r'asm volatile\(R8\("(.*?)"\) "(.*?)" : (.*?) : "r"\(a\) : "memory"\);')
count = [0]


def load_region(m):
    r = count[0]
    count[0] += 1
    if r not in want:
        return m.group(0)
    body, tail, outs = m.group(1).replace('%16', '%%%d' % (16 + K)), m.group(2), m.group(3)
    # BODY: 8 x (ld %j; xor %(8+j)); split it into its 8 pairs and write the 8 copies out with the clocks
    pairs = re.findall(r'ld\.volatile\.shared\.u32 .*?\\n\\t' r'xor\.b32 .*?\\n\\t', body)
    assert len(pairs) == 8 and ''.join(pairs) == body, pairs
    text, n = '', 0
    for copy in range(8):
        for p in pairs:
            n += 1
            ld, xor = p.split('\\n\\t')[:2]
            text += ld + '\\n\\t'
            if n in loads:
                text += 'mov.u64 %%%d, %%%%clock64;\\n\\t' % (16 + loads.index(n))
            text += xor + '\\n\\t'
    base = 2 * ns + K * want.index(r)
    names = ['c%d_%d' % (r, i) for i in range(K)]
    return ('unsigned long long %s;\n        ' % ', '.join(names)
            + f'asm volatile("{text}" "{tail}" : {outs}, ' + ', '.join('"=l"(%s)' % c for c in names)
            + ' : "r"(a) : "memory");\n        '
            + ' '.join('kt[%d] = %s;' % (base + i, c) for i, c in enumerate(names)))


src = pat.sub(load_region, src)
assert count[0] == 5, count
src = re.sub(r'(if \(threadIdx\.x == 0\) out\[(\d+)\] = t1 - t0;)',
             lambda m: f'kt[{2 * int(m.group(2))}] = t0; kt[{2 * int(m.group(2)) + 1}] = t1; {m.group(1)}', src)
src = src.replace('unsigned lane = threadIdx.x & 31;',
                  'unsigned lane = threadIdx.x & 31;\n    unsigned long long kt[%d];' % (W - 2), 1)
end = src.rindex('sink[threadIdx.x] = acc;')
o = '%d + (threadIdx.x >> 5) * %d' % (2 * ns, W)
src = (src[:end] + 'unsigned wid, smid;\n    asm volatile("mov.u32 %%0, %%%%warpid;\\n\\tmov.u32 %%1, %%%%smid;" '
       ': "=r"(wid), "=r"(smid));\n    if (lane == 0) {\n#pragma unroll\n        for (int i = 0; i < %d; i++) '
       'out[%s + i] = kt[i];\n        out[%s + %d] = wid;\n        out[%s + %d] = smid;\n    }\n    '
       % (W - 2, o, o, W - 2, o, W - 1) + src[end:])
src = re.sub(r'void (bench_mio_w\d+)\(', r'void \1_issue(', src)
open(sys.argv[2], 'w').write(src)
print(f'W={W} out=u64[{2 * ns + 8 * W}]')
