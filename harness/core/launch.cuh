// Helpers for kernel files: map tb::DType to CUDA element types and turn a kernel's templated
// `run<T>` into the type-erased launch function its registry entry carries.
#pragma once

#include "harness/core/cuda_check.hpp"
#include "harness/core/kernel_spec.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstdint>
#include <stdexcept>
#include <string>

namespace tb {

template <DType D> struct cuda_type;
template <> struct cuda_type<DType::fp32> { using type = float; };
template <> struct cuda_type<DType::fp16> { using type = __half; };
template <> struct cuda_type<DType::bf16> { using type = __nv_bfloat16; };
template <> struct cuda_type<DType::fp64> { using type = double; };
template <> struct cuda_type<DType::u8> { using type = std::uint8_t; };

template <DType... Ds> struct dtype_list {
  static std::vector<DType> values() { return {Ds...}; }
};
using all_dtypes = dtype_list<DType::fp32, DType::fp16, DType::bf16, DType::fp64, DType::u8>;

// K::template run<T>(const LaunchArgs&) for the T matching args.dtype.
template <class K, DType... Ds> void dispatch(const LaunchArgs& a, dtype_list<Ds...>) {
  const bool done =
      ((a.dtype == Ds ? (K::template run<typename cuda_type<Ds>::type>(a), true) : false) || ...);
  if (!done)
    throw std::invalid_argument("element type " + std::string(dtype_name(a.dtype)) +
                                " not supported by this kernel");
}

// Fills spec.launch and spec.dtypes from K and a dtype list.
template <class K, class List = all_dtypes> void set_launch(KernelSpec& spec) {
  spec.dtypes = List::values();
  spec.launch = [](const LaunchArgs& a) { dispatch<K>(a, List{}); };
}

inline unsigned ceil_div(long long a, long long b) { return static_cast<unsigned>((a + b - 1) / b); }

// Grid of tile x tile blocks over a rows x cols matrix (x runs along columns). Throws if the
// grid exceeds the hardware limits (y at most 65535 blocks).
inline dim3 tile_grid(const LaunchArgs& a, int tile_x, int tile_y) {
  dim3 g(ceil_div(a.cols, tile_x), ceil_div(a.rows, tile_y));
  if (g.y > 65535u)
    throw std::invalid_argument("matrix has too many rows for a 2-D grid of " +
                                std::to_string(tile_y) + "-row tiles");
  return g;
}

} // namespace tb
