#include "harness/core/cuda_check.hpp"

#include <fmt/format.h>

#include <cstdio>

namespace tb {

cuda_error::cuda_error(cudaError_t code, const char* expr, const char* file, int line)
    : std::runtime_error(fmt::format("{}:{}: {} ({}) in `{}`", file, line, cudaGetErrorName(code),
                                     cudaGetErrorString(code), expr)),
      m_code(code) {}

bool cuda_error::sticky() const noexcept {
  switch (m_code) {
  case cudaErrorIllegalAddress:
  case cudaErrorLaunchFailure:
  case cudaErrorHardwareStackError:
  case cudaErrorIllegalInstruction:
  case cudaErrorMisalignedAddress:
  case cudaErrorInvalidAddressSpace:
  case cudaErrorInvalidPc:
  case cudaErrorAssert:
  case cudaErrorLaunchTimeout:
  case cudaErrorECCUncorrectable:
    return true;
  default:
    return false;
  }
}

void cuda_report_noexcept(cudaError_t code, const char* expr, const char* file, int line) noexcept {
  std::fprintf(stderr, "transpose_bench: warning: %s:%d: %s in `%s`\n", file, line,
               cudaGetErrorName(code), expr);
}

} // namespace tb
