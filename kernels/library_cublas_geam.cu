// cuBLAS geam as a transpose: C = 1 * op(A) + 0 * B with op = transpose, the usual way to
// transpose with cuBLAS. cuBLAS is column-major: our rows x cols row-major input is a cols x rows
// column-major matrix (lda = cols), and the cols x rows row-major output is a rows x cols
// column-major C (ldc = rows). B aliases C with beta = 0 (cuBLAS's documented in-place form).
// geam exists for S, D, C and Z; of our element types that is fp32 and fp64 ("not supported"
// for the rest). The handle is made on the first (warm-up) launch, outside every timed region.
#include "harness/core/kernel_api.cuh"

#include <cublas_v2.h>
#include <fmt/format.h>

#include <stdexcept>

namespace {

void check(cublasStatus_t s, const char* what) {
  if (s != CUBLAS_STATUS_SUCCESS)
    throw std::runtime_error(fmt::format("{} failed: cuBLAS status {}", what, static_cast<int>(s)));
}

struct Handle {
  cublasHandle_t h = nullptr;
  Handle() { check(cublasCreate(&h), "cublasCreate"); }
  ~Handle() {
    if (h) cublasDestroy(h);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
};

cublasHandle_t handle() {
  static Handle h;
  return h.h;
}

cublasStatus_t geam(cublasHandle_t h, int m, int n, const float* a, int lda, float* c, int ldc) {
  const float one = 1.0f, zero = 0.0f;
  return cublasSgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &one, a, lda, &zero, c, ldc, c, ldc);
}
cublasStatus_t geam(cublasHandle_t h, int m, int n, const double* a, int lda, double* c, int ldc) {
  const double one = 1.0, zero = 0.0;
  return cublasDgeam(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &one, a, lda, &zero, c, ldc, c, ldc);
}

struct Launch {
  template <typename T> static void run(const tb::LaunchArgs& a) {
    cublasHandle_t h = handle();
    check(cublasSetStream(h, a.stream), "cublasSetStream");
    check(geam(h, a.rows, a.cols, static_cast<const T*>(a.in), a.cols, static_cast<T*>(a.out),
               a.rows),
          "cublas geam");
  }
};

[[maybe_unused]] const bool registered = tb::register_kernel(
    tb::kernel("cublas_geam", tb::Family::library, "cuBLAS geam (transpose)",
               tb::launcher<Launch, tb::dtype_list<tb::DType::fp32, tb::DType::fp64>>())
        .source("cuBLAS: cublasSgeam / cublasDgeam with CUBLAS_OP_T")
        .summary("the vendor library's out-of-place transpose")
        .output(tb::Output::transpose)
        .geometry(0, 0, 0, 0)
        .order(1)
        .suites({"best"})
        .no_nreps());

} // namespace
