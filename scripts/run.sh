#!/usr/bin/env bash
# The main job: install what is missing, build the release preset, and run transpose_bench.
# Any arguments go to transpose_bench (none: the whitepaper's table on this GPU).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/deps.sh
tb_deps bench
cmake --preset release >/dev/null
cmake --build --preset release
exec ./build/release/transpose_bench "$@"
