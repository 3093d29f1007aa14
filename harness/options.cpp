#include "harness/options.hpp"

#include "harness/config_file.hpp"
#include "harness/core/registry.hpp"
#include "harness/core/text.hpp"
#include "harness/io/files.hpp"
#include "harness/selection.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <set>
#include <stdexcept>

#ifndef TB_GIT_REVISION
#define TB_GIT_REVISION "unknown"
#endif
#ifndef TB_VERSION
#define TB_VERSION "0"
#endif

namespace tb {
namespace {

// A count given in decimal digits only (no sign, no fraction, no hexadecimal), from lo to hi.
int parse_count(const char* name, const std::string& v, int lo, int hi) {
  const bool digits = !v.empty() && v.find_first_not_of("0123456789") == std::string::npos;
  if (!digits)
    throw std::invalid_argument(
        fmt::format("{} '{}' is not a whole number; accepted: {} to {}", name, shown(v), lo, hi));
  const long long x = v.size() > 10 ? -1 : std::stoll(v);
  if (x < lo || x > hi)
    throw std::invalid_argument(
        fmt::format("{} '{}' is out of range; accepted: {} to {}", name, shown(v), lo, hi));
  return static_cast<int>(x);
}

// Converts the textual options; throws std::invalid_argument with a one-line message.
void finalize(Options& o) {
  o.reps = parse_count("--reps", o.reps_text, 1, 1000000);
  o.samples = parse_count("--samples", o.samples_text, 1, 10000);
  if (o.sizes.empty()) throw std::invalid_argument("--size needs at least one size");
  o.shapes.clear();
  for (const auto& s : o.sizes) o.shapes.push_back(parse_shape(s));
  o.dtype_values.clear();
  for (const auto& d : o.dtypes) {
    auto t = parse_dtype(d);
    if (!t)
      throw std::invalid_argument(
          fmt::format("unknown element type '{}'; accepted: {}", shown(d), dtype_choices()));
    if (std::find(o.dtype_values.begin(), o.dtype_values.end(), *t) == o.dtype_values.end())
      o.dtype_values.push_back(*t);
  }
  o.mode_values.clear();
  for (const auto& m : o.modes) {
    auto v = parse_mode(m);
    if (!v)
      throw std::invalid_argument(fmt::format(
          "unknown timing mode '{}'; accepted: loop-over-kernel, loop-in-kernel, cold-single",
          shown(m)));
    if (std::find(o.mode_values.begin(), o.mode_values.end(), *v) == o.mode_values.end())
      o.mode_values.push_back(*v);
  }
  auto u = parse_unit(o.unit);
  if (!u)
    throw std::invalid_argument(fmt::format("unknown unit '{}'; accepted: GB, GiB", shown(o.unit)));
  o.unit_value = *u;
  if (o.append && o.force)
    throw std::invalid_argument(
        "--append and --force contradict each other; accepted: one of them");
  if (o.append && o.csv.empty()) throw std::invalid_argument("--append needs --csv PATH");
  if (o.force && o.csv.empty() && o.markdown.empty())
    throw std::invalid_argument("--force needs --csv PATH or --markdown PATH");
  auto l2 = parse_l2(o.l2);
  if (!l2)
    throw std::invalid_argument(
        fmt::format("unknown L2 policy '{}'; accepted: warm, flush, flush-clean", shown(o.l2)));
  o.l2_value = *l2;
  if (o.device == "all") {
    o.device_index = -1;
  } else {
    const bool digits = !o.device.empty() && o.device.size() <= 4 &&
                        o.device.find_first_not_of("0123456789") == std::string::npos;
    if (!digits)
      throw std::invalid_argument(fmt::format(
          "invalid device '{}'; accepted: a device index (0, 1, ...) or 'all'", shown(o.device)));
    o.device_index = std::stoi(o.device);
  }
}

// The arguments with every --config FILE replaced by the arguments the file stands for (see
// config_file.hpp), before the command line's own, which take precedence. `config_file`
// receives the file's path.
std::vector<std::string> expand_config(CLI::App& app, const std::vector<std::string>& args,
                                       std::string& config_file) {
  std::vector<std::string> rest;
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--config" && i + 1 < args.size())
      config_file = args[++i];
    else if (args[i].rfind("--config=", 0) == 0)
      config_file = args[i].substr(9);
    else
      rest.push_back(args[i]);
  }
  if (config_file.empty()) return rest;
  ConfigSyntax syntax;
  for (const CLI::Option* opt : app.get_options()) {
    for (const std::string& name : opt->get_lnames()) {
      if (name == "help" || name == "version" || name == "config") continue;
      syntax.keys.insert(name);
      if (opt->get_expected_min() == 0) syntax.flags.insert(name);
    }
  }
  std::set<std::string> given;
  for (const std::string& a : rest) {
    if (a.size() < 2 || a[0] != '-') continue;
    const CLI::Option* opt = app.get_option_no_throw(a.substr(0, a.find('=')));
    if (opt && !opt->get_lnames().empty()) given.insert(opt->get_lnames().front());
  }
  check_input_file(config_file, "--config", std::size_t(1) << 20);
  std::vector<std::string> out =
      config_arguments(read_file(config_file, std::size_t(1) << 20), config_file, syntax, given);
  out.insert(out.end(), rest.begin(), rest.end());
  return out;
}

std::string one_line(std::string s) {
  std::replace(s.begin(), s.end(), '\n', ' ');
  while (!s.empty() && s.back() == ' ') s.pop_back();
  return s;
}

// Parses `args` into `app`, then runs `check`; help text or a one-line error ends up in `res`.
template <class Result, class Check>
void parse_into(CLI::App& app, const std::vector<std::string>& args, Result& res, Check check) {
  std::vector<std::string> reversed(args.rbegin(), args.rend()); // CLI11 takes them reversed
  try {
    app.parse(reversed);
    check();
  } catch (const CLI::CallForHelp&) {
    res.exit_now = true;
    res.exit_code = kExitOk;
    res.output = app.help();
  } catch (const CLI::CallForVersion&) {
    res.exit_now = true;
    res.exit_code = kExitOk;
    res.output = version_line() + "\n";
  } catch (const CLI::ParseError& e) {
    res.exit_now = true;
    res.exit_code = kExitBadInput;
    res.output = one_line(e.what());
  } catch (const std::invalid_argument& e) {
    res.exit_now = true;
    res.exit_code = kExitBadInput;
    res.output = one_line(e.what());
  }
}

} // namespace

