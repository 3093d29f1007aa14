#include "harness/report_command.hpp"

#include "harness/exit.hpp"
#include "harness/io/files.hpp"
#include "harness/options.hpp"
#include "harness/report.hpp"
#include "harness/sinks/table.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <stdexcept>

namespace tb {
namespace {

int emit(const std::string& text, const std::string& output) {
  if (output.empty() || output == "-") {
    std::fputs(text.c_str(), stdout);
    return kExitOk;
  }
  try {
    write_file_atomic(output, text);
  } catch (const std::exception& e) {
    return fail(kExitFailed, e.what());
  }
  return kExitOk;
}

} // namespace

int run_report_command(const std::vector<std::string>& args, bool compare) {
  const ReportCliResult cli = parse_report_command(args, compare);
  if (cli.exit_now) {
    if (cli.exit_code == kExitOk) {
      std::fputs(cli.output.c_str(), stdout);
      return kExitOk;
    }
    return fail(cli.exit_code, cli.output + " (see --help)");
  }
  const ReportOptions& o = cli.options;
  const TableFormat format = o.markdown ? TableFormat::markdown : TableFormat::text;
  try {
    if (!o.output.empty() && o.output != "-") {
      check_output_path(o.output, "--output", o.force);
      for (const auto& f : o.files)
        if (same_file(o.output, f))
          throw std::invalid_argument(fmt::format("--output '{}' is also an input of this "
                                                  "command; accepted: another path, or - for "
                                                  "standard output",
                                                  o.output));
    }
    std::vector<std::vector<Record>> loaded;
    for (const auto& f : o.files) loaded.push_back(load_results(f));
    if (compare) return emit(render_compare(loaded[0], loaded[1], o.unit_value, format), o.output);
    std::vector<Record> all;
    for (auto& l : loaded) all.insert(all.end(), l.begin(), l.end());
    return emit(render_tables(all, o.unit_value, format), o.output);
  } catch (const std::invalid_argument& e) {
    return fail(kExitBadInput, e.what());
  }
}

} // namespace tb
