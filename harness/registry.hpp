// The kernel table. Each kernel file adds itself with a static `tb::register_kernel(...)`; the
// harness reads the table and never names a kernel.
#pragma once

#include "harness/core/kernel_spec.hpp"

#include <vector>

namespace tb {

// Adds a kernel; throws std::logic_error on a duplicate id or a spec without launch/dtypes.
// Returns true so that a kernel file can write `const bool registered = register_kernel(...)`.
bool register_kernel(KernelSpec spec);

// Every registered kernel, ordered by family, then `order`, then id.
const std::vector<KernelSpec>& registered_kernels();

const KernelSpec* find_kernel(std::string_view id);

} // namespace tb
