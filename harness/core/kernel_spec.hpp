// What a kernel file tells the harness about itself. The harness never names a kernel: it reads
// these specs from the registry and drives them through `launch`.
#pragma once

#include "harness/core/counters.hpp"
#include "harness/core/dtype.hpp"

#include <cuda_runtime_api.h>

#include <functional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace tb {

// Where a kernel comes from; also the order families are listed in.
enum class Family { whitepaper, leetgpu, vitamin, study, triton_style, library, ours };
std::string_view family_name(Family f);

// What the output buffer must hold afterwards; the host reference computes it exactly.
//  copy:           out is rows x cols, out = in
//  transpose:      out is cols x rows, out(c, r) = in(r, c)
//  fine_grained:   out is rows x cols; each tile x tile block holds its input tile transposed
//                  in place (the whitepaper's "fine-grained transpose")
//  coarse_grained: out is cols x rows; each tile lands at its transposed position, unchanged
//                  inside (the whitepaper's "coarse-grained transpose")
// For the two partial kernels, positions whose source lies outside the matrix hold zero.
enum class Output { copy, transpose, fine_grained, coarse_grained };
std::string_view output_name(Output o);

// Thrown by a launch for a shape the kernel cannot run (a grid dimension past the hardware's
// limit, say): the case is reported as unsupported, with the message, not as a failure.
class shape_not_supported : public std::invalid_argument {
public:
  using std::invalid_argument::invalid_argument;
};

struct LaunchArgs {
  DType dtype = DType::fp32;
  void* out = nullptr;
  const void* in = nullptr;
  int rows = 0;  // input rows (the paper's height)
  int cols = 0;  // input cols (the paper's width)
  int nreps = 1; // the whitepaper's in-kernel repetition count
  cudaStream_t stream = nullptr;
};

struct KernelSpec {
  std::string id;   // machine name, used on the command line and in CSV: "transpose_naive"
  std::string name; // as printed in tables: "Naive Transpose"
  Family family = Family::ours;
  std::string source;  // article and listing it comes from
  std::string summary; // one line: which access pattern it demonstrates
  Output output = Output::transpose;
  int tile_w = 32;      // tile width (columns) a block moves, in elements; 0: not a tiled kernel
  int tile_h = 32;      // tile height (rows); the partial outputs' reference needs tile_w == tile_h
  int block_x = 32;     // threads per block, x; 0 for library calls
  int block_y = 8;      // threads per block, y (the paper's BLOCK_ROWS)
  int order = 0;        // position inside its family's table
  std::string baseline; // non-empty for a reference kernel: tables add a "% of <baseline>" column
  double bytes_per_element = 2.0;  // bytes moved per element, in units of sizeof(T): read + write
  bool has_nreps = true;           // honours nreps (the whitepaper's loop-in-kernel mode)
  std::vector<DType> dtypes;       // element types it can run
  std::vector<std::string> suites; // suites it belongs to ("whitepaper", ...); "all" is implied
  std::function<void(const LaunchArgs&)> launch; // launches on args.stream; throws on error
  // Optional: a remark on how this kernel handles a given shape and type (a fallback path,
  // say), shown with its results. Empty when there is nothing to say.
  std::function<std::string(const LaunchArgs&)> note;
  // Optional: what its access pattern should show in the hardware counters (the paper's
  // explanations, stated as figures); the device tests check them on a GPU.
  std::vector<CounterExpectation> expect;
  std::string file; // the source file that registered it (for messages)

  bool supports(DType t) const;
  bool in_suite(std::string_view suite) const;
};

} // namespace tb
