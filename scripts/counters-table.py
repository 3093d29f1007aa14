#!/usr/bin/env python3
"""counters-table.py FILE.csv [--dtype T] [--mode M] [--kernels a,b,...]: the "why" figures of a
transpose_bench CSV written with --counters, as one Markdown table (the README's tables).

Per kernel: effective bandwidth and % of cudaMemcpy in the same file, DRAM bytes over effective
bytes (and each side), sectors per global load and store request, store sectors over the
sectors the data fills, shared-load conflict ways, the busiest L2 slice and DRAM channel over
the mean, warps active, warp instructions per 32 elements and the profiled time per launch.
Python standard library only; needs no GPU.
"""
import argparse
import csv
import sys

PAPER = ("simple_copy,copy_shared_mem,transpose_naive,transpose_coalesced,"
         "transpose_no_bank_conflicts,transpose_fine_grained,transpose_coarse_grained,"
         "transpose_diagonal,cuda_memcpy,ours_best")


def die(msg):
    print(f"counters-table.py: error: {msg}", file=sys.stderr)
    sys.exit(1)


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("csv")
    ap.add_argument("--dtype", default="fp32")
    ap.add_argument("--mode", default="loop-over-kernel")
    ap.add_argument("--kernels", default=PAPER)
    a = ap.parse_args()
    try:
        with open(a.csv, newline="", encoding="utf-8") as f:
            rows = list(csv.DictReader(f))
    except OSError as e:
        die(f"cannot read {a.csv}: {e.strerror}")
    if not rows or rows[0].get("schema_version") != "3" or "counter_passes" not in rows[0]:
        die(f"{a.csv}: not a transpose_bench CSV of schema version 3 (written with --counters)")

    def find(k):
        for r in rows:
            if r["kernel"] == k and r["dtype"] == a.dtype and r["mode"] == a.mode:
                return r
        return None

    memcpy = find("cuda_memcpy")
    print("| kernel | GB/s | % of memcpy | DRAM/eff (read, write) | ld / st sectors per request "
          "| st sectors / needed | shared-load ways | L2 slice, DRAM channel max/mean "
          "| warps active % | warp instructions / 32 elements | µs per launch |")
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for k in a.kernels.split(","):
        r = find(k)
        if r is None or r["status"] != "ok" or not r["counter_passes"]:
            continue
        v = lambda c: float(r[c]) if r[c] != "" else None
        eff, el = v("bytes_per_rep"), int(r["rows"]) * int(r["cols"])
        rd, wr = v("dram_read_bytes") / (eff / 2), v("dram_write_bytes") / (eff / 2)
        ways = "-"
        if v("shared_load_requests"):
            w, c = v("shared_load_wavefronts"), v("shared_load_conflicts")
            ways = f"{w / (w - c):.2f}"
        pct = (f"{100 * v('bandwidth_gbps') / float(memcpy['bandwidth_gbps']):.1f}"
               if memcpy else "-")
        print(f"| {r['kernel_name']} | {v('bandwidth_gbps'):.0f} | {pct} | "
              f"{(rd + wr) / 2:.2f} ({rd:.2f}, {wr:.2f}) | "
              f"{v('load_sectors') / v('load_requests'):.1f} / "
              f"{v('store_sectors') / v('store_requests'):.1f} | "
              f"{v('store_sectors') / (eff / 64):.2f} | {ways} | "
              f"{v('l2_slice_max_sectors') / v('l2_slice_mean_sectors'):.2f}, "
              f"{v('dram_channel_max_bytes') / v('dram_channel_mean_bytes'):.2f} | "
              f"{v('warps_active_pct'):.0f} | {v('instructions') / (el / 32):.1f} | "
              f"{v('duration_ns') / 1e3:.1f} |")


if __name__ == "__main__":
    main()
