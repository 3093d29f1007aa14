#!/usr/bin/env python3
"""cg-copies-sectors.py NCU.csv: the sectors each case of docs/probes/cg-copies.cu read, as
multiples of the data its rows hold, from Nsight Compute's CSV of `cg --once` (one launch a case,
in the probe's order: rows, bytes a row, starts, walk, then .cg before .ca). Prints Markdown."""
import csv
import io
import sys


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: cg-copies-sectors.py NCU.csv (ncu --csv --page details of cg --once)")
    try:
        with open(sys.argv[1], encoding="utf-8") as f:
            text = f.read()
    except (OSError, UnicodeDecodeError) as e:
        sys.exit(f"{sys.argv[1]}: cannot read it ({e}); accepted: ncu's --csv output of cg --once")
    start = text.find('"ID"')
    if start < 0:
        sys.exit(f"{sys.argv[1]}: no Nsight Compute CSV header (\"ID\",...)")
    launches = {}
    try:
        for r in csv.DictReader(io.StringIO(text[start:])):
            launches.setdefault(int(r["ID"]), {})[r["Metric Name"]] = float(
                r["Metric Value"].replace(",", ""))
    except (KeyError, ValueError) as e:
        sys.exit(f"{sys.argv[1]}: not a --page details CSV ({e}); accepted: ncu's --csv output")
    cases = [(r, w, off, walk, cache) for r in (12, 31, 100) for w in (320, 512, 1360)
             for off in ("aligned", "2 past") for walk in ("as gather", "row a warp")
             for cache in (".cg", ".ca")]
    if len(launches) != len(cases):
        sys.exit(f"{sys.argv[1]}: {len(launches)} launches, the probe makes {len(cases)}")
    need = ("lts__t_sectors_srcunit_tex_op_read.sum",
            "l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum",
            "l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum", "gpu__time_duration.sum")
    missing = sorted({n for m in launches.values() for n in need if n not in m})
    if missing:
        sys.exit(f"{sys.argv[1]}: metrics missing: {', '.join(missing)}; accepted: the probe's "
                 "cmd line's --metrics")
    data = 128 << 20  # the probe's rows hold 128 MiB in all
    print("| rows | bytes | starts | walk | copy | L2 sectors read / data | L1 sectors asked / "
          "data | sectors a request | µs |")
    print("|---|---|---|---|---|---|---|---|---|")
    for (r, w, off, walk, cache), (_, m) in zip(cases, sorted(launches.items())):
        l2 = m["lts__t_sectors_srcunit_tex_op_read.sum"] * 32 / data
        l1 = m["l1tex__t_sectors_pipe_lsu_mem_global_op_ld.sum"]
        req = m["l1tex__t_requests_pipe_lsu_mem_global_op_ld.sum"]
        us = m["gpu__time_duration.sum"] / 1000
        print(f"| {r} | {w} | {off} | {walk} | {cache} | {l2:.3f} | {l1 * 32 / data:.3f} | "
              f"{l1 / req:.2f} | {us:.1f} |")


if __name__ == "__main__":
    main()
