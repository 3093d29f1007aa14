// The plan: every case a run measures, kernel x shape x element type x timing mode, in the
// order they run (shape, then element type, then kernel, then mode, so each buffer set is made
// once). Built from the options before any GPU work; also what the device tests walk.
#pragma once

#include "harness/core/dtype.hpp"
#include "harness/core/kernel_spec.hpp"
#include "harness/core/shape.hpp"
#include "harness/mode.hpp"

#include <cstdint>
#include <string>
#include <vector>

namespace tb {

struct Case {
  const KernelSpec* kernel = nullptr;
  Shape shape;
  DType dtype = DType::fp32;
  Mode mode = Mode::loop_over_kernel;
  int reps = 1;                 // repetitions per sample (cold_single: always one launch)
  L2Policy l2 = L2Policy::warm; // cold_single flushes regardless (flush, unless flush-clean)
  int launches() const { return mode == Mode::cold_single ? 1 : reps; }
  bool flushes() const { return l2 != L2Policy::warm || mode == Mode::cold_single; }
  // The policy a sample really runs under.
  L2Policy effective_l2() const {
    return l2 == L2Policy::warm && mode == Mode::cold_single ? L2Policy::flush : l2;
  }
};

struct PlanRequest {
  std::vector<const KernelSpec*> kernels;
  std::vector<Shape> shapes;
  std::vector<DType> dtypes;
  std::vector<Mode> modes;
  int reps = 100;
  L2Policy l2 = L2Policy::warm;
};

std::vector<Case> build_plan(const PlanRequest& request);

// Device bytes a case of this shape and type needs: input + output.
std::int64_t device_bytes_needed(Shape s, DType t);
// Device bytes a case needs: input, output, and the flush buffer if it flushes.
std::int64_t case_device_bytes(const Case& c, std::int64_t flush_bytes);

// Empty when at least one case fits in `free_bytes` (sweeps skip the sizes that do not, with
// a note); otherwise the one-line error for a plan of which nothing fits on `gpu`.
std::string plan_fit_error(const std::vector<Case>& plan, std::int64_t free_bytes,
                           std::int64_t flush_bytes, const std::string& gpu);

} // namespace tb
