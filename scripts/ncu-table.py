#!/usr/bin/env python3
"""ncu-table.py FILE.csv...: Nsight Compute's `--csv --page details` output of one kernel launch a
file (lines before its CSV header, such as the benchmark's own table, are skipped), side by side
as one Markdown table: a row for every metric, a column for every file (named by the file, less
`ncu-` and `.csv`), the values as Nsight Compute printed them. Python standard library only;
needs no GPU.
"""
import csv
import os
import sys


def die(msg):
    print(f"ncu-table.py: error: {msg}", file=sys.stderr)
    sys.exit(1)


def metrics(path):
    try:
        with open(path, newline="", encoding="utf-8") as f:
            lines = f.read().splitlines()
    except (OSError, UnicodeDecodeError) as e:
        die(f"cannot read {path}: {e}")
    start = next((i for i, l in enumerate(lines) if l.startswith('"ID",')), None)
    if start is None:
        die(f"{path}: no Nsight Compute CSV header (\"ID\",...); accepted: the output of "
            "ncu --csv --page details")
    rows = list(csv.DictReader(lines[start:]))
    if not rows or not {"Metric Name", "Metric Value", "ID"} <= set(rows[0]):
        die(f"{path}: no metric rows")
    first = rows[0]["ID"]
    return {r["Metric Name"]: r["Metric Value"] for r in rows if r["ID"] == first}


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) > 1 else 2)
    files = sys.argv[1:]
    cols = [metrics(p) for p in files]
    names = sorted(set().union(*cols))
    heads = [os.path.basename(p).removeprefix("ncu-").removesuffix(".csv") for p in files]
    print("| metric | " + " | ".join(heads) + " |")
    print("|---|" + "---|" * len(heads))
    for n in names:
        print(f"| {n} | " + " | ".join(c.get(n, "") for c in cols) + " |")


if __name__ == "__main__":
    main()
