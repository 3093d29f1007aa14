// Hardware counters without a GPU: the derived figures and readings from synthetic counter
// values, the expectations kernels state, the CSV columns (schema 3, and schema 2 still read),
// the "why" view in tables and JSON, and the messages for missing rights or a missing CUPTI.
#include "harness/core/counters.hpp"
#include "harness/core/registry.hpp"
#include "harness/report.hpp"
#include "harness/sinks/csv.hpp"
#include "harness/sinks/table.hpp"
#include "test_support.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cmath>

using namespace tb;

namespace {

constexpr double kEffective = 2.0 * 2048 * 2048 * 4; // fp32 2048^2: 32 MiB read + written

// What the naive kernel does at 2048^2 fp32: 4 sectors per load request, a sector per lane on
// stores (32 per request, 8x what the data fills), no shared memory.
Counters naive_like() {
  Counters c;
  c.passes = 6;
  const double side = kEffective / 2;
  c.load_requests = side / 128;
  c.load_sectors = c.load_requests * 4;
  c.store_requests = side / 128;
  c.store_sectors = c.store_requests * 32;
  c.dram_read_bytes = side * 1.17;
  c.dram_write_bytes = side;
  c.shared_load_wavefronts = c.shared_load_requests = c.shared_load_conflicts = 0;
  c.shared_store_wavefronts = c.shared_store_requests = c.shared_store_conflicts = 0;
  c.l2_slice_max_sectors = 110;
  c.l2_slice_mean_sectors = 100;
  c.warps_active_pct = 82.5;
  return c;
}

// The coalesced kernel: coalesced both sides, 32 wavefronts per shared load request.
Counters coalesced_like() {
  Counters c = naive_like();
  c.store_sectors = c.store_requests * 4;
  c.dram_read_bytes = kEffective / 2;
  c.shared_load_requests = kEffective / 2 / 128;
  c.shared_load_wavefronts = c.shared_load_requests * 32;
  c.shared_load_conflicts = c.shared_load_requests * 31;
  c.shared_store_requests = c.shared_load_requests;
  c.shared_store_wavefronts = c.shared_store_requests;
  c.shared_store_conflicts = 0;
  return c;
}

} // namespace

TEST(Counters, DerivedFiguresFromRawValues) {
  const Counters n = naive_like();
  EXPECT_DOUBLE_EQ(*figure_value(n, Figure::load_sectors_per_request, kEffective), 4.0);
  EXPECT_DOUBLE_EQ(*figure_value(n, Figure::store_sectors_per_request, kEffective), 32.0);
  EXPECT_DOUBLE_EQ(*figure_value(n, Figure::load_sectors_over_needed, kEffective), 1.0);
  EXPECT_DOUBLE_EQ(*figure_value(n, Figure::store_sectors_over_needed, kEffective), 8.0);
  EXPECT_NEAR(*figure_value(n, Figure::dram_over_effective, kEffective), 1.085, 1e-12);
  EXPECT_DOUBLE_EQ(*figure_value(n, Figure::l2_slice_imbalance, kEffective), 1.1);
  EXPECT_DOUBLE_EQ(*figure_value(n, Figure::warps_active_pct, kEffective), 82.5);
  // No shared requests: no ways to speak of. No DRAM channel figures: none derived.
  EXPECT_FALSE(figure_value(n, Figure::shared_load_ways, kEffective));
  EXPECT_FALSE(figure_value(n, Figure::dram_channel_imbalance, kEffective));
  const Counters c = coalesced_like();
  EXPECT_DOUBLE_EQ(*figure_value(c, Figure::shared_load_ways, kEffective), 32.0);
  EXPECT_DOUBLE_EQ(*figure_value(c, Figure::shared_store_ways, kEffective), 1.0);
  // 16-byte shared accesses take 4 wavefronts a request without any conflict: ways count only
  // the conflicts, not the width of the access.
  Counters wide = c;
  wide.shared_load_wavefronts = wide.shared_load_requests * 4;
  wide.shared_load_conflicts = 0;
  EXPECT_DOUBLE_EQ(*figure_value(wide, Figure::shared_load_ways, kEffective), 1.0);
  wide.shared_load_wavefronts = wide.shared_load_requests * 8;
  wide.shared_load_conflicts = wide.shared_load_requests * 4;
  EXPECT_DOUBLE_EQ(*figure_value(wide, Figure::shared_load_ways, kEffective), 2.0);
  // Conflicts reported at or above the wavefronts cannot give a ratio.
  Counters broken = c;
  broken.shared_load_conflicts = broken.shared_load_wavefronts;
  EXPECT_FALSE(figure_value(broken, Figure::shared_load_ways, kEffective));
  EXPECT_FALSE(figure_value(Counters{}, Figure::dram_over_effective, kEffective));
}

