// The kernel table. Each kernel file adds itself at static initialisation (TB_REGISTER_KERNEL in
// kernel_api.cuh); the harness reads the table and never names a kernel. A malformed entry or
// a duplicated id is not thrown from static initialisation: it is kept as a problem, which the
// program reports in one line at start-up (exit 2).
#pragma once

#include "harness/core/kernel_spec.hpp"

#include <string>
#include <vector>

namespace tb {

// Adds a kernel. An entry without an id, name, launch or element types, with a negative tile
// or block, a partial output without a square tile, or an id already taken is not added; its
// problem is recorded instead. Returns whether it was added.
bool register_kernel(KernelSpec spec);

// What went wrong while registering, one line each ("kernel id 'x' is registered twice: ...").
const std::vector<std::string>& registry_problems();

// Every registered kernel, ordered by family, then `order`, then id.
const std::vector<KernelSpec>& registered_kernels();

const KernelSpec* find_kernel(std::string_view id);

} // namespace tb
