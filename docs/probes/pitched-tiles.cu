// What the memory system charges for a tile's rows read (or written) at a given pitch, without a
// transpose around them: each block copies one tile of R rows x W bytes between a matrix of
// rows `pitch` bytes apart and a contiguous buffer, the tiles taken in column-major order as the
// 16-byte tile takes them (consecutive blocks down a tile column). 128 MB in, 128 MB out, timed
// as transpose_bench times a kernel (L2 overwritten before each sample, 10 launches a sample,
// median of 10 samples), as % of cudaMemcpyAsync of the same bytes:
//  - read: the tile's rows read at the pitch, the tile written contiguously;
//  - write: the mirror, the tile read contiguously and its rows written at the pitch.
// Two tables. Squares and oblongs: the 16-byte tile's own tiles (fp32 64 rows x 256 bytes, fp64
// 32 x 256) and tiles of the same 16 KB with fewer, longer rows (32 x 512, 16 x 1024, 8 x 2048)
// at pitches of 64 KB and 128 KB, where the H200 ran the 16-byte tile at 97-98% and 92-95% of
// memcpy, 256 KB, each with 256 bytes more, and 120 KB, not a power of two (docs/perf-notes.md,
// "input rows 128 KB apart, and the u8 squares' size"): whether that cost is in the reads of a
// tile's rows, and whether longer rows escape it. The map's tall shapes: rows of 2 and 4 MB on
// the 256-byte grid and 128 bytes off it, tiles of 8 to 64 rows of 256 bytes to 2 KB: what the
// de-interleave's writes to a few long rows cost by segment length and rows, the class where the
// H200 and a second H100 lose 1-6 points ("the aligned tall shapes and the 256-byte grid").
// Build and run: nvcc -O3 -arch=sm_90 -std=c++17 docs/probes/pitched-tiles.cu -o pt && ./pt
// (./pt words: the word tile's table only; ./pt segments, lanes, atoms, walk, rows128k, sweep128k,
// rows2k: the tables below).
// Two read configurations are checked packet by packet against the host before any timing:
// column-major at 128 KB rows, and groups of 8 tile rows at 2000-byte rows (partial tiles).
#include "probe_timing.cuh"

#include <cstdio>
#include <string>
#include <vector>

struct Tiles {
  long long pitch;  // bytes between rows of the pitched side
  int R, W;         // a tile's rows and bytes a row (W a multiple of 16)
  long long tx, ty; // tiles across a row and down the matrix
  int n;            // packets a tile: R * W / 16
};

// Every thread's packets q = threadIdx.x, + 256, ... below n, U at a time: U loads in flight,
// then their U stores. map(q, from, to) says where packet q comes from and goes to (false: none).
template <int U, class Map>
__device__ void copy_in_rounds(uint4* out, const uint4* in, int n, Map map) {
  for (int q0 = 0; q0 < n; q0 += U * 256) {
    uint4 v[U];
    long long to[U];
#pragma unroll
    for (int u = 0; u < U; ++u) {
      const int q = q0 + threadIdx.x + 256 * u;
      long long from = 0;
      to[u] = -1;
      if (q < n && !map(q, from, to[u])) to[u] = -1;
      if (to[u] >= 0) v[u] = in[from];
    }
#pragma unroll
    for (int u = 0; u < U; ++u)
      if (to[u] >= 0) out[to[u]] = v[u];
  }
}

// One tile a block. READ: pitched -> contiguous; else the mirror. U = 4 for the tables of
// squares, tall shapes and the word tile (tiles of at most 1024 packets: one round), 8 for the
// segments of up to 4 KB a row. G = 0: column-major, down a whole tile column first; G > 0:
// groups of G tile rows, down the group's tile rows and then across its tile columns (the
// transpose's groups of tile rows, sector_aware_order).
template <bool READ, int U = 4, int G = 0>
__global__ void __launch_bounds__(256) copy_tiles(uint4* out, const uint4* in, Tiles t) {
  const long long b = blockIdx.x;
  long long y = b % t.ty, x = b / t.ty;
  if (G > 0) {
    const long long g = b / (G * t.tx), gr = G < t.ty - g * G ? G : t.ty - g * G;
    const long long i = b - g * G * t.tx;
    y = g * G + i % gr;
    x = i / gr;
  }
  const int wp = t.W / 16; // packets a row
  copy_in_rounds<U>(out, in, t.n, [&](int q, long long& from, long long& to) {
    const int r = q / wp, c = q % wp;
    const long long pitched = ((y * t.R + r) * t.pitch + x * t.W) / 16 + c;
    const long long flat = b * static_cast<long long>(t.n) + q;
    from = READ ? pitched : flat;
    to = READ ? flat : pitched;
    return true;
  });
}

