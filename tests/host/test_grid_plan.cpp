// The grid renderer every table goes through, and the plan a run measures: no GPU needed.
#include "harness/core/registry.hpp"
#include "harness/plan.hpp"
#include "harness/sinks/grid.hpp"

#include <gtest/gtest.h>

using namespace tb;

TEST(Grid, TextAlignsColumnsAndTrimsTrailingBlanks) {
  const Grid g{{"Kernel", "GB/s", "Note"},
               {true, false, true},
               {{"Simple Copy", "4172.8", ""}, {"Naive", "474.4", "slow"}}};
  EXPECT_EQ(render_grid(g, TableFormat::text), "Kernel          GB/s   Note\n"
                                               "Simple Copy   4172.8\n"
                                               "Naive          474.4   slow\n");
}

TEST(Grid, MarkdownAlignsAndEscapesCellsThatWouldBreakTheTable) {
  const Grid g{{"Kernel", "GB/s"}, {true, false}, {{"a|b\nc", "1.0"}}};
  EXPECT_EQ(render_grid(g, TableFormat::markdown), "| Kernel | GB/s |\n"
                                                   "|:-------|-----:|\n"
                                                   "| a\\|b c |  1.0 |\n");
}

TEST(Plan, ShapeThenTypeThenKernelThenMode) {
  const KernelSpec* a = find_kernel("simple_copy");
  const KernelSpec* b = find_kernel("transpose_naive");
  ASSERT_TRUE(a && b);
  PlanRequest q;
  q.kernels = {a, b};
  q.shapes = {{64, 32}, {8, 8}};
  q.dtypes = {DType::fp32, DType::u8};
  q.modes = {Mode::loop_over_kernel, Mode::cold_single};
  q.reps = 7;
  q.l2 = L2Policy::flush;
  const std::vector<Case> plan = build_plan(q);
  ASSERT_EQ(plan.size(), 16u);
  EXPECT_EQ(plan[0].kernel, a);
  EXPECT_EQ(plan[1].mode, Mode::cold_single);
  EXPECT_EQ(plan[2].kernel, b);
  EXPECT_EQ(plan[4].dtype, DType::u8);
  EXPECT_EQ(plan[8].shape, (Shape{8, 8}));
  EXPECT_EQ(plan[0].reps, 7);
  EXPECT_EQ(plan[1].launches(), 1); // a cold single launch is one launch whatever the reps
  EXPECT_EQ(plan[0].l2, L2Policy::flush);
}

TEST(Plan, DeviceBytesAndWhetherAnythingFits) {
  const KernelSpec* k = find_kernel("simple_copy");
  const Case warm{k, {1024, 1024}, DType::fp32, Mode::loop_over_kernel, 1, L2Policy::warm};
  const Case cold{k, {1024, 1024}, DType::fp32, Mode::cold_single, 1, L2Policy::warm};
  EXPECT_EQ(device_bytes_needed({1024, 1024}, DType::fp32), 8 << 20);
  EXPECT_EQ(case_device_bytes(warm, 1 << 20), 8 << 20);                 // no flush buffer
  EXPECT_EQ(case_device_bytes(cold, 1 << 20), (8 << 20) + (1 << 20));   // cold flushes
  EXPECT_EQ(plan_fit_error({warm, cold}, 8 << 20, 1 << 20, "GPU"), ""); // the warm case fits
  EXPECT_EQ(plan_fit_error({warm}, (8 << 20) - 1, 1 << 20, "Fake GPU"),
            "size 1024x1024 fp32 needs 0.01 GB of device memory (input + output), but Fake GPU "
            "has 0.01 GB free; accepted: sizes whose input + output fit");
}
