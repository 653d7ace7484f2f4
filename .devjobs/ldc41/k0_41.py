#!/usr/bin/env python3
"""k0_41.py WARPSIM PTX [PRESET...] (ldc41): warpsim's warm spans of probe_fwin K 0 (fwin19's probe_fwin.ptx) at
128-1024 threads, each warp's t0 / t1 (from the first t0); PRESET files are appended to the warm one (ifetch.line 0)."""
import os, subprocess, sys, tempfile
ws, ptx = sys.argv[1], sys.argv[2]
warm = os.path.join(tempfile.mkdtemp(), 'warm.preset')
open(warm,'w').write("ifetch.line 0\n" + "".join(open(p).read()+"\n" for p in sys.argv[3:]))
for block in (128,256,384,512,1024):
    n=block//32; m=max(64,2*n)
    res=subprocess.run([ws,"run",ptx,"--kernel","_Z4fwinILi0EEvPyPjffj","--grid","1","--block",str(block),"out=u64[%d]"%m,"sink=u32[1024]","a=f32:1.0001","b=f32:0.5","h=u32:1006648320","--preset",warm],capture_output=True,text=True,check=True).stdout
    lines=res.split("\n"); i=lines.index("== out u64[%d]"%m)+1; vals=[]
    while len(vals)<2*n: vals+=[int(v) for v in lines[i].split()]; i+=1
    lo=min(vals[0:2*n:2]); span=max(vals[1:2*n:2])-lo
    print(block, span, "%.2f a line a SP-warp-pair"%(span/512), " ".join("w%d:%d/%d"%(w,vals[2*w]-lo,vals[2*w+1]-lo) for w in range(n)))
