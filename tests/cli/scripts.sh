#!/usr/bin/env bash
# scripts.sh SOURCE_DIR: plot.py, stability.py, counters-table.py, shape-map-summary.py,
# ab-summary.py, ncu-table.py and ncu-sass.py end bad input with one line, never a Python traceback: a binary
# file, a time of 0, two files with nothing in common, two GPUs in one summary.
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
# CSVs under results/*/explore/ are stored gzip-compressed: a FILE.csv.gz that is not gzip.
cp "$s/binary.csv" "$s/binary.csv.gz"
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
python3 "$src/scripts/shape-map-configs.py" --check || fail "configs/shape-map-*.toml, above-tile-*.toml or below-tile-*.toml are out of date"
# The shape-map summary: one GPU at a time, and its figures from a committed map (stored
# gzip-compressed, read as it is).
map=$src/results/h200/explore/shape-map-a7efb08/shape-map-4b.csv.gz
for script in shape-map-summary.py plot.py; do
  one_line $script "^$script: error: .*binary.csv.gz: not a gzip-compressed CSV file" "$s/binary.csv.gz"
done
one_line stability.py "^stability.py: error: .*binary.csv.gz: not a gzip-compressed CSV file" "$s/binary.csv.gz" "$good"
one_line ab-summary.py "^ab-summary.py: error: .*binary.csv.gz: not a gzip-compressed CSV file" --base "$s/binary.csv.gz" --new "$good"
mkdir -p "$s/gz"
python3 "$src/scripts/plot.py" --heatmap --out "$s/gz" "$map" >"$s/out" 2>&1 || fail "plot.py --heatmap FILE.csv.gz: $(cat "$s/out")"
[[ -s "$s/gz/h200-shape-map-fp32.png" ]] || fail "plot.py --heatmap wrote no heat map from FILE.csv.gz"
one_line shape-map-summary.py "^shape-map-summary.py: error: .*binary.csv: not a CSV file" "$s/binary.csv"
one_line shape-map-summary.py "^shape-map-summary.py: error: the files hold 2 GPUs" "$map" \
  "$src/results/h100-80gb-hbm3/explore/shape-map-a7efb08/shape-map-4b.csv.gz"
one_line shape-map-summary.py "^shape-map-summary.py: error: no rows of kernel 'nope'" "$map" --kernel nope
one_line shape-map-summary.py "^shape-map-summary.py: error: --bar 0: accepted" "$map" --bar 0
python3 "$src/scripts/shape-map-summary.py" "$map" >"$s/sum.md" 2>&1 || fail "shape-map-summary.py: $(cat "$s/sum.md")"
grep -qF "| fp32 | 37 | 92.4 | 67.9 at 320001 × 100 | 17: 320001 × 100 67.9, 1032259 × 31 82.3," "$s/sum.md" ||
  fail "shape-map-summary.py: $(cat "$s/sum.md")"
# Against an older map: the shapes that moved, with the path before where it changed (two
# committed maps of the H200: the halo tile's partial edge tiles and its 2-byte short sides).
new4=$src/results/h200/explore/shape-map-1cf97cf/shape-map-4b.csv.gz
new2=$src/results/h200/explore/shape-map-1cf97cf/shape-map-2b.csv.gz
old4=$src/results/h200/explore/shape-map-231e2fc/shape-map-4b.csv.gz
old2=$src/results/h200/explore/shape-map-231e2fc/shape-map-2b.csv.gz
one_line shape-map-summary.py "^shape-map-summary.py: error: --moved 0: accepted" "$new4" --against "$old4" --moved 0
one_line shape-map-summary.py "^shape-map-summary.py: error: .*binary.csv: not a CSV file" "$new4" --against "$s/binary.csv"
python3 "$src/scripts/shape-map-summary.py" "$new4" "$new2" --against "$old4" "$old2" >"$s/moved.md" 2>&1 ||
  fail "shape-map-summary.py --against: $(cat "$s/moved.md")"