std::string version_line() {
  return fmt::format("transpose_bench {} (revision {})", TB_VERSION, TB_GIT_REVISION);
}

CliResult parse_command_line(const std::vector<std::string>& args) {
  CliResult res;
  Options& o = res.options;
  CLI::App app{"transpose_bench: matrix-transpose kernels from NVIDIA's \"Optimizing Matrix "
               "Transpose in CUDA\" and beyond, timed on this GPU.\nWith no arguments it prints "
               "the whitepaper's table. Google Benchmark's --benchmark_* flags also work.",
               "transpose_bench"};
  std::string config_option; // --config is read before CLI11 parses (expand_config)
  app.add_option("--config", config_option,
                 "Read options from a TOML file (a saved command line); flags override it");
  app.set_version_flag("--version", version_line(), "Print the version and revision, and exit");
  app.footer(fmt::format(
      "Suites: {} (all: every kernel; --suite picks one).\n"
      "Lists: --size, --dtype, --kernels and --modes take several values, repeated or "
      "comma-separated.\n"
      "Outputs: an existing --csv needs --append (same schema) or --force, an existing "
      "--markdown needs --force.\n"
      "No GPU needed: transpose_bench report FILE.csv... and transpose_bench compare A.csv "
      "B.csv render CSV files again (see their --help).",
      fmt::join(known_suites(registered_kernels()), ", ")));
  app.add_option("-s,--size", o.sizes, "Matrix sizes ROWSxCOLS or N (square); a,b or repeated")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("-t,--dtype", o.dtypes, "Element types: " + dtype_choices())
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("-k,--kernels", o.kernels,
                 "Kernel ids, family names or regexes (see --list); a,b or repeated")
      ->delimiter(',');
  app.add_option("--suite", o.suite, "Kernel suite when --kernels is not given")
      ->capture_default_str();
  app.add_option("-m,--modes", o.modes,
                 "Timing modes: loop-over-kernel, loop-in-kernel, cold-single")
      ->delimiter(',')
      ->capture_default_str();
  app.add_option("--l2", o.l2,
                 "L2 before each sample: warm, flush (overwrite 2x the L2), or flush-clean "
                 "(overwrite, then read back: no dirty lines left)")
      ->capture_default_str();
  app.add_option("-r,--reps", o.reps_text,
                 "Repetitions per sample (the paper's NUM_REPS), 1 to 1000000")
      ->capture_default_str();
  app.add_option("--samples", o.samples_text,
                 "Timed samples per case, 1 to 10000; tables show the median")
      ->capture_default_str();
  app.add_option("-u,--unit", o.unit, "Bandwidth unit: GB (1e9) or GiB (2^30, the paper's)")
      ->capture_default_str();
  app.add_option("--csv", o.csv, "Write one tidy CSV row per measurement to this file");
  app.add_flag("--append", o.append, "Add rows to an existing --csv file (same schema version)");
  app.add_flag("--force", o.force, "Replace an existing --csv or --markdown file");
  app.add_option("--markdown", o.markdown, "Write the result tables as Markdown to this file");
  app.add_option("-d,--device", o.device, "CUDA device index, or 'all' for every visible GPU")
      ->capture_default_str();
  app.add_flag("-l,--list", o.list, "List the registered kernels and exit (needs no GPU)");
  app.add_flag("-v,--verbose", o.verbose, "Also print Google Benchmark's console table");
  app.add_flag("--counters", o.counters,
               "After each case's timed samples, read its hardware counters in a separate "
               "profiling pass (CUPTI; needs profiling rights) and show why beside the figures");

  std::vector<std::string> expanded;
  try {
    expanded = expand_config(app, args, o.config_file);
  } catch (const std::invalid_argument& e) {
    res.exit_now = true;
    res.exit_code = kExitBadInput;
    res.output = one_line(e.what());
    return res;
  }
  parse_into(app, expanded, res, [&] {
    o.selection_given = app.count("--suite") > 0 || app.count("--kernels") > 0;
    o.dtypes_given = app.count("--dtype") > 0;
    for (const char* name : {"--csv", "--markdown"})
      if (app.count(name) > 0 && app.get_option(name)->as<std::string>().empty())
        throw std::invalid_argument(
            fmt::format("{}: empty output path; accepted: a file path", name));
    finalize(o);
  });
  return res;
}

