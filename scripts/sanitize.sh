#!/usr/bin/env bash
# Every registered kernel under compute-sanitizer: memcheck, racecheck, synccheck and initcheck,
# at 33x65, 1x1000 and 4099x7919, for every element type, in the loop-over-kernel and
# loop-in-kernel modes (reps 2, so the in-kernel loop runs twice and its barriers matter).
# One compute-sanitizer run per tool x size, each limited to TB_SANITIZE_TIMEOUT seconds (300);
# a run that does not finish is reported as not run. Logs go to $1 (default ./sanitize-logs);
# a one-line summary per tool and size is printed, and the exit code is 1 on any error.
set -uo pipefail
logs=$(realpath -m "${1:-sanitize-logs}") # before the cd below
cd "$(dirname "$0")/.."
bin=${TB_BIN:-build/ci/transpose_bench}
mkdir -p "$logs"
limit=${TB_SANITIZE_TIMEOUT:-300}
tools=${TB_SANITIZE_TOOLS:-"memcheck racecheck synccheck initcheck"}
sizes=${TB_SANITIZE_SIZES:-"33x65 1x1000 4099x7919"}
command -v compute-sanitizer >/dev/null || { echo "sanitize: compute-sanitizer not found (it ships with the CUDA toolkit)"; exit 1; }
[ -x "$bin" ] || { echo "sanitize: $bin not built (scripts/test.sh builds it)"; exit 1; }
kernels=$(( $("$bin" --suite all --list | grep -c '^[a-z]') - 1 ))
status=0
for tool in $tools; do
  for size in $sizes; do
    log="$logs/$tool-$size.log"
    start=$(date +%s)
    timeout "$limit" compute-sanitizer --tool "$tool" --error-exitcode 9 "$bin" --suite all \
      --size "$size" --dtype fp32 --dtype fp16 --dtype bf16 --dtype fp64 --dtype u8 \
      --modes loop-over-kernel --modes loop-in-kernel --reps 2 --samples 1 \
      --csv "$logs/$tool-$size.csv" --force >"$log" 2>&1
    rc=$?
    summary=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$log" | tail -1 | sed 's/^=* *//')
    took=$(( $(date +%s) - start ))
    if [ $rc -eq 124 ]; then
      echo "$tool $size: NOT RUN to the end (over ${limit} s)"; status=1
    elif [ $rc -ne 0 ]; then
      echo "$tool $size: FAILED (exit $rc): $summary"; status=1
    else
      checked=$(grep -c ',true,ok,' "$logs/$tool-$size.csv")
      echo "$tool $size: ok, $checked cases validated ($kernels kernels x 5 types x 2 modes, less those a kernel does not support), ${took} s: $summary"
    fi
  done
done
exit $status
