// Our word tile (words.cuh): a short side below one tile for 1-, 2- and 4-byte elements, rows at
// any offset; all of the short side and P positions of the long side a block, the (de)interleave
// done on 32-bit words with byte permutes, 16-byte global accesses on both sides. Shapes it
// does not take (8-byte elements, short sides of one tile or more, interleaving at s·ES < 16
// where s·ES is not a multiple of 4) run the skinny path (noted).
#include "kernels/ours/words.cuh"

#include <fmt/format.h>

#include <string>
#include <type_traits>

template <typename T, bool INTERLEAVE, typename W>
__global__ void __launch_bounds__(256, W::kMinBlocks)
    ours_words(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::words_body<T, INTERLEAVE, W>(out, in, cols, rows, nreps);
}

template <typename T, int S, bool INTERLEAVE>
__global__ void __launch_bounds__(256)
    ours_words_fallback(T* out, const T* in, int cols, int rows, int nreps) {
  tb::ours::skinny_body<T, S, INTERLEAVE>(out, in, cols, rows, nreps);
}

namespace {

bool word_tile_takes(const tb::LaunchArgs& a) {
  return tb::ours::words_take(static_cast<int>(tb::dtype_size(a.dtype)), std::min(a.rows, a.cols),
                              a.rows <= a.cols);
}

// The word tile past one tile (ours_words_past): short sides from 16V to 32V - 1, where the
// 16-byte and halo tiles leave their last tile column part empty (docs/perf-notes.md, "just above
// one tile"). Nothing in the tile's layout is bound to s < 16V (Words::takes is where ours_best
// stops asking it), and it launches the instances ours_words_sectors and ours_words_compact
// compile (the same machine code); its shared memory grows with s, at most 75 KB a block for
// fp32 (s = 127), 80 KB for fp16 (255) and 92 KB for u8 (509), under sm_90's 227 KB.
bool word_tile_past_takes(const tb::LaunchArgs& a) {
  const int v = tb::elems_per_16_bytes(a.dtype), s = std::min(a.rows, a.cols);
  return tb::dtype_size(a.dtype) <= 4 && s >= 16 * v && s < 32 * v;
}

// Which tile: the whole word tile, half the positions a block (five or six blocks an SM,
// WordsHalf), or the one ours_best takes (words_half_wins). OPTS: the variant (Words), each bit
// where it applies: kWordsCompact to the interleave of 1- and 2-byte elements, kWordsSpread to
// the de-interleave of 1-byte ones, kWordsDeal to the de-interleave of 2- and 4-byte ones.
enum class Tile { whole, half, as_best };

// PAST: the tile at short sides from one tile to two (word_tile_past_takes) instead of below one.
template <Tile TILE, unsigned OPTS = 0, bool PAST = false> struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    using tb::ours::kWordsCompact, tb::ours::kWordsDeal, tb::ours::kWordsSpread,
        tb::ours::kWordsSectors, tb::ours::kWordsRotate;
    if constexpr (PAST) {
      if (!word_tile_past_takes(a)) return Launch<TILE, OPTS>::template run<T>(a);
    }
    if constexpr (sizeof(T) <= 4) {
      if (PAST || word_tile_takes(a)) {
        const int s = std::min(a.rows, a.cols);
        const auto go = [&](auto interleave, auto half) {
          constexpr bool I = decltype(interleave)::value, H = decltype(half)::value;
          constexpr unsigned O =
              (I && sizeof(T) < 4 ? OPTS & kWordsCompact : 0u) |
              (!I && sizeof(T) == 1 ? OPTS & (kWordsSpread | kWordsRotate) : 0u) |
              (!I && sizeof(T) >= 2 ? OPTS & kWordsDeal : 0u) | (!I ? OPTS & kWordsSectors : 0u);
          using W = std::conditional_t<H, tb::ours::WordsHalf<T, I, O>,
                                       tb::ours::Words<T, 2 * static_cast<int>(sizeof(T)), 3, O>>;
          const std::size_t smem = W::smem(s, I);
          tb::allow_dynamic_smem(ours_words<T, I, W>, smem);
          tb::launch_kernel(ours_words<T, I, W>, dim3(tb::ours::words_blocks<T, W>(a.rows, a.cols)),
                            dim3(256), smem, a);
        };
        const bool interleave = a.rows <= a.cols;
        const bool half = TILE == Tile::half ||
                          (TILE == Tile::as_best &&
                           tb::ours::words_half_wins(static_cast<int>(sizeof(T)), s, interleave,
                                                     tb::ours::current_dram_peak_gbps()));
        const auto side = [&](auto h) {
          if (interleave)
            go(std::true_type{}, h);
          else
            go(std::false_type{}, h);
        };
        if constexpr (TILE == Tile::whole) {
          side(std::false_type{});
        } else if constexpr (TILE == Tile::half) {
          side(std::true_type{});
        } else if (half) {
          side(std::true_type{});
        } else {
          side(std::false_type{});
        }
        return;
      }
    }
    const auto g = tb::ours::skinny_launch<T>(a.rows, a.cols, tb::ours::SkinnyPath::measured);
    tb::ours::launch_skinny<T>(g, a, [](auto side, auto interleave) {
      return ours_words_fallback<T, decltype(side)::value, decltype(interleave)::value>;
    });
  }
};

