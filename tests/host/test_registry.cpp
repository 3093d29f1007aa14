// The registry as the harness sees it, with the real kernel files linked in (no GPU needed).
#include "harness/core/registry.hpp"
#include "harness/options.hpp"
#include "harness/selection.hpp"
#include "harness/sinks/csv.hpp"
#include "harness/sinks/listing.hpp"
#include "kernels/ours/choices.hpp"
#include "kernels/ours/dram_peak.hpp"
#include "kernels/ours/skinny_layout.hpp"

#include <gtest/gtest.h>

#include <filesystem>
#include <tuple>

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
  EXPECT_EQ(ids(ks), (std::vector<std::string>{"simple_copy", "copy_shared_mem", "transpose_naive",
                                               "transpose_coalesced", "transpose_no_bank_conflicts",
                                               "transpose_fine_grained", "transpose_coarse_grained",
                                               "transpose_diagonal", "cuda_memcpy"}));
  // The paper's eight, then the library copy ceiling.
  for (auto* k : std::vector<const KernelSpec*>(ks.begin(), ks.begin() + 8)) {
    EXPECT_EQ(k->family, Family::whitepaper);
    EXPECT_EQ(k->tile_w, 32);
    EXPECT_EQ(k->tile_h, 32);
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
  EXPECT_EQ(select_kernels(all, "all", {"whitepaper"}).size(), 8u); // the family
  EXPECT_EQ(select_kernels(all, "whitepaper", {}).size(), 9u);      // the suite adds memcpy
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

TEST(Registry, RejectsDuplicatesAndIncompleteSpecsWithOneLineEach) {
  // The real kernels registered cleanly.
  ASSERT_TRUE(registry_problems().empty()) << registry_problems().front();
  const std::size_t before = registered_kernels().size();
  KernelSpec dup = *find_kernel("simple_copy");
  dup.file = "/src/kernels/copy_again.cu";
  EXPECT_FALSE(register_kernel(dup));
  KernelSpec empty;
  empty.id = "no_launch";
  empty.name = "No launch";
  EXPECT_FALSE(register_kernel(empty));
  EXPECT_EQ(registered_kernels().size(), before);
  ASSERT_EQ(registry_problems().size(), 2u);
  EXPECT_EQ(registry_problems()[0], "kernel id 'simple_copy' is registered twice, in "
                                    "kernels/simple_copy.cu and kernels/copy_again.cu");
  EXPECT_NE(registry_problems()[1].find("'no_launch' has no launch"), std::string::npos);
}

TEST(Registry, EveryArticleFamilyIsPresent) {
  const auto& all = registered_kernels();
  auto count = [&](const char* family) { return select_kernels(all, "all", {family}).size(); };
  EXPECT_EQ(count("whitepaper"), 8u);
  EXPECT_EQ(count("leetgpu"), 2u);
  EXPECT_EQ(count("vitamin"), 5u);
  EXPECT_EQ(count("study"), 14u);
  EXPECT_EQ(count("triton-style"), 1u);
  EXPECT_EQ(count("library"), 2u);
  for (const auto& k : all) {
    EXPECT_FALSE(k.source.empty()) << k.id;
    EXPECT_FALSE(k.summary.empty()) << k.id;
  }
}

TEST(Registry, LibraryBaselines) {
  const KernelSpec* memcpy = find_kernel("cuda_memcpy");
  ASSERT_NE(memcpy, nullptr);
  EXPECT_EQ(memcpy->baseline, "memcpy");
  EXPECT_FALSE(memcpy->has_nreps);
  EXPECT_TRUE(memcpy->in_suite("whitepaper")); // the default table shows the copy ceiling
  EXPECT_EQ(memcpy->output, Output::copy);
  const KernelSpec* geam = find_kernel("cublas_geam");
  ASSERT_NE(geam, nullptr);
  EXPECT_EQ(geam->dtypes, (std::vector<DType>{DType::fp32, DType::fp64}));
  EXPECT_FALSE(geam->supports(DType::fp16));
  EXPECT_FALSE(geam->supports(DType::u8));
}

namespace {
// What a kernel notes for a shape and type (its path, or why a fast path is off).
std::string note_of(const KernelSpec& k, DType t, int rows, int cols) {
  LaunchArgs a;
  a.dtype = t;
  a.rows = rows;
  a.cols = cols;
  return k.note(a);
}
} // namespace

// Kernels with 16-byte accesses say when a shape forces their scalar fallback.
TEST(Registry, PacketPathDecisionsPerShapeAndType) {
  EXPECT_EQ(elems_per_16_bytes(DType::fp32), 4);
  EXPECT_EQ(elems_per_16_bytes(DType::fp16), 8);
  EXPECT_EQ(elems_per_16_bytes(DType::bf16), 8);
  EXPECT_EQ(elems_per_16_bytes(DType::fp64), 2);
  EXPECT_EQ(elems_per_16_bytes(DType::u8), 16);
  for (const char* id : {"vitamin_packed_bcf", "vitamin_packed_swizzle"}) {
    const KernelSpec* k = find_kernel(id);
    ASSERT_NE(k, nullptr);
    ASSERT_TRUE(static_cast<bool>(k->note));
    auto note = [&](DType t, int rows, int cols) { return note_of(*k, t, rows, cols); };
    EXPECT_EQ(note(DType::fp32, 8192, 8192), "");
    EXPECT_EQ(note(DType::fp32, 1536, 4096), "");
    EXPECT_NE(note(DType::fp32, 4099, 7919).find("multiples of 4"), std::string::npos);
    EXPECT_EQ(note(DType::fp64, 1000, 2), "");
    EXPECT_NE(note(DType::fp64, 1000, 1), "");
    EXPECT_NE(note(DType::u8, 1024, 1000).find("multiples of 16"), std::string::npos);
    EXPECT_EQ(note(DType::u8, 1024, 1008), "");
    EXPECT_NE(note(DType::fp16, 1, 1000), ""); // one row is not a multiple of 8
  }
}

// ours_best's dispatch, read back through the path it notes: the measured crossovers of
// docs/perf-notes.md (the narrow tile for short sides of whole packets, the register path for
// s = 2 to 8, the chunked word tile for 1-byte rows of a multiple of 32 channels, the word tile
// for 1-byte elements from s = 9 and to de-interleave 2-byte ones from s = 17 and 4-byte ones
// from 9, the halo tile to interleave 2-byte ones in unaligned rows from 105, the gather
// otherwise below one tile; the halo tile owning whole sectors of 2-byte output rows that are
// not whole sectors). No GPU needed: the note is computed on the host.
TEST(Registry, BestPathPerShapeAndType) {
  const KernelSpec* k = find_kernel("ours_best");
  ASSERT_NE(k, nullptr);
  ASSERT_TRUE(static_cast<bool>(k->note));
  auto takes = [&](DType t, int rows, int cols, const char* what) {
    const std::string p = note_of(*k, t, rows, cols);
    EXPECT_NE(p.find(what), std::string::npos)
        << dtype_name(t) << " " << rows << "x" << cols << ": " << p;
  };
  auto lacks = [&](DType t, int rows, int cols, const char* what) {
    const std::string p = note_of(*k, t, rows, cols);
    EXPECT_EQ(p.find(what), std::string::npos)
        << dtype_name(t) << " " << rows << "x" << cols << ": " << p;
  };
  takes(DType::u8, 1, 1000, "copy");
  takes(DType::u8, 4000000, 32, "narrow tile, de-interleave");
  takes(DType::fp16, 16, 4000000, "narrow tile, interleave");
  // The narrow tile's grid de-interleave (narrow_grid_wins): planar rows off the 256-byte grid,
  // elements of 2 bytes and more at up to 4 packets, 1-byte ones at one; not at 8 packets, nor
  // 1-byte ones at 2 or 4, nor on the grid, nor interleaving.
  const char* narrow_grid = "planar segments moved onto the 256-byte grid";
  takes(DType::fp16, 8000008, 8, narrow_grid);
  takes(DType::fp16, 4000064, 16, narrow_grid);
  takes(DType::fp32, 4000004, 8, narrow_grid);
  takes(DType::fp64, 2000002, 8, narrow_grid);
  takes(DType::fp16, 2000008, 32, narrow_grid);
  takes(DType::bf16, 2000008, 32, narrow_grid);
  takes(DType::fp32, 1000004, 16, narrow_grid);
  takes(DType::u8, 8000032, 16, narrow_grid);
  for (const auto& [t, rows, cols] :
       std::vector<std::tuple<DType, int, int>>{{DType::u8, 1000000, 128},
                                                {DType::u8, 2000000, 64},
                                                {DType::u8, 4000016, 32},
                                                {DType::fp32, 500000, 32},
                                                {DType::fp64, 250002, 16},
                                                {DType::fp16, 2000000, 32},
                                                {DType::fp32, 2000000, 16},
                                                {DType::fp32, 16, 1000004}}) {
    takes(t, rows, cols, "narrow tile");
    lacks(t, rows, cols, narrow_grid);
  }
  takes(DType::u8, 16000000, 8, "de-interleave in registers");
  takes(DType::fp32, 3, 4099, "interleave in registers");
  // 4- and 8-byte elements de-interleave in registers up to s = 6, through the gather from 7.
  takes(DType::fp32, 6400000, 5, "de-interleave in registers");
  takes(DType::fp64, 2666667, 6, "de-interleave in registers");
  takes(DType::fp32, 4571429, 7, "de-interleave, gather through shared rows");
  takes(DType::fp64, 2285715, 7, "de-interleave, gather through shared rows");
  // The word tile: 1-byte elements from s = 9 to one tile, where it takes the shape (interleaving
  // at s = 9-15 only where s is a multiple of 4), half the positions a block below s = 64 and
  // interleaving at s not a multiple of 4 below 100, staged compactly there; 2-byte
  // de-interleave from s = 17 and 4-byte from 9, the whole tile.
  takes(DType::u8, 10666667, 12,
        "word tile, de-interleave (s = 12, half the positions a block, compiled for s)");
  takes(DType::u8, 12, 10666667,
        "word tile, interleave (s = 12, half the positions a block, compiled for s)");
  takes(DType::u8, 4129033, 31,
        "word tile, de-interleave (s = 31, half the positions a block, whole output sectors, "
        "compiled for s)");
  takes(DType::u8, 100, 1280001, "word tile, interleave (s = 100, compiled for s)");
  takes(DType::u8, 33, 3878787,
        "word tile, interleave (s = 33, half the positions a block, staged compactly, "
        "compiled for s)");
  takes(DType::u8, 17, 7529412,
        "word tile, interleave (s = 17, half the positions a block, staged compactly, "
        "compiled for s)");
  takes(DType::u8, 65, 1969231,
        "word tile, interleave (s = 65, half the positions a block, staged compactly, "
        "compiled for s)");
  takes(DType::u8, 99, 1000003,
        "word tile, interleave (s = 99, half the positions a block, staged compactly, "
        "compiled for s)");
  takes(DType::u8, 48, 2666667,
        "word tile, interleave (s = 48, half the positions a block, compiled for s)");
  takes(DType::u8, 113, 1132745, "word tile, interleave (s = 113, compiled for s)");
  takes(DType::u8, 1969231, 65,
        "word tile, de-interleave (s = 65, whole output sectors, compiled for s)");
  // De-interleaving, whole output sectors (words_sectors_wins): 4-byte elements at every s,
  // 2-byte ones from 17, 1-byte ones on the whole tile and on the half tile where its positions
  // are not whole sectors (u8 s = 31: 32 position groups; s = 12, 17 and 48: 85, 51 and 21; 48,
  // whole packets, rotates its windows owning whole sectors: words_rotate_wins, below).
  // Below s = 64 (2-byte: 33) on the half tile, compiled for s (words_compiled_wins).
  takes(DType::fp16, 5333333, 12,
        "word tile, de-interleave (s = 12, half the positions a block, compiled for s)");
  // At s = 16 (L not whole packets) above the H100's DRAM peak and on a host with no GPU, compiled
  // for s; the gather on the H100 (below).
  if (!tb::ours::lower_dram_peak(tb::ours::current_dram_peak_gbps()))
    takes(DType::fp16, 1000001, 16,
          "word tile, de-interleave (s = 16, half the positions a block, compiled for s)");
  takes(DType::fp16, 3764705, 17,
        "word tile, de-interleave (s = 17, half the positions a block, whole output sectors, "
        "compiled for s)");
  takes(DType::u8, 7529411, 17,
        "word tile, de-interleave (s = 17, half the positions a block, compiled for s)");
  takes(DType::u8, 2666667, 40,
        "word tile, de-interleave (s = 40, half the positions a block, compiled for s)");
  takes(DType::u8, 5120001, 25,
        "word tile, de-interleave (s = 25, half the positions a block, whole output sectors, "
        "compiled for s)");
  takes(DType::u8, 31, 4129033,
        "word tile, interleave (s = 31, half the positions a block, staged compactly, compiled "
        "for s)");
  // The gather de-interleaving 8-byte elements above the register path's short sides into whole
  // output sectors (skinny_sectors_wins); at s = 3-8 and for 4-byte elements, whole packets.
  // (Where the output rows are not whole packets, L odd, the scalar grid tile takes s = 24-31:
  // scalar_grid_wins.)
  takes(DType::fp64, 516128, 31,
        "skinny, de-interleave, gather through shared rows, 66 positions a block, whole output "
        "sectors");
  takes(DType::fp64, 484849, 33, "gather through skewed shared rows, 62 positions a block, whole");
  // Just above one tile (word_tile_past_wins): the word tile past one tile, de-interleaving 2-
  // and 4-byte elements up to 400 bytes of short row (fp32 to 127 where output rows are not
  // 16-byte aligned) into whole output sectors, interleaving them up to 300 bytes (2-byte ones
  // staged compactly), 1-byte elements up to 300 both ways where the short rows are not whole
  // packets; at s = 16V the tiles are full.
  const auto past = [&](DType t, int rows, int cols) {
    const int s = std::min(rows, cols);
    const bool de = rows > cols;
    takes(t, rows, cols,
          (std::string("word tile past one tile, ") + (de ? "de-interleave" : "interleave") +
           " (s = " + std::to_string(s) +
           (de                 ? ", whole output sectors)"
            : t == DType::fp32 ? ")"
                               : ", staged compactly)"))
              .c_str());
  };
  past(DType::fp32, 492307, 65);
  past(DType::fp32, 400001, 80);
  past(DType::fp32, 320000, 100);
  past(DType::fp32, 316833, 101);
  past(DType::fp32, 251969, 127);
  // Interleaving fp32 there, the gather on a GPU above the H100's DRAM peak and on a host with no
  // GPU (skinny_wide_interleave_wins, below); the word tile past one tile on the H100.
  takes(DType::fp32, 65, 492307, "skinny, interleave, gather");
  takes(DType::fp32, 75, 426667, "skinny, interleave, gather");
  past(DType::fp16, 496125, 129);
  past(DType::fp16, 320001, 200);
  takes(DType::bf16, 129, 496125, "skinny, interleave, gather"); // the H200's (below)
  takes(DType::fp16, 150, 426667, "skinny, interleave, gather");
  past(DType::u8, 498055, 257);
  past(DType::u8, 257, 498055);
  past(DType::u8, 426667, 300);
  past(DType::u8, 300, 426667);
  for (auto [t, rows, cols] : std::vector<std::tuple<DType, int, int>>{{DType::fp32, 492307, 64},
                                                                       {DType::fp32, 64, 500001},
                                                                       {DType::fp32, 316832, 101},
                                                                       {DType::fp32, 256000, 125},
                                                                       {DType::fp32, 77, 415585},
                                                                       {DType::fp32, 80, 400001},
                                                                       {DType::fp16, 318409, 201},
                                                                       {DType::fp16, 151, 423841},
                                                                       {DType::u8, 400001, 320},
                                                                       {DType::u8, 272, 470589},
                                                                       {DType::u8, 332226, 301},
                                                                       {DType::u8, 301, 332226},
                                                                       {DType::fp64, 400001, 40}})
    lacks(t, rows, cols, "word tile");
  takes(DType::fp32, 492307, 64, "scalar grid tile"); // scalar_grid_units_win, below
  // Bytes de-interleaving 64 channels from odd rows: the scalar grid tile in 8-byte units
  // (scalar_grid_bytes_win), from 128 MB; the chunked word tile below it (the H200 lost 1.1 to
  // 14.9 points at 16.8-64 MB), at other channel counts and where rows are whole packets (there
  // the narrow tile).
  takes(DType::u8, 2000001, 64, "scalar grid tile, column-major order, 8-byte units");
  takes(DType::u8, 4000001, 64, "scalar grid tile, column-major order, 8-byte units");
  takes(DType::u8, 1999999, 64, "word tile in chunks of 32 channels");
  takes(DType::u8, 1000001, 64, "word tile in chunks of 32 channels");
  takes(DType::u8, 1000001, 128, "word tile in chunks of 32 channels");
  takes(DType::u8, 2000000, 64, "narrow tile");
  lacks(DType::u8, 1800001, 72, "scalar grid tile");
  lacks(DType::u8, 64, 2000001, "scalar grid tile");
  EXPECT_FALSE(tb::ours::scalar_grid_bytes_win(2, 2000001, 64));
  EXPECT_FALSE(tb::ours::scalar_grid_bytes_win(1, 2000002, 64));
  takes(DType::fp32, 256000, 125, "halo tile");
  // 1-byte short rows of whole packets de-interleave on rotated windows, owning whole output
  // sectors (words_rotate_wins): below one tile, and past it up to 304.
  takes(DType::u8, 2666667, 48,
        "word tile, de-interleave (s = 48, half the positions a block, whole output sectors, "
        "windows rotated, compiled for s)");
  takes(DType::u8, 727273, 176, "word tile, de-interleave (s = 176, whole output sectors, windows");
  takes(DType::u8, 470589, 272,
        "word tile past one tile, de-interleave (s = 272, whole output "
        "sectors, windows rotated)");
  takes(DType::u8, 421053, 304, "past one tile, de-interleave (s = 304, whole output sectors, win");
  for (auto [rows, cols] : std::vector<std::pair<int, int>>{{695653, 184}, {484848, 264}}) {
    takes(DType::u8, rows, cols, "word tile");
    lacks(DType::u8, rows, cols, "rotated");
  }
  // Beyond the word tile, the gather interleaving short rows that are not whole packets, up to
  // 400 bytes for 4-byte elements and to two tiles for 1- and 2-byte ones
  // (skinny_interleave_above_tile_wins).
  takes(DType::fp32, 77, 415585, "skinny, interleave, gather");
  takes(DType::fp16, 151, 423841, "skinny, interleave, gather");
  takes(DType::u8, 301, 332226, "skinny, interleave, gather");
  takes(DType::fp16, 255, 250981, "skinny, interleave, gather");
  takes(DType::u8, 511, 250489, "skinny, interleave, gather");
  for (auto [t, rows, cols] : std::vector<std::tuple<DType, int, int>>{{DType::fp32, 128, 250001},
                                                                       {DType::fp16, 256, 250001},
                                                                       {DType::u8, 512, 250001},
                                                                       {DType::u8, 513, 249513}})
    lacks(t, rows, cols, "skinny");
  // 4-byte elements interleaving just above one tile, on a GPU above the H100's DRAM peak (and a
  // host with no GPU): the gather (skinny_wide_interleave_wins), in whole packets too.
  takes(DType::fp32, 80, 400001, "skinny, interleave, gather");
  takes(DType::fp32, 101, 316833, "skinny, interleave, gather");
  takes(DType::fp32, 127, 251969, "skinny, interleave, gather");
  lacks(DType::fp32, 80, 400000, "skinny"); // whole packets both ways
  lacks(DType::fp32, 400001, 80, "skinny"); // de-interleaving
  using tb::ours::skinny_wide_interleave_wins;
  EXPECT_TRUE(skinny_wide_interleave_wins(4, 65, false, true, 4814.1));
  EXPECT_TRUE(skinny_wide_interleave_wins(4, 127, false, true, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(4, 64, false, true, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(4, 128, false, true, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(4, 100, false, true, 3352.3));
  EXPECT_FALSE(skinny_wide_interleave_wins(4, 100, true, true, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(4, 100, false, false, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(8, 100, false, true, 4814.1));
  // From two tiles, 4-byte short rows not whole packets up to 800 bytes; 2-byte ones from one
  // tile to two.
  EXPECT_TRUE(skinny_wide_interleave_wins(4, 129, false, true, 4814.1));
  EXPECT_TRUE(skinny_wide_interleave_wins(4, 199, false, true, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(4, 160, false, true, 4814.1)); // whole packets
  EXPECT_FALSE(skinny_wide_interleave_wins(4, 201, false, true, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(4, 145, false, true, 3352.3));
  EXPECT_TRUE(skinny_wide_interleave_wins(2, 129, false, true, 4814.1));
  EXPECT_TRUE(skinny_wide_interleave_wins(2, 255, false, true, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(2, 128, false, true, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(2, 256, false, true, 4814.1));
  EXPECT_FALSE(skinny_wide_interleave_wins(2, 145, false, true, 3352.3));
  EXPECT_FALSE(skinny_wide_interleave_wins(2, 145, false, false, 4814.1));
  takes(DType::fp16, 129, 496125, "skinny, interleave, gather");
  takes(DType::fp16, 200, 320001, "skinny, interleave, gather");
  takes(DType::fp32, 193, 165803, "skinny, interleave, gather");
  lacks(DType::fp32, 249, 128515, "skinny");
  // The interleaving gather takes twice the data a block above s = 33 for 2- and 4-byte
  // elements (skinny_wide): 408 positions at fp16 s = 40 (204 in 16 KB, 200 with the period's
  // cap), 240 at fp32 s = 34; not at fp32 s = 33, nor de-interleaving. fp16 at 25-33 takes four
  // times, capped at 58 KB (skinny_keeps_l1): 896 positions at 33 (224 in 16 KB).
  takes(
      DType::fp16, 40, 1600001,
      "gather through skewed shared rows (copied a row a warp through L1), 408 positions a block");
  takes(DType::fp32, 34, 941177, "gather through skewed shared rows, 240 positions a block");
  takes(DType::fp16, 33, 1939395,
        "gather through skewed shared rows (copied through L1), 896 positions a block");
  takes(DType::fp16, 25, 2560001, "loads rotated, 1184 positions a block");
  takes(DType::fp16, 24, 2666667, "gather through shared rows (copied through L1), 336 positions");
  takes(DType::fp32, 33, 969697,
        "gather through skewed shared rows (copied through L1), loads rotated, 112 positions a "
        "block");
  takes(DType::fp64, 40, 800001, "gather through skewed shared rows, 48 positions a block");
  // Its phase-1 copies go through L1 for 2- and 4-byte elements up to s = 33 and 4-byte ones
  // from 65 to 127, four times the data at 2-byte 25-33 and 4-byte 65-127 (skinny_cached_copies,
  // skinny_keeps_l1); not twice the data (fp32 34-64, 2-byte 34-128), not for 1- and 8-byte
  // elements, not de-interleaving.
  using tb::ours::skinny_cached_copies;
  EXPECT_TRUE(skinny_cached_copies(2, 2));
  EXPECT_TRUE(skinny_cached_copies(2, 32));
  EXPECT_TRUE(skinny_cached_copies(2, 33));
  EXPECT_FALSE(skinny_cached_copies(2, 34));
  EXPECT_TRUE(skinny_cached_copies(4, 12));
  EXPECT_TRUE(skinny_cached_copies(4, 33));
  EXPECT_FALSE(skinny_cached_copies(4, 34));
  EXPECT_FALSE(skinny_cached_copies(4, 64));
  EXPECT_TRUE(skinny_cached_copies(4, 65));
  EXPECT_TRUE(skinny_cached_copies(4, 127));
  EXPECT_FALSE(skinny_cached_copies(4, 128));
  EXPECT_FALSE(skinny_cached_copies(2, 100));
  using tb::ours::skinny_keeps_l1;
  EXPECT_TRUE(skinny_keeps_l1(4, 65, true));
  EXPECT_TRUE(skinny_keeps_l1(4, 127, true));
  EXPECT_FALSE(skinny_keeps_l1(4, 64, true));
  EXPECT_FALSE(skinny_keeps_l1(4, 128, true));
  EXPECT_FALSE(skinny_keeps_l1(4, 100, false));
  EXPECT_FALSE(skinny_keeps_l1(2, 100, true));
  EXPECT_FALSE(skinny_keeps_l1(2, 24, true));
  EXPECT_TRUE(skinny_keeps_l1(2, 25, true));
  EXPECT_TRUE(skinny_keeps_l1(2, 33, true));
  EXPECT_FALSE(skinny_keeps_l1(2, 34, true));
  EXPECT_FALSE(skinny_keeps_l1(2, 31, false));
  EXPECT_FALSE(skinny_keeps_l1(4, 33, true));
  EXPECT_FALSE(skinny_cached_copies(1, 12));
  EXPECT_FALSE(skinny_cached_copies(8, 12));
  EXPECT_FALSE(skinny_cached_copies(4, 1));
  takes(DType::fp16, 12, 5333333, "gather through shared rows (copied through L1), 680 positions");
  takes(DType::fp32, 31, 1032259, "gather through skewed shared rows (copied through L1)");
  takes(DType::fp32, 100, 320001,
        "gather through skewed shared rows (copied through L1), loads rotated, 148 positions a "
        "block");
  lacks(DType::fp64, 516129, 31, "through L1");
  // The interleaving gather's loads rotated where the bank model has them take a wavefront fewer
  // (skinny_rotate_wins): fp16 s = 25-33 at these long sides; fp32 9, 31, 33, 100, 200; not where
  // rotating lost (fp16 9, 12, 24; fp32 12, 24; fp16 200 on the H100), not at fp16 33 with
  // L = 3 mod 8 (1.9 -> 4.1 wavefronts), not with the row walk (fp16 34-128), not for 1- and
  // 8-byte elements.
  using tb::ours::skinny_rotate_wins;
  for (auto [s, L] : std::vector<std::pair<int, int>>{{25, 2560001},
                                                      {27, 2370371},
                                                      {28, 2285715},
                                                      {31, 2064517},
                                                      {32, 2000001},
                                                      {33, 1939393}})
    EXPECT_TRUE(skinny_rotate_wins(2, s, L)) << s << " x " << L;
  for (auto [s, L] :
       std::vector<std::pair<int, int>>{{9, 3555557}, {31, 1032259}, {100, 320001}, {200, 160001}})
    EXPECT_TRUE(skinny_rotate_wins(4, s, L)) << s << " x " << L;
  EXPECT_FALSE(skinny_rotate_wins(2, 200, 320001));
  EXPECT_FALSE(skinny_rotate_wins(2, 9, 7111111));
  EXPECT_FALSE(skinny_rotate_wins(2, 12, 5333333));
  EXPECT_FALSE(skinny_rotate_wins(2, 24, 2666667));
  EXPECT_FALSE(skinny_rotate_wins(4, 12, 2666667));
  EXPECT_FALSE(skinny_rotate_wins(4, 24, 1333333));
  EXPECT_FALSE(skinny_rotate_wins(2, 33, 1939395));
  EXPECT_FALSE(skinny_rotate_wins(2, 100, 640001));
  EXPECT_FALSE(skinny_rotate_wins(1, 33, 3878787));
  EXPECT_FALSE(skinny_rotate_wins(8, 33, 484849));
  takes(DType::fp16, 33, 1939393,
        "gather through skewed shared rows (copied through L1), loads rotated, 896 positions");
  takes(DType::bf16, 25, 2560001, "loads rotated");
  lacks(DType::fp16, 12, 5333333, "rotated");
  lacks(DType::fp16, 1939393, 33, "rotated"); // de-interleaving
  // 2-byte elements at s = 34-128 copy a row a warp through L1 (skinny_row_copies): not at 33 or
  // above 128, not 4-byte ones, not de-interleaving.
  using tb::ours::skinny_row_copies;
  EXPECT_FALSE(skinny_row_copies(2, 33));
  EXPECT_TRUE(skinny_row_copies(2, 34));
  EXPECT_TRUE(skinny_row_copies(2, 128));
  EXPECT_FALSE(skinny_row_copies(2, 129));
  EXPECT_FALSE(skinny_row_copies(4, 100));
  EXPECT_FALSE(skinny_row_copies(1, 100));
  takes(DType::fp16, 100, 640001,
        "gather through skewed shared rows (copied a row a warp "
        "through L1), 160 positions a block");
  takes(DType::bf16, 48, 1333333, "(copied a row a warp through L1)");
  lacks(DType::fp16, 33, 1939393, "a row a warp");
  lacks(DType::fp16, 129, 496125, "a row a warp");
  lacks(DType::fp32, 100, 320001, "a row a warp");
  lacks(DType::fp16, 640001, 100, "a row a warp");
  // Four times the data above s = 128: fp16 s = 129 and 193 128 positions (64 at twice); fp32
  // s = 127 four times through L1 but 58 KB of data (skinny_keeps_l1): 116, 64 at twice.
  takes(DType::fp16, 129, 496125, "gather through skewed shared rows, 128 positions a block");
  takes(DType::fp16, 193, 331606, "gather through skewed shared rows, 128 positions a block");
  takes(DType::fp32, 127, 251969,
        "gather through skewed shared rows (copied through L1), loads rotated, 116 positions a "
        "block");
  // 4-byte elements de-interleaving from two tiles (skinny_above_tile_wins): the gather on a GPU
  // of the H100's DRAM peak where output rows are not 16-byte aligned (on a host with no GPU,
  // the halo tile).
  using tb::ours::skinny_above_tile_wins;
  EXPECT_TRUE(skinny_above_tile_wins(4, 128, 250002, false, 3352.3)); // rows even: no units
  EXPECT_TRUE(skinny_above_tile_wins(4, 199, 160001, false, 3352.3)); // cols odd: no units
  EXPECT_TRUE(skinny_above_tile_wins(4, 142, 250001, false, 3352.3)); // 26% of the spans idle
  EXPECT_FALSE(skinny_above_tile_wins(4, 201, 160001, false, 3352.3));
  // Where the scalar grid tile in 8-byte units fits, it leads the gather (scalar_grid_units_win).
  EXPECT_FALSE(skinny_above_tile_wins(4, 128, 250001, false, 3352.3));
  EXPECT_FALSE(skinny_above_tile_wins(4, 144, 250001, false, 3352.3)); // 25% idle
  EXPECT_FALSE(skinny_above_tile_wins(4, 200, 160001, false, 3352.3));
  EXPECT_FALSE(skinny_above_tile_wins(4, 127, 251969, false, 3352.3)); // the word tile's
  EXPECT_FALSE(skinny_above_tile_wins(4, 200, 160000, false, 3352.3)); // output rows aligned
  EXPECT_FALSE(skinny_above_tile_wins(4, 150, 213333, false, 4814.1));
  EXPECT_FALSE(skinny_above_tile_wins(4, 150, 213333, true, 3352.3));
  EXPECT_FALSE(skinny_above_tile_wins(8, 150, 213333, false, 3352.3));
  // 8-byte elements from one tile (skinny_eight_byte_wins): the gather, owning whole output
  // sectors de-interleaving, in unaligned rows below two tiles and de-interleaving to 90; in
  // aligned ones de-interleaving to 48, interleaving short rows of 16 mod 32 bytes to 42. (But
  // where output rows are not whole packets and the lanes over a row idle at most a quarter, the
  // scalar grid tile: 177779 x 90, below.)
  for (auto [rows, cols] : std::vector<std::pair<int, int>>{
           {470588, 34}, {333334, 48}, {246153, 65}, {22223, 90}, {484849, 33}}) {
    takes(DType::fp64, rows, cols, "skinny, de-interleave, gather");
    takes(DType::fp64, rows, cols, "whole output sectors");
  }
  takes(DType::fp64, 63, 253969, "skinny, interleave, gather");
  using tb::ours::skinny_eight_byte_wins;
  EXPECT_TRUE(skinny_eight_byte_wins(34, true, true, 3352.3)); // aligned interleave: the H100's
  EXPECT_TRUE(skinny_eight_byte_wins(42, true, true, 3352.3));
  EXPECT_FALSE(skinny_eight_byte_wins(34, true, true, 4814.1));
  EXPECT_FALSE(skinny_eight_byte_wins(46, true, true, 3352.3));
  EXPECT_FALSE(skinny_eight_byte_wins(40, true, true, 3352.3));
  EXPECT_TRUE(skinny_eight_byte_wins(48, true, false, 4814.1));
  EXPECT_FALSE(skinny_eight_byte_wins(50, true, false, 3352.3));
  for (auto [rows, cols] : std::vector<std::pair<int, int>>{{320000, 50},
                                                            {160001, 100},
                                                            {177780, 90},
                                                            {175825, 91},
                                                            {36, 444444},
                                                            {34, 470588},
                                                            {46, 347826},
                                                            {65, 246153},
                                                            {500000, 32}})
    lacks(DType::fp64, rows, cols, "skinny");
  using tb::ours::word_tile_past_wins;
  EXPECT_FALSE(word_tile_past_wins(4, 128, 250001, false)); // two tiles
  EXPECT_FALSE(word_tile_past_wins(8, 40, 400001, false));
  for (auto [t, rows, cols] : std::vector<std::tuple<DType, int, int>>{
           {DType::fp64, 2285715, 7}, {DType::fp32, 4571429, 7}, {DType::fp64, 33, 484849}}) {
    takes(t, rows, cols, "gather");
    lacks(t, rows, cols, "sectors");
  }
  // (2- and 4-byte de-interleave at s = 12-33 half the positions a block above the H100's DRAM
  // peak, and on a host with no GPU: words_half_wins.)
  takes(DType::fp32, 2666667, 12,
        "word tile, de-interleave (s = 12, half the positions a block, whole output sectors, "
        "compiled for s)");
  takes(DType::fp32, 1032259, 31,
        "word tile, de-interleave (s = 31, half the positions a block, whole output sectors, "
        "compiled for s)");
  takes(DType::fp32, 3555557, 9, "word tile, de-interleave (s = 9, whole output sectors)");
  takes(DType::fp32, 507937, 63, "word tile, de-interleave (s = 63, whole output sectors)");
  // The chunked word tile: 1-byte de-interleave, rows of a multiple of 32 channels up to 4096,
  // unaligned rows (or below one tile, s = 96-224; 32, 64 and 128 in aligned rows: the narrow
  // tile, above), but 64 in odd rows from 128 MB (scalar_grid_bytes_win, above).
  takes(DType::u8, 200001, 64, "word tile in chunks of 32 channels, de-interleave (s = 64, 2 ");
  takes(DType::u8, 1000001, 128, "word tile in chunks of 32 channels");
  takes(DType::u8, 1000001, 32, "word tile in chunks of 32 channels, de-interleave (s = 32, 1 ");
  takes(DType::u8, 1000001, 48, "word tile, de-interleave (s = 48, half");
  takes(DType::u8, 1333335, 96, "word tile in chunks of 32 channels, de-interleave (s = 96, 3 ");
  takes(DType::u8, 800001, 160, "word tile in chunks of 32 channels");
  takes(DType::u8, 1040, 96, "word tile in chunks of 32 channels");
  // From 256 channels the halo tile owning whole output sectors (halo_byte_sectors_wins), on
  // both GPUs, whole halo tiles or not.
  const char* sectors = "halo tile, half height (output rows not whole 32-byte sectors, owned "
                        "whole), the groups above by shuffles, 3 blocks an SM";
  takes(DType::u8, 500001, 256, sectors);
  takes(DType::u8, 250001, 512, sectors);
  takes(DType::u8, 200001, 640, sectors);
  takes(DType::u8, 111111, 1152, sectors);
  // From input rows of 2048 bytes, above the H100's DRAM peak (a host with no GPU takes the
  // H200's choices), the same tiles staged (staged_byte_sectors_wins).
  // (On a GPU of the H100's DRAM peak, the tiles above.)
  const char* staged = tb::ours::lower_dram_peak(tb::ours::current_dram_peak_gbps())
                           ? sectors
                           : "path: staged byte tile (the half-height halo tile's tiles, output "
                             "rows not whole 32-byte sectors, owned whole;";
  takes(DType::u8, 62501, 2048, staged);
  takes(DType::u8, 31250, 4096, staged);
  takes(DType::u8, 1000, 128000, staged);
  takes(DType::u8, 125001, 1024, sectors);
  // The chunks below 256 channels only (words_chunked_wins); aligned rows from one tile keep the
  // 16-byte tile.
  EXPECT_TRUE(tb::ours::words_chunked_wins(1, 1000001, 224));
  EXPECT_FALSE(tb::ours::words_chunked_wins(1, 1000001, 256));
  EXPECT_FALSE(tb::ours::words_chunked_wins(1, 224, 1000001)); // interleave
  EXPECT_FALSE(tb::ours::words_chunked_wins(2, 1000001, 224));
  takes(DType::u8, 250016, 512, "16-byte tile");
  takes(DType::u8, 62528, 2048, "16-byte tile");
  takes(DType::u8, 166667, 768, sectors);
  takes(DType::u8, 15625, 8192, staged);
  takes(DType::u8, 533333, 240, "halo tile, half height (output rows not");
  takes(DType::u8, 1000003, 100,
        "word tile, de-interleave (s = 100, whole output sectors, compiled for s)");
  takes(DType::u8, 96, 1333335, "word tile, interleave (s = 96, compiled for s)");
  takes(DType::u8, 1280001, 100,
        "word tile, de-interleave (s = 100, whole output sectors, compiled for s)");
  takes(DType::u8, 20011, 255, "word tile, de-interleave (s = 255, whole output sectors)");
  takes(DType::u8, 16384, 48, "word tile, de-interleave (s = 48, half");
  takes(DType::fp16, 640001, 100,
        "word tile, de-interleave (s = 100, whole output sectors, compiled for s)");
  takes(DType::bf16, 4099, 65,
        "word tile, de-interleave (s = 65, whole output sectors, compiled for s)");
  takes(DType::fp16, 2064517, 31,
        "word tile, de-interleave (s = 31, half the positions a block, whole output sectors, "
        "compiled for s)");
  takes(DType::fp16, 1333333, 48,
        "word tile, de-interleave (s = 48, whole output sectors, compiled for s)");
  takes(DType::bf16, 4099, 63,
        "word tile, de-interleave (s = 63, whole output sectors, compiled for s)");
  takes(DType::bf16, 4099, 64,
        "word tile, de-interleave (s = 64, whole output sectors, compiled for s)");
  // 2-byte interleaves from 105 take the gather (a row a warp through L1) whether s is whole
  // packets or not: no longer the halo tile's partial tiles (halo_short_side_wins).
  takes(DType::bf16, 120, 533333, "gather through skewed shared rows (copied a row a warp");
  takes(DType::fp16, 112, 571429, "gather through skewed shared rows (copied a row a warp");
  takes(DType::fp16, 105, 533333, "skinny, interleave, gather through skewed shared rows");
  takes(DType::fp16, 127, 503937, "skinny, interleave, gather through skewed shared rows");
  takes(DType::bf16, 121, 533336, "skinny, interleave, gather through skewed shared rows");
  // The halo tile below one tile for 4-byte elements interleaving whole packets from 56 (the word
  // tile de-interleaves them), and 1-byte elements in whole packets from 192, both ways (but for
  // the chunked de-interleave at multiples of 32).
  takes(DType::fp32, 615385, 52, "word tile, de-interleave (s = 52, whole output sectors)");
  takes(DType::fp32, 680851, 47, "word tile, de-interleave (s = 47, whole output sectors)");
  takes(DType::fp32, 727276, 44, "word tile, de-interleave (s = 44, whole output sectors)");
  takes(DType::fp32, 888889, 36, "word tile, de-interleave (s = 36, whole output sectors)");
  takes(DType::fp32, 60, 533333, "halo tile (input rows not 16-byte aligned)");
  takes(DType::u8, 192, 666667, "halo tile, half height (input rows not 16-byte aligned)");
  takes(DType::u8, 533333, 240, "halo tile, half height (output rows not 16-byte aligned)");
  takes(DType::u8, 666667, 208, "halo tile, half height (output rows not 16-byte aligned)");
  takes(DType::u8, 666667, 192, "word tile in chunks of 32 channels");
  takes(DType::fp32, 44, 727273, "gather");
  takes(DType::fp32, 63, 507937, "gather");
  takes(DType::u8, 176, 727273, "word tile, interleave (s = 176");
  takes(DType::u8, 882759, 145, "word tile, de-interleave (s = 145, whole output sectors)");
  takes(DType::fp16, 666667, 96,
        "word tile, de-interleave (s = 96, whole output sectors, compiled for s)");
  takes(DType::fp16, 96, 666667, "gather");
  // The gather's shared rows skewed from s = 13 for 4-byte elements, from 33 for the others.
  takes(DType::fp32, 31, 1032259, "gather through skewed shared rows");
  takes(DType::fp32, 13, 2461539, "gather through skewed shared rows");
  takes(DType::fp32, 12, 2666667, "gather through shared rows");
  takes(DType::fp16, 31, 2064517, "gather through shared rows");
  takes(DType::fp64, 31, 516129, "gather through shared rows");
  takes(DType::fp16, 100, 640001, "gather through skewed shared rows");
  // The gather's positions a block: about 16 KB, and interleaving 2- to 8-byte elements at most
  // 4 packets for each thread that takes packets (a multiple of the period s / gcd(s, V) up to
  // 256), so that none takes one more than the others; 1-byte elements keep 16 KB. Twice both
  // interleaving 2- and 4-byte elements above s = 33 (skinny_wide); four times, capped at 58 KB,
  // 2-byte ones at 25-33 (skinny_keeps_l1).
  takes(DType::fp32, 33, 969697, ", 112 positions a block");
  takes(DType::fp16, 31, 2064517, ", 952 positions a block");
  takes(DType::fp16, 100, 640001, ", 160 positions a block");
  takes(DType::u8, 13, 1000003, ", 1248 positions a block");
  // De-interleaving 1- and 2-byte elements through unskewed rows, the gather stages its span in
  // shared memory first; 4- and 8-byte elements, interleaving and skewed rows do not. (ours_best
  // takes it there at 2-byte s = 16 on a GPU of the H100's DRAM peak only: the word tile above
  // it and on a host with no GPU, words_two_byte_sixteen_wins.)
  const bool gather16 = tb::ours::lower_dram_peak(tb::ours::current_dram_peak_gbps());
  takes(DType::fp16, 1000003, 16,
        gather16 ? "gather through shared rows (span staged), 512 positions a block"
                 : "word tile, de-interleave (s = 16");
  takes(DType::bf16, 1000001, 16,
        gather16 ? "gather through shared rows (span staged)" : "word tile, de-interleave");
  takes(DType::fp64, 516128, 31, "gather through shared rows, ");
  takes(DType::fp16, 12, 5333333, "gather through shared rows (copied through L1), ");
  // Where the gather stayed ahead: interleaving 2-byte elements below 105 and 1-byte ones at
  // s = 9-15 not a multiple of 4, 2-byte de-interleaving at 16 on the H100, 4-byte interleaving,
  // 8-byte types.
  takes(DType::u8, 13, 1000003, "gather");
  takes(DType::fp16, 100, 640001, "gather");
  takes(DType::bf16, 104, 533333, "gather");
  // 2-byte de-interleave from s = 9 to 15: half the word tile's positions a block, both GPUs;
  // compiled for s from 12.
  takes(DType::fp16, 5333333, 12,
        "word tile, de-interleave (s = 12, half the positions a block, compiled for s)");
  takes(DType::bf16, 7111111, 9, "word tile, de-interleave (s = 9, half the positions a block)");
  takes(DType::fp16, 4266667, 15,
        "word tile, de-interleave (s = 15, half the positions a block, compiled for s)");
  takes(DType::fp16, 6400001, 8, "de-interleave in registers");
  takes(DType::fp32, 33, 969697, "gather");
  takes(DType::fp64, 516128, 31, "gather");
  // One tile and beyond: the tiles; the halo tile with the realignment of an aligned side
  // compiled out (rows a multiple of V: output rows aligned; cols: input rows).
  takes(DType::u8, 500001, 320, "halo tile, half height (output rows not");
  takes(DType::u8, 256, 500001, "halo tile, half height (input rows not");
  takes(DType::u8, 1000, 128000, staged);
  takes(DType::u8, 11313, 11313, "halo tile, half height (input and output rows not");
  // 1-byte elements with neither side aligned take the group above by a shuffle (at three
  // blocks an SM above the H100's DRAM peak and with no GPU); input-aligned ones below a short
  // side of 256 and rows of 512 or less, output-aligned ones, or 2- and 4-byte elements, read it.
  takes(DType::u8, 11313, 11313, "not 16-byte aligned), the group above by a shuffle, 3 blocks");
  takes(DType::u8, 4099, 7919, "the group above by a shuffle");
  for (const auto& [t, r, c] : {std::tuple{DType::u8, 1001, 240},
                                {DType::u8, 256, 500001},
                                {DType::fp32, 8191, 8193},
                                {DType::fp16, 8191, 8193}})
    lacks(t, r, c, "shuffle");
  takes(DType::fp16, 250001, 256, "halo tile (output rows not whole 32-byte sectors, owned whole)");
  // 2-byte elements own whole sectors of output rows that are not whole sectors (rows not a
  // multiple of 16), aligned rows too; 1-byte elements by row groups where output rows are 16
  // mod 32 bytes and the matrix is tall (with no GPU), 4- and 8-byte elements whole packets.
  takes(DType::bf16, 250008, 256, "halo tile (output rows not whole 32-byte sectors, owned whole)");
  takes(DType::fp16, 15624, 4096, "halo tile (output rows not whole 32-byte sectors, owned whole)");
  takes(DType::fp16, 250016, 256, "grid tile");
  takes(DType::u8, 500016, 256, "16 mod 32 bytes owned in whole sectors by row groups");
  takes(DType::fp32, 125004, 256, "16-byte tile");
  takes(DType::fp32, 4001, 200, "halo tile (output rows not");
  takes(DType::u8, 500016, 4096, "16 mod 32 bytes owned in whole sectors by row groups");
  takes(DType::u8, 8208, 8192, "16 mod 32 bytes owned in whole sectors by row groups");
  // Other bytes in whole packets both ways: the half-height halo tile off whole tiles or at
  // 288-1024 of its 256 x 256 tiles, short side from 4096 (tile16_bytes_halo_wins); the 16-byte
  // tile elsewhere.
  takes(DType::u8, 8192, 8192, "halo tile, half height (input and output rows 16-byte aligned)");
  takes(DType::u8, 9792, 16384, "halo tile, half height (input and output rows 16-byte aligned)");
  takes(DType::u8, 5792, 5792, "halo tile, half height (input and output rows 16-byte aligned)");
  takes(DType::u8, 16384, 16384, "16-byte tile, column-major order");
  takes(DType::u8, 4096, 4096, "16-byte tile, column-major order");
  takes(DType::u8, 2080, 32768, "16-byte tile, column-major order");
  takes(DType::fp32, 200, 160001, "halo tile (input rows not");
  // Tall matrices of whole packets, input rows of 64 elements to 2 KB, output rows a multiple of
  // 32 bytes off the 256-byte grid: the grid tile (tile16_grid_wins), ahead of the narrow tile
  // too (fp16 1000000 x 64); on the grid, or 16 mod 32, or bytes, or long input rows: not.
  takes(DType::fp16, 500000, 128,
        "grid tile, output segments moved onto the 256-byte grid "
        "(output rows 64 mod 256 bytes)");
  takes(DType::bf16, 1000000, 64, "grid tile");
  takes(DType::fp32, 500000, 64,
        "grid tile, output segments moved onto the 256-byte grid "
        "(output rows 128 mod 256 bytes)");
  takes(DType::fp32, 250000, 128, "grid tile");
  takes(DType::fp32, 125000, 256, "(output rows 32 mod 256 bytes)");
  takes(DType::fp32, 62512, 512, "grid tile");
  takes(DType::fp64, 250000, 64, "grid tile");
  takes(DType::fp64, 125000, 128, "grid tile");
  takes(DType::fp32, 499968, 64, "16-byte tile, column-major order");
  takes(DType::fp32, 500004, 64, "16-byte tile");
  takes(DType::fp16, 999936, 64, "narrow tile");
  takes(DType::u8, 1000000, 128, "narrow tile");
  takes(DType::fp32, 5664, 5664, "16-byte tile");
  takes(DType::fp32, 64, 500000, "16-byte tile");
  takes(DType::fp64, 62504, 512, "16-byte tile"); // 4 KB input rows
  takes(DType::fp32, 8192, 8192, "grid tile, output rows on the 256-byte grid (no halo");
  takes(DType::fp64, 16384, 16384, "grid tile, output rows on the 256-byte grid (no halo");
  takes(DType::fp16, 8192, 8192, "16-byte tile, column-major order");
  takes(DType::u8, 8192, 8192, "halo tile");
  // Block order: groups of tile rows where input rows split a sector between two long tile
  // columns (sector_aware_order), else column-major.
  takes(DType::fp16, 64000, 1000, "16-byte tile, groups of 8 tile rows");
  takes(DType::bf16, 64000, 1000, "16-byte tile, groups of 8 tile rows");
  takes(DType::fp64, 16392, 1002, "16-byte tile, groups of 8 tile rows");
  takes(DType::fp16, 4096, 15624, "16-byte tile, column-major order");
  // Split rows over long tile columns, but more than 8 of them: column-major.
  takes(DType::u8, 22625, 22625, "halo tile, half height");
  lacks(DType::u8, 22625, 22625, "groups of");
  takes(DType::fp16, 20000, 20008, "16-byte tile, column-major order");
  takes(DType::u8, 128000, 1000, "groups of 8 tile rows");
  // 4- and 8-byte elements whose input rows end in a partial tile and are short (1024 elements
  // for the 16-byte tile, 8 tiles for the scalar tile): groups of 8 tile rows too
  // (tile16_edges_order, tile_scalar_order); whole tile columns, or longer rows, column-major.
  // But taller than wide with input rows of at most 8000 bytes: the realigned tile, its edge
  // tiles shifted back (tile16_realign_wins).
  takes(DType::fp32, 1000, 1016, "16-byte tile, groups of 8 tile rows");
  takes(DType::fp64, 1000, 1000, "16-byte tile, groups of 8 tile rows");
  takes(DType::fp32, 32000, 1000, "16-byte tile, row-major order, edge tiles shifted back");
  takes(DType::fp64, 16000, 1000, "16-byte tile, row-major order, edge tiles shifted back");
  takes(DType::fp64, 32000, 500, "16-byte tile, row-major order, edge tiles shifted back");
  takes(DType::fp32, 16000, 2000, "16-byte tile, row-major order, edge tiles shifted back");
  takes(DType::fp32, 7812, 4096, "16-byte tile, column-major order");
  takes(DType::fp64, 8000, 2000, "16-byte tile, column-major order");
  takes(DType::fp32, 8000, 4000, "16-byte tile, column-major order");
  takes(DType::fp32, 2000, 16000, "16-byte tile, column-major order");
  takes(DType::u8, 160000, 800, "16-byte tile, column-major order"); // 1-byte: not measured
  // 2-byte elements whose input rows are off the 64-byte grid (so end in a partial tile), up to
  // 2048 elements (16 tiles), from 16000 rows: groups of 8 tile rows, split sectors or not, past
  // sector_aware_order's 8 tile columns too; rows on the 64-byte grid (whole tile columns or not),
  // longer rows or fewer rows, column-major.
  takes(DType::fp16, 64000, 1008, "16-byte tile, groups of 8 tile rows");
  takes(DType::bf16, 64000, 1040, "16-byte tile, groups of 8 tile rows");
  takes(DType::fp16, 64000, 1112, "16-byte tile, groups of 8 tile rows");
  takes(DType::fp16, 64000, 2000, "16-byte tile, groups of 8 tile rows");
  takes(DType::fp16, 64000, 2056, "16-byte tile, column-major order");
  takes(DType::fp16, 64000, 1024, "16-byte tile, column-major order");
  takes(DType::fp16, 16000, 1008, "16-byte tile, groups of 8 tile rows");
  takes(DType::fp16, 15984, 1008, "16-byte tile, column-major order");
  takes(DType::bf16, 8000, 2000, "16-byte tile, column-major order");
  takes(DType::fp16, 64000, 1056, "16-byte tile, column-major order");
  // 8-byte elements whose output rows are not whole packets (rows odd), from 16 MB, the lanes over
  // an input row idle at most a quarter: the scalar grid tile, in tile_scalar_order's orders
  // (scalar_grid_wins); ahead of the gather where the matrix is tall. Elsewhere the scalar tile.
  const char* sgrid = "path: scalar grid tile, ";
  takes(DType::fp64, 160001, 100, "scalar grid tile, groups of 8 tile rows");
  takes(DType::fp64, 32001, 500, "scalar grid tile, groups of 8 tile rows");
  takes(DType::fp64, 62501, 256, "scalar grid tile, column-major order");
  takes(DType::fp64, 16001, 1000, "scalar grid tile, column-major order");
  takes(DType::fp64, 8191, 8193, "scalar grid tile, column-major order");
  takes(DType::fp64, 516129, 31, "scalar grid tile, groups of 8 tile rows");
  // s = 24 to 30 only on a GPU of the H100's DRAM peak (a host with no GPU takes the H200's).
  const bool lower_peak = tb::ours::lower_dram_peak(tb::ours::current_dram_peak_gbps());
  takes(DType::fp64, 700001, 24, lower_peak ? sgrid : "gather");
  takes(DType::fp64, 177779, 90, sgrid);
  takes(DType::fp64, 262145, 64, "scalar grid tile, column-major order");
  takes(DType::fp64, 2049, 1024, sgrid);
  takes(DType::fp64, 2001, 1000, "scalar tile, column-major order"); // 16.0 MB: below 16 MiB
  takes(DType::fp64, 1001, 1000, "scalar tile, column-major order");
  takes(DType::fp64, 484849, 33, "gather");                     // 31 of 64 lanes idle
  takes(DType::fp64, 800001, 20, "gather");                     // 12 of 32
  takes(DType::fp64, 31, 516129, "skinny, interleave, gather"); // wide: the scalar tile's place
  lacks(DType::fp64, 100, 160001, sgrid);                       // output rows whole packets
  // 4-byte elements in input rows of whole 8-byte units (cols even), where the halo tile would
  // run: the scalar grid tile in 8-byte units (scalar_grid_units_win); not where the word tile
  // past one tile takes the shape first, nor for odd columns, 2-byte elements or below 16 MiB.
  const char* units = "scalar grid tile, column-major order, 8-byte units";
  constexpr double h100 = 3352.3, h200 = 4814.3;
  takes(DType::fp32, 125001, 256, units);
  takes(DType::fp32, 31251, 1024, units);
  takes(DType::fp32, 8191, 8200, units);
  takes(DType::fp32, 1001, 32000, units);
  takes(DType::fp32, 160001, 200, "scalar grid tile, groups of 8 tile rows, 8-byte units");
  takes(DType::fp32, 320001, 100, "word tile past one tile");
  takes(DType::fp32, 8191, 8193, "halo tile");
  takes(DType::fp32, 2001, 2000, "halo tile"); // 16.0 MB
  takes(DType::fp16, 250001, 256, "halo tile");
  lacks(DType::fp32, 125000, 256, sgrid);
  // Wide with fewer than 256 rows: only on a GPU of the H100's DRAM peak (a host with no GPU
  // takes the H200's).
  takes(DType::fp32, 201, 320000, lower_peak ? units : "halo tile");
  takes(DType::fp32, 301, 213334, units);
  using tb::ours::scalar_grid_units_win;
  EXPECT_TRUE(scalar_grid_units_win(4, 125001, 256, h200));
  EXPECT_TRUE(scalar_grid_units_win(4, 2049, 2048, h200));
  EXPECT_FALSE(scalar_grid_units_win(4, 2047, 2048, h100));
  EXPECT_FALSE(scalar_grid_units_win(4, 125001, 255, h100));
  EXPECT_FALSE(scalar_grid_units_win(4, 125000, 256, h200));
  EXPECT_FALSE(scalar_grid_units_win(2, 250001, 256, h100));
  EXPECT_FALSE(scalar_grid_units_win(8, 62501, 256, h200));
  EXPECT_TRUE(scalar_grid_units_win(4, 200001, 160, h200));  // 32 of 192 idle
  EXPECT_FALSE(scalar_grid_units_win(4, 200001, 130, h100)); // 62 of 192
  EXPECT_TRUE(scalar_grid_units_win(4, 201, 320000, h100));
  EXPECT_FALSE(scalar_grid_units_win(4, 201, 320000, h200));
  EXPECT_TRUE(scalar_grid_units_win(4, 257, 320000, h200));
  using tb::ours::scalar_grid_wins;
  EXPECT_TRUE(scalar_grid_wins(8, 700001, 24, h100));
  EXPECT_FALSE(scalar_grid_wins(8, 700001, 24, h200));
  EXPECT_FALSE(scalar_grid_wins(8, 600001, 30, h200));
  EXPECT_TRUE(scalar_grid_wins(8, 516129, 31, h200));
  EXPECT_FALSE(scalar_grid_wins(8, 800001, 23, h100));
  EXPECT_TRUE(scalar_grid_wins(8, 177779, 97, h200));  // 31 of 128
  EXPECT_FALSE(scalar_grid_wins(8, 246153, 65, h100)); // 31 of 96
  EXPECT_FALSE(scalar_grid_wins(8, 160000, 100, h200));
  EXPECT_FALSE(scalar_grid_wins(4, 160001, 100, h200));
  EXPECT_TRUE(scalar_grid_wins(8, 2049, 1024, h200));
  EXPECT_FALSE(scalar_grid_wins(8, 2047, 1024, h100));
  // Three blocks an SM above the H100's DRAM peak (and on a host with no GPU) where the short
  // side's last tile leaves an eighth of the span idle (tile_scalar_three_blocks): s = 100 (28 of
  // 128), 200 (56 of 256); not 250 (6 of 256), 256, 500 (12 of 512) or 8191.
  using tb::ours::tile_scalar_three_blocks;
  EXPECT_TRUE(tile_scalar_three_blocks(160001, 100, 4814.3));
  EXPECT_TRUE(tile_scalar_three_blocks(100, 160001, 4814.3));
  EXPECT_TRUE(tile_scalar_three_blocks(80001, 200, 4814.3));
  EXPECT_TRUE(tile_scalar_three_blocks(130, 123077, 4814.3));
  EXPECT_FALSE(tile_scalar_three_blocks(64001, 250, 4814.3));
  EXPECT_FALSE(tile_scalar_three_blocks(62501, 256, 4814.3));
  EXPECT_FALSE(tile_scalar_three_blocks(32001, 500, 4814.3));
  EXPECT_FALSE(tile_scalar_three_blocks(8191, 8193, 4814.3));
  EXPECT_FALSE(tile_scalar_three_blocks(160001, 100, 3352.3)); // the H100: two
  EXPECT_FALSE(tile_scalar_three_blocks(100, 160001, 3352.3));
  takes(DType::fp64, 160000, 99,
        "scalar tile, groups of 8 tile rows (rows not 16-byte aligned), "
        "three blocks an SM");
  takes(DType::fp64, 100, 160001, "three blocks an SM");
  lacks(DType::fp64, 62501, 256, "three blocks");
  lacks(DType::fp64, 32001, 500, "three blocks");
  takes(DType::u8, 128000, 1000, "(input rows not 16-byte aligned), groups of 8 tile rows");
  takes(DType::fp32, 16385, 132, "(output rows not 16-byte aligned), groups of 8 tile rows");
  takes(DType::u8, 16392, 1000,
        "(input and output rows not 16-byte aligned), the group above by a shuffle, 3 blocks an "
        "SM (DRAM peak from 4000 GB/s), groups of 8");
  const std::string square = note_of(*k, DType::u8, 11313, 11313);
  EXPECT_EQ(square.find("groups"), std::string::npos) << square; // 89 tiles a column
  const std::string one = note_of(*k, DType::fp32, 60, 533333);
  EXPECT_NE(one.find("halo tile"), std::string::npos) << one;
  EXPECT_EQ(one.find("groups"), std::string::npos) << one; // one tile row
}

// The two choices ours_best keys on the GPU's DRAM peak (kernels/ours/dram_peak.hpp), where the
// H100 and the H200 measured opposite ones: 1-byte elements whose input rows alone are aligned
// keep the input realignment, and the chunked word tile stops at 2048 channels, below the
// threshold (the H100's 3352 GB/s), not above it (the H200's 4814) nor without a GPU. The notes
// are checked against this machine's figure (no GPU in CI: the H200's choices).
TEST(Registry, BestKeysTwoChoicesOnTheDramPeak) {
  // The figure both the benchmark and ours_best compute: the H100's 2619 MHz memory clock on a
  // 5120-bit bus is the 3352.3 GB/s its CSV files record.
  EXPECT_NEAR(tb::dram_peak_gbps(2619000, 5120), 3352.3, 0.05);
  EXPECT_TRUE(tb::ours::lower_dram_peak(3352.3));
  EXPECT_FALSE(tb::ours::lower_dram_peak(4814.1));
  EXPECT_FALSE(tb::ours::lower_dram_peak(0));
  const KernelSpec* k = find_kernel("ours_best");
  ASSERT_NE(k, nullptr);
  const bool lower = tb::ours::lower_dram_peak(tb::ours::current_dram_peak_gbps());
  const std::string kept = "input realignment kept, straddling packets in pieces";
  // Below a short side of 256 (from 256 both GPUs own whole output sectors instead).
  for (const auto& [r, c] : {std::pair{1001, 240}, {100001, 208}}) {
    const std::string n = note_of(*k, DType::u8, r, c);
    EXPECT_NE(n.find("halo tile, half height (output rows not 16-byte aligned)"), std::string::npos)
        << n;
    EXPECT_EQ(n.find(kept) != std::string::npos, lower) << n;
  }
  // From 256, on both sides of the threshold: whole output sectors, the chunked word tile
  // nowhere (62501 x 2048 took it on the H100); from input rows of 2048 bytes above the H100's
  // DRAM peak, the same tiles staged (staged_byte_sectors_wins).
  for (const auto& [r, c] : {std::pair{31250, 4096}, {62501, 2048}, {1000, 128000}, {4099, 320}}) {
    const std::string n = note_of(*k, DType::u8, r, c);
    const bool staged = !lower && c >= 2048;
    EXPECT_EQ(n.find("owned whole), the groups above by shuffles") != std::string::npos, !staged)
        << n;
    EXPECT_EQ(n.find("path: staged byte tile (") != std::string::npos, staged) << n;
    EXPECT_EQ(n.find(kept), std::string::npos) << n;
  }
  // Not for other types, nor where the input side is not the only aligned one.
  for (const auto& [t, r, c] : {std::tuple{DType::fp16, 1000, 64000},
                                {DType::fp32, 1001, 32000},
                                {DType::u8, 11313, 11313},
                                {DType::u8, 256, 500001}}) {
    const std::string n = note_of(*k, t, r, c);
    EXPECT_EQ(n.find(kept), std::string::npos) << n;
  }
}

// The choices that differ between the H100 (3352 GB/s) and the H200 (4814 GB/s), each on both
// sides of the threshold (docs/perf-notes.md has the measurements).
TEST(Registry, BestKeysChoicesOnTheDramPeak) {
  using namespace tb::ours;
  constexpr double h100 = 3352.3, h200 = 4814.1;
  // The word tile stages a 2-byte interleave at s = 80-104 compactly on the H100 only.
  EXPECT_TRUE(words_two_byte_interleave_wins(2, 80, true, h100));
  EXPECT_TRUE(words_two_byte_interleave_wins(2, 104, true, h100));
  EXPECT_FALSE(words_two_byte_interleave_wins(2, 79, true, h100));
  EXPECT_FALSE(words_two_byte_interleave_wins(2, 105, true, h100));
  EXPECT_FALSE(words_two_byte_interleave_wins(2, 100, true, h200));
  EXPECT_FALSE(words_two_byte_interleave_wins(2, 100, false, h100));
  EXPECT_FALSE(words_two_byte_interleave_wins(1, 100, true, h100));
  // The 2-byte de-interleave at s = 16 on the word tile on the H200 only (the gather on the H100).
  EXPECT_TRUE(words_two_byte_sixteen_wins(h200));
  EXPECT_FALSE(words_two_byte_sixteen_wins(h100));
  EXPECT_TRUE(words_two_byte_sixteen_wins(0)); // no GPU: the H200's choices
  // The halo tile for bytes: neither side aligned at three blocks an SM on the H200 only; the
  // group above by a shuffle where neither side is, on both.
  EXPECT_FALSE(halo_three_blocks(1, 0, h100));
  EXPECT_TRUE(halo_three_blocks(1, 0, h200));
  EXPECT_FALSE(halo_three_blocks(1, kInAligned, h200));
  EXPECT_FALSE(halo_three_blocks(4, 0, h200));
  EXPECT_TRUE(halo_above_shuffled(1, 0));
  EXPECT_FALSE(halo_above_shuffled(1, kInAligned));
  EXPECT_FALSE(halo_above_shuffled(1, kOutAligned));
  EXPECT_FALSE(halo_above_shuffled(4, 0));
  // Bytes in output rows of 16 mod 32 bytes: whole sectors by row groups, whether input rows are
  // whole packets or not, with no GPU key.
  constexpr int both = kInAligned | kOutAligned;
  EXPECT_TRUE(halo_sector_groups_fit(1, kOutAligned, 42672));
  EXPECT_TRUE(halo_sector_groups_fit(1, kOutAligned, 8016));
  EXPECT_TRUE(halo_sector_groups_fit(1, both, 500016));
  EXPECT_TRUE(halo_sector_groups_fit(1, both, 1040));
  EXPECT_FALSE(halo_sector_groups_fit(1, kOutAligned, 42624)); // 0 mod 32
  EXPECT_FALSE(halo_sector_groups_fit(1, both, 8192));
  EXPECT_FALSE(halo_sector_groups_fit(1, 0, 42672));
  EXPECT_FALSE(halo_sector_groups_fit(1, kInAligned, 42672));
  EXPECT_FALSE(halo_sector_groups_fit(2, kOutAligned, 42672));
  // The grid tile: 2-, 4- and 8-byte elements, whole packets, input rows a multiple of 64
  // elements up to 2 KB, taller than wide, output rows a multiple of 32 bytes off the grid.
  EXPECT_TRUE(tile16_grid_wins(4, 500000, 64));   // 128 mod 256
  EXPECT_TRUE(tile16_grid_wins(4, 500048, 64));   // 192
  EXPECT_TRUE(tile16_grid_wins(2, 500000, 128));  // 64
  EXPECT_TRUE(tile16_grid_wins(8, 62504, 256));   // 2 KB input rows
  EXPECT_TRUE(tile16_grid_wins(4, 125000, 256));  // 32
  EXPECT_FALSE(tile16_grid_wins(4, 499968, 64));  // on the grid
  EXPECT_FALSE(tile16_grid_wins(4, 500004, 64));  // 16 mod 32: split sectors
  EXPECT_FALSE(tile16_grid_wins(8, 62504, 512));  // 4 KB input rows
  EXPECT_FALSE(tile16_grid_wins(4, 100000, 96));  // not whole tile columns
  EXPECT_FALSE(tile16_grid_wins(4, 64, 500000));  // wider than tall
  EXPECT_FALSE(tile16_grid_wins(1, 2000000, 64)); // bytes
  EXPECT_FALSE(tile16_grid_wins(2, 500001, 128)); // not whole packets
  // And 4- and 8-byte elements in whole 16-byte tiles from a short side of 4096 (no halo).
  EXPECT_TRUE(tile16_grid_wins(4, 8192, 8192));
  EXPECT_TRUE(tile16_grid_wins(4, 4096, 4096));
  EXPECT_TRUE(tile16_grid_wins(8, 16384, 16384));
  EXPECT_TRUE(tile16_grid_wins(8, 8192, 16384));
  EXPECT_TRUE(tile16_grid_wins(4, 8192, 8256));   // 129 tiles of 64
  EXPECT_FALSE(tile16_grid_wins(4, 8192, 8200));  // edge tiles
  EXPECT_FALSE(tile16_grid_wins(4, 2048, 16384)); // short side under 4096
  EXPECT_FALSE(tile16_grid_wins(2, 8192, 8192));  // 2-byte: 8 chunks, behind on the H100
  EXPECT_FALSE(tile16_grid_wins(1, 8192, 8192));
  // Bytes in whole packets both ways, not 16 mod 32 (those take the sector groups): the
  // half-height halo tile from a short side of 4096 and 288 of the 16-byte tile's tiles,
  // off whole 256-byte tiles at any size above that, on whole tiles to 1024 tiles; no other type.
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 8192, 8192));    // 1024 tiles, whole
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 4096, 8192));    // 512 tiles
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 5792, 5792));    // 529 tiles, off whole tiles
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 4096, 7936));    // 496 tiles
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 4096, 6144));    // 384 tiles
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 5888, 4096));    // 368 tiles
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 4096, 4608));    // 288 tiles
  EXPECT_FALSE(tile16_bytes_halo_wins(1, 4096, 4112));   // 272 tiles, off whole tiles
  EXPECT_FALSE(tile16_bytes_halo_wins(1, 4096, 4096));   // 256 tiles
  EXPECT_FALSE(tile16_bytes_halo_wins(1, 8192, 8448));   // past 64 MiB, whole tiles
  EXPECT_FALSE(tile16_bytes_halo_wins(1, 16384, 16384)); // 256 MiB, whole tiles
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 16384, 9792));   // input rows off whole tiles
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 9792, 16384));   // output rows off whole tiles
  EXPECT_TRUE(tile16_bytes_halo_wins(1, 23168, 23168));  // 511 MiB, off whole tiles
  EXPECT_FALSE(tile16_bytes_halo_wins(1, 2080, 32768));  // short side under 4096
  EXPECT_FALSE(tile16_bytes_halo_wins(1, 16400, 16384)); // rows 16 mod 32: sector groups
  EXPECT_FALSE(tile16_bytes_halo_wins(1, 8192, 8193));   // not whole packets
  EXPECT_FALSE(tile16_bytes_halo_wins(2, 8192, 8192));
  EXPECT_FALSE(tile16_bytes_halo_wins(4, 9792, 9792));
  // Bytes whose input rows alone are whole packets own whole sectors of the output from a short
  // side of 256, on both GPUs; not where neither side is aligned, nor for other types.
  EXPECT_TRUE(halo_byte_sectors_wins(1, kInAligned, 1000));
  EXPECT_TRUE(halo_byte_sectors_wins(1, kInAligned, 256));
  EXPECT_FALSE(halo_byte_sectors_wins(1, kInAligned, 255));
  EXPECT_FALSE(halo_byte_sectors_wins(1, 0, 11313));
  EXPECT_FALSE(halo_byte_sectors_wins(1, kOutAligned, 1000));
  EXPECT_FALSE(halo_byte_sectors_wins(1, both, 1000));
  EXPECT_FALSE(halo_byte_sectors_wins(2, kInAligned, 1000));
  // Where they do, the staged byte tile from input rows of 2048 bytes, on the H200 only.
  EXPECT_TRUE(staged_byte_sectors_wins(1, kInAligned, 1000, 128000, h200));
  EXPECT_TRUE(staged_byte_sectors_wins(1, kInAligned, 62501, 2048, h200));
  EXPECT_TRUE(staged_byte_sectors_wins(1, kInAligned, 4099, 8192, 0)); // no GPU: the H200's
  EXPECT_FALSE(staged_byte_sectors_wins(1, kInAligned, 125001, 1024, h200));
  EXPECT_FALSE(staged_byte_sectors_wins(1, kInAligned, 1000, 128000, h100));
  EXPECT_FALSE(staged_byte_sectors_wins(1, kInAligned, 255, 128000, h200));
  EXPECT_FALSE(staged_byte_sectors_wins(1, 0, 11313, 11313, h200));
  EXPECT_FALSE(staged_byte_sectors_wins(1, kOutAligned, 4096, 31250, h200));
  EXPECT_FALSE(staged_byte_sectors_wins(2, kInAligned, 1000, 128000, h200));
  // Half the word tile's positions a block for 2- and 4-byte de-interleave at s = 12-33 on the
  // H200; bytes alike on both GPUs.
  EXPECT_TRUE(words_half_wins(4, 31, false, h200));
  EXPECT_FALSE(words_half_wins(4, 31, false, h100));
  EXPECT_TRUE(words_half_wins(2, 33, false, h200));
  EXPECT_TRUE(words_half_wins(4, 12, false, h200));
  EXPECT_FALSE(words_half_wins(4, 9, false, h200));
  EXPECT_TRUE(words_half_wins(2, 9, false, h100)); // 2-byte below 16: both GPUs
  EXPECT_TRUE(words_half_wins(2, 15, false, h100));
  EXPECT_FALSE(words_half_wins(2, 17, false, h100));
  EXPECT_FALSE(words_half_wins(2, 12, true, h200));
  EXPECT_FALSE(words_half_wins(4, 48, false, h200));
  EXPECT_FALSE(words_half_wins(4, 31, true, h200));
  EXPECT_EQ(words_half_wins(1, 31, false, h100), words_half_wins(1, 31, false, h200));
  // The word tile compiled for its short side from 12 to 127: the u8 interleave (not at 13-15,
  // which the tile does not take) and de-interleave (not at 32, 64 and 96: the chunked tile's) on
  // whichever tile it picks, the 2-byte de-interleave and the 4-byte one up to 33;
  // no 2- or 4-byte interleave.
  EXPECT_TRUE(words_compiled_wins(1, 12, true));
  EXPECT_TRUE(words_compiled_wins(1, 63, true));
  EXPECT_TRUE(words_compiled_wins(1, 64, true));
  EXPECT_TRUE(words_compiled_wins(1, 127, true));
  EXPECT_FALSE(words_compiled_wins(1, 11, true));
  EXPECT_FALSE(words_compiled_wins(1, 13, true));
  EXPECT_FALSE(words_compiled_wins(1, 128, true));
  EXPECT_TRUE(words_compiled_wins(1, 12, false));
  EXPECT_TRUE(words_compiled_wins(1, 13, false));
  EXPECT_TRUE(words_compiled_wins(1, 63, false));
  EXPECT_TRUE(words_compiled_wins(1, 65, false));
  EXPECT_TRUE(words_compiled_wins(1, 127, false));
  EXPECT_FALSE(words_compiled_wins(1, 11, false));
  EXPECT_FALSE(words_compiled_wins(1, 128, false));
  EXPECT_FALSE(words_compiled_wins(1, 32, false)); // the chunked tile's (words_chunked_wins)
  EXPECT_FALSE(words_compiled_wins(1, 64, false));
  EXPECT_FALSE(words_compiled_wins(1, 96, false));
  EXPECT_TRUE(words_compiled_wins(1, 32, true));
  // Run where the tile ours_best picked has an instance: 2-byte elements on whichever tile
  // either GPU picks (the half tile at 12-33, the whole one from 17; at 16 the half one only),
  // 4-byte elements on the half tile only (12-33, the H200's), u8 on either.
  EXPECT_TRUE(words_compiled_runs(2, 24, false, true));
  EXPECT_TRUE(words_compiled_runs(2, 24, false, false));
  EXPECT_FALSE(words_compiled_runs(2, 12, false, false)); // the half tile's on both GPUs
  EXPECT_FALSE(words_compiled_runs(2, 40, false, true));
  EXPECT_TRUE(words_compiled_runs(2, 127, false, false));
  // 2-byte s = 16: the H200's half tile only (the H100 runs the gather there).
  EXPECT_TRUE(words_compiled_runs(2, 16, false, true));
  EXPECT_FALSE(words_compiled_runs(2, 16, false, false));
  EXPECT_TRUE(words_compiled_runs(4, 12, false, true));
  EXPECT_TRUE(words_compiled_runs(4, 33, false, true));
  EXPECT_FALSE(words_compiled_runs(4, 31, false, false)); // the H100's whole tile
  EXPECT_FALSE(words_compiled_runs(4, 40, false, false));
  EXPECT_TRUE(words_compiled_runs(1, 100, true, false));
  EXPECT_TRUE(words_compiled_runs(1, 31, false, true));
  EXPECT_FALSE(words_compiled_runs(1, 32, false, true));
  EXPECT_TRUE(words_compiled_wins(2, 12, false));
  EXPECT_TRUE(words_compiled_wins(2, 33, false));
  EXPECT_TRUE(words_compiled_wins(2, 16, false));
  EXPECT_TRUE(words_compiled_wins(2, 34, false));
  EXPECT_TRUE(words_compiled_wins(2, 127, false));
  EXPECT_FALSE(words_compiled_wins(2, 128, false));
  EXPECT_FALSE(words_compiled_wins(2, 11, false));
  EXPECT_FALSE(words_compiled_wins(2, 33, true));
  EXPECT_TRUE(words_compiled_wins(4, 31, false));
  EXPECT_FALSE(words_compiled_wins(4, 34, false));
  EXPECT_FALSE(words_compiled_wins(4, 31, true));
  {
    const KernelSpec* best = find_kernel("ours_best");
    ASSERT_NE(best, nullptr);
    EXPECT_NE(note_of(*best, DType::u8, 33, 3878787).find("compiled for s"), std::string::npos);
    EXPECT_NE(note_of(*best, DType::u8, 63, 1001).find("compiled for s"), std::string::npos);
    EXPECT_NE(note_of(*best, DType::u8, 100, 1280001).find("compiled for s"), std::string::npos);
    EXPECT_NE(note_of(*best, DType::u8, 1280001, 100).find("compiled for s"), std::string::npos);
    EXPECT_EQ(note_of(*best, DType::u8, 128, 1001).find("compiled for s"), std::string::npos);
    EXPECT_NE(note_of(*best, DType::u8, 3878787, 33).find("compiled for s"), std::string::npos);
    EXPECT_NE(note_of(*best, DType::fp16, 1939393, 33).find("compiled for s"), std::string::npos);
    EXPECT_NE(note_of(*best, DType::bf16, 2064517, 31).find("compiled for s"), std::string::npos);
    EXPECT_EQ(note_of(*best, DType::fp16, 31, 2064517).find("compiled for s"), std::string::npos);
    EXPECT_NE(note_of(*best, DType::fp32, 1032259, 31).find("compiled for s"), std::string::npos);
    EXPECT_EQ(note_of(*best, DType::fp32, 507937, 63).find("compiled for s"), std::string::npos);
    EXPECT_NE(note_of(*best, DType::fp16, 640001, 100).find("compiled for s"), std::string::npos);
  }
  // Bytes interleaving 8 packets (u8 128 x L) take the narrow tile with no GPU (the H200's side)
  // as on the H100, since its interleave transposes bytes in two stages; so does the
  // de-interleave.
  const KernelSpec* k = find_kernel("ours_best");
  ASSERT_NE(k, nullptr);
  // With no GPU (the H200's side): u8 500016 x 256 and 8208 x 8192 on the sector-group tile
  // with the group above by a shuffle, 8192 x 8192 on the 16-byte tile.
  const std::string tall = note_of(*k, DType::u8, 500016, 256);
  const std::string shuffled = "owned in whole sectors by row groups, the group above by a "
                               "shuffle, 3 blocks an SM";
  EXPECT_NE(tall.find("halo tile, half height (input and output rows 16-byte aligned), output "
                      "rows 16 mod 32 bytes " +
                      shuffled),
            std::string::npos)
      << tall;
  EXPECT_NE(note_of(*k, DType::u8, 8208, 8192).find(shuffled), std::string::npos);
  // ... and so, with input rows not whole packets, 42672 x 3000, 18288 x 7000 (input rows of
  // whole 8-byte packets) and 128048 x 1000.
  const std::string packets8 = note_of(*k, DType::u8, 42672, 3000);
  EXPECT_NE(
      packets8.find("(input rows not 16-byte aligned), output rows 16 mod 32 bytes " + shuffled),
      std::string::npos)
      << packets8;
  EXPECT_NE(note_of(*k, DType::u8, 18288, 7000).find(shuffled), std::string::npos);
  const std::string short_rows = note_of(*k, DType::u8, 128048, 1000);
  EXPECT_NE(short_rows.find(shuffled), std::string::npos) << short_rows;
  // Bytes with input rows alone aligned own whole output sectors from s = 256, ahead of the
  // chunked word tile (500001 x 256, 62501 x 2048; no GPU key; from input rows of 2048 bytes
  // above the H100's DRAM peak in the staged byte tile); below 256 not (1001 x 240).
  const std::string sectors = "output rows not whole 32-byte sectors, owned whole), the groups "
                              "above by shuffles, 3 blocks an SM";
  const bool lower = tb::ours::lower_dram_peak(tb::ours::current_dram_peak_gbps());
  for (const auto& [rows, cols] : {std::pair{1000, 128000}, std::pair{500001, 256},
                                   std::pair{62501, 2048}, std::pair{31250, 4096}}) {
    const std::string note = note_of(*k, DType::u8, rows, cols);
    const std::string want = !lower && cols >= 2048
                                 ? "path: staged byte tile (the half-height halo tile's tiles, "
                                   "output rows not whole 32-byte sectors, owned whole;"
                                 : "path: halo tile, half height (" + sectors;
    EXPECT_NE(note.find(want), std::string::npos) << rows << "x" << cols << ": " << note;
  }
  EXPECT_EQ(note_of(*k, DType::u8, 1001, 240).find(sectors), std::string::npos);
  EXPECT_EQ(note_of(*k, DType::u8, 11313, 11313).find(sectors), std::string::npos);
  EXPECT_NE(note_of(*k, DType::u8, 16384, 16384).find("16-byte tile"), std::string::npos);
  const std::string narrow = note_of(*k, DType::u8, 128, 1000000);
  EXPECT_NE(narrow.find("narrow tile, interleave (s = 8 packets)"), std::string::npos) << narrow;
  EXPECT_NE(note_of(*k, DType::u8, 1000000, 128).find("narrow tile"), std::string::npos);
}

