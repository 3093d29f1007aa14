#include "harness/io/csv_text.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace tb {

std::string csv_escape(const std::string& f) {
  if (f.find_first_of(",\"\n\r") == std::string::npos) return f;
  std::string out = "\"";
  for (char c : f) {
    if (c == '"') out += '"';
    out += c;
  }
  return out + "\"";
}

std::vector<CsvRow> parse_csv(const std::string& text, const std::string& name) {
  std::vector<CsvRow> rows;
  CsvRow cur;
  std::string field;
  bool quoted = false, field_started = false;
  int line = 1;
  cur.line = 1;
  auto end_field = [&] {
    cur.fields.push_back(field);
    field.clear();
    field_started = false;
  };
  auto end_row = [&] {
    end_field();
    if (!(cur.fields.size() == 1 && cur.fields[0].empty())) rows.push_back(cur); // skip blanks
    cur = CsvRow{};
    cur.line = line;
  };
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"') {
        if (i + 1 < text.size() && text[i + 1] == '"') {
          field += '"';
          ++i;
        } else {
          quoted = false;
        }
      } else {
        if (c == '\n') ++line;
        field += c;
      }
      continue;
    }
    if (c == '"' && !field_started && field.empty()) {
      quoted = true;
      field_started = true;
    } else if (c == ',') {
      end_field();
    } else if (c == '\n') {
      ++line;
      end_row();
    } else if (c != '\r') {
      field += c;
      field_started = true;
    }
  }
  if (quoted)
    throw std::invalid_argument(fmt::format("{}:{}: unterminated quoted field", name, cur.line));
  if (!field.empty() || !cur.fields.empty()) end_row();
  return rows;
}

std::string strip_bom(const std::string& text) {
  return text.rfind("\xEF\xBB\xBF", 0) == 0 ? text.substr(3) : text;
}

} // namespace tb
