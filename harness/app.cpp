#include "harness/app.hpp"

#include "harness/core/registry.hpp"
#include "harness/counter_reader.hpp"
#include "harness/exit.hpp"
#include "harness/options.hpp"
#include "harness/outputs.hpp"
#include "harness/plan.hpp"
#include "harness/report_command.hpp"
#include "harness/selection.hpp"
#include "harness/sinks/listing.hpp"
#include "harness/sinks/table.hpp"
#include "harness/stop_signal.hpp"
#include "harness/sweep.hpp"

#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <algorithm>
#include <csignal>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

namespace tb {
namespace {

// Google Benchmark's flags go to it; everything else is ours.
struct Arguments {
  std::vector<std::string> ours;
  std::vector<char*> gbench; // argv[0] first, as Google Benchmark expects
};

Arguments split_arguments(int argc, char** argv) {
  Arguments a;
  a.gbench.push_back(argv[0]);
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    if (arg.rfind("--benchmark_", 0) == 0)
      a.gbench.push_back(argv[i]);
    else
      a.ours.push_back(arg);
  }
  return a;
}

void start_google_benchmark(std::vector<char*> argv) {
  int argc = static_cast<int>(argv.size());
  benchmark::Initialize(&argc, argv.data());
  if (argc > 1)
    throw run_error(kExitBadInput, fmt::format("unrecognized Google Benchmark flag '{}'; "
                                               "accepted: the --benchmark_* flags of Google "
                                               "Benchmark",
                                               argv[1]));
}

std::vector<Case> make_plan(const Options& opt) {
  PlanRequest q;
  q.kernels = select_kernels(registered_kernels(), opt.suite, opt.kernels);
  q.shapes = opt.shapes;
  q.dtypes = opt.dtype_values;
  q.modes = opt.mode_values;
  q.reps = opt.reps;
  q.l2 = opt.l2_value;
  return build_plan(q);
}

// --list: every kernel, or the selection when --suite or --kernels was given, narrowed to the
// kernels that run at least one --dtype when that was given.
std::vector<KernelSpec> listed_kernels(const Options& opt) {
  std::vector<KernelSpec> out;
  const auto& all = registered_kernels();
  const auto chosen = opt.selection_given ? select_kernels(all, opt.suite, opt.kernels)
                                          : std::vector<const KernelSpec*>{};
  for (const KernelSpec& k : all) {
    if (opt.selection_given && std::find(chosen.begin(), chosen.end(), &k) == chosen.end())
      continue;
    const bool runs_a_type =
        !opt.dtypes_given || std::any_of(opt.dtype_values.begin(), opt.dtype_values.end(),
                                         [&](DType t) { return k.supports(t); });
    if (runs_a_type) out.push_back(k);
  }
  return out;
}

// The exit code of a finished run, with a line on stderr for what did not go well.
int exit_status(const std::vector<Record>& records, const std::string& csv) {
  if (const int sig = stop_signal()) {
    std::fprintf(stderr,
                 "transpose_bench: interrupted by %s after %zu completed case%s%s; the rest were "
                 "not run\n",
                 sig == SIGTERM ? "SIGTERM" : "SIGINT", records.size(),
                 records.size() == 1 ? "" : "s",
                 csv.empty() ? "" : (", all of them in " + csv).c_str());
    return 128 + sig;
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

int measure(int argc, char** argv) {
  const Arguments args = split_arguments(argc, argv);
  const CliResult cli = parse_command_line(args.ours);
  if (cli.exit_now && cli.exit_code != kExitOk)
    throw run_error(cli.exit_code, cli.output + " (see --help)");
  if (cli.exit_now) {
    std::fputs(cli.output.c_str(), stdout);
    return kExitOk;
  }
  const Options& opt = cli.options;
  start_google_benchmark(args.gbench);
  if (opt.list) {
    std::fputs(render_kernel_list(listed_kernels(opt)).c_str(), stdout);
    return kExitOk;
  }
  const std::vector<Case> plan = make_plan(opt);
  const Outputs outputs = prepare_outputs(opt);
  if (opt.counters) // before any GPU work; the permission check follows when the GPU is open
    if (const std::string problem = counters_library_problem(); !problem.empty())
      throw run_error(kExitNoDevice, counters_unavailable_message(problem));
  const std::vector<int> devices = choose_devices(opt.device_index);
  install_stop_handlers();
  const std::vector<Record> records = run_on_devices(plan, devices, opt, outputs);
  benchmark::Shutdown();
  std::fputs(render_tables(records, opt.unit_value, TableFormat::text).c_str(), stdout);
  std::fflush(stdout);
  try {
    write_outputs(outputs, records, opt.unit_value);
  } catch (const std::exception& e) {
    throw run_error(kExitFailed, e.what());
  }
  return exit_status(records, opt.csv);
}

} // namespace

int run_app(int argc, char** argv) {
  try {
    if (!registry_problems().empty()) throw run_error(kExitBadInput, registry_problems().front());
    const std::string command = argc > 1 ? argv[1] : "";
    if (command == "report" || command == "compare")
      return run_report_command(std::vector<std::string>(argv + 2, argv + argc),
                                command == "compare");
    return measure(argc, argv);
  } catch (const run_error& e) {
    return fail(e.code(), e.what());
  } catch (const std::invalid_argument& e) {
    return fail(kExitBadInput, e.what());
  }
}

} // namespace tb
