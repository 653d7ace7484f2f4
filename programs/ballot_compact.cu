// Seed 000, section 5: stream compaction in a warp with __ballot_sync and __popc.
// Lanes whose value is a multiple of 3 are "hits". The ballot packs the 32 predicates into
// one word; a hit lane's rank is the number of hits in lower lanes, so the hits land
// contiguously in out[0..total-1], in lane order. Lane 0 writes the total to out_count[0].

extern "C" __global__ void ballot_compact(const int *in, int *out, int *out_count) {
    unsigned lane = threadIdx.x & 31;
    int value = in[threadIdx.x];
    bool pred = (value % 3) == 0;

    unsigned hit = __ballot_sync(0xffffffffu, pred);
    unsigned rank = __popc(hit & ((1u << lane) - 1));  // hits in the lanes below this one
    if (pred) out[rank] = value;                       // compacted write
    unsigned total = __popc(hit);                      // number of hits
    if (lane == 0) out_count[0] = total;
}
