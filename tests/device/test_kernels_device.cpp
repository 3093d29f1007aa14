// Every registered kernel x element type x timing mode validated exactly on the GPU at the
// shapes that break index math: tiny, odd, one row, one column, non-square both ways, and
// large. One test per shape x element type, so the input and its reference are made once and
// every kernel is checked against them. Without a GPU the binary skips with the reason (exit
// code 77 for CTest).
#include "harness/core/registry.hpp"
#include "harness/device_info.hpp"
#include "harness/measure.hpp"
#include "harness/timing_kernels.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

using namespace tb;

namespace {

Measurer* g_measurer = nullptr;

struct Param {
  Shape shape;
  DType dtype;
};

class AllKernelsOnGpu : public ::testing::TestWithParam<Param> {};

// Every registered kernel that takes type t, in each of the given modes at reps, exact at shape
// s; prints how many were checked and how many declined the shape, and returns the checked count.
int every_kernel_exact(Shape s, DType t, const std::vector<Mode>& modes, int reps) {
  int checked = 0, declined = 0;
  for (const KernelSpec& k : registered_kernels()) {
    if (!k.supports(t)) continue;
    for (Mode m : modes) {
      if (m == Mode::loop_in_kernel && !k.has_nreps) continue;
      const Case c{&k, s, t, m, reps};
      SCOPED_TRACE(fmt::format("{} {} {} {}", k.id, to_string(s), dtype_name(t), mode_name(m)));
      double ms = 0;
      try {
        ms = g_measurer->sample_ms_per_rep(c);
      } catch (const shape_not_supported& e) {
        // A kernel may decline a large shape (the runner records it as unsupported), never a
        // shape whose shorter side is at most 1024.
        EXPECT_GT(std::min(s.rows, s.cols), 1024) << e.what();
        ++declined;
        continue;
      } catch (const std::exception& e) {
        ADD_FAILURE() << e.what(); // a CUDA error may be sticky: stop here
        return checked;
      }
      EXPECT_GT(ms, 0.0);
      const Validation v = g_measurer->validate(c);
      EXPECT_TRUE(v.ok) << v.message;
      ++checked;
    }
  }
  std::printf("  %s %s: %d kernel x mode cases exact, %d declined\n", to_string(s).c_str(),
              std::string(dtype_name(t)).c_str(), checked, declined);
  return checked;
}

TEST_P(AllKernelsOnGpu, EveryKernelAndModeIsExact) {
  // reps = 3: the in-kernel loop runs more than once, so the barrier between repetitions
  // matters, and every element must still be right afterwards.
  const std::vector<Mode> all(std::begin(kAllModes), std::end(kAllModes));
  EXPECT_GT(every_kernel_exact(GetParam().shape, GetParam().dtype, all, 3), 0);
}

std::vector<Param> params() {
  // 66 x 67, 259 x 270, 17 x 4100 and 4100 x 17: the halo tile's partial edge tiles (a bottom
  // tile of fewer rows than its halo, fp32 and u8), and matrices narrower than one tile one way
  // (a partial tile next to whole ones).
  const Shape shapes[] = {{32, 32},
                          {2048, 2048},
                          {33, 65},
                          {1, 1000},
                          {1000, 1},
                          {1536, 4096},
                          {4096, 1536},
                          {4099, 7919},
                          {8192, 8192},
                          {8191, 8193},
                          {66, 67},
                          {259, 270},
                          {17, 4100},
                          {4100, 17},
                          // The half-height halo tile's bottom tile: 122 rows of 128 (u8),
                          // 58 of 64 (fp16); fewer than a tile by less than the halo.
                          {250, 301},
                          // A bottom tile short of a whole tile by less than one row group in
                          // every type (fp32 62 of 64 rows, u8 126 of 128 and 254 of 256,
                          // fp64 30 of 32): in u8, fp16 and bf16 the packet after its last
                          // group, cut at the matrix's last row (fp32 and fp64 offsets here
                          // never reach past it).
                          {254, 301},
                          // One side 16-byte aligned in every type (272 = 17 x 16), the other
                          // odd: the halo tile with the aligned side's realignment compiled out,
                          // output rows aligned (272 x 4099: a 16-row bottom tile, a partial
                          // last tile column) and input rows aligned (4099 x 272: u8 owning
                          // whole output sectors, 32 halo rows, a 3-row bottom tile); 120 x 1001,
                          // a 2-byte matrix below one tile with aligned output rows.
                          {272, 4099},
                          {4099, 272},
                          {120, 1001},
                          // 2-byte rows that are whole packets but not whole 32-byte sectors
                          // (264 and 4104: 8 mod 16): the halo tile owning whole sectors of the
                          // output, input rows aligned, with a bottom tile of 8 rows (4104 x 264).
                          {264, 4104},
                          {4104, 264},
                          // Multiples of 16, so rows are whole 16-byte packets in every type,
                          // but not of any tile size: the edge tiles of the 16-byte tile.
                          {1040, 1008},
                          {1008, 1040},
                          // Few rows or columns, odd lengths: the skinny path both ways.
                          {3, 65},
                          {65, 3},
                          {2, 1001},
                          {1001, 2},
                          {7, 33},
                          {33, 7},
                          {5, 4099},
                          // A short side below one tile and an odd long side: the halo tile's
                          // partial tiles with the short rows aligned (fp32 at 60 and 52, u8 at
                          // 208 and 240) or not (fp32 at 47), the word tile and the gather next
                          // to them in the other types.
                          {60, 1001},
                          {1001, 52},
                          {1001, 47},
                          {208, 1001},
                          {1001, 240},
                          {31, 20011},
                          {20011, 31},
                          // 2-byte elements at s = 27: the interleaving gather on four times
                          // the data a block (1096 positions), a partial last block.
                          {27, 4099},
                          // A short side of 100 and an odd long side: the padded tile with a
                          // partial last packet column (u8 7 packets, fp16 13) both ways.
                          {100, 4099},
                          {4099, 100},
                          // A short side of whole packets, the long side a multiple of 16 but
                          // not of a block's positions: the narrow tile both ways (u8 1 and 8
                          // packets, fp16 2 and 8, fp32 4, fp64 8) with a partial last block.
                          {16, 4112},
                          {4112, 16},
                          {64, 1040},
                          {1040, 64},
                          {128, 1040},
                          {1040, 128},
                          // An odd long side and rows of whole 32-byte chunks: the chunked
                          // word tile (u8, three chunks of 32 channels); an odd short side of
                          // 127: the whole u8 de-interleave with its items spread.
                          {4099, 96},
                          {2003, 127},
                          // Rows of whole packets and 96 channels (six packets, no narrow tile):
                          // ours_best's chunked word tile on aligned rows; an odd short side of
                          // 65 interleaving: its half word tile staged compactly.
                          {1040, 96},
                          {65, 4099},
                          // One and two chunks of 32 channels in unaligned rows (one of 64), and
                          // three of 64 (six of 32).
                          {4099, 32},
                          {4099, 64},
                          {4099, 192},
                          // Input rows aligned and longer than 512, output rows not, cols not a
                          // multiple of 32: the u8 halo tile with the group above by a shuffle
                          // where ours_best takes it (above the H100's DRAM peak).
                          {1001, 1040},
                          // A short side of 13 de-interleaving: 2-byte elements on half the word
                          // tile's positions; and of 16 with L not whole packets (ours_best's
                          // half word tile above the H100's DRAM peak, the gather below).
                          {4099, 13},
                          {4099, 16},
                          // Rows and cols multiples of 8 but not of 16: u8 whole 8-byte packets
                          // (the 8-byte tile, with partial tiles both ways), 2-byte elements
                          // whole 16-byte ones; and a short side below one 8-byte tile.
                          {1000, 1080},
                          {72, 1000},
                          // u8 output rows of 16 mod 32 bytes, input rows not whole packets: the
                          // halo tile owning sectors by row groups (a partial bottom tile always;
                          // ours_best's with the group above by a shuffle).
                          {1008, 1001},
                          {4112, 1000},
                          // The same, tall (rows at least 4 cols).
                          {8016, 1000},
                          // u8 output rows of 16 mod 32 bytes and input rows of whole packets,
                          // tall: ours_best's sector groups with the input side compiled out on
                          // both GPUs (a 16-row bottom tile, a partial last tile column).
                          {4112, 1008},
                          // The same output rows, input rows of whole 8-byte packets longer than
                          // 1024 bytes (partial tiles both ways): ours_best's sector groups, and
                          // the 8-byte tile.
                          {1040, 1080},
                          // 4-byte de-interleave just above one tile: ours_best's gather owning
                          // whole output sectors (L odd) or packets (aligned); s = 200 on a GPU
                          // of the H100's DRAM peak only; and 2-byte interleave at an odd s
                          // above 104 (the gather, not the halo tile).
                          {4099, 80},
                          {4100, 80},
                          {4097, 200},
                          {113, 4099},
                          // Interleaving just above one tile into short rows that are not whole
                          // packets: ours_best's gather (fp16 129, u8 257; fp32 at 65 above).
                          {129, 4099},
                          {257, 2003},
                          // u8 input rows of 2048 bytes, output rows not whole packets: ours_best's
                          // staged byte tile above the H100's DRAM peak (two interior tile rows,
                          // a one-row bottom tile on the halo tile's code).
                          {385, 2048}};
  std::vector<Param> out;
  for (const Shape& s : shapes)
    for (DType t : kAllDTypes) out.push_back({s, t});
  return out;
}

INSTANTIATE_TEST_SUITE_P(Shapes, AllKernelsOnGpu, ::testing::ValuesIn(params()),
                         [](const ::testing::TestParamInfo<Param>& i) {
                           return fmt::format("{}x{}_{}", i.param.shape.rows, i.param.shape.cols,
                                              dtype_name(i.param.dtype));
                         });

// Validation must catch an output the kernel did not produce: check a transpose's output
// against the copy reference on the same buffers.
TEST(Harness, WrongOutputFailsValidation) {
  const KernelSpec* k = find_kernel("transpose_naive");
  ASSERT_NE(k, nullptr);
  const Case c{k, {64, 96}, DType::fp32, Mode::loop_over_kernel, 1};
  g_measurer->sample_ms_per_rep(c);
  ASSERT_TRUE(g_measurer->validate(c).ok);
  KernelSpec wrong = *k;
  wrong.output = Output::copy;
  const Validation v =
      g_measurer->validate(Case{&wrong, {64, 96}, DType::fp32, Mode::loop_over_kernel, 1});
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("output elements wrong"), std::string::npos);
}

