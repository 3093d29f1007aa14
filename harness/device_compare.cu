#include "harness/core/cuda_check.hpp"
#include "harness/core/cuda_raii.hpp"
#include "harness/device_compare.hpp"

#include <stdexcept>

namespace tb {
namespace {

struct Counters {
  unsigned long long count;
  unsigned long long first;
};

template <typename U>
__global__ void count_mismatches(const U* expected, const U* actual, long long n, Counters* c) {
  for (long long i = blockIdx.x * static_cast<long long>(blockDim.x) + threadIdx.x; i < n;
       i += static_cast<long long>(gridDim.x) * blockDim.x) {
    if (expected[i] != actual[i]) {
      atomicAdd(&c->count, 1ull);
      atomicMin(&c->first, static_cast<unsigned long long>(i));
    }
  }
}

template <typename U>
void launch(const void* e, const void* a, long long n, Counters* c, cudaStream_t s) {
  count_mismatches<U>
      <<<1024, 256, 0, s>>>(static_cast<const U*>(e), static_cast<const U*>(a), n, c);
  TB_CUDA_CHECK_LAUNCH();
}

} // namespace

DeviceMismatch compare_on_device(const void* expected, const void* actual, std::int64_t n,
                                 std::size_t es, cudaStream_t s) {
  DeviceBuffer counters(sizeof(Counters));
  const Counters init{0, ~0ull};
  TB_CUDA_CALL(cudaMemcpyAsync(counters.get(), &init, sizeof init, cudaMemcpyHostToDevice, s));
  auto* c = static_cast<Counters*>(counters.get());
  switch (es) {
  case 1:
    launch<unsigned char>(expected, actual, n, c, s);
    break;
  case 2:
    launch<unsigned short>(expected, actual, n, c, s);
    break;
  case 4:
    launch<unsigned int>(expected, actual, n, c, s);
    break;
  case 8:
    launch<unsigned long long>(expected, actual, n, c, s);
    break;
  default:
    throw std::invalid_argument("compare_on_device: element size must be 1, 2, 4 or 8");
  }
  Counters out{};
  TB_CUDA_CALL(cudaMemcpyAsync(&out, counters.get(), sizeof out, cudaMemcpyDeviceToHost, s));
  TB_CUDA_CALL(cudaStreamSynchronize(s));
  return {static_cast<std::int64_t>(out.count),
          out.count ? static_cast<std::int64_t>(out.first) : -1};
}

} // namespace tb
