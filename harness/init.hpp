// Input data and output poison. Inputs are random, finite and non-zero for every element type,
// and never equal the poison pattern, so an output element the kernel did not write (still
// poison) or wrote from the wrong place cannot pass validation by accident.
#pragma once

#include "harness/core/dtype.hpp"
#include "harness/expected.hpp"

#include <cstdint>

namespace tb {

inline constexpr unsigned char kPoisonByte = 0xFF; // all-ones: NaN for floats, 255 for u8

Bytes random_input(DType t, std::int64_t elements, std::uint64_t seed);

} // namespace tb