// Segments copied in place (in[i] to out[i] for every packet of every row segment of a tile, so
// both sides see the same pattern), the lanes either in the segment's order (a warp's 32 packets
// start where the segment starts) or on windows of 32 packets aligned in the address space (a
// warp's stores cover whole 128-byte lines; a segment's ends take warps of fewer lanes).
template <bool ALIGNED>
__global__ void __launch_bounds__(256) copy_segments(uint4* out, const uint4* in, Tiles t) {
  const long long x = blockIdx.x; // one tile down (t.ty == 1)
  const int wp = t.W / 16;
  const int nv = ALIGNED ? (wp + 31 + 31) / 32 * 32 : wp; // lane slots a row
  copy_in_rounds<8>(out, in, t.R * nv, [&](int q, long long& from, long long& to) {
    const int r = q / nv;
    const long long first = (r * t.pitch + x * t.W) / 16;
    const int c = ALIGNED ? q % nv - static_cast<int>(first & 31) : q % nv;
    from = to = first + c;
    return c >= 0 && c < wp;
  });
}

// A block that walks M consecutive segments of every row (W bytes each) one step at a time, as
// a word tile walking along the long side would, copied in place. CARRY: each step writes only
// the whole 256-byte pieces completed so far (the block's first bytes and its last step's
// remainder aside), its lanes on aligned windows of 32 packets, and leaves the part past the last
// piece boundary to the next step; otherwise each step writes its own segment, lanes in order.
template <bool CARRY>
__global__ void __launch_bounds__(256) copy_walk(uint4* out, const uint4* in, Tiles t, int M) {
  const long long b = blockIdx.x;
  const int wp = t.W / 16;
  const int nv = CARRY ? (wp + 16 + 31 + 31) / 32 * 32 : wp; // lane slots a row and step
  for (int j = 0; j < M; ++j) {
    copy_in_rounds<8>(out, in, t.R * nv, [&](int q, long long& from, long long& to) {
      const int r = q / nv, slot = q % nv;
      const long long a = r * t.pitch + b * M * t.W; // the block's first byte of row r
      if (CARRY) {
        const long long lo = j == 0 ? a : (a + j * t.W) & ~255LL;
        const long long hi = j == M - 1 ? a + M * t.W : (a + (j + 1) * t.W) & ~255LL;
        const long long p = (lo / 16 & ~31LL) + slot; // lane = packet index mod 32
        from = to = p;
        return p * 16 >= lo && p * 16 < hi;
      }
      from = to = (a + j * t.W) / 16 + slot;
      return slot < wp;
    });
    __syncthreads(); // a step ends before the next begins, as a tile's phases would
  }
}

Tiles make_tiles(long long bytes, long long pitch, int R, int W) {
  Tiles t{pitch, R, W, pitch / W, 0, R * W / 16};
  t.ty = bytes / (pitch * R); // whole tiles of the rows that fit in the bytes
  return t;
}

