#!/usr/bin/env python3
"""ab-summary.py --base FILE.csv... --new FILE.csv... [--kernel K...] [--moved D]: an A/B of two
trees on one GPU (scripts/ab.sh), as one Markdown table: for every kernel, element type, shape
and timing mode that both sides measured, the % of cudaMemcpy in each file, the mean over each
side's files (one file a pass), the change, each side's spread (largest minus smallest pass),
and the new side's note (ours_best's path), with the base side's where it differs.

ab-summary.py --new FILE.csv... --against K [--kernel K...] [--moved D]: the other kernels of
the same files against kernel K (a candidate against ours_best, say), in the same table: the
base columns are K's figures at the same case in the same pass, the note the kernel's with K's.

% of memcpy is the kernel's bandwidth over cudaMemcpyAsync's at the same shape, element type,
timing mode and L2 policy in the same file, so that each pass is compared with the copy ceiling
of its own moment. With --moved D only the rows whose mean moved by D points or more. Reads
schema versions 2 and 3. Python standard library only; needs no GPU.
Each CSV may be gzip-compressed as it is stored under results/*/explore/ (FILE.csv.gz).
"""
import argparse
import csv
import gzip
import sys

TYPES = ["fp32", "fp16", "bf16", "fp64", "u8"]


def die(msg):
    print(f"ab-summary.py: error: {msg}", file=sys.stderr)
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
    need = {"schema_version", "kernel", "dtype", "rows", "cols", "mode", "l2", "status",
            "bandwidth_gbps", "gpu"}
    if not rows or not need <= set(rows[0]) or rows[0]["schema_version"] not in ("2", "3"):
        die(f"{path}: not a transpose_bench CSV of schema version 2 or 3")
    return rows


def percentages(path, rows, kernels):
    """{(kernel, type, rows, cols, mode, l2): (% of memcpy, note)} of one file."""
    def key(r):
        return (r["dtype"], int(r["rows"]), int(r["cols"]), r["mode"], r["l2"])

    try:
        memcpy = {key(r): float(r["bandwidth_gbps"]) for r in rows
                  if r["kernel"] == "cuda_memcpy" and r["status"] == "ok"}
        out = {}
        for r in rows:
            if r["kernel"] == "cuda_memcpy" or r["status"] != "ok":
                continue
            if kernels and r["kernel"] not in kernels:
                continue
            k = key(r)
            if memcpy.get(k, 0) > 0:
                out[(r["kernel"],) + k] = (100.0 * float(r["bandwidth_gbps"]) / memcpy[k],
                                           r.get("message", ""))
    except ValueError as e:
        die(f"{path}: a bandwidth or size that is not a number ({e})")
    if not memcpy:
        die(f"{path}: no cuda_memcpy rows to compare with; accepted: runs with cuda_memcpy "
            "among the kernels")
    return out


def side(paths, kernels):
    files = [(p, read(p)) for p in paths]
    return files, [percentages(p, rows, kernels) for p, rows in files]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", nargs="+", metavar="FILE.csv",
                    help="the base tree's files, one a pass")
    ap.add_argument("--against", metavar="K",
                    help="instead of --base: the other kernels of the new files against kernel K")
    ap.add_argument("--new", nargs="+", required=True, metavar="FILE.csv",
                    help="the new tree's files, one a pass")
    ap.add_argument("--kernel", nargs="+", default=[], metavar="K",
                    help="only these kernels (default: every kernel but cuda_memcpy)")
    ap.add_argument("--moved", type=float, default=0.0,
                    help="only rows whose mean moved by this many points or more (default 0)")
    a = ap.parse_args()
    if not 0 <= a.moved <= 1000:
        die(f"--moved {a.moved:g}: accepted: points from 0 to 1000")

    if (a.base is None) == (a.against is None):
        die("accepted: --base FILE.csv... (two trees) or --against KERNEL (kernels of one tree), "
            "one of the two")
    if a.against:
        new_files, new = side(a.new, set(a.kernel) | {a.against} if a.kernel else set())
        if not any(k[0] == a.against for k in new[0]):
            die(f"--against {a.against}: no such kernel measured in {a.new[0]}")
        # Each kernel's case against the same case of kernel K in the same file (K's own cases
        # have no base, so they drop out of the cases compared below).
        base_files = new_files
        base = [{k: f[(a.against,) + k[1:]] for k in f
                 if k[0] != a.against and (a.against,) + k[1:] in f} for f in new]
    else:
        base_files, base = side(a.base, set(a.kernel))
        new_files, new = side(a.new, set(a.kernel))
    gpus = sorted({r["gpu"] for _, rows in base_files + new_files for r in rows})
    if len(gpus) != 1:
        die(f"the files hold {len(gpus)} GPUs ({', '.join(gpus)}); accepted: an A/B on one GPU")
    revs = [sorted({r.get("git_revision", "") for _, rows in files for r in rows} - {""})
            for files in (base_files, new_files)]
    # Cases every file of both sides measured.
    common = set(base[0])
    for f in base[1:] + new:
        common &= set(f)
    if not common:
        die(f"nothing in common: {len(base[0])} cases in the first base file, "
            f"{len(new[0])} in the first new file, none measured by every file")

    def order(k):
        t = TYPES.index(k[1]) if k[1] in TYPES else len(TYPES)
        return (k[0], t, k[1], k[2], k[3], k[4], k[5])

    lines = []
    for k in sorted(common, key=order):
        b = [f[k][0] for f in base]
        n = [f[k][0] for f in new]
        mb, mn = sum(b) / len(b), sum(n) / len(n)
        if abs(mn - mb) < a.moved:
            continue
        note_new, note_base = new[-1][k][1], base[-1][k][1]
        note = (note_new if note_new == note_base or not note_base
                else f"{note_new} (base: {note_base})")
        mode = k[4] if k[5] == "flush" else f"{k[4]}, L2 {k[5]}"
        lines.append(f"| {k[0]} | {k[1]} | {k[2]} × {k[3]} | {mode} | "
                     f"{', '.join(f'{x:.1f}' for x in b)} | {', '.join(f'{x:.1f}' for x in n)} | "
                     f"{mb:.1f} | {mn:.1f} | {mn - mb:+.1f} | {max(b) - min(b):.1f} / "
                     f"{max(n) - min(n):.1f} | {note} |")
    moved = f", rows that moved by {a.moved:g} points or more" if a.moved else ""
    if a.against:
        print(f"{gpus[0]}: {', '.join(revs[1]) or 'unknown'} ({len(new)} passes), each kernel "
              f"(new) against {a.against} (base) in the same pass, % of cudaMemcpy in the same "
              f"file{moved}\n")
    else:
        print(f"{gpus[0]}: base {', '.join(revs[0]) or 'unknown'} ({len(base)} passes) against "
              f"new {', '.join(revs[1]) or 'unknown'} ({len(new)} passes), % of cudaMemcpy in the "
              f"same file{moved}\n")
    if not lines:
        print("none")
        return
    print("| kernel | type | shape | mode | base passes | new passes | base | new | change | "
          "spread base / new | note |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    print("\n".join(lines))


if __name__ == "__main__":
    main()
