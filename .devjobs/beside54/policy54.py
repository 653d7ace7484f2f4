#!/usr/bin/env python3
"""policy54.py (beside54): the replacement / insertion policies of the 128-set cache of 128-byte lines that
lru53.py ("(fwin53)") and beside53.py ("(keep53)") run, as classes with one access(line, kind) call.

kind: 'd' a line an executed instruction fetches (demand), 'p' a line the launch's window brings (prefetch), 'x' a
line the fetch brings past the kernel's last instruction (fetched, never executed).

Stack(W, k, jd, jp, ph): each set an ordered list, index 0 the next victim (the LRU end), W-1 the MRU end. A demand
hit moves the line to index k (k = W-1 is LRU, k = 0 is keep53's "demote"); a demand miss inserts at jd, a window
or past-end miss (fetched, not executed) at jp; a prefetch ('p' or 'x') hit: ph 'keep' leaves it, 'jp' moves it to jp, 'k' moves it as a
demand hit does.

RRIP(W, M, ins_d, ins_p, h, ph): re-reference prediction values 0..M per way (M 1: NRU); the victim is the first way
(in way order) at M, all ways aged until one is; a demand miss inserts at ins_d, a window or past-end miss at ins_p; a demand hit
sets the value to h (h 0: SRRIP-HP; h M: an executed line loses its priority); a prefetch hit: ph 'keep' nothing,
'ip' lowers it to ins_p."""

SETS = 128


class Stack:
    def __init__(self, W, k, jd, jp, ph):
        self.W, self.k, self.jd, self.jp, self.ph = W, k, jd, jp, ph
        self.sets = [[] for _ in range(SETS)]

    def name(self):
        return "stack W%d k%d jd%d jp%d ph-%s" % (self.W, self.k, self.jd, self.jp, self.ph)

    def access(self, line, kind):
        s = self.sets[line % SETS]
        if line in s:
            if kind == 'd' or self.ph == 'k':
                pos = self.k
            elif self.ph == 'keep':
                return True
            else:
                pos = self.jp
            s.remove(line)
            s.insert(pos, line)
            return True
        if len(s) >= self.W:
            s.pop(0)
        s.insert(self.jd if kind == 'd' else self.jp, line)
        return False


class RRIP:
    def __init__(self, W, M, ins_d, ins_p, h, ph):
        self.W, self.M, self.ins_d, self.ins_p, self.h, self.ph = W, M, ins_d, ins_p, h, ph
        self.sets = [[] for _ in range(SETS)]

    def name(self):
        return "rrip W%d M%d id%d ip%d h%d ph-%s" % (self.W, self.M, self.ins_d, self.ins_p, self.h, self.ph)

    def access(self, line, kind):
        s = self.sets[line % SETS]
        for e in s:
            if e[0] == line:
                if kind == 'd':
                    e[1] = self.h
                elif self.ph == 'ip':
                    e[1] = min(e[1], self.ins_p)
                return True
        ins = self.ins_d if kind == 'd' else self.ins_p
        if len(s) < self.W:
            s.append([line, ins])
            return False
        M = self.M
        while True:
            for e in s:
                if e[1] >= M:
                    e[0], e[1] = line, ins
                    return False
            for e in s:
                e[1] += 1


def lru(W=8):
    return lambda: Stack(W, W - 1, W - 1, W - 1, 'k')


def families(W=8):
    """(family, [factory]) for the grids of grid54.py"""
    out = []
    promo = [lambda k=k: Stack(W, k, W - 1, W - 1, 'k') for k in range(W)]
    out.append(("promotion k (LRU insertion, prefetch hit as demand)", promo))
    ins = [lambda k=k, jd=jd, jp=jp, ph=ph: Stack(W, k, jd, jp, ph)
           for k in range(W) for jd in (0, 2, 4, 6, W - 1) for jp in (0, 2, 4, 6, W - 1) for ph in ('keep', 'jp', 'k')]
    out.append(("stack: promotion k, insertion jd / jp, prefetch hit", ins))
    nru = [lambda a=a, b=b, h=h, ph=ph: RRIP(W, 1, a, b, h, ph)
           for a in (0, 1) for b in (0, 1) for h in (0, 1) for ph in ('keep', 'ip')]
    out.append(("NRU (1 bit)", nru))
    rr2 = [lambda a=a, b=b, h=h, ph=ph: RRIP(W, 3, a, b, h, ph)
           for a in range(4) for b in range(4) for h in range(4) for ph in ('keep', 'ip')]
    out.append(("RRIP 2 bits", rr2))
    rr3 = [lambda a=a, b=b, h=h, ph=ph: RRIP(W, 7, a, b, h, ph)
           for a in (0, 3, 6, 7) for b in (0, 3, 6, 7) for h in (0, 3, 6, 7) for ph in ('keep', 'ip')]
    out.append(("RRIP 3 bits", rr3))
    return out
