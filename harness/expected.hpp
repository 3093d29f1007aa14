// Exact host reference for every kind of kernel output. Works on raw element bytes, so it is
// exact for every element type (bit patterns, no tolerances).
#pragma once

#include "harness/core/kernel_spec.hpp"
#include "harness/core/shape.hpp"

#include <cstdint>
#include <vector>

namespace tb {

using Bytes = std::vector<unsigned char>;

// Shape of the output buffer for an input of shape `in`.
Shape output_shape(Output o, Shape in);

// Flat input index of the element that output position (r, c) must hold, or -1 where the kernel
// must write zero (edge tiles of the partial kernels). `tile` is the kernel's tile edge.
std::int64_t source_index(Output o, int tile, Shape in, std::int64_t r, std::int64_t c);

// The whole expected output.
Bytes expected_output(Output o, int tile, Shape in, std::size_t elem_size, const Bytes& input);

struct Mismatch {
  std::int64_t count = 0;      // elements that differ
  std::int64_t first_row = -1; // first differing element (output coordinates)
  std::int64_t first_col = -1;
  bool ok() const { return count == 0; }
};

Mismatch compare_output(const Bytes& expected, const Bytes& actual, Shape out_shape,
                        std::size_t elem_size);

} // namespace tb
