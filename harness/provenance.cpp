#include "harness/provenance.hpp"

#include <ctime>

#ifndef TB_GIT_REVISION
#define TB_GIT_REVISION "unknown"
#endif

namespace tb {

std::string_view git_revision() {
  return TB_GIT_REVISION;
}

std::string utc_timestamp() {
  std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

} // namespace tb
