#!/usr/bin/env python3
"""sass_cmp.py A.sass B.sass: compares regions 0-4 of two cuobjdump/nvdisasm -hex listings of bench_mio_w8 and its
probes (docs/calibration.md "(mio21)"): each region from its BAR.SYNC, between its first and last clock read, as the
sequence of opcodes and stall counts without the clock reads; prints whether they are the same and the first
differences (index, A's (opcode, stall), B's). The control bits: stall 41-44, write barrier 46-48, wait mask 52-57 of
the second word (as tests/calibration/probes/sass_region_sim.py)."""
import re
import sys
def load(fn):
    L=open(fn).read().split('\n');out=[]
    for i,l in enumerate(L):
        m=re.search(r'/\*([0-9a-f]{4,})\*/\s+(.*?;)\s+/\* (0x[0-9a-f]+) \*/',l)
        if m:
            hi=int(re.search(r'/\* (0x[0-9a-f]+) \*/',L[i+1]).group(1),16)
            out.append((m.group(1)[-4:],m.group(2),(hi>>41)&15,(hi>>46)&7,(hi>>52)&63))
    return out
def regions(ins):
    out=[];cur=None
    for x in ins:
        if x[1].startswith('BAR.SYNC'): cur=[];out.append(cur);continue
        if cur is not None: cur.append(x)
    return out
A=regions(load(sys.argv[1]));B=regions(load(sys.argv[2]))
for r in range(5):
    # up to the region's closing clock (the bench's second CS2R)
    def body(R,skipextra):
        cl=[i for i,x in enumerate(R) if 'CLOCK' in x[1]]
        return R[cl[0]:cl[-1]+1] if not skipextra else R[cl[0]:cl[-1]+1]
    a=body(A[r],0); b=body(B[r],0)
    sa=[(x[1].split()[0],x[2]) for x in a if 'CLOCK' not in x[1]]
    sb=[(x[1].split()[0],x[2]) for x in b if 'CLOCK' not in x[1]]
    print('region',r,len(sa),len(sb),'opcodes+stalls same' if sa==sb else 'differ',
          'opcodes same' if [x[0] for x in sa]==[x[0] for x in sb] else 'opcodes differ')
    if sa!=sb:
        d=[(i,x,y) for i,(x,y) in enumerate(zip(sa,sb)) if x!=y]
        print('  ',len(d),'diffs, first:',d[:6])