grep -qF "| fp32 | 320001 × 100 | 67.9 | 79.1 | +11.2 | path: halo tile (rows not 16-byte aligned) |" "$s/moved.md" ||
  fail "shape-map-summary.py --against: $(cat "$s/moved.md")"
grep -qF "| fp16 | 640001 × 100 | 57.7 | 69.4 | +11.7 | path: halo tile (rows not 16-byte aligned) (before: path: padded tile," "$s/moved.md" ||
  fail "shape-map-summary.py --against: $(cat "$s/moved.md")"
[[ $(grep -c '^| fp\|^| bf\|^| u8' "$s/moved.md") -eq 6 ]] || fail "shape-map-summary.py --against: not 3 summary and 3 moved rows: $(cat "$s/moved.md")"
# The A/B summary: the committed compact-staging A/B of the H200, figure for figure with its
# ab-ours_best.txt (made from the same files).
ab=$src/results/h200/explore/word-tile/compact-staging
one_line ab-summary.py "^ab-summary.py: error: .*binary.csv: not a CSV file" --base "$s/binary.csv" --new "$ab/pE-1-u8.csv"
one_line ab-summary.py "^ab-summary.py: error: the files hold 2 GPUs" --base "$ab/pold-1-u8.csv" \
  --new "$src/results/h100-80gb-hbm3/shape-map-1b.csv"
grep -v ',cuda_memcpy,' "$ab/pold-1-u8.csv" >"$s/no-memcpy.csv"
one_line ab-summary.py "^ab-summary.py: error: .*no-memcpy.csv: no cuda_memcpy rows" --base "$s/no-memcpy.csv" --new "$ab/pE-1-u8.csv"
one_line ab-summary.py "^ab-summary.py: error: nothing in common" --base "$ab/pold-1-u8.csv" --new "$ab/pE-1-fp16.csv"
python3 "$src/scripts/ab-summary.py" --base "$ab/pold-1-u8.csv" "$ab/pold-2-u8.csv" \
  --new "$ab/pE-1-u8.csv" "$ab/pE-2-u8.csv" --kernel ours_best --moved 2 >"$s/ab.md" 2>&1 || fail "ab-summary.py: $(cat "$s/ab.md")"
grep -qF "| ours_best | u8 | 17 × 7529412 | loop-over-kernel | 73.9, 74.1 | 88.1, 88.0 | 74.0 | 88.1 | +14.0 | 0.1 / 0.0 |" "$s/ab.md" ||
  fail "ab-summary.py: $(cat "$s/ab.md")"
grep -qF "| ours_best | u8 | 65 × 1969231 | loop-over-kernel | 73.0, 73.4 | 69.3, 69.4 | 73.2 | 69.4 | -3.8 |" "$s/ab.md" ||
  fail "ab-summary.py: $(cat "$s/ab.md")"
[[ $(grep -c '^| ours_best' "$s/ab.md") -eq 5 ]] || fail "ab-summary.py --moved 2: not the 5 rows that moved 2 points: $(cat "$s/ab.md")"
# ab-summary.py --against: the candidates of one tree against ours_best in the same passes (the
# committed H100 A/B of the chunked word tile), figure for figure with its against-best.md.
cand=$src/results/h100-80gb-hbm3/explore/word-tile/candidates-d47c469
one_line ab-summary.py "^ab-summary.py: error: accepted: --base FILE.csv... \(two trees\) or --against" --new "$cand/b-1.csv"
one_line ab-summary.py "^ab-summary.py: error: accepted: --base FILE.csv... \(two trees\) or --against" --new "$cand/b-1.csv" --base "$cand/b-2.csv" --against ours_best
one_line ab-summary.py "^ab-summary.py: error: --against ours_tile: no such kernel measured in" --new "$cand/b-1.csv" --against ours_tile
python3 "$src/scripts/ab-summary.py" --new "$cand/b-1.csv" "$cand/b-2.csv" --against ours_best >"$s/against.md" 2>&1 ||
  fail "ab-summary.py --against: $(cat "$s/against.md")"
