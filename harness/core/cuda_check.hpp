// CUDA error handling: every runtime call goes through TB_CUDA_CALL, which throws tb::cuda_error
// carrying file:line, the error's name and message, and the failing expression. Before it
// throws, it clears the runtime's last error (cudaGetLastError), so that a recoverable error
// (a refused launch, an allocation too large) is not reported again by the next launch check
// and blamed on another kernel; a sticky error stays, as the runtime keeps returning it. The
// _NOEXCEPT variant is for destructors only: it reports and carries on.
#pragma once

#include <cuda_runtime_api.h>

#include <stdexcept>
#include <string>

namespace tb {

class cuda_error : public std::runtime_error {
public:
  cuda_error(cudaError_t code, const char* expr, const char* file, int line);
  cudaError_t code() const noexcept { return m_code; }
  // True for errors after which the CUDA context cannot be used again (illegal address, ...).
  bool sticky() const noexcept;

private:
  cudaError_t m_code;
};

void cuda_report_noexcept(cudaError_t code, const char* expr, const char* file, int line) noexcept;

} // namespace tb

#define TB_CUDA_CALL(expr)                                                                         \
  do {                                                                                             \
    const cudaError_t tb_err_ = (expr);                                                            \
    if (tb_err_ != cudaSuccess) {                                                                  \
      (void)cudaGetLastError();                                                                    \
      throw ::tb::cuda_error(tb_err_, #expr, __FILE__, __LINE__);                                  \
    }                                                                                              \
  } while (0)

#define TB_CUDA_CALL_NOEXCEPT(expr)                                                                \
  do {                                                                                             \
    const cudaError_t tb_err_ = (expr);                                                            \
    if (tb_err_ != cudaSuccess) {                                                                  \
      (void)cudaGetLastError();                                                                    \
      ::tb::cuda_report_noexcept(tb_err_, #expr, __FILE__, __LINE__);                              \
    }                                                                                              \
  } while (0)

// Checks a kernel launch right after it is issued.
#define TB_CUDA_CHECK_LAUNCH() TB_CUDA_CALL(cudaGetLastError())
