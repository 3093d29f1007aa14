# The tables in summary.md, from the files beside this script: % of cudaMemcpy in the same run,
# one figure a pass (mean of the passes where a cell summarises several shapes).
import csv, glob, os, statistics, sys, collections

d = sys.argv[1]
ES = {'u8': 1, 'fp16': 2, 'bf16': 2, 'fp32': 4, 'fp64': 8}
SHORT = {'ours_best': 'best', 'ours_tile16_edges': 'column-major', 'ours_tile16_edges_g8': 'groups of 8'}


def v2(n):
    k = 0
    while n % 2 == 0:
        n //= 2
        k += 1
    return k


def load(prefix):
    runs, paths = collections.defaultdict(list), {}
    for f in sorted(glob.glob(os.path.join(d, prefix + '-*.csv'))):
        rows = list(csv.DictReader(open(f)))
        mc = {(r['dtype'], int(r['rows']), int(r['cols'])): float(r['bandwidth_gbps'])
              for r in rows if r['kernel'] == 'cuda_memcpy'}
        for r in rows:
            k = (r['dtype'], int(r['rows']), int(r['cols']))
            if r['kernel'] == 'cuda_memcpy':
                continue
            runs[(r['kernel'],) + k].append(100 * float(r['bandwidth_gbps']) / mc[k])
            if r['kernel'] == 'ours_best':
                paths[k] = r['message'].replace('path: ', '')[:48]
    return runs, paths


mean = lambda v: sum(v) / len(v)
fmt = lambda v: ' / '.join(f'{x:.1f}' for x in v) if v else '–'


def pitch_classes(runs, kernels, dtypes, pitch_of, title, map_shape):
    print(f'\n### {title}\n')
    print('Mean over the shapes of each class of pitch (bytes = 2^k × odd), both passes; '
          '"map" is the map\'s own shape.\n')
    print('| type | kernel | map (2^10 × 125) | 2^6 × odd | 2^7 × odd | 2^8 × odd | 2^9 × odd and up '
          '| 128832 | median, all pitches | lowest, highest |')
    print('|---|---|---|---|---|---|---|---|---|---|')
    for t in dtypes:
        for kern in kernels:
            ks = [k for k in runs if k[0] == kern and k[1] == t]
            if not ks:
                continue
            cls = collections.defaultdict(list)
            allv = []
            for k in ks:
                p = pitch_of(k)
                m = mean(runs[k])
                allv.append(m)
                if p == 128832:
                    cls['hole'].append(m)
                else:
                    cls[min(v2(p), 9)].append(m)
            mp = runs.get((kern, t) + map_shape(t))
            c = lambda key: f'{mean(cls[key]):.1f} ({len(cls[key])})' if cls[key] else '–'
            print(f'| {t} | {SHORT.get(kern, kern)} | {mean(mp):.1f} | {c(6)} | {c(7)} | {c(8)} | {c(9)} | '
                  f'{c("hole")} | {statistics.median(allv):.1f} | {min(allv):.1f}, {max(allv):.1f} |')


print('# Rows of about 128 KB: the pitch at the same bytes (H200, 6961911)\n')
print('Files and commands: `cmd`. `first-*` ran on one H200, `rows2k-*` on a second, the rest on a third.')

