// The one grid renderer: a header and rows of cells, each column left- or right-aligned, as
// aligned plain text or as a Markdown table. Every table the program prints goes through it.
#pragma once

#include <string>
#include <vector>

namespace tb {

enum class TableFormat { text, markdown, csv, json };

struct Grid {
  std::vector<std::string> header;
  std::vector<bool> left; // per column: left-aligned; right-aligned otherwise (numbers)
  std::vector<std::vector<std::string>> rows;
};

// Text: columns padded to their widest cell and separated by three spaces, no trailing blanks.
// Markdown: one `| cell |` row per line with an alignment row under the header; a `|` inside a
// cell is escaped and a newline becomes a space, so a cell can never break the table.
// CSV: the header and rows as RFC 4180 CSV. JSON: an array with one object per row, keyed by
// the header; a cell that is a plain number is a JSON number, any other a string.
std::string render_grid(const Grid& grid, TableFormat format);

} // namespace tb
