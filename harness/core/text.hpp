// Text helpers for messages: a value from the user, quoted so that a message stays one short
// line, and a kernel pattern compiled safely.
#pragma once

#include <regex>
#include <string>

namespace tb {

// `v` with control characters shown as '?' and anything past 60 characters cut, with the
// length said ("xxxx... (100000 characters)").
std::string shown(const std::string& v);

// The longest kernel pattern accepted: std::regex recurses on the pattern, and a pattern of
// 100 KB overflowed the stack.
inline constexpr std::size_t kMaxPatternLength = 256;

// Compiles a case-insensitive kernel pattern. Throws std::invalid_argument for one longer than
// kMaxPatternLength or not a regular expression.
std::regex kernel_pattern(const std::string& pattern);

} // namespace tb
