#include "harness/core/dtype.hpp"

namespace tb {

std::size_t dtype_size(DType t) {
  switch (t) {
  case DType::fp32:
    return 4;
  case DType::fp16:
    return 2;
  case DType::bf16:
    return 2;
  case DType::fp64:
    return 8;
  case DType::u8:
    return 1;
  }
  return 0;
}

std::string_view dtype_name(DType t) {
  switch (t) {
  case DType::fp32:
    return "fp32";
  case DType::fp16:
    return "fp16";
  case DType::bf16:
    return "bf16";
  case DType::fp64:
    return "fp64";
  case DType::u8:
    return "u8";
  }
  return "?";
}

std::optional<DType> parse_dtype(std::string_view s) {
  for (DType t : kAllDTypes)
    if (dtype_name(t) == s) return t;
  // Common spellings users type.
  if (s == "float" || s == "f32") return DType::fp32;
  if (s == "half" || s == "f16") return DType::fp16;
  if (s == "double" || s == "f64") return DType::fp64;
  if (s == "uint8" || s == "i8" || s == "int8") return DType::u8;
  return std::nullopt;
}

std::string dtype_choices() {
  std::string out;
  for (DType t : kAllDTypes) {
    if (!out.empty()) out += ", ";
    out += dtype_name(t);
  }
  return out;
}

} // namespace tb