// The word tile past one tile (ours_words_past, a candidate): short sides from 16V to 32V - 1
// for 1-, 2- and 4-byte elements, both directions; other shapes say what ran instead.
TEST(Registry, WordTilePastOneTileTakesShortSidesUpToTwoTiles) {
  const KernelSpec* k = find_kernel("ours_words_past");
  ASSERT_NE(k, nullptr);
  ASSERT_TRUE(static_cast<bool>(k->note));
  EXPECT_EQ(note_of(*k, DType::fp16, 1001, 200), "de-interleave: s = 200");
  EXPECT_EQ(note_of(*k, DType::fp16, 128, 4099), "interleave: s = 128");
  EXPECT_EQ(note_of(*k, DType::u8, 257, 2003), "interleave: s = 257");
  EXPECT_EQ(note_of(*k, DType::u8, 4099, 511), "de-interleave: s = 511");
  EXPECT_EQ(note_of(*k, DType::fp32, 4099, 127), "de-interleave: s = 127");
  for (auto [t, rows, cols] : std::vector<std::tuple<DType, int, int>>{{DType::fp32, 4099, 128},
                                                                       {DType::fp16, 4099, 127},
                                                                       {DType::u8, 512, 4099},
                                                                       {DType::fp64, 4099, 40}}) {
    const std::string p = note_of(*k, t, rows, cols);
    EXPECT_EQ(p.find("short side not between one tile and two"), 0u) << p;
  }
}

