// report and compare: results back into tables with no GPU. `load_results` reads a CSV written
// by transpose_bench, or the whitepaper's published figures (results/whitepaper/published.csv),
// whose kernels are matched to ours by their printed names.
#pragma once

#include "harness/record.hpp"
#include "harness/sinks/table.hpp"
#include "harness/units.hpp"

#include <string>
#include <vector>

namespace tb {

// Throws std::invalid_argument("FILE:LINE: ...") for anything it does not understand.
std::vector<Record> load_results(const std::string& path);
std::vector<Record> published_from_csv_text(const std::string& text, const std::string& name);

// Per kernel x mode x size x element type present in both: both figures and A / B.
std::string render_compare(const std::vector<Record>& a, const std::vector<Record>& b, Unit unit,
                           TableFormat format);

} // namespace tb
