// Element types the benchmark moves. Host code knows only a type's name and size; the mapping
// to CUDA types lives in dtype_cuda.cuh, which only device code includes.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

enum class DType { fp32, fp16, bf16, fp64, u8 };

inline constexpr DType kAllDTypes[] = {DType::fp32, DType::fp16, DType::bf16, DType::fp64,
                                       DType::u8};

std::size_t dtype_size(DType t);
// Elements in one 16-byte access: 4 fp32, 8 fp16/bf16, 2 fp64, 16 u8.
inline int elems_per_16_bytes(DType t) {
  return static_cast<int>(16 / dtype_size(t));
}
std::string_view dtype_name(DType t);
std::optional<DType> parse_dtype(std::string_view s);
// "fp32, fp16, bf16, fp64, u8": for error messages.
std::string dtype_choices();

} // namespace tb
