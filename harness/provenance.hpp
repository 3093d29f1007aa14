// Where a result comes from: the revision compiled in and the time of the run.
#pragma once

#include <string>
#include <string_view>

namespace tb {

// The project's revision compiled in; "unknown" outside a git checkout.
std::string_view git_revision();
// Current UTC time as ISO 8601, "2026-11-21T10:00:00Z".
std::string utc_timestamp();

} // namespace tb