std::string path_note(const tb::LaunchArgs& a) {
  const int s = std::min(a.rows, a.cols);
  if (!word_tile_takes(a)) return "word tile off for this shape and type; ran the skinny path";
  return fmt::format("{}: s = {}", a.rows <= a.cols ? "interleave" : "de-interleave", s);
}

// The chunked word tile (Words::kChunk): de-interleaving 1-byte elements whose rows are a
// multiple of CH channels (32, or 64 with kWordsWide); other shapes run ours_words_half.
template <int CH> bool chunked_takes(const tb::LaunchArgs& a) {
  return tb::dtype_size(a.dtype) == 1 && a.rows > a.cols && a.cols % CH == 0;
}

template <int CH> struct LaunchChunked {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    if constexpr (sizeof(T) == 1) {
      if (chunked_takes<CH>(a)) {
        using W = tb::ours::WordsChunked<T, CH>;
        const std::size_t smem = W::smem(W::kChunk, false);
        tb::allow_dynamic_smem(ours_words<T, false, W>, smem);
        tb::launch_kernel(ours_words<T, false, W>,
                          dim3(tb::ours::words_chunked_blocks<T, W>(a.rows, a.cols)), dim3(256),
                          smem, a);
        return;
      }
    }
    Launch<Tile::half>::template run<T>(a);
  }
};

template <int CH> std::string chunked_note(const tb::LaunchArgs& a) {
  if (!chunked_takes<CH>(a))
    return "chunks off for this shape and type; ran ours_words_half: " + path_note(a);
  return fmt::format("de-interleave in {} chunks of {} channels", a.cols / CH, CH);
}

// The compact kernels' note: the path, and whether the staging span was compact (Words::gaps).
std::string compact_note(const tb::LaunchArgs& a) {
  const int s = std::min(a.rows, a.cols), size = static_cast<int>(tb::dtype_size(a.dtype));
  const bool compact = word_tile_takes(a) && a.rows <= a.cols && size < 4 && s * size % 4 != 0;
  return compact ? path_note(a) + ", staged compactly" : path_note(a);
}

[[maybe_unused]] const bool registered_half = tb::register_kernel(
    tb::kernel("ours_words_half", tb::Family::ours, "Ours: word tile, half the positions a block",
               tb::launcher<Launch<Tile::half>>())
        .source(tb::ours::kSource)
        .summary("the word tile with half the positions a block, five blocks an SM "
                 "de-interleaving and six interleaving")
        .output(tb::Output::transpose)
        .geometry(0, 0, 256, 1)
        .order(19)
        .suites({"best"})
        .note(path_note));

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("ours_words", tb::Family::ours, "Ours: word tile (short side below one tile)",
               tb::launcher<Launch<Tile::whole>>())
        .source(tb::ours::kSource)
        .summary("any short side below one tile, rows at any offset, 1- to 4-byte elements: the "
                 "whole short side and P positions a block, the (de)interleave on 32-bit words "
                 "with byte permutes, 16-byte accesses to global memory")
        .output(tb::Output::transpose)
        .geometry(0, 0, 256, 1)
        .order(19)
        .suites({"best"})
        .note(path_note)
        .expect(tb::on_packet_rows(tb::at_most(tb::Figure::store_sectors_over_needed, 1.1,
                                               "every packet stored once, by one 16-byte store")))
        .expect(tb::on_packet_rows(tb::at_most(tb::Figure::load_sectors_over_needed, 1.2,
                                               "every packet loaded once, the halo's from L2"))));

// The candidates for ours_best: variants of the word tile (Words' OPTS), each registered like
// ours_words so that one run measures it beside the tile ours_best takes (docs/perf-notes.md).
template <class L>
bool register_candidate(const char* id, const char* name, const char* summary,
                        std::string (*note)(const tb::LaunchArgs&)) {
  return tb::register_kernel(tb::kernel(id, tb::Family::ours, name, tb::launcher<L>())
                                 .source(tb::ours::kSource)
                                 .summary(summary)
                                 .output(tb::Output::transpose)
                                 .geometry(0, 0, 256, 1)
                                 .order(19)
                                 .suites({"best"})
                                 .note(note));
}

[[maybe_unused]] const bool registered_half_compact =
    register_candidate<Launch<Tile::half, tb::ours::kWordsCompact>>(
        "ours_words_half_compact", "Ours: word tile, half the positions a block, staged compactly",
        "ours_words_half with the gapped interleave (s·sizeof(T) not a multiple of 4) staged as "
        "the output span itself, each output packet read with one aligned 16-byte load",
        compact_note);

