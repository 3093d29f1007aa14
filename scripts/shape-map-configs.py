#!/usr/bin/env python3
"""Writes configs/shape-map-{1,2,4,8}b.toml: the shape map, one config per element size;
configs/above-tile-{1,2,4,8}b.toml: the short sides just above one tile that the map steps over;
and configs/below-tile-{1,2,4,8}b.toml: the short sides below one tile that it steps over.

Every shape has a short side s from 1 to 4096 (and one square) in both orientations, s x L and
L x s, with L chosen so that input + output is about 256 MB (at least four times the largest L2
of the GPUs measured here), and L odd for every other s. It runs `ours_best`, cuBLAS geam, the
paper's bank-conflict-free kernel and the best article kernel beside cudaMemcpy, L2 flushed,
median of 10 samples of 10 launches. `scripts/plot.py --heatmap` draws it.

The above-tile configs take s from one 16-byte tile's side (16V elements, V = 16 / size) to
twice it, where the 16-byte and halo tiles leave their last tile column part empty (16V + 1,
+ V/2, + V, 18V + 1, 20V, 24V + 1, 25V, 31V + 1 and 32V - 1), both orientations, in + out about
256 MB, L odd for every other s, `ours_best` beside cudaMemcpy only: a check for holes between
the map's short sides (docs/perf-notes.md, "just above one tile").

The below-tile configs take the short sides from 6 to one tile that the map does not (6, 9, 11,
14, 17, 20, 24, 27, 40, 48, 56, 63, 72, 80, 96, 113, 160, 200, 255 where below 16V), and the
map's own from 3 whose L is even there (3, 5, 8, 16, 32, 64, 128), both orientations, L odd for
all (rows that are not whole packets), in + out about 256 MB, `ours_best` beside cudaMemcpy
only: the same check below one tile, where the paths are chosen by short side (fp16 L x 16 with
L odd had run at 87% of memcpy there while the map's L x 16, whole packets, ran at 96).

usage: scripts/shape-map-configs.py [--check]   (--check: fail if the committed configs differ)
"""
import math
import os
import sys

SIDES = [1, 2, 3, 4, 5, 7, 8, 12, 16, 31, 32, 33, 64, 100, 128, 256, 1000, 1024, 4096]
BYTES = 256_000_000  # input + output
TYPES = {1: ["u8"], 2: ["fp16", "bf16"], 4: ["fp32"], 8: ["fp64"]}
KERNELS = ["ours_best", "cublas_geam", "transpose_no_bank_conflicts", "vitamin_packed_bcf",
           "cuda_memcpy"]


def both_ways(sides, size, odd_first):
    """s x L and L x s for each short side, L such that input + output is BYTES, odd for every
    other s (the first one where odd_first)."""
    elements = BYTES // (2 * size)
    shapes = []
    for i, s in enumerate(sides):
        long = elements // s
        long = long | 1 if (i % 2 == 0) == odd_first else long & ~1
        shapes += [f"{s}x{long}", f"{long}x{s}"]
    return shapes


def toml(comments, shapes, size, kernels):
    lines = [f"# {c}" for c in comments] + [
        "size = [" + ", ".join(f'"{s}"' for s in shapes) + "]",
        "dtype = [" + ", ".join(f'"{t}"' for t in TYPES[size]) + "]",
        "kernels = [" + ", ".join(f'"{k}"' for k in kernels) + "]",
        'modes = ["loop-over-kernel"]',
        'l2 = "flush"',
        "reps = 10",
        "samples = 10",
        'unit = "GB"',
    ]
    return "\n".join(lines) + "\n"


def config(size):
    side = math.isqrt(BYTES // (2 * size))
    shapes = both_ways(SIDES, size, odd_first=False) + [f"{side}x{side}"]
    comments = [
        f"The shape map for {size}-byte elements: written by scripts/shape-map-configs.py.",
        "Short side s in both orientations, in + out about 256 MB, and one square.",
    ]
    return toml(comments, shapes, size, KERNELS)


def above_tile_config(size):
    v = 16 // size
    tile = 16 * v
    sides = sorted({tile + 1, tile + max(v // 2, 1), tile + v, tile + 2 * v + 1, tile + 4 * v,
                    tile + 8 * v + 1, tile + 9 * v, tile + 15 * v + 1, 2 * tile - 1})
    comments = [
        f"Short sides just above one tile for {size}-byte elements: written by",
        "scripts/shape-map-configs.py. s from 16V to 32V in both orientations, in + out about",
        "256 MB; ours_best beside cudaMemcpy.",
    ]
    return toml(comments, both_ways(sides, size, odd_first=True), size,
                ["ours_best", "cuda_memcpy"])


BELOW = [6, 9, 11, 14, 17, 20, 24, 27, 40, 48, 56, 63, 72, 80, 96, 113, 160, 200, 255]


def below_tile_config(size):
    tile = 16 * (16 // size)
    even = [s for i, s in enumerate(SIDES) if i % 2 == 0 and s >= 3]  # the map's even L
    sides = sorted(s for s in set(BELOW) | set(even) if s < tile and (s in even or s not in SIDES))
    elements = BYTES // (2 * size)
    shapes = []
    for s in sides:
        long = (elements // s) | 1
        shapes += [f"{s}x{long}", f"{long}x{s}"]
    comments = [
        f"Short sides below one tile that the map steps over, for {size}-byte elements: written",
        "by scripts/shape-map-configs.py. Both orientations, L odd, in + out about 256 MB;",
        "ours_best beside cudaMemcpy.",
    ]
    return toml(comments, shapes, size, ["ours_best", "cuda_memcpy"])


def main():
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    stale = []
    files = [(f"shape-map-{size}b.toml", config(size)) for size in TYPES]
    files += [(f"above-tile-{size}b.toml", above_tile_config(size)) for size in TYPES]
    files += [(f"below-tile-{size}b.toml", below_tile_config(size)) for size in TYPES]
    for name, text in files:
        path = os.path.join(root, "configs", name)
        if "--check" in sys.argv[1:]:
            if not os.path.exists(path) or open(path).read() != text:
                stale.append(path)
        else:
            with open(path, "w") as f:
                f.write(text)
    if stale:
        print("shape-map-configs.py: error: out of date, run scripts/shape-map-configs.py: " +
              ", ".join(stale), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
