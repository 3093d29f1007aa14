#!/usr/bin/env bash
# On a GPU: a size that does not fit is skipped while the rest runs; a plan where nothing fits
# is an error before anything is allocated; a --benchmark_filter that matches nothing is an
# error. Skipped (code 77) without a GPU.
set -u
bin=$1
if ! nvidia-smi -L >/dev/null 2>&1; then echo "SKIPPED: no NVIDIA GPU visible (nvidia-smi -L failed)"; exit 77; fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; cat "$scratch/err"; exit 1; }
"$bin" --kernels simple_copy --size 64 --size 300000x300000 --samples 1 --reps 1 --csv "$scratch/a.csv" >"$scratch/out" 2>"$scratch/err"
[[ $? -eq 0 ]] || fail "a sweep with one size too large did not finish"
# The reason has a comma, so the CSV quotes it.
grep -q ',skipped,"300000x300000 fp32 needs .* of device memory, .* free"' "$scratch/a.csv" || fail "the large size is not skipped with its reason"
[[ $(grep -c ',true,ok,' "$scratch/a.csv") -ge 1 ]] || fail "the size that fits did not run"
"$bin" --kernels simple_copy --size 300000x300000 --csv "$scratch/b.csv" >/dev/null 2>"$scratch/err"
[[ $? -eq 2 ]] || fail "a plan where nothing fits: exit code not 2"
grep -q "needs .* of device memory (input + output), but .* free; accepted: sizes whose input + output fit" "$scratch/err" || fail "message"
[[ ! -e $scratch/b.csv ]] || fail "a CSV was written"
"$bin" --size 64 --benchmark_filter=no_such_case --csv "$scratch/c.csv" >/dev/null 2>"$scratch/err"
[[ $? -eq 2 ]] || fail "--benchmark_filter matching nothing: exit code not 2"
grep -q -- "--benchmark_filter matched no case" "$scratch/err" || fail "message"
echo "ok: too-large sizes skipped or refused, empty filters refused"
