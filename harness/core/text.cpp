#include "harness/core/text.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace tb {

std::string shown(const std::string& v) {
  std::string out;
  for (char c : v.size() > 60 ? v.substr(0, 60) : v)
    out += static_cast<unsigned char>(c) < 0x20 || c == 0x7f ? '?' : c;
  return v.size() > 60 ? fmt::format("{}... ({} characters)", out, v.size()) : out;
}

std::regex kernel_pattern(const std::string& pattern) {
  if (pattern.size() > kMaxPatternLength)
    throw std::invalid_argument(fmt::format("kernel pattern '{}' is too long; accepted: ids, "
                                            "family names or regexes of up to {} characters",
                                            shown(pattern), kMaxPatternLength));
  try {
    return std::regex(pattern, std::regex::icase);
  } catch (const std::regex_error&) {
    throw std::invalid_argument(fmt::format(
        "invalid kernel pattern '{}': not a valid regular expression; accepted: a kernel id, a "
        "family name or a regex (see --list)",
        shown(pattern)));
  }
}

} // namespace tb