sweep, paths = load('sweep')
pitch_classes(sweep, ['ours_best', 'ours_tile16_edges', 'ours_tile16_edges_g8'],
              ['fp16', 'fp32', 'fp64', 'u8'], lambda k: k[2] * ES[k[1]],
              'L × 1000: output rows stepped by 64 bytes (fp16 33 pitches, fp32, fp64, u8 17)',
              lambda t: (128000 // ES[t], 1000))
print('\n`ours_best`\'s paths here: ' + '; '.join(sorted({f'{k[0]} {v}' for k, v in paths.items()})) + '.')

classes, cpaths = load('classes')
wide = {k: v for k, v in classes.items() if k[2] == 1000}
pitch_classes(wide, ['ours_best'], ['fp16', 'fp32'], lambda k: k[3] * ES[k[1]],
              '1000 × L: input rows stepped by 64 bytes (17 pitches each)',
              lambda t: (1000, 128000 // ES[t]))
print('\n### Two tall classes of the map: L × 128 (fp16) and L × 64 (fp32), output rows stepped by 64 bytes\n')
print('| type | rows × cols | output row (bytes) | 2^k | `ours_best` | path |')
print('|---|---|---|---|---|---|')
for k in sorted(k for k in classes if k[2] != 1000 and k[0] == 'ours_best'):
    p = k[2] * ES[k[1]]
    print(f'| {k[1]} | {k[2]} × {k[3]} | {p} | {v2(p)} | {fmt(classes[k])} | {cpaths[k[1:]]} |')

whole, wpaths = load('whole')
print('\n### Whole tile columns at output pitches of 2^6 to 2^17 times an odd number\n')
print('| type | rows × cols | output row (bytes) | 2^k | `ours_best` | path |')
print('|---|---|---|---|---|---|')
for k in sorted(whole, key=lambda k: (k[1], k[2])):
    p = k[2] * ES[k[1]]
    print(f'| {k[1]} | {k[2]} × {k[3]} | {p} | {v2(p)} | {fmt(whole[k])} | {wpaths[k[1:]]} |')

cols, colpaths = load('cols')
print('\n### fp16 L × c: which part of L × 1000 meets the output pitch\n')
print('Input rows: 1000 → 2000 bytes (104 of 128 columns in the last tile column), 1008 → 2016 (112), '
      '1040 → 2080 (16), 1024 → 2048 and 1152 → 2304 (whole tile columns).\n')
Ls = [64000, 64128, 64256, 64416]
print('| columns | kernel | ' + ' | '.join(f'{L} (output row {2 * L}, 2^{v2(2 * L)})' for L in Ls) + ' |')
print('|---|---|' + '---|' * len(Ls))
for c in [1000, 1008, 1040, 1024, 1152]:
    for kern in ['ours_best', 'ours_tile16_edges', 'ours_tile16_edges_g8']:
        print(f'| {c} | {SHORT[kern]} | ' + ' | '.join(fmt(cols.get((kern, 'fp16', L, c))) for L in Ls) + ' |')

first, fpaths = load('first')
print('\n### The first run (another H200): the map\'s L × 1000 beside L + 16 to 256 rows, fp16 × 2000\n')
print('| type | rows × cols | output row (bytes) | 2^k | `ours_best` | column-major | groups of 8 |')
print('|---|---|---|---|---|---|---|')
for k in sorted({k[1:] for k in first}, key=lambda k: (ES[k[0]], k[0], k[2], k[1])):
    p = k[1] * ES[k[0]]
    print(f'| {k[0]} | {k[1]} × {k[2]} | {p} | {v2(p)} | {fmt(first.get(("ours_best",) + k))} | '
          f'{fmt(first.get(("ours_tile16_edges",) + k))} | {fmt(first.get(("ours_tile16_edges_g8",) + k))} |')

print('\n### Counters (one pass, 3 samples): the same bytes at every pitch\n')
print('DRAM reads and writes over the bytes moved; DRAM channel and L2 slice: busiest over the mean.\n')
print('| file | type | rows × cols | kernel | % of memcpy | DRAM read | DRAM write | channel max/mean | L2 slice max/mean |')
print('|---|---|---|---|---|---|---|---|---|')
for f in ['counters-first.csv', 'counters.csv']:
    rows = list(csv.DictReader(open(os.path.join(d, f))))
    mc = {(r['dtype'], r['rows'], r['cols']): float(r['bandwidth_gbps']) for r in rows if r['kernel'] == 'cuda_memcpy'}
    for r in rows:
        if r['kernel'] == 'cuda_memcpy':
            continue
        b = int(r['bytes_per_rep'])
        q = lambda a, c: float(r[a]) / float(r[c])
        print(f"| {f} | {r['dtype']} | {r['rows']} × {r['cols']} | {SHORT.get(r['kernel'], r['kernel'])} | "
              f"{100 * float(r['bandwidth_gbps']) / mc[(r['dtype'], r['rows'], r['cols'])]:.1f} | "
              f"{float(r['dram_read_bytes']) / b:.3f} | {float(r['dram_write_bytes']) / b:.3f} | "
              f"{q('dram_channel_max_bytes', 'dram_channel_mean_bytes'):.3f} | "
              f"{q('l2_slice_max_sectors', 'l2_slice_mean_sectors'):.3f} |")

print('\n### The probe: a plain copy of tiles at these pitches (no transpose)\n')
print('`docs/probes/pitched-tiles.cu`: each block copies one tile of R rows × W bytes between rows at the '
      'pitch and a contiguous buffer, tiles in column-major order, 128 MB each way; read / write, % of '
      'cudaMemcpyAsync.\n')
for f in sorted(glob.glob(os.path.join(d, 'rows128k-*.txt'))) + sorted(glob.glob(os.path.join(d, 'rows2k-*.txt'))):
    print('```\n' + open(f).read().strip() + '\n```\n')
sw = collections.defaultdict(list)
for f in sorted(glob.glob(os.path.join(d, 'sweep128k-*.txt'))):
    for line in open(f):
        x = line.split()
        if len(x) == 3 and x[0].isdigit():
            sw[int(x[0])].append((float(x[1]), float(x[2])))
print('Every pitch from 126976 to 135168 bytes in steps of 64 (64 × 256 tiles; mean of the two passes):\n')
print('| pitch | pitches | read: median, lowest (pitch) | write: median, lowest three (pitch) |')
print('|---|---|---|---|')
for name, sel in [('on the 256-byte grid', lambda p: p % 256 == 0), ('128 mod 256', lambda p: p % 256 == 128),
                  ('64 mod 128', lambda p: p % 128 == 64)]:
    ps = [p for p in sw if sel(p)]
    rd = {p: mean([x[0] for x in sw[p]]) for p in ps}
    wr = {p: mean([x[1] for x in sw[p]]) for p in ps}
    lo = min(rd, key=rd.get)
    w3 = sorted(wr, key=wr.get)[:3]
    print(f'| {name} | {len(ps)} | {statistics.median(rd.values()):.1f}, {rd[lo]:.1f} ({lo}) | '
          f'{statistics.median(wr.values()):.1f}, ' + ', '.join(f'{wr[p]:.1f} ({p})' for p in w3) + ' |')
