#include "harness/options.hpp"

#include "harness/io/files.hpp"

#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <algorithm>
#include <stdexcept>

namespace tb {
namespace {

// Converts the textual options; throws std::invalid_argument with a one-line message.
void finalize(Options& o) {
  if (o.sizes.empty()) throw std::invalid_argument("--size needs at least one size");
  o.shapes.clear();
  for (const auto& s : o.sizes) o.shapes.push_back(parse_shape(s));
  o.dtype_values.clear();
  for (const auto& d : o.dtypes) {
    auto t = parse_dtype(d);
    if (!t)
      throw std::invalid_argument(
          fmt::format("unknown element type '{}'; accepted: {}", d, dtype_choices()));
    if (std::find(o.dtype_values.begin(), o.dtype_values.end(), *t) == o.dtype_values.end())
      o.dtype_values.push_back(*t);
  }
  o.mode_values.clear();
  for (const auto& m : o.modes) {
    auto v = parse_mode(m);
    if (!v)
      throw std::invalid_argument(fmt::format(
          "unknown timing mode '{}'; accepted: loop-over-kernel, loop-in-kernel, cold-single", m));
    if (std::find(o.mode_values.begin(), o.mode_values.end(), *v) == o.mode_values.end())
      o.mode_values.push_back(*v);
  }
  auto u = parse_unit(o.unit);
  if (!u) throw std::invalid_argument(fmt::format("unknown unit '{}'; accepted: GB, GiB", o.unit));
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
        fmt::format("unknown L2 policy '{}'; accepted: warm, flush, flush-clean", o.l2));
  o.l2_value = *l2;
  if (o.device == "all") {
    o.device_index = -1;
  } else {
    const bool digits = !o.device.empty() && o.device.size() <= 4 &&
                        o.device.find_first_not_of("0123456789") == std::string::npos;
    if (!digits)
      throw std::invalid_argument(fmt::format(
          "invalid device '{}'; accepted: a device index (0, 1, ...) or 'all'", o.device));
    o.device_index = std::stoi(o.device);
  }
}

// CLI11 reads the --config file itself, whatever it is: check it first (a regular file of at
// most 1 MiB), so that `--config /dev/zero` fails at once instead of reading forever.
void check_config_arguments(const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    if (args[i] == "--config" && i + 1 < args.size())
      check_input_file(args[i + 1], "--config", std::size_t(1) << 20);
    else if (args[i].rfind("--config=", 0) == 0)
      check_input_file(args[i].substr(9), "--config", std::size_t(1) << 20);
  }
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
    check_config_arguments(args);
    app.parse(reversed);
    check();
  } catch (const CLI::CallForHelp&) {
    res.exit_now = true;
    res.exit_code = kExitOk;
    res.output = app.help();
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

CliResult parse_command_line(const std::vector<std::string>& args) {
  CliResult res;
  Options& o = res.options;
  CLI::App app{"transpose_bench: matrix-transpose kernels from NVIDIA's \"Optimizing Matrix "
               "Transpose in CUDA\" and beyond, timed on this GPU.\nWith no arguments it prints "
               "the whitepaper's table. Google Benchmark's --benchmark_* flags also work.",
               "transpose_bench"};
  app.set_config("--config", "", "Read options from a TOML file (a saved command line)");
  app.allow_config_extras(CLI::config_extras_mode::error);
  app.add_option("-s,--size", o.sizes, "Matrix sizes ROWSxCOLS or N (square)")
      ->capture_default_str();
  app.add_option("-t,--dtype", o.dtypes, "Element types: " + dtype_choices())
      ->capture_default_str();
  app.add_option("-k,--kernels", o.kernels, "Kernel ids, family names or regexes (see --list)");
  app.add_option("--suite", o.suite, "Kernel suite when --kernels is not given")
      ->capture_default_str();
  app.add_option("-m,--modes", o.modes,
                 "Timing modes: loop-over-kernel, loop-in-kernel, cold-single")
      ->capture_default_str();
  app.add_option("--l2", o.l2,
                 "L2 before each sample: warm, flush (overwrite 2x the L2), or flush-clean "
                 "(overwrite, then read back: no dirty lines left)")
      ->capture_default_str();
  app.add_option("-r,--reps", o.reps, "Repetitions per sample (the paper's NUM_REPS)")
      ->check(CLI::Range(1, 1000000))
      ->capture_default_str();
  app.add_option("--samples", o.samples, "Timed samples per case; tables show the median")
      ->check(CLI::Range(1, 10000))
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

  parse_into(app, args, res, [&] {
    if (const CLI::Option* c = app.get_config_ptr(); c && c->count() > 0)
      o.config_file = c->as<std::string>();
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
  app.add_option("-f,--format", o.format, "text or markdown")->capture_default_str();
  app.add_option("-u,--unit", o.unit, "Bandwidth unit: GB (1e9) or GiB (2^30)")
      ->capture_default_str();
  app.add_option("-o,--output", o.output,
                 "Write to this file instead of standard output (- is standard output)");
  app.add_flag("--force", o.force, "Replace an existing --output file");
  parse_into(app, args, res, [&] {
    if (app.count("--output") > 0 && o.output.empty())
      throw std::invalid_argument(
          "--output: empty output path; accepted: a file path, or - for standard output");
    if (o.format != "text" && o.format != "markdown")
      throw std::invalid_argument(
          fmt::format("unknown format '{}'; accepted: text, markdown", o.format));
    o.markdown = o.format == "markdown";
    auto u = parse_unit(o.unit);
    if (!u)
      throw std::invalid_argument(fmt::format("unknown unit '{}'; accepted: GB, GiB", o.unit));
    o.unit_value = *u;
  });
  return res;
}

} // namespace tb
