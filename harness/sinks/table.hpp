// Whitepaper-style tables: one per GPU x shape x element type, kernels as rows, timing modes as
// columns, then "% of <baseline>" columns. Units are in the headers; cache-bound figures and
// failures are marked and explained under the table.
#pragma once

#include "harness/record.hpp"
#include "harness/sinks/grid.hpp"
#include "harness/units.hpp"

#include <string>
#include <vector>

namespace tb {

std::string render_device_header(const DeviceInfo& d);
std::string render_tables(const std::vector<Record>& records, Unit unit, TableFormat format);

} // namespace tb
