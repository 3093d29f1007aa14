// report and compare: results back into tables with no GPU. `load_results` reads a CSV written
// by transpose_bench, or the whitepaper's published figures (results/whitepaper/published.csv),
// whose kernels are matched to ours by their printed names.
#pragma once

#include "harness/options.hpp"
#include "harness/record.hpp"
#include "harness/sinks/table.hpp"
#include "harness/units.hpp"

#include <string>
#include <utility>
#include <vector>

namespace tb {

// The measurements `filter` keeps: a kernel pattern matches the id, the family or the printed
// name (case-insensitively, as a regular expression), the rest by equality. Throws
// std::invalid_argument for a pattern that is not a regular expression.
std::vector<Record> filter_records(const std::vector<Record>& records, const ReportFilter& filter);

// The records as tables (text, Markdown), as tidy CSV, or as JSON (one object per record).
std::string render_records(const std::vector<Record>& records, Unit unit, TableFormat format);

// The fastest transpose per GPU, size and element type (loop over kernel where measured, else
// the first mode; registered kernels that copy, or transpose only in part, do not compete),
// with its % of the memcpy baseline measured beside it.
std::string render_best(const std::vector<Record>& records, Unit unit, TableFormat format);

// Throws std::invalid_argument("FILE:LINE: ...") for anything it does not understand.
std::vector<Record> load_results(const std::string& path);
std::vector<Record> published_from_csv_text(const std::string& text, const std::string& name);

// Each measurement of A with its counterparts in B (the same kernel, mode, size, element type
// and L2 policy; the same GPU too when both files hold several GPUs), or with nullptr when B
// has none. Measurements that did not run are left out.
std::vector<std::pair<const Record*, const Record*>> compare_pairs(const std::vector<Record>& a,
                                                                   const std::vector<Record>& b);

// Per kernel x mode x size x element type present in both: both figures (marked * when they
// measure caches, ! when noisy) and A / B, then the geometric mean of the ratios.
std::string render_compare(const std::vector<Record>& a, const std::vector<Record>& b, Unit unit,
                           TableFormat format);

} // namespace tb
