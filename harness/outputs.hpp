// Where a run's results go. Every output path is checked before any GPU work; the CSV is
// rewritten atomically after every completed case (an interrupted run keeps what it measured)
// and once more at the end, beside the Markdown tables.
#pragma once

#include "harness/options.hpp"
#include "harness/record.hpp"

#include <string>
#include <vector>

namespace tb {

struct Outputs {
  std::string csv, markdown; // empty: not asked for
  std::vector<Record> prior; // rows already in the CSV when appending
};

// Throws std::invalid_argument: an unwritable path, or an existing CSV without --append or
// --force (with --append, a CSV of another schema version).
Outputs prepare_outputs(const Options& opt);

// The CSV: the prior rows, then `records`. Does nothing when no CSV was asked for.
void write_csv(const Outputs& out, const std::vector<Record>& records);
// The CSV and the Markdown tables.
void write_outputs(const Outputs& out, const std::vector<Record>& records, Unit unit);

} // namespace tb