// A read configuration against the host, in block order G (copy_tiles): every block's packets
// come from one tile of the pitched matrix, found from the block's first packet, and every tile
// is copied once. Packet i of `in` holds i.
template <int G> bool check(uint4* out, uint4* in, long long bytes, long long pitch, int R, int W) {
  const Tiles t = make_tiles(bytes, pitch, R, W);
  const long long total = bytes / 16;
  std::vector<uint4> h(total);
  for (long long i = 0; i < total; ++i)
    h[i] = make_uint4(static_cast<unsigned>(i), static_cast<unsigned>(i >> 32), 7, 9);
  CHECK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  copy_tiles<true, 4, G><<<static_cast<unsigned>(t.tx * t.ty), 256>>>(out, in, t);
  CHECK(cudaGetLastError());
  std::vector<uint4> o(total);
  CHECK(cudaMemcpy(o.data(), out, bytes, cudaMemcpyDeviceToHost));
  const int wp = t.W / 16;
  std::vector<char> seen(t.tx * t.ty, 0);
  for (long long b = 0; b < t.tx * t.ty; ++b) {
    const uint4 first = o[b * t.n];
    const long long p0 = static_cast<long long>(first.x) | static_cast<long long>(first.y) << 32;
    const long long row = p0 * 16 / t.pitch, col = p0 * 16 % t.pitch;
    const long long y = row / t.R, x = col / t.W;
    if (row % t.R != 0 || col % t.W != 0 || x >= t.tx || y >= t.ty || seen[y * t.tx + x]++) {
      std::printf("check (G %d, pitch %lld): block %lld starts at packet %lld, not a new tile\n", G,
                  pitch, b, p0);
      return false;
    }
    for (int q = 0; q < t.n; ++q) {
      const long long r = q / wp, c = q % wp;
      const long long p = ((y * t.R + r) * t.pitch + x * t.W) / 16 + c;
      if (o[b * t.n + q].x != static_cast<unsigned>(p) || o[b * t.n + q].z != 7) {
        std::printf("check (G %d, pitch %lld): packet %d of block %lld holds %u, expected %lld\n",
                    G, pitch, q, b, o[b * t.n + q].x, p);
        return false;
      }
    }
  }
  return true;
}

// A copy in place checked against the host: packet i of `in` holds i; after launch(), every
// packet of the first seg_bytes of each of t's R rows holds its own index in `out`, every other
// packet is untouched (0xff...). Returns the packets that are not so.
template <typename F>
long long wrong_in_place(uint4* out, uint4* in, long long bytes, const Tiles& t,
                         long long seg_bytes, F launch) {
  const long long total = bytes / 16;
  std::vector<uint4> h(total);
  for (long long i = 0; i < total; ++i) h[i] = make_uint4(static_cast<unsigned>(i), 1, 2, 3);
  CHECK(cudaMemcpy(in, h.data(), bytes, cudaMemcpyHostToDevice));
  CHECK(cudaMemset(out, 0xff, bytes));
  launch();
  CHECK(cudaGetLastError());
  CHECK(cudaMemcpy(h.data(), out, bytes, cudaMemcpyDeviceToHost));
  long long wrong = 0;
  for (long long i = 0; i < total; ++i) {
    const long long row = i * 16 / t.pitch, col = i * 16 % t.pitch;
    const bool in_seg = row < t.R && col < seg_bytes;
    const bool copied = h[i].x == static_cast<unsigned>(i) && h[i].w == 3;
    if (copied != in_seg || (!copied && h[i].x != 0xffffffffu)) ++wrong;
  }
  return wrong;
}

// One table: a row a tile shape (rows x bytes), a column a pitch, read / write as % of memcpy.
template <bool LONG = false, std::size_t NP, std::size_t NS>
void table(const char* title, const long long (&pitches)[NP], const int (&shapes)[NS][2],
           uint4* out, uint4* in, long long bytes, ProbeTimer& timer, double memcpy_s) {
  std::printf("\n%s\n%10s", title, "tile");
  for (long long p : pitches) std::printf(" %13lld", p);
  std::printf("\n");
  for (const auto& s : shapes) {
    std::printf("%5d x %4d", s[0], s[1]);
    for (long long p : pitches) {
      const Tiles t = make_tiles(bytes, p, s[0], s[1]);
      if (t.ty == 0) { // fewer rows of this pitch in the bytes than the tile has
        std::printf(" %13s", "-");
        continue;
      }
      const unsigned blocks = static_cast<unsigned>(t.tx * t.ty);
      const double moved = 2.0 * blocks * t.n * 16; // the bytes moved, in and out
      const double rd = timer.seconds([&] {
        if (LONG)
          copy_tiles<true, 8><<<blocks, 256>>>(out, in, t);
        else
          copy_tiles<true><<<blocks, 256>>>(out, in, t);
      });
      const double wr = timer.seconds([&] {
        if (LONG)
          copy_tiles<false, 8><<<blocks, 256>>>(out, in, t);
        else
          copy_tiles<false><<<blocks, 256>>>(out, in, t);
      });
      const double ref = 2.0 * bytes / memcpy_s;
      std::printf(" %6.1f/%6.1f", 100 * moved / rd / ref, 100 * moved / wr / ref);
    }
    std::printf("\n");
  }
}

