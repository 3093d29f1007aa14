#!/usr/bin/env python3
"""ncu-sass.py FILE.csv...: where one kernel launch's instructions and stalls go, from Nsight
Compute's source page at SASS level (`ncu --section SourceCounters -o R ...`, then
`ncu -i R.ncu-rep --page source --csv --print-source sass > FILE.csv`, or the same compressed as
FILE.csv.gz). One Markdown table, a row for every file (named by the file, less `sass-` and
`.csv` or `.csv.gz`):

- warp instructions executed, and the share of them executed at most once a warp (as often as
  the kernel's first instruction): in a kernel that loops over its packets, the work each block
  does once (index set-up, the barriers) rather than for each packet; in a tile whose threads
  move a fixed number of elements, unrolled, all of it;
- the stall reasons of the warp samples, largest first (share of all samples);
- the instruction with the most samples and its share.

Python standard library only; needs no GPU.
"""
import csv
import gzip
import os
import sys


def die(msg):
    print(f"ncu-sass.py: error: {msg}", file=sys.stderr)
    sys.exit(1)


def number(text):
    text = text.replace(",", "").strip()
    try:
        return float(text) if text else 0.0
    except ValueError:
        return 0.0


def summary(path):
    try:
        opener = gzip.open if path.endswith(".gz") else open  # FILE.csv.gz: read as it is
        with opener(path, "rt", newline="", encoding="utf-8") as f:
            rows = list(csv.reader(f))
    except (OSError, UnicodeDecodeError, EOFError) as e:
        die(f"cannot read {path}: {e}")
    head = next((i for i, r in enumerate(rows) if r[:2] == ["Address", "Source"]), None)
    if head is None:
        die(f"{path}: no source-page header (\"Address\",\"Source\",...); accepted: the output of "
            "ncu -i REPORT --page source --csv --print-source sass")
    names = rows[head]
    need = ["Instructions Executed", "Warp Stall Sampling (All Samples)"]
    if any(n not in names for n in need):
        die(f"{path}: lacks the columns {need}; collect with --section SourceCounters")
    ix = names.index(need[0])
    iw = names.index(need[1])
    stalls = [(i, n[len("stall_"):]) for i, n in enumerate(names)
              if n.startswith("stall_") and "Not Issued" not in n]
    body = [r for r in rows[head + 1:] if len(r) == len(names)]
    counts = [number(r[ix]) for r in body]
    total = sum(counts)
    if not body or total <= 0:
        die(f"{path}: no executed instructions")
    # A kernel's first instruction runs once a warp: instructions run no more often than that
    # are the once-a-block work.
    once = next(c for c in counts if c > 0)
    per_block = sum(c for c in counts if 0 < c <= once)
    samples = sum(number(r[iw]) for r in body)
    reasons = {n: sum(number(r[i]) for r in body) for i, n in stalls}
    top = max(body, key=lambda r: number(r[iw]))
    return {
        "instructions": total,
        "once": per_block / total,
        "samples": samples,
        "reasons": sorted(reasons.items(), key=lambda kv: -kv[1]),
        "top": (top[names.index("Source")].strip(), number(top[iw])),
    }


def main():
    if len(sys.argv) < 2 or sys.argv[1] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if len(sys.argv) > 1 else 2)
    results = [(path, summary(path)) for path in sys.argv[1:]]  # all read before any output
    print("| launch | warp instructions | once a warp | stall samples: reasons | most samples |")
    print("|---|---|---|---|---|")
    for path, s in results:
        name = os.path.basename(path)
        name = name[len("sass-"):] if name.startswith("sass-") else name
        name = name[:-len(".gz")] if name.endswith(".gz") else name
        name = name[:-len(".csv")] if name.endswith(".csv") else name
        share = lambda v: f"{100 * v / s['samples']:.1f}" if s["samples"] else "0"
        reasons = ", ".join(f"{n} {share(v)}" for n, v in s["reasons"][:5] if v > 0)
        text, n = s["top"]
        text = " ".join(text.split()).replace("|", "\\|")
        print(f"| {name} | {s['instructions'] / 1e6:.1f} M | {100 * s['once']:.0f}% | "
              f"{reasons} | `{text}` {share(n)}% |")


if __name__ == "__main__":
    main()