TEST(Counters, ReadingsSayWhatTheFiguresMean) {
  const std::string n = counters_reading(naive_like(), kEffective, false);
  EXPECT_NE(n.find("stores: 32 sectors/request, 8.0x the sectors needed = uncoalesced"),
            std::string::npos)
      << n;
  EXPECT_EQ(n.find("loads:"), std::string::npos) << n; // the loads are fine
  EXPECT_NE(n.find("DRAM moves 1.08x the effective bytes"), std::string::npos) << n;
  const std::string c = counters_reading(coalesced_like(), kEffective, false);
  EXPECT_NE(c.find("shared loads: 32.0-way bank conflicts"), std::string::npos) << c;
  EXPECT_EQ(c.find("uncoalesced"), std::string::npos) << c;
  Counters clean = coalesced_like();
  clean.shared_load_conflicts = 0;
  clean.shared_load_wavefronts = clean.shared_load_requests;
  EXPECT_EQ(counters_reading(clean, kEffective, false),
            "coalesced both sides, no bank conflicts, DRAM traffic as effective");
  Counters cached = clean;
  cached.dram_write_bytes = 0;
  EXPECT_NE(counters_reading(cached, kEffective, true).find("the data stays in L2"),
            std::string::npos);
  Counters camped = clean;
  camped.l2_slice_max_sectors = 300;
  EXPECT_NE(counters_reading(camped, kEffective, false).find("L2 slices uneven: the busiest 3.00x"),
            std::string::npos);
  Counters engine; // a copy engine's work: no SM memory instructions at all
  engine.passes = 1;
  engine.load_requests = engine.store_requests = 0;
  EXPECT_EQ(counters_reading(engine, kEffective, false), "no global loads or stores on the SMs");
}

TEST(Counters, ExpectationsApplyAndCheck) {
  const CounterExpectation st =
      at_least(Figure::store_sectors_per_request, 16, "each lane stores to its own row");
  EXPECT_EQ(check_expectation(st, naive_like(), kEffective), "");
  const std::string miss = check_expectation(st, coalesced_like(), kEffective);
  EXPECT_EQ(miss, "expected store sectors/request >= 16 (each lane stores to its own row), "
                  "measured 4");
  EXPECT_NE(check_expectation(st, Counters{}, kEffective).find("the counters do not give it"),
            std::string::npos);
  const CounterExpectation ways =
      between(Figure::shared_load_ways, 0, 1.5, "padded", {DType::fp32});
  EXPECT_EQ(describe_expectation(ways), "shared-load ways in [0, 1.5]");
  EXPECT_TRUE(ways.applies(DType::fp32, 7, 9));
  EXPECT_FALSE(ways.applies(DType::u8, 2048, 2048));
  const CounterExpectation packets =
      on_packet_rows(at_most(Figure::load_sectors_over_needed, 1.1, "x"));
  EXPECT_TRUE(packets.applies(DType::fp16, 2048, 2048));
  EXPECT_FALSE(packets.applies(DType::fp16, 2048, 2044)); // 2044 is not a multiple of 8
  EXPECT_FALSE(packets.applies(DType::fp32, 1999, 2000));
}

TEST(Counters, KernelsStateTheirMechanismsSensibly) {
  int stated = 0;
  for (const KernelSpec& k : registered_kernels())
    for (const CounterExpectation& e : k.expect) {
      SCOPED_TRACE(k.id + ": " + describe_expectation(e));
      EXPECT_LE(e.min, e.max);
      EXPECT_TRUE(std::isfinite(e.min) || std::isfinite(e.max));
      EXPECT_FALSE(e.why.empty());
      for (DType t : e.dtypes) EXPECT_TRUE(k.supports(t));
      ++stated;
    }
  EXPECT_GE(stated, 10);
  // The paper's three lessons are stated by the kernels that teach them.
  auto states = [](const char* id, Figure f) {
    for (const KernelSpec& k : registered_kernels())
      if (k.id == id)
        for (const CounterExpectation& e : k.expect)
          if (e.figure == f && e.applies(DType::fp32, 2048, 2048)) return true;
    return false;
  };
  EXPECT_TRUE(states("transpose_naive", Figure::store_sectors_per_request));
  EXPECT_TRUE(states("transpose_coalesced", Figure::shared_load_ways));
  EXPECT_TRUE(states("transpose_no_bank_conflicts", Figure::shared_load_ways));
  EXPECT_TRUE(states("ours_best", Figure::store_sectors_per_request));
}

