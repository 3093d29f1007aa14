#!/usr/bin/env python3
"""Writes the README's summary of a best.csv: % of cudaMemcpy D2D (same run, same shape and
element type) for ours_best at every shape, and for ours_copy_x1 and cublas_geam at the square
sizes. Pure function of the CSV; no GPU needed.

usage: scripts/best-table.py results/<gpu>/best.csv > results/<gpu>/best-summary.md
"""
import csv
import sys

if len(sys.argv) != 2:
    sys.exit("usage: scripts/best-table.py results/<gpu>/best.csv")
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
if not rows or "kernel" not in rows[0]:
    sys.exit(f"best-table: {sys.argv[1]} has no transpose_bench rows")
dtypes = ["fp32", "fp16", "bf16", "fp64", "u8"]
ref, bw, shapes = {}, {}, []
for r in rows:
    if not r["bandwidth_gbps"]:
        continue
    shape = (int(r["rows"]), int(r["cols"]))
    if shape not in shapes:
        shapes.append(shape)
    key = (shape, r["dtype"])
    if r["kernel"] == "cuda_memcpy":
        ref[key] = float(r["bandwidth_gbps"])
    bw[(r["kernel"],) + key] = float(r["bandwidth_gbps"])


def name(shape):
    r, c = shape
    return f"{r}²" if r == c else f"{r}×{c}"


def line(kernel, shape):
    cells = []
    for t in dtypes:
        k = (kernel, shape, t)
        cells.append(f"{100 * bw[k] / ref[(shape, t)]:.1f}" if k in bw and (shape, t) in ref else "–")
    return f"| `{kernel}` {name(shape)} | " + " | ".join(cells) + " |"


gpu = rows[0]["gpu"].replace("NVIDIA ", "")
print(f"| {gpu}, % of memcpy | " + " | ".join(dtypes) + " |")
print("|---|" + "---|" * len(dtypes))
for s in shapes:
    print(line("ours_best", s))
squares = [s for s in shapes if s[0] == s[1]]
for k in ("ours_copy_x1", "cublas_geam"):
    for s in squares:
        print(line(k, s))
print(f"\nFrom `{sys.argv[1]}` (revision {rows[0]['git_revision']}), made by `scripts/best-table.py`.")
