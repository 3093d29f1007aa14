#include "harness/outputs.hpp"

#include "harness/io/files.hpp"
#include "harness/sinks/csv.hpp"
#include "harness/sinks/table.hpp"

#include <fmt/format.h>

#include <stdexcept>

namespace tb {

Outputs prepare_outputs(const Options& opt) {
  Outputs out{opt.csv, opt.markdown, {}};
  if (!out.csv.empty()) {
    check_output_path(out.csv, "--csv");
    if (file_exists(out.csv)) {
      if (opt.append)
        out.prior = read_records_csv(out.csv); // refuses another schema version, with the line
      else if (!opt.force)
        throw std::invalid_argument(fmt::format(
            "--csv '{}' already exists; accepted: --append to add rows to it, --force to "
            "overwrite it, or another path",
            out.csv));
    }
  }
  if (!out.markdown.empty()) check_output_path(out.markdown, "--markdown");
  return out;
}

void write_csv(const Outputs& out, const std::vector<Record>& records) {
  if (out.csv.empty()) return;
  std::vector<Record> rows = out.prior;
  rows.insert(rows.end(), records.begin(), records.end());
  write_file_atomic(out.csv, render_csv(rows));
}

void write_outputs(const Outputs& out, const std::vector<Record>& records, Unit unit) {
  write_csv(out, records);
  if (!out.markdown.empty())
    write_file_atomic(out.markdown, render_tables(records, unit, TableFormat::markdown));
}

} // namespace tb
