#include "harness/sinks/table.hpp"
#include "test_support.hpp"

#include <gtest/gtest.h>

using namespace tb;
using test::fake_record;

namespace {
std::vector<Record> paper_like() {
  std::vector<Record> rs;
  rs.push_back(
      fake_record("simple_copy", "Simple Copy", Mode::loop_over_kernel, 0.02, Status::ok, "copy"));
  rs.push_back(
      fake_record("simple_copy", "Simple Copy", Mode::loop_in_kernel, 0.005, Status::ok, "copy"));
  rs.push_back(fake_record("transpose_naive", "Naive Transpose", Mode::loop_over_kernel, 0.04));
  rs.push_back(
      fake_record("transpose_naive", "Naive Transpose", Mode::loop_in_kernel, 0.0, Status::failed));
  rs.back().message = "5 of 4194304 output elements wrong, first at (0, 7)";
  return rs;
}
} // namespace

TEST(Table, WhitepaperLayoutWithUnitsPercentAndMarks) {
  const std::string t = render_tables(paper_like(), Unit::GB, TableFormat::text);
  EXPECT_NE(t.find("Device 0: Fake GPU, \"X\" edition (cc 9.0, 132 SMs, L2 50 MiB, peak DRAM 3352 "
                   "GB/s, ECC unknown)"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("Matrix 2048 x 2048 fp32, tile 32x32, block 32x8, NUM_REPS 100, median of 3 "
                   "samples, L2 warm"),
            std::string::npos)
      << t;
  EXPECT_NE(t.find("unit: GB/s (1e9 bytes/s)"), std::string::npos);
  EXPECT_NE(t.find("Loop over kernel"), std::string::npos);
  EXPECT_NE(t.find("Loop in kernel"), std::string::npos);
  EXPECT_NE(t.find("% of copy"), std::string::npos);
  // Simple copy: 33554432 B / 0.02 ms = 1677.7 GB/s (100%); naive at 0.04 ms = 838.9 (50%).
  EXPECT_NE(t.find("1677.7"), std::string::npos) << t;
  EXPECT_NE(t.find("838.9"), std::string::npos) << t;
  EXPECT_NE(t.find("100.0"), std::string::npos);
  EXPECT_NE(t.find("50.0"), std::string::npos);
  // 0.005 ms -> 6710.9 GB/s, above the 3352 GB/s peak: marked and explained.
  EXPECT_NE(t.find("6710.9 *"), std::string::npos) << t;
  EXPECT_NE(t.find("* above the theoretical DRAM peak"), std::string::npos);
  EXPECT_NE(t.find("fits in the 50 MiB L2"), std::string::npos);
  EXPECT_NE(t.find("re-reads the same tile"), std::string::npos);
  EXPECT_NE(t.find("FAILED"), std::string::npos);
  EXPECT_NE(t.find("FAILED transpose_naive (loop-in-kernel): 5 of 4194304"), std::string::npos)
      << t;
  // Rows in the order given: copy before naive.
  EXPECT_LT(t.find("Simple Copy"), t.find("Naive Transpose"));
}

TEST(Table, GiBUnitConvertsFigures) {
  const std::string t = render_tables(paper_like(), Unit::GiB, TableFormat::text);
  EXPECT_NE(t.find("unit: GiB/s"), std::string::npos);
  EXPECT_NE(t.find("1562.5"), std::string::npos) << t; // 33554432 B / 0.02 ms in GiB/s
}

TEST(Table, MarkdownIsAPipeTable) {
  const std::string t = render_tables(paper_like(), Unit::GB, TableFormat::markdown);
  EXPECT_NE(t.find("| Kernel "), std::string::npos) << t;
  EXPECT_NE(t.find("|:-"), std::string::npos) << t;
  EXPECT_NE(t.find("| Simple Copy "), std::string::npos);
  EXPECT_NE(t.find("- FAILED transpose_naive"), std::string::npos);
}

TEST(Table, NoL2NoteForLargeMatrices) {
  auto rs = paper_like();
  for (auto& r : rs) {
    r.shape = {16384, 16384};
    r.bytes_per_rep = 2.0 * 16384 * 16384 * 4;
    r.mode = Mode::loop_over_kernel;
  }
  rs.erase(rs.begin() + 1);
  rs.pop_back();
  const std::string t = render_tables(rs, Unit::GB, TableFormat::text);
  EXPECT_EQ(t.find("fits in the"), std::string::npos) << t;
  EXPECT_EQ(t.find("re-reads"), std::string::npos) << t;
}

TEST(Table, OneTablePerShapeAndType) {
  auto rs = paper_like();
  auto more = paper_like();
  for (auto& r : more) r.shape = {33, 65};
  rs.insert(rs.end(), more.begin(), more.end());
  const std::string t = render_tables(rs, Unit::GB, TableFormat::text);
  EXPECT_NE(t.find("Matrix 2048 x 2048"), std::string::npos);
  EXPECT_NE(t.find("Matrix 33 x 65"), std::string::npos);
  // The device header is printed once.
  EXPECT_EQ(t.find("Device 0"), t.rfind("Device 0"));
}

TEST(Table, LibraryRowsDoNotBreakAUniformGeometry) {
  auto rs = paper_like();
  Record lib = fake_record("cuda_memcpy", "cudaMemcpy D2D", Mode::loop_over_kernel, 0.01,
                           Status::ok, "memcpy");
  lib.tile_w = lib.tile_h = lib.block_x = lib.block_y = 0;
  rs.push_back(lib);
  const std::string t = render_tables(rs, Unit::GB, TableFormat::text);
  EXPECT_NE(t.find("tile 32x32, block 32x8"), std::string::npos) << t;
  EXPECT_EQ(t.find("Tile (w x h)"), std::string::npos) << t;
  EXPECT_NE(t.find("% of memcpy"), std::string::npos);
  EXPECT_LT(t.find("% of copy"), t.find("% of memcpy"));
  // Simple copy at 0.02 ms is half of memcpy's 0.01 ms.
  EXPECT_NE(t.find("50.0"), std::string::npos);
}

TEST(Table, MixedGeometriesGetColumns) {
  auto rs = paper_like();
  Record other =
      fake_record("study_shm_v0_32x16", "Study Shm v0 32x16", Mode::loop_over_kernel, 0.03);
  other.tile_w = 32;
  other.tile_h = 16;
  other.block_x = 32;
  other.block_y = 16;
  rs.push_back(other);
  Record lib = fake_record("cuda_memcpy", "cudaMemcpy D2D", Mode::loop_over_kernel, 0.01);
  lib.tile_w = lib.tile_h = lib.block_x = lib.block_y = 0;
  rs.push_back(lib);
  const std::string t = render_tables(rs, Unit::GB, TableFormat::text);
  EXPECT_NE(t.find("Tile (w x h)"), std::string::npos) << t;
  EXPECT_NE(t.find("32x16"), std::string::npos) << t;
  EXPECT_EQ(t.find("tile 32x32, block"), std::string::npos) << t;
  const auto memcpy_line = t.substr(t.find("cudaMemcpy D2D"), 60);
  EXPECT_NE(memcpy_line.find(" - "), std::string::npos) << memcpy_line;
}

// A CSV appended to holds the same cases twice: both runs are shown, each said to be a run.
TEST(Table, RepeatedMeasurementsAreAllShown) {
  std::vector<Record> rs = paper_like();
  std::vector<Record> again = paper_like();
  for (auto& r : again) {
    r.samples_ms = {0.01, 0.01, 0.01}; // the second run's simple copy: 3355.4 GB/s
    r.finalize();
  }
  rs.insert(rs.end(), again.begin(), again.end());
  const std::string t = render_tables(rs, Unit::GB, TableFormat::text);
  EXPECT_NE(t.find("NUM_REPS 100, run 1 of 2, median"), std::string::npos) << t;
  EXPECT_NE(t.find("NUM_REPS 100, run 2 of 2, median"), std::string::npos) << t;
  EXPECT_NE(t.find("1677.7"), std::string::npos) << t; // the first run
  EXPECT_NE(t.find("3355.4"), std::string::npos) << t; // the second, no longer hidden
  EXPECT_EQ(render_tables(paper_like(), Unit::GB, TableFormat::text).find("run 1"),
            std::string::npos); // one run: nothing said
}
