// Which kernels a run uses: a suite, narrowed by --kernels patterns (ids, family names or
// regular expressions matched against the id and the printed name).
#pragma once

#include "harness/core/kernel_spec.hpp"

#include <string>
#include <vector>

namespace tb {

// Throws std::invalid_argument naming a pattern that matches nothing, an invalid regex, or an
// unknown suite. The result keeps registry order and holds each kernel once.
std::vector<const KernelSpec*> select_kernels(const std::vector<KernelSpec>& all,
                                              const std::string& suite,
                                              const std::vector<std::string>& patterns);

std::vector<std::string> known_suites(const std::vector<KernelSpec>& all);

} // namespace tb
