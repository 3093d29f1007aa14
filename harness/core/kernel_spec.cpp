#include "harness/core/kernel_spec.hpp"

#include <algorithm>

namespace tb {

std::string_view family_name(Family f) {
  switch (f) {
  case Family::whitepaper:
    return "whitepaper";
  case Family::leetgpu:
    return "leetgpu";
  case Family::vitamin:
    return "vitamin";
  case Family::study:
    return "study";
  case Family::triton_style:
    return "triton-style";
  case Family::library:
    return "library";
  case Family::ours:
    return "ours";
  }
  return "?";
}

std::string_view output_name(Output o) {
  switch (o) {
  case Output::copy:
    return "copy";
  case Output::transpose:
    return "transpose";
  case Output::fine_grained:
    return "fine-grained";
  case Output::coarse_grained:
    return "coarse-grained";
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

} // namespace tb
