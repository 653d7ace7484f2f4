#!/usr/bin/env python3
"""order33's models of ptxas's order (docs/calibration.md "(order33)"), not project code: list schedules of the
probe_streams kinds (program order among the ready with per-class-pair latencies; the same with a cap on runs of
IMADs or LOP3s while another class is ready) scored against ptxas's classes (ptxas_order.class_match) over mad19's
and ffm30's kinds. Run from tests/calibration/probes with MAD19_SASS and FFM30_SASS the unpacked listings."""
import os
MAD19_SASS, FFM30_SASS = os.environ["MAD19_SASS"], os.environ["FFM30_SASS"]
import sys, itertools
sys.path.insert(0,'.')
import ptxas_order as po
lines={'ffm30':open(FFM30_SASS).read().split("\n"),'mad19':open(MAD19_SASS).read().split("\n")}
def gen(form, lat, gap=2, mgapf=2, lgap=2):
    nodes = po.dag(form)
    succ, npred = [[] for _ in nodes], [0] * len(nodes)
    for j, (_, ps) in enumerate(nodes):
        for q in ps:
            if q >= 0: succ[q].append(j); npred[j] += 1
    earliest, out, t = [0]*len(nodes), [], 0
    free = {'M':0,'L':0,'F':0}; last_m=-99
    cand = {j for j in range(len(nodes)) if not npred[j]}
    def at(j):
        c = nodes[j][0]
        return max(earliest[j], free[c], last_m + mgapf if c=='F' else 0)
    while cand:
        now = [j for j in cand if at(j) <= t]
        if not now:
            t = min(at(j) for j in cand); continue
        j = min(now); cand.remove(j); out.append(j); c = nodes[j][0]
        if c == 'M': free['M'] = t+gap; last_m = t
        if c == 'L': free['L'] = t+lgap
        for x in succ[j]:
            earliest[x] = max(earliest[x], t + lat[c+nodes[x][0]])
            npred[x] -= 1
            if not npred[x]: cand.add(x)
        t += 1
    return out
KINDS=[('mad19',k) for k in ('ffm','mff','fm','mf','fl','lf','ml','lm')]+[('ffm30',k) for k in ('ffm','fmf','fffm','ffffm','ffmm','fml','ffl')]
ptx={}
for job,k in KINDS:
    rows=po.label(lines[job], job+'_'+k, k)
    ptx[job,k]=''.join(c for t,c,j,x in rows if c in 'FML' and j is not None)
pairs=[a+b for a in 'FML' for b in 'FML']
if False:
    import random
    base={p:4 for p in pairs}; base['FF']=5
    def score(lat, **kw):
        r={}
        for job,k in KINDS:
            g=po.classes(gen(k,lat,**kw),k); s=ptx[job,k]
            r[job,k]=(po.class_match(s,g), len(s)-2*po.EDGE)
        return r
    r=score(base)
    for kk,v in r.items(): print(kk, v)

# the run cap
def genc(form, lat, cap, gap=2):
    nodes = po.dag(form)
    succ, npred = [[] for _ in nodes], [0] * len(nodes)
    for j, (_, ps) in enumerate(nodes):
        for q in ps:
            if q >= 0: succ[q].append(j); npred[j] += 1
    earliest, out, t = [0]*len(nodes), [], 0
    free = {'M':0,'L':0,'F':0}; last_m=-99; run=('',0)
    cand = {j for j in range(len(nodes)) if not npred[j]}
    def at(j):
        c = nodes[j][0]
        return max(earliest[j], free[c], last_m + gap if c=='F' else 0)
    while cand:
        now = [j for j in cand if at(j) <= t]
        if not now:
            t = min(at(j) for j in cand); continue
        other=[j for j in now if not (nodes[j][0]!='F' and run[0]==nodes[j][0] and run[1]>=cap)]
        j = min(other or now); cand.remove(j); out.append(j); c = nodes[j][0]
        run=(c, run[1]+1 if run[0]==c else 1)
        if c == 'M': free['M'] = t+gap; last_m = t
        if c == 'L': free['L'] = t+gap
        for x in succ[j]:
            earliest[x] = max(earliest[x], t + lat[c+nodes[x][0]])
            npred[x] -= 1
            if not npred[x]: cand.add(x)
        t += 1
    return out
if True:
 for cap in (1,2,99):
  for ff in (4,5):
    lat={p:4 for p in pairs}; lat['FF']=ff
    per=[]
    for job,k in KINDS:
        g=po.classes(genc(k,lat,cap),k); s=ptx[job,k]
        per.append("%s/%s %d" % (job[0],k, len(s)-2*po.EDGE-po.class_match(s,g)))
    print(cap, ff, sum(int(x.split()[1]) for x in per), per)

