#!/usr/bin/env python3
"""model57.py (near57): LRU caches of 128-byte lines by load address against h100y's seq-32 near chunks (launch 2) at
five load addresses (tests/calibration/device-2026-12-07-h100y-near57.tar.xz; read57.py prints them). sim(): each
launch loads B lines before the entry, the kernel's 0x8b00 bytes in order, X past the end (near55/near56's model: the
pattern does not move with the address); sim2(): B lines at fixed absolute sets o.. (other code of the process) before
the kernel's. Prints the best of each family and its chunks against the card's. docs/calibration.md "(near57)"."""
import sys
runs={'seq':0x7ffddb7ad700,'pre8':0x7ffddb7b0500,'pre16':0x7ffddb7b2600,'pre24':0x7ffddb7b4700,'eager':0x7ffdd3f37300}
card={'seq':'...###.....###....###.....###...','pre8':'....###.....###....####....####.','pre16':'....###....####....####....####.','pre24':'...####....####....####....####.','eager':'....###.....###.....###....####.'}
TEXT=0x8b00
def sim(base,S,W,B,X=0,kb=32):
    sets=[[] for _ in range(S)]
    def acc(l):
        st=sets[l%S]
        if l in st: st.remove(l); st.append(l); return True
        if len(st)>=W: st.pop(0)
        st.append(l); return False
    first=base//128; end=(base+TEXT+127)//128
    for la in range(3):
        for l in range(first-B,first): acc(l)
        hit={l:acc(l) for l in range(first,end)}
        for l in range(end,end+X): acc(l)
    return ''.join('#' if all(hit[l] for l in range((base+0x120+0x420*i)//128,(base+0x120+0x420*i+0x420+127)//128)) else '.' for i in range(kb))
best=[]
for S,W in ((64,4),(32,8),(128,2),(16,16)):
  for B in range(0,33,1):
    for X in (0,8,16,24):
      errs=sum(sum(a!=b for a,b in zip(sim(runs[r],S,W,B,X),card[r])) for r in runs)
      best.append((errs,S,W,B,X))
best.sort()
for e in best[:8]: print(e)
S,W,B,X=best[0][1:]
for r in runs: print(r, card[r], sim(runs[r],S,W,B,X))
print('near56 (64x4, B 8, X 0):', sum(sum(a!=b for a,b in zip(sim(runs[r],64,4,8,0),card[r])) for r in runs))
for r in runs: print(r, card[r], sim(runs[r],64,4,8,0))

def sim2(base,S,W,B,o,X=0,kb=32):
    """B lines at fixed absolute sets o..o+B-1 (other code of the process) loaded each launch before the kernel"""
    sets=[[] for _ in range(S)]
    def acc(l):
        st=sets[l%S]
        if l in st: st.remove(l); st.append(l); return True
        if len(st)>=W: st.pop(0)
        st.append(l); return False
    first=base//128; end=(base+TEXT+127)//128
    other=[(10**9//S)*S+o+i for i in range(B)]
    for la in range(3):
        for l in other: acc(l)
        hit={l:acc(l) for l in range(first,end)}
        for l in range(end,end+X): acc(l)
    return ''.join('#' if all(hit[l] for l in range((base+0x120+0x420*i)//128,(base+0x120+0x420*i+0x420+127)//128)) else '.' for i in range(kb))
res=[]
for S,W in ((64,4),(32,8),(128,2)):
  for B in range(0,40):
    for o in range(S):
      for X in (0,8,24):
        errs=sum(sum(a!=b for a,b in zip(sim2(runs[r],S,W,B,o,X),card[r])) for r in runs)
        res.append((errs,S,W,B,o,X))
res.sort()
print('fixed other lines:')
for e in res[:10]: print(e)
S,W,B,o,X=res[0][1:]
for r in runs: print(r, card[r], sim2(runs[r],S,W,B,o,X))
