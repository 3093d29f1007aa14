#include "harness/sinks/listing.hpp"

#include <fmt/format.h>

#include <algorithm>

namespace tb {

std::string render_kernel_list(const std::vector<KernelSpec>& kernels) {
  std::size_t wid = 6, wname = 4;
  for (const auto& k : kernels) {
    wid = std::max(wid, k.id.size());
    wname = std::max(wname, k.name.size());
  }
  std::string out =
      fmt::format("{:<{}}  {:<{}}  {:<12}  {:<14}  {:<12}  {:<24}  {}\n", "kernel", wid, "name",
                  wname, "family", "output", "tile/block", "types", "suites");
  for (const auto& k : kernels) {
    std::vector<std::string> types;
    for (DType t : k.dtypes) types.emplace_back(dtype_name(t));
    std::vector<std::string> suites(k.suites);
    suites.emplace_back("all");
    out += fmt::format(
        "{:<{}}  {:<{}}  {:<12}  {:<14}  {:<12}  {:<24}  {}\n", k.id, wid, k.name, wname,
        family_name(k.family), output_name(k.output),
        k.block_x ? fmt::format("{}x{}/{}x{}", k.tile_w, k.tile_h, k.block_x, k.block_y) : "-",
        fmt::format("{}", fmt::join(types, ",")), fmt::format("{}", fmt::join(suites, ",")));
    out += fmt::format("{:<{}}  {} [{}]\n", "", wid, k.summary, k.source);
  }
  return out;
}

} // namespace tb
