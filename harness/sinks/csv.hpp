// The CSV schema: one row per measurement, every column named with its unit, GB = 1e9 bytes
// (the text format itself is io/csv_text.hpp; writing is atomic, io/files.hpp). The reader rebuilds
// the records exactly enough to render the same tables with no GPU; it rejects files of another
// schema version, missing columns and malformed values with a one-line message naming the file and
// line.
#pragma once

#include "harness/io/csv_text.hpp"
#include "harness/record.hpp"

#include <string>
#include <vector>

namespace tb {

// Version 3 added the hardware-counter columns (empty where --counters was not given); files of
// version 2 are still read, without counters.
inline constexpr int kCsvSchemaVersion = 3;
inline constexpr int kCsvOldestReadable = 2;

// The columns of `version` (kCsvOldestReadable to kCsvSchemaVersion).
std::vector<std::string> csv_columns(int version = kCsvSchemaVersion);
std::string render_csv(const std::vector<Record>& records);

// The schema version of a transpose_bench CSV's first row (0 when it has none).
int csv_file_version(const std::string& path);

// Reads a transpose_bench CSV. Throws std::invalid_argument("FILE:LINE: ...").
std::vector<Record> read_records_csv(const std::string& path);
std::vector<Record> records_from_csv_text(const std::string& text, const std::string& name);

} // namespace tb
