#!/usr/bin/env python3
"""Plots transpose_bench CSV results (matplotlib, no GPU needed).

For each GPU in the files:
  <gpu>-bandwidth.{png,svg}  effective bandwidth against matrix size (log x), one line per kernel
  <gpu>-percent.{png,svg}    each kernel as % of the copy baseline at the largest size
and, when the files hold more than one GPU:
  compare-gpus.{png,svg}     each kernel's bandwidth per GPU at the largest size they share
With --heatmap (the shape map, configs/shape-map-*.toml), instead, per GPU and element type:
  <gpu>-shape-map-<type>.{png,svg}  % of memcpy per shape: short side across, orientation
                                    down (s x L: a few long rows; L x s: a few long columns),
                                    one panel per kernel

usage: scripts/plot.py [--out DIR] [--mode MODE] [--dtype T] [--heatmap] FILE.csv...
Each CSV may be gzip-compressed as it is stored under results/*/explore/ (FILE.csv.gz).
"""
import argparse
import collections
import csv
import gzip
import os
import re
import sys

SCHEMAS = ("2", "3")  # 3 added the hardware-counter columns, which plotting does not need
# Every kernel its own colour and marker: 10 colours x 6 markers before a pair repeats.
COLOURS = ["tab:blue", "tab:orange", "tab:green", "tab:red", "tab:purple", "tab:brown",
           "tab:pink", "tab:gray", "tab:olive", "tab:cyan"]
MARKERS = ["o", "s", "^", "D", "v", "x"]