// Every saved run in configs/ loads and names only kernels that are registered, so none fails at
// its first GPU step for a kernel renamed or removed (gpu-keyed.toml names the candidates that
// ours_best's DRAM-peak rule chooses between).
TEST(Registry, EveryConfigLoadsAndNamesRegisteredKernels) {
  int n = 0;
  for (const auto& e :
       std::filesystem::directory_iterator(std::string(TB_SOURCE_DIR) + "/configs")) {
    if (e.path().extension() != ".toml") continue;
    ++n;
    const CliResult r = parse_command_line({"--config", e.path().string()});
    ASSERT_FALSE(r.exit_now) << e.path() << ": " << r.output;
    EXPECT_NO_THROW(select_kernels(registered_kernels(), r.options.suite, r.options.kernels))
        << e.path();
  }
  EXPECT_GE(n, 13);
}

// The shape map of record shows, beside each ours_best figure, the path it took. On a host with
// no GPU ours_best makes the H200's choices (kernels/ours/dram_peak.hpp), and on a GPU below the
// H200's DRAM peak the H100's, so the map of that GPU is read back here: a rule that moves a map
// shape to another path fails until the map is measured again (configs/shape-map-*.toml) or the
// rule is bounded off the map. No figure of record is left beside a path ours_best no longer takes.
TEST(Registry, MapOfRecordTakesTodaysPaths) {
  const KernelSpec* k = find_kernel("ours_best");
  ASSERT_NE(k, nullptr);
  const std::string gpu =
      tb::ours::lower_dram_peak(tb::ours::current_dram_peak_gbps()) ? "h100-80gb-hbm3" : "h200";
  int shapes = 0;
  for (const char* bytes : {"1b", "2b", "4b", "8b"}) {
    const std::string path =
        std::string(TB_SOURCE_DIR) + "/results/" + gpu + "/shape-map-" + bytes + ".csv";
    for (const Record& r : read_records_csv(path)) {
      if (r.kernel_id != "ours_best") continue;
      ++shapes;
      EXPECT_EQ(
          note_of(*k, r.dtype, static_cast<int>(r.shape.rows), static_cast<int>(r.shape.cols)),
          r.message)
          << dtype_name(r.dtype) << " " << r.shape.rows << "x" << r.shape.cols << " in " << path
          << ": ours_best now takes another path than the map of record measured";
    }
  }
  EXPECT_EQ(shapes, 39 * 5) << "the " << gpu << " map of record: 39 shapes in each of 5 types";
}

