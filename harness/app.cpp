#include "harness/app.hpp"

#include "harness/device_info.hpp"
#include "harness/options.hpp"
#include "harness/registry.hpp"
#include "harness/runner.hpp"
#include "harness/selection.hpp"
#include "harness/sinks/csv.hpp"
#include "harness/sinks/listing.hpp"
#include "harness/sinks/table.hpp"

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstdio>
#include <string>
#include <vector>

namespace tb {
namespace {

int fail(int code, const std::string& message) {
  std::fprintf(stderr, "transpose_bench: error: %s\n", message.c_str());
  return code;
}

std::string human_bytes(double b) { return fmt::format("{:.2f} GB", b / 1e9); }

} // namespace

int run_app(int argc, char** argv) {
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
  try {
    kernels = select_kernels(all, opt.suite, opt.kernels);
    if (!opt.csv.empty()) check_output_path(opt.csv, "--csv");
    if (!opt.markdown.empty()) check_output_path(opt.markdown, "--markdown");
  } catch (const std::invalid_argument& e) {
    return fail(kExitBadInput, e.what());
  }

  DeviceInfo device;
  try {
    device = open_device(opt.device);
    // Every shape must fit before anything is allocated.
    const std::int64_t free = free_device_memory();
    for (const Shape& s : opt.shapes)
      for (DType t : opt.dtype_values) {
        const std::int64_t need = device_bytes_needed(s, t);
        if (need > free)
          return fail(kExitBadInput,
                      fmt::format("size {} {} needs {} of device memory (input + output), but "
                                  "{} has {} free; accepted: sizes whose input + output fit",
                                  to_string(s), dtype_name(t), human_bytes(double(need)),
                                  device.name, human_bytes(double(free))));
      }
  } catch (const no_device_error& e) {
    return fail(kExitNoDevice, e.what());
  } catch (const cuda_error& e) {
    return fail(kExitNoDevice, e.what());
  }

  // The plan: shape, then element type, then kernel, then mode, so each buffer set is made once.
  std::vector<Case> cases;
  for (const Shape& s : opt.shapes)
    for (DType t : opt.dtype_values)
      for (const KernelSpec* k : kernels)
        for (Mode m : opt.mode_values) cases.push_back(Case{k, s, t, m, opt.reps});

  std::vector<Record> records;
  try {
    records = run_cases(cases, device, RunSettings{opt.samples, opt.verbose});
  } catch (const std::invalid_argument& e) {
    return fail(kExitBadInput, e.what());
  } catch (const cuda_error& e) {
    return fail(kExitFailed, e.what());
  }
  benchmark::Shutdown();

  std::fputs(render_tables(records, opt.unit_value, TableFormat::text).c_str(), stdout);
  std::fflush(stdout);
  try {
    if (!opt.csv.empty()) write_file_atomic(opt.csv, render_csv(records));
    if (!opt.markdown.empty())
      write_file_atomic(opt.markdown, render_tables(records, opt.unit_value, TableFormat::markdown));
  } catch (const std::exception& e) {
    return fail(kExitFailed, e.what());
  }

  int failed = 0;
  for (const Record& r : records)
    if (r.status == Status::failed || r.status == Status::not_run) ++failed;
  if (failed) {
    std::fprintf(stderr, "transpose_bench: %d case%s FAILED (see the notes under the table)\n",
                 failed, failed == 1 ? "" : "s");
    return kExitFailed;
  }
  return kExitOk;
}

} // namespace tb
