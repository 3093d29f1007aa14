#include "harness/registry.hpp"

#include <algorithm>
#include <stdexcept>

namespace tb {
namespace {

struct Table {
  std::vector<KernelSpec> specs;
  bool sorted = true;
};

Table& table() {
  static Table t; // function-local: safe to use from other translation units' static init
  return t;
}

} // namespace

std::string_view family_name(Family f) {
  switch (f) {
  case Family::whitepaper: return "whitepaper";
  case Family::leetgpu: return "leetgpu";
  case Family::vitamin: return "vitamin";
  case Family::study: return "study";
  case Family::triton_style: return "triton-style";
  case Family::library: return "library";
  case Family::ours: return "ours";
  }
  return "?";
}

std::string_view output_name(Output o) {
  switch (o) {
  case Output::copy: return "copy";
  case Output::transpose: return "transpose";
  case Output::fine_grained: return "fine-grained";
  case Output::coarse_grained: return "coarse-grained";
  }
  return "?";
}

bool KernelSpec::supports(DType t) const {
  return std::find(dtypes.begin(), dtypes.end(), t) != dtypes.end();
}

bool KernelSpec::in_suite(std::string_view suite) const {
  if (suite == "all") return true;
  return std::find(suites.begin(), suites.end(), suite) != suites.end();
}

bool register_kernel(KernelSpec spec) {
  if (spec.id.empty() || !spec.launch || spec.dtypes.empty())
    throw std::logic_error("kernel spec '" + spec.id + "' needs an id, a launch and dtypes");
  if (spec.tile_w < 0 || spec.tile_h < 0 || spec.block_x < 0 || spec.block_y < 0)
    throw std::logic_error("kernel spec '" + spec.id + "' has a negative tile or block");
  if ((spec.output == Output::fine_grained || spec.output == Output::coarse_grained) &&
      (spec.tile_w <= 0 || spec.tile_w != spec.tile_h))
    throw std::logic_error("kernel spec '" + spec.id + "': partial outputs need a square tile");
  auto& t = table();
  for (const auto& s : t.specs)
    if (s.id == spec.id) throw std::logic_error("kernel id registered twice: " + spec.id);
  t.specs.push_back(std::move(spec));
  t.sorted = false;
  return true;
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
