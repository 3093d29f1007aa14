#include "harness/sinks/grid.hpp"

#include "harness/io/csv_text.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>

namespace tb {
namespace {

std::string markdown_cell(const std::string& text) {
  std::string out;
  for (char c : text) {
    if (c == '|')
      out += "\\|";
    else if (c == '\n' || c == '\r')
      out += ' ';
    else
      out += c;
  }
  return out;
}

std::string json_string(const std::string& v) {
  std::string out = "\"";
  for (char c : v) {
    if (c == '"' || c == '\\')
      out += std::string("\\") + c;
    else if (static_cast<unsigned char>(c) < 0x20)
      out += fmt::format("\\u{:04x}", static_cast<unsigned>(static_cast<unsigned char>(c)));
    else
      out += c;
  }
  return out + "\"";
}

// A cell that reads as a finite number in full ("4172.8", "-3", not "4172.8 *" or "nan").
bool plain_number(const std::string& v) {
  if (v.empty() || v.find_first_not_of("0123456789.-+eE") != std::string::npos) return false;
  char* end = nullptr;
  const double x = std::strtod(v.c_str(), &end);
  return *end == '\0' && std::isfinite(x);
}

std::string render_csv_grid(const Grid& grid) {
  auto line = [](const std::vector<std::string>& cells) {
    std::string s;
    for (std::size_t c = 0; c < cells.size(); ++c) s += (c ? "," : "") + csv_escape(cells[c]);
    return s + "\n";
  };
  std::string out = line(grid.header);
  for (const auto& row : grid.rows) out += line(row);
  return out;
}

std::string render_json_grid(const Grid& grid) {
  std::string out = "[";
  for (std::size_t r = 0; r < grid.rows.size(); ++r) {
    out += r ? ",\n {" : "\n {";
    for (std::size_t c = 0; c < grid.header.size(); ++c) {
      const std::string v = c < grid.rows[r].size() ? grid.rows[r][c] : "";
      out += (c ? ", " : "") + json_string(grid.header[c]) + ": " +
             (plain_number(v) ? v : json_string(v));
    }
    out += "}";
  }
  return out + "\n]\n";
}

} // namespace

std::string render_grid(const Grid& grid, TableFormat format) {
  if (format == TableFormat::csv) return render_csv_grid(grid);
  if (format == TableFormat::json) return render_json_grid(grid);
  const bool md = format == TableFormat::markdown;
  const std::size_t n = grid.header.size();
  auto cells_of = [&](const std::vector<std::string>& row) {
    std::vector<std::string> cells(n);
    for (std::size_t c = 0; c < n && c < row.size(); ++c)
      cells[c] = md ? markdown_cell(row[c]) : row[c];
    return cells;
  };
  std::vector<std::vector<std::string>> lines{cells_of(grid.header)};
  for (const auto& row : grid.rows) lines.push_back(cells_of(row));
  std::vector<std::size_t> width(n, 0);
  for (const auto& cells : lines)
    for (std::size_t c = 0; c < n; ++c) width[c] = std::max(width[c], cells[c].size());
  auto left = [&](std::size_t c) { return c < grid.left.size() && grid.left[c]; };

  auto line = [&](const std::vector<std::string>& cells) {
    std::string s = md ? "|" : "";
    for (std::size_t c = 0; c < n; ++c) {
      const std::string padded = left(c) ? fmt::format("{:<{}}", cells[c], width[c])
                                         : fmt::format("{:>{}}", cells[c], width[c]);
      s += md ? " " + padded + " |" : (c ? "   " : "") + padded;
    }
    while (!md && !s.empty() && s.back() == ' ') s.pop_back();
    return s + "\n";
  };
  std::string out = line(lines[0]);
  if (md) {
    std::string sep = "|";
    for (std::size_t c = 0; c < n; ++c)
      sep +=
          (left(c) ? ":" + std::string(width[c] + 1, '-') : std::string(width[c] + 1, '-') + ":") +
          "|";
    out += sep + "\n";
  }
  for (std::size_t k = 1; k < lines.size(); ++k) out += line(lines[k]);
  return out;
}

} // namespace tb
