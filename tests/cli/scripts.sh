#!/usr/bin/env bash
# scripts.sh SOURCE_DIR: plot.py, stability.py, counters-table.py and shape-map-summary.py end bad
# input with one line, never a Python traceback: a binary file, a time of 0, two files with
# nothing in common, two GPUs in one summary.
set -u
src=$1
s=$(mktemp -d)
trap 'rm -rf "$s"' EXIT
fail() { echo "FAIL: $*"; exit 1; }
# one_line SCRIPT REGEX ARGS...: exit code 1, one line on stderr matching REGEX
one_line() {
  local script=$1 regex=$2
  shift 2
  python3 "$src/scripts/$script" "$@" >"$s/out" 2>"$s/err"
  local rc=$?
  [[ $rc -eq 1 ]] || fail "$script $*: exit $rc, expected 1: $(cat "$s/err")"
  [[ $(wc -l <"$s/err") -eq 1 ]] || fail "$script $*: stderr is not one line: $(cat "$s/err")"
  grep -Eq -- "$regex" "$s/err" || fail "$script $*: stderr does not match /$regex/: $(cat "$s/err")"
}
head -c 4096 /dev/urandom >"$s/binary.csv"
printf '\xff\xfe\x00garbage\n' >>"$s/binary.csv"
good=$src/results/h200/whitepaper-16384.csv
python3 - "$good" "$s/zero.csv" <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline="")))
rows[0]["time_ms"] = "0"
rows[0]["bandwidth_gbps"] = "0"
with open(sys.argv[2], "w", newline="") as f:
    w = csv.DictWriter(f, fieldnames=rows[0].keys())
    w.writeheader()
    w.writerows(rows)
PY
one_line plot.py "^plot.py: error: .*binary.csv: not a CSV file" --out "$s" "$s/binary.csv"
one_line plot.py "^plot.py: error: .*zero.csv:2: bandwidth_gbps, rows and cols must be positive" --out "$s" "$s/zero.csv"
one_line stability.py "^stability.py: error: .*binary.csv: not a CSV file" "$s/binary.csv" "$good"
one_line stability.py "^stability.py: error: .*zero.csv:2: time_ms and bytes_per_rep must be positive" "$s/zero.csv" "$good"
one_line stability.py "^stability.py: error: nothing to compare: 26 measured cases in A, 26 in B, 26 in both, none of those above 99999 MB" "$good" "$good" --min-mb 99999
# The README's counter tables come from the committed counter CSVs, figure for figure.
one_line counters-table.py "^counters-table.py: error: .*whitepaper-16384.csv: not a transpose_bench CSV of schema version 3" "$good"
one_line counters-table.py "^counters-table.py: error: cannot read" "$s/none.csv"
python3 "$src/scripts/counters-table.py" "$src/results/h200/counters.csv" >"$s/why.md" 2>&1 || fail "counters-table.py: $(cat "$s/why.md")"
grep -qF "| Naive Transpose | 509 | 12.2 | 1.20 (1.20, 1.20) | 4.0 / 32.0 | 8.00 |" "$s/why.md" || fail "counters-table.py: $(cat "$s/why.md")"
# The shape map's heat map, from a committed CSV that has memcpy at its shape.
python3 "$src/scripts/plot.py" --heatmap --out "$s" "$good" >"$s/out" 2>&1 || fail "plot.py --heatmap: $(cat "$s/out")"
[[ -s "$s/h200-shape-map-fp32.png" && -s "$s/h200-shape-map-fp32.svg" ]] || fail "plot.py --heatmap wrote no heat map"
python3 "$src/scripts/shape-map-configs.py" --check || fail "configs/shape-map-*.toml are out of date"
# The shape-map summary: one GPU at a time, and its figures from a committed map.
map=$src/results/h200/explore/shape-map-a7efb08/shape-map-4b.csv
one_line shape-map-summary.py "^shape-map-summary.py: error: .*binary.csv: not a CSV file" "$s/binary.csv"
one_line shape-map-summary.py "^shape-map-summary.py: error: the files hold 2 GPUs" "$map" \
  "$src/results/h100-80gb-hbm3/explore/shape-map-a7efb08/shape-map-4b.csv"
one_line shape-map-summary.py "^shape-map-summary.py: error: no rows of kernel 'nope'" "$map" --kernel nope
one_line shape-map-summary.py "^shape-map-summary.py: error: --bar 0: accepted" "$map" --bar 0
python3 "$src/scripts/shape-map-summary.py" "$map" >"$s/sum.md" 2>&1 || fail "shape-map-summary.py: $(cat "$s/sum.md")"
grep -qF "| fp32 | 37 | 92.4 | 67.9 at 320001 × 100 | 17: 320001 × 100 67.9, 1032259 × 31 82.3," "$s/sum.md" ||
  fail "shape-map-summary.py: $(cat "$s/sum.md")"
# Against an older map: the shapes that moved, with the path before where it changed (two
# committed maps of the H200: the halo tile's partial edge tiles and its 2-byte short sides).
new4=$src/results/h200/explore/shape-map-1cf97cf/shape-map-4b.csv
new2=$src/results/h200/explore/shape-map-1cf97cf/shape-map-2b.csv
old4=$src/results/h200/explore/shape-map-231e2fc/shape-map-4b.csv
old2=$src/results/h200/explore/shape-map-231e2fc/shape-map-2b.csv
one_line shape-map-summary.py "^shape-map-summary.py: error: --moved 0: accepted" "$new4" --against "$old4" --moved 0
one_line shape-map-summary.py "^shape-map-summary.py: error: .*binary.csv: not a CSV file" "$new4" --against "$s/binary.csv"
python3 "$src/scripts/shape-map-summary.py" "$new4" "$new2" --against "$old4" "$old2" >"$s/moved.md" 2>&1 ||
  fail "shape-map-summary.py --against: $(cat "$s/moved.md")"
grep -qF "| fp32 | 320001 × 100 | 67.9 | 79.1 | +11.2 | path: halo tile (rows not 16-byte aligned) |" "$s/moved.md" ||
  fail "shape-map-summary.py --against: $(cat "$s/moved.md")"
grep -qF "| fp16 | 640001 × 100 | 57.7 | 69.4 | +11.7 | path: halo tile (rows not 16-byte aligned) (before: path: padded tile," "$s/moved.md" ||
  fail "shape-map-summary.py --against: $(cat "$s/moved.md")"
[[ $(grep -c '^| fp\|^| bf\|^| u8' "$s/moved.md") -eq 6 ]] || fail "shape-map-summary.py --against: not 3 summary and 3 moved rows: $(cat "$s/moved.md")"
echo "ok: 11 bad inputs, one line each, no traceback; the heat map drawn; the shape-map configs current; the map summarised and compared"
