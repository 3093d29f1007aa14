#include "harness/record.hpp"
#include "harness/units.hpp"

#include <gtest/gtest.h>

using namespace tb;

TEST(Units, EffectiveBandwidthArithmetic) {
  // 2048 x 2048 fp32: 2 x 16 MiB = 33554432 bytes moved per transpose.
  const double bytes = 2.0 * 2048 * 2048 * 4;
  EXPECT_DOUBLE_EQ(bandwidth(bytes, 1.0, Unit::GB), 33.554432);
  EXPECT_DOUBLE_EQ(bandwidth(bytes, 1.0, Unit::GiB), 31.25);
  EXPECT_DOUBLE_EQ(bandwidth(1e9, 1000.0, Unit::GB), 1.0);
  EXPECT_DOUBLE_EQ(from_gbps(1.073741824, Unit::GiB), 1.0);
  EXPECT_DOUBLE_EQ(from_gbps(123.0, Unit::GB), 123.0);
  EXPECT_EQ(unit_rate_label(Unit::GiB), "GiB/s");
  EXPECT_EQ(parse_unit("GiB"), Unit::GiB);
  EXPECT_FALSE(parse_unit("MB").has_value());
}

TEST(Units, ThePapersOwnFigureConverts) {
  // The paper's GTX 280 simple copy: 96.9 "GB/s", computed with 1024^3. In 1e9 units: 104.04.
  EXPECT_NEAR(96.9 * unit_bytes(Unit::GiB) / unit_bytes(Unit::GB), 104.045, 1e-3);
}

namespace {
Record rec(Mode m, int reps, double bytes, std::vector<double> ms, std::int64_t l2, double peak) {
  Record r;
  r.mode = m;
  r.reps = reps;
  r.bytes_per_rep = bytes;
  r.samples_ms = std::move(ms);
  r.device.l2_bytes = l2;
  r.device.dram_peak_gbps = peak;
  return r;
}
} // namespace

TEST(Record, StatisticsFromSamples) {
  const Record r = rec(Mode::loop_over_kernel, 100, 1e9, {4.0, 1.0, 3.0, 2.0}, 0, 0);
  EXPECT_DOUBLE_EQ(r.median_ms(), 2.5);
  EXPECT_DOUBLE_EQ(r.min_ms(), 1.0);
  EXPECT_DOUBLE_EQ(r.max_ms(), 4.0);
  EXPECT_DOUBLE_EQ(r.bandwidth_gbps(), 400.0); // 1e9 bytes in 2.5 ms
  EXPECT_DOUBLE_EQ(median({5.0, 1.0, 3.0}), 3.0);
  EXPECT_DOUBLE_EQ(median({}), 0.0);
  EXPECT_DOUBLE_EQ(rec(Mode::loop_over_kernel, 1, 1e9, {}, 0, 0).bandwidth_gbps(), 0.0);
}

TEST(Record, CacheResidentRule) {
  const std::int64_t l2 = 50 * 1024 * 1024;
  // 2048^2 fp32 in + out = 32 MiB: inside a 50 MiB L2.
  EXPECT_TRUE(rec(Mode::loop_over_kernel, 100, 32.0 * 1024 * 1024, {1}, l2, 3352).cache_resident());
  // 16384^2 fp32 = 2 GiB: DRAM, in the loop-over-kernel mode.
  EXPECT_FALSE(rec(Mode::loop_over_kernel, 100, 2147483648.0, {1}, l2, 3352).cache_resident());
  // The in-kernel loop re-reads one tile: cache-bound at any size once nreps > 1.
  EXPECT_TRUE(rec(Mode::loop_in_kernel, 100, 2147483648.0, {1}, l2, 3352).cache_resident());
  EXPECT_FALSE(rec(Mode::loop_in_kernel, 1, 2147483648.0, {1}, l2, 3352).cache_resident());
}

TEST(Record, AboveDramPeak) {
  EXPECT_TRUE(rec(Mode::loop_over_kernel, 1, 4e9, {1.0}, 0, 3352).above_dram_peak()); // 4000 GB/s
  EXPECT_FALSE(rec(Mode::loop_over_kernel, 1, 3e9, {1.0}, 0, 3352).above_dram_peak());
  EXPECT_FALSE(rec(Mode::loop_over_kernel, 1, 4e9, {1.0}, 0, 0).above_dram_peak()); // unknown peak
}

TEST(Record, ModeNames) {
  EXPECT_EQ(parse_mode("loop-over-kernel"), Mode::loop_over_kernel);
  EXPECT_EQ(parse_mode("loop-in-kernel"), Mode::loop_in_kernel);
  EXPECT_FALSE(parse_mode("loop").has_value());
  EXPECT_EQ(mode_title(Mode::loop_in_kernel), "Loop in kernel");
}
