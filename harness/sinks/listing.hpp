// --list: every registered kernel with its family, source, output and element types.
#pragma once

#include "harness/core/kernel_spec.hpp"

#include <string>
#include <vector>

namespace tb {

std::string render_kernel_list(const std::vector<KernelSpec>& kernels);

} // namespace tb
