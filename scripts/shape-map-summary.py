#!/usr/bin/env python3
"""shape-map-summary.py FILE.csv... [--kernel K] [--bar P] [--min-short S] [--against OLD.csv...
[--moved D]]: one kernel over a shape map (configs/shape-map-*b.toml), per element type: the
median % of cudaMemcpy over the map's shapes, the worst shape, and every shape below the bar, as
one Markdown table. With --against (after the map's files), a second table: every shape whose
% of memcpy moved by D points or more (default 2) from the older map given, with the kernel's
note (ours_best's path) and the older note where it differs.

% of memcpy is the kernel's bandwidth over cudaMemcpyAsync's at the same shape, element type
and timing mode in the same files. Shapes whose shorter side is under --min-short (default 2:
one row or one column, a copy) are left out, as the shape-map bar leaves them out. Reads
schema versions 2 and 3. Python standard library only; needs no GPU.
Each CSV may be gzip-compressed as it is stored under results/*/explore/ (FILE.csv.gz).
"""
import argparse
import csv
import gzip
import statistics
import sys

TYPES = ["fp32", "fp16", "bf16", "fp64", "u8"]


def die(msg):
    print(f"shape-map-summary.py: error: {msg}", file=sys.stderr)
    sys.exit(1)


def open_csv(path, encoding):
    """A CSV file, or FILE.csv.gz as it is (results under explore/ are stored compressed)."""
    if path.endswith(".gz"):
        return gzip.open(path, "rt", newline="", encoding=encoding)
    return open(path, newline="", encoding=encoding)


def read(path):
    try:
        with open_csv(path, "utf-8") as f:
            rows = list(csv.DictReader(f))
    except (gzip.BadGzipFile, EOFError) as e:
        die(f"{path}: not a gzip-compressed CSV file ({e})")
    except OSError as e:
        die(f"cannot read {path}: {e.strerror}")
    except (csv.Error, UnicodeDecodeError) as e:
        die(f"{path}: not a CSV file ({e})")
    need = {"schema_version", "kernel", "dtype", "rows", "cols", "mode", "status",
            "bandwidth_gbps", "gpu"}
    if not rows or not need <= set(rows[0]) or rows[0]["schema_version"] not in ("2", "3"):
        die(f"{path}: not a transpose_bench CSV of schema version 2 or 3")
    return rows


def percentages(rows, kernel, min_short):
    """{type: [(% of memcpy or None, "rows × cols", status)]} and {(type, shape): note}."""
    def key(r):
        return (r["dtype"], int(r["rows"]), int(r["cols"]), r["mode"])

    try:
        memcpy = {key(r): float(r["bandwidth_gbps"]) for r in rows
                  if r["kernel"] == "cuda_memcpy" and r["status"] == "ok"}
    except ValueError as e:
        die(f"a bandwidth or size that is not a number ({e})")
    if not memcpy:
        die("no cuda_memcpy rows to compare with; accepted: files from a shape-map config")
    per_type, notes = {}, {}
    for r in rows:
        if r["kernel"] != kernel:
            continue
        k = key(r)
        if min(k[1], k[2]) < min_short:
            continue
        shape = f"{k[1]} × {k[2]}"
        notes[(k[0], shape)] = r.get("message", "")
        if r["status"] != "ok" or k not in memcpy or memcpy[k] <= 0:
            per_type.setdefault(k[0], []).append((None, shape, r["status"]))
            continue
        per_type.setdefault(k[0], []).append(
            (100.0 * float(r["bandwidth_gbps"]) / memcpy[k], shape, "ok"))
    return per_type, notes


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv", nargs="+")
    ap.add_argument("--kernel", default="ours_best")
    ap.add_argument("--bar", type=float, default=92.0, help="%% of memcpy (default 92)")
    ap.add_argument("--min-short", type=int, default=2, help="smallest short side counted")
    ap.add_argument("--against", nargs="+", default=[], metavar="OLD.csv",
                    help="an older map of the same shapes to compare with")
    ap.add_argument("--moved", type=float, default=2.0,
                    help="points of %% of memcpy a shape must move to be listed (default 2)")
    a = ap.parse_args()
    if not 0 < a.bar <= 1000:
        die(f"--bar {a.bar:g}: accepted: a percentage above 0 and at most 1000")
    if a.min_short < 1:
        die(f"--min-short {a.min_short}: accepted: 1 or more")
    if not 0 < a.moved <= 1000:
        die(f"--moved {a.moved:g}: accepted: points above 0 and at most 1000")

    rows = [r for p in a.csv for r in read(p)]
    gpus = sorted({r["gpu"] for r in rows})
    if len(gpus) != 1:
        die(f"the files hold {len(gpus)} GPUs ({', '.join(gpus)}); accepted: files of one GPU")
    per_type, notes = percentages(rows, a.kernel, a.min_short)
    if not per_type:
        die(f"no rows of kernel '{a.kernel}' with a short side of {a.min_short} or more")
    before = {}
    if a.against:
        old = [r for p in a.against for r in read(p)]
        old_gpus = sorted({r["gpu"] for r in old})
        if len(old_gpus) != 1:
            die(f"the --against files hold {len(old_gpus)} GPUs ({', '.join(old_gpus)}); "
                "accepted: files of one GPU")
        old_types, old_notes = percentages(old, a.kernel, a.min_short)
        before = {(t, s): p for t, cases in old_types.items() for p, s, _ in cases
                  if p is not None}
        if not before:
            die(f"no rows of kernel '{a.kernel}' in the --against files")

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
    if not a.against:
        return
    moved = sorted(((p - before[(t, s)], t, s, p) for t in order for p, s, _ in per_type[t]
                    if p is not None and (t, s) in before and abs(p - before[(t, s)]) >= a.moved),
                   reverse=True)
    print(f"\nShapes that moved by {a.moved:g} points or more against "
          f"{', '.join(a.against)} ({old_gpus[0]}):\n")
    if not moved:
        print("none")
        return
    print("| type | shape | before | now | change | note now |")
    print("|---|---|---|---|---|---|")
    for d, t, s, p in moved:
        was = old_notes.get((t, s), "")
        note = notes[(t, s)] + (f" (before: {was})" if was != notes[(t, s)] else "")
        print(f"| {t} | {s} | {before[(t, s)]:.1f} | {p:.1f} | {d:+.1f} | {note} |")


if __name__ == "__main__":
    main()
