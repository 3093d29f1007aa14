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
// The "why" view of one table's records: the figures derived from their hardware counters and
// a reading of each; empty when none was profiled.
std::string render_why(const std::vector<const Record*>& records, TableFormat format);
std::string render_tables(const std::vector<Record>& records, Unit unit, TableFormat format);

} // namespace tb