TEST(Counters, CsvRoundTripOfTheNewColumns) {
  std::vector<Record> rs{
      test::fake_record("transpose_naive", "Naive Transpose", Mode::cold_single, 0.04),
      test::fake_record("simple_copy", "Simple Copy", Mode::cold_single, 0.02)};
  rs[0].counters = naive_like();
  const std::string text = render_csv(rs);
  const auto cols = csv_columns();
  for (const char* c : {"counter_passes", "dram_read_bytes", "store_sectors",
                        "shared_load_conflicts", "l2_slice_max_sectors", "warps_active_pct"})
    EXPECT_NE(std::find(cols.begin(), cols.end(), c), cols.end()) << c;
  const auto back = records_from_csv_text(text, "x.csv");
  ASSERT_EQ(back.size(), 2u);
  EXPECT_TRUE(back[0].counters.any());
  EXPECT_EQ(back[0].counters.passes, 6);
  for (const CounterField& f : counter_fields())
    EXPECT_DOUBLE_EQ(back[0].counters.*f.value, rs[0].counters.*f.value) << f.column;
  EXPECT_FALSE(back[1].counters.any()); // not profiled: empty columns, read back as none
  EXPECT_EQ(back[1].counters.dram_read_bytes, -1);
  // A negative counter is refused with the file, line and column.
  std::string bad = text;
  const std::string shown = fmt::format("{}", rs[0].counters.store_sectors);
  bad.replace(bad.find(shown), shown.size(), "-5");
  try {
    records_from_csv_text(bad, "x.csv");
    FAIL() << "accepted a negative counter";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("x.csv:2: column 'store_sectors': '-5'"),
              std::string::npos)
        << e.what();
  }
}

TEST(Counters, PreviousSchemaVersionIsStillRead) {
  const auto rs =
      read_records_csv(std::string(TB_SOURCE_DIR) + "/results/h200/whitepaper-16384.csv");
  ASSERT_FALSE(rs.empty());
  for (const Record& r : rs) EXPECT_FALSE(r.counters.any());
  EXPECT_EQ(csv_file_version(std::string(TB_SOURCE_DIR) + "/results/h200/whitepaper-16384.csv"), 2);
  // Version 2 rows after version 3 rows: one file holds one version.
  std::vector<Record> one{test::fake_record("simple_copy", "Simple Copy", Mode::cold_single, 0.02),
                          test::fake_record("simple_copy", "Simple Copy", Mode::cold_single, 0.02)};
  std::string mixed = render_csv(one);
  mixed.replace(mixed.rfind("\n3,") + 1, 1, "2");
  try {
    records_from_csv_text(mixed, "m.csv");
    FAIL() << "accepted two versions in one file";
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("m.csv:3: schema version 2 after rows of version 3"),
              std::string::npos)
        << e.what();
  }
}

TEST(Counters, TablesShowAWhyViewOnlyWhenProfiled) {
  std::vector<Record> rs{
      test::fake_record("transpose_naive", "Naive Transpose", Mode::cold_single, 0.04),
      test::fake_record("transpose_coalesced", "Coalesced Transpose", Mode::cold_single, 0.03)};
  const std::string plain = render_tables(rs, Unit::GB, TableFormat::text);
  EXPECT_EQ(plain.find("Why:"), std::string::npos);
  rs[0].counters = naive_like();
  rs[1].counters = coalesced_like();
  const std::string t = render_tables(rs, Unit::GB, TableFormat::text);
  EXPECT_NE(t.find("Why: hardware counters per repetition"), std::string::npos) << t;
  for (const char* col : {"DRAM/eff", "st sect/req", "shm ld ways", "L2 max/mean", "Reading"})
    EXPECT_NE(t.find(col), std::string::npos) << col;
  EXPECT_NE(t.find("stores: 32 sectors/request"), std::string::npos) << t;
  EXPECT_NE(t.find("32.00"), std::string::npos) << t; // the coalesced kernel's ways
  const std::string md = render_tables(rs, Unit::GB, TableFormat::markdown);
  EXPECT_NE(md.find("| Naive Transpose"), std::string::npos) << md;
  EXPECT_NE(md.find("shared loads: 32.0-way bank conflicts"), std::string::npos) << md;
  const std::string json = render_records(rs, Unit::GB, TableFormat::json);
  EXPECT_NE(json.find("\"store_sectors_per_request\": 32"), std::string::npos) << json;
  EXPECT_NE(json.find("\"shared_load_ways\": 32"), std::string::npos) << json;
}

TEST(Counters, PermissionAndUnavailableMessagesSayHowToFixIt) {
  const std::string p = counters_permission_message("CUPTI_ERROR_INSUFFICIENT_PRIVILEGES");
  EXPECT_NE(p.find("may not read the GPU's performance counters"), std::string::npos);
  EXPECT_NE(p.find("root"), std::string::npos);
  EXPECT_NE(p.find("NVreg_RestrictProfilingToAdminUsers=0"), std::string::npos);
  EXPECT_NE(p.find("CUPTI_ERROR_INSUFFICIENT_PRIVILEGES"), std::string::npos);
  EXPECT_EQ(p.find('\n'), std::string::npos);
  const std::string u = counters_unavailable_message("libcupti could not be loaded");
  EXPECT_EQ(u.rfind("--counters is unavailable: libcupti could not be loaded", 0), 0u);
  EXPECT_NE(u.find("run without --counters"), std::string::npos);
}