// A kernel that writes nothing leaves the poison in place and must fail.
TEST(Harness, UnwrittenOutputFailsValidation) {
  KernelSpec idle = *find_kernel("simple_copy");
  idle.launch = [](const LaunchArgs&) {}; // launches nothing
  const Case c{&idle, {33, 65}, DType::u8, Mode::loop_over_kernel, 1};
  g_measurer->sample_ms_per_rep(c);
  const Validation v = g_measurer->validate(c);
  EXPECT_FALSE(v.ok);
  EXPECT_NE(v.message.find("2145 of 2145"), std::string::npos) << v.message;
}

} // namespace

namespace {
// One launch of kernel k at shape s and type t runs and is exact.
void expect_launches_exact(const KernelSpec* k, Shape s, DType t) {
  const Case c{k, s, t, Mode::loop_over_kernel, 1};
  SCOPED_TRACE(fmt::format("{} {} {}", k->id, to_string(s), dtype_name(t)));
  ASSERT_NO_THROW(g_measurer->sample_ms_per_rep(c));
  const Validation v = g_measurer->validate(c);
  EXPECT_TRUE(v.ok) << v.message;
}

// No grid dimension may pass its limit at any shape: two rows or two columns of 2^25 + 1
// (one block a row or a column of tiles would need a grid y of 2^25 / 32 > 65535).
TEST(Skinny, LongestShapesLaunchAndAreExact) {
  for (const char* id : {"ours_best", "ours_skinny", "ours_padded"}) {
    const KernelSpec* k = find_kernel(id);
    ASSERT_NE(k, nullptr);
    for (const Shape s : {Shape{2, (1 << 25) + 1}, Shape{(1 << 25) + 1, 2}})
      for (const DType t : {DType::fp32, DType::u8}) expect_launches_exact(k, s, t);
  }
}

// Past 2^31 elements, where a 32-bit element offset would wrap (the README: "64-bit offsets allow
// matrices past 2^31 elements"): every kernel that takes u8, one launch, exact at 46349^2 (2.1 GB
// each way, 745 k elements past 2^31); ours_best and the skinny path at 2 x (2^30 + 1) both ways.
TEST(AnyShape, PastTwoToThe31ElementsIsExact) {
  const Shape square{46349, 46349};
  ASSERT_GT(square.elements(), std::int64_t{1} << 31);
  EXPECT_GT(every_kernel_exact(square, DType::u8, {Mode::loop_over_kernel}, 1), 50);
  for (const char* id : {"ours_best", "ours_skinny"}) {
    const KernelSpec* k = find_kernel(id);
    ASSERT_NE(k, nullptr);
    for (const Shape s : {Shape{2, (1 << 30) + 1}, Shape{(1 << 30) + 1, 2}})
      expect_launches_exact(k, s, DType::u8);
  }
}
} // namespace

