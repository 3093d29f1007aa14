#!/usr/bin/env bash
# The standard benchmark plan on this machine's GPU, the way the files in results/ are made:
# builds (preset ci), runs every test, then each config, and compute-sanitizer over every kernel.
#
#   scripts/gpu-suite.sh [-o OUTDIR] [--force] [CONFIG...]
#
# CONFIG: names of files in configs/ (default: whitepaper whitepaper-16384 all-kernels best
# sweep-square sweep-shapes). OUTDIR (default results/<gpu>, e.g. results/h200) receives, per
# config NAME: NAME.csv, NAME.md (the tables), NAME.txt (the console output) and NAME.cmd (the
# command); test.log (the tests); sanitize-summary.txt (one line per tool and size; the full
# logs go to build/sanitize-logs). An existing file is never overwritten without --force.
# Environment: TB_SKIP_TESTS=1 builds without running the tests (they ran already on this
# build); TB_SANITIZE=0 skips compute-sanitizer; TB_SANITIZE_SIZES etc. go to
# scripts/sanitize.sh; TB_REVISION names the revision where the tree is not a git checkout.
# Prints a short summary last; exits non-zero if a test, a run or the sanitizer failed.
set -uo pipefail
cd "$(dirname "$0")/.."

out="" force=0 configs=()
while [ $# -gt 0 ]; do
  case $1 in
  -o) out=${2:?"-o needs a folder"}; shift 2 ;;
  --force) force=1; shift ;;
  -h | --help) sed -n '2,15p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
  -*) echo "gpu-suite: unknown option '$1'; accepted: -o OUTDIR, --force, config names" >&2; exit 2 ;;
  *) configs+=("$1"); shift ;;
  esac
done
[ ${#configs[@]} -gt 0 ] ||
  configs=(whitepaper whitepaper-16384 all-kernels best sweep-square sweep-shapes)
for c in "${configs[@]}"; do
  [ -f "configs/$c.toml" ] || { echo "gpu-suite: no config 'configs/$c.toml'; accepted: $(ls configs | sed 's/\.toml$//' | tr '\n' ' ')" >&2; exit 2; }
done
command -v nvidia-smi >/dev/null && nvidia-smi -L >/dev/null 2>&1 ||
  { echo "gpu-suite: no NVIDIA GPU visible (nvidia-smi -L failed); this script measures one" >&2; exit 3; }
gpu=$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)
slug=$(echo "$gpu" | tr '[:upper:]' '[:lower:]' | sed -e 's/^nvidia //' -e 's/[^a-z0-9]\+/-/g' -e 's/-$//')
out=${out:-results/$slug}
mkdir -p "$out" || exit 2
if [ $force -eq 0 ]; then
  for c in "${configs[@]}"; do
    for f in "$out/$c.csv" "$out/$c.md" "$out/$c.txt" "$out/$c.cmd"; do
      [ -e "$f" ] && { echo "gpu-suite: '$f' exists; accepted: --force to replace it, or -o another folder" >&2; exit 2; }
    done
  done
fi
revision=${TB_REVISION:-$(git describe --always --dirty --abbrev=12 2>/dev/null || echo unknown)}
export TB_REVISION=$revision
summary=$(mktemp)
note() { echo "$*" | tee -a "$summary"; }
note "GPU: $gpu; revision $revision; $(date -u +%Y-%m-%dT%H:%M:%SZ)"
status=0

# Build and test. The sanitizer build and the fuzzers are host-only (scripts/test.sh runs them).
start=$(date +%s)
if [ "${TB_SKIP_TESTS:-0}" = 1 ]; then
  { . scripts/deps.sh && TB_SKIP_FUZZ=1 tb_deps test && cmake --preset ci && cmake --build --preset ci; } >"$out/build.log" 2>&1
  rc=$?
  [ $rc -eq 0 ] || status=1
  note "build: exit $rc in $(($(date +%s) - start)) s (tests not run: TB_SKIP_TESTS=1)"
else
  TB_SKIP_ASAN=1 TB_SKIP_FUZZ=1 scripts/test.sh >"$out/test.log" 2>&1
  rc=$?
  [ $rc -eq 0 ] || status=1
  note "tests: exit $rc in $(($(date +%s) - start)) s: $(grep -E 'tests passed|tests failed' "$out/test.log" | tail -1)"
fi
bin=build/ci/transpose_bench
[ -x "$bin" ] || { note "no binary built; see $out/test.log"; cat "$summary"; exit 1; }

for c in "${configs[@]}"; do
  cmd=(transpose_bench --config "configs/$c.toml" --csv "$out/$c.csv" --markdown "$out/$c.md")
  [ $force -eq 1 ] && cmd+=(--force)
  echo "${cmd[*]}" >"$out/$c.cmd"
  start=$(date +%s)
  "$bin" "${cmd[@]:1}" >"$out/$c.txt" 2>&1
  rc=$?
  [ $rc -eq 0 ] || status=1
  note "$c: exit $rc in $(($(date +%s) - start)) s"
done

if [ "${TB_SANITIZE:-1}" != 0 ]; then
  logs=build/sanitize-logs
  TB_BIN=$bin scripts/sanitize.sh "$logs" >"$out/sanitize-summary.txt" 2>&1
  rc=$?
  [ $rc -eq 0 ] || status=1
  note "compute-sanitizer: exit $rc (full logs in $logs)"
  sed 's/^/  /' "$out/sanitize-summary.txt" | tee -a "$summary"
fi

echo "=== summary"
cat "$summary"
rm -f "$summary"
exit $status
