#!/usr/bin/env bash
# probes.sh SOURCE_DIR NVCC: every standalone probe in docs/probes compiles for sm_90 as its
# header says to build it. Some include the product's kernel headers (in-flight.cu runs the
# 16-byte tile itself), so a change there that breaks a probe shows here, not on a GPU later.
set -u
src=$1 nvcc=$2
out=$(mktemp -d)
trap 'rm -rf "$out"' EXIT
n=0
for f in "$src"/docs/probes/*.cu; do
  "$nvcc" -O3 -arch=sm_90 -std=c++17 --expt-relaxed-constexpr -I"$src" -c "$f" -o "$out/p.o" \
    >"$out/log" 2>&1 || { echo "FAIL: $f does not compile:"; cat "$out/log"; exit 1; }
  n=$((n + 1))
done
[[ $n -gt 0 ]] || { echo "FAIL: no probe found under $src/docs/probes"; exit 1; }
echo "ok: $n probes compile"