namespace {
// The grid tile walks down the long side first (blockIdx.x = tile row) unless its tile columns
// pass the grid's y limit: 65537 · 64 columns are 65537 tile columns of 64 (fp32 at 16 chunks a
// block, fp16 at 8) or 131074 of 32 (fp32 at 8 chunks), and take the other order, which must be
// as exact as the first.
TEST(GridTile, TileColumnsPastTheYLimitAreExact) {
  for (const char* id : {"ours_tile16_grid", "ours_tile16_grid_held", "ours_tile16_grid8"}) {
    const KernelSpec* k = find_kernel(id);
    ASSERT_NE(k, nullptr);
    for (const auto& [s, t] : {std::pair{Shape{16, 65537 * 64}, DType::fp32},
                               std::pair{Shape{64, 65537 * 64}, DType::fp32},
                               std::pair{Shape{16, 65537 * 64}, DType::fp16}})
      expect_launches_exact(k, s, t);
  }
}
} // namespace

namespace {
// ours_best at a shape: the note names the path it should take, and it is exact in both modes
// (reps 3, so the in-kernel loop runs three times and its barriers matter).
void expect_best_path_exact(const KernelSpec* k, Shape s, DType t, const char* path) {
  SCOPED_TRACE(fmt::format("{} {}", to_string(s), dtype_name(t)));
  LaunchArgs a;
  a.dtype = t;
  a.rows = s.rows;
  a.cols = s.cols;
  const std::string note = k->note(a);
  EXPECT_NE(note.find(path), std::string::npos) << note;
  for (Mode m : {Mode::loop_over_kernel, Mode::loop_in_kernel}) {
    const Case c{k, s, t, m, 3};
    ASSERT_NO_THROW(g_measurer->sample_ms_per_rep(c));
    const Validation v = g_measurer->validate(c);
    EXPECT_TRUE(v.ok) << v.message;
  }
}

// ours_best's groups of tile rows (sector_aware_order) need tile columns longer than the shapes
// above: each instance that walks them, exact. The note names the order, so a shape that fell
// back to column-major order would not pass for one that was checked.
TEST(BestOrder, GroupsOfTileRowsAreExact) {
  const KernelSpec* k = find_kernel("ours_best");
  ASSERT_NE(k, nullptr);
  const std::pair<Shape, DType> cases[] = {
      {{16392, 1000}, DType::fp16},  // 16-byte tile, edge tiles in packets
      {{16392, 1000}, DType::bf16},  //
      {{1000, 1020}, DType::fp32},   // 16-byte tile, held to the plain tile's blocks (no
                                     // taller than wide: taller takes the realigned tile)
      {{16392, 1002}, DType::fp64},  //
      {{16392, 1000}, DType::u8},    // halo tile, neither side aligned
      {{16400, 1000}, DType::u8},    // halo tile, output rows aligned
      {{16385, 1040}, DType::u8},    // halo tile, input rows aligned: whole output sectors
      {{16385, 260}, DType::fp32},   // halo tile, input rows aligned (s = 100 takes the
                                     // gather on a GPU of the H100's DRAM peak)
      {{16385, 1004}, DType::fp16}}; // halo tile, neither side aligned
  for (const auto& [s, t] : cases) expect_best_path_exact(k, s, t, "groups of 8 tile rows");
}

// ours_best's scalar grid tile (scalar_grid_wins) needs 16 MB of matrix, more than the shapes of
// AllKernelsOnGpu: each order, tall (ahead of the gather) and wide (in the scalar tile's place),
// a partial last tile column and tile row, exact in both modes. The note names the path.
TEST(BestScalarGrid, LargeOddRowsAreExact) {
  const KernelSpec* k = find_kernel("ours_best");
  ASSERT_NE(k, nullptr);
  const std::pair<Shape, const char*> cases[] = {
      {{2049, 1030}, "scalar grid tile, column-major order"},
      {{16385, 200}, "scalar grid tile, groups of 8 tile rows"},
      {{100003, 31}, "scalar grid tile, groups of 8 tile rows"},
      {{1025, 2051}, "scalar grid tile, column-major order"}};
  for (const auto& [s, path] : cases) expect_best_path_exact(k, s, DType::fp64, path);
}

// The same tile in 8-byte units for 4-byte elements (scalar_grid_units_win): each order, tall and
// wide, a partial last tile column (two columns of it: one unit) and tile row, exact in both modes.
TEST(BestScalarGrid, FourByteUnitsAreExact) {
  const KernelSpec* k = find_kernel("ours_best");
  ASSERT_NE(k, nullptr);
  const std::pair<Shape, const char*> cases[] = {
      {{16385, 260}, "scalar grid tile, groups of 8 tile rows, 8-byte units"},
      {{66001, 64}, "scalar grid tile, column-major order, 8-byte units"},
      {{4097, 1026}, "scalar grid tile, column-major order, 8-byte units"},
      {{2049, 2050}, "scalar grid tile, column-major order, 8-byte units"}};
  for (const auto& [s, path] : cases) expect_best_path_exact(k, s, DType::fp32, path);
}

// And for 1-byte elements de-interleaving 64 channels from odd rows (scalar_grid_bytes_win, from
// 128 MB): the shared rows in pairs, the last tile row partial, exact in both modes.
TEST(BestScalarGrid, ByteUnitsAreExact) {
  const KernelSpec* k = find_kernel("ours_best");
  ASSERT_NE(k, nullptr);
  for (const Shape s : {Shape{2000001, 64}, Shape{2000003, 64}})
    expect_best_path_exact(k, s, DType::u8, "scalar grid tile, column-major order, 8-byte units");
}

// The narrow tile's grid de-interleave (narrow_grid_wins: planar rows off the 256-byte grid,
// elements of 2 bytes and more at up to 4 packets, 1-byte ones at one): each halo (planar rows 16,
// 32, 64 and 128 mod 256 bytes: 15, 14, 12 and 8 groups of positions), each element size and
// number of packets, a matrix shorter than its halo, exact in both modes. The note names the
// path.
TEST(BestNarrowGrid, PlanarRowsOffTheGridAreExact) {
  const KernelSpec* k = find_kernel("ours_best");
  ASSERT_NE(k, nullptr);
  const std::pair<Shape, DType> cases[] = {
      {{100016, 16}, DType::u8},  {{10048, 16}, DType::u8},    {{20096, 16}, DType::u8},
      {{1056, 16}, DType::u8},    {{48, 16}, DType::u8},       {{1032, 32}, DType::fp16},
      {{10016, 32}, DType::bf16}, {{200008, 32}, DType::fp16}, {{1004, 16}, DType::fp32},
      {{1008, 16}, DType::fp32},  {{100008, 16}, DType::fp32}, {{20, 16}, DType::fp32},
      {{1000, 8}, DType::fp16},   {{10016, 16}, DType::bf16},  {{1004, 8}, DType::fp32},
      {{1002, 8}, DType::fp64},   {{100002, 8}, DType::fp64},  {{18, 8}, DType::fp64}};
  for (const auto& [s, t] : cases)
    expect_best_path_exact(k, s, t, "planar segments moved onto the 256-byte grid");
}
} // namespace