grep -qF "| ours_words_chunked | u8 | 500001 × 256 | loop-over-kernel | 76.4, 76.3 | 85.3, 85.5 | 76.4 | 85.4 | +9.0 | 0.1 / 0.2 |" "$s/against.md" ||
  fail "ab-summary.py --against: $(cat "$s/against.md")"
[[ $(grep -c '^| ours_words_chunked' "$s/against.md") -eq 5 && $(grep -c '^| ours_best' "$s/against.md") -eq 0 ]] ||
  fail "ab-summary.py --against: not the 5 rows of ours_words_chunked alone: $(cat "$s/against.md")"
# Against a kernel that notes nothing (the H200's skewed block orders against column-major): no
# empty "(base: )" after the candidates' notes.
skew=$src/results/h200/explore/pitch-128k
python3 "$src/scripts/ab-summary.py" --new "$skew/candidates-1.csv" "$skew/candidates-2.csv" \
  --against ours_tile16_colmajor >"$s/skew.md" 2>&1 || fail "ab-summary.py --against: $(cat "$s/skew.md")"
grep -qF "| ours_tile16_skew1 | fp64 | 16384 × 16384 | loop-over-kernel | 94.7, 94.7 | 92.5, 92.5 |" "$s/skew.md" &&
  ! grep -qF "(base: )" "$s/skew.md" || fail "ab-summary.py --against: $(cat "$s/skew.md")"
# ncu-table.py: the committed Nsight Compute files side by side; bad input in one line.
ncu=$src/results/h100-80gb-hbm3/explore/word-tile/planar-rows-e4892ce
one_line ncu-table.py "^ncu-table.py: error: .*new-1.csv: no Nsight Compute CSV header" "$ncu/new-1.csv"
one_line ncu-table.py "^ncu-table.py: error: cannot read" "$s/missing.csv"
python3 "$src/scripts/ncu-table.py" "$ncu/ncu-fp32-2666667x12.csv" "$ncu/ncu-fp32-1333335x24.csv" >"$s/ncu.md" 2>&1 ||
  fail "ncu-table.py: $(cat "$s/ncu.md")"
grep -qF "| l1tex__data_pipe_lsu_wavefronts_mem_shared_op_st.sum | 1,427,678 | 8,140,436 |" "$s/ncu.md" ||
  fail "ncu-table.py: $(cat "$s/ncu.md")"
[[ $(head -1 "$s/ncu.md") == "| metric | fp32-2666667x12 | fp32-1333335x24 |" ]] || fail "ncu-table.py: header: $(head -1 "$s/ncu.md")"
# ncu-sass.py: the committed source-counter files summed; bad input in one line, nothing printed.
sass=$src/results/h200/explore/sass-2673ac2
one_line ncu-sass.py "^ncu-sass.py: error: .*table.md: no source-page header" "$sass/sass-fp16-33x1939393.csv.gz" "$sass/table.md"
[[ ! -s "$s/out" ]] || fail "ncu-sass.py: printed a table before the bad file: $(cat "$s/out")"
python3 "$src/scripts/ncu-sass.py" "$sass/sass-fp16-33x1939393.csv.gz" "$sass/sass-fp64-160001x100.csv.gz" >"$s/sass.md" 2>&1 ||
  fail "ncu-sass.py: $(cat "$s/sass.md")"
