#!/usr/bin/env python3
"""Do two runs of the same plan agree? For every kernel x mode x size x element type in both
CSV files whose working set (bytes read + written per repetition) exceeds --min-mb, prints the
relative difference of the medians, and exits 1 if any exceeds --tolerance.

usage: scripts/stability.py A.csv B.csv [--min-mb 64] [--tolerance 0.02]
"""
import argparse
import csv
import sys


def load(path):
    try:
        with open(path, newline="") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        sys.exit(f"stability.py: error: cannot read {path}: {e.strerror}")
    if not rows or "schema_version" not in rows[0] or rows[0]["schema_version"] != "2":
        sys.exit(f"stability.py: error: {path}: not a transpose_bench CSV of schema version 2")
    return {(r["gpu"], r["kernel"], r["mode"], r["l2"], r["rows"], r["cols"], r["dtype"]): r
            for r in rows if r["status"] == "ok"}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--min-mb", type=float, default=64.0)
    ap.add_argument("--tolerance", type=float, default=0.02)
    args = ap.parse_args()
    a, b = load(args.a), load(args.b)
    worst, checked, over = 0.0, 0, []
    for key in a:
        if key not in b or float(a[key]["bytes_per_rep"]) <= args.min_mb * 1e6:
            continue
        x, y = float(a[key]["time_ms"]), float(b[key]["time_ms"])
        d = abs(y - x) / x
        checked += 1
        worst = max(worst, d)
        if d > args.tolerance:
            over.append((d, key))
    print(f"{checked} cases above {args.min_mb:g} MB in both runs; largest median difference "
          f"{100 * worst:.2f}% (tolerance {100 * args.tolerance:g}%)")
    for d, key in sorted(over, reverse=True):
        print(f"  over: {100 * d:.2f}%  {' '.join(key[1:])}")
    return 1 if over or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
