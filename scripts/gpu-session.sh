#!/usr/bin/env bash
# One call on a lent GPU: build, run every test, then the benchmarks, with full logs under
# $OUT (default ./gpu-out) and a short summary printed last. Extra arguments are appended to
# the benchmark runs. The runs are listed in scripts/gpu-runs.txt (or the file in $TB_RUNS).
set -uo pipefail
cd "$(dirname "$0")/.."
# At most a few files come back from a lent machine: everything is written under $out and
# packed into $final/bundle.tgz at the end, beside summary.txt.
final=${OUT:-$PWD/gpu-out}
out=$final/work
mkdir -p "$out"
nvidia-smi >"$out/nvidia-smi.txt" 2>&1
slug=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1 | tr '[:upper:]' '[:lower:]' |
  sed -e 's/^nvidia //' -e 's/[^a-z0-9]\+/-/g' -e 's/-$//')
echo "gpu slug: $slug" | tee "$out/summary.txt"

# The revision for the CSV rows (CMakeLists.txt): the one written just before the call.
[ -s .tb-revision ] && export TB_REVISION="$(head -1 .tb-revision)"
start=$(date +%s)
if [ "${TB_SKIP_TESTS:-0}" = 1 ]; then # build only: the tests ran in an earlier call
  export TB_SKIP_FUZZ=1
  . scripts/deps.sh && tb_deps && cmake --preset ci >"$out/test.log" 2>&1 && cmake --build --preset ci >>"$out/test.log" 2>&1
else
  # The sanitizer build and the fuzzers are host-only and run in CI; here only the GPU matters.
  TB_SKIP_ASAN=1 TB_SKIP_FUZZ=1 scripts/test.sh >"$out/test.log" 2>&1
fi
test_rc=$?
bin=./build/ci/transpose_bench
echo "tests: exit $test_rc ($(($(date +%s) - start)) s): $(grep -E 'tests passed|tests failed' "$out/test.log" | tail -1)" | tee -a "$out/summary.txt"

run() { # NAME ARGS...: one benchmark run, table to NAME.txt, CSV and Markdown beside it
  local name=$1; shift
  echo "\$ transpose_bench $* --csv results/$slug/$name.csv --markdown results/$slug/$name.md" >"$out/$name.cmd"
  "$bin" "$@" --csv "$out/$name.csv" --markdown "$out/$name.md" >"$out/$name.txt" 2>"$out/$name.err"
  echo "$name: exit $?" | tee -a "$out/summary.txt"
}
runs=${TB_RUNS:-scripts/gpu-runs.txt}
if [ -x "$bin" ]; then
  root=$PWD
  while IFS='|' read -r name args; do
    name=$(echo "$name" | xargs)
    [ -z "$name" ] || [ "${name:0:1}" = "#" ] && continue
    if [ "${name:0:1}" = "!" ]; then # a post-processing command, run in the output folder
      (cd "$out" && bin="$root/$bin" root="$root" bash -c "${name:1}${args:+|$args}") >>"$out/post.log" 2>&1
      echo "post: ${name:1}${args:+|$args}: exit $?" | tee -a "$out/summary.txt"
      continue
    fi
    # shellcheck disable=SC2086
    run "$name" $args "$@"
  done <"$runs"
  if command -v compute-sanitizer >/dev/null; then
    for tool in memcheck racecheck; do
      compute-sanitizer --tool $tool --error-exitcode 9 "$bin" --suite all --size 33x65 --reps 2 \
        --samples 1 >"$out/sanitize-$tool.log" 2>&1
      echo "compute-sanitizer $tool, all kernels, 33x65 fp32: exit $? ($(grep -E 'ERROR SUMMARY|RACECHECK SUMMARY' "$out/sanitize-$tool.log" | tail -1))" | tee -a "$out/summary.txt"
    done
  fi
fi
# Machine code of every kernel, for checking access widths and local memory without device time.
command -v cuobjdump >/dev/null && cuobjdump --dump-sass "$bin" >"$out/kernels.sass" 2>&1
echo "=== failed tests"; grep -E "^\s+[0-9]+ - .*\(Failed\)|\*\*\*Failed" "$out/test.log" | head -20
for f in "$out"/*.txt; do
  case $f in */summary.txt | */nvidia-smi.txt | */sweep-*.txt) continue ;; esac
  echo "=== $(basename "$f" .txt)"; cut -c1-160 "$f" | head -60
done
echo "=== summary"; cat "$out/summary.txt"
cp "$out/summary.txt" "$final/summary.txt"
tar czf "$final/bundle.tgz" -C "$out" . && rm -rf "$out"
