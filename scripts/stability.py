#!/usr/bin/env python3
"""Do two runs of the same plan agree? For every kernel x mode x size x element type in both
CSV files whose working set (bytes read + written per repetition) exceeds --min-mb, prints the
relative difference of the medians, and exits 1 if any exceeds --tolerance.

usage: scripts/stability.py A.csv B.csv [--min-mb 64] [--tolerance 0.02]
Each CSV may be gzip-compressed as it is stored under results/*/explore/ (FILE.csv.gz).
"""
import argparse
import csv
import gzip
import sys


def die(msg):
    sys.exit(f"stability.py: error: {msg}")


def open_csv(path, encoding):
    """A CSV file, or FILE.csv.gz as it is (results under explore/ are stored compressed)."""
    if path.endswith(".gz"):
        return gzip.open(path, "rt", newline="", encoding=encoding)
    return open(path, newline="", encoding=encoding)


def load(path):
    try:
        with open_csv(path, "utf-8-sig") as f:
            rows = list(csv.DictReader(f))
    except (gzip.BadGzipFile, EOFError) as e:
        die(f"{path}: not a gzip-compressed CSV file ({e})")
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}")
    except (UnicodeDecodeError, csv.Error) as e:
        die(f"{path}: not a CSV file ({e.__class__.__name__}); accepted: a transpose_bench CSV")
    if not rows or "schema_version" not in rows[0] or rows[0]["schema_version"] not in ("2", "3"):
        die(f"{path}: not a transpose_bench CSV of schema version 2 or 3")
    out = {}
    for n, r in enumerate(rows, start=2):
        if r["status"] != "ok":
            continue
        try:
            ms, size = float(r["time_ms"]), float(r["bytes_per_rep"])
        except (TypeError, ValueError):
            die(f"{path}:{n}: time_ms and bytes_per_rep must be numbers")
        if not ms > 0 or not size > 0:
            die(f"{path}:{n}: time_ms and bytes_per_rep must be positive; accepted: a measured row")
        out[(r["gpu"], r["kernel"], r["mode"], r["l2"], r["rows"], r["cols"], r["dtype"])] = (ms, size)
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--min-mb", type=float, default=64.0)
    ap.add_argument("--tolerance", type=float, default=0.02)
    args = ap.parse_args()
    a, b = load(args.a), load(args.b)
    worst, checked, over = 0.0, 0, []
    common = [key for key in a if key in b]
    for key in common:
        if a[key][1] <= args.min_mb * 1e6:
            continue
        x, y = a[key][0], b[key][0]
        d = abs(y - x) / x
        checked += 1
        worst = max(worst, d)
        if d > args.tolerance:
            over.append((d, key))
    print(f"{checked} cases above {args.min_mb:g} MB in both runs; largest median difference "
          f"{100 * worst:.2f}% (tolerance {100 * args.tolerance:g}%)")
    for d, key in sorted(over, reverse=True):
        print(f"  over: {100 * d:.2f}%  {' '.join(key[1:])}")
    if checked == 0:
        print(f"stability.py: error: nothing to compare: {len(a)} measured cases in A, {len(b)} in B, "
              f"{len(common)} in both, none of those above {args.min_mb:g} MB; accepted: two runs of "
              f"the same plan (lower --min-mb for small sizes)", file=sys.stderr)
    return 1 if over or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main())
