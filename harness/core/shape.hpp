// A matrix shape: rows x cols, row-major. The transpose of a rows x cols matrix is cols x rows.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace tb {

struct Shape {
  std::int64_t rows = 0;
  std::int64_t cols = 0;
  std::int64_t elements() const { return rows * cols; }
  bool operator==(const Shape& o) const { return rows == o.rows && cols == o.cols; }
  bool operator!=(const Shape& o) const { return !(*this == o); }
};

// Largest extent a kernel index may take: kernels index with 32-bit ints per dimension.
inline constexpr std::int64_t kMaxExtent = 2147483647;

// Parses "ROWSxCOLS" or "N" (square). Throws std::invalid_argument with a one-line message that
// names the bad value and what is accepted.
Shape parse_shape(std::string_view text);
std::string to_string(const Shape& s);

} // namespace tb