namespace {
// The L2 flush must really evict: at 2048² fp32 (33.6 MB, inside a 50-60 MB L2) one launch
// right after the warm-up runs measurably faster than one after a flush.
TEST(L2Flush, WarmPassIsFasterThanFlushedPass) {
  const KernelSpec* k = find_kernel("simple_copy");
  ASSERT_NE(k, nullptr);
  Case warm{k, {2048, 2048}, DType::fp32, Mode::loop_over_kernel, 1, L2Policy::warm};
  Case cold = warm, clean = warm;
  cold.l2 = L2Policy::flush;
  clean.l2 = L2Policy::flush_clean;
  std::vector<double> w, c, cc;
  for (int i = 0; i < 21; ++i) {
    w.push_back(g_measurer->sample_ms_per_rep(warm));
    c.push_back(g_measurer->sample_ms_per_rep(cold));
    cc.push_back(g_measurer->sample_ms_per_rep(clean));
  }
  const double mw = median(w), mc = median(c), mcc = median(cc);
  std::printf("  2048^2 fp32 simple_copy, one launch: warm %.4f ms, flushed %.4f ms (%.2fx), "
              "flushed clean %.4f ms (%.2fx)\n",
              mw, mc, mc / mw, mcc, mcc / mw);
  EXPECT_LT(mw * 1.10, mc) << "a flushed launch should be at least 10% slower than a warm one";
  EXPECT_LT(mw * 1.10, mcc)
      << "a clean-flushed launch should be at least 10% slower than a warm one";
  EXPECT_TRUE(g_measurer->validate(cold).ok);
  EXPECT_TRUE(g_measurer->validate(clean).ok);
}
} // namespace

