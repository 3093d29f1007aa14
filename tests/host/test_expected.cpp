// The host reference defines what every kernel must write; these tests pin it down by hand.
#include "harness/expected.hpp"

#include <gtest/gtest.h>

#include <cstring>
#include <set>

using namespace tb;

namespace {

// Input whose element i holds the value i (as a 4-byte int), so outputs can be read as indices.
Bytes iota_input(Shape s) {
  Bytes b(s.elements() * 4);
  for (std::int32_t i = 0; i < s.elements(); ++i) std::memcpy(&b[i * 4], &i, 4);
  return b;
}

std::int32_t at(const Bytes& b, Shape s, std::int64_t r, std::int64_t c) {
  std::int32_t v;
  std::memcpy(&v, &b[(r * s.cols + c) * 4], 4);
  return v;
}

} // namespace

TEST(Expected, OutputShapes) {
  const Shape s{3, 5};
  EXPECT_EQ(output_shape(Output::copy, s), (Shape{3, 5}));
  EXPECT_EQ(output_shape(Output::fine_grained, s), (Shape{3, 5}));
  EXPECT_EQ(output_shape(Output::transpose, s), (Shape{5, 3}));
  EXPECT_EQ(output_shape(Output::coarse_grained, s), (Shape{5, 3}));
}

TEST(Expected, CopyAndTransposeOnOddShapes) {
  for (Shape s : {Shape{33, 65}, Shape{1, 1000}, Shape{1000, 1}, Shape{7, 3}}) {
    const Bytes in = iota_input(s);
    const Bytes copy = expected_output(Output::copy, 32, s, 4, in);
    EXPECT_EQ(copy, in);
    const Bytes t = expected_output(Output::transpose, 32, s, 4, in);
    const Shape ts = output_shape(Output::transpose, s);
    for (std::int64_t r = 0; r < ts.rows; ++r)
      for (std::int64_t c = 0; c < ts.cols; ++c)
        ASSERT_EQ(at(t, ts, r, c), c * s.cols + r) << r << "," << c;
  }
}

TEST(Expected, TransposeWorksForEveryElementSize) {
  const Shape s{3, 2}; // in = [[a b] [c d] [e f]] -> out = [[a c e] [b d f]]
  for (std::size_t es : {1u, 2u, 4u, 8u}) {
    Bytes in(6 * es);
    for (std::size_t i = 0; i < in.size(); ++i) in[i] = static_cast<unsigned char>(i + 1);
    const Bytes out = expected_output(Output::transpose, 32, s, es, in);
    const int order[6] = {0, 2, 4, 1, 3, 5};
    for (int i = 0; i < 6; ++i)
      EXPECT_EQ(0, std::memcmp(&out[i * es], &in[order[i] * es], es)) << es << " " << i;
  }
}

// Fine-grained with tile 2 on a 4x4 matrix: each 2x2 block is transposed in place.
TEST(Expected, FineGrainedTransposesInsideTilesOnly) {
  const Shape s{4, 4};
  const Bytes out = expected_output(Output::fine_grained, 2, s, 4, iota_input(s));
  const int want[4][4] = {{0, 4, 2, 6}, {1, 5, 3, 7}, {8, 12, 10, 14}, {9, 13, 11, 15}};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(at(out, s, r, c), want[r][c]) << r << "," << c;
}

// Coarse-grained with tile 2 on a 4x4 matrix: blocks swap places, their insides do not move.
TEST(Expected, CoarseGrainedMovesTilesWithoutTransposingThem) {
  const Shape s{4, 4};
  const Bytes out = expected_output(Output::coarse_grained, 2, s, 4, iota_input(s));
  const int want[4][4] = {{0, 1, 8, 9}, {4, 5, 12, 13}, {2, 3, 10, 11}, {6, 7, 14, 15}};
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 4; ++c) EXPECT_EQ(at(out, s, r, c), want[r][c]) << r << "," << c;
}

