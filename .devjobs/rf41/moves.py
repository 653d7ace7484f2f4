import sys
def load(p):
    d={}
    for l in open(p):
        f=[x.strip() for x in l.split('|')]
        if len(f)>6 and f[3].isdigit(): d[(f[1],f[2],f[3])]=(int(f[4]),int(f[5]),f[6])
    return d
a=load(sys.argv[1]); b=load(sys.argv[2]); flt=sys.argv[3] if len(sys.argv)>3 else ''
n=0;worse=0
for k in a:
    if a[k][1]!=b[k][1]:
        n+=1; e0=abs(a[k][1]/a[k][0]-1); e1=abs(b[k][1]/b[k][0]-1); worse+=e1>e0
        if flt in k[0]+' '+k[1]: print(" ".join(k), a[k][0], a[k][1], '->', b[k][1], a[k][2], '->', b[k][2])
print("moved",n,"worse",worse)
