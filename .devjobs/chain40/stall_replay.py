"""chain40 (docs/calibration.md "(chain40)"): replay warpsim's two estimates of ptxas's stall counts over ptxas's own order (the SASS), against its real
stall counts and yield bits. Rules: ff = cycles FFMA -> FFMA reader (4 or 5); holds = the IMAD and ALU pipes' 2
cycles (the list schedule's rule 6) or not (ptxas_issue_cycles); cross = +1 across datapaths (list schedule) or not.
Each straight stretch of FFMA/FADD/FMUL, IMAD and ALU ops (cut at branches, their targets and any other op) is
replayed in ptxas's own order; a rule's stall count at each position but the stretch's last is compared with the
listing's, and its yield bit by yield23's rule (E 12) with the listing's."""
import sys, re, collections, glob
import os
sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), '..', '..', 'tests', 'calibration', 'probes'))
import sass_text
REG = re.compile(r"\bR(\d+)\b")
def base(op): return op.split(".")[0]
def cls(op):
    b = base(op)
    if b in ("FFMA","FADD","FMUL") and not op.startswith(("FMUL.RZ",)): return "F"
    if b == "IMAD" and not op.startswith(("IMAD.WIDE","IMAD.HI")): return "M"
    if b in ("IADD3","LOP3","SHF","ISETP","SEL","LEA","FSETP","FSEL","PRMT","FMNMX"): return "A"
    return "o"
def side(c): return {"F":"fma","M":"fma","A":"alu"}.get(c)
def replay(ins, ff, holds, cross, imadfma=2):
    """issue cycle per instruction of one straight stretch"""
    cyc=[]; ready={}; pfree={"M":0,"A":0}
    for k,x in enumerate(ins):
        c = x.cls
        if k==0: t=0
        else:
            p = ins[k-1]
            step = 1
            if p.cls=="M" and c=="F": step = imadfma
            t = cyc[-1]+step
        for r in x.srcs:
            if r in ready:
                rt, pc = ready[r]
                lat = 4
                if pc=="F" and c=="F": lat = ff
                if cross and side(pc)!=side(c) and c!="o": lat += 1
                t = max(t, rt+lat)
        if holds and c in pfree: t = max(t, pfree[c])
        cyc.append(t)
        if holds and c in pfree: pfree[c] = t+2
        for r in x.dsts:
            if c in "FMA": ready[r]=(t,c)
            else: ready.pop(r,None)
    return cyc
def yields(counts, kinds, E=12):
    acc=0; out=[]
    for cnt,c in zip(counts,kinds):
        cnt=max(1,min(15,cnt)); acc+=cnt
        fixed = c in "FMA"
        clear = (not fixed) or cnt>=3 or (cnt>=2 and acc>=E)
        out.append(0 if clear else 1); acc = 0 if clear else acc
    return out
class I: pass
def stretches(ins):
    """straight stretches of F/M/A code: cut at branches, barriers, targets and anything not F/M/A"""
    targets=set()
    for x in ins:
        m=re.search(r"0x([0-9a-f]+)", x.operands)
        if base(x.opcode) in ("BRA","BSSY","CALL") and m: targets.add(int(m.group(1),16))
    cur=[]
    for x in ins:
        if x.addr in targets or x.c=="o":
            if len(cur)>=8: yield cur
            cur=[]
            if x.c=="o": continue
        y=I(); y.cls=x.c; y.x=x
        regs=REG.findall(x.operands); y.dsts=regs[:1]; y.srcs=regs[1:]
        cur.append(y)
    if len(cur)>=8: yield cur
RULES={"L5 (list: ff5 holds cross)":(5,1,1),"L4 (list, ff4)":(4,1,1),"P (ptxas_issue_cycles)":(4,0,0),"P+holds":(4,1,0),"P+holds+cross":(4,1,1),"P ff5":(5,0,0)}
def main(pattern, files):
    seen=set(); tot=collections.Counter(); n=0
    for path in files:
        funcs=collections.OrderedDict()
        for fn,x in sass_text.instructions(open(path,errors='replace').read()):
            if x.ctrl is not None and fn and re.search(pattern, fn):
                x2=x._asdict(); funcs.setdefault(fn,[]).append(x)
        for fn,ins in funcs.items():
            key=(fn,len(ins),tuple(i.text for i in ins[:40]))
            if key in seen: continue
            seen.add(key)
            for x in ins: pass
            xs=[]
            for x in ins:
                o=I(); o.__dict__.update(x._asdict()); o.stall=x.stall; o.yld=x.yld; o.c=cls(x.opcode); xs.append(o)
            for st in stretches(xs):
                m=len(st)-1  # the last's count depends on what follows: left out
                real_s=[y.x.stall for y in st]; real_y=[y.x.yld for y in st]
                kinds=[y.cls for y in st]
                n+=m
                for name,(ff,h,cr) in RULES.items():
                    cyc=replay(st,ff,h,cr)
                    cnt=[cyc[k+1]-cyc[k] for k in range(m)]+[15]
                    yy=yields(cnt,kinds)
                    tot[(name,"stall")]+=sum(cnt[k]==real_s[k] for k in range(m))
                    tot[(name,"yield")]+=sum(yy[k]==real_y[k] for k in range(m))
                    tot[(name,"ffstall")]+=0
    print(f"{pattern}: {len(seen)} functions, {n} positions")
    for name in RULES:
        print(f"  {name:32s} stall counts equal {tot[(name,'stall')]:7d} ({100*tot[(name,'stall')]/max(n,1):5.1f}%)  yield bits equal {tot[(name,'yield')]:7d} ({100*tot[(name,'yield')]/max(n,1):5.1f}%)")
if __name__=="__main__":
    # usage: stall_replay.py FUNCTION_REGEX LISTING...  (cuobjdump -sass text; duplicates by name and text counted once)
    main(sys.argv[1], sorted(sys.argv[2:]))
