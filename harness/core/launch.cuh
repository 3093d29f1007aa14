// Helpers for kernel files: map tb::DType to CUDA element types and turn a kernel's templated
// `run<T>` into the type-erased launch function its registry entry carries.
#pragma once

#include "harness/core/cuda_check.hpp"
#include "harness/core/kernel_spec.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <cstddef>
#include <cstdint>
#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

namespace tb {

template <DType D> struct cuda_type;
template <> struct cuda_type<DType::fp32> { using type = float; };
template <> struct cuda_type<DType::fp16> { using type = __half; };
template <> struct cuda_type<DType::bf16> { using type = __nv_bfloat16; };
template <> struct cuda_type<DType::fp64> { using type = double; };
template <> struct cuda_type<DType::u8> { using type = std::uint8_t; };

template <DType... Ds> struct dtype_list {
  static std::vector<DType> values() { return {Ds...}; }
};
using all_dtypes = dtype_list<DType::fp32, DType::fp16, DType::bf16, DType::fp64, DType::u8>;

// K::template run<T>(const LaunchArgs&) for the T matching args.dtype.
template <class K, DType... Ds> void dispatch(const LaunchArgs& a, dtype_list<Ds...>) {
  const bool done =
      ((a.dtype == Ds ? (K::template run<typename cuda_type<Ds>::type>(a), true) : false) || ...);
  if (!done)
    throw std::invalid_argument("element type " + std::string(dtype_name(a.dtype)) +
                                " not supported by this kernel");
}

// Fills spec.launch and spec.dtypes from K and a dtype list.
template <class K, class List = all_dtypes> void set_launch(KernelSpec& spec) {
  spec.dtypes = List::values();
  spec.launch = [](const LaunchArgs& a) { dispatch<K>(a, List{}); };
}

inline unsigned ceil_div(long long a, long long b) { return static_cast<unsigned>((a + b - 1) / b); }

// Grid of tile x tile blocks over a rows x cols matrix (x runs along columns). Throws if the
// grid exceeds the hardware limits (y at most 65535 blocks).
inline dim3 tile_grid(const LaunchArgs& a, int tile_x, int tile_y) {
  dim3 g(ceil_div(a.cols, tile_x), ceil_div(a.rows, tile_y));
  if (g.y > 65535u)
    throw std::invalid_argument("matrix has too many rows for a 2-D grid of " +
                                std::to_string(tile_y) + "-row tiles");
  return g;
}

// The signature every CUDA kernel in kernels/ shares, in the whitepaper's argument order:
// (out, in, width = cols, height = rows, nreps).
template <typename T> using TransposeKernel = void (*)(T*, const T*, int, int, int);

template <typename T>
void launch_kernel(TransposeKernel<T> kernel, dim3 grid, dim3 block, std::size_t smem,
                   const LaunchArgs& a) {
  kernel<<<grid, block, smem, a.stream>>>(static_cast<T*>(a.out), static_cast<const T*>(a.in),
                                          a.cols, a.rows, a.nreps);
  TB_CUDA_CHECK_LAUNCH();
}

// Raises a kernel's dynamic shared-memory limit (needed above 48 KB), once per kernel.
template <typename T> void allow_dynamic_smem(TransposeKernel<T> kernel, std::size_t bytes) {
  static std::map<const void*, std::size_t> done; // per kernel, not per element type
  const void* key = reinterpret_cast<const void*>(kernel);
  if (done[key] < bytes) {
    TB_CUDA_CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      static_cast<int>(bytes)));
    done[key] = bytes;
  }
}

// Blocks that fit on the whole GPU at once (a persistent grid), cached per kernel and size.
template <typename T>
unsigned resident_blocks(TransposeKernel<T> kernel, int threads, std::size_t smem) {
  static std::map<std::pair<const void*, std::size_t>, unsigned> cache;
  const auto key = std::make_pair(reinterpret_cast<const void*>(kernel), smem);
  auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  int device = 0, sms = 0, per_sm = 0;
  TB_CUDA_CALL(cudaGetDevice(&device));
  TB_CUDA_CALL(cudaDeviceGetAttribute(&sms, cudaDevAttrMultiProcessorCount, device));
  TB_CUDA_CALL(cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, kernel, threads, smem));
  const unsigned n = static_cast<unsigned>(std::max(1, sms * per_sm));
  cache.emplace(key, n);
  return n;
}

// Builds a registry entry: `tb::spec<Launch>("id", "Name").family(...)...` where Launch has a
// `template <typename T> static void run(const LaunchArgs&)`; List names the element types.
class SpecBuilder {
public:
  explicit SpecBuilder(KernelSpec s) : m_s(std::move(s)) {}
  SpecBuilder& family(Family f) { m_s.family = f; return *this; }
  SpecBuilder& source(std::string v) { m_s.source = std::move(v); return *this; }
  SpecBuilder& summary(std::string v) { m_s.summary = std::move(v); return *this; }
  SpecBuilder& output(Output o) { m_s.output = o; return *this; }
  // Tile width x height in elements (0 x 0: no tile) and threads per block.
  SpecBuilder& geometry(int tile_w, int tile_h, int bx, int by) {
    m_s.tile_w = tile_w; m_s.tile_h = tile_h; m_s.block_x = bx; m_s.block_y = by; return *this;
  }
  SpecBuilder& order(int o) { m_s.order = o; return *this; }
  SpecBuilder& baseline(std::string b) { m_s.baseline = std::move(b); return *this; }
  SpecBuilder& suites(std::vector<std::string> s) { m_s.suites = std::move(s); return *this; }
  SpecBuilder& no_nreps() { m_s.has_nreps = false; return *this; }
  SpecBuilder& note(std::function<std::string(const LaunchArgs&)> f) {
    m_s.note = std::move(f); return *this;
  }
  operator KernelSpec() const { return m_s; }

private:
  KernelSpec m_s;
};

template <class K, class List = all_dtypes> SpecBuilder spec(std::string id, std::string name) {
  KernelSpec s;
  s.id = std::move(id);
  s.name = std::move(name);
  set_launch<K, List>(s);
  return SpecBuilder(std::move(s));
}

} // namespace tb