// At edges the partial kernels write zero where the source lies outside the matrix.
TEST(Expected, PartialKernelsZeroFillOutsideTheMatrix) {
  const Shape s{3, 5}; // tile 2: edge tiles are partial in both directions
  const Bytes in = iota_input(s);
  const Bytes fine = expected_output(Output::fine_grained, 2, s, 4, in);
  // Tile at rows 2..3, cols 0..1 has one row: out(2,0) = in(2,0), out(2,1) = in(3,0) -> zero.
  EXPECT_EQ(at(fine, s, 2, 0), 10);
  EXPECT_EQ(source_index(Output::fine_grained, 2, s, 2, 1), -1);
  EXPECT_EQ(at(fine, s, 2, 1), 0);
  // Tile at cols 4..5 has one column: out(0,4) = in(0,4); out(1,4) = in(0,5) -> zero.
  EXPECT_EQ(at(fine, s, 0, 4), 4);
  EXPECT_EQ(at(fine, s, 1, 4), 0);

  const Shape cs = output_shape(Output::coarse_grained, s); // 5 x 3
  const Bytes coarse = expected_output(Output::coarse_grained, 2, s, 4, in);
  // Output tile (0,0) = input tile (0,0) as is.
  EXPECT_EQ(at(coarse, cs, 0, 0), 0);
  EXPECT_EQ(at(coarse, cs, 0, 1), 1);
  EXPECT_EQ(at(coarse, cs, 1, 1), 6);
  // Output tile (0,1) (col 2 of a 3-wide output) = input tile (1,0) = rows 2..3, as is:
  // out(0,2) = in(2,0); out(1,2) = in(3,0), outside the 3-row input -> zero.
  EXPECT_EQ(at(coarse, cs, 0, 2), 10);
  EXPECT_EQ(at(coarse, cs, 1, 2), 0);
  // Output tile (2,0) (row 4 only) = input tile (0,2) = rows 0..1, cols 4..5, as is:
  // out(4,0) = in(0,4); out(4,1) = in(0,5), outside the 5-column input -> zero.
  EXPECT_EQ(at(coarse, cs, 4, 0), 4);
  EXPECT_EQ(at(coarse, cs, 4, 1), 0);
  EXPECT_EQ(at(coarse, cs, 4, 2), 14);
}

// With full tiles, both partial kernels are permutations; composing them is the transpose.
TEST(Expected, FineThenCoarseIsTheTransposeOnFullTiles) {
  const Shape s{64, 96};
  const Bytes in = iota_input(s);
  const Bytes fine = expected_output(Output::fine_grained, 32, s, 4, in);
  const Bytes both = expected_output(Output::coarse_grained, 32, s, 4, fine);
  EXPECT_EQ(both, expected_output(Output::transpose, 32, s, 4, in));
  std::set<std::int32_t> seen;
  for (std::int64_t i = 0; i < s.elements(); ++i) seen.insert(at(fine, s, i / s.cols, i % s.cols));
  EXPECT_EQ(seen.size(), static_cast<std::size_t>(s.elements()));
}

TEST(Expected, CompareCountsAndLocatesMismatches) {
  const Shape s{4, 3};
  Bytes a = iota_input(s), b = a;
  EXPECT_TRUE(compare_output(a, b, s, 4).ok());
  b[(2 * 3 + 1) * 4] ^= 1;
  b[(3 * 3 + 2) * 4 + 3] ^= 0x80;
  const Mismatch m = compare_output(a, b, s, 4);
  EXPECT_EQ(m.count, 2);
  EXPECT_EQ(m.first_row, 2);
  EXPECT_EQ(m.first_col, 1);
}

// Every registered kernel's declared output, at odd shapes, against an independent element
// by element definition written here.
#include "harness/core/registry.hpp"

TEST(Expected, EveryKernelsDeclaredOutputAtOddShapes) {
  for (const KernelSpec& k : registered_kernels()) {
    if (k.output != Output::copy && k.output != Output::transpose) continue;
    for (Shape s : {Shape{33, 65}, Shape{1, 1000}, Shape{1000, 1}, Shape{17, 3}}) {
      const Bytes in = iota_input(s);
      const Bytes out = expected_output(k.output, k.tile_w, s, 4, in);
      const Shape os = output_shape(k.output, s);
      for (std::int64_t r = 0; r < os.rows; ++r)
        for (std::int64_t c = 0; c < os.cols; ++c) {
          const std::int64_t want = k.output == Output::copy ? r * s.cols + c : c * s.cols + r;
          ASSERT_EQ(at(out, os, r, c), want) << k.id << " " << to_string(s);
        }
    }
  }
}
