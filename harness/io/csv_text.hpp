// CSV as text (RFC 4180): escaping a field, and parsing quoted fields, doubled quotes, and
// commas and newlines inside quotes. Knows nothing of what the columns mean (csv.hpp does).
#pragma once

#include <string>
#include <vector>

namespace tb {

std::string csv_escape(const std::string& field);

// `text` without a leading UTF-8 byte-order mark (spreadsheets write one).
std::string strip_bom(const std::string& text);

// Each row carries the line it starts on. Throws std::invalid_argument("NAME:LINE: ...") on an
// unterminated quote.
struct CsvRow {
  int line = 0;
  std::vector<std::string> fields;
};
std::vector<CsvRow> parse_csv(const std::string& text, const std::string& name);

} // namespace tb
