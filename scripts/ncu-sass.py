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

ncu-sass.py --top N FILE.csv...: the same table, then for every file the N instructions with the
most warp stall samples (N from 1 to 50): each one's share of the launch's samples, the times it
was executed, and its text.

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
    isrc = names.index("Source")
    # Most samples first; ties in file order (sorted is stable).
    ranked = sorted(body, key=lambda r: -number(r[iw]))
    return {
        "instructions": total,
        "once": per_block / total,
        "samples": samples,
        "reasons": sorted(reasons.items(), key=lambda kv: -kv[1]),
        "top": (ranked[0][isrc].strip(), number(ranked[0][iw])),
        "ranked": [(r[isrc].strip(), number(r[iw]), number(r[ix])) for r in ranked],
    }


def launch_name(path):
    name = os.path.basename(path)
    name = name[len("sass-"):] if name.startswith("sass-") else name
    name = name[:-len(".gz")] if name.endswith(".gz") else name
    return name[:-len(".csv")] if name.endswith(".csv") else name


def code(text):
    return "`" + " ".join(text.split()).replace("|", "\\|") + "`"


def main():
    args = sys.argv[1:]
    if not args or args[0] in ("-h", "--help"):
        print(__doc__.strip())
        sys.exit(0 if args else 2)
    top = 0
    if args[0] == "--top":
        if len(args) < 2 or not args[1].isdigit() or not 1 <= int(args[1]) <= 50:
            die(f"--top takes a whole number from 1 to 50, not "
                f"{args[1] if len(args) > 1 else 'nothing'}")
        top = int(args[1])
        args = args[2:]
        if not args:
            die("--top N needs FILE.csv arguments after it")
    results = [(path, summary(path)) for path in args]  # all read before any output
    print("| launch | warp instructions | once a warp | stall samples: reasons | most samples |")
    print("|---|---|---|---|---|")
    for path, s in results:
        share = lambda v: f"{100 * v / s['samples']:.1f}" if s["samples"] else "0"
        reasons = ", ".join(f"{n} {share(v)}" for n, v in s["reasons"][:5] if v > 0)
        text, n = s["top"]
        print(f"| {launch_name(path)} | {s['instructions'] / 1e6:.1f} M | {100 * s['once']:.0f}% | "
              f"{reasons} | {code(text)} {share(n)}% |")
    for path, s in results if top else []:
        share = lambda v: f"{100 * v / s['samples']:.1f}" if s["samples"] else "0"
        print(f"\n**{launch_name(path)}**: the {top} instructions with the most stall samples "
              f"({s['samples']:.0f} samples)\n")
        print("| share | executed | instruction |")
        print("|---|---|---|")
        for text, n, executed in s["ranked"][:top]:
            print(f"| {share(n)}% | {executed:.0f} | {code(text)} |")


if __name__ == "__main__":
    main()
