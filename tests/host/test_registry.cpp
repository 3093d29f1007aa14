// The registry as the harness sees it, with the real kernel files linked in (no GPU needed).
#include "harness/registry.hpp"
#include "harness/selection.hpp"
#include "harness/sinks/listing.hpp"

#include <gtest/gtest.h>

using namespace tb;

namespace {
std::vector<std::string> ids(const std::vector<const KernelSpec*>& ks) {
  std::vector<std::string> out;
  for (auto* k : ks) out.push_back(k->id);
  return out;
}
} // namespace

TEST(Registry, WhitepaperSuiteIsThePapersTableInOrder) {
  const auto ks = select_kernels(registered_kernels(), "whitepaper", {});
  EXPECT_EQ(ids(ks), (std::vector<std::string>{
                         "simple_copy", "copy_shared_mem", "transpose_naive", "transpose_coalesced",
                         "transpose_no_bank_conflicts", "transpose_fine_grained",
                         "transpose_coarse_grained", "transpose_diagonal"}));
  for (auto* k : ks) {
    EXPECT_EQ(k->family, Family::whitepaper);
    EXPECT_EQ(k->tile, 32);
    EXPECT_EQ(k->block_x, 32);
    EXPECT_EQ(k->block_y, 8);
    EXPECT_TRUE(k->has_nreps);
    EXPECT_TRUE(k->supports(DType::fp32));
    EXPECT_FALSE(k->summary.empty());
  }
  EXPECT_EQ(ks[0]->baseline, "copy");
  EXPECT_EQ(find_kernel("transpose_fine_grained")->output, Output::fine_grained);
  EXPECT_EQ(find_kernel("transpose_coarse_grained")->output, Output::coarse_grained);
  EXPECT_EQ(find_kernel("copy_shared_mem")->output, Output::copy);
  EXPECT_EQ(find_kernel("transpose_diagonal")->output, Output::transpose);
}

TEST(Registry, SelectByIdFamilyAndRegex) {
  const auto& all = registered_kernels();
  EXPECT_EQ(ids(select_kernels(all, "whitepaper", {"transpose_naive"})),
            std::vector<std::string>{"transpose_naive"});
  EXPECT_EQ(select_kernels(all, "all", {"whitepaper"}).size(),
            select_kernels(all, "whitepaper", {}).size());
  EXPECT_EQ(ids(select_kernels(all, "all", {".*grained"})),
            (std::vector<std::string>{"transpose_fine_grained", "transpose_coarse_grained"}));
  // By printed name, case-insensitively; duplicates collapse; registry order is kept.
  EXPECT_EQ(ids(select_kernels(all, "all", {"diagonal transpose", "simple_copy", "simple.*"})),
            (std::vector<std::string>{"simple_copy", "transpose_diagonal"}));
}

TEST(Registry, SelectionErrorsNameTheProblem) {
  const auto& all = registered_kernels();
  try {
    select_kernels(all, "all", {"nope"});
    FAIL();
  } catch (const std::invalid_argument& e) {
    EXPECT_NE(std::string(e.what()).find("unknown kernel 'nope'"), std::string::npos);
  }
  EXPECT_THROW(select_kernels(all, "all", {"[unclosed"}), std::invalid_argument);
  EXPECT_THROW(select_kernels(all, "bogus-suite", {}), std::invalid_argument);
}

TEST(Registry, ListShowsEveryKernelWithFamilyTypesAndSource) {
  const std::string l = render_kernel_list(registered_kernels());
  for (const auto& k : registered_kernels()) EXPECT_NE(l.find(k.id), std::string::npos) << k.id;
  EXPECT_NE(l.find("whitepaper"), std::string::npos);
  EXPECT_NE(l.find("fp32,fp16,bf16,fp64,u8"), std::string::npos);
  EXPECT_NE(l.find("Optimizing Matrix Transpose in CUDA"), std::string::npos);
}

TEST(Registry, RejectsDuplicatesAndIncompleteSpecs) {
  KernelSpec dup = *find_kernel("simple_copy");
  EXPECT_THROW(register_kernel(dup), std::logic_error);
  KernelSpec empty;
  empty.id = "no_launch";
  EXPECT_THROW(register_kernel(empty), std::logic_error);
}
