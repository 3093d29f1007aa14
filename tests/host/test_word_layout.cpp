// The word tile's shared-memory layout (kernels/ours/word_layout.hpp).
// store_low_bytes, the compact staging: at every offset within a word and every byte count,
// exactly the word's first bytes land at their place and no other byte of shared memory changes
// (a stray byte would overwrite the next position's first channels, written by another thread).
// chunk_swizzle, the chunked tile's span: a bijection, and free of bank conflicts for the
// accesses it is there for.
#include "kernels/ours/word_layout.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <vector>

namespace {

constexpr unsigned kWord = 0x44332211u; // byte j is 0x11·(j + 1)
constexpr unsigned char kUntouched = 0xEE;

template <int ES> void check_every_offset_and_count() {
  for (unsigned o = 0; o < 12; o += ES) {
    for (int nb = ES; nb <= 4; nb += ES) {
      alignas(4) unsigned char buf[20];
      for (unsigned char& b : buf) b = kUntouched;
      tb::ours::store_low_bytes<ES>(buf, o, kWord, nb);
      for (unsigned i = 0; i < sizeof buf; ++i) {
        const bool inside = i >= o && i < o + static_cast<unsigned>(nb);
        const unsigned char want =
            inside ? static_cast<unsigned char>(kWord >> (8 * (i - o))) : kUntouched;
        EXPECT_EQ(buf[i], want) << "ES " << ES << ", offset " << o << ", " << nb << " bytes: byte "
                                << i;
      }
    }
  }
}

} // namespace

TEST(ByteStore, OneByteElementsLandAtEveryOffsetAndNothingElse) {
  check_every_offset_and_count<1>();
}

TEST(ByteStore, TwoByteElementsLandAtEveryOffsetAndNothingElse) {
  check_every_offset_and_count<2>();
}

// The span holds PER chunks a position (2 for chunks of 32 channels, 4 for 64) for up to 1024
// chunks: every chunk gets its own place, and each group of 8 stays in place, so the span's size
// is unchanged.
template <int PER> void expect_bijection_within_groups_of_eight() {
  std::vector<int> hits(1024, 0);
  for (int c = 0; c < 1024; ++c) {
    const int p = tb::ours::chunk_swizzle<PER>(c);
    ASSERT_GE(p, 0);
    ASSERT_LT(p, 1024);
    EXPECT_EQ(p / 8, c / 8) << "PER " << PER << ", chunk " << c;
    ++hits[p];
  }
  for (int p = 0; p < 1024; ++p) EXPECT_EQ(hits[p], 1) << "PER " << PER << ", place " << p;
}
TEST(ChunkSwizzle, IsABijectionWithinEachGroupOfEight) {
  expect_bijection_within_groups_of_eight<2>();
  expect_bijection_within_groups_of_eight<4>();
}

// 16-byte shared accesses are served 8 lanes at a time; the 8 are free of bank conflicts when
// their chunks fall in 8 different groups of 4 banks (chunk mod 8). Phase 2: the 8 lanes of a
// quarter-warp take consecutive position quads pq (from a multiple of 8) and read window cw of
// position 4pq + t, chunk (4pq + t)·PER + cw (PER windows a position). Phase 1: consecutive
// chunks.
template <int PER> void expect_quarter_warps_in_eight_bank_groups() {
  for (int pq0 = 0; pq0 < 256 / PER; pq0 += 8)
    for (int t = 0; t < 4; ++t)
      for (int cw = 0; cw < PER; ++cw) {
        std::set<int> groups;
        for (int pq = pq0; pq < pq0 + 8; ++pq)
          groups.insert(tb::ours::chunk_swizzle<PER>((4 * pq + t) * PER + cw) % 8);
        EXPECT_EQ(groups.size(), 8u)
            << "PER " << PER << ", pq from " << pq0 << ", t " << t << ", window " << cw;
      }
  for (int x0 = 0; x0 < 1024; x0 += 8) {
    std::set<int> groups;
    for (int x = x0; x < x0 + 8; ++x) groups.insert(tb::ours::chunk_swizzle<PER>(x) % 8);
    EXPECT_EQ(groups.size(), 8u) << "PER " << PER << ", chunks from " << x0;
  }
}
TEST(ChunkSwizzle, QuarterWarpsReadEightBankGroups) {
  expect_quarter_warps_in_eight_bank_groups<2>();
  expect_quarter_warps_in_eight_bank_groups<4>();
}

