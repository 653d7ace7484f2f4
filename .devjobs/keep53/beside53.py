#!/usr/bin/env python3
# beside53.py (keep53): region B alone against B beside region A (fwin40's kernel in ptxas's layout) under four
# policies of the 128 KiB 8-way cache of lru53.py; prints B's missed lines in each of 6 launches. docs/calibration.md "(keep53)".
# B alone vs B beside A under cache policies: per launch, the window (prefetch), then demand lines: B's (and A's
# interleaved line for line where A runs), the tail, 24 past the end. fwin40's kernel layout (ptxas): A 0x310-0x10430,
# B 0x10440-0x20570, tail 0x209b0-0x20f00 (size 0x20f00). Counts B's missed lines in the steady launch.
import sys
L=128
class C:
    def __init__(s,S,W,pol): s.S,s.W,s.pol=S,W,pol; s.sets=[[] for _ in range(S)]
    def acc(s,l,demand):
        st=s.sets[l%s.S]
        if l in st:
            if s.pol=='lru' or (s.pol=='lru_demand' and demand):
                st.remove(l); st.append(l)
            elif s.pol=='demote' and demand:
                st.remove(l); st.insert(0,l)
            return True
        if len(st)>=s.W: st.pop(0)
        st.append(l); return False
def run(pol,withA,base=0x1700,S=128,W=8,X=24):
    c=C(S,W,pol); a=base//L
    A=list(range((base+0x310)//L,(base+0x10430)//L+1)); B=list(range((base+0x10440)//L,(base+0x20570)//L+1))
    T=list(range((base+0x209b0)//L,(base+0x20f00)//L+1)); E=list(range(a,(base+0x310)//L+1))
    res=[]
    for la in range(6):
        for l in range(a,(base+0x10000)//L): c.acc(l,False)
        for l in E: c.acc(l,True)
        miss=0
        for i,l in enumerate(B):
            if withA and i<len(A): c.acc(A[i],True)
            miss+= not c.acc(l,True)
        for l in T: c.acc(l,True)
        for l in range(T[-1]+1,T[-1]+1+X): c.acc(l,False)
        res.append(miss)
    return res
for pol in ('lru','fifo','lru_demand','demote'):
    print(pol,'B alone',run(pol,False),'beside A',run(pol,True))