ReportCliResult parse_report_command(const std::vector<std::string>& args, bool compare) {
  ReportCliResult res;
  ReportOptions& o = res.options;
  CLI::App app{compare ? "transpose_bench compare A.csv B.csv: both figures and A / B for every "
                         "kernel, mode, size and element type present in both files (needs no "
                         "GPU). Either file may be results/whitepaper/published.csv."
                       : "transpose_bench report FILE.csv...: the whitepaper-style tables again, "
                         "from CSV files (needs no GPU).",
               compare ? "transpose_bench compare" : "transpose_bench report"};
  app.add_option("files", o.files, compare ? "Two CSV files, A then B" : "CSV files")
      ->required()
      ->expected(compare ? 2 : 1, compare ? 2 : 1000);
  app.add_option("-f,--format", o.format, "text, markdown, csv or json")->capture_default_str();
  app.add_option("-u,--unit", o.unit, "Bandwidth unit: GB (1e9) or GiB (2^30)")
      ->capture_default_str();
  app.add_option("-o,--output", o.output,
                 "Write to this file instead of standard output (- is standard output)");
  app.add_flag("--force", o.force, "Replace an existing --output file");
  std::vector<std::string> dtypes, modes, sizes;
  app.add_option("-k,--kernels", o.filter.kernels, "Only these kernel ids, families or regexes")
      ->delimiter(',');
  app.add_option("-t,--dtype", dtypes, "Only these element types: " + dtype_choices())
      ->delimiter(',');
  app.add_option("-m,--modes", modes, "Only these timing modes")->delimiter(',');
  app.add_option("-s,--size", sizes, "Only these sizes, ROWSxCOLS or N")->delimiter(',');
  std::string threshold;
  if (compare)
    app.add_option("--threshold", threshold,
                   "Exit 1 when any A / B falls below this ratio (a regression check), e.g. 0.95");
  else
    app.add_flag("--best", o.best,
                 "The fastest kernel per GPU, size and element type, with its % of memcpy");
  app.footer("Files: - reads standard input. Lists take several values, repeated or "
             "comma-separated.");
  parse_into(app, args, res, [&] {
    if (app.count("--output") > 0 && o.output.empty())
      throw std::invalid_argument(
          "--output: empty output path; accepted: a file path, or - for standard output");
    static const std::pair<const char*, TableFormat> formats[] = {
        {"text", TableFormat::text},
        {"markdown", TableFormat::markdown},
        {"csv", TableFormat::csv},
        {"json", TableFormat::json}};
    bool known = false;
    for (const auto& [name, value] : formats)
      if (o.format == name) {
        o.format_value = value;
        known = true;
      }
    if (!known)
      throw std::invalid_argument(
          fmt::format("unknown format '{}'; accepted: text, markdown, csv, json", shown(o.format)));
    auto u = parse_unit(o.unit);
    if (!u)
      throw std::invalid_argument(
          fmt::format("unknown unit '{}'; accepted: GB, GiB", shown(o.unit)));
    o.unit_value = *u;
    for (const auto& d : dtypes) {
      auto t = parse_dtype(d);
      if (!t)
        throw std::invalid_argument(
            fmt::format("unknown element type '{}'; accepted: {}", shown(d), dtype_choices()));
      o.filter.dtypes.push_back(*t);
    }
    for (const auto& m : modes) {
      auto v = parse_mode(m);
      if (!v)
        throw std::invalid_argument(fmt::format(
            "unknown timing mode '{}'; accepted: loop-over-kernel, loop-in-kernel, cold-single",
            shown(m)));
      o.filter.modes.push_back(*v);
    }
    for (const auto& z : sizes) o.filter.shapes.push_back(parse_shape(z));
    if (!threshold.empty()) {
      char* end = nullptr;
      o.threshold = std::strtod(threshold.c_str(), &end);
      if (*end != '\0' || !(o.threshold > 0) || !std::isfinite(o.threshold))
        throw std::invalid_argument(
            fmt::format("--threshold '{}' is not a positive number; accepted: a ratio such as 0.95",
                        shown(threshold)));
    }
  });
  return res;
}

} // namespace tb
