import random, sys
sys.path.insert(0, 'tests/calibration/probes/stq9_tried')
from sweep import evaluate
random.seed(int(sys.argv[1]))
n = int(sys.argv[2])
for i in range(n):
    k = {'stq.bytes': random.choice([256, 512, 768, 1024, 1536, 2432, 3072]),
         'stq.bank_bytes': random.choice([0, 2048, 3072, 4096, 5120, 6144, 8192]),
         'stq.stores': random.choice([4, 8, 12, 16, 20, 24, 32, 48, 64]),
         'stq.wavefronts': random.choice([128, 256, 512, 1024, 4096]),
         'stq.wavefront': round(random.uniform(1.5, 2.1), 2),
         'stq.min': random.choice([2, 3, 4]),
         'stq.data': round(random.uniform(1, 3), 2),
         'stq.bandwidth': random.choice([48, 56, 64, 72, 80, 96, 128])}
    r = evaluate(k)
    print(r, k, flush=True)
