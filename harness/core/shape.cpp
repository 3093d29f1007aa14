#include "harness/core/shape.hpp"

#include "harness/core/text.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace tb {
namespace {

[[noreturn]] void bad(std::string_view text, std::string_view why) {
  throw std::invalid_argument(
      fmt::format("invalid size '{}': {}; accepted: ROWSxCOLS or N, positive integers up to {} "
                  "(e.g. 2048x2048, 4099x7919, 8192)",
                  shown(std::string(text)), why, kMaxExtent));
}

std::int64_t parse_extent(std::string_view whole, std::string_view part) {
  if (part.empty()) bad(whole, "missing number");
  if (part.front() == '-') bad(whole, "negative extent");
  std::int64_t v = 0;
  for (char c : part) {
    if (c < '0' || c > '9')
      bad(whole, fmt::format("'{}' is not a whole number", shown(std::string(part))));
    v = v * 10 + (c - '0');
    if (v > kMaxExtent) bad(whole, "extent too large");
  }
  if (v == 0) bad(whole, "extent must be at least 1");
  return v;
}

} // namespace

Shape parse_shape(std::string_view text) {
  auto x = text.find_first_of("xX");
  if (x == std::string_view::npos) {
    auto n = parse_extent(text, text);
    return {n, n};
  }
  return {parse_extent(text, text.substr(0, x)), parse_extent(text, text.substr(x + 1))};
}

std::string to_string(const Shape& s) {
  return fmt::format("{}x{}", s.rows, s.cols);
}

} // namespace tb
