// Tidy CSV: one row per measurement, every column named with its unit, GB = 1e9 bytes. Written
// to a temporary file beside the target and renamed, so a crash never leaves a half file. The
// reader rebuilds the records exactly enough to render the same tables with no GPU; it rejects
// files of another schema version, missing columns and malformed values with a one-line
// message naming the file and line.
#pragma once

#include "harness/record.hpp"

#include <string>
#include <vector>

namespace tb {

inline constexpr int kCsvSchemaVersion = 2;

std::vector<std::string> csv_columns();
std::string csv_escape(const std::string& field);
std::string render_csv(const std::vector<Record>& records);

// RFC 4180 parsing: quoted fields, doubled quotes, commas and newlines inside quotes.
// Each row carries the line it starts on. Throws std::invalid_argument on an unterminated quote.
struct CsvRow {
  int line = 0;
  std::vector<std::string> fields;
};
std::vector<CsvRow> parse_csv(const std::string& text, const std::string& name);

// Reads a transpose_bench CSV. Throws std::invalid_argument("FILE:LINE: ...").
std::vector<Record> read_records_csv(const std::string& path);
std::vector<Record> records_from_csv_text(const std::string& text, const std::string& name);

// Throws std::invalid_argument when `path` cannot be written (missing or unwritable folder).
void check_output_path(const std::string& path, const char* what);
// Writes `text` to path atomically (temporary file + rename). Throws std::runtime_error.
void write_file_atomic(const std::string& path, const std::string& text);
// Reads a whole file; throws std::invalid_argument naming the file when it cannot be read.
std::string read_file(const std::string& path);

} // namespace tb
