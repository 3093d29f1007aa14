// Tidy CSV: one row per measurement, every column named with its unit, GB = 1e9 bytes. Written
// to a temporary file beside the target and renamed, so a crash never leaves a half file.
#pragma once

#include "harness/record.hpp"

#include <string>
#include <vector>

namespace tb {

inline constexpr int kCsvSchemaVersion = 1;

std::vector<std::string> csv_columns();
std::string csv_escape(const std::string& field);
std::string render_csv(const std::vector<Record>& records);

// Throws std::invalid_argument when `path` cannot be written (missing or unwritable folder).
void check_output_path(const std::string& path, const char* what);
// Writes `text` to path atomically (temporary file + rename). Throws std::runtime_error.
void write_file_atomic(const std::string& path, const std::string& text);

} // namespace tb
