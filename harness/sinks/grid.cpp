#include "harness/sinks/grid.hpp"

#include <fmt/format.h>

#include <algorithm>

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

} // namespace

std::string render_grid(const Grid& grid, TableFormat format) {
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