// Every kernel's note (the host side of its choice of path) at the extremes the command line
// accepts: sides up to 2^31 - 1, two or three of a long side, squares past 2^31 elements, a
// short side of whole packets below a long side of 2^28-2^30 (the narrow tile: fp32 8 x 2^29 is
// 17 GB, within an H200). The choices' arithmetic is int (a kernel's rows and cols are int); a
// product that passes 2^31 there is undefined, which the sanitizer build of these tests stops at.
TEST(Registry, ExtremeShapesChooseAPath) {
  constexpr int kMax = 2147483647;
  const std::vector<std::pair<int, int>> shapes = {
      {1, kMax},       {kMax, 1},       {2, kMax},       {kMax, 2},       {3, 715827882},
      {715827882, 3},  {2, 33554433},   {33554433, 2},   {7, 306783378},  {306783378, 7},
      {100, 21474836}, {21474836, 100}, {1000, 2147483}, {2147483, 1000}, {4096, 524287},
      {524287, 4096},  {46341, 46341},  {65536, 32769},  {32769, 65536},  {131071, 16385},
      {8, 1 << 28},    {8, 1 << 29},    {16, 1 << 30},   {1 << 30, 16}};
  int checked = 0;
  for (const auto& k : registered_kernels()) {
    if (!k.note) continue;
    for (DType t : k.dtypes)
      for (const auto& [rows, cols] : shapes) {
        EXPECT_NO_THROW(note_of(k, t, rows, cols)) << k.id << " " << rows << "x" << cols;
        ++checked;
      }
  }
  EXPECT_GT(checked, 1000);
  const KernelSpec* best = find_kernel("ours_best");
  ASSERT_NE(best, nullptr);
  // ours_best at the extremes takes the paths it takes at the map's shapes of the same class.
  for (DType t : best->dtypes) {
    const std::string n(dtype_name(t));
    EXPECT_EQ(note_of(*best, t, 1, kMax), "path: copy (one row or one column)") << n;
    EXPECT_EQ(note_of(*best, t, kMax, 1), "path: copy (one row or one column)") << n;
    for (const auto& [rows, cols] : {std::pair{2, kMax}, {3, 715827882}, {2, 33554433}})
      EXPECT_EQ(note_of(*best, t, rows, cols), "path: skinny, interleave in registers")
          << n << " " << rows << "x" << cols;
    for (const auto& [rows, cols] : {std::pair{kMax, 2}, {715827882, 3}, {33554433, 2}})
      EXPECT_EQ(note_of(*best, t, rows, cols), "path: skinny, de-interleave in registers")
          << n << " " << rows << "x" << cols;
  }
}