int main(int argc, char** argv) {
  const std::string only = argc > 1 ? argv[1] : "";
  const bool one_table = only == "words" || only == "segments" || only == "lanes" ||
                         only == "atoms" || only == "walk" || only == "rows128k" ||
                         only == "sweep128k" || only == "rows2k";
  const long long bytes = 128LL << 20;
  uint4 *in, *out;
  CHECK(cudaMalloc(&in, bytes));
  CHECK(cudaMalloc(&out, bytes));
  if (!check<0>(out, in, bytes, 128LL << 10, 64, 256) || !check<8>(out, in, bytes, 2000, 128, 256))
    return 1;
  ProbeTimer timer;
  const double memcpy_s =
      timer.seconds([&] { cudaMemcpyAsync(out, in, bytes, cudaMemcpyDeviceToDevice); });
  std::printf("cudaMemcpyAsync %.0f GB/s; the rest %% of it, read / write, per tile (rows x "
              "bytes) and pitch (bytes)\n",
              2.0 * bytes / 1e9 / memcpy_s);
  const long long kb = 1024;
  const long long squares[] = {64 * kb,        64 * kb + 256, 120 * kb,      128 * kb,
                               128 * kb + 256, 256 * kb,      256 * kb + 256};
  const int square_tiles[][2] = {{64, 256}, {32, 256}, {32, 512}, {16, 1024}, {8, 2048}};
  if (!one_table)
    table("Pitches of squares and oblongs (64-256 KB):", squares, square_tiles, out, in, bytes,
          timer, memcpy_s);
  // The map's tall shapes: a few rows of 2 or 4 MB, on the 256-byte grid or 128 bytes off it
  // (fp32 500000 x 64 writes rows of 2000000 bytes, 128 mod 256); tiles of 8 to 64 rows of 256
  // bytes to 2 KB, as a de-interleave's block writes (write) or an interleave's reads (read).
  const long long tall[] = {2000000, 2000128, 4000000, 4000128};
  const int tall_tiles[][2] = {{8, 256},  {8, 512},   {8, 1024}, {8, 2048}, {16, 256},
                               {16, 512}, {16, 1024}, {32, 256}, {32, 512}, {64, 256}};
  if (!one_table)
    table("Pitches of the map's tall shapes (2 and 4 MB, on the 256-byte grid or off it):", tall,
          tall_tiles, out, in, bytes, timer, memcpy_s);
  // The word tile's de-interleave: every row of the short side a block (31 rows of about 4.3 MB
  // fill the 128 MB, so one tile down and blocks along the rows), segments of 480 bytes (fp16
  // s = 31, half the positions a block) or whole 256-byte pieces; rows on the grid, 16 bytes off
  // it (every row at another offset, as at an odd long side) and 128 off it. Argument "words":
  // this table only.
  const long long words_pitches[] = {4329472, 4329488, 4329600};
  const int words_tiles[][2] = {{31, 256}, {31, 480}, {31, 512}, {32, 512}};
  if (only == "" || only == "words")
    table("The word tile's de-interleave (all rows a block; pitches 0, 16, 128 mod 256):",
          words_pitches, words_tiles, out, in, bytes, timer, memcpy_s);
  // Longer segments of the same rows (argument "segments"): whole sectors that end inside a
  // 256-byte piece (480, 992, 2016, 4064 bytes) beside whole pieces of about the same length,
  // rows on the grid and 32 bytes apart from it (row k at 32k mod 256, as whole sectors of rows
  // at every offset): how much of the pieces' cost a block writing longer segments escapes.
  const long long segment_pitches[] = {4329472, 4329504};
  const int segment_tiles[][2] = {{31, 480},  {31, 512},  {31, 992},  {31, 1024},
                                  {31, 2016}, {31, 2048}, {31, 4064}, {31, 4096}};
  // Argument "lanes": the same segments copied in place, lanes in the segment's order against
  // lanes on aligned windows of 32 packets: whether what a misaligned segment costs is in each
  // warp's stores spanning five 128-byte lines (and every 256-byte piece written by two
  // instructions) rather than in the segment's ends.
  // Argument "atoms": segments of whole 128-byte lines (384, 896), whole 64-byte pieces (448,
  // 960), whole 32-byte sectors (480, 992) and whole 256-byte pieces (512, 1024), as "lanes"
  // measures them: the size of the unit whose parts cost when two blocks write one.
  const int atom_tiles[][2] = {{31, 384}, {31, 448}, {31, 480}, {31, 512},
                               {31, 896}, {31, 960}, {31, 992}, {31, 1024}};
  if (only == "lanes" || only == "atoms") {
    const bool atoms = only == "atoms";
    // Both lane orders checked once against the host: every segment packet copied, nothing else.
    for (int aligned = 0; aligned < 2; ++aligned) {
      const Tiles t = make_tiles(bytes, 4329504, 31, 4064);
      const unsigned blocks = static_cast<unsigned>(t.tx);
      const long long wrong = wrong_in_place(out, in, bytes, t, t.tx * t.W, [&] {
        if (aligned)
          copy_segments<true><<<blocks, 256>>>(out, in, t);
        else
          copy_segments<false><<<blocks, 256>>>(out, in, t);
      });
      if (wrong != 0) {
        std::printf("check (lanes %s): %lld packets wrong\n", aligned ? "aligned" : "in order",
                    wrong);
        return 1;
      }
    }
    std::printf("\nSegments copied in place, lanes in segment order / on aligned windows (all rows "
                "a block; pitches 0, 32 mod 256):\n%10s",
                "tile");
    for (long long p : segment_pitches) std::printf(" %13lld", p);
    std::printf("\n");
    for (int i = 0; i < 8; ++i) {
      const int(&sh)[2] = atoms ? atom_tiles[i] : segment_tiles[i];
      std::printf("%5d x %4d", sh[0], sh[1]);
      for (long long p : segment_pitches) {
        const Tiles t = make_tiles(bytes, p, sh[0], sh[1]);
        const unsigned blocks = static_cast<unsigned>(t.tx);
        const double moved = 2.0 * blocks * t.n * 16;
        const double ref = 2.0 * bytes / memcpy_s;
        const double nat =
            timer.seconds([&] { copy_segments<false><<<blocks, 256>>>(out, in, t); });
        const double ali = timer.seconds([&] { copy_segments<true><<<blocks, 256>>>(out, in, t); });
        std::printf(" %6.1f/%6.1f", 100 * moved / nat / ref, 100 * moved / ali / ref);
      }
      std::printf("\n");
    }
  }
  // Argument "walk": blocks that walk M steps of 480 bytes of all 31 rows, each step's own
  // segment (M = 1 is the word tile's fp16 s = 31 half tile as it is) or carrying the part past
  // the last 256-byte boundary to the next step; rows on the grid and 32 mod 256.
  if (only == "walk") {
    for (int carry = 0; carry < 2; ++carry) {
      for (int M : {1, 2, 4, 8}) { // checked: every packet of the walked segments, nothing else
        const Tiles t = make_tiles(bytes, 4329504, 31, 480);
        const unsigned nb = static_cast<unsigned>(t.tx / M);
        const long long wrong =
            wrong_in_place(out, in, bytes, t, static_cast<long long>(nb) * M * t.W, [&] {
              if (carry)
                copy_walk<true><<<nb, 256>>>(out, in, t, M);
              else
                copy_walk<false><<<nb, 256>>>(out, in, t, M);
            });
        if (wrong != 0) {
          std::printf("check (walk, carry %d, M %d): %lld packets wrong\n", carry, M, wrong);
          return 1;
        }
      }
    }
    std::printf("\nBlocks walking M steps of 31 x 480 bytes in place, each step its own segment / "
                "whole pieces carried:\n%6s %13s %13s\n",
                "M", "4329472", "4329504");
    for (int M : {1, 2, 4, 8}) {
      std::printf("%6d", M);
      for (long long p : segment_pitches) {
        const Tiles t = make_tiles(bytes, p, 31, 480);
        const unsigned nb = static_cast<unsigned>(t.tx / M);
        const double moved = 2.0 * nb * M * t.n * 16;
        const double ref = 2.0 * bytes / memcpy_s;
        const double own = timer.seconds([&] { copy_walk<false><<<nb, 256>>>(out, in, t, M); });
        const double car = timer.seconds([&] { copy_walk<true><<<nb, 256>>>(out, in, t, M); });
        std::printf(" %6.1f/%6.1f", 100 * moved / own / ref, 100 * moved / car / ref);
      }
      std::printf("\n");
    }
  }
  // Argument "rows128k": rows of about 128 KB at pitches of 2^6 to 2^17 times an odd number, and
  // 128832 bytes, where the 16-byte tile at fp16 L x 1000 and 1000 x L lost 2 to 8 points against
  // the pitches beside it at the same bytes (docs/perf-notes.md, "the pitch of rows of about 128
  // KB"): whether a plain copy of the same tiles sees it.
  const long long rows128k[] = {128000, 128064, 128128, 128256, 128512, 128832, 129024, 131072};
  const int rows128k_tiles[][2] = {{64, 256}, {128, 256}, {16, 1024}};
  if (only == "rows128k")
    table("Rows of about 128 KB (2^10, 2^6, 2^7, 2^8, 2^9 x odd, 128832, 2^11 x odd, 2^17):",
          rows128k, rows128k_tiles, out, in, bytes, timer, memcpy_s);
  // Argument "rows2k": the input rows of the tall L x 1000 class and its neighbours (fp16: 1792,
  // 2000, 2016, 2048, 2080 and 2304 bytes, and 2112 and 2176, on the 64-byte grid but off the
  // 256-byte one; all but 1792, 2048 and 2304 end in a partial tile of 256 bytes, which the probe
  // leaves unread), tiles of 128 x 256 (the fp16 16-byte tile) and 64 x 256, in column-major
  // order and in groups of 8 tile rows: what reading and writing rows off the grid costs a plain
  // copy, against the 4-7 points a partial last tile column costs the transpose
  // (docs/perf-notes.md).
  const long long rows2k[] = {1792, 2000, 2016, 2048, 2080, 2112, 2176, 2304};
  const int rows2k_tiles[][2] = {{128, 256}, {64, 256}};
  if (only == "rows2k") {
    std::printf(
        "\nRows of about 2 KB (on the 256-byte grid: 1792, 2048, 2304; on the 64-byte grid: "
        "2112, 2176), column-major / "
        "groups of 8 tile rows:\n%16s",
        "tile");
    for (long long p : rows2k) std::printf(" %13lld", p);
    std::printf("\n");
    for (const auto& sh : rows2k_tiles)
      for (int rw = 0; rw < 2; ++rw) {
        std::printf("%5d x %4d %5s", sh[0], sh[1], rw == 0 ? "read" : "write");
        for (long long p : rows2k) {
          const Tiles t = make_tiles(bytes, p, sh[0], sh[1]);
          const unsigned blocks = static_cast<unsigned>(t.tx * t.ty);
          const double moved = 2.0 * blocks * t.n * 16, ref = 2.0 * bytes / memcpy_s;
          const double cm = timer.seconds([&] {
            if (rw == 0)
              copy_tiles<true><<<blocks, 256>>>(out, in, t);
            else
              copy_tiles<false><<<blocks, 256>>>(out, in, t);
          });
          const double g8 = timer.seconds([&] {
            if (rw == 0)
              copy_tiles<true, 4, 8><<<blocks, 256>>>(out, in, t);
            else
              copy_tiles<false, 4, 8><<<blocks, 256>>>(out, in, t);
          });
          std::printf(" %6.1f/%6.1f", 100 * moved / cm / ref, 100 * moved / g8 / ref);
        }
        std::printf("\n");
      }
  }
  // Argument "sweep128k": every pitch from 124 KB to 132 KB in steps of 64 bytes, 64 x 256 tiles,
  // one line a pitch: which pitches of this range the memory system charges as it charges 128832.
  if (only == "sweep128k") {
    std::printf("\nRows of 124-132 KB, 64 x 256 tiles:\n%8s %6s %6s\n", "pitch", "read", "write");
    for (long long p = 124 * kb; p <= 132 * kb; p += 64) {
      const Tiles t = make_tiles(bytes, p, 64, 256);
      const unsigned blocks = static_cast<unsigned>(t.tx * t.ty);
      const double moved = 2.0 * blocks * t.n * 16, ref = 2.0 * bytes / memcpy_s;
      const double rd = timer.seconds([&] { copy_tiles<true><<<blocks, 256>>>(out, in, t); });
      const double wr = timer.seconds([&] { copy_tiles<false><<<blocks, 256>>>(out, in, t); });
      std::printf("%8lld %6.1f %6.1f\n", p, 100 * moved / rd / ref, 100 * moved / wr / ref);
    }
  }
  if (only == "segments")
    table<true>("Segments of the de-interleave's rows (all rows a block, 8 packets a thread at a "
                "time; pitches 0, 32 mod 256):",
                segment_pitches, segment_tiles, out, in, bytes, timer, memcpy_s);
  CHECK(cudaGetLastError());
  CHECK(cudaDeviceSynchronize());
}
