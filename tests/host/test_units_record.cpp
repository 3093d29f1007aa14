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
  r.finalize();
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

TEST(Measurement, FlushBufferIsTwiceTheL2) {
  EXPECT_EQ(l2_flush_bytes(50ll << 20), 100ll << 20); // H100: 50 MiB L2 -> 100 MiB
  EXPECT_EQ(l2_flush_bytes(60ll << 20), 120ll << 20); // H200
  EXPECT_EQ(l2_flush_bytes(256 << 10), 1ll << 20);    // tiny L2: at least 1 MiB
  EXPECT_EQ(l2_flush_bytes(0), 64ll << 20);           // unknown: 64 MiB
}

TEST(Measurement, StatisticsAndNoise) {
  const SampleStats s = compute_stats({1.0, 2.0, 3.0, 4.0});
  EXPECT_EQ(s.count, 4);
  EXPECT_DOUBLE_EQ(s.median_ms, 2.5);
  EXPECT_DOUBLE_EQ(s.mean_ms, 2.5);
  EXPECT_NEAR(s.cv, 1.2909944 / 2.5, 1e-6); // sample standard deviation / mean
  EXPECT_DOUBLE_EQ(compute_stats({5.0}).cv, 0.0);
  EXPECT_EQ(compute_stats({}).count, 0);
  Record quiet = rec(Mode::loop_over_kernel, 100, 1e9, {1.00, 1.01, 0.99}, 0, 0);
  EXPECT_FALSE(quiet.noisy()); // cv 1%
  Record noisy = rec(Mode::loop_over_kernel, 100, 1e9, {1.0, 1.1, 0.9}, 0, 0);
  EXPECT_TRUE(noisy.noisy()); // cv 10%
  EXPECT_FALSE(rec(Mode::loop_over_kernel, 100, 1e9, {1.0}, 0, 0).noisy());
}

TEST(Measurement, ColdSingleLaunchIsNotCacheResident) {
  const std::int64_t l2 = 60ll << 20;
  EXPECT_TRUE(rec(Mode::loop_over_kernel, 100, 32.0 * 1024 * 1024, {1}, l2, 4814).cache_resident());
  EXPECT_FALSE(rec(Mode::cold_single, 1, 32.0 * 1024 * 1024, {1}, l2, 4814).cache_resident());
  EXPECT_EQ(parse_mode("cold-single"), Mode::cold_single);
  EXPECT_EQ(parse_l2("flush"), L2Policy::flush);
  EXPECT_EQ(parse_l2("flush-clean"), L2Policy::flush_clean);
  EXPECT_EQ(l2_name(L2Policy::flush_clean), "flush-clean");
  EXPECT_FALSE(parse_l2("lukewarm").has_value());
  EXPECT_TRUE(mode_needs_nreps(Mode::loop_in_kernel));
  EXPECT_FALSE(mode_needs_nreps(Mode::cold_single));
}
