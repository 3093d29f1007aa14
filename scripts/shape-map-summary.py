#!/usr/bin/env python3
"""shape-map-summary.py FILE.csv... [--kernel K] [--bar P] [--min-short S]: one kernel over a shape
map (configs/shape-map-*b.toml), per element type: the median % of cudaMemcpy over the map's
shapes, the worst shape, and every shape below the bar, as one Markdown table.

% of memcpy is the kernel's bandwidth over cudaMemcpyAsync's at the same shape, element type
and timing mode in the same files. Shapes whose shorter side is under --min-short (default 2:
one row or one column, a copy) are left out, as the shape-map bar leaves them out. Reads
schema versions 2 and 3. Python standard library only; needs no GPU.
"""
import argparse
import csv
import statistics
import sys

TYPES = ["fp32", "fp16", "bf16", "fp64", "u8"]


def die(msg):
    print(f"shape-map-summary.py: error: {msg}", file=sys.stderr)
    sys.exit(1)


def read(path):
    try:
        with open(path, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}")
    except (csv.Error, UnicodeDecodeError) as e:
        die(f"{path}: not a CSV file ({e})")
    need = {"schema_version", "kernel", "dtype", "rows", "cols", "mode", "status",
            "bandwidth_gbps", "gpu"}
    if not rows or not need <= set(rows[0]) or rows[0]["schema_version"] not in ("2", "3"):
        die(f"{path}: not a transpose_bench CSV of schema version 2 or 3")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--kernel", default="ours_best")
    ap.add_argument("--bar", type=float, default=92.0, help="%% of memcpy (default 92)")
    ap.add_argument("--min-short", type=int, default=2, help="smallest short side counted")
    a = ap.parse_args()
    if not 0 < a.bar <= 1000:
        die(f"--bar {a.bar:g}: accepted: a percentage above 0 and at most 1000")
    if a.min_short < 1:
        die(f"--min-short {a.min_short}: accepted: 1 or more")

    rows = [r for p in a.csv for r in read(p)]
    gpus = sorted({r["gpu"] for r in rows})
    if len(gpus) != 1:
        die(f"the files hold {len(gpus)} GPUs ({', '.join(gpus)}); accepted: files of one GPU")

    def key(r):
        return (r["dtype"], int(r["rows"]), int(r["cols"]), r["mode"])

    try:
        memcpy = {key(r): float(r["bandwidth_gbps"]) for r in rows
                  if r["kernel"] == "cuda_memcpy" and r["status"] == "ok"}
    except ValueError as e:
        die(f"a bandwidth or size that is not a number ({e})")
    if not memcpy:
        die("no cuda_memcpy rows to compare with; accepted: files from a shape-map config")
    per_type = {}
    for r in rows:
        if r["kernel"] != a.kernel:
            continue
        k = key(r)
        if min(k[1], k[2]) < a.min_short:
            continue
        shape = f"{k[1]} × {k[2]}"
        if r["status"] != "ok" or k not in memcpy or memcpy[k] <= 0:
            per_type.setdefault(k[0], []).append((None, shape, r["status"]))
            continue
        per_type.setdefault(k[0], []).append(
            (100.0 * float(r["bandwidth_gbps"]) / memcpy[k], shape, "ok"))
    if not per_type:
        die(f"no rows of kernel '{a.kernel}' with a short side of {a.min_short} or more")

    print(f"{gpus[0]}, `{a.kernel}`, % of cudaMemcpy at the same shape, short side "
          f"{a.min_short} or more, bar {a.bar:g}%\n")
    print("| type | shapes | median | worst | below the bar |")
    print("|---|---|---|---|---|")
    order = [t for t in TYPES if t in per_type] + sorted(set(per_type) - set(TYPES))
    for t in order:
        cases = per_type[t]
        ok = [c for c in cases if c[0] is not None]
        failed = [f"{s} ({st})" for p, s, st in cases if p is None]
        if ok:
            worst = min(ok)
            med = f"{statistics.median(p for p, _, _ in ok):.1f}"
            worst_s = f"{worst[0]:.1f} at {worst[1]}"
        else:
            med, worst_s = "-", "-"
        below = [f"{s} {p:.1f}" for p, s, _ in sorted(ok) if p < a.bar] + failed
        print(f"| {t} | {len(cases)} | {med} | {worst_s} | {len(below)}"
              f"{': ' + ', '.join(below) if below else ''} |")


if __name__ == "__main__":
    main()
