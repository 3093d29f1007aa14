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

// `compare --threshold P`: one line on stderr and exit 1 when any A / B is below P.
int check_threshold(const std::vector<Record>& a, const std::vector<Record>& b, double threshold) {
  std::size_t below = 0, pairs = 0;
  std::pair<const Record*, double> worst{nullptr, 0};
  for (const auto& [ra, rb] : compare_pairs(a, b)) {
    if (!rb) continue;
    ++pairs;
    const double ratio = ra->bandwidth_gbps() / rb->bandwidth_gbps();
    if (ratio < threshold) ++below;
    if (!worst.first || ratio < worst.second) worst = {ra, ratio};
  }
  if (below == 0) return kExitOk;
  return fail(kExitFailed,
              fmt::format("{} of {} ratios A / B below --threshold {}; the lowest: {:.3f} ({}, "
                          "{}, {}, {})",
                          below, pairs, threshold, worst.second, worst.first->kernel_id,
                          mode_name(worst.first->mode), to_string(worst.first->shape),
                          dtype_name(worst.first->dtype)));
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
    for (const auto& f : o.files) {
      loaded.push_back(filter_records(load_results(f), o.filter));
      if (loaded.back().empty())
        throw std::invalid_argument(fmt::format(
            "no measurement in '{}' matches --kernels, --dtype, --modes and --size; accepted: "
            "values that occur in the file (see report without them)",
            f));
    }
    if (compare) {
      const int rc =
          emit(render_compare(loaded[0], loaded[1], o.unit_value, o.format_value), o.output);
      if (rc != kExitOk || o.threshold <= 0) return rc;
      return check_threshold(loaded[0], loaded[1], o.threshold);
    }
    std::vector<Record> all;
    for (auto& l : loaded) all.insert(all.end(), l.begin(), l.end());
    return emit(o.best ? render_best(all, o.unit_value, o.format_value)
                       : render_records(all, o.unit_value, o.format_value),
                o.output);
  } catch (const std::invalid_argument& e) {
    return fail(kExitBadInput, e.what());
  }
}

} // namespace tb
