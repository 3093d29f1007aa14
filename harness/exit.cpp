#include "harness/exit.hpp"

#include <cstdio>

namespace tb {

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "transpose_bench: error: %s\n", message.c_str());
  return code;
}

} // namespace tb
