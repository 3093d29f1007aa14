// The kernel author's header: the one include a file in kernels/ needs. A kernel file writes
// its `__global__` function and registers it in a few lines:
//
//   #include "harness/core/kernel_api.cuh"
//
//   template <typename T>
//   __global__ void my_transpose(T* out, const T* in, int cols, int rows, int nreps) { ... }
//
//   TB_REGISTER_KERNEL(my_transpose, tb::Family::ours, "My Transpose",
//                      [](auto type, const tb::LaunchArgs& a) {
//                        tb::launch_tiles(my_transpose<TB_ELEMENT(type)>, 32, 32, dim3(32, 8), a);
//                      })
//       .source("where it comes from")
//       .summary("which access pattern it demonstrates")
//       .geometry(32, 32, 32, 8);
//
// The id is the kernel's name, the family is required, and the launch is a generic lambda
// called with the element type (all five unless wrapped in `tb::only<...>`). A duplicated id is
// reported in one line at start-up (exit 2), naming both files.
#pragma once

#include "harness/core/cuda_check.hpp"
#include "harness/core/kernel_spec.hpp"
#include "harness/core/registry.hpp"

#include <cuda_bf16.h>
#include <cuda_fp16.h>

#include <algorithm>
#include <cstddef>
#include <cstdint>
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

// The element type a launch lambda is called with: `TB_ELEMENT(type)` names it.
template <typename T> struct element { using type = T; };
#define TB_ELEMENT(tag) typename decltype(tag)::type

template <DType... Ds> struct dtype_list {
  static std::vector<DType> values() { return {Ds...}; }
};
using all_dtypes = dtype_list<DType::fp32, DType::fp16, DType::bf16, DType::fp64, DType::u8>;

// A launch function and the element types it accepts.
struct TypedLaunch {
  std::function<void(const LaunchArgs&)> launch;
  std::vector<DType> dtypes;
};

// Calls f(element<T>{}, a) for the T matching a.dtype, T among Ds.
template <DType... Ds, class F> TypedLaunch only_impl(F f, dtype_list<Ds...>) {
  TypedLaunch t;
  t.dtypes = {Ds...};
  t.launch = [f](const LaunchArgs& a) {
    const bool done =
        ((a.dtype == Ds ? (f(element<typename cuda_type<Ds>::type>{}, a), true) : false) || ...);
    if (!done)
      throw std::invalid_argument("element type " + std::string(dtype_name(a.dtype)) +
                                  " not supported by this kernel");
  };
  return t;
}
// A launch restricted to some element types: `tb::only<DType::fp32, DType::fp64>(lambda)`.
template <DType... Ds, class F> TypedLaunch only(F f) {
  return only_impl(f, dtype_list<Ds...>{});
}
template <class F> TypedLaunch typed(F f) {
  return only_impl(f, all_dtypes{});
}
inline TypedLaunch typed(TypedLaunch t) {
  return t;
}

// A launch from a class with `template <typename T> static void run(const LaunchArgs&)`, for
// files that register several variants of one kernel template.
template <class K, class List = all_dtypes> TypedLaunch launcher() {
  return only_impl([](auto type, const LaunchArgs& a) { K::template run<TB_ELEMENT(type)>(a); },
                   List{});
}

inline unsigned ceil_div(long long a, long long b) {
  return static_cast<unsigned>((a + b - 1) / b);
}

