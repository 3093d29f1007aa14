#include "harness/selection.hpp"

#include "harness/core/text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <regex>
#include <stdexcept>

namespace tb {

std::vector<std::string> known_suites(const std::vector<KernelSpec>& all) {
  std::vector<std::string> out{"all"};
  for (const auto& k : all)
    for (const auto& s : k.suites)
      if (std::find(out.begin(), out.end(), s) == out.end()) out.push_back(s);
  return out;
}

std::vector<const KernelSpec*> select_kernels(const std::vector<KernelSpec>& all,
                                              const std::string& suite,
                                              const std::vector<std::string>& patterns) {
  const auto suites = known_suites(all);
  if (std::find(suites.begin(), suites.end(), suite) == suites.end())
    throw std::invalid_argument(
        fmt::format("unknown suite '{}'; accepted: {}", shown(suite), fmt::join(suites, ", ")));
  std::vector<bool> chosen(all.size(), false);
  if (patterns.empty()) {
    for (std::size_t i = 0; i < all.size(); ++i) chosen[i] = all[i].in_suite(suite);
  } else {
    // Explicit patterns pick from every kernel; the suite only applies when none are given.
    for (const auto& p : patterns) {
      const std::regex re = kernel_pattern(p);
      bool any = false;
      for (std::size_t i = 0; i < all.size(); ++i) {
        const auto& k = all[i];
        if (k.id == p || family_name(k.family) == p || std::regex_match(k.id, re) ||
            std::regex_match(k.name, re)) {
          chosen[i] = true;
          any = true;
        }
      }
      if (!any)
        throw std::invalid_argument(fmt::format(
            "unknown kernel '{}': matches no kernel id, family or name; run --list to see them",
            shown(p)));
    }
  }
  std::vector<const KernelSpec*> out;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (chosen[i]) out.push_back(&all[i]);
  return out;
}

} // namespace tb