// spread_item: every phase-2 item is taken by exactly one lane, whatever the block's count of
// items (whole groups of 32 and a partial last one); in a whole group the first half-warp takes
// the even items and the second the odd ones.
TEST(SpreadItem, IsABijectionForEveryCountOfQuads) {
  for (int n : {1, 4, 31, 32, 33, 64, 100, 112, 128, 200, 224, 1024}) {
    std::vector<int> hits(n, 0);
    for (int it = 0; it < n; ++it) {
      const int to = tb::ours::spread_item(it, n);
      ASSERT_GE(to, 0) << n;
      ASSERT_LT(to, n) << n;
      EXPECT_EQ(to / 32, it / 32) << "item " << it << " of " << n << " left its warp";
      ++hits[to];
    }
    for (int it = 0; it < n; ++it) EXPECT_EQ(hits[it], 1) << "item " << it << " of " << n;
  }
}

// Wavefronts of one 8-byte shared load by 16 lanes (served together): the most distinct 8-byte
// words that any pair of banks is asked for.
int wavefronts8(const std::vector<unsigned>& bytes) {
  std::vector<std::set<unsigned>> pair(16);
  for (unsigned b : bytes) pair[(b / 8) % 16].insert(b / 8);
  std::size_t most = 0;
  for (const auto& p : pair) most = std::max(most, p.size());
  return static_cast<int>(most);
}

// The purpose: phase 2 reads window t of position quad q (an item; one window a position here) with
// three 8-byte loads from byte (d + 4·q·s + t·s) rounded down to 8 (d the span's offset). At odd s,
// 16 consecutive quads ask two words of some bank pair at every offset; spread, one.
TEST(SpreadItem, TakesTheBankConflictsOutOfTheWindowLoadsAtOddShortSides) {
  for (int s : {9, 17, 31, 33, 65, 127, 255}) {
    for (unsigned d = 0; d < 16; ++d)
      for (unsigned t = 0; t < 4; ++t)
        for (unsigned k = 0; k < 3; ++k)
          for (int half = 0; half < 2; ++half) {
            std::vector<unsigned> plain, spread;
            for (int l = 16 * half; l < 16 * half + 16; ++l) {
              const auto at = [&](int q) {
                return ((d + 4u * static_cast<unsigned>(q * s) + t * static_cast<unsigned>(s)) &
                        ~7u) +
                       8 * k;
              };
              plain.push_back(at(l));
              spread.push_back(at(tb::ours::spread_item(l, 64)));
            }
            EXPECT_EQ(wavefronts8(spread), 1) << "s " << s << ", offset " << d << ", t " << t;
            if (s != 17) {
              EXPECT_EQ(wavefronts8(plain), 2) << "s " << s << ", offset " << d;
            }
          }
  }
}

TEST(SpreadItem, EvenItemsInTheFirstHalfWarpOddInTheSecond) {
  for (int l = 0; l < 32; ++l)
    EXPECT_EQ(tb::ours::spread_item(64 + l, 100), 64 + (2 * l) % 32 + l / 16) << l;
  EXPECT_EQ(tb::ours::spread_item(97, 100), 97); // the partial last group stays as it is
}

// deal_item: the warp tiles cover every phase-2 item (NK words x NQ position groups) exactly
// once, whatever NK and NQ (lanes past them idle).
TEST(DealItem, CoversEveryItemOnce) {
  for (int nk : {2, 6, 16, 17, 50, 64})
    for (int nq : {2, 8, 20, 60, 64}) {
      const int across = (nk + 3) / 4, tiles = across * ((nq + 7) / 8);
      std::vector<int> hits(nk * nq, 0);
      for (int u = 0; u < tiles; ++u)
        for (int lane = 0; lane < 32; ++lane) {
          const tb::ours::DealtItem it = tb::ours::deal_item(u, lane, across);
          ASSERT_GE(it.kg, 0);
          ASSERT_GE(it.qg, 0);
          if (it.kg < nk && it.qg < nq) ++hits[it.qg * nk + it.kg];
        }
      for (int i = 0; i < nk * nq; ++i)
        EXPECT_EQ(hits[i], 1) << "NK " << nk << ", NQ " << nq << ": item " << i;
    }
}

// The purpose: item (kg, qg)'s span words start 4·s·qg + kg words in (plus the span's offset and
// the word pass), so at odd s a whole tile's 32 loads hit 32 different banks, where 32
// consecutive items (the walk without dealing) ask several words of some bank. Each
// quarter-warp (8 lanes of a 16-byte store) takes 8 consecutive groups of one word.
TEST(DealItem, WholeTilesLoadFromThirtyTwoBanksAtOddShortSides) {
  for (int s : {17, 31, 33, 63, 127})
    for (int c = 0; c < 32; ++c)
      for (int u = 0; u < 8; ++u) {
        std::set<int> banks;
        for (int lane = 0; lane < 32; ++lane) {
          const tb::ours::DealtItem it = tb::ours::deal_item(u, lane, 4);
          banks.insert((c + 4 * s * it.qg + it.kg) % 32);
        }
        EXPECT_EQ(banks.size(), 32u) << "s " << s << ", offset " << c << ", tile " << u;
      }
  const int s = 33, nk = 17; // without dealing: 32 consecutive items of the walk
  std::set<int> walk;
  for (int i = 0; i < 32; ++i) walk.insert((4 * s * (i / nk) + i % nk) % 32);
  EXPECT_LT(walk.size(), 32u);
  for (int q = 0; q < 4; ++q)
    for (int l = 8 * q; l < 8 * q + 8; ++l) {
      EXPECT_EQ(tb::ours::deal_item(5, l, 3).kg, tb::ours::deal_item(5, 8 * q, 3).kg);
      EXPECT_EQ(tb::ours::deal_item(5, l, 3).qg, tb::ours::deal_item(5, 8 * q, 3).qg + l - 8 * q);
    }
}

