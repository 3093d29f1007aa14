#!/usr/bin/env bash
# Runs the real executable's default table with a tiny budget and checks the table and CSV.
set -u
bin=$1
if ! nvidia-smi -L >/dev/null 2>&1; then echo "SKIPPED: no NVIDIA GPU visible (nvidia-smi -L failed)"; exit 77; fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
"$bin" --reps 2 --samples 1 --csv "$scratch/r.csv" --markdown "$scratch/r.md" \
  --benchmark_out="$scratch/gb.json" >"$scratch/out" 2>&1
rc=$?
cat "$scratch/out"
[[ $rc -eq 0 ]] || { echo "FAIL: exit code $rc"; exit 1; }
for k in "Simple Copy" "Shared Memory Copy" "Naive Transpose" "Coalesced Transpose" \
         "Bank Conflict Free Transpose" "Fine-grained Transpose" "Coarse-grained Transpose" "Diagonal Transpose"; do
  grep -q "$k" "$scratch/out" || { echo "FAIL: table lacks '$k'"; exit 1; }
done
rows=$(($(wc -l <"$scratch/r.csv") - 1))
[[ $rows -eq 27 ]] || { echo "FAIL: CSV has $rows rows, expected 27 (9 kernels x 3 modes)"; exit 1; }
grep -q "Cold single launch" "$scratch/out" || { echo "FAIL: table lacks the cold single launch column"; exit 1; }
"$bin" report "$scratch/r.csv" >"$scratch/report" || { echo "FAIL: report of the run's CSV failed"; exit 1; }
grep -q "Bank Conflict Free Transpose" "$scratch/report" || { echo "FAIL: report lacks the table"; exit 1; }
grep -q "cudaMemcpy D2D" "$scratch/out" || { echo "FAIL: table lacks the memcpy row"; exit 1; }
grep -q "% of memcpy" "$scratch/out" || { echo "FAIL: table lacks '% of memcpy'"; exit 1; }
grep -q ",FAILED," "$scratch/r.csv" && { echo "FAIL: a kernel failed"; exit 1; }
grep -q "^| Simple Copy" "$scratch/r.md" || { echo "FAIL: Markdown table missing"; exit 1; }
# Google Benchmark's JSON in microseconds, which its compare tool prints readably.
grep -q '"time_unit": "us"' "$scratch/gb.json" || { echo "FAIL: Google Benchmark JSON not in us"; exit 1; }
# report reproduces the run's Markdown tables exactly (the CSV keeps every digit).
"$bin" report "$scratch/r.csv" --format markdown >"$scratch/again.md" || { echo "FAIL: report --format markdown"; exit 1; }
diff <(grep '^|' "$scratch/r.md") <(grep '^|' "$scratch/again.md") || { echo "FAIL: re-rendered tables differ"; exit 1; }
echo "smoke ok: $rows CSV rows"
