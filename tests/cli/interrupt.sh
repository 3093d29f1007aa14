#!/usr/bin/env bash
# SIGINT (and SIGTERM) during a real sweep: the run stops after the sample in progress, exits
# 128 + the signal, and the CSV holds every completed case as valid rows, with no partial row
# and no temporary file. Needs a GPU (skipped, code 77, without one).
set -u
bin=$1
if ! nvidia-smi -L >/dev/null 2>&1; then echo "SKIPPED: no NVIDIA GPU visible (nvidia-smi -L failed)"; exit 77; fi
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
fail() { echo "FAIL: $*"; cat "$scratch/err" 2>/dev/null; exit 1; }
for sig in INT TERM; do
  csv=$scratch/sweep-$sig.csv
  "$bin" --suite all --size 512 --size 1024 --size 2048 --size 4096 --dtype fp32 --dtype fp16 \
    --samples 3 --csv "$csv" >/dev/null 2>"$scratch/err" &
  pid=$!
  # Wait until at least 5 cases have been measured and validated (rows marked valid,ok; the
  # CSV holds the unsupported combinations from the start, so counting lines is not enough).
  for _ in $(seq 1 600); do
    [[ -f $csv && $(grep -c ',true,ok,' "$csv") -ge 5 ]] && break
    sleep 0.1
  done
  kill -"$sig" $pid
  wait $pid
  rc=$?
  want=$((128 + $(kill -l "$sig")))
  [[ $rc -eq $want ]] || fail "SIG$sig: exit code $rc, expected $want"
  grep -q "interrupted by SIG$sig" "$scratch/err" || fail "SIG$sig: no interruption message"
  rows=$(($(wc -l <"$csv") - 1))
  measured=$(grep -c ',true,ok,' "$csv")
  [[ $measured -ge 5 ]] || fail "SIG$sig: only $measured measured rows"
  kernels=$(( $("$bin" --suite all --list | grep -c '^[a-z]') - 1 )) # minus the header line
  total=$(( kernels * 4 * 2 * 3 )) # kernels x sizes x element types x modes
  [[ $rows -ge 5 && $rows -lt $total ]] || fail "SIG$sig: $rows rows (of $total)"
  "$bin" report "$csv" >"$scratch/report" || fail "SIG$sig: the CSV does not read back"
  [[ -z $(ls "$scratch" | grep '\.tmp\.') ]] || fail "SIG$sig: temporary file left"
  echo "ok: SIG$sig stopped the run with $rows of $total rows ($measured measured), all valid"
done