// Planar rows: E rows (one word's channels) an odd number of chunks apart for every element size
// and row length, so that a quarter-warp's 16-byte stores to consecutive words' rows fall in 8
// different bank groups; at most one chunk more than asked for.
TEST(PlanarRowChunks, WordsOfRowsAnOddNumberOfChunksApart) {
  for (int e : {1, 2, 4})
    for (int rc = 3; rc <= 600; ++rc) {
      const int got = tb::ours::planar_row_chunks(rc, e);
      EXPECT_EQ((e * got + 1) % 2, 1) << "E = " << e << ", rc = " << rc;
      EXPECT_GE(got, rc);
      EXPECT_LE(got, rc + 1);
      std::set<int> groups; // bank groups of 8 lanes storing rows E apart
      for (int lane = 0; lane < 8; ++lane) groups.insert((lane * (e * got + 1)) % 8);
      EXPECT_EQ(groups.size(), 8u) << "E = " << e << ", rc = " << rc;
    }
}

namespace {

// The de-interleaving word tile's output ownership (words_one's phase 3 with words_unit_head):
// block b (positions p0 = b P of the long side L, P whole units of ue elements, P + ue loaded)
// stores the aligned packets of the units of each output row that start below its own positions'
// end; block 0 stores each row's first elements, up to the row's first unit boundary. For element
// sizes 1, 2 and 4, units of a packet, a 32-byte sector (the tile's) and a 256-byte piece
// (measured, docs/perf-notes.md), s = 31 and 33 and long sides of several offsets from the 256-byte
// grid: every element of every output row is stored once, every unit a block stores starts on its
// unit's grid (with 256-byte units, every piece is one block's), and every stored position lies
// inside what the block loaded.
TEST(WordsUnitHead, EveryOutputElementOnceInWholeUnitsInsideTheLoad) {
  using tb::ours::words_unit_head;
  for (int es : {1, 2, 4}) {
    const int v = 16 / es;
    for (int own : {1, 2, 16}) {
      const int ue = own * v;
      for (int s : {31, 33}) {
        for (int L : {2 * ue + 1, 100003, 100000, 99840 + 8 / es, 129032}) {
          for (int P : {ue, 4 * ue, 12 * ue}) {
            if (P / v < own) continue;
            const unsigned lmod = static_cast<unsigned>(L) & static_cast<unsigned>(ue - 1);
            const long long total = 1LL * s * L;
            std::vector<unsigned char> seen(static_cast<std::size_t>(total), 0);
            const int blocks = (L + P - 1) / P;
            for (int b = 0; b < blocks; ++b) {
              const int p0 = b * P, np = std::min(P, L - p0), nl = std::min(P + ue, L - p0);
              for (int k = 0; k < s; ++k) {
                const int f = words_unit_head(static_cast<unsigned>(k), lmod,
                                              static_cast<unsigned>(p0), static_cast<unsigned>(ue));
                ASSERT_EQ((1LL * k * L + p0 + f) % ue, 0)
                    << es << "-byte, unit " << ue << ", s " << s << ", L " << L << ", row " << k;
                for (int m = 0; m < P / v; ++m) {
                  const int pos = f + m * v;
                  if (f + m / own * ue >= np) continue;
                  for (int j = 0; j < v && pos + j < L - p0; ++j) {
                    ASSERT_LT(pos + j, nl) << es << "-byte, unit " << ue << ", L " << L;
                    ++seen[static_cast<std::size_t>(1LL * k * L + p0 + pos + j)];
                  }
                }
                if (b == 0)
                  for (int j = 0; j < ue && j < L; ++j)
                    if (j < f) ++seen[static_cast<std::size_t>(1LL * k * L + j)];
              }
            }
            for (long long i = 0; i < total; ++i)
              ASSERT_EQ(seen[static_cast<std::size_t>(i)], 1)
                  << es << "-byte, unit " << ue << ", s " << s << ", L " << L << ", P " << P
                  << ": row " << i / L << ", position " << i % L;
          }
        }
      }
    }
  }
}

} // namespace
