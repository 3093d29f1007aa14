#!/usr/bin/env bash
# Builds and runs every test: host tests always; device tests and the smoke run of the real
# executable run on a GPU and are reported as skipped (with the reason) without one. Then the
# host and command-line tests again, built under AddressSanitizer and UBSan (preset asan), and
# the fuzz targets for a minute each (scripts/fuzz.sh).
# Arguments go to the first ctest call.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
tb_deps test
cmake --preset ci
cmake --build --preset ci
ctest --preset ci "$@"
if [ "${TB_SKIP_ASAN:-0}" != 1 ]; then
  cmake --preset asan >/dev/null
  cmake --build --preset asan
  ctest --preset asan
fi
# The CSV readers and the config loader under libFuzzer, TB_FUZZ_SECONDS (60) each.
if [ "${TB_SKIP_FUZZ:-0}" != 1 ]; then scripts/fuzz.sh; fi
