// What the whitepaper's eight kernels share ("Optimizing Matrix Transpose in CUDA", Greg
// Ruetsch and Paulius Micikevicius, NVIDIA, 2009/2010): the tile and block sizes, and their
// registry entry. The kernels themselves are written out in full, one file each, so that any two
// can be read side by side and differ by the line the paper discusses.
//
// Every kernel moves one TILE_DIM x TILE_DIM tile per block of TILE_DIM x BLOCK_ROWS threads,
// each thread handling TILE_DIM / BLOCK_ROWS elements, inside the `nreps` loop of the paper's
// "loop in kernel" timing. Where the code departs from the paper's listings it says so in a
// comment marked "Beyond the paper"; there are four such departures everywhere:
//   - bounds checks, so that any rows x cols works (the paper needs multiples of 32);
//   - 64-bit element offsets, so that matrices over 2^31 elements work;
//   - in the kernels with a shared tile, a barrier at the end of each repetition, without
//     which the next repetition's loads may overwrite the tile while other warps still read it;
//   - `#pragma unroll 1` on the `nreps` loop. Left to itself, nvcc 13 unrolls that loop by two
//     and compiles the odd last repetition (the only one when nreps = 1, the "loop over
//     kernel" mode) as a separate copy with a branch around every guarded store, which cost the
//     shared-memory kernels 10-20% at 2048^2 on an H200. With one copy of the body, every load
//     and store is a predicated instruction and the four loads go out back to back.
#pragma once

#include "harness/core/kernel_api.cuh"

inline constexpr int TILE_DIM = 32;
inline constexpr int BLOCK_ROWS = 8;

// Registers the whitepaper kernel KERNEL: 32 x 32 tiles, 32 x 8 threads, every element type, in
// the "whitepaper" suite at position ORDER of the paper's table.
#define TB_WHITEPAPER_KERNEL(KERNEL, NAME, ORDER, OUTPUT, SUMMARY)                                 \
  TB_REGISTER_KERNEL(KERNEL, ::tb::Family::whitepaper, NAME,                                       \
                     [](auto type, const ::tb::LaunchArgs& a) {                                    \
                       ::tb::launch_tiles(KERNEL<TB_ELEMENT(type)>, TILE_DIM, TILE_DIM,            \
                                          dim3(TILE_DIM, BLOCK_ROWS), a);                          \
                     })                                                                            \
      .source("NVIDIA, Optimizing Matrix Transpose in CUDA (2010)")                                \
      .summary(SUMMARY)                                                                            \
      .output(OUTPUT)                                                                              \
      .geometry(TILE_DIM, TILE_DIM, TILE_DIM, BLOCK_ROWS)                                          \
      .order(ORDER)                                                                                \
      .suites({"whitepaper"})