[[maybe_unused]] const bool registered_compact =
    register_candidate<Launch<Tile::whole, tb::ours::kWordsCompact>>(
        "ours_words_compact", "Ours: word tile, staged compactly",
        "ours_words with the gapped interleave (s·sizeof(T) not a multiple of 4) staged as the "
        "output span itself, each output packet read with one aligned 16-byte load",
        compact_note);

// For short sides of one tile and more whose output rows are not 16-byte aligned.
[[maybe_unused]] const bool registered_chunked = register_candidate<LaunchChunked<32>>(
    "ours_words_chunked", "Ours: word tile in chunks of 32 channels (u8 de-interleave)",
    "1-byte elements de-interleaving rows of a multiple of 32 channels at any long side: the half "
    "word tile on chunks of 32 channels, its span swizzled so that each window is one "
    "conflict-free 16-byte load; other shapes run ours_words_half",
    chunked_note<32>);

[[maybe_unused]] const bool registered_chunked64 = register_candidate<LaunchChunked<64>>(
    "ours_words_chunked64", "Ours: word tile in chunks of 64 channels (u8 de-interleave)",
    "ours_words_chunked with chunks of 64 channels: each warp-wide copy of phase 1 reads 8 "
    "positions of 64 bytes instead of 16 of 32; rows of a multiple of 64 channels, other shapes "
    "run ours_words_half",
    chunked_note<64>);

[[maybe_unused]] const bool registered_spread =
    register_candidate<Launch<Tile::as_best, tb::ours::kWordsSpread>>(
        "ours_words_spread", "Ours: word tile, u8 de-interleave with its lanes spread",
        "the word tile ours_best takes (half the positions a block for 1-byte elements below "
        "s = 64), de-interleaving 1-byte elements at odd s with the even position quads in one "
        "half-warp and the odd ones in the other, so that the window loads are free of bank "
        "conflicts",
        path_note);

[[maybe_unused]] const bool registered_sectors =
    register_candidate<Launch<Tile::as_best, tb::ours::kWordsSectors>>(
        "ours_words_sectors", "Ours: word tile, de-interleave owning whole output sectors",
        "the word tile ours_best's rule picks (half or whole), each block de-interleaving into "
        "whole 32-byte sectors of its output rows at every short side (a halo of one sector's "
        "positions, P whole sectors), so that no two blocks write parts of one sector; ours_best "
        "owns sectors where words_sectors_wins",
        path_note);

[[maybe_unused]] const bool registered_rotate =
    register_candidate<Launch<Tile::as_best, tb::ours::kWordsSectors | tb::ours::kWordsRotate>>(
        "ours_words_rotate", "Ours: word tile, u8 de-interleave with rotated windows",
        "ours_words_sectors, de-interleaving 1-byte elements at short sides of a multiple of 8 "
        "with each lane's window rotated by its position quad mod 8, so that the window loads, "
        "4s bytes apart, fall on all eight 16-byte bank groups",
        path_note);

std::string past_note(const tb::LaunchArgs& a) {
  const int s = std::min(a.rows, a.cols);
  if (!word_tile_past_takes(a))
    return "short side not between one tile and two; ran the word tile below one: " + path_note(a);
  return fmt::format("{}: s = {}", a.rows <= a.cols ? "interleave" : "de-interleave", s);
}

[[maybe_unused]] const bool registered_past = register_candidate<
    Launch<Tile::as_best, tb::ours::kWordsSectors | tb::ours::kWordsCompact, true>>(
    "ours_words_past", "Ours: word tile past one tile (short side 16V to 32V - 1)",
    "the word tile at short sides from one tile to two (1-, 2- and 4-byte elements), where the "
    "16-byte and halo tiles leave their last tile column part empty: de-interleaving into "
    "whole output sectors, the gapped interleave staged compactly; other shapes as "
    "ours_words_sectors with that staging",
    past_note);

[[maybe_unused]] const bool registered_past_rotate = register_candidate<
    Launch<Tile::as_best,
           tb::ours::kWordsSectors | tb::ours::kWordsCompact | tb::ours::kWordsRotate, true>>(
    "ours_words_past_rotate", "Ours: word tile past one tile, u8 windows rotated",
    "ours_words_past with the u8 de-interleave's windows rotated as in ours_words_rotate (short "
    "sides of a multiple of 8)",
    past_note);

[[maybe_unused]] const bool registered_deal =
    register_candidate<Launch<Tile::as_best, tb::ours::kWordsDeal>>(
        "ours_words_deal", "Ours: word tile, 2-/4-byte de-interleave in dealt warp tiles",
        "the word tile ours_best's rule picks, de-interleaving 2- and 4-byte elements at odd s "
        "with each warp's items a tile of 4 words x 8 position groups, so that its span loads "
        "are free of bank conflicts",
        path_note);

} // namespace
