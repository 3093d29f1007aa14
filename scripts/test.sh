#!/usr/bin/env bash
# Builds and runs every test: host tests always; device tests and the smoke run of the real
# executable run on a GPU and are reported as skipped (with the reason) without one.
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
tb_deps
cmake --preset ci
cmake --build --preset ci
ctest --preset ci "$@"
