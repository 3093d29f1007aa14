// Deliberately broken kernels for the fault tests (never registered in the benchmark): one
// writes through a bad pointer (an illegal address: a sticky error that loses the context).
#include "harness/core/kernel_api.cuh"

namespace {
__global__ void write_to_nowhere(float* out, const float*, int, int, int) {
  if (threadIdx.x == 0 && blockIdx.x == 0) {
    float* bad = reinterpret_cast<float*>(static_cast<unsigned long long>(0x10) + (out == nullptr));
    *bad = 1.0f;
  }
}
} // namespace

namespace tb::test {
// A launch the runtime refuses (2048 threads per block is over every GPU's limit): an error
// at launch (cudaErrorInvalidConfiguration, or cudaErrorInvalidValue with the CUDA 13 driver
// seen on an H200) that leaves the context usable.
void launch_invalid_configuration(const LaunchArgs& a) {
  write_to_nowhere<<<1, 2048, 0, a.stream>>>(static_cast<float*>(a.out), nullptr, a.cols, a.rows,
                                             1);
  TB_CUDA_CHECK_LAUNCH();
}

void launch_illegal_address(const LaunchArgs& a) {
  write_to_nowhere<<<1, 32, 0, a.stream>>>(static_cast<float*>(a.out), nullptr, a.cols, a.rows, 1);
  TB_CUDA_CHECK_LAUNCH();
}
} // namespace tb::test
