#include "harness/core/dtype.hpp"
#include "harness/core/shape.hpp"
#include "harness/init.hpp"

#include <gtest/gtest.h>

#include <cstring>

using namespace tb;

TEST(Shape, ParsesRowsByColsAndSquare) {
  EXPECT_EQ(parse_shape("2048x1024"), (Shape{2048, 1024}));
  EXPECT_EQ(parse_shape("33X65"), (Shape{33, 65}));
  EXPECT_EQ(parse_shape("4096"), (Shape{4096, 4096}));
  EXPECT_EQ(parse_shape("1x1000").elements(), 1000);
  EXPECT_EQ(to_string(Shape{4099, 7919}), "4099x7919");
}

static std::string shape_error(const char* text) {
  try {
    parse_shape(text);
  } catch (const std::invalid_argument& e) {
    return e.what();
  }
  return "no error";
}

TEST(Shape, RejectsBadSizesWithOneLineNamingValueAndAccepted) {
  for (const char* bad :
       {"0", "0x5", "-1", "5x-1", "abc", "12a", "x5", "5x", "", "2.5x3", "3000000000x2", "1e3"}) {
    const std::string msg = shape_error(bad);
    EXPECT_NE(msg, "no error") << bad;
    EXPECT_NE(msg.find(std::string("'") + bad + "'"), std::string::npos) << msg;
    EXPECT_NE(msg.find("accepted: ROWSxCOLS or N"), std::string::npos) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
  }
}

TEST(DType, NamesSizesAndParsing) {
  EXPECT_EQ(dtype_size(DType::fp32), 4u);
  EXPECT_EQ(dtype_size(DType::fp16), 2u);
  EXPECT_EQ(dtype_size(DType::bf16), 2u);
  EXPECT_EQ(dtype_size(DType::fp64), 8u);
  EXPECT_EQ(dtype_size(DType::u8), 1u);
  for (DType t : kAllDTypes) EXPECT_EQ(parse_dtype(dtype_name(t)), t);
  EXPECT_EQ(parse_dtype("float"), DType::fp32);
  EXPECT_FALSE(parse_dtype("fp8").has_value());
  EXPECT_EQ(dtype_choices(), "fp32, fp16, bf16, fp64, u8");
}

// Inputs must be distinguishable from poison and from the partial kernels' zero fill, and be
// finite so that no NaN payload games can hide a wrong element.
TEST(RandomInput, NeverPoisonNeverZeroAlwaysFinite) {
  for (DType t : kAllDTypes) {
    const std::size_t es = dtype_size(t);
    const Bytes in = random_input(t, 100000, 42);
    ASSERT_EQ(in.size(), 100000 * es);
    std::size_t distinct_firsts = 0;
    for (std::size_t i = 0; i < 100000; ++i) {
      const unsigned char* p = &in[i * es];
      bool all_poison = true, all_zero = true;
      for (std::size_t b = 0; b < es; ++b) {
        all_poison &= p[b] == kPoisonByte;
        all_zero &= p[b] == 0;
      }
      EXPECT_FALSE(all_poison);
      EXPECT_FALSE(all_zero);
      if (t == DType::fp32) {
        std::uint32_t v;
        std::memcpy(&v, p, 4);
        EXPECT_NE((v >> 23) & 0xFF, 0xFFu);
        EXPECT_NE((v >> 23) & 0xFF, 0u);
      }
      if (t == DType::fp16) {
        std::uint16_t v;
        std::memcpy(&v, p, 2);
        EXPECT_NE((v >> 10) & 0x1F, 0x1Fu);
      }
      if (i > 0 && std::memcmp(p, p - es, es) != 0) ++distinct_firsts;
    }
    EXPECT_GT(distinct_firsts, 90000u) << dtype_name(t); // not constant
  }
  EXPECT_NE(random_input(DType::fp32, 16, 1), random_input(DType::fp32, 16, 2));
}
