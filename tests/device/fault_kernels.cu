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

// A launch that asks one 16-byte packet more shared memory a block than the GPU allows.
void launch_past_shared_limit(const LaunchArgs& a) {
  int device = 0, limit = 0;
  TB_CUDA_CALL(cudaGetDevice(&device));
  TB_CUDA_CALL(cudaDeviceGetAttribute(&limit, cudaDevAttrMaxSharedMemoryPerBlockOptin, device));
  const std::size_t smem = static_cast<std::size_t>(limit) + 16;
  TransposeKernel<float> kernel = write_to_nowhere;
  allow_dynamic_smem(kernel, smem);
  launch_kernel(kernel, dim3(1), dim3(32), smem, a);
}

void launch_illegal_address(const LaunchArgs& a) {
  write_to_nowhere<<<1, 32, 0, a.stream>>>(static_cast<float*>(a.out), nullptr, a.cols, a.rows, 1);
  TB_CUDA_CHECK_LAUNCH();
}
} // namespace tb::test