namespace tb::test {
void store_with_priority(void* buf, std::size_t bytes, bool keep, cudaStream_t s);
}

namespace {
// The flush must evict persisting lines too. Lines a kernel stores with L2 priority evict_last
// outlive an overwrite of the L2 at normal priority, so the next kernel measured on the same
// output buffer found part of it in L2 (on an H200, ours_best ran 2.7-4.9 points of memcpy
// faster right after a kernel that stored the pieces it shared with its neighbours so;
// docs/perf-notes.md): the flush resets them to normal first. ours_best at fp32 2000001 x 16,
// alone and right after a kernel that stores every other 256-byte piece of the same output as
// persisting lines: not faster after it.
TEST(L2Flush, PersistingLinesDoNotOutliveIt) {
  int device = 0, major = 0;
  ASSERT_EQ(cudaGetDevice(&device), cudaSuccess);
  ASSERT_EQ(cudaDeviceGetAttribute(&major, cudaDevAttrComputeCapabilityMajor, device), cudaSuccess);
  if (major < 8) GTEST_SKIP() << "no L2 eviction priorities before sm_80";
  const KernelSpec* best = find_kernel("ours_best");
  ASSERT_NE(best, nullptr);
  KernelSpec keeper = *find_kernel("simple_copy");
  keeper.launch = [](const LaunchArgs& a) {
    const std::size_t bytes = static_cast<std::size_t>(a.rows) * a.cols * dtype_size(a.dtype);
    tb::test::store_with_priority(a.out, bytes, true, a.stream);
  };
  const Shape s{2000001, 16};
  const Case victim{best, s, DType::fp32, Mode::loop_over_kernel, 10, L2Policy::flush};
  const Case polluter{&keeper, s, DType::fp32, Mode::loop_over_kernel, 10, L2Policy::flush};
  std::vector<double> alone, after;
  for (int i = 0; i < 7; ++i) alone.push_back(g_measurer->sample_ms_per_rep(victim));
  for (int i = 0; i < 7; ++i) {
    for (int j = 0; j < 3; ++j) g_measurer->sample_ms_per_rep(polluter);
    after.push_back(g_measurer->sample_ms_per_rep(victim));
  }
  const double ma = median(alone), mb = median(after);
  std::printf("  ours_best fp32 2000001 x 16: alone %.4f ms a repetition, after persisting "
              "stores %.4f ms (%.3fx)\n",
              ma, mb, mb / ma);
  EXPECT_GT(mb, 0.98 * ma) << "lines stored as persisting were still in L2 after the flush";
  EXPECT_TRUE(g_measurer->validate(victim).ok);
}
} // namespace

namespace {
// Regression: uploads once raced the measuring stream (a plain cudaMemcpy on the legacy stream
// is not ordered with a non-blocking stream). Alternating shapes makes every iteration upload a
// fresh input and reference right before the kernels and the compare use them.
TEST(Harness, FreshUploadsAreOrderedWithTheKernels) {
  int checked = 0;
  for (int i = 0; i < 40; ++i) {
    const Shape s = i % 2 ? Shape{512, 512} : Shape{520, 504};
    for (const char* id : {"transpose_fine_grained", "triton_style_64x128", "cublas_geam"}) {
      const KernelSpec* k = find_kernel(id);
      ASSERT_NE(k, nullptr);
      const Case c{k, s, DType::fp32, Mode::loop_over_kernel, 20, L2Policy::flush};
      g_measurer->sample_ms_per_rep(c);
      const Validation v = g_measurer->validate(c);
      ASSERT_TRUE(v.ok) << id << " " << to_string(s) << " iteration " << i << ": " << v.message;
      ++checked;
    }
  }
  EXPECT_EQ(checked, 120);
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
  Measurer m(l2_flush_bytes(d.l2_bytes));
  g_measurer = &m;
  return RUN_ALL_TESTS();
}
