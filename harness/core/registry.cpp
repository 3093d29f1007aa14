#include "harness/core/registry.hpp"

#include <algorithm>

namespace tb {
namespace {

struct Table {
  std::vector<KernelSpec> specs;
  std::vector<std::string> problems;
  bool sorted = true;
};

// The file a kernel was registered from, from its kernels/ folder on ("kernels/x.cu").
std::string short_file(const std::string& file) {
  const auto at = file.rfind("kernels/");
  return at == std::string::npos ? file : file.substr(at);
}
std::string where(const KernelSpec& s) {
  return s.file.empty() ? "" : " (" + short_file(s.file) + ")";
}

// Empty when the entry is well formed.
std::string spec_problem(const KernelSpec& spec) {
  const std::string id = "kernel '" + spec.id + "'" + where(spec);
  if (spec.id.empty()) return "a kernel entry has no id" + where(spec);
  if (spec.name.empty()) return id + " has no printed name";
  if (!spec.launch || spec.dtypes.empty()) return id + " has no launch or no element types";
  if (spec.tile_w < 0 || spec.tile_h < 0 || spec.block_x < 0 || spec.block_y < 0)
    return id + " has a negative tile or block";
  if ((spec.output == Output::fine_grained || spec.output == Output::coarse_grained) &&
      (spec.tile_w <= 0 || spec.tile_w != spec.tile_h))
    return id + ": partial outputs need a square tile";
  return {};
}

Table& table() {
  static Table t; // function-local: safe to use from other translation units' static init
  return t;
}

} // namespace

bool register_kernel(KernelSpec spec) {
  auto& t = table();
  std::string problem = spec_problem(spec);
  for (const auto& s : t.specs)
    if (problem.empty() && s.id == spec.id)
      problem = "kernel id '" + spec.id + "' is registered twice" +
                (s.file.empty() && spec.file.empty()
                     ? ""
                     : ", in " + short_file(s.file) + " and " + short_file(spec.file));
  if (!problem.empty()) {
    t.problems.push_back(std::move(problem));
    return false;
  }
  t.specs.push_back(std::move(spec));
  t.sorted = false;
  return true;
}

const std::vector<std::string>& registry_problems() {
  return table().problems;
}

const std::vector<KernelSpec>& registered_kernels() {
  auto& t = table();
  if (!t.sorted) {
    std::stable_sort(t.specs.begin(), t.specs.end(), [](const KernelSpec& a, const KernelSpec& b) {
      if (a.family != b.family) return a.family < b.family;
      if (a.order != b.order) return a.order < b.order;
      return a.id < b.id;
    });
    t.sorted = true;
  }
  return t.specs;
}

const KernelSpec* find_kernel(std::string_view id) {
  for (const auto& s : registered_kernels())
    if (s.id == id) return &s;
  return nullptr;
}

} // namespace tb
