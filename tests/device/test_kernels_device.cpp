// Every registered kernel x element type x timing mode validated exactly on the GPU at the
// sizes that break naive index math: tiny, odd, one row, one column, non-square both ways.
// Without a GPU the whole binary skips with the reason (exit code 77 for CTest).
#include "harness/device_info.hpp"
#include "harness/measure.hpp"
#include "harness/registry.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <cstdlib>

using namespace tb;

namespace {

Measurer* g_measurer = nullptr;

std::vector<Shape> device_test_shapes() {
  std::vector<Shape> s{{32, 32}, {2048, 2048}, {33, 65}, {1, 1000}, {1000, 1}, {1536, 4096},
                       {4096, 1536}};
  // TB_DEVICE_TEST_LARGE=1 adds the kernels issue's larger shapes.
  if (const char* e = std::getenv("TB_DEVICE_TEST_LARGE"); e && *e == '1') {
    s.push_back({4099, 7919});
    s.push_back({8192, 8192});
  }
  return s;
}

struct Param {
  std::string kernel;
  DType dtype;
  Mode mode;
};

class KernelOnGpu : public ::testing::TestWithParam<Param> {};

TEST_P(KernelOnGpu, ValidAtEveryTestShape) {
  const Param& p = GetParam();
  const KernelSpec* k = find_kernel(p.kernel);
  ASSERT_NE(k, nullptr);
  if (!k->supports(p.dtype)) GTEST_SKIP() << "kernel does not support " << dtype_name(p.dtype);
  if (p.mode == Mode::loop_in_kernel && !k->has_nreps) GTEST_SKIP() << "no in-kernel loop";
  for (const Shape& s : device_test_shapes()) {
    // reps = 3: the in-kernel loop runs more than once, so the barrier between repetitions
    // matters, and every element must still be right afterwards.
    const Case c{k, s, p.dtype, p.mode, 3};
    const double ms = g_measurer->sample_ms_per_rep(c);
    EXPECT_GT(ms, 0.0);
    const Validation v = g_measurer->validate(c);
    EXPECT_TRUE(v.ok) << k->id << " " << to_string(s) << " " << dtype_name(p.dtype) << " "
                      << mode_name(p.mode) << ": " << v.message;
  }
}

std::vector<Param> all_params() {
  std::vector<Param> out;
  for (const auto& k : registered_kernels())
    for (DType t : kAllDTypes)
      for (Mode m : kAllModes) out.push_back({k.id, t, m});
  return out;
}

INSTANTIATE_TEST_SUITE_P(All, KernelOnGpu, ::testing::ValuesIn(all_params()),
                         [](const ::testing::TestParamInfo<Param>& i) {
                           return fmt::format("{}_{}_{}", i.param.kernel, dtype_name(i.param.dtype),
                                              i.param.mode == Mode::loop_over_kernel ? "over" : "in");
                         });

// Poisoning must catch a kernel that writes nothing: validate an output no kernel wrote.
TEST(Harness, PoisonedOutputFailsValidation) {
  const KernelSpec* k = find_kernel("transpose_naive");
  ASSERT_NE(k, nullptr);
  const Case c{k, {64, 96}, DType::fp32, Mode::loop_over_kernel, 1};
  g_measurer->sample_ms_per_rep(c);
  ASSERT_TRUE(g_measurer->validate(c).ok);
  // A different kernel output kind on the same buffers must not validate.
  KernelSpec wrong = *k;
  wrong.output = Output::copy;
  const Validation v = g_measurer->validate(Case{&wrong, {64, 96}, DType::fp32, Mode::loop_over_kernel, 1});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("output elements wrong"), std::string::npos);
}

} // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  DeviceInfo d;
  try {
    d = open_device(0);
  } catch (const std::exception& e) {
    std::printf("SKIPPED: device tests need a GPU: %s\n", e.what());
    return 77;
  }
  std::printf("Device tests on %s (cc %d.%d)\n", d.name.c_str(), d.cc_major, d.cc_minor);
  Measurer m;
  g_measurer = &m;
  return RUN_ALL_TESTS();
}
