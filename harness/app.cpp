#include "harness/app.hpp"

#include "harness/device_info.hpp"
#include "harness/options.hpp"
#include "harness/registry.hpp"
#include "harness/report.hpp"
#include "harness/runner.hpp"
#include "harness/selection.hpp"
#include "harness/sinks/csv.hpp"
#include "harness/sinks/listing.hpp"
#include "harness/sinks/table.hpp"

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <csignal>
#include <cstdio>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace tb {
namespace {

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "transpose_bench: error: %s\n", message.c_str());
  return code;
}

int emit(const std::string& text, const std::string& output) {
  if (output.empty()) {
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

// transpose_bench report FILE... | compare A B: no GPU involved.
int run_report(const std::vector<std::string>& args, bool compare) {
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
    if (!o.output.empty()) check_output_path(o.output, "--output");
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

std::string human_bytes(double b) { return fmt::format("{:.2f} GB", b / 1e9); }

volatile std::sig_atomic_t g_stop = 0; // the signal that asked the run to stop

extern "C" void on_stop_signal(int sig) { g_stop = sig; }

// SIGINT and SIGTERM finish the sample in progress, keep what completed and stop; a second
// signal takes the default action (the CSV on disk is complete after every case anyway).
void install_stop_handlers() {
  struct sigaction sa {};
  sa.sa_handler = on_stop_signal;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = SA_RESETHAND;
  sigaction(SIGINT, &sa, nullptr);
  sigaction(SIGTERM, &sa, nullptr);
}

bool file_exists(const std::string& path) {
  struct stat st {};
  return stat(path.c_str(), &st) == 0;
}

} // namespace

int run_app(int argc, char** argv) {
  if (argc > 1 && (std::string(argv[1]) == "report" || std::string(argv[1]) == "compare"))
    return run_report(std::vector<std::string>(argv + 2, argv + argc),
                      std::string(argv[1]) == "compare");

  // Google Benchmark's flags go to it; everything else is ours.
  std::vector<char*> gbench_argv{argv[0]};
  std::vector<std::string> ours;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a.rfind("--benchmark_", 0) == 0)
      gbench_argv.push_back(argv[i]);
    else
      ours.push_back(a);
  }

  const CliResult cli = parse_command_line(ours);
  if (cli.exit_now) {
    if (cli.exit_code == kExitOk) {
      std::fputs(cli.output.c_str(), stdout);
      return kExitOk;
    }
    return fail(cli.exit_code, cli.output + " (see --help)");
  }
  const Options& opt = cli.options;

  int gbench_argc = static_cast<int>(gbench_argv.size());
  benchmark::Initialize(&gbench_argc, gbench_argv.data());
  if (gbench_argc > 1)
    return fail(kExitBadInput, fmt::format("unrecognized Google Benchmark flag '{}'; accepted: "
                                           "the --benchmark_* flags of Google Benchmark",
                                           gbench_argv[1]));

  const auto& all = registered_kernels();
  if (opt.list) {
    std::fputs(render_kernel_list(all).c_str(), stdout);
    return kExitOk;
  }

  std::vector<const KernelSpec*> kernels;
  std::vector<Record> prior; // rows already in the CSV when appending
  try {
    kernels = select_kernels(all, opt.suite, opt.kernels);
    if (!opt.csv.empty()) {
      check_output_path(opt.csv, "--csv");
      if (file_exists(opt.csv)) {
        if (opt.append)
          prior = read_records_csv(opt.csv); // refuses another schema version, with the line
        else if (!opt.force)
          throw std::invalid_argument(fmt::format(
              "--csv '{}' already exists; accepted: --append to add rows to it, --force to "
              "overwrite it, or another path",
              opt.csv));
      }
    }
    if (!opt.markdown.empty()) check_output_path(opt.markdown, "--markdown");
  } catch (const std::invalid_argument& e) {
    return fail(kExitBadInput, e.what());
  }

  // The plan: shape, then element type, then kernel, then mode, so each buffer set is made once.
  std::vector<Case> cases;
  for (const Shape& s : opt.shapes)
    for (DType t : opt.dtype_values)
      for (const KernelSpec* k : kernels)
        for (Mode m : opt.mode_values) cases.push_back(Case{k, s, t, m, opt.reps, opt.l2_value});

  std::vector<int> devices;
  try {
    const int count = device_count();
    if (opt.device_index >= count)
      return fail(kExitNoDevice, fmt::format("device {} does not exist; accepted: 0 to {} ({} "
                                             "visible), or all",
                                             opt.device_index, count - 1, count));
    if (opt.device_index < 0)
      for (int i = 0; i < count; ++i) devices.push_back(i);
    else
      devices.push_back(opt.device_index);
  } catch (const no_device_error& e) {
    return fail(kExitNoDevice, e.what());
  }

  install_stop_handlers();
  std::vector<Record> records;
  for (int index : devices) {
    if (g_stop) break;
    DeviceInfo device;
    RunSettings settings;
    settings.samples = opt.samples;
    settings.verbose = opt.verbose;
    settings.progress = isatty(fileno(stderr));
    settings.stop = &g_stop;
    if (!opt.csv.empty())
      settings.checkpoint = [&](const std::vector<Record>& done) {
        std::vector<Record> rows = prior;
        rows.insert(rows.end(), records.begin(), records.end()); // earlier devices
        rows.insert(rows.end(), done.begin(), done.end());
        write_file_atomic(opt.csv, render_csv(rows));
      };
    try {
      device = open_device(index);
      settings.free_bytes = free_device_memory();
      settings.flush_bytes = l2_flush_bytes(device.l2_bytes);
    } catch (const std::exception& e) {
      return fail(kExitNoDevice, e.what());
    }
    // A size that fits nowhere in the plan is an input error; sizes that do not fit in a sweep
    // are skipped with a note and the rest runs.
    bool any_fits = false;
    for (const Case& c : cases)
      any_fits |= case_device_bytes(c, settings.flush_bytes) <= settings.free_bytes;
    if (!any_fits && !cases.empty()) {
      const Case& c = cases.front();
      return fail(kExitBadInput,
                  fmt::format("size {} {} needs {} of device memory (input + output), but {} has "
                              "{} free; accepted: sizes whose input + output fit",
                              to_string(c.shape), dtype_name(c.dtype),
                              human_bytes(double(device_bytes_needed(c.shape, c.dtype))),
                              device.name, human_bytes(double(settings.free_bytes))));
    }
    try {
      auto part = run_cases(cases, device, settings);
      records.insert(records.end(), part.begin(), part.end());
    } catch (const std::invalid_argument& e) {
      return fail(kExitBadInput, e.what());
    } catch (const cuda_error& e) {
      return fail(kExitFailed, e.what());
    }
  }
  benchmark::Shutdown();

  std::fputs(render_tables(records, opt.unit_value, TableFormat::text).c_str(), stdout);
  std::fflush(stdout);
  try {
    if (!opt.csv.empty()) {
      std::vector<Record> rows = prior;
      rows.insert(rows.end(), records.begin(), records.end());
      write_file_atomic(opt.csv, render_csv(rows));
    }
    if (!opt.markdown.empty())
      write_file_atomic(opt.markdown, render_tables(records, opt.unit_value, TableFormat::markdown));
  } catch (const std::exception& e) {
    return fail(kExitFailed, e.what());
  }

  if (g_stop) {
    std::fprintf(stderr,
                 "transpose_bench: interrupted by %s after %zu completed case%s%s; the rest were "
                 "not run\n",
                 g_stop == SIGTERM ? "SIGTERM" : "SIGINT", records.size(),
                 records.size() == 1 ? "" : "s",
                 opt.csv.empty() ? "" : (", all of them in " + opt.csv).c_str());
    return 128 + static_cast<int>(g_stop);
  }
  int failed = 0, not_run = 0;
  const Record* lost = nullptr;
  for (const Record& r : records) {
    if (r.status == Status::failed) ++failed;
    if (r.status == Status::not_run) {
      ++not_run;
      if (!lost) lost = &r;
    }
  }
  if (lost)
    std::fprintf(stderr, "transpose_bench: stopped measuring: %s; %d case%s not run\n",
                 lost->message.substr(lost->message.find(':') + 2).c_str(), not_run,
                 not_run == 1 ? "" : "s");
  failed += not_run;
  if (failed) {
    std::fprintf(stderr, "transpose_bench: %d case%s FAILED (see the notes under the table)\n",
                 failed, failed == 1 ? "" : "s");
    return kExitFailed;
  }
  return kExitOk;
}

} // namespace tb
