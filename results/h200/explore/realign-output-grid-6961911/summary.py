# The table in summary.md: ours_best (realigned) and column-major, % of cudaMemcpy in the same run,
# per shape (both passes) and per class of output row (on or off the 256-byte grid).
import csv, glob, os, sys, collections

d = sys.argv[1]
ES = {'fp32': 4, 'fp64': 8}
runs, paths = collections.defaultdict(list), {}
for f in sorted(glob.glob(os.path.join(d, 'realign-*.csv'))):
    rows = list(csv.DictReader(open(f)))
    mc = {(r['dtype'], int(r['rows']), int(r['cols'])): float(r['bandwidth_gbps']) for r in rows if r['kernel'] == 'cuda_memcpy'}
    for r in rows:
        k = (r['dtype'], int(r['rows']), int(r['cols']))
        if r['kernel'] != 'cuda_memcpy':
            runs[(r['kernel'],) + k].append(100 * float(r['bandwidth_gbps']) / mc[k])
        if r['kernel'] == 'ours_best':
            paths[k] = r['message'].replace('path: ', '')[:45]
mean = lambda v: sum(v) / len(v)
shapes = sorted({k[1:] for k in runs}, key=lambda k: (k[0], k[2], k[1]))
print('# The realigned tile against column-major, output rows on and off the 256-byte grid (H200, 6961911)\n')
print('| class | output rows | shapes | `ours_best` (realigned) | column-major | column-major − realigned (lowest, highest) |')
print('|---|---|---|---|---|---|')
cls = collections.defaultdict(list)
for k in shapes:
    on = k[1] * ES[k[0]] % 256 == 0
    cls[(k[0], k[2], on)].append(k)
for (t, c, on), ks in sorted(cls.items()):
    b = [mean(runs[('ours_best',) + k]) for k in ks]
    m = [mean(runs[('ours_tile16_edges',) + k]) for k in ks]
    diff = [y - x for x, y in zip(b, m)]
    print(f'| {t} L × {c} | {"on" if on else "off"} the grid | {len(ks)} | {mean(b):.1f} | {mean(m):.1f} | '
          f'{mean(diff):+.1f} ({min(diff):+.1f}, {max(diff):+.1f}) |')
print('\n| type | rows × cols | output row (bytes, mod 256) | `ours_best` | column-major | path |')
print('|---|---|---|---|---|---|')
for k in shapes:
    p = k[1] * ES[k[0]]
    f = lambda v: ' / '.join(f'{x:.1f}' for x in v)
    print(f'| {k[0]} | {k[1]} × {k[2]} | {p}, {p % 256} | {f(runs[("ours_best",) + k])} | '
          f'{f(runs[("ours_tile16_edges",) + k])} | {paths[k]} |')
