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
    check_output_path(out.csv, "--csv", opt.append || opt.force,
                      "--append to add rows to it, --force");
    if (opt.append && file_exists(out.csv)) {
      out.prior = read_records_csv(out.csv); // refuses an unknown schema version, with the line
      // Rows of an older version are not rewritten in the new one behind the user's back.
      if (const int v = csv_file_version(out.csv); v != kCsvSchemaVersion)
        throw std::invalid_argument(fmt::format(
            "--append: '{}' has schema version {}; accepted: a file of version {} (write a new "
            "file, or --force to replace it)",
            out.csv, v, kCsvSchemaVersion));
    }
  }
  if (!out.markdown.empty()) check_output_path(out.markdown, "--markdown", opt.force);
  if (!out.csv.empty() && !out.markdown.empty() && same_file(out.csv, out.markdown))
    throw std::invalid_argument(fmt::format("--csv and --markdown both name '{}'; accepted: two "
                                            "different paths",
                                            out.csv));
  for (const auto& [path, what] : {std::pair{out.csv, "--csv"}, {out.markdown, "--markdown"}})
    if (!path.empty() && !opt.config_file.empty() && same_file(path, opt.config_file))
      throw std::invalid_argument(fmt::format("{} '{}' is the --config file of this run; "
                                              "accepted: another path",
                                              what, path));
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
