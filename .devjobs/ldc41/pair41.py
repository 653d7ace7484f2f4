#!/usr/bin/env python3
"""pair41.py RAW.txt [BLOCK] (ldc41): probe_fwin37 stamps (fwin37 raw probe/nN-sS.txt): per sub-partition the pair's
slot1 - slot0 at each stamp (launch 3 printed), medians over launches 1-9, and which slot passes each stamp first."""
import sys, collections, statistics
path=sys.argv[1]; B=int(sys.argv[2]) if len(sys.argv)>2 else 256
per=collections.defaultdict(dict)
for line in open(path):
    f=line.split()
    if len(f)>=9 and f[0].isdigit():
        n,ns,block,la,w,wid,sm=map(int,f[:7])
        if block==B and len(f)==8+ns: per[la][wid]=[int(x) for x in f[7:]]
diffs=collections.defaultdict(list); lead=collections.Counter()
for la in sorted(per):
    if la==0: continue
    for sp in range(4):
        a,b=per[la].get(sp),per[la].get(sp+4)
        if not a or not b: continue
        d=[y-x for x,y in zip(a,b)]
        for i,v in enumerate(d): diffs[i].append(v)
        lead['slot0 first']+=sum(v>0 for v in d[1:]); lead['slot1 first']+=sum(v<0 for v in d[1:]); lead['tie']+=sum(v==0 for v in d[1:])
        if la==3: print('launch 3 sp',sp,'t0',a[0],b[0],'slot1-slot0 per stamp',d)
print('median slot1-slot0 by stamp (launches 1-9, 4 SPs):',[statistics.median(diffs[i]) for i in sorted(diffs)])
print('abs median',[statistics.median(abs(x) for x in diffs[i]) for i in sorted(diffs)])
print(lead)