def style(i):
    return {"color": COLOURS[i % len(COLOURS)], "marker": MARKERS[(i // len(COLOURS)) % len(MARKERS)]}


def die(msg):
    sys.exit(f"plot.py: error: {msg}")


def open_csv(path, encoding):
    """A CSV file, or FILE.csv.gz as it is (results under explore/ are stored compressed)."""
    if path.endswith(".gz"):
        return gzip.open(path, "rt", newline="", encoding=encoding)
    return open(path, newline="", encoding=encoding)


def slug(name):
    s = re.sub(r"^nvidia\s+", "", name.strip().lower())
    return re.sub(r"[^a-z0-9]+", "-", s).strip("-") or "gpu"


def load(paths):
    rows = []
    for path in paths:
        try:
            with open_csv(path, "utf-8-sig") as f:
                reader = csv.DictReader(f)
                if not reader.fieldnames or "schema_version" not in reader.fieldnames:
                    die(f"{path}: not a transpose_bench CSV (no schema_version column)")
                for n, row in enumerate(reader, start=2):
                    if row["schema_version"] not in SCHEMAS:
                        die(f"{path}:{n}: schema version {row['schema_version']!r} is not understood; accepted: {' to '.join((SCHEMAS[0], SCHEMAS[-1]))}")
                    if row["status"] != "ok":
                        continue
                    try:
                        row["_bw"] = float(row["bandwidth_gbps"])
                        row["_elems"] = int(row["rows"]) * int(row["cols"])
                    except (TypeError, ValueError):
                        die(f"{path}:{n}: bandwidth_gbps, rows and cols must be numbers")
                    if not row["_bw"] > 0 or row["_elems"] <= 0:
                        die(f"{path}:{n}: bandwidth_gbps, rows and cols must be positive")
                    rows.append(row)
        except (gzip.BadGzipFile, EOFError) as e:
            die(f"{path}: not a gzip-compressed CSV file ({e})")
        except OSError as e:
            die(f"cannot read {path}: {e.strerror}")
        except (UnicodeDecodeError, csv.Error) as e:
            die(f"{path}: not a CSV file ({e.__class__.__name__}); accepted: a transpose_bench CSV")
    if not rows:
        die("no valid measurements in the files")
    return rows


def pick_mode(rows, wanted):
    modes = {r["mode"] for r in rows}
    if wanted:
        if wanted not in modes:
            die(f"mode {wanted!r} not in the files; present: {', '.join(sorted(modes))}")
        return wanted
    for m in ("cold-single", "loop-over-kernel", "loop-in-kernel"):
        if m in modes:
            return m
    return sorted(modes)[0]


def heatmaps(rows, out, plt):
    """The shape map: one figure per GPU and element type, one panel per kernel."""
    written = []
    for gpu in dict.fromkeys(r["gpu"] for r in rows):
        for dtype in dict.fromkeys(r["dtype"] for r in rows if r["gpu"] == gpu):
            g = [r for r in rows if r["gpu"] == gpu and r["dtype"] == dtype]
            memcpy = {(r["rows"], r["cols"]): r["_bw"] for r in g if r["baseline"] == "memcpy"}
            if not memcpy:
                die(f"{gpu}, {dtype}: no cudaMemcpy rows to take % of; accepted: a shape map run")
            kernels = list(dict.fromkeys(r["kernel_name"] for r in g if r["baseline"] != "memcpy"))
            sides = sorted({min(int(r["rows"]), int(r["cols"])) for r in g})
            fig, axes = plt.subplots(len(kernels), 1, figsize=(max(8, 0.55 * len(sides) + 2),
                                                               1.6 * len(kernels) + 0.8),
                                     squeeze=False)
            for ax, k in zip(axes[:, 0], kernels):
                grid = [[float("nan")] * len(sides) for _ in range(2)]
                for r in g:
                    if r["kernel_name"] != k or (r["rows"], r["cols"]) not in memcpy:
                        continue
                    rows_, cols_ = int(r["rows"]), int(r["cols"])
                    down = 0 if rows_ <= cols_ else 1  # s x L first, L x s second
                    grid[down][sides.index(min(rows_, cols_))] = \
                        100 * r["_bw"] / memcpy[(r["rows"], r["cols"])]
                im = ax.imshow(grid, cmap="RdYlGn", vmin=0, vmax=100, aspect="auto")
                for y in range(2):
                    for x in range(len(sides)):
                        v = grid[y][x]
                        if v == v:  # not NaN
                            ax.text(x, y, f"{v:.0f}", ha="center", va="center", fontsize=6)
                ax.set_yticks([0, 1])
                ax.set_yticklabels(["s × L", "L × s"], fontsize=7)
                ax.set_xticks(range(len(sides)))
                ax.set_xticklabels([str(v) for v in sides], fontsize=6, rotation=90)
                ax.set_title(k, fontsize=8)
            fig.subplots_adjust(hspace=0.9)
            axes[-1, 0].set_xlabel("short side s (the last column: the square)")
            fig.suptitle(f"{gpu}: % of cudaMemcpy per shape, {dtype} "
                         f"(blank: not measured or not supported)", fontsize=9)
            fig.colorbar(im, ax=axes[:, 0].tolist(), shrink=0.8, label="% of memcpy")
            stem = f"{slug(gpu)}-shape-map-{dtype}"
            save(fig, out, stem)
            plt.close(fig)
            written.append(stem)
    return written


def save(fig, out, stem):
    for ext in ("png", "svg"):
        fig.savefig(os.path.join(out, f"{stem}.{ext}"), dpi=120, bbox_inches="tight")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("files", nargs="+")
    ap.add_argument("--out", default=".", help="output folder (default: current)")
    ap.add_argument("--mode", help="timing mode to plot (default: cold-single, else loop-over-kernel)")
    ap.add_argument("--dtype", help="element type to plot (default: the most common)")
    ap.add_argument("--heatmap", action="store_true",
                    help="draw the shape map (configs/shape-map-*.toml) as heat maps")
    args = ap.parse_args()
    if not os.path.isdir(args.out):
        die(f"--out {args.out!r} is not a folder")

    import matplotlib
    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    rows = load(args.files)
    mode = pick_mode(rows, args.mode)
    if args.heatmap:
        rows = [r for r in rows if r["mode"] == mode and (not args.dtype or r["dtype"] == args.dtype)]
        written = heatmaps(rows, args.out, plt)
        print("wrote " + ", ".join(f"{w}.png/.svg" for w in written) + f" in {args.out}")
        return
    dtype = args.dtype or collections.Counter(r["dtype"] for r in rows).most_common(1)[0][0]
    rows = [r for r in rows if r["mode"] == mode and r["dtype"] == dtype]
    if not rows:
        die(f"no measurements for mode {mode} and element type {dtype}")

    gpus = list(dict.fromkeys(r["gpu"] for r in rows))
    written = []
    for gpu in gpus:
        g = [r for r in rows if r["gpu"] == gpu]
        kernels = list(dict.fromkeys(r["kernel_name"] for r in g))
        square = [r for r in g if r["rows"] == r["cols"]]
        series = square if len({r["_elems"] for r in square}) > 1 else g

        fig, ax = plt.subplots(figsize=(9, 5.5))
        joined = series is not g  # square sizes: one line per kernel; other shapes: points only
        for i, k in enumerate(kernels):
            pts = sorted((r["_elems"], r["_bw"]) for r in series if r["kernel_name"] == k)
            if pts:
                ax.plot([p[0] for p in pts], [p[1] for p in pts], ms=4, lw=1.2 if joined else 0,
                        label=k, **style(i))
        if not joined:  # shapes with the same element count share an x: name them there
            at_x = collections.defaultdict(list)
            for r in series:
                shape = f"{r['rows']}x{r['cols']}"
                if shape not in at_x[r["_elems"]]:
                    at_x[r["_elems"]].append(shape)
            for elems, shapes in at_x.items():
                top = max(r["_bw"] for r in series if r["_elems"] == elems)
                ax.annotate("\n".join(shapes), (elems, top), textcoords="offset points",
                            xytext=(4, 4), fontsize=6, va="bottom")
        peak = float(g[0]["dram_peak_gbps"])
        if peak > 0:
            ax.axhline(peak, color="grey", ls="--", lw=0.8, label=f"theoretical DRAM peak {peak:.0f}")
        ax.set_xscale("log", base=2)
        ax.set_xlabel("matrix elements (rows × cols)" + (", square matrices" if joined else
                                                         ", each shape labelled"))
        ax.set_ylabel("effective bandwidth, GB/s (1e9 B/s, read + write)")
        ax.set_title(f"{gpu}: transpose bandwidth ({mode}, {dtype}, L2 {g[0]['l2']})")
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=7, ncol=2)
        save(fig, args.out, f"{slug(gpu)}-bandwidth")
        plt.close(fig)
        written.append(f"{slug(gpu)}-bandwidth")

        largest = max(r["_elems"] for r in g)
        at = {r["kernel_name"]: r for r in g if r["_elems"] == largest}
        base = next((r for r in at.values() if r["baseline"] == "memcpy"), None) or \
            next((r for r in at.values() if r["baseline"] == "copy"), None)
        if base and base["_bw"] > 0:
            names = [k for k in kernels if k in at]
            pct = [100 * at[k]["_bw"] / base["_bw"] for k in names]
            fig, ax = plt.subplots(figsize=(9, 0.28 * len(names) + 1.5))
            ax.barh(names[::-1], pct[::-1], color="tab:blue")
            ax.axvline(100, color="grey", lw=0.8)
            for y, v in enumerate(pct[::-1]):
                ax.text(v + 1, y, f"{v:.1f}", va="center", fontsize=7)
            ax.set_xlabel(f"% of {base['kernel_name']}")
            shape = f"{at[names[0]]['rows']}x{at[names[0]]['cols']}"
            ax.set_title(f"{gpu}: % of {base['kernel_name']} at {shape} ({mode}, {dtype})")
            save(fig, args.out, f"{slug(gpu)}-percent")
            plt.close(fig)
            written.append(f"{slug(gpu)}-percent")

    if len(gpus) > 1:
        sizes = set.intersection(*({r["_elems"] for r in rows if r["gpu"] == g} for g in gpus))
        if sizes:
            size = max(sizes)
            kernels = list(dict.fromkeys(r["kernel_name"] for r in rows if r["_elems"] == size))
            fig, ax = plt.subplots(figsize=(10, 0.35 * len(kernels) * len(gpus) + 1.5))
            height = 0.8 / len(gpus)
            for i, gpu in enumerate(gpus):
                bw = {r["kernel_name"]: r["_bw"] for r in rows if r["gpu"] == gpu and r["_elems"] == size}
                ys = [len(kernels) - 1 - j + i * height for j in range(len(kernels))]
                ax.barh(ys, [bw.get(k, 0) for k in kernels], height=height, label=gpu)
            ax.set_yticks([len(kernels) - 1 - j + 0.4 - height / 2 for j in range(len(kernels))])
            ax.set_yticklabels(kernels, fontsize=7)
            ax.set_xlabel("effective bandwidth, GB/s")
            ax.set_title(f"GPUs compared at {size} elements ({mode}, {dtype})")
            ax.legend()
            save(fig, args.out, "compare-gpus")
            plt.close(fig)
            written.append("compare-gpus")
    print("wrote " + ", ".join(f"{w}.png/.svg" for w in written) + f" in {args.out}")


if __name__ == "__main__":
    main()
