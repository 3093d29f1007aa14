#!/usr/bin/env bash
# Every registered kernel under compute-sanitizer: memcheck, racecheck, synccheck and initcheck,
# at 33x65, 1x1000 and 4099x7919, for every element type, in the loop-over-kernel and
# loop-in-kernel modes (reps 2, so the in-kernel loop runs twice and its barriers matter).
# racecheck runs at the sizes in TB_RACECHECK_SIZES only (default 33x65 66x67 1x1000): at
# 4099x7919 it needs over 6 minutes per element type on an H200.
# One compute-sanitizer run per tool x size x element type, each limited to TB_SANITIZE_TIMEOUT
# seconds (300); a run that does not finish is reported as not run. Logs go to $1 (default ./sanitize-logs);
# a one-line summary per tool and size is printed, and the exit code is 1 on any error.
set -uo pipefail
logs=$(realpath -m "${1:-sanitize-logs}") # before the cd below
cd "$(dirname "$0")/.."
bin=${TB_BIN:-build/ci/transpose_bench}
mkdir -p "$logs"
limit=${TB_SANITIZE_TIMEOUT:-300}
# Lists may be separated by spaces or commas.
tools=$(echo "${TB_SANITIZE_TOOLS:-memcheck racecheck synccheck initcheck}" | tr ',' ' ')
sizes=$(echo "${TB_SANITIZE_SIZES:-33x65 1x1000 4099x7919}" | tr ',' ' ')
command -v compute-sanitizer >/dev/null || { echo "sanitize: compute-sanitizer not found (it ships with the CUDA toolkit)"; exit 1; }
[ -x "$bin" ] || { echo "sanitize: $bin not built (scripts/test.sh builds it)"; exit 1; }
kernels=$(( $("$bin" --suite all --list | grep -c '^[a-z]') - 1 ))
[ -n "${TB_SANITIZE_KERNELS:-}" ] && kernels=$(echo "$TB_SANITIZE_KERNELS" | tr ',' ' ' | wc -w)
# One compute-sanitizer process per element type, run side by side (TB_SANITIZE_JOBS at a time,
# default 5): the tools are slow at 4099x7919, mostly on the host side.
# TB_SANITIZE_KERNELS: kernel ids (spaces or commas) instead of the whole registry.
selection="--suite all"
[ -n "${TB_SANITIZE_KERNELS:-}" ] && selection="--kernels $(echo "$TB_SANITIZE_KERNELS" | tr ',' ' ')"
dtypes=$(echo "${TB_SANITIZE_DTYPES:-fp32 fp16 bf16 fp64 u8}" | tr ',' ' ')
jobs=${TB_SANITIZE_JOBS:-5}
one() { # TOOL SIZE DTYPE: writes $logs/TOOL-SIZE-DTYPE.{log,csv,rc,took}
  local base="$logs/$1-$2-$3" start
  start=$(date +%s)
  # shellcheck disable=SC2086
  timeout "$limit" compute-sanitizer --tool "$1" --error-exitcode 9 "$bin" $selection \
    --size "$2" --dtype "$3" --modes loop-over-kernel --modes loop-in-kernel --reps 2 --samples 1 \
    --csv "$base.csv" --force >"$base.log" 2>&1
  echo $? >"$base.rc"
  echo $(( $(date +%s) - start )) >"$base.took"
}
status=0
race_sizes=$(echo "${TB_RACECHECK_SIZES:-33x65 66x67 1x1000}" | tr ',' ' ')
for tool in $tools; do
  tool_sizes=$sizes
  [ "$tool" = racecheck ] && tool_sizes=$race_sizes
  for size in $tool_sizes; do
    start=$(date +%s)
    running=0
    for dt in $dtypes; do
      one "$tool" "$size" "$dt" &
      running=$((running + 1))
      if [ "$running" -ge "$jobs" ]; then wait -n; running=$((running - 1)); fi
    done
    wait
    took=$(( $(date +%s) - start ))
    checked=0 errors=0 bad="" summary=""
    for dt in $dtypes; do
      base="$logs/$tool-$size-$dt"
      rc=$(cat "$base.rc")
      s=$(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$base.log" | tail -1 | sed 's/^=* *//')
      n=$(echo "$s" | grep -oE '[0-9]+ (errors|hazards)' | head -1 | grep -oE '^[0-9]+')
      errors=$((errors + ${n:-0}))
      [ -f "$base.csv" ] && checked=$((checked + $(grep -c ',true,ok,' "$base.csv")))
      if [ "$rc" -eq 124 ]; then bad="$bad $dt: not run to the end (over ${limit} s);"
      elif [ "$rc" -ne 0 ]; then bad="$bad $dt: exit $rc ($s);"
      fi
      summary="$s"
    done
    [ "$checked" -eq 0 ] && bad="$bad no case validated (see the logs);"
    if [ -n "$bad" ]; then
      echo "$tool $size: FAILED:$bad $checked cases validated, ${took} s"; status=1
    else
      echo "$tool $size: ok, $checked cases validated ($kernels kernels x $(echo $dtypes | wc -w) types x 2 modes, less those a kernel does not support), ${took} s, $errors errors (last: $summary)"
    fi
  done
done
exit $status
