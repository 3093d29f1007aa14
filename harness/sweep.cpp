#include "harness/sweep.hpp"

#include "harness/core/cuda_check.hpp"
#include "harness/counter_reader.hpp"
#include "harness/device_info.hpp"
#include "harness/exit.hpp"
#include "harness/runner.hpp"
#include "harness/stop_signal.hpp"

#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <unistd.h>

namespace tb {

std::vector<int> choose_devices(int requested) {
  int count = 0;
  try {
    count = device_count();
  } catch (const no_device_error& e) {
    throw run_error(kExitNoDevice, e.what());
  }
  if (requested >= count)
    throw run_error(kExitNoDevice, fmt::format("device {} does not exist; accepted: 0 to {} ({} "
                                               "visible), or all",
                                               requested, count - 1, count));
  std::vector<int> devices;
  if (requested < 0)
    for (int i = 0; i < count; ++i) devices.push_back(i);
  else
    devices.push_back(requested);
  return devices;
}

std::vector<Record> run_on_devices(const std::vector<Case>& plan, const std::vector<int>& devices,
                                   const Options& opt, const Outputs& outputs) {
  std::vector<Record> records;
  for (int index : devices) {
    if (stop_signal()) break;
    DeviceInfo device;
    RunSettings settings;
    settings.samples = opt.samples;
    settings.verbose = opt.verbose;
    settings.progress = isatty(fileno(stderr));
    settings.stop = &stop_signal();
    if (!outputs.csv.empty())
      settings.checkpoint = [&](const std::vector<Record>& done) {
        std::vector<Record> rows = records; // earlier devices
        rows.insert(rows.end(), done.begin(), done.end());
        write_csv(outputs, rows);
      };
    try {
      device = open_device(index);
      settings.free_bytes = free_device_memory();
      settings.flush_bytes = l2_flush_bytes(device.l2_bytes);
    } catch (const std::exception& e) {
      throw run_error(kExitNoDevice, e.what());
    }
    // Counters are proven readable on this GPU before any case runs (exit 3 if not).
    std::unique_ptr<CounterReader> counters;
    if (opt.counters) {
      counters = open_counter_reader();
      settings.counters = counters.get();
      if (const auto missing = counters->missing_metrics(); !missing.empty())
        std::fputs(fmt::format("transpose_bench: note: {} does not provide the counter{} {}; "
                               "their columns stay empty\n",
                               device.name, missing.size() > 1 ? "s" : "", fmt::join(missing, ", "))
                       .c_str(),
                   stderr);
    }
    // A size that fits nowhere in the plan is an input error; sizes that do not fit in a sweep
    // are skipped with a note and the rest runs.
    const std::string no_fit =
        plan_fit_error(plan, settings.free_bytes, settings.flush_bytes, device.name);
    if (!no_fit.empty()) throw run_error(kExitBadInput, no_fit);
    try {
      auto part = run_cases(plan, device, settings);
      records.insert(records.end(), part.begin(), part.end());
    } catch (const std::invalid_argument& e) {
      throw run_error(kExitBadInput, e.what());
    } catch (const cuda_error& e) {
      throw run_error(kExitFailed, e.what());
    }
  }
  return records;
}

} // namespace tb