# bottom-up (the reversed graph from the region's end)
def genb2(form, lat, gap=2, mstall=2, pick='prog'):
    nodes = po.dag(form)
    succ = [[] for _ in nodes]; nsucc=[0]*len(nodes)
    preds=[[q for q in ps if q>=0] for _,ps in nodes]
    for j,ps in enumerate(preds):
        for q in ps: succ[q].append(j); nsucc[q]+=1
    depth=[0]*len(nodes)
    for j in range(len(nodes)):
        depth[j]=max([depth[q]+lat[nodes[q][0]+nodes[j][0]] for q in preds[j]] or [0])
    earliest=[0]*len(nodes); out=[]; t=0; free={'M':0,'L':0,'F':0}; lastt=-99
    cand={j for j in range(len(nodes)) if not nsucc[j]}
    def at(j):
        c=nodes[j][0]
        return max(earliest[j], free[c], lastt+mstall if c=='M' else 0)
    key=(lambda j: j) if pick=='prog' else (lambda j: (depth[j], j))
    while cand:
        now=[j for j in cand if at(j)<=t]
        if not now:
            t=min(at(j) for j in cand); continue
        j=max(now,key=key); cand.remove(j); out.append(j); c=nodes[j][0]; lastt=t
        if c in 'ML': free[c]=t+gap
        for q in preds[j]:
            earliest[q]=max(earliest[q], t+lat[nodes[q][0]+c])
            nsucc[q]-=1
            if not nsucc[q]: cand.add(q)
        t+=1
    return out[::-1]
def score(lat, kinds=KINDS, **kw):
    per=[]
    for job,k in kinds:
        g=po.classes(genb2(k,lat,**kw),k); s=ptx[job,k]
        per.append(len(s)-2*po.EDGE-po.class_match(s,g))
    return sum(per), per
if True:
    FMK=[('mad19','ffm'),('mad19','mff'),('mad19','fm'),('mad19','mf'),('ffm30','fmf'),('ffm30','fffm'),('ffm30','ffffm'),('ffm30','ffmm')]
    for pick in ('prog','depth'):
     for mstall in (1,2):
      res=[]
      for ff,fm,mf,mm in itertools.product(range(4,7),range(3,7),range(3,7),(2,4)):
        lat={p:4 for p in pairs}; lat.update(FF=ff,FM=fm,MF=mf,MM=mm)
        res.append(score(lat,FMK,mstall=mstall,pick=pick)+(ff,fm,mf,mm))
      res.sort()
      for r in res[:3]: print(pick, mstall, r)

# top-down with the turn, over the kinds without FFMA chains
def gent(form, lat, gap=2, mstall=2, turn=True):
    nodes = po.dag(form)
    succ, npred = [[] for _ in nodes], [0] * len(nodes)
    for j, (_, ps) in enumerate(nodes):
        for q in ps:
            if q >= 0: succ[q].append(j); npred[j] += 1
    earliest, out, t = [0]*len(nodes), [], 0
    free = {'M':0,'L':0,'F':0}; lastm=-99; lastc=None
    cand = {j for j in range(len(nodes)) if not npred[j]}
    def at(j):
        c = nodes[j][0]
        return max(earliest[j], free[c], lastm+mstall if c=='F' else 0)
    while cand:
        now = [j for j in cand if at(j) <= t]
        if not now:
            t = min(at(j) for j in cand); continue
        oth=[j for j in now if nodes[j][0]!=lastc]
        j = min(oth or now) if turn else min(now)
        cand.remove(j); out.append(j); c = nodes[j][0]; lastc=c
        if c in 'ML': free[c] = t+gap
        if c=='M': lastm=t
        for x in succ[j]:
            earliest[x] = max(earliest[x], t + lat[c+nodes[x][0]])
            npred[x] -= 1
            if not npred[x]: cand.add(x)
        t += 1
    return out
NC=[('mad19','fm'),('mad19','mf'),('mad19','fl'),('mad19','lf'),('mad19','ml'),('mad19','lm'),('ffm30','fmf'),('ffm30','ffmm'),('ffm30','fml'),('ffm30','ffl')]
for ff in (4,5,6):
  for other in (4,5):
   for ms in (1,2):
    lat={p:other for p in pairs}; lat['FF']=ff
    per=[]
    for job,k in NC:
        g=po.classes(gent(k,lat,mstall=ms),k); s=ptx[job,k]
        per.append(len(s)-2*po.EDGE-po.class_match(s,g))
    print(ff,other,ms,sum(per),per)