// Grid of tile x tile blocks over a rows x cols matrix (x runs along columns). Throws
// shape_not_supported if the grid exceeds the hardware limits (y at most 65535 blocks).
inline dim3 tile_grid(const LaunchArgs& a, int tile_x, int tile_y) {
  dim3 g(ceil_div(a.cols, tile_x), ceil_div(a.rows, tile_y));
  if (g.y > 65535u)
    throw shape_not_supported("more than 65535 rows of " + std::to_string(tile_y) +
                              "-row tiles: past the grid's y limit");
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

// One block per tile_w x tile_h tile of the input.
template <typename T>
void launch_tiles(TransposeKernel<T> kernel, int tile_w, int tile_h, dim3 block,
                  const LaunchArgs& a, std::size_t smem = 0) {
  launch_kernel(kernel, tile_grid(a, tile_w, tile_h), block, smem, a);
}

// Raises a kernel's dynamic shared-memory limit (needed above 48 KB), once per kernel. More than
// the GPU allows a block (cudaDevAttrMaxSharedMemoryPerBlockOptin: 64 KB on sm_75, 99 KB on
// sm_86 and sm_89, 227 KB on sm_90) is a property of the shape on this GPU: shape_not_supported,
// so the case reads unsupported with the two figures rather than failed.
template <typename T> void allow_dynamic_smem(TransposeKernel<T> kernel, std::size_t bytes) {
  static std::map<const void*, std::size_t> done; // per kernel, not per element type
  const void* key = reinterpret_cast<const void*>(kernel);
  if (done[key] < bytes) {
    int device = 0, limit = 0;
    TB_CUDA_CALL(cudaGetDevice(&device));
    TB_CUDA_CALL(cudaDeviceGetAttribute(&limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
    if (bytes > static_cast<std::size_t>(limit))
      throw shape_not_supported(std::to_string(bytes) +
                                " bytes of shared memory a block: past this GPU's " +
                                std::to_string(limit));
    TB_CUDA_CALL(cudaFuncSetAttribute(kernel, cudaFuncAttributeMaxDynamicSharedMemorySize,
                                      static_cast<int>(bytes)));
    done[key] = bytes;
  }
}

// Asks for a shared-memory carveout for a kernel's launches on the current device: percent of
// cudaDevAttrMaxSharedMemoryPerMultiprocessor (cudaFuncAttributePreferredSharedMemoryCarveout),
// which the driver rounds up to a carveout the GPU has, or -1 for the driver's own choice (the
// smallest that holds as many blocks as fit). A hint: where a block needs more, the driver takes
// more. Set only where it changes, per kernel and device.
template <typename T> void prefer_carveout(TransposeKernel<T> kernel, int percent) {
  static std::map<std::pair<const void*, int>, int> set;
  int device = 0;
  TB_CUDA_CALL(cudaGetDevice(&device));
  const auto key = std::make_pair(reinterpret_cast<const void*>(kernel), device);
  const auto it = set.find(key);
  if (it == set.end() ? percent == -1 : it->second == percent) return;
  TB_CUDA_CALL(
      cudaFuncSetAttribute(kernel, cudaFuncAttributePreferredSharedMemoryCarveout, percent));
  set[key] = percent;
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

// The optional parts of a registry entry, set by chained calls after tb::kernel(...).
class SpecBuilder {
public:
  explicit SpecBuilder(KernelSpec s) : m_s(std::move(s)) {}
  SpecBuilder& source(std::string v) {
    m_s.source = std::move(v);
    return *this;
  }
  SpecBuilder& summary(std::string v) {
    m_s.summary = std::move(v);
    return *this;
  }
  SpecBuilder& output(Output o) {
    m_s.output = o;
    return *this;
  }
  // Tile width x height in elements (0 x 0: no tile) and threads per block.
  SpecBuilder& geometry(int tile_w, int tile_h, int bx, int by) {
    m_s.tile_w = tile_w;
    m_s.tile_h = tile_h;
    m_s.block_x = bx;
    m_s.block_y = by;
    return *this;
  }
  SpecBuilder& order(int o) {
    m_s.order = o;
    return *this;
  }
  SpecBuilder& baseline(std::string b) {
    m_s.baseline = std::move(b);
    return *this;
  }
  SpecBuilder& suites(std::vector<std::string> s) {
    m_s.suites = std::move(s);
    return *this;
  }
  SpecBuilder& no_nreps() {
    m_s.has_nreps = false;
    return *this;
  }
  SpecBuilder& note(std::function<std::string(const LaunchArgs&)> f) {
    m_s.note = std::move(f);
    return *this;
  }
  // What the counters should show for it; may be given several times.
  SpecBuilder& expect(CounterExpectation e) {
    m_s.expect.push_back(std::move(e));
    return *this;
  }
  const KernelSpec& spec() const { return m_s; }

private:
  KernelSpec m_s;
};

// A registry entry's required parts: id, family, printed name, launch. `file` is the caller's
// source file, for the message about a duplicated id.
template <class L>
SpecBuilder kernel(std::string id, Family family, std::string name, L launch,
                   const char* file = __builtin_FILE()) {
  TypedLaunch t = typed(std::move(launch));
  KernelSpec s;
  s.id = std::move(id);
  s.family = family;
  s.name = std::move(name);
  s.launch = std::move(t.launch);
  s.dtypes = std::move(t.dtypes);
  s.file = file;
  return SpecBuilder(std::move(s));
}

inline bool register_kernel(const SpecBuilder& b) {
  return register_kernel(b.spec());
}

// Adds the entry to the registry when the program starts (static initialisation).
struct Registration {
  Registration(const SpecBuilder& b) { register_kernel(b.spec()); } // NOLINT: implicit on purpose
};

} // namespace tb

// Registers the kernel named ID (its `__global__` template) under FAMILY, printed as NAME,
// launched by LAUNCH; chain .source(...), .summary(...), .geometry(...) and the rest after it.
#define TB_REGISTER_KERNEL(ID, FAMILY, NAME, LAUNCH)                                               \
  [[maybe_unused]] static const ::tb::Registration tb_registration_##ID =                          \
      ::tb::kernel(#ID, FAMILY, NAME, LAUNCH)
