#include "harness/expected.hpp"

#include <algorithm>
#include <cstring>
#include <stdexcept>

namespace tb {

Shape output_shape(Output o, Shape in) {
  switch (o) {
  case Output::copy:
  case Output::fine_grained:
    return in;
  case Output::transpose:
  case Output::coarse_grained:
    return {in.cols, in.rows};
  }
  return in;
}

std::int64_t source_index(Output o, int tile, Shape in, std::int64_t r, std::int64_t c) {
  const std::int64_t t = tile;
  auto at = [&](std::int64_t row, std::int64_t col) -> std::int64_t {
    return (row < in.rows && col < in.cols) ? row * in.cols + col : -1;
  };
  switch (o) {
  case Output::copy:
    return at(r, c);
  case Output::transpose:
    return at(c, r);
  case Output::fine_grained: {
    // Same tile position; inside the tile, local (a, b) holds the input's local (b, a).
    const std::int64_t y0 = r / t * t, x0 = c / t * t;
    return at(y0 + (c - x0), x0 + (r - y0));
  }
  case Output::coarse_grained: {
    // Output tile (R/t, C/t) holds input tile (C/t, R/t), not transposed inside.
    const std::int64_t oy0 = r / t * t, ox0 = c / t * t;
    return at(ox0 + (r - oy0), oy0 + (c - ox0));
  }
  }
  return -1;
}

namespace {

// The transpose with typed element moves, blocked so both sides stay in cache.
template <typename U> void transpose_typed(const unsigned char* in, unsigned char* out, Shape s) {
  const U* src = reinterpret_cast<const U*>(in);
  U* dst = reinterpret_cast<U*>(out);
  constexpr std::int64_t B = 64;
  for (std::int64_t rb = 0; rb < s.rows; rb += B)
    for (std::int64_t cb = 0; cb < s.cols; cb += B)
      for (std::int64_t r = rb; r < std::min(rb + B, s.rows); ++r)
        for (std::int64_t c = cb; c < std::min(cb + B, s.cols); ++c)
          dst[c * s.rows + r] = src[r * s.cols + c];
}

} // namespace

Bytes expected_output(Output o, int tile, Shape in, std::size_t es, const Bytes& input) {
  if (input.size() != static_cast<std::size_t>(in.elements()) * es)
    throw std::invalid_argument("expected_output: input size does not match shape");
  const Shape out = output_shape(o, in);
  if (o == Output::copy) return input;
  Bytes result(static_cast<std::size_t>(out.elements()) * es, 0);
  if (o == Output::transpose && (es == 1 || es == 2 || es == 4 || es == 8)) {
    switch (es) {
    case 1:
      transpose_typed<std::uint8_t>(input.data(), result.data(), in);
      break;
    case 2:
      transpose_typed<std::uint16_t>(input.data(), result.data(), in);
      break;
    case 4:
      transpose_typed<std::uint32_t>(input.data(), result.data(), in);
      break;
    case 8:
      transpose_typed<std::uint64_t>(input.data(), result.data(), in);
      break;
    }
    return result;
  }
  // Blocked traversal keeps the strided side of the transpose in cache.
  constexpr std::int64_t B = 64;
  for (std::int64_t rb = 0; rb < out.rows; rb += B)
    for (std::int64_t cb = 0; cb < out.cols; cb += B)
      for (std::int64_t r = rb; r < std::min(rb + B, out.rows); ++r)
        for (std::int64_t c = cb; c < std::min(cb + B, out.cols); ++c) {
          const std::int64_t src = source_index(o, tile, in, r, c);
          if (src >= 0) std::memcpy(&result[(r * out.cols + c) * es], &input[src * es], es);
        }
  return result;
}

Mismatch compare_output(const Bytes& expected, const Bytes& actual, Shape out, std::size_t es) {
  if (expected.size() != actual.size())
    throw std::invalid_argument("compare_output: buffers differ in size");
  Mismatch m;
  const std::size_t row_bytes = static_cast<std::size_t>(out.cols) * es;
  for (std::int64_t r = 0; r < out.rows; ++r) {
    const unsigned char* e = expected.data() + r * row_bytes;
    const unsigned char* a = actual.data() + r * row_bytes;
    if (std::memcmp(e, a, row_bytes) == 0) continue;
    for (std::int64_t c = 0; c < out.cols; ++c) {
      if (std::memcmp(e + c * es, a + c * es, es) != 0) {
        if (m.count == 0) {
          m.first_row = r;
          m.first_col = c;
        }
        ++m.count;
      }
    }
  }
  return m;
}

} // namespace tb
