#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (tests/fuzz) and runs each for TB_FUZZ_SECONDS
# (default 60) from the committed seed corpus in tests/fuzz/corpus. New inputs go to a scratch
# folder, so the checkout is not modified; a crash is saved there and reported, exit 1.
set -euo pipefail
cd "$(dirname "$0")/.."
seconds=${TB_FUZZ_SECONDS:-60}
if ! command -v clang++ >/dev/null 2>&1; then
  echo "fuzz: clang++ not found; on Debian/Ubuntu: apt-get install clang libclang-rt-dev" >&2
  exit 1
fi
CXX=clang++ cmake -S tests/fuzz -B build/fuzz -G Ninja -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build build/fuzz
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
status=0
for target in csv config; do
  mkdir -p "$scratch/$target"
  if ! (cd "$scratch" && "$OLDPWD/build/fuzz/fuzz_$target" -max_total_time="$seconds" -timeout=10 \
          -rss_limit_mb=2048 -print_final_stats=1 "$scratch/$target" "$OLDPWD/tests/fuzz/corpus/$target" \
          >"$scratch/$target.log" 2>&1); then
    echo "fuzz_$target: FAILED"; tail -40 "$scratch/$target.log"; status=1
  else
    echo "fuzz_$target: ok, $(grep -E 'stat::number_of_executed_units' "$scratch/$target.log" | awk '{print $2}') inputs in ${seconds} s"
  fi
done
exit $status
