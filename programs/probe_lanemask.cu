// Collectives whose executing lanes pass different membermasks (per-lane masks), as CUB's
// logical warps, cooperative_groups tiles and labeled partitions do. What does the H200 give?
// Every case writes one word per lane: out[k * 32 + lane] for the k-th PUT. Values v come from
// in[lane] (random). The cases (in order of their PUTs):
//  A  converged, each half-warp names its own half: redux add/min/max/or, ballot, any, all, uni,
//     match.any, match.all (equal / unequal), shfl idx 3 (width 32: the upper half reads outside
//     its mask), shfl idx 3 width 16, shfl down 1 width 16, shfl xor 16 (crosses halves),
//     activemask
//  B  quarter-warps (8 lanes each): redux add, ballot, match.any, any, shfl idx 0 width 8
//  C  interleaved groups, lane % 3: redux add, ballot, match.any, shfl to the next lane of the group
//  D  diverged: lanes 0-23 run it, lanes 0-15 name 0xffff, lanes 16-23 name 0x00ff0000
//  E  a data-dependent branch, mask = __activemask(): redux add, ballot, shfl idx of the
//     group's first lane
//  F  labeled partition: label = v % 3, mask = __match_any_sync(full, label): redux add,
//     ballot, shfl from the group's leader, redux max
//  G  __syncwarp(half) exchange through shared memory: read the partner lane ^ 1
//  H  lanes 24-31 exit; the rest: ballot/redux/match.any/shfl down 4 with the full mask,
//     activemask, and the same with __activemask() as the mask
#define FULL 0xffffffffu

extern "C" __global__ void probe_lanemask(const unsigned *in, unsigned *out)
{
    __shared__ unsigned sm[32];
    unsigned lane = threadIdx.x & 31;
    unsigned v = in[lane];
    unsigned *o = out;
#define PUT(x)                                                                                     \
    do {                                                                                           \
        o[lane] = (unsigned)(x);                                                                   \
        o += 32;                                                                                   \
    } while (0)
    int p;
    /* A */
    unsigned half = lane < 16 ? 0x0000ffffu : 0xffff0000u;
    PUT(__reduce_add_sync(half, v));
    PUT(__reduce_min_sync(half, v));
    PUT(__reduce_max_sync(half, v));
    PUT(__reduce_or_sync(half, v));
    PUT(__ballot_sync(half, v & 1));
    PUT(__any_sync(half, (v & 7) == 0));
    PUT(__all_sync(half, v & 1));
    PUT(__uni_sync(half, lane < 16 || (v & 1)));
    PUT(__match_any_sync(half, v & 3));
    PUT(__match_all_sync(half, lane >> 4, &p));
    PUT(p);
    PUT(__match_all_sync(half, lane >> 3, &p));
    PUT(p);
    PUT(__shfl_sync(half, v, 3));
    PUT(__shfl_sync(half, v, 3, 16));
    PUT(__shfl_down_sync(half, v, 1, 16));
    PUT(__shfl_xor_sync(half, v, 16));
    PUT(__activemask());
    __syncwarp();
    /* B */
    unsigned quarter = 0xffu << (lane & 24);
    PUT(__reduce_add_sync(quarter, v));
    PUT(__ballot_sync(quarter, v & 1));
    PUT(__match_any_sync(quarter, v & 1));
    PUT(__any_sync(quarter, (v & 15) == 0));
    PUT(__shfl_sync(quarter, v, 0, 8));
    __syncwarp();
    /* C */
    unsigned third = 0x49249249u << (lane % 3);
    PUT(__reduce_add_sync(third, v));
    PUT(__ballot_sync(third, v & 1));
    PUT(__match_any_sync(third, v & 1));
    PUT(__shfl_sync(third, v, (lane + 3) & 31));
    __syncwarp();
    /* D */
    unsigned r0 = 0, r1 = 0, r2 = 0, r3 = 0;
    if (lane < 24) {
        unsigned m = lane < 16 ? 0x0000ffffu : 0x00ff0000u;
        r0 = __reduce_add_sync(m, v);
        r1 = __ballot_sync(m, v & 1);
        r2 = __match_any_sync(m, v & 1);
        r3 = __shfl_down_sync(m, v, 2, 8);
    }
    PUT(r0);
    PUT(r1);
    PUT(r2);
    PUT(r3);
    __syncwarp();
    /* E */
    r0 = r1 = r2 = 0;
    if (v & 2) {
        unsigned m = __activemask();
        r0 = __reduce_add_sync(m, v);
        r1 = __ballot_sync(m, v & 1);
        r2 = __shfl_sync(m, v, __ffs(m) - 1);
    }
    PUT(r0);
    PUT(r1);
    PUT(r2);
    __syncwarp();
    /* F */
    unsigned label = v % 3;
    unsigned lm = __match_any_sync(FULL, label);
    PUT(lm);
    PUT(__reduce_add_sync(lm, v));
    PUT(__ballot_sync(lm, v & 1));
    PUT(__shfl_sync(lm, v, __ffs(lm) - 1));
    PUT(__reduce_max_sync(lm, v));
    __syncwarp();
    /* G */
    sm[lane] = v;
    __syncwarp(half);
    PUT(sm[lane ^ 1]);
    __syncwarp();
    /* H */
    if (lane >= 24)
        return;
    PUT(__ballot_sync(FULL, v & 1));
    PUT(__reduce_add_sync(FULL, v));
    PUT(__match_any_sync(FULL, v & 1));
    PUT(__shfl_down_sync(FULL, v, 4));
    PUT(__activemask());
    unsigned am = __activemask();
    PUT(__ballot_sync(am, v & 1));
    PUT(__reduce_add_sync(am, v));
    PUT(__shfl_down_sync(am, v, 4));
}
