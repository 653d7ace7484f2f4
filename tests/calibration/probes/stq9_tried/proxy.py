import sys; sys.path.insert(0, 'tests/calibration/probes/stq9_tried')
import sweep
from sweep import evaluate
P = {'stq.bytes': 1536, 'stq.bank_bytes': 4096, 'stq.stores': 24, 'stq.wavefronts': 4096, 'stq.wavefront': 1.98, 'stq.min': 4, 'stq.data': 2.42, 'stq.bandwidth': 72}
sweep.BENCH = {'bench_st_wide': ('2,4,6,8,9,10,11,12,14', range(8)), 'bench_throughput': ('2,3,4,6,8,10', range(4)),
         'bench_mio_w4': (','.join(str(2*i) for i in range(1, 18)), [8, 17]), 'bench_shared_st': ('2,4,6,8,10,12', range(7))}
print(evaluate(P, True, True, probes=False))
