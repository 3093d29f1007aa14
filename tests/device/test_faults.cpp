// A kernel that fails must not take the suite down. Runs the real runner (Google Benchmark,
// validation) on a plan with a broken kernel first and a good one after it. Each test runs in
// its own process (see tests/CMakeLists.txt): the illegal address loses the CUDA context.
#include "harness/core/cuda_check.hpp"
#include "harness/core/registry.hpp"
#include "harness/device_info.hpp"
#include "harness/runner.hpp"

#include <gtest/gtest.h>

#include <cstdio>

namespace tb::test {
void launch_illegal_address(const LaunchArgs& a);
void launch_invalid_configuration(const LaunchArgs& a);
void launch_past_shared_limit(const LaunchArgs& a);
} // namespace tb::test

using namespace tb;

namespace {

DeviceInfo g_device;

KernelSpec broken(const char* id, std::function<void(const LaunchArgs&)> launch) {
  KernelSpec k = *find_kernel("transpose_naive");
  k.id = id;
  k.name = id;
  k.dtypes = {DType::fp32};
  k.launch = std::move(launch);
  return k;
}

// The real runner on a plan of `bad` followed by a good kernel, both at 96 x 64 fp32.
std::vector<Record> run_then_good(const KernelSpec& bad) {
  const KernelSpec* good = find_kernel("transpose_no_bank_conflicts");
  const std::vector<Case> plan{{&bad, {96, 64}, DType::fp32, Mode::loop_over_kernel, 2},
                               {good, {96, 64}, DType::fp32, Mode::loop_over_kernel, 2}};
  return run_cases(plan, g_device, RunSettings{});
}

TEST(Faults, WrongOutputFailsItsRowAndTheRestRuns) {
  const KernelSpec idle = broken("writes_nothing", [](const LaunchArgs&) {});
  const auto rs = run_then_good(idle);
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_EQ(rs[0].status, Status::failed);
  EXPECT_NE(rs[0].message.find("6144 of 6144 output elements wrong"), std::string::npos)
      << rs[0].message;
  EXPECT_EQ(rs[1].status, Status::ok) << rs[1].message;
}

TEST(Faults, RefusedLaunchFailsItsRowAndTheRestRuns) {
  const KernelSpec bad = broken("refused_launch", test::launch_invalid_configuration);
  const auto rs = run_then_good(bad);
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_EQ(rs[0].status, Status::failed);
  // Refused at launch: CUDA 12 says cudaErrorInvalidConfiguration, the CUDA 13 driver on the
  // H200 said cudaErrorInvalidValue. Either way the error comes from the launch check.
  const bool refused = rs[0].message.find("cudaErrorInvalidConfiguration") != std::string::npos ||
                       rs[0].message.find("cudaErrorInvalidValue") != std::string::npos;
  EXPECT_TRUE(refused) << rs[0].message;
  EXPECT_NE(rs[0].message.find("cudaGetLastError()"), std::string::npos) << rs[0].message;
  EXPECT_EQ(rs[1].status, Status::ok) << rs[1].message; // the context is still usable
}

TEST(Faults, IllegalAddressFailsItsRowAndMarksTheRestNotRun) {
  const KernelSpec bad = broken("writes_to_nowhere", test::launch_illegal_address);
  const auto rs = run_then_good(bad);
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_EQ(rs[0].status, Status::failed);
  EXPECT_NE(rs[0].message.find("cudaErrorIllegalAddress"), std::string::npos) << rs[0].message;
  EXPECT_EQ(rs[1].status, Status::not_run);
  EXPECT_NE(rs[1].message.find("the CUDA context was lost after writes_to_nowhere failed"),
            std::string::npos)
      << rs[1].message;
}

// A shape whose grid would pass the hardware's limit is a property of the kernel: the case is
// unsupported, with the reason, and the run goes on (2,100,000 rows of 32-row tiles: 65,625 >
// 65,535 grid rows).
TEST(Faults, AGridPastTheLimitIsUnsupportedNotFailed) {
  const KernelSpec* naive = find_kernel("transpose_naive");
  const KernelSpec* good = find_kernel("transpose_no_bank_conflicts");
  const std::vector<Case> plan{{naive, {2100000, 1}, DType::fp32, Mode::loop_over_kernel, 2},
                               {good, {96, 64}, DType::fp32, Mode::loop_over_kernel, 2}};
  const auto rs = run_cases(plan, g_device, RunSettings{});
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_EQ(rs[0].status, Status::unsupported) << rs[0].message;
  EXPECT_NE(rs[0].message.find("past the grid's y limit"), std::string::npos) << rs[0].message;
  EXPECT_EQ(rs[1].status, Status::ok) << rs[1].message;
}

// More shared memory a block than this GPU allows is a property of the shape on this GPU, as a
// grid past its limit is: unsupported, with both figures, and the run goes on (the kernel is
// never launched).
TEST(Faults, SharedMemoryPastTheLimitIsUnsupportedNotFailed) {
  const KernelSpec bad = broken("past_shared_limit", test::launch_past_shared_limit);
  const auto rs = run_then_good(bad);
  ASSERT_EQ(rs.size(), 2u);
  EXPECT_EQ(rs[0].status, Status::unsupported) << rs[0].message;
  EXPECT_NE(rs[0].message.find("bytes of shared memory a block: past this GPU's"),
            std::string::npos)
      << rs[0].message;
  EXPECT_EQ(rs[1].status, Status::ok) << rs[1].message;
}

// A recoverable error caught by TB_CUDA_CALL is cleared there, so the next launch check does
// not report it again against another kernel (nvbench's cuda_call does the same).
TEST(Faults, RecoverableErrorIsClearedWhereItIsCaught) {
  void* p = nullptr;
  const std::size_t too_much = std::size_t(1) << 62; // no GPU has 4 EiB
  // Without the macro, the runtime keeps the error as its last error.
  ASSERT_NE(cudaMalloc(&p, too_much), cudaSuccess);
  if (cudaPeekAtLastError() == cudaSuccess)
    GTEST_SKIP() << "this CUDA runtime does not record a failed cudaMalloc as its last error";
  (void)cudaGetLastError();
  EXPECT_THROW(TB_CUDA_CALL(cudaMalloc(&p, too_much)), cuda_error);
  EXPECT_EQ(cudaPeekAtLastError(), cudaSuccess) << cudaGetErrorName(cudaPeekAtLastError());
}

} // namespace

int main(int argc, char** argv) {
  ::testing::InitGoogleTest(&argc, argv);
  try {
    g_device = open_device(0);
  } catch (const std::exception& e) {
    std::printf("SKIPPED: fault tests need a GPU: %s\n", e.what());
    return 77;
  }
  return RUN_ALL_TESTS();
}
