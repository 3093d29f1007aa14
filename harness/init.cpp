#include "harness/init.hpp"

#include <cstring>

namespace tb {
namespace {

struct SplitMix64 {
  std::uint64_t state;
  std::uint64_t next() {
    std::uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
};

// A normal (finite, non-zero) float bit pattern: random sign and mantissa, exponent in [1, max-1].
template <typename U> U normal_bits(std::uint64_t r, int exp_bits, int mant_bits) {
  const std::uint64_t exp_max = (1ull << exp_bits) - 1; // all-ones exponent: inf/NaN, excluded
  const std::uint64_t mant = r & ((1ull << mant_bits) - 1);
  const std::uint64_t exp = 1 + (r >> mant_bits) % (exp_max - 1);
  const std::uint64_t sign = (r >> 63) & 1;
  return static_cast<U>((sign << (exp_bits + mant_bits)) | (exp << mant_bits) | mant);
}

} // namespace

Bytes random_input(DType t, std::int64_t n, std::uint64_t seed) {
  const std::size_t es = dtype_size(t);
  Bytes out(static_cast<std::size_t>(n) * es);
  SplitMix64 rng{seed};
  for (std::int64_t i = 0; i < n; ++i) {
    const std::uint64_t r = rng.next();
    unsigned char* p = &out[static_cast<std::size_t>(i) * es];
    switch (t) {
    case DType::fp32: {
      auto v = normal_bits<std::uint32_t>(r, 8, 23);
      std::memcpy(p, &v, 4);
      break;
    }
    case DType::fp64: {
      auto v = normal_bits<std::uint64_t>(r, 11, 52);
      std::memcpy(p, &v, 8);
      break;
    }
    case DType::fp16: {
      auto v = normal_bits<std::uint16_t>(r, 5, 10);
      std::memcpy(p, &v, 2);
      break;
    }
    case DType::bf16: {
      auto v = normal_bits<std::uint16_t>(r, 8, 7);
      std::memcpy(p, &v, 2);
      break;
    }
    case DType::u8:
      *p = static_cast<unsigned char>(1 + r % 254);
      break; // 1..254
    }
  }
  return out;
}

} // namespace tb
