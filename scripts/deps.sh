#!/usr/bin/env bash
# Makes sure what a build needs is present. On Debian/Ubuntu, missing packages are installed
# with apt-get (as root, or through sudo); elsewhere the script says what to install. Sourced
# by run.sh (tb_deps bench: the benchmark alone) and test.sh (tb_deps test: the benchmark, the
# tests, the fuzzers and the format check); puts the CUDA toolkit's bin folder on PATH.
set -u

tb_have_cmake_package() { # NAME: a CMake package config file exists in a usual prefix
  local name=$1 lower
  lower=$(echo "$1" | tr '[:upper:]' '[:lower:]')
  for prefix in /usr /usr/local /opt ${CMAKE_PREFIX_PATH:+${CMAKE_PREFIX_PATH//:/ }}; do
    [ -d "$prefix" ] || continue
    if find "$prefix" -maxdepth 6 \( -name "${name}Config.cmake" -o -name "${lower}-config.cmake" \) \
         -print -quit 2>/dev/null | grep -q .; then return 0; fi
  done
  return 1
}

tb_deps() { # bench | test
  local what=${1:-test}
  if ! command -v nvcc >/dev/null 2>&1; then
    for d in /usr/local/cuda/bin /usr/local/cuda-*/bin /opt/cuda/bin; do
      if [ -x "$d/nvcc" ]; then export PATH="$d:$PATH"; break; fi
    done
  fi
  local missing=() tools=()
  command -v cmake >/dev/null 2>&1 || missing+=(cmake)
  command -v ninja >/dev/null 2>&1 || missing+=(ninja-build)
  command -v g++ >/dev/null 2>&1 || missing+=(g++)
  tb_have_cmake_package benchmark || missing+=(libbenchmark-dev)
  tb_have_cmake_package fmt || missing+=(libfmt-dev)
  tb_have_cmake_package CLI11 || missing+=(libcli11-dev)
  [ "$what" = test ] && { tb_have_cmake_package GTest || missing+=(libgtest-dev); }
  # The format check (scripts/format.sh) skips, saying so, where clang-format cannot be had:
  # installed when it can be, never required.
  local optional=()
  [ "$what" = test ] && { command -v clang-format >/dev/null 2>&1 || optional+=(clang-format); }
  # The fuzz targets (scripts/fuzz.sh): clang with its libFuzzer runtime.
  if [ "$what" = test ] && [ "${TB_SKIP_FUZZ:-0}" != 1 ]; then
    command -v clang++ >/dev/null 2>&1 || missing+=(clang)
    ls /usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1 ||
      ls /usr/lib/llvm-*/lib/clang/*/lib/*/libclang_rt.fuzzer.a >/dev/null 2>&1 || missing+=(libclang-rt-dev)
  fi
  # scripts/plot.py (and its test) need matplotlib for the python3 on PATH.
  local need_pip_matplotlib=0
  if [ "$what" = test ] && ! python3 -c 'import matplotlib' >/dev/null 2>&1; then
    if [ "$(command -v python3)" = /usr/bin/python3 ]; then missing+=(python3-matplotlib); else need_pip_matplotlib=1; fi
  fi
  if [ ${#missing[@]} -gt 0 ]; then
    local sudo=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo="sudo"
    if command -v apt-get >/dev/null 2>&1 && { [ "$(id -u)" -eq 0 ] || [ -n "$sudo" ]; }; then
      echo "deps: installing ${missing[*]}" >&2
      $sudo apt-get update -qq >&2 &&
        DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >&2 ||
        { echo "deps: apt-get could not install: ${missing[*]}; install them and re-run" >&2; return 1; }
    else
      echo "deps: missing ${missing[*]}; on Debian/Ubuntu: sudo apt-get install ${missing[*]}" >&2
      return 1
    fi
  fi
  if [ ${#optional[@]} -gt 0 ] && command -v apt-get >/dev/null 2>&1; then
    local sudo_opt=""
    [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1 && sudo_opt="sudo"
    if [ "$(id -u)" -eq 0 ] || [ -n "$sudo_opt" ]; then
      echo "deps: installing ${optional[*]} (optional)" >&2
      { $sudo_opt apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo_opt apt-get install -y -qq "${optional[@]}"; } >&2 ||
        echo "deps: could not install ${optional[*]}; the tests that need it will say they skipped" >&2
    fi
  fi
  if [ $need_pip_matplotlib -eq 1 ]; then
    echo "deps: installing matplotlib for $(command -v python3) with pip" >&2
    python3 -m pip install --quiet matplotlib >&2 ||
      { echo "deps: could not install matplotlib; run: python3 -m pip install matplotlib" >&2; return 1; }
  fi
  if ! command -v nvcc >/dev/null 2>&1; then
    echo "deps: nvcc not found: install the CUDA Toolkit (12.x or 13.x) from NVIDIA and put its bin/ on PATH" >&2
    return 1
  fi
  # CMake >= 3.24 for presets and 'native' CUDA architectures.
  local v
  v=$(cmake --version | head -1 | sed 's/[^0-9.]*\([0-9]*\.[0-9]*\).*/\1/')
  if [ "$(printf '%s\n3.24\n' "$v" | sort -V | head -1)" != "3.24" ]; then
    echo "deps: CMake $v is too old; 3.24 or newer is needed (pip install cmake, or a newer distribution)" >&2
    return 1
  fi
}
