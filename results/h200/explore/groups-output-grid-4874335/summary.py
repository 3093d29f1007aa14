# The table in summary.md, from the CSVs beside it: % of cudaMemcpy in the same run, each pass.
import csv, glob, sys, collections, os
d = sys.argv[1]
ES = {'u8': 1, 'fp16': 2, 'bf16': 2, 'fp32': 4, 'fp64': 8}
runs = collections.defaultdict(list)   # (kernel, dtype, rows, cols) -> [% of memcpy]
paths = {}
for f in sorted(glob.glob(os.path.join(d, '*.csv'))):
    if os.path.basename(f).startswith('counters'):
        continue
    rows = list(csv.DictReader(open(f)))
    mc = {(r['dtype'], r['rows'], r['cols']): float(r['bandwidth_gbps']) for r in rows if r['kernel'] == 'cuda_memcpy'}
    for r in rows:
        k = (r['dtype'], r['rows'], r['cols'])
        if r['kernel'] == 'cuda_memcpy':
            continue
        runs[(r['kernel'],) + k].append(100 * float(r['bandwidth_gbps']) / mc[k])
        if r['kernel'] == 'ours_best':
            paths[k] = r['message'].replace('path: ', '')[:60]
reads = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(d, 'counters*.csv'))):
    for r in csv.DictReader(open(f)):
        if r['kernel'] == 'cuda_memcpy' or not r.get('dram_read_bytes'):
            continue
        reads[(r['kernel'], r['dtype'], r['rows'], r['cols'])].append(float(r['dram_read_bytes']) / int(r['bytes_per_rep']))
shapes = sorted({k[1:] for k in runs}, key=lambda k: (ES[k[0]], k[0], int(k[2]), int(k[1])))
mean = lambda v: sum(v) / len(v)
print('# Groups of 8 tile rows against column-major order (H200, 4874335; pow2-rows on a second H200)\n')
print('% of cudaMemcpy in the same run, one figure a pass; DRAM reads from the counters files.\n')
print('| type | rows × cols | output row mod 256 B | a tile column in + out (MB) | column-major | groups of 8 | groups − column-major | column-major DRAM reads / bytes | `ours_best` (path) |')
print('|---|---|---|---|---|---|---|---|---|')
for k in shapes:
    t, R, C = k
    cm, g8 = runs.get(('ours_tile16_edges',) + k), runs.get(('ours_tile16_edges_g8',) + k)
    if not cm or not g8:
        continue
    rd = reads.get(('ours_tile16_edges',) + k)
    best = runs.get(('ours_best',) + k)
    print(f'| {t} | {R} × {C} | {int(R) * ES[t] % 256} | {int(R) * 256 * 2 / 1e6:.1f} | '
          + ' / '.join(f'{x:.1f}' for x in cm) + ' | ' + ' / '.join(f'{x:.1f}' for x in g8)
          + f' | {mean(g8) - mean(cm):+.1f} | ' + (f'{mean(rd):.3f}' if rd else '') + ' | '
          + (f'{mean(best):.1f} ({paths[k]})' if best else '') + ' |')
