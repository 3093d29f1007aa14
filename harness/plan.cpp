#include "harness/plan.hpp"

#include "harness/units.hpp"

#include <fmt/format.h>

namespace tb {

std::vector<Case> build_plan(const PlanRequest& q) {
  std::vector<Case> cases;
  for (const Shape& s : q.shapes)
    for (DType t : q.dtypes)
      for (const KernelSpec* k : q.kernels)
        for (Mode m : q.modes) cases.push_back(Case{k, s, t, m, q.reps, q.l2});
  return cases;
}

std::int64_t device_bytes_needed(Shape s, DType t) {
  return 2 * s.elements() * static_cast<std::int64_t>(dtype_size(t));
}

std::int64_t case_device_bytes(const Case& c, std::int64_t flush_bytes) {
  return device_bytes_needed(c.shape, c.dtype) + (c.flushes() ? flush_bytes : 0);
}

std::string plan_fit_error(const std::vector<Case>& plan, std::int64_t free_bytes,
                           std::int64_t flush_bytes, const std::string& gpu) {
  if (plan.empty()) return {};
  for (const Case& c : plan)
    if (case_device_bytes(c, flush_bytes) <= free_bytes) return {};
  const Case& c = plan.front();
  return fmt::format("size {} {} needs {} of device memory (input + output), but {} has {} "
                     "free; accepted: sizes whose input + output fit",
                     to_string(c.shape), dtype_name(c.dtype),
                     human_gb(double(device_bytes_needed(c.shape, c.dtype))), gpu,
                     human_gb(double(free_bytes)));
}

} // namespace tb
