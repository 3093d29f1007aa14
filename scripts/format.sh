#!/usr/bin/env bash
# Formats every C++ and CUDA source with clang-format (.clang-format: LLVM style, 100 columns);
# with --check, changes nothing and fails listing the files that are not formatted.
# The tree is formatted with clang-format 14 (Debian 12's); other major versions break lines
# differently, so --check skips (exit 77, with the reason) under them rather than fail.
set -uo pipefail
cd "$(dirname "$0")/.."
want=14
fmt=$(command -v "clang-format-$want" || command -v clang-format || true)
if [ -z "$fmt" ]; then
  echo "skipped: clang-format not found (Debian/Ubuntu: apt-get install clang-format)"
  exit 77
fi
have=$("$fmt" --version | sed -n 's/.*version \([0-9]*\).*/\1/p')
files=$(git ls-files '*.cpp' '*.hpp' '*.cu' '*.cuh' 2>/dev/null || find harness kernels tests -name '*.c[pu]*' -o -name '*.[hc]uh' -o -name '*.hpp')
if [ "${1:-}" = --check ]; then
  if [ "$have" != "$want" ]; then
    echo "skipped: clang-format $have formats differently from $want, which the tree is formatted with"
    exit 77
  fi
  bad=$(for f in $files; do "$fmt" --dry-run --Werror "$f" >/dev/null 2>&1 || echo "$f"; done)
  if [ -n "$bad" ]; then
    echo "not formatted (run scripts/format.sh):"
    echo "$bad"
    exit 1
  fi
  echo "ok: $(echo "$files" | wc -w) files formatted (clang-format $have)"
  exit 0
fi
# shellcheck disable=SC2086
"$fmt" -i $files
