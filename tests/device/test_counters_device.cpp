// The whitepaper's explanations, checked on the GPU with hardware counters: each kernel's
// registry entry states what its access pattern should produce (naive stores touch a sector per
// lane, the coalesced kernel's column reads conflict on the banks, the padded tile does not, the
// 16-byte kernels move 16 sectors per request) and these tests profile it and compare, every
// kernel x element type at 2048^2 and at an odd shape. They also check that a profiling pass
// leaves the output right and does not change the timed figures.
//
// Skips (exit code 77 for CTest) with the reason when there is no GPU, or when counters cannot be
// read here (no CUPTI, or no profiling rights).
#include "harness/core/registry.hpp"
#include "harness/counter_reader.hpp"
#include "harness/device_info.hpp"
#include "harness/exit.hpp"
#include "harness/measure.hpp"
#include "harness/runner.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

using namespace tb;

namespace {

Measurer* g_measurer = nullptr;
CounterReader* g_reader = nullptr;
DeviceInfo g_device;

struct Param {
  Shape shape;
  DType dtype;
  // Profile only these kernels (empty: all): shapes that only they are built for.
  std::vector<std::string> only;
};

class CountersOnGpu : public ::testing::TestWithParam<Param> {};

TEST_P(CountersOnGpu, EveryKernelShowsTheMechanismItsSpecStates) {
  const Param& p = GetParam();
  int profiled = 0, checked = 0;
  for (const KernelSpec& k : registered_kernels()) {
    if (!k.supports(p.dtype)) continue;
    if (!p.only.empty() && std::find(p.only.begin(), p.only.end(), k.id) == p.only.end()) continue;
    // One cold launch after an L2 flush: the figures of the "cold single" column.
    const Case c{&k, p.shape, p.dtype, Mode::cold_single, 1};
    SCOPED_TRACE(fmt::format("{} {} {}", k.id, to_string(p.shape), dtype_name(p.dtype)));
    Counters n;
    try {
      n = g_measurer->profile(c, *g_reader);
    } catch (const shape_not_supported&) {
      continue;
    } catch (const std::exception& e) {
      ADD_FAILURE() << e.what();
      continue;
    }
    ++profiled;
    EXPECT_GT(n.passes, 0);
    // The replays must leave the same exact output a timed sample does.
    const Validation v = g_measurer->validate(c);
    EXPECT_TRUE(v.ok) << v.message;
    const double effective =
        k.bytes_per_element * double(p.shape.elements()) * double(dtype_size(p.dtype));
    // Kernels that run on the SMs read at least the whole input through L1TEX.
    if (n.load_requests > 0) {
      EXPECT_GE(n.load_sectors * 32, effective / 2 * 0.99) << "fewer load sectors than the input";
    }
    for (const CounterExpectation& e : k.expect) {
      if (!e.applies(p.dtype, p.shape.rows, p.shape.cols)) continue;
      EXPECT_EQ(check_expectation(e, n, effective), "");
      ++checked;
    }
  }
  EXPECT_GT(profiled, 0);
  std::printf("  %s %s: %d kernels profiled, %d expectations checked\n", to_string(p.shape).c_str(),
              std::string(dtype_name(p.dtype)).c_str(), profiled, checked);
}

std::vector<Param> params() {
  std::vector<Param> out;
  for (Shape s : {Shape{2048, 2048}, Shape{1999, 2001}})
    for (DType t : kAllDTypes) out.push_back({s, t, {}});
  // Few columns, whole packets: the packet stores of our kernels for skinny shapes (a 16-byte
  // store that the compiler splits into four 32-bit ones still shows 16 sectors a request, but
  // 4x the store sectors needed).
  for (Shape s : {Shape{16384, 64}, Shape{16384, 4}})
    for (DType t : kAllDTypes)
      out.push_back({s, t, {"ours_best", "ours_skinny", "ours_skinny_gather", "ours_narrow"}});
  // Three packets of u8 (six of fp16, twelve of fp32): the padded tile's funnel-shifted shared
  // reads must still leave one 16-byte store a packet. ours_best takes the padded tile here for
  // u8 only (fp64 runs the 16-byte tile's edge tiles, 12 load sectors a request at this width).
  for (DType t : kAllDTypes)
    out.push_back({Shape{16384, 48}, t,
                   t == DType::u8 ? std::vector<std::string>{"ours_best", "ours_padded"}
                                  : std::vector<std::string>{"ours_padded"}});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Shapes, CountersOnGpu, ::testing::ValuesIn(params()),
                         [](const auto& info) {
                           return fmt::format("{}x{}_{}", info.param.shape.rows,
                                              info.param.shape.cols, dtype_name(info.param.dtype));
                         });

// The headline numbers, as relations that must hold at 8192^2 fp32: the naive kernel
// writes 8x the sectors its data fills, the coalesced kernel's shared loads are 32-way.
TEST(Counters, PaperMechanismsAt8192) {
  auto find = [](const char* id) -> const KernelSpec* {
    for (const KernelSpec& k : registered_kernels())
      if (k.id == id) return &k;
    return nullptr;
  };
  const KernelSpec* naive = find("transpose_naive");
  const KernelSpec* coalesced = find("transpose_coalesced");
  const KernelSpec* padded = find("transpose_no_bank_conflicts");
  ASSERT_TRUE(naive && coalesced && padded);
  const Shape s{8192, 8192};
  const double effective = 2.0 * double(s.elements()) * 4;
  auto run = [&](const KernelSpec* k) {
    return g_measurer->profile(Case{k, s, DType::fp32, Mode::cold_single, 1}, *g_reader);
  };
  const Counters n = run(naive), c = run(coalesced), p = run(padded);
  EXPECT_NEAR(*figure_value(n, Figure::store_sectors_over_needed, effective), 8.0, 0.5);
  EXPECT_NEAR(*figure_value(n, Figure::load_sectors_over_needed, effective), 1.0, 0.05);
  EXPECT_GT(*figure_value(c, Figure::shared_load_ways, effective), 24.0);
  EXPECT_LT(*figure_value(p, Figure::shared_load_ways, effective), 1.5);
  // The three move the same data: DRAM reads at least the input once.
  for (const Counters* x : {&n, &c, &p}) EXPECT_GE(x->dram_read_bytes, effective / 2 * 0.98);
  std::printf("  8192^2 fp32: naive st sectors/needed %.2f, DRAM/eff %.3f; coalesced shm ways "
              "%.1f; padded %.2f\n",
              *figure_value(n, Figure::store_sectors_over_needed, effective),
              *figure_value(n, Figure::dram_over_effective, effective),
              *figure_value(c, Figure::shared_load_ways, effective),
              *figure_value(p, Figure::shared_load_ways, effective));
}

// A case with a profiling pass after its samples times the same as one without: profiling is
// enabled only inside the pass. Interleaved runs, so that drift hits both alike.
TEST(Counters, DoNotChangeTheTimedFigures) {
  std::vector<Case> plan;
  for (const KernelSpec& k : registered_kernels())
    if (k.id == "transpose_no_bank_conflicts" || k.id == "ours_best")
      plan.push_back(Case{&k, Shape{8192, 8192}, DType::fp32, Mode::loop_over_kernel, 20});
  ASSERT_EQ(plan.size(), 2u);
  RunSettings plain;
  plain.samples = 10;
  plain.flush_bytes = l2_flush_bytes(g_device.l2_bytes);
  RunSettings with = plain;
  with.counters = g_reader;
  std::vector<double> ratio(plan.size(), 0);
  for (int round = 0; round < 2; ++round) {
    const auto a = run_cases(plan, g_device, plain);
    const auto b = run_cases(plan, g_device, with);
    ASSERT_EQ(a.size(), plan.size());
    ASSERT_EQ(b.size(), plan.size());
    for (std::size_t i = 0; i < plan.size(); ++i) {
      ASSERT_EQ(a[i].status, Status::ok) << a[i].message;
      ASSERT_EQ(b[i].status, Status::ok) << b[i].message;
      EXPECT_FALSE(a[i].counters.any());
      EXPECT_TRUE(b[i].counters.any()) << b[i].message;
      ratio[i] += b[i].median_ms() / a[i].median_ms() / 2;
    }
  }
  for (std::size_t i = 0; i < plan.size(); ++i) {
    EXPECT_NEAR(ratio[i], 1.0, 0.05) << plan[i].kernel->id;
    std::printf("  %s 8192^2 fp32: median with / without counters %.4f\n",
                plan[i].kernel->id.c_str(), ratio[i]);
  }
}

} // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  try {
    g_device = open_device(0);
  } catch (const std::exception& e) {
    std::printf("SKIPPED: counter tests need a GPU: %s\n", e.what());
    return 77;
  }
  std::unique_ptr<CounterReader> reader;
  try {
    reader = open_counter_reader();
  } catch (const run_error& e) {
    std::printf("SKIPPED: counters cannot be read here: %s\n", e.what());
    return 77;
  }
  std::printf("Counter tests on %s (cc %d.%d)\n", g_device.name.c_str(), g_device.cc_major,
              g_device.cc_minor);
  for (const auto& m : reader->missing_metrics())
    std::printf("  this GPU does not provide %s\n", m.c_str());
  Measurer m(l2_flush_bytes(g_device.l2_bytes));
  g_measurer = &m;
  g_reader = reader.get();
  return RUN_ALL_TESTS();
}
