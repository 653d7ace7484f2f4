#!/usr/bin/env python3
"""near55.py RAW: which near cache (the L0/L1 instruction caches a later launch finds its lines in at the code's own
pace, ~8 cycles a line for fwin53's FFMAs) gives fwin53's chunks of 8-40 KiB kernels (docs/calibration.md "(near55)").
A set-associative LRU cache of 128-byte lines by load address (lazy loading puts a process's first kernel at the
debugger's first address, the second right after it: the spacing of gdb-each.txt's region<KB, 0> and <KB, 1>), filled
by each launch's lines in order and X lines past the end; a chunk is near where all its lines hit. Scans sets, ways
and X against the card's near chunks (under 100 cycles) in launches 2 and 5 of seq-16..40 and alt-16..32, and prints
the best's chunks. RAW: fwin53's tarball unpacked (its fwin53 folder). With --before (docs/calibration.md "(near56)") it scans
B too: B lines loaded in the sets before the entry's at each launch's start, before the kernel's (best: 64 x 4, X 0,
B 8, 4.1% of chunks wrong; B 0: 4.5%), and prints the 15 best and the best of 64 x 4."""
import itertools
import sys
ARGS = [a for a in sys.argv[1:] if a != '--before']
RAW = (ARGS[0] if ARGS else 'fwin53') + '/probe/'
BEFORE = [0, 2, 4, 8, 12, 16, 24, 32] if '--before' in sys.argv else [0]
A0=0x7ffddb7ad700
size={8:0x2e00,16:0x4f00,24:0x7000,32:0x9400,40:0xb500}  # the load spacing of region<KB,0> and <KB,1> (gdb-each)
def card(f,kb,tw,la):
    key='L %d KB %d%s w 0 '%(la,kb,'t' if tw else '')
    for l in open(RAW+f):
        if l.startswith(key): return [int(x)<100 for x in l.split(':')[1].split()]
class C:
    def __init__(s,S,W): s.S,s.W=S,W; s.sets=[[] for _ in range(S)]
    def acc(s,l):
        st=s.sets[l%s.S]
        if l in st: st.remove(l); st.append(l); return True
        if len(st)>=s.W: st.pop(0)
        st.append(l); return False
def launch(c,base,kb,X,sz,B=0):
    first=base//128; end=(base+sz)//128
    for l in range(first-B,first): c.acc(l)
    hit={l:c.acc(l) for l in range(first,end)}
    for l in range(end,end+X): c.acc(l)
    out=[]
    for i in range(kb):
        lo=base+0x120+0x420*i
        out.append(all(hit[l] for l in range(lo//128,(lo+0x420+127)//128)))
    return out
# the kernels' code sizes (.text): take the ELF's where known, else the spacing
text={8:0x2580,16:0x4680,24:0x6780,32:0x8b00,40:0xac00}
runs=[('seq-16.txt',[(16,0)]),('seq-24.txt',[(24,0)]),('seq-32.txt',[(32,0)]),('seq-40.txt',[(40,0)]),('alt-16.txt',[(16,0),(16,1)]),('alt-24.txt',[(24,0),(24,1)]),('alt-32.txt',[(32,0),(32,1)])]
res=[]
for S,W,X,B in itertools.product([16,32,64,128,256],[1,2,4,8,16],[0,8,16,24,32],BEFORE):
    if S*W*128>64*1024: continue
    err=tot=0
    for f,ks in runs:
        c=C(S,W)
        for la in range(6):
            for j,(kb,tw) in enumerate(ks):
                base=A0+(size[kb] if tw else 0)
                p=launch(c,base,kb,X,text[kb],B)
                if la in (2,5):
                    cd=card(f,kb,tw,la); err+=sum(p[i]!=cd[i] for i in range(kb)); tot+=kb
    res.append((round(err/tot,3),S,W,X)+((B,) if len(BEFORE)>1 else ()))
res.sort()
for r in res[:15 if len(BEFORE)>1 else 8]: print(r)
if len(BEFORE)>1: print([r for r in res if r[1:3]==(64,4)][:12])
S,W,X,B=(res[0][1:]+(0,))[:4]
for f,ks in runs:
    c=C(S,W)
    for la in range(6):
        for kb,tw in ks:
            base=A0+(size[kb] if tw else 0); p=launch(c,base,kb,X,text[kb],B)
            if la==5:
                cd=card(f,kb,tw,la)
                print(f,kb,tw,'card',''.join('n' if x else '.' for x in cd)); print(f,kb,tw,'mod ',''.join('n' if x else '.' for x in p))