grep -qF "| fp16-33x1939393 | 53.8 M | 55% | not_selected 18.8, long_sb 18.1," "$s/sass.md" || fail "ncu-sass.py: $(cat "$s/sass.md")"
grep -qF "| fp64-160001x100 | 18.1 M | 100% | long_sb 49.4," "$s/sass.md" || fail "ncu-sass.py: $(cat "$s/sass.md")"
# --top N: the N instructions with the most stall samples, after the table; N checked first.
one_line ncu-sass.py "^ncu-sass.py: error: --top takes a whole number from 1 to 50, not x$" --top x "$sass/sass-fp16-33x1939393.csv.gz"
one_line ncu-sass.py "^ncu-sass.py: error: --top takes a whole number from 1 to 50, not 0$" --top 0 "$sass/sass-fp16-33x1939393.csv.gz"
one_line ncu-sass.py "^ncu-sass.py: error: --top N needs FILE.csv arguments" --top 3
python3 "$src/scripts/ncu-sass.py" --top 2 "$sass/sass-fp16-33x1939393.csv.gz" >"$s/top.md" 2>&1 ||
  fail "ncu-sass.py --top: $(cat "$s/top.md")"
grep -qF "| 16.5% | 69272 | \`BAR.SYNC.DEFER_BLOCKING 0x0\` |" "$s/top.md" || fail "ncu-sass.py --top: $(cat "$s/top.md")"
grep -qF "| 8.1% | 277057 | \`PRMT R6, R24, 0x5410, R28\` |" "$s/top.md" || fail "ncu-sass.py --top: $(cat "$s/top.md")"
[[ $(grep -c "^| [0-9.]*% |" "$s/top.md") -eq 2 ]] || fail "ncu-sass.py --top 2: not two rows: $(cat "$s/top.md")"
# ab.sh: bad input ends with one line and exit code 2 before anything is built.
ab_bad() { # REGEX ARGS...
  local regex=$1
  shift
  (cd "$s" && "$src/scripts/ab.sh" "$@") >"$s/out" 2>"$s/err"
  local rc=$?
  [[ $rc -eq 2 ]] || fail "ab.sh $*: exit $rc, expected 2: $(cat "$s/err")"
  [[ $(wc -l <"$s/err") -eq 1 ]] || fail "ab.sh $*: stderr is not one line: $(cat "$s/err")"
  grep -Eq -- "$regex" "$s/err" || fail "ab.sh $*: stderr does not match /$regex/: $(cat "$s/err")"
  [[ ! -e "$src/build/ab/nope-vs-new" ]] || fail "ab.sh $*: made an output folder"
}
mkdir -p "$s/tree" "$s/taken"
ab_bad "^ab: no base given" 
ab_bad "^ab: -n '0': accepted: a whole number of passes from 1 to 20" -n 0 "$s/tree"
ab_bad "^ab: unknown option '--frob'" --frob
ab_bad "^ab: a second base" "$s/tree" "$s/taken"
ab_bad "^ab: base 'nope' is (neither a commit|not a folder)" nope
ab_bad "^ab: base folder '.*tree' holds no CMakeLists.txt" "$s/tree"
touch "$s/tree/CMakeLists.txt"
ab_bad "^ab: '.*taken' exists; pass --force" -o "$s/taken" "$s/tree"
ab_bad "^ab: transpose_bench's option '--csv' is for ab.sh to set" "$s/tree" -- --csv x.csv
ab_bad "^ab: --kernels 'ours_best,ours_words' does not measure cuda_memcpy" "$s/tree" -- -k ours_best --kernels=ours_words
# The word tile's shared-memory model (docs/models/) against the committed Nsight Compute counts.
python3 "$src/docs/models/word_tile_banks.py" --check "$src/results/h200/explore/word-tile/ncu-c67e5aa/summary.txt" >"$s/model" 2>&1 ||
  fail "word_tile_banks.py --check: $(cat "$s/model")"
echo "ok: 11 bad inputs, one line each, no traceback; the heat map drawn; the shape-map configs current; the map summarised and compared; the A/B summary, its candidates against ours_best and 13 bad A/B inputs; the Nsight Compute table and its SASS summary; the shared-memory model within 6% of the counters"
